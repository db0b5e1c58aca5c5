#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# pageunits.sh: harness/pageunits.py, the checker of CPU-page/GPU-page unit
# mixing, on the whole of amdgpu and amdkfd, compared with the base: fails
# on a finding the base does not have.  First the checker must find, and
# only find, what harness/data/pageunits-test/expected lists in the cases
# beside it.  A finding judged wrong goes in
# harness/data/pageunits.suppress, below a comment with its reason.
set -eu
. "$(dirname "$0")/common.sh"

checker=$top/harness/pageunits.py
cases=$top/harness/data/pageunits-test
mkdir -p "$build/pageunits"
python3 "$checker" "$cases" drivers/gpu/drm/amd/amdgpu >"$build/pageunits/cases.out"
diff -u "$cases/expected" "$build/pageunits/cases.out" >&2 ||
	die "the checker does not find what $cases/expected lists (diff above): fix harness/pageunits.py, or the cases"

# findings TREE UNIT: the checker's findings on TREE, less the suppressed ones
findings() {
	python3 "$checker" --stats --suppress "$top/harness/data/pageunits.suppress" "$1" \
		2>"$gate_dir/$side.stats"
}

rc=0
gate_units="run on amdgpu and amdkfd" compare_with_base pageunits findings drivers || rc=1
sed 's/^pageunits: /  UNITS   series: /' "$build/pageunits/series.stats"
exit $rc
