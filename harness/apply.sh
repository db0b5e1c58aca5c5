#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# apply.sh [KSRC]: apply patches/ with git am.
#   no argument: onto the base commit of build/linux, once, as branch "series"
#   KSRC: onto HEAD of the user's own git tree; on failure the tree is left
#         exactly as it was.
set -eu
. "$(dirname "$0")/common.sh"

patches=$(ls "$top"/patches/[0-9][0-9][0-9][0-9]-*.patch 2>/dev/null | grep -v '/0000-cover-letter.patch$' || true)

if [ -z "${1:-}" ]; then
	[ -d "$ksrc/.git" ] || die "no build/linux: run harness/fetch-base.sh first"
	git -C "$ksrc" rev-parse -q --verify refs/heads/series >/dev/null && exit 0
	git -C "$ksrc" checkout -q -b series base
	[ -n "$patches" ] || exit 0
	echo "  GIT AM  $(echo "$patches" | wc -l) patches -> build/linux (branch series)"
	# shellcheck disable=SC2086
	git -C "$ksrc" am -q --committer-date-is-author-date $patches ||
		die "patches/ does not apply to the base $BASE_PACKAGE $BASE_VERSION; see git -C build/linux am --show-current-patch"
	exit 0
fi

dst=$1
git -C "$dst" rev-parse --git-dir >/dev/null 2>&1 ||
	die "$dst is not a git tree: make apply needs one (git init; git add -A; git commit)"
[ -z "$(git -C "$dst" status --porcelain --untracked-files=no)" ] ||
	die "$dst has uncommitted changes: commit or stash them first"
git -C "$dst" rev-parse -q --verify HEAD >/dev/null || die "$dst has no commit to apply onto"
[ -n "$patches" ] || die "patches/ holds no patch"

# shellcheck disable=SC2086
if ! git -C "$dst" am -q $patches >"$build/apply.log" 2>&1; then
	failed=$(git -C "$dst" am --show-current-patch=raw 2>/dev/null | sed -n 's/^Subject: //p' | head -1)
	git -C "$dst" am --abort
	echo "make apply: \"$failed\" does not apply to $dst; the tree is as it was." >&2
	echo "The series was made on Debian $BASE_PACKAGE $BASE_VERSION (sha256 $BASE_SHA256)." >&2
	sed -n '1,8p' "$build/apply.log" >&2
	exit 1
fi
echo "applied $(echo "$patches" | wc -l) patches to $dst"
