#!/bin/sh
# SPDX-License-Identifier: MIT
#
# check.sh ROCSHMEM ROCR_INC HIP CLR [BUILD] - apply patches/ to a copy of
# a rocSHMEM source tree and compile, syntax only (no ROCm here to link
# with), for the host and for gfx90a, what can be compiled without the
# rest of rocSHMEM:
#   - src/hdp_host_flush.hpp (new), against ROCR_INC's headers;
#   - src/hdp_policy.hpp, both HDP policies (USE_HDP_FLUSH, with and
#     without USE_HDP_FLUSH_HOST_SIDE), host and device use of each; where
#     the tree has no src/util.hpp, with ../stub/util.hpp in its place.
# The other files the patch changes (queue.{hpp,cpp}, backend_ro.cpp,
# host.cpp) need the whole of rocSHMEM and are only applied, not compiled.
#
#   ROCSHMEM  rocSHMEM's root (ROCm/rocSHMEM, or projects/rocshmem of
#             ROCm/rocm-systems), a git checkout of the files the patch is
#             written against
#   ROCR_INC  ROCr's hsa-runtime/inc (with ../rocm-systems/patches applied
#             or not: the ROCr symbols are looked up at run time)
#   HIP, CLR  ROCm/HIP and ROCm/clr checkouts, for the HIP headers
#   BUILD     where to work (default ${TMPDIR:-/tmp}/rocshmem-check)
set -eu
. "$(dirname "$0")/../common.sh"

here=$(cd "$(dirname "$0")" && pwd)
usage="usage: check.sh ROCSHMEM ROCR_INC HIP CLR [BUILD]"
src=${1:?$usage}
rocr=${2:?$usage}
hip=${3:?$usage}
clr=${4:?$usage}
build=${5:-${TMPDIR:-/tmp}/rocshmem-check}

die() {
	echo "check.sh: $*" >&2
	exit 1
}

cxx=
for c in clang++-15 clang++-14 clang++; do
	if command -v $c >/dev/null 2>&1; then
		cxx=$c
		break
	fi
done
[ -n "$cxx" ] || die "no clang++: apt-get install clang"
major=$($cxx -dumpversion | cut -d. -f1)
[ -e "$rocr/hsa_ext_amd.h" ] || die "$rocr has no hsa_ext_amd.h: give ROCr's hsa-runtime/inc"
[ -e "$src/src/hdp_policy.hpp" ] ||
	die "$src has no src/hdp_policy.hpp: give rocSHMEM's root (projects/rocshmem in rocm-systems)"
head=$(git -C "$src" rev-parse --verify -q HEAD) ||
	die "$src is not a git checkout: the patch applies to a committed tree"

mkdir -p "$build"
build=$(cd "$build" && pwd)
tree=$build/rocshmem
gen=$build/gen
rm -rf "$tree" "$gen"
mkdir -p "$tree" "$gen/stub/memory" "$gen/stub/rocshmem"
git -C "$src" archive "$head" src | tar -x -C "$tree"
# its own repository, so that git apply does not take BUILD's enclosing one
git init -q "$tree"
for patch in "$here"/patches/*.patch; do
	git -C "$tree" apply "$patch" 2>"$build/apply.log" ||
		die "$(basename "$patch") does not apply to $src at $head: see $build/apply.log"
done
[ -e "$tree/src/hdp_host_flush.hpp" ] || die "the patches did not create src/hdp_host_flush.hpp"

# What cmake and HIP's install would generate, and ROCr's headers as <hsa/...>
hip_headers "$hip" "$clr" "$gen"
ln -sfn "$rocr" "$gen/hsa"
: >"$gen/stub/memory/hip_allocator.hpp"
if [ -e "$tree/src/util.hpp" ]; then
	utils="rocSHMEM's util.hpp"
else
	cp "$here/stub/util.hpp" "$gen/stub/util.hpp"
	utils="a stub util.hpp"
fi

cat >"$gen/flush.hip" <<'EOF'
#include "hdp_host_flush.hpp"
__host__ const char* probe(rocshmem::HdpHostFlush* f, unsigned int* reg) {
  const char* why = f->init(0, reg);
  if (why == nullptr) f->flush();
  return why;
}
__global__ void kernel(unsigned int* p) { *p = 1; }
EOF
cat >"$gen/policy.hip" <<'EOF'
#include <new>
#include "hdp_policy.hpp"
__host__ void host_use(rocshmem::HdpPolicy* p) {
  new (p) rocshmem::HdpPolicy();
  p->hdp_flush();
  (void)p->get_hdp_flush_ptr();
}
__global__ void device_use(rocshmem::HdpPolicy* p) {
  p->hdp_flush();
  p->flushCoherency();
}
EOF

# compile TU POLICY: host and gfx90a; fails on an error or on a warning in
# the patched files
n=0
compile() {
	if [ "$2" = host ]; then
		printf '#define USE_HDP_FLUSH\n#define USE_HDP_FLUSH_HOST_SIDE\n'
	else
		printf '#define USE_HDP_FLUSH\n'
	fi >"$gen/stub/rocshmem/rocshmem_config.h"
	for side in --cuda-host-only "--cuda-device-only --offload-arch=gfx90a"; do
		gfx9=
		# clang before 15 does not define __GFX9__ for gfx90a, which HIP checks
		[ "$major" -ge 15 ] || gfx9=-D__GFX9__=1
		# $side and $gfx9 are word lists
		# shellcheck disable=SC2086
		$cxx -x hip $side $gfx9 -nogpulib --rocm-path="$gen" --hip-version=6.3 \
			-std=c++17 -fsyntax-only -Wall -Wextra -D__HIP_PLATFORM_AMD__ \
			-I"$tree/src" -I"$tree/include" -I"$gen/stub" -I"$gen" \
			-I"$hip/include" -I"$clr/hipamd/include" "$gen/$1" \
			>"$build/log" 2>&1 ||
			die "$1 ($2-side policy, $side) does not compile: see $build/log"
		if grep -E "^$tree/src/.*warning:" "$build/log"; then
			die "$1 ($2-side policy, $side): warnings in rocSHMEM's files (above)"
		fi
		n=$((n + 1))
	done
}
compile flush.hip host
compile policy.hip host
compile policy.hip device
echo "check.sh: patch applies to $head; hdp_host_flush.hpp and hdp_policy.hpp (both policies, with $utils) compile for host and gfx90a with $cxx, no warning in rocSHMEM's files ($n compilations); queue.cpp, backend_ro.cpp, host.cpp not compiled"
