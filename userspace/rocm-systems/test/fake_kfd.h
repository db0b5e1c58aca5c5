/* SPDX-License-Identifier: MIT */
/*
 * fake_kfd.h - what the fake /dev/kfd (fake_kfd.so, an LD_PRELOAD shim)
 * records, and what a test sets in it.  The test finds the one instance,
 * "fake_kfd", with dlsym().
 *
 * The values of the new uapi are written here from the kernel's uapi, not
 * taken from the libhsakmt headers under test, so that a wrong number in
 * those headers fails the test.
 */
#ifndef FAKE_KFD_H
#define FAKE_KFD_H

#include <stdint.h>
#include <linux/ioctl.h>

/*
 * include/uapi/linux/kfd_sysfs.h, node property capability2.  0x00000004
 * is not the kernel's: libhsakmt reads it as StallOnRetryFault, a flag of
 * its own (newer libhsakmt; 0x00000002 is its AqlEmulationPm4_).
 */
#define FAKE_CAP2_LIBHSAKMT_OWN			0x00000006
#define FAKE_CAP2_HDP_FLUSH_SUPPORTED		0x00000008
#define FAKE_CAP2_NEXT				0x00000010	/* a bit not defined yet */

/* include/uapi/linux/kfd_ioctl.h, KFD ioctl version 1.24 */
struct fake_kfd_hdp_flush_args {
	uint64_t device_ids_array_ptr;
	uint32_t n_devices;
	uint32_t flags;
};
#define FAKE_KFD_IOC_HDP_FLUSH	_IOW('K', 0x29, struct fake_kfd_hdp_flush_args)
#define FAKE_KFD_HDP_FLUSH_MAX	64	/* KFD_HDP_FLUSH_MAX_GPUS */

#define FAKE_KFD_MAX_GPUS	8

struct fake_kfd {
	/* Set by the test */
	uint32_t mmio_fail_gpu_ids[FAKE_KFD_MAX_GPUS];	/* MMIO remap allocations on them fail */
	int mmio_fail_errno;		/* with this errno */
	int hdp_errno;			/* AMDKFD_IOC_HDP_FLUSH fails with it, 0: succeeds */

	/* Recorded by the shim */
	uint32_t gpu_ids[FAKE_KFD_MAX_GPUS];	/* from the fake topology */
	unsigned int num_gpus;
	unsigned int mmio_allocs[FAKE_KFD_MAX_GPUS];	/* MMIO remap allocations, by gpu_ids[] index */
	unsigned int hdp_calls;
	unsigned long hdp_request;	/* request number of the last call */
	uint32_t hdp_n_devices;
	uint32_t hdp_flags;
	uint32_t hdp_ids[FAKE_KFD_HDP_FLUSH_MAX];
	unsigned int unexpected_ioctls;
};

#endif
