# SPDX-License-Identifier: GPL-2.0
# Sourced by the harness scripts: paths and the series configuration.
top=$(cd "$(dirname "$0")/.." && pwd)
build=$top/build
ksrc=$build/linux
. "$top/series.conf"

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

# base_tree: the path of build/base-tree, a worktree of the base commit
# that the gates check the base's files in; made on first use.
base_tree() {
	[ -d "$build/base-tree" ] ||
		git -C "$ksrc" worktree add -q --detach "$build/base-tree" base
	echo "$build/base-tree"
}

# touched PATHSPEC...: the files the series adds or modifies in $ksrc
touched() {
	git -C "$ksrc" diff --name-only --diff-filter=AM base..HEAD -- "$@"
}

# The identity every git command on the kernel tree uses.
export GIT_AUTHOR_NAME="$SERIES_NAME" GIT_AUTHOR_EMAIL="$SERIES_EMAIL"
export GIT_COMMITTER_NAME="$SERIES_NAME" GIT_COMMITTER_EMAIL="$SERIES_EMAIL"
