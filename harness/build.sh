#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# build.sh TARGET: configure and build the kernel of TARGET from build/linux
# into build/TARGET: amdgpu and amdkfd built in, with the KUnit suites of
# the series, and the page size of the target.
set -eu
. "$(dirname "$0")/common.sh"
load_target "${1:-}"

[ -d "$ksrc/.git" ] || die "no kernel tree in build/linux: run make first"

out=$build/$target
mkdir -p "$out"
export CCACHE_DIR="${CCACHE_DIR:-$build/ccache}" CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-8G}"

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

echo "  BUILD   $target ($(grep -c . "$out/.config") config lines) in build/$target"
start=$(date +%s)
make -s ARCH="$ARCH" CROSS_COMPILE="$CROSS_COMPILE" O="$out" \
	CC="ccache ${CROSS_COMPILE}gcc" HOSTCC="ccache gcc" \
	-j"$(nproc)" >"$out/build.log" 2>&1 || { tail -40 "$out/build.log" >&2; die "building $target failed (log: build/$target/build.log)"; }
echo "  BUILT   $target in $(($(date +%s) - start)) s: build/$target/$IMAGE"
