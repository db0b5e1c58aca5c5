#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kunit.sh TARGET: boot the kernel of TARGET in QEMU, TCG only (KVM guests
# hang on these machines, and kunit.py's own runner asks for KVM first),
# into build/TARGET/kunit.log, then judge the log with verdict.sh.
set -eu
. "$(dirname "$0")/common.sh"
load_target "${1:-}"

out=$build/$target
log=$out/kunit.log
[ -f "$out/$IMAGE" ] || die "no kernel at build/$target/$IMAGE: run make build TARGET=$target"

start=$(date +%s)
# shellcheck disable=SC2086
timeout "${KUNIT_TIMEOUT:-900}" "$QEMU" -accel tcg -nodefaults -nographic -no-reboot \
	-serial stdio $QEMU_ARGS -kernel "$out/$IMAGE" \
	-append "console=$CONSOLE kunit.enable=1 kunit_shutdown=poweroff panic=-1" \
	</dev/null >"$log" 2>&1 || echo "kunit.sh: QEMU exited with $? (timeout or crash)" >>"$log"
echo "  QEMU    $target: $(($(date +%s) - start)) s"
exec "$top/harness/verdict.sh" "$target" "$log"
