#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# sparse.sh: sparse on every C file the series touches, in the x86_64-4k
# build; fails on any finding that the same file does not have in the
# base tree (the base already has some).  The base files are checked in a
# worktree of the base commit, build/base-tree, configured alike.
set -eu
. "$(dirname "$0")/common.sh"

ref=x86_64-4k
out=$build/$ref
[ -f "$out/.config" ] || "$top/harness/build.sh" $ref

base_src=$(base_tree)
tmp=$build/sparse
base_out=$tmp/base-obj
mkdir -p "$base_out"
cmp -s "$out/.config" "$base_out/.config" || cp "$out/.config" "$base_out/.config"

# Debian 12's sparse (0.6.4) predates __typeof_unqual__, which the
# kernel's headers use under __CHECKER__, and the kernel refuses it; spell
# it __typeof__ for sparse.  Base and series are checked alike.
kmake() {
	make -s ARCH=x86_64 CC="ccache gcc" HOSTCC="ccache gcc" C=2 \
		CF="-D__typeof_unqual__=__typeof__" "$@"
}

# findings without the tree's path, line and column, so that moved code
# is not new
findings() {
	sed -n 's/^[^ :]*\/\(drivers\/\|include\/\|arch\/\)/\1/; s/^\([^ :]*\):[0-9]*:[0-9]*: /\1: /p' | sort
}

files=$(touched '*.c')
rc=0
checked=0
seen=0
inbase=0
for f in $files; do
	[ -f "$out/${f%.c}.o" ] || continue
	# amdkfd is built as part of amdgpu, from amdgpu's directory
	case $f in
	drivers/gpu/drm/amd/amdkfd/*) obj=drivers/gpu/drm/amd/amdgpu/../amdkfd/${f##*/} ;;
	*) obj=$f ;;
	esac
	obj=${obj%.c}.o
	checked=$((checked + 1))
	kmake -C "$ksrc" O="$out" "$obj" 2>&1 | findings >"$tmp/series" || true
	: >"$tmp/base"
	if git -C "$ksrc" cat-file -e "base:$f" 2>/dev/null; then
		kmake -C "$base_src" O="$base_out" "$obj" 2>&1 | findings >"$tmp/base" || true
	fi
	seen=$((seen + $(wc -l <"$tmp/series")))
	inbase=$((inbase + $(wc -l <"$tmp/base")))
	new_findings sparse "$f" "$tmp/series" "$tmp/base" || rc=1
done
gate_line SPARSE $rc "$checked files, $seen findings (base: $inbase)"
