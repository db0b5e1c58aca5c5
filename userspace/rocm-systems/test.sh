#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test.sh [ROCM_SYSTEMS [BUILD]] - apply patches/ to a ROCm/rocm-systems
# checkout in a scratch clone under BUILD, build libhsakmt and the GPU-less
# test (test/), and run it; then check-rocprofiler.sh.  Exits non-zero on
# any failure.
#
#   ROCM_SYSTEMS  the checkout, at or based on $base (or $ROCM_SYSTEMS)
#   BUILD         where to build (or $BUILD; default
#                 ${TMPDIR:-/tmp}/rocm-systems-userspace, never the current
#                 directory, which may be a git checkout)
#   JOBS          make -j (default 2)
#   HIP, CLR      ROCm/HIP and ROCm/clr checkouts, for the HIP headers that
#                 check-rocprofiler.sh needs to check enum_string.hpp
set -eu

base=1b1610fc2b2ab32af71e6e04e4d4a6a4ae597992
here=$(cd "$(dirname "$0")" && pwd)
src=${1:-${ROCM_SYSTEMS:-}}
build=${2:-${BUILD:-${TMPDIR:-/tmp}/rocm-systems-userspace}}
jobs=${JOBS:-2}
packages="git cmake make g++ pkg-config libdrm-dev libnuma-dev"

die() {
	echo "test.sh: $*" >&2
	exit 1
}

[ -n "$src" ] ||
	die "no rocm-systems checkout: give it as the first argument or in ROCM_SYSTEMS"

missing=
for tool in git cmake make cc pkg-config; do
	command -v $tool >/dev/null 2>&1 || missing="$missing $tool"
done
pkg-config --exists libdrm libdrm_amdgpu 2>/dev/null || missing="$missing libdrm"
[ -e /usr/include/numa.h ] || missing="$missing libnuma"
[ -z "$missing" ] ||
	die "missing:$missing; install them (Debian: apt-get install $packages)"

head=$(git -C "$src" rev-parse --verify -q HEAD 2>/dev/null) ||
	die "$src is not a git checkout: clone ROCm/rocm-systems and give its path"
git -C "$src" merge-base --is-ancestor $base "$head" ||
	die "$src (HEAD $head) is not based on $base: check that commit out, e.g. git -C $src checkout $base"

mkdir -p "$build"
build=$(cd "$build" && pwd)
tree=$build/rocm-systems
log=$build/log
rm -rf "$tree" "$build/libhsakmt" "$build/fake"
mkdir -p "$log"

# A sparse clone sharing the checkout's objects: only projects/rocr-runtime
# and projects/rocprofiler-sdk
git clone -q --shared --no-checkout "$src" "$tree"
git -C "$tree" sparse-checkout init --cone --sparse-index
git -C "$tree" sparse-checkout set projects/rocr-runtime projects/rocprofiler-sdk
git -C "$tree" checkout -q --detach "$head" 2>"$log/checkout.log" ||
	die "cannot check $head out in $tree: see $log/checkout.log"
# git apply, not git am: a snapshot without some blobs outside
# the two projects can check them out but not commit
for patch in "$here"/patches/*.patch; do
	git -C "$tree" apply "$patch" 2>"$log/apply.log" ||
		die "$(basename "$patch") does not apply to $head: see $log/apply.log, or use $base"
done

start=$(date +%s)
cmake -S "$tree/projects/rocr-runtime/libhsakmt" -B "$build/libhsakmt" \
	-DCMAKE_BUILD_TYPE=Release -DHSAKMT_WERROR=ON >"$log/cmake.log" 2>&1 ||
	die "cmake of libhsakmt failed: see $log/cmake.log"
make -C "$build/libhsakmt" -j"$jobs" hsakmt >"$log/make.log" 2>&1 ||
	die "libhsakmt did not build: see $log/make.log"

inc=$tree/projects/rocr-runtime/libhsakmt/include
cflags="-O2 -g -Wall -Wextra -Werror -Wno-unused-parameter -I$inc"
# $cflags and pkg-config's output are word lists
# shellcheck disable=SC2086
cc $cflags -shared -fPIC -o "$build/fake_kfd.so" "$here/test/fake_kfd.c" -ldl ||
	die "the fake KFD did not build"
# shellcheck disable=SC2086,SC2046
cc $cflags -o "$build/test_hdp_flush" "$here/test/test_hdp_flush.c" \
	"$build/libhsakmt/libhsakmt.a" $(pkg-config --libs libdrm_amdgpu libdrm) \
	-lnuma -lpthread -ldl ||
	die "the test did not build"
built=$(date +%s)

sh "$here/test/mktopo.sh" "$build/fake"
FAKE_KFD_ROOT=$build/fake LD_PRELOAD=$build/fake_kfd.so "$build/test_hdp_flush" ||
	die "the test failed: see above"
sh "$here/check-rocprofiler.sh" "$tree" "$build/rocprofiler" ${HIP:+"$HIP"} ${CLR:+"$CLR"}
echo "test.sh: built in $((built - start)) s, tested in $(($(date +%s) - built)) s, in $build"
