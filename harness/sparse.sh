#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# sparse.sh: sparse (make C=2) on every C file the series touches, in the
# configuration of the x86_64-4k build, compared with the base
# (compare_with_base).  Needs that build (make build TARGET=x86_64-4k):
# the series' objects are checked in it, the base's in build/sparse/base-tree-obj,
# configured alike.
set -eu
. "$(dirname "$0")/common.sh"

ref=x86_64-4k
needs_build $ref
load_target $ref
config=$build/$ref/.config

# Debian 12's sparse (0.6.4) predates __typeof_unqual__, which the
# kernel's headers use under __CHECKER__, and the kernel refuses it; spell
# it __typeof__ for sparse.  Base and series are checked alike.
#
# check TREE FILE: sparse's findings on FILE of TREE.  build/linux's
# objects are the target's build; any other tree (the base, or GATE_KSRC)
# gets a build directory of its own, build/sparse/TREE-obj, configured as
# the target and kept for the next run.
check() {
	[ -f "$1/$2" ] || return 0
	out=$build/$ref
	if [ "$1" != "$build/linux" ]; then
		out=$build/sparse/$(basename "$1")-obj
		mkdir -p "$out"
		cmp -s "$config" "$out/.config" || cp "$config" "$out/.config"
	fi
	# amdkfd is built as part of amdgpu, from amdgpu's directory
	case $2 in
	drivers/gpu/drm/amd/amdkfd/*) obj=drivers/gpu/drm/amd/amdgpu/../amdkfd/${2##*/} ;;
	*) obj=$2 ;;
	esac
	kmake "$1" "$out" C=2 CF="-D__typeof_unqual__=__typeof__" "${obj%.c}.o" 2>&1 |
		grep -E '^[^ ]+:[0-9]+:[0-9]+: ' || :
}

# the touched C files that the x86_64-4k kernel builds
files=
for f in $(touched '*.c'); do
	[ ! -f "$build/$ref/${f%.c}.o" ] || files="$files $f"
done
gate_units=files compare_with_base sparse check $files
