#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# userspace.sh: the libhsakmt change of userspace/rocm-systems/, applied to
# a rocm-systems checkout, built and tested without a GPU (its test.sh).
# The checkout is ROCM_SYSTEMS, or build/rocm-systems; without one there is
# nothing to test, and it says so and succeeds.
set -eu
. "$(dirname "$0")/common.sh"

src=${ROCM_SYSTEMS:-$build/rocm-systems}
if [ ! -e "$src/.git" ] && [ ! -f "$src/HEAD" ]; then
	echo "  USER    skipped: no rocm-systems checkout (ROCM_SYSTEMS=dir, or git clone https://github.com/ROCm/rocm-systems build/rocm-systems)"
	exit 0
fi
mkdir -p "$build/userspace"
"$top/userspace/rocm-systems/test.sh" "$src" "$build/userspace" >"$build/userspace/test.log" 2>&1 ||
	{ tail -20 "$build/userspace/test.log" >&2; die "the libhsakmt test failed (log: build/userspace/test.log)"; }
result=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$build/userspace/test.log" | tail -1)
echo "  USER    libhsakmt on $src: $result ($(tail -1 "$build/userspace/test.log" | sed 's/^test.sh: //; s/, in .*//'))"
