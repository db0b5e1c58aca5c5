# SPDX-License-Identifier: GPL-2.0
# Sourced by the harness scripts: paths and the series configuration.
top=$(cd "$(dirname "$0")/.." && pwd)
build=$top/build
# the kernel tree of the series; GATE_KSRC=dir makes a gate check that
# git tree instead (selftest.sh), with compare_with_base
ksrc=${GATE_KSRC:-$build/linux}
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

# all_targets: every file of targets/
all_targets() {
	ls "$top/targets"
}

# targets: the targets make check runs, CHECK_TARGETS or every file of
# targets/ that does not say CHECK=no
targets() {
	if [ -n "${CHECK_TARGETS:-}" ]; then
		echo "$CHECK_TARGETS"
		return
	fi
	for t in $(all_targets); do
		(CHECK=; . "$top/targets/$t"; [ "$CHECK" != no ]) && echo "$t"
	done
}

# postings: the postings, in the order they are sent, one name each.  A
# posting is data, as a target is: postings/NAME.conf (its subject prefix,
# whether it goes to stable, the KUnit suites it adds, the target its
# stack is built on) and its cover letter postings/NAME.txt.  build/linux
# tags the end of each as posting/NAME; patches/NAME/ holds it as git
# format-patch wrote it.  POSTINGS=dir reads another directory (selftest).
postings_dir=${POSTINGS:-$top/postings}
postings() {
	for f in "$postings_dir"/*.conf; do
		[ -f "$f" ] || continue
		basename "$f" .conf
	done
}

# gates: the gates of make check, in order (harness/data/gates; GATES=file
# reads another list)
gates() {
	awk '!/^#/ && NF { print $1 }' "${GATES:-$top/harness/data/gates}"
}

# load_posting NAME: read postings/NAME.conf into PREFIX, CC, STABLE,
# SUITES and STACK, and check that it says what the harness reads
load_posting() {
	PREFIX= CC= STABLE= SUITES= STACK=
	[ -f "$postings_dir/$1.conf" ] || die "no posting '$1'; the postings are: $(echo $(postings))"
	. "$postings_dir/$1.conf"
	[ -n "$PREFIX" ] && [ -f "$postings_dir/$1.txt" ] ||
		die "posting $1: postings/$1.conf needs PREFIX, and postings/$1.txt its cover letter"
	case $STABLE in yes | no) ;; *) die "posting $1: STABLE=yes or STABLE=no" ;; esac
	[ -z "$STACK" ] || [ -f "$top/targets/$STACK" ] ||
		die "posting $1: STACK=$STACK is not a target: $(echo $(ls "$top/targets"))"
}

# send_command NAME [DIR]: the command that sends posting NAME from DIR
# (build/mail, the default, or the gates' build/mail-test)
send_command() {
	echo "git send-email ${2:-build/mail}/$1/"
}

# test_mails: the mails of every posting as make export SENDER=... makes
# them, but from TEST_SENDER of series.conf, into build/mail-test/NAME/
# (build/mail/ keeps what the user made to send); prints that directory.
# The gates that read mails read these: they see what would be sent.
test_mails() {
	MAIL_DIR=$build/mail-test SENDER= "$top/harness/export.sh" --mail >/dev/null
	echo "$build/mail-test"
}

# posting_var NAME VAR: the value of VAR in postings/NAME.conf
posting_var() {
	(load_posting "$1" && eval "echo \"\$$2\"")
}

# postings_upto [LAST]: the postings up to LAST (its name or number), or all
postings_upto() {
	all=$(postings)
	[ -n "${1:-}" ] || { echo "$all"; return; }
	last=$(echo "$all" | grep -x -e "$1" -e "$1-.*" | head -1)
	[ -n "$last" ] || die "no posting '$1'; the postings are: $(echo $all)"
	echo "$all" | sed "/^$last\$/q"
}

# posting_mails NAME: NAME's mails in patches/, in order: its cover
# letter, then its patches
posting_mails() {
	ls "$top/patches/$1"/[0-9][0-9][0-9][0-9]-*.patch 2>/dev/null || true
}

# posting_patches NAME: NAME's patch files in patches/, in order
posting_patches() {
	posting_mails "$1" | grep -v '/0000-cover-letter.patch$' || true
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

# kunit_config SRC OUT: configure the kernel tree SRC for the loaded
# target in the build directory OUT, with kunit.py config: the
# .kunitconfig of each of SRC's drivers/gpu/drm/amd/*/tests/,
# harness/data/kunit.config and the target's KCONFIG
kunit_config() {
	src=$1 kout=$2
	set -- --build_dir "$kout" --arch "$KUNIT_ARCH"
	for kc in "$src"/drivers/gpu/drm/amd/*/tests/.kunitconfig; do
		[ ! -f "$kc" ] || set -- "$@" --kunitconfig "$kc"
	done
	set -- "$@" --kunitconfig "$top/harness/data/kunit.config"
	[ -z "$CROSS_COMPILE" ] || set -- "$@" --cross_compile "$CROSS_COMPILE"
	for opt in $KCONFIG; do
		set -- "$@" --kconfig_add "$opt"
	done
	mkdir -p "$kout"
	# kunit.py keeps its own copy of the fragment; rewrite it so that a
	# changed .kunitconfig or target file takes effect
	rm -f "$kout/.kunitconfig"
	(cd "$src" && python3 tools/testing/kunit/kunit.py config "$@" \
		--make_options "CC=ccache ${CROSS_COMPILE}gcc" --make_options "HOSTCC=ccache gcc") \
		>"$kout/config.log" 2>&1 ||
		{ cat "$kout/config.log" >&2; die "configuring ${src#$top/} for $target in ${kout#$top/} failed"; }
}

# kmake SRC OUT ARGS...: make in the kernel tree SRC for the loaded target,
# into OUT, through ccache
kmake() {
	src=$1 kout=$2
	shift 2
	make -s -C "$src" ARCH="$ARCH" CROSS_COMPILE="$CROSS_COMPILE" O="$kout" \
		CC="ccache ${CROSS_COMPILE}gcc" HOSTCC="ccache gcc" "$@"
}

# boot KERNEL LOG: boot KERNEL, an image of the loaded target, in QEMU
# with TCG only (KVM guests hang on these machines, and kunit.py's own
# runner asks for KVM first), running its KUnit suites, then power off;
# the console into LOG, with a last line of its own if QEMU failed
boot() {
	# shellcheck disable=SC2086
	timeout "${KUNIT_TIMEOUT:-900}" "$QEMU" -accel tcg -nodefaults -nographic -no-reboot \
		-serial stdio $QEMU_ARGS -kernel "$1" \
		-append "console=$CONSOLE kunit.enable=1 kunit_shutdown=poweroff panic=-1" \
		</dev/null >"$2" 2>&1 || echo "QEMU exited with $? (timeout or crash)" >>"$2"
}

# ktap LOG: the kernel log LOG of a KUnit run as KTAP, on stdout: without
# carriage returns and printk timestamps
ktap() {
	tr -d '\r' <"$1" | sed 's/^\[ *[0-9]*\.[0-9]*\] //'
}

# needs_build TARGET [POSTING]: refuse to go on, saying what to run,
# unless the kernel of TARGET (up to POSTING) is built.  A step that needs
# a build says so with this instead of building it: make check builds
# every kernel before its gates.
needs_build() {
	(load_target "$1" && [ -f "$build/${2:+stack/$2/}$1/$IMAGE" ]) ||
		die "no kernel of $1${2:+ up to $2} in build/${2:+stack/$2/}$1: run make build TARGET=$1 first"
}

# needs_kunit TARGET: likewise, for the KUnit run of TARGET's kernel
needs_kunit() {
	[ -f "$build/$1/kunit.ktap" ] ||
		die "no KUnit run of $1 in build/$1: run make kunit TARGET=$1 first"
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
# SERIES, sorted, normalised with positions) that the base's (file BASE)
# do not have, printed with what to do; fails if there is any.  Every
# gate judges the series this way: the base has findings of its own.
new_findings() {
	comm -23 "$3" "$4" >"$3.new"
	[ -s "$3.new" ] || return 0
	cat "$3.new" >&2
	echo "$1: new findings in $2 (above): fix what the series adds or changes" >&2
	return 1
}

# positions TREE: the findings on stdin, one a line, as a gate compares
# them: paths relative to the top of TREE (absolute, "../NAME/" or "./"
# before them, "DIR/../" inside them), and no line or column numbers, nor
# a "line N" in a message, so that code that moved is not new; sorted, a
# finding made twice kept twice
positions() {
	real=$(cd "$1" 2>/dev/null && pwd -P || echo "$1")
	sed -e "s|$1/||g; s|$real/||g; s|\(\.\./\)\{1,\}$(basename "$1")/||g" \
		-e 's|^\./||; s|\([ (]\)\./|\1|g' \
		-e ':a' -e 's|/[^/ .][^/ ]*/\.\./|/|' -e 's|^[^/ .][^/ ]*/\.\./||' -e 'ta' \
		-e 's/\([A-Za-z0-9_]\.[a-z]*\):[0-9][0-9]*\(:[0-9][0-9]*\)\{0,1\}\(-[0-9][0-9]*\)\{0,1\}/\1:N/g' \
		-e 's/:[0-9][0-9]*/:N/g' \
		-e 's/\(lines\{0,1\} \)[0-9][0-9-]*/\1N/g' | sort
}

# compare_with_base GATE RUNNER UNIT...: the gate GATE, which runs a tool
# on the series and on the base and fails on what only the series has.
# For each UNIT (a file, a semantic patch, a book: what the tool runs on),
# "RUNNER TREE UNIT" prints the tool's findings on TREE, one a line, once
# for the series and once for the base; the findings are compared with
# positions and new_findings, and counted.  RUNNER sees $side (series or
# base) and $gate_dir, the gate's directory under build/: $gate_dir/$side
# is emptied when the gate starts, the rest of $gate_dir is kept for the
# next run.  $gate_units names the units in the gate's last line, which
# this prints; fails on a new finding.
#   GATE_KSRC=dir: the series is that git tree, and the base its tag
#   "base", checked out beside it in dir.base (selftest.sh)
compare_with_base() {
	gate=$1 runner=$2
	shift 2
	if [ -n "${GATE_KSRC:-}" ]; then
		gate_dir=$GATE_KSRC.$gate series_tree=$GATE_KSRC base_tree=$GATE_KSRC.base
		# a worktree of build/linux has build/base-tree for its base
		if [ "$(git -C "$GATE_KSRC" rev-parse base)" = "$(git -C "$build/linux" rev-parse base 2>/dev/null)" ]; then
			base_tree=$(base_tree)
		elif [ ! -e "$base_tree/.git" ]; then
			git -C "$GATE_KSRC" worktree add -q --detach "$base_tree" base
		fi
	else
		gate_dir=$build/$gate series_tree=$ksrc base_tree=$(base_tree)
	fi
	rm -rf "$gate_dir/series" "$gate_dir/base"
	mkdir -p "$gate_dir/series" "$gate_dir/base"
	units=0 seen=0 inbase=0 rc=0
	for unit; do
		units=$((units + 1))
		for side in series base; do
			eval "tree=\$${side}_tree"
			"$runner" "$tree" "$unit" | positions "$tree" >"$gate_dir/$side.found"
		done
		seen=$((seen + $(wc -l <"$gate_dir/series.found")))
		inbase=$((inbase + $(wc -l <"$gate_dir/base.found")))
		new_findings "$gate" "$unit" "$gate_dir/series.found" "$gate_dir/base.found" || rc=1
	done
	printf '  %-7s %s %s, %s findings (base: %s), %s\n' "$(echo "$gate" | tr a-z A-Z)" \
		"$units" "${gate_units:-units}" "$seen" "$inbase" "$([ $rc = 0 ] && echo "none new" || echo "some new")"
	return $rc
}

# touched PATHSPEC...: the files the series adds or modifies in $ksrc
touched() {
	git -C "$ksrc" diff --name-only --diff-filter=AM base..HEAD -- "$@"
}

# The identity every git command on the kernel tree uses.
export GIT_AUTHOR_NAME="$SERIES_NAME" GIT_AUTHOR_EMAIL="$SERIES_EMAIL"
export GIT_COMMITTER_NAME="$SERIES_NAME" GIT_COMMITTER_EMAIL="$SERIES_EMAIL"
