// SPDX-License-Identifier: GPL-2.0
/*
 * The measurement suite of the footprint report: never posted.  build.sh
 * compiles it into amdgpu_doorbell_mgr.c of every target's kernel (gcc
 * -include, through CFLAGS_amdgpu_doorbell_mgr.o), where it calls the
 * driver's own functions for a gfx90a-like device (an MI210) and prints
 * what they give on the page size of the kernel it runs on:
 *
 *   footprint: WHAT page PAGE_SIZE: BYTES
 *
 * footprint.sh puts the lines of every target in a table beside the base's
 * figures (harness/data/footprint.base).  It asserts nothing: the posted
 * suites test the behaviour.
 */

#include <kunit/test.h>
#include "amdgpu.h"
#include "kfd_priv.h"

/* Static in amdgpu_doorbell_mgr.c, defined after this file */
static u32 amdgpu_doorbell_kernel_layout(u32 num_doorbells, unsigned long page_size,
					 u32 *mes_offset, u32 *kfd_offset);

/* amdgpu's kernel doorbells on gfx90a: max_assignment + 1 of the Vega20 layout, plus 0x400 */
#define MEASURE_GFX90A_KERNEL_DOORBELLS	0x7ef

static void measure_print(struct kunit *test, const char *what, unsigned long bytes)
{
	kunit_info(test, "footprint: %s page %lu: %lu\n", what, PAGE_SIZE, bytes);
}

static void measure_footprint(struct kunit *test)
{
	unsigned long slice;
	u32 size, mes, kfd_page;
	struct kfd_dev *kfd = kunit_kzalloc(test, sizeof(*kfd), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, kfd);

	/* The BAR the kernel's doorbells take, KFD's HIQ page included */
	size = amdgpu_doorbell_kernel_layout(MEASURE_GFX90A_KERNEL_DOORBELLS, PAGE_SIZE,
					     &mes, &kfd_page);
	measure_print(test, "kernel-doorbell-BAR", size);

	/* The BAR each process with queues takes: 8-byte doorbells, no MES */
	kfd->device_info.doorbell_size = 8;
	slice = kfd_doorbell_process_slice(kfd);
	measure_print(test, "process-doorbell-BAR", slice);

	/* Hence how many processes have queues on a GPU with a 2 MiB BAR */
	measure_print(test, "processes-with-queues", (SZ_2M - size) / slice);

	/* What a retry fault migrates, at the default granularity */
	measure_print(test, "SVM-fault-migration",
		      (1UL << amdgpu_svm_default_granularity) * PAGE_SIZE);
}

static struct kunit_case measure_cases[] = {
	KUNIT_CASE(measure_footprint),
	{}
};

static struct kunit_suite measure_suite = {
	.name = "amdgpu_measure",
	.test_cases = measure_cases,
};

kunit_test_suite(measure_suite);
