#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# apply.sh [KSRC [UPTO]]: apply the postings of patches/ with git am, in
# order, up to posting UPTO (its name or number; default: all of them).
#   no KSRC: onto the base commit of build/linux, once, as branch "series",
#            with the tag posting/NAME at the end of each posting
#   KSRC:    onto HEAD of the user's own git tree; on failure the tree is
#            left exactly as it was.
set -eu
. "$(dirname "$0")/common.sh"

upto=$(postings_upto "${2:-}")
patches=
for p in $upto; do
	patches="$patches $(posting_patches "$p")"
done
[ -n "$(echo $patches)" ] || die "patches/ holds no patch: run make export in a tree that has the series"

if [ -z "${1:-}" ]; then
	[ -e "$ksrc/.git" ] || die "no build/linux: run make tree first"
	git -C "$ksrc" rev-parse -q --verify refs/heads/series >/dev/null && exit 0
	git -C "$ksrc" checkout -q -b series base
	for p in $upto; do
		echo "  GIT AM  $p: $(posting_patches "$p" | wc -l) patches -> build/linux (branch series)"
		# shellcheck disable=SC2046
		git -C "$ksrc" am -q --committer-date-is-author-date $(posting_patches "$p") ||
			die "posting $p does not apply to the base $BASE_PACKAGE $BASE_VERSION and the postings before it; see git -C build/linux am --show-current-patch"
		git -C "$ksrc" tag -f "posting/$p" >/dev/null
	done
	exit 0
fi

dst=$1
git -C "$dst" rev-parse --git-dir >/dev/null 2>&1 ||
	die "$dst is not a git tree: make apply needs one (git init; git add -A; git commit)"
[ -z "$(git -C "$dst" status --porcelain --untracked-files=no)" ] ||
	die "$dst has uncommitted changes: commit or stash them first"
git -C "$dst" rev-parse -q --verify HEAD >/dev/null || die "$dst has no commit to apply onto"

mkdir -p "$build/apply"
# shellcheck disable=SC2086
if ! git -C "$dst" am -q $patches >"$build/apply/log" 2>&1; then
	failed=$(git -C "$dst" am --show-current-patch=raw 2>/dev/null | sed -n 's/^Subject: //p' | head -1)
	git -C "$dst" am --abort
	echo "make apply: \"$failed\" does not apply to $dst; the tree is as it was." >&2
	echo "The series was made on Debian $BASE_PACKAGE $BASE_VERSION (sha256 $BASE_SHA256)." >&2
	sed -n '1,8p' "$build/apply/log" >&2
	exit 1
fi
echo "applied $(echo $patches | wc -w) patches of $(echo $upto) to $dst"
