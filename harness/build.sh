#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# build.sh TARGET [POSTING]: configure and build the kernel of TARGET from
# build/linux into build/TARGET: amdgpu and amdkfd built in, with the KUnit
# suites of the series, and the page size of the target.  With POSTING, the
# series up to that posting only, from build/stack/POSTING/linux into
# build/stack/POSTING/TARGET.
set -eu
. "$(dirname "$0")/common.sh"
load_target "${1:-}"
posting=${2:-}

[ -e "$ksrc/.git" ] || die "no kernel tree in build/linux: run make first"

out=$build/$target
if [ -n "$posting" ]; then
	ksrc=$(stack_tree "$posting")
	out=$build/stack/$posting/$target
fi
mkdir -p "$out"

# every .kunitconfig of the series: amdkfd's, and amdgpu's once it has one
set -- --build_dir "$out" --arch "$KUNIT_ARCH"
for kc in "$ksrc"/drivers/gpu/drm/amd/*/tests/.kunitconfig; do
	if [ -f "$kc" ]; then
		set -- "$@" --kunitconfig "$kc"
	fi
done
set -- "$@" --kunitconfig "$top/harness/kunit-extra.config"
[ -z "$CROSS_COMPILE" ] || set -- "$@" --cross_compile "$CROSS_COMPILE"
for opt in $KCONFIG; do
	set -- "$@" --kconfig_add "$opt"
done

# kunit.py keeps its own copy of the fragment; rewrite it so a changed
# .kunitconfig or target file takes effect.
rm -f "$out/.kunitconfig"
cd "$ksrc"
python3 tools/testing/kunit/kunit.py config "$@" \
	--make_options "CC=ccache ${CROSS_COMPILE}gcc" --make_options "HOSTCC=ccache gcc" \
	>"$out/config.log" 2>&1 || { cat "$out/config.log" >&2; die "configuring $target failed"; }

echo "  BUILD   $target${posting:+ up to $posting} ($(grep -c . "$out/.config") config lines) in ${out#$top/}"
start=$(date +%s)
make -s ARCH="$ARCH" CROSS_COMPILE="$CROSS_COMPILE" O="$out" \
	CC="ccache ${CROSS_COMPILE}gcc" HOSTCC="ccache gcc" \
	-j"$(nproc)" >"$out/build.log" 2>&1 || { tail -40 "$out/build.log" >&2; die "building $target failed (log: ${out#$top/}/build.log)"; }
echo "  BUILT   $target${posting:+ up to $posting} in $(($(date +%s) - start)) s: ${out#$top/}/$IMAGE"
