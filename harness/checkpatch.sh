#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# checkpatch.sh: checkpatch.pl --strict on every mail of every posting,
# its cover letter included, as it would be sent (test_mails: signed off
# by TEST_SENDER, as make export SENDER=... signs it off), run as where
# git cannot resolve an id
# (GIT_DIR points nowhere): then checkpatch checks the form of every
# commit reference, as it does in a maintainer's tree, where the ids
# resolve, instead of skipping them.
# Four types are ignored, for reasons of this tree, not of the patches:
# UNKNOWN_COMMIT_ID, as no id resolves here (each was checked against the
# upstream log or mail that cites it);
# FILE_PATH_CHANGES asks whether MAINTAINERS needs an update for every new
# file (selftest.sh checks with get_maintainer.pl that each is covered);
# CAMELCASE flags amdgpu's register names, which come from generated
# headers; MISSING_FIXES_TAG asks for a Fixes: tag beside every Cc: stable,
# and commitrefs.sh checks instead that a patch without one says since
# which release the bug exists.
set -eu
. "$(dirname "$0")/common.sh"
# Debian's python3, which has python3-ply for the SPDX check
export PATH="/usr/bin:$PATH"

mkdir -p "$build/checkpatch"
mails=$(test_mails)
rc=0
n=0
for p in $(for n in $(postings); do posting_mails "$n" | sed "s|^$top/patches|$mails|"; done); do
	n=$((n + 1))
	if ! (cd "$ksrc" && GIT_DIR=/nonexistent ./scripts/checkpatch.pl --strict --quiet --show-types \
		--ignore FILE_PATH_CHANGES,UNKNOWN_COMMIT_ID,CAMELCASE,MISSING_FIXES_TAG "$p") >"$build/checkpatch/log" 2>&1; then
		echo "checkpatch: ${p#$mails/}:" >&2
		cat "$build/checkpatch/log" >&2
		rc=1
	fi
done
echo "  CHECKPATCH --strict, no git: $n mails, $([ $rc = 0 ] && echo clean || echo "some not clean")"
exit $rc
