#!/bin/sh
# SPDX-License-Identifier: MIT
#
# check-rocprofiler.sh TREE OUT [HIP CLR] - compile-check what rocprofiler-sdk
# checks of the AMD extension table, in TREE (a rocm-systems tree with
# patches/ applied), as its CI builds them (ROCPROFILER_CI=1):
# hsa/abi.cpp (the table's size and every entry's offset), and, given
# checkouts of ROCm/HIP and ROCm/clr for the HIP headers, enum_string.hpp
# (one enum label for each entry).  Generated headers go to OUT.
set -eu
. "$(dirname "$0")/../common.sh"

tree=${1:?usage: check-rocprofiler.sh TREE OUT [HIP CLR]}
out=${2:?usage: check-rocprofiler.sh TREE OUT [HIP CLR]}
hip=${3:-}
clr=${4:-}
sdk=$tree/projects/rocprofiler-sdk/source
inc=$sdk/include

die() {
	echo "check-rocprofiler.sh: $*" >&2
	exit 1
}

[ -d "$sdk" ] || die "no rocprofiler-sdk in $tree: check projects/rocprofiler-sdk out"

# What cmake would generate: versions as placeholders; no #cmakedefine,
# so the table versions come from ROCr's hsa_api_trace_version.h
mkdir -p "$out/rocprofiler-sdk" "$out/rocprofiler-sdk-roctx"
for h in rocprofiler-sdk/version.h rocprofiler-sdk/ext_version.h \
	rocprofiler-sdk-roctx/version.h; do
	sed -e 's|^#cmakedefine \([A-Z_]*\).*|/* #undef \1 */|' \
		-e 's|@[A-Za-z_]*VERSION_MAJOR@|1|; s|@[A-Za-z_]*VERSION_MINOR@|0|' \
		-e 's|@[A-Za-z_]*VERSION_PATCH@|0|; s|@[A-Za-z_]*@|0|g' \
		"$inc/$h.in" >"$out/$h"
done
ln -sfn "$tree/projects/rocr-runtime/runtime/hsa-runtime/inc" "$out/hsa"

cxx="c++ -std=c++17 -fsyntax-only -DROCPROFILER_CI=1 -I$out -I$inc -I$sdk -I$sdk/lib \
	-I$tree/projects/rocr-runtime/libhsakmt/include"

# $cxx is a word list
# shellcheck disable=SC2086
$cxx "$sdk/lib/rocprofiler-sdk/hsa/abi.cpp" >"$out/abi.log" 2>&1 ||
	die "hsa/abi.cpp does not build: see $out/abi.log"
echo "check-rocprofiler.sh: hsa/abi.cpp builds with ROCPROFILER_CI=1"

if [ -z "$hip" ] || [ -z "$clr" ]; then
	echo "check-rocprofiler.sh: enum_string.hpp not checked: give ROCm/HIP and ROCm/clr checkouts"
	exit 0
fi
hip_headers "$hip" "$clr" "$out"
# shellcheck disable=SC2086
echo '#include <rocprofiler-sdk/cxx/enum_string.hpp>' |
	$cxx -D__HIP_PLATFORM_AMD__ -I"$hip/include" -I"$clr/hipamd/include" -x c++ - \
		>"$out/enum_string.log" 2>&1 ||
	die "enum_string.hpp does not build: see $out/enum_string.log"
echo "check-rocprofiler.sh: enum_string.hpp builds with ROCPROFILER_CI=1"
