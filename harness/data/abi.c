// SPDX-License-Identifier: GPL-2.0
/*
 * The uapi of the series as user space sees it: compiled, for each target's
 * architecture, against the headers `make headers_install` exports from the
 * patched tree.  It compiles only if the ABI is what kfd_ioctl.h and
 * kfd_sysfs.h document.
 */
#include <linux/kfd_ioctl.h>
#include <linux/kfd_sysfs.h>

#define ABI(cond) _Static_assert(cond, #cond)
#define OFF(type, member) __builtin_offsetof(struct type, member)

/* AMDKFD_IOC_HDP_FLUSH: the next free command, write-only, 16 bytes */
ABI(_IOC_TYPE(AMDKFD_IOC_HDP_FLUSH) == 'K');
ABI(_IOC_NR(AMDKFD_IOC_HDP_FLUSH) == 0x29);
ABI(_IOC_DIR(AMDKFD_IOC_HDP_FLUSH) == _IOC_WRITE);
ABI(_IOC_SIZE(AMDKFD_IOC_HDP_FLUSH) == sizeof(struct kfd_ioctl_hdp_flush_args));
ABI(_IOC_SIZE(AMDKFD_IOC_HDP_FLUSH) % 8 == 0);
ABI(_IOC_SIZE(AMDKFD_IOC_HDP_FLUSH) <= 128);	/* kfd_ioctl()'s stack buffer */
ABI(AMDKFD_COMMAND_END == _IOC_NR(AMDKFD_IOC_HDP_FLUSH) + 1);
ABI(_IOC_NR(AMDKFD_IOC_PROFILER) == 0x28);
ABI(KFD_IOCTL_MAJOR_VERSION == 1 && KFD_IOCTL_MINOR_VERSION == 24);

/* struct kfd_ioctl_hdp_flush_args: no hole, no tail padding */
ABI(sizeof(struct kfd_ioctl_hdp_flush_args) == 16);
ABI(_Alignof(struct kfd_ioctl_hdp_flush_args) == 8);
ABI(OFF(kfd_ioctl_hdp_flush_args, device_ids_array_ptr) == 0);
ABI(OFF(kfd_ioctl_hdp_flush_args, n_devices) == 8);
ABI(OFF(kfd_ioctl_hdp_flush_args, flags) == 12);

/*
 * capability2: one bit each, none shared, the reserved mask the rest; bit 2
 * stays reserved (libhsakmt reads it as a flag of its own)
 */
ABI(HSA_CAP2_HDP_FLUSH_SUPPORTED == 0x8);
ABI((HSA_CAP2_PER_SDMA_QUEUE_RESET_SUPPORTED |
     HSA_CAP2_TRAP_DEBUG_LDS_OUT_OF_ADDR_RANGE_SUPPORTED |
     HSA_CAP2_HDP_FLUSH_SUPPORTED) ==
    (HSA_CAP2_PER_SDMA_QUEUE_RESET_SUPPORTED ^
     HSA_CAP2_TRAP_DEBUG_LDS_OUT_OF_ADDR_RANGE_SUPPORTED ^
     HSA_CAP2_HDP_FLUSH_SUPPORTED));
ABI((HSA_CAP2_RESERVED & (HSA_CAP2_PER_SDMA_QUEUE_RESET_SUPPORTED |
			  HSA_CAP2_TRAP_DEBUG_LDS_OUT_OF_ADDR_RANGE_SUPPORTED |
			  HSA_CAP2_HDP_FLUSH_SUPPORTED)) == 0);
ABI((HSA_CAP2_PER_SDMA_QUEUE_RESET_SUPPORTED |
     HSA_CAP2_TRAP_DEBUG_LDS_OUT_OF_ADDR_RANGE_SUPPORTED |
     HSA_CAP2_HDP_FLUSH_SUPPORTED | HSA_CAP2_RESERVED) == 0xffffffff);
ABI((HSA_CAP2_RESERVED & 0x4) == 0x4);
