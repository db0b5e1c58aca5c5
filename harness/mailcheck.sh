#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# mailcheck.sh: the mboxes of patches/, applied with git am in order onto
# the base (their cover letters dropped, --empty=drop), give the tree of
# every posting's tag in build/linux: what a maintainer takes from the
# list is what was tested.
set -eu
. "$(dirname "$0")/common.sh"

wt=$build/mailcheck/tree
ksrc_worktree "$wt" base
git -C "$wt" am --abort >/dev/null 2>&1 || :
git -C "$wt" checkout -q -f --detach base
for p in $(postings); do
	git -C "$wt" am -q --empty=drop "$top/patches/$p.mbox" >"$build/mailcheck/log" 2>&1 ||
		die "patches/$p.mbox does not apply with git am onto the postings before it (log: build/mailcheck/log)"
	[ "$(git -C "$wt" rev-parse HEAD^{tree})" = "$(git -C "$ksrc" rev-parse "posting/$p^{tree}")" ] ||
		die "patches/$p.mbox gives another tree than posting/$p of build/linux: run make export"
done
echo "  MAIL    $(postings | wc -l) mboxes, applied in order, give every posting's tree"
