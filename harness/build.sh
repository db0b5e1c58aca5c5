#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# build.sh TARGET [POSTING]: configure and build the kernel of TARGET from
# build/linux into build/TARGET: amdgpu and amdkfd built in, with the KUnit
# suites of the series, and the page size of the target, and the
# measurement suite of the footprint report (harness/data/measure.c, never
# posted) compiled into amdgpu_doorbell_mgr.c.  With POSTING, the series up
# to that posting only, without the measurement suite, from
# build/stack/POSTING/linux into build/stack/POSTING/TARGET.
set -eu
. "$(dirname "$0")/common.sh"
load_target "${1:-}"
posting=${2:-}

[ -e "$ksrc/.git" ] || die "no kernel tree in build/linux: run make first"

out=$build/$target
# the objects of drivers/gpu/drm/amd/amdgpu/Makefile they go into
data=$top/harness/data
set -- "CFLAGS_amdgpu_doorbell_mgr.o=-include $data/measure.c" \
	"CFLAGS_amdgpu_vm_pt.o=-include $data/measure-pt.c" \
	"CFLAGS_../amdkfd/kfd_chardev.o=-include $data/measure-hdp.c"
if [ -n "$posting" ]; then
	ksrc=$(stack_tree "$posting")
	out=$build/stack/$posting/$target
	set --
fi
kunit_config "$ksrc" "$out"

echo "  BUILD   $target${posting:+ up to $posting} ($(grep -c . "$out/.config") config lines) in ${out#$top/}"
start=$(date +%s)
kmake "$ksrc" "$out" -j"$(nproc)" "$@" >"$out/build.log" 2>&1 || { tail -40 "$out/build.log" >&2; die "building $target failed (log: ${out#$top/}/build.log)"; }
echo "  BUILT   $target${posting:+ up to $posting} in $(($(date +%s) - start)) s: ${out#$top/}/$IMAGE"
