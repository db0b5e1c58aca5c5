// SPDX-License-Identifier: GPL-2.0
/*
 * The measurement suite's cost of AMDKFD_IOC_HDP_FLUSH: never posted.
 * build.sh compiles it into kfd_chardev.c (gcc -include), whose posted
 * suite, amdkfd_chardev, is included at the end of that file: this one
 * runs on that suite's fixture (a process owning fake GPUs whose HDP
 * flush only counts) and calls the ioctl through the same helper, the
 * real kfd_ioctl() behind it.  It prints, in picoseconds per call:
 *
 *   cost: WHAT: PS
 *
 * for a call that a GPU the process does not own ends before any flush
 * (the copies of the arguments, the dispatch, the checks), calls that
 * flush 1 and 8 GPUs, and a 4-byte store to memory, what user space does
 * where it maps the flush register.  QEMU runs with TCG: footprint.sh
 * says what these figures do not tell about hardware.
 */

#include <kunit/test.h>
#include <linux/ktime.h>
#include <linux/types.h>

/* the fixture and the call of amdkfd_chardev (tests/kfd_chardev_test.c) */
static int kfd_chardev_test_init(struct kunit *test);
static long kfd_hdp_test_flush(struct kunit *test, const u32 *ids, u32 num_gpus);

#define MEASURE_IOCTLS	2000
#define MEASURE_STORES	200000

/* The time per call of AMDKFD_IOC_HDP_FLUSH on @num_gpus GPUs of @ids */
static void measure_hdp_ioctl(struct kunit *test, const char *what,
			      const u32 *ids, u32 num_gpus, long expect)
{
	unsigned int i;
	long r = expect;
	u64 t0, ps;

	t0 = ktime_get_ns();
	for (i = 0; i < MEASURE_IOCTLS && r == expect; i++)
		r = kfd_hdp_test_flush(test, ids, num_gpus);
	ps = div_u64((ktime_get_ns() - t0) * 1000, MEASURE_IOCTLS);
	KUNIT_ASSERT_EQ(test, r, expect);
	/* kunit_info() evaluates its arguments twice */
	if (what)
		kunit_info(test, "cost: %s: %llu\n", what, ps);
}

static void measure_hdp_flush(struct kunit *test)
{
	u32 *reg = kunit_kzalloc(test, sizeof(*reg), GFP_KERNEL);
	u32 ids[8];
	unsigned int i;
	u64 t0, ps;

	KUNIT_ASSERT_NOT_NULL(test, reg);
	/* the fixture's GPU ids are 0x1000 + i; the process owns 0 to 8, not 9 */
	ids[0] = 0x1000;
	measure_hdp_ioctl(test, NULL, ids, 1, 0);	/* a warm-up, not printed */
	ids[0] = 0x1000 + 9;
	measure_hdp_ioctl(test, "hdp-flush-ioctl-refused", ids, 1, -EINVAL);
	for (i = 0; i < 8; i++)
		ids[i] = 0x1000 + i;
	measure_hdp_ioctl(test, "hdp-flush-ioctl-1-gpu", ids, 1, 0);
	measure_hdp_ioctl(test, "hdp-flush-ioctl-8-gpus", ids, 8, 0);

	t0 = ktime_get_ns();
	for (i = 0; i < MEASURE_STORES; i++)
		WRITE_ONCE(*reg, i);
	ps = div_u64((ktime_get_ns() - t0) * 1000, MEASURE_STORES);
	kunit_info(test, "cost: store-4-bytes: %llu\n", ps);
}

static struct kunit_case measure_hdp_cases[] = {
	KUNIT_CASE(measure_hdp_flush),
	{}
};

static struct kunit_suite measure_hdp_suite = {
	.name = "amdkfd_measure",
	.init = kfd_chardev_test_init,
	.test_cases = measure_hdp_cases,
};

kunit_test_suite(measure_hdp_suite);
