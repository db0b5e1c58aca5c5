#!/bin/sh
# SPDX-License-Identifier: MIT
#
# kfdtest.sh BUILD - after test.sh BUILD: build libhsakmt's kfdtest from
# BUILD/rocm-systems (patches/ applied) against BUILD/libhsakmt, and run
# KFDMemoryTest.HdpFlushNodes against the fake KFD of test.sh, as KFD 1.24
# (it must pass) and as KFD 1.23 (it must skip).  KFDMemoryTest.
# HostHdpFlushIoctl needs a GPU queue, which the fake has not: run it on
# hardware.  Needs llvm-15-dev (kfdtest assembles its shaders with LLVM):
# without it, says so and succeeds.
#
#   JOBS  make -j (default 2)
set -eu

build=${1:?usage: kfdtest.sh BUILD (the BUILD of test.sh)}
jobs=${JOBS:-2}
llvm=/usr/lib/llvm-15/lib/cmake/llvm
filter=KFDMemoryTest.HdpFlushNodes

die() {
	echo "kfdtest.sh: $*" >&2
	exit 1
}

if [ ! -e "$llvm/LLVMConfig.cmake" ]; then
	echo "kfdtest.sh: skipped: no LLVM 15 (apt-get install llvm-15-dev)"
	exit 0
fi
if [ ! -e "$build/libhsakmt/libhsakmt.a" ] || [ ! -e "$build/fake_kfd.so" ]; then
	die "no libhsakmt or fake KFD in $build: run test.sh with it first"
fi
build=$(cd "$build" && pwd)
src=$build/rocm-systems/projects/rocr-runtime/libhsakmt/tests/kfdtest
out=$build/kfdtest
mkdir -p "$out"

start=$(date +%s)
launcher=$(command -v ccache || :)
LIBHSAKMT_PATH=$build/libhsakmt cmake -S "$src" -B "$out" -DLLVM_DIR="$llvm" \
	${launcher:+-DCMAKE_CXX_COMPILER_LAUNCHER="$launcher"} -DCMAKE_BUILD_TYPE=Release >"$out/cmake.log" 2>&1 ||
	die "cmake of kfdtest failed: see $out/cmake.log"
make -C "$out" -j"$jobs" kfdtest >"$out/make.log" 2>&1 ||
	die "kfdtest did not build: see $out/make.log"
built=$(date +%s)

# run MINOR: kfdtest's filtered case against the fake KFD as 1.MINOR
run() {
	FAKE_KFD_MINOR=$1 FAKE_KFD_ROOT=$build/fake LD_PRELOAD=$build/fake_kfd.so \
		"$out/kfdtest" --gtest_filter=$filter >"$out/run-1.$1.log" 2>&1
}
run 24 || { cat "$out/run-1.24.log" >&2; die "$filter failed on KFD 1.24"; }
grep -q '\[  PASSED  \] 1 test' "$out/run-1.24.log" ||
	{ cat "$out/run-1.24.log" >&2; die "$filter did not pass on KFD 1.24"; }
grep -q 'Skipping' "$out/run-1.24.log" &&
	{ cat "$out/run-1.24.log" >&2; die "$filter skipped on KFD 1.24"; }
run 23 || { cat "$out/run-1.23.log" >&2; die "$filter failed on KFD 1.23"; }
grep -q 'Skipping test: KFD 1.23 has no HDP flush ioctl' "$out/run-1.23.log" ||
	{ cat "$out/run-1.23.log" >&2; die "$filter did not skip on KFD 1.23"; }
echo "kfdtest.sh: $filter passed on KFD 1.24, skipped on 1.23 (built in $((built - start)) s)"
