#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kunit.sh TARGET [POSTING]: boot the kernel of TARGET in QEMU (boot in
# common.sh), into build/TARGET/kunit.log, then judge the log with
# verdict.sh.  With POSTING, the kernel of the series up to that posting,
# in build/stack/POSTING/TARGET (build.sh TARGET POSTING).
set -eu
. "$(dirname "$0")/common.sh"
load_target "${1:-}"

out=$build/$target
[ -z "${2:-}" ] || out=$build/stack/$2/$target
log=$out/kunit.log
[ -f "$out/$IMAGE" ] || die "no kernel at ${out#$top/}/$IMAGE: run harness/build.sh $target${2:+ $2}"

start=$(date +%s)
boot "$out/$IMAGE" "$log"
echo "  QEMU    $target${2:+ up to $2}: $(($(date +%s) - start)) s"
exec "$top/harness/verdict.sh" "$target" "$log" ${2:+"$2"}
