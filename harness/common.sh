# SPDX-License-Identifier: GPL-2.0
# Sourced by the harness scripts: paths and the series configuration.
top=$(cd "$(dirname "$0")/.." && pwd)
build=$top/build
ksrc=$build/linux
. "$top/series.conf"
# one compiler cache for every tree: paths under build/ are hashed relative
# to the build directory, so build/stack/NAME/ hits what build/ compiled
export CCACHE_DIR="${CCACHE_DIR:-$build/ccache}" CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-8G}"
export CCACHE_BASEDIR="$build"

die() {
	echo "$(basename "$0"): $*" >&2
	exit 1
}

# load_target NAME: read targets/NAME, or list the valid ones and exit 2.
load_target() {
	if [ -z "$1" ] || [ ! -f "$top/targets/$1" ]; then
		echo "unknown target '$1'; valid targets:" >&2
		ls "$top/targets" | sed 's/^/  /' >&2
		exit 2
	fi
	target=$1
	. "$top/targets/$1"
}

# targets: the targets to run, CHECK_TARGETS or every file of targets/
targets() {
	echo "${CHECK_TARGETS:-$(ls "$top/targets")}"
}

# postings: the postings, in the order they are sent, one name each: the
# cover letters postings/NAME.txt.  build/linux tags the end of each as
# posting/NAME; patches/NAME/ holds it as git format-patch wrote it.
postings() {
	for f in "$top"/postings/*.txt; do
		basename "$f" .txt
	done
}

# posting_prefix NAME: the subject prefix of NAME's mails
posting_prefix() {
	case $1 in
	*-rfc-*) echo "RFC PATCH" ;;
	*) echo PATCH ;;
	esac
}

# postings_upto [LAST]: the postings up to LAST (its name or number), or all
postings_upto() {
	all=$(postings)
	[ -n "${1:-}" ] || { echo "$all"; return; }
	last=$(echo "$all" | grep -x -e "$1" -e "$1-.*" | head -1)
	[ -n "$last" ] || die "no posting '$1'; the postings are: $(echo $all)"
	echo "$all" | sed "/^$last\$/q"
}

# posting_patches NAME: NAME's patch files in patches/, in order
posting_patches() {
	ls "$top/patches/$1"/[0-9][0-9][0-9][0-9]-*.patch 2>/dev/null |
		grep -v '/0000-cover-letter.patch$' || true
}

# ksrc_worktree DIR REF: DIR, a detached worktree of build/linux, made at
# REF when there is none yet (a worktree that was removed by hand is
# pruned first)
ksrc_worktree() {
	if [ ! -e "$1/.git" ]; then
		git -C "$ksrc" worktree prune
		git -C "$ksrc" worktree add -q --detach "$1" "$2"
	fi
}

# base_tree: the path of build/base-tree, a worktree of the base commit
# that the gates check the base's files in; made by make tree, or on
# first use.
base_tree() {
	ksrc_worktree "$build/base-tree" base
	echo "$build/base-tree"
}

# debian_mirror: the first URI of the system's apt sources that is not the
# security archive (the sources are only read)
debian_mirror() {
	m=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
		awk '$1 == "deb" && $2 !~ /security/ { print $2; exit }')
	[ -n "$m" ] || m=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
		awk '$1 == "URIs:" && $2 !~ /security/ { print $2; exit }')
	[ -n "$m" ] || die "no Debian mirror found in /etc/apt/sources.list{,.d}; add one, then rerun"
	echo "$m"
}

# deb_download SUITE PACKAGE[=VERSION]: download a package of Debian's
# SUITE into build/dl, through a private apt configuration under build/apt
# that reads the mirror of the system's own sources (which it never
# edits); prints the path of the .deb
deb_download() {
	apt=$build/apt/$1
	mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$build/dl"
	mirror=$(debian_mirror)
	echo "deb $mirror $1 main" >"$apt/sources.list"
	aptopts="-q -o Dir::Etc::SourceList=$apt/sources.list -o Dir::Etc::SourceParts=/nonexistent
		-o Dir::State::Lists=$apt/lists -o Dir::Cache=$apt/cache -o APT::Sandbox::User=root"
	# shellcheck disable=SC2086
	apt-get $aptopts update >"$apt/update.log" 2>&1 ||
		die "cannot read $mirror $1 (log: ${apt#$top/}/update.log); check the network, then rerun"
	# shellcheck disable=SC2086
	(cd "$build/dl" && apt-get $aptopts download "$2" >"$apt/download.log" 2>&1) ||
		die "apt-get download $2 from $1 failed (log: ${apt#$top/}/download.log)"
	# shellcheck disable=SC2086
	version=$(apt-cache $aptopts show "$2" 2>/dev/null | awk '/^Version:/ { print $2; exit }')
	echo "$build/dl/${2%%=*}_$(echo "$version" | sed 's/:/%3a/')_all.deb"
}

# stack_tree NAME: build/stack/NAME/linux, a worktree of build/linux at
# the tag posting/NAME: the series up to that posting, as a user who takes
# only those gets it.  Its builds go beside it, in build/stack/NAME/TARGET,
# where the compiler cache (CCACHE_BASEDIR=build) takes the sources for
# those of build/linux, so that only what the later postings change is
# compiled again.
stack_tree() {
	wt=$build/stack/$1/linux
	ksrc_worktree "$wt" "posting/$1"
	git -C "$wt" checkout -q --detach "posting/$1"
	echo "$wt"
}

# base_copy FILE DIR: write the base's FILE to DIR/FILE; fails, writing
# nothing, where the series adds FILE
base_copy() {
	mkdir -p "$2/$(dirname "$1")"
	git -C "$ksrc" show "base:$1" >"$2/$1" 2>/dev/null && return 0
	rm -f "$2/$1"
	return 1
}

# new_findings GATE WHAT SERIES BASE: the findings of the series (file
# SERIES, sorted, normalised by the gate) that the base's (file BASE) do
# not have, printed with what to do; fails if there is any.  Every gate
# judges the series this way: the base has findings of its own.
new_findings() {
	comm -23 "$3" "$4" >"$3.new"
	[ -s "$3.new" ] || return 0
	cat "$3.new" >&2
	echo "$1: new findings in $2 (above): fix what the series adds or changes" >&2
	return 1
}

# gate_line TAG RC TEXT: the last line of a gate, and its exit status
gate_line() {
	echo "  $1 $3, $([ "$2" = 0 ] && echo "none new" || echo "some new")"
	return "$2"
}

# touched PATHSPEC...: the files the series adds or modifies in $ksrc
touched() {
	git -C "$ksrc" diff --name-only --diff-filter=AM base..HEAD -- "$@"
}

# The identity every git command on the kernel tree uses.
export GIT_AUTHOR_NAME="$SERIES_NAME" GIT_AUTHOR_EMAIL="$SERIES_EMAIL"
export GIT_COMMITTER_NAME="$SERIES_NAME" GIT_COMMITTER_EMAIL="$SERIES_EMAIL"
