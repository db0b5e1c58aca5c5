#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# exports.sh: amdgpu (with amdkfd and the KUnit tests built into it) would
# link as a module: every symbol its objects in the ppc64le-64k build use is
# defined in them or exported by the kernel.  The targets build amdgpu
# into the kernel, where a test that calls a function the kernel does not
# export links anyway; modpost would refuse it in a module build.  The
# exports are read from the sources: EXPORT_SYMBOL*() and
# EXPORT_PER_CPU_SYMBOL*(), and the two macros that export in the name of
# a parameter (dev_err() and friends, the param_ops of module parameters).
set -eu
. "$(dirname "$0")/common.sh"

ref=ppc64le-64k
needs_build $ref
load_target $ref
out=$build/exports
mkdir -p "$out"

(cd "$build/$ref" && find drivers/gpu/drm/amd -name '*.o' ! -name '*.mod.o' ! -name 'built-in*') >"$out/objects"
[ -s "$out/objects" ] || die "no object of drivers/gpu/drm/amd in build/$ref: run make build TARGET=$ref"
(cd "$build/$ref" && xargs "${CROSS_COMPILE}nm" --defined-only -g <"$out/objects") 2>/dev/null |
	awk 'NF == 3 { print $3 }' | sort -u >"$out/defined"
(cd "$build/$ref" && xargs "${CROSS_COMPILE}nm" -u <"$out/objects") 2>/dev/null |
	awk 'NF == 2 { print $2 }' | sort -u >"$out/used"
{
	git -C "$ksrc" grep -h -oE "EXPORT_(PER_CPU_)?SYMBOL[A-Z_]*\(\s*[A-Za-z0-9_]+" -- '*.c' '*.S' '*.h' |
		sed 's/.*(\s*//'
	git -C "$ksrc" grep -h -oE "define_dev_printk_level\(\s*[A-Za-z0-9_]+" -- drivers/base/core.c |
		sed 's/.*(\s*//'
	git -C "$ksrc" grep -h -oE "^STANDARD_PARAM_DEF\(\s*[A-Za-z0-9_]+" -- kernel/params.c |
		sed 's/.*(\s*/param_ops_/'
	# .TOC., the ppc64 TOC base, is the linker's and the module loader's,
	# as modpost knows
	echo .TOC.
} | sort -u >"$out/exported"
comm -23 "$out/used" "$out/defined" | comm -23 - "$out/exported" >"$out/missing"
if [ -s "$out/missing" ]; then
	cat "$out/missing" >&2
	echo "exports: amdgpu uses these symbols, which the kernel does not export (above): a module build would not link; use an exported function, or keep the test out of the module" >&2
	exit 1
fi
echo "  EXPORTS $(wc -l <"$out/objects") objects of drivers/gpu/drm/amd ($ref) use $(comm -23 "$out/used" "$out/defined" | wc -l) kernel symbols, each exported"
