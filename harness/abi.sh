#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# abi.sh [TARGET...]: export the patched tree's uapi headers for each
# target's architecture and compile harness/data/abi.c against them with the
# target's compiler; it compiles only if the series' ABI is as documented.
set -eu
. "$(dirname "$0")/common.sh"

rc=0
for t in ${*:-$(targets)}; do
	load_target "$t"
	hdr=$build/abi/$t
	rm -rf "$hdr"
	mkdir -p "$hdr"
	make -s -C "$ksrc" O="$hdr/obj" ARCH="$ARCH" headers_install \
		INSTALL_HDR_PATH="$hdr" >"$hdr/log" 2>&1 ||
		die "$t: headers_install failed, see ${hdr#$top/}/log"
	if "${CROSS_COMPILE:-}gcc" -std=c11 -ffreestanding -Wall -Werror \
		-isystem "$hdr/include" -c "$top/harness/data/abi.c" \
		-o "$hdr/abi.o" >>"$hdr/log" 2>&1; then
		echo "  ABI     $t: kfd_ioctl.h and kfd_sysfs.h as documented"
	else
		echo "  ABI     $t: FAILED, see ${hdr#$top/}/log" >&2
		rc=1
	fi
done
exit $rc
