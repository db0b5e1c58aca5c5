#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# checkpatch.sh: checkpatch.pl --strict on every patch of every posting.
# Three types are ignored, for reasons of this tree, not of the patches:
# FILE_PATH_CHANGES asks whether MAINTAINERS needs an update for every new
# file (selftest.sh checks with get_maintainer.pl that each is covered);
# UNKNOWN_COMMIT_ID cannot resolve a Fixes: tag in a tree without
# history (each one was checked against the upstream log); CAMELCASE
# flags amdgpu's register names, which come from generated headers;
# MISSING_FIXES_TAG asks for a Fixes: tag beside every Cc: stable, and
# commitrefs.sh checks instead that a patch without one says why.
set -eu
. "$(dirname "$0")/common.sh"
# Debian's python3, which has python3-ply for the SPDX check
export PATH="/usr/bin:$PATH"

mkdir -p "$build/checkpatch"
rc=0
for p in $(for n in $(postings); do posting_patches "$n"; done); do
	if ! (cd "$ksrc" && ./scripts/checkpatch.pl --strict --quiet --show-types \
		--ignore FILE_PATH_CHANGES,UNKNOWN_COMMIT_ID,CAMELCASE,MISSING_FIXES_TAG "$p") >"$build/checkpatch/log" 2>&1; then
		echo "checkpatch: ${p#$top/patches/}:" >&2
		cat "$build/checkpatch/log" >&2
		rc=1
	fi
done
exit $rc
