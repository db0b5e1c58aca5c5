#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# checkpatch.sh: checkpatch.pl --strict on every patch of patches/.
# Three types are ignored, for reasons of this tree, not of the patches:
# FILE_PATH_CHANGES asks whether MAINTAINERS needs an update for every new
# file (selftest.sh checks with get_maintainer.pl that each is covered);
# UNKNOWN_COMMIT_ID cannot resolve a Fixes: tag in a tree without
# history (each one was checked against the upstream log); CAMELCASE
# flags amdgpu's register names, which come from generated headers.
set -eu
. "$(dirname "$0")/common.sh"
# Debian's python3, which has python3-ply for the SPDX check
export PATH="/usr/bin:$PATH"

rc=0
for p in "$top"/patches/[0-9][0-9][0-9][0-9]-*.patch; do
	case $p in */0000-cover-letter.patch | *\*) continue ;; esac
	if ! (cd "$ksrc" && ./scripts/checkpatch.pl --strict --quiet --show-types \
		--ignore FILE_PATH_CHANGES,UNKNOWN_COMMIT_ID,CAMELCASE "$p") >"$build/checkpatch.log" 2>&1; then
		echo "checkpatch: $(basename "$p"):" >&2
		cat "$build/checkpatch.log" >&2
		rc=1
	fi
done
exit $rc
