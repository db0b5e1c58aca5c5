#!/bin/sh
# SPDX-License-Identifier: MIT
#
# check.sh ROCSHMEM ROCR_INC HIP CLR [BUILD] - apply patches/ to a
# ROCm/rocSHMEM checkout in a scratch clone under BUILD and compile what
# they change, for the host and for gfx90a (syntax only: no ROCm here to
# link with), with and without USE_HOST_SIDE_HDP_FLUSH; then the same
# without patches/, and compare rocSHMEM's own warnings.  Exits non-zero
# on an error or a new warning.
#
#   ROCSHMEM  the checkout, at or based on $base
#   ROCR_INC  ROCr's hsa-runtime/inc (make userspace gives the one
#             ../rocm-systems/test.sh patched: BUILD/rocm-systems/projects/
#             rocr-runtime/runtime/hsa-runtime/inc)
#   HIP, CLR  ROCm/HIP and ROCm/clr checkouts, for the HIP headers
#   BUILD     where to work (default ${TMPDIR:-/tmp}/rocshmem-check)
set -eu
. "$(dirname "$0")/../common.sh"

base=eb5a38e8069c96023bc1f3e9c59c3d5f930fffb6
here=$(cd "$(dirname "$0")" && pwd)
usage="usage: check.sh ROCSHMEM ROCR_INC HIP CLR [BUILD]"
src=${1:?$usage}
rocr=${2:?$usage}
hip=${3:?$usage}
clr=${4:?$usage}
build=${5:-${TMPDIR:-/tmp}/rocshmem-check}
cxx=clang++-15
files="src/util.cpp src/gpu_ib/backend_ib.cpp src/gpu_ib/context_ib_device.cpp
	src/reverse_offload/queue.cpp src/rocshmem.cpp tests/functional_tests/tester.cpp"

die() {
	echo "check.sh: $*" >&2
	exit 1
}

command -v $cxx >/dev/null || die "no $cxx: apt-get install clang-15"
mpi_inc=$(mpicc --showme:incdirs 2>/dev/null) ||
	die "no MPI headers: apt-get install libopenmpi-dev"
[ -e /usr/include/infiniband/verbs.h ] || die "no ibverbs headers: apt-get install libibverbs-dev"
[ -e "$rocr/hsa_ext_amd.h" ] || die "$rocr has no hsa_ext_amd.h: give ROCr's hsa-runtime/inc"
git -C "$src" merge-base --is-ancestor $base HEAD ||
	die "$src is not based on $base: check that commit out"

mkdir -p "$build"
build=$(cd "$build" && pwd)
tree=$build/rocSHMEM
rm -rf "$tree" "$build/gen"
git clone -q --shared "$src" "$tree"

# What cmake would generate: hip_version.h, and rocshmem_config.h for the
# defaults (the GPU_IB and RO conduits) with and without the host-side policy
gen=$build/gen
mkdir -p "$gen/host" "$gen/device"
hip_headers "$hip" "$clr" "$gen"
ln -sfn "$rocr" "$gen/hsa"
for policy in host device; do
	sed -e 's|^#cmakedefine USE_GPU_IB$|#define USE_GPU_IB|' \
		-e 's|^#cmakedefine USE_RO$|#define USE_RO|' \
		-e "$([ $policy = host ] && echo 's|^#cmakedefine USE_HOST_SIDE_HDP_FLUSH$|#define USE_HOST_SIDE_HDP_FLUSH|')" \
		-e 's|^#cmakedefine \(.*\)|/* #undef \1 */|' \
		"$tree/cmake/rocshmem_config.h.in" >"$gen/$policy/rocshmem_config.h"
done

# compile NAME: every file, both policies, host and gfx90a; rocSHMEM's own
# warnings, without line numbers, into $build/NAME.warnings
compile() {
	: >"$build/$1.warnings"
	for policy in host device; do
		for side in --cuda-host-only "--cuda-device-only --offload-arch=gfx90a"; do
			for f in $files; do
				# $side and $mpi_inc are word lists
				# shellcheck disable=SC2086,SC2046
				(cd "$tree" && $cxx -x hip $side -nogpulib --rocm-path="$gen" \
					--hip-version=6.3 -std=c++17 -fsyntax-only -Wall -Wextra \
					-D__HIP_PLATFORM_AMD__ -I"$gen/$policy" -I"$gen" \
					-I"$hip/include" -I"$clr/hipamd/include" -Iinclude -Isrc \
					-Itests/functional_tests \
					$(printf -- ' -I%s' $mpi_inc) "$f") \
					>"$build/log" 2>&1 ||
					die "$1: $f ($policy-side policy, $side) does not compile: see $build/log"
				grep -E '^(src|tests|include)/.*warning:' "$build/log" |
					sed 's/:[0-9]*:[0-9]*:/:/' >>"$build/$1.warnings" || :
			done
		done
	done
	sort -u -o "$build/$1.warnings" "$build/$1.warnings"
}

git -C "$tree" checkout -q --detach "$(git -C "$src" rev-parse HEAD)"
for patch in "$here"/patches/*.patch; do
	git -C "$tree" apply "$patch" || die "$(basename "$patch") does not apply"
done
compile patched
git -C "$tree" checkout -q -- .
compile base
if ! diff -u "$build/base.warnings" "$build/patched.warnings"; then
	die "new warnings (above)"
fi
echo "check.sh: $(echo "$files" | wc -w) files, host and gfx90a, both HDP policies: compile, no new warning ($(wc -l <"$build/patched.warnings") rocSHMEM warnings before and after)"
