# SPDX-License-Identifier: MIT
# Sourced by the scripts of userspace/ that compile against HIP's headers;
# the caller defines die().

# hip_headers HIP CLR OUT: check that HIP and CLR are ROCm/HIP and ROCm/clr
# checkouts, and write OUT/hip/hip_version.h, which HIP's cmake generates;
# the caller compiles with -IOUT -IHIP/include -ICLR/hipamd/include
hip_headers() {
	[ -e "$1/include/hip/hip_runtime.h" ] || die "$1 is not a ROCm/HIP checkout"
	[ -d "$2/hipamd/include/hip" ] || die "$2 is not a ROCm/clr checkout"
	mkdir -p "$3/hip"
	printf '#define HIP_VERSION_MAJOR 6\n#define HIP_VERSION_MINOR 3\n#define HIP_VERSION_PATCH 0\n#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000)\n' \
		>"$3/hip/hip_version.h"
}
