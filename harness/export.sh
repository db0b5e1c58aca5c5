#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# export.sh [--check]: regenerate patches/ from base..HEAD of build/linux,
# with the cover letter from cover-letter.txt.  The output depends only on
# the commits: no commit ids (--zero-commit), no clock, no git version.
#   --check: do not write; fail if patches/ differs from what would be written.
set -eu
. "$(dirname "$0")/common.sh"

[ -d "$ksrc/.git" ] || die "no build/linux: nothing to export"
dirty=$(git -C "$ksrc" status --porcelain --untracked-files=no)
if [ -n "$dirty" ]; then
	echo "export: build/linux has uncommitted changes; commit them (git -C build/linux commit) first:" >&2
	echo "$dirty" | head -20 >&2
	exit 1
fi

tmp=$build/export.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
# The cover letter's date is the last patch's, not the clock's.
date=$(git -C "$ksrc" log -1 --format=%aI HEAD)
branch=$(git -C "$ksrc" symbolic-ref --short HEAD) || die "build/linux is on a detached HEAD: check out the series branch"
GIT_COMMITTER_DATE=$date git -C "$ksrc" \
	-c branch."$branch".description="$(cat "$top/cover-letter.txt")" \
	-c core.abbrev=12 -c diff.noprefix=false \
	format-patch -q --cover-letter --cover-from-description=subject \
	--zero-commit --no-signature --no-numbered-files -o "$tmp" base..HEAD >/dev/null

if [ "${1:-}" = --check ]; then
	if ! diff -r -q "$tmp" "$top/patches" >"$build/export.diff" 2>&1; then
		echo "patches/ is not what build/linux holds:" >&2
		cat "$build/export.diff" >&2
		echo "run make export to take build/linux's commits, or remove build/linux to test patches/" >&2
		rm -rf "$tmp"
		exit 1
	fi
	rm -rf "$tmp"
	exit 0
fi
rm -rf "$top/patches"
mv "$tmp" "$top/patches"
echo "  EXPORT  $(ls "$top/patches" | wc -l) files -> patches/"
