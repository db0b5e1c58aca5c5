#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# userspace.sh: the patches of userspace/rocm-systems/, applied to a
# rocm-systems checkout, libhsakmt built and tested without a GPU and
# rocprofiler-sdk's table checks compiled (its test.sh), and kfdtest's case
# run against the same fake KFD where LLVM 15 is installed (its
# kfdtest.sh); then, with ROCm/HIP
# and ROCm/clr checkouts for the HIP headers, the rocSHMEM patch compiled
# (userspace/rocSHMEM/check.sh).  The checkouts are ROCM_SYSTEMS, ROCSHMEM,
# HIP and CLR, or build/rocm-systems, build/rocSHMEM, build/HIP and
# build/clr; without one there is nothing to test, and it says so and
# succeeds.
set -eu
. "$(dirname "$0")/common.sh"

# is_checkout DIR: DIR is a git checkout or a bare repository
is_checkout() {
	[ -e "$1/.git" ] || [ -f "$1/HEAD" ]
}

# run LOG WHAT COMMAND...: COMMAND, its output in build/userspace/LOG; on
# failure, the end of it and "WHAT failed"
run() {
	log=$1 what=$2
	shift 2
	"$@" >"$build/userspace/$log" 2>&1 ||
		{ tail -20 "$build/userspace/$log" >&2; die "$what failed (log: build/userspace/$log)"; }
}

# absolute DIR: DIR, made absolute from where make runs (the scripts that
# use it change directory)
absolute() {
	case $1 in
	/*) echo "$1" ;;
	*) echo "$PWD/$1" ;;
	esac
}

src=$(absolute "${ROCM_SYSTEMS:-$build/rocm-systems}")
if ! is_checkout "$src"; then
	echo "  USER    skipped: no rocm-systems checkout (ROCM_SYSTEMS=dir, or git clone https://github.com/ROCm/rocm-systems build/rocm-systems)"
	exit 0
fi
mkdir -p "$build/userspace"
hip=$(absolute "${HIP:-$build/HIP}")
clr=$(absolute "${CLR:-$build/clr}")
if [ ! -d "$hip/include/hip" ] || [ ! -d "$clr/hipamd" ]; then
	hip='' clr=''
fi
run test.log "the libhsakmt test" \
	env HIP="$hip" CLR="$clr" "$top/userspace/rocm-systems/test.sh" "$src" "$build/userspace"
result=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$build/userspace/test.log" | tail -1)
echo "  USER    libhsakmt on $src: $result ($(tail -1 "$build/userspace/test.log" | sed 's/^test.sh: //; s/, in .*//'))"
grep '^check-rocprofiler.sh: ' "$build/userspace/test.log" | sed 's/^check-rocprofiler.sh: /  USER    rocprofiler-sdk: /'

run kfdtest.log kfdtest "$top/userspace/rocm-systems/kfdtest.sh" "$build/userspace"
echo "  USER    $(tail -1 "$build/userspace/kfdtest.log" | sed "s/^kfdtest.sh: /kfdtest: /")"

shmem=$(absolute "${ROCSHMEM:-$build/rocSHMEM}")
if [ -z "$hip" ] || ! is_checkout "$shmem"; then
	echo "  USER    rocSHMEM skipped: give ROCSHMEM, HIP and CLR checkouts (or build/rocSHMEM, build/HIP, build/clr)"
	exit 0
fi
rocr=$build/userspace/rocm-systems/projects/rocr-runtime/runtime/hsa-runtime/inc
run rocSHMEM.log "the rocSHMEM check" \
	"$top/userspace/rocSHMEM/check.sh" "$shmem" "$rocr" "$hip" "$clr" "$build/userspace/rocSHMEM"
echo "  USER    rocSHMEM on $shmem: $(tail -1 "$build/userspace/rocSHMEM.log" | sed 's/^check.sh: //')"
