// SPDX-License-Identifier: GPL-2.0
/*
 * The measurement suite's page tables: never posted.  build.sh compiles it
 * into amdgpu_vm_pt.c (gcc -include), whose posted suite, amdgpu_vm_pt, is
 * included at the end of that file: this one runs that suite's sequences
 * of maps and unmaps (vm_pt_test_seqs) and its adversary on its fixture,
 * through the driver's allocator and compaction, and prints what the VM's
 * own stats count for its page tables at the end of each, root PD
 * included, and how many tables the compaction moved for each 100 PTs
 * the sequence unmapped, as footprint lines:
 *
 *   footprint: PT-VRAM-NAME page PAGE_SIZE: BYTES
 *   footprint: PT-moves-NAME page PAGE_SIZE: MOVES PER 100 FREES
 *
 * PT-VRAM-worst is the adversary's (vm_pt_test_adversary_vram()), which
 * keeps the first PT of each BO of the pool and unmaps every other one;
 * PT-VRAM-worst-4k is what the tables it leaves take with 4 KiB pages, a
 * BO of 4 KiB each.
 */

#include <kunit/test.h>
#include <linux/types.h>

/* the fixture, the sequences and the adversary of amdgpu_vm_pt (tests/amdgpu_vm_pt_test.c) */
struct vm_pt_test;
static int vm_pt_test_init(struct kunit *test);
static s64 vm_pt_test_seq_vram(struct kunit *test, unsigned int i, unsigned int *frees,
			       unsigned int *copies);
static s64 vm_pt_test_adversary_vram(struct kunit *test, unsigned int *tables,
				     unsigned int *copies);
static void vm_pt_test_vm_fini(struct kunit *test, struct vm_pt_test *t);

/* the names of vm_pt_test_seqs[], in its order */
static const char * const measure_pt_seqs[] = {
	"one-page", "dense-1G", "one-in-16", "random-90", "random-95", "sparse-64G",
	"dense-again",
};

static void measure_pt(struct kunit *test)
{
	unsigned int i, frees, copies, tables;
	s64 vram;

	/* kunit_info() evaluates its arguments twice */
	for (i = 0; i < ARRAY_SIZE(measure_pt_seqs); i++) {
		vram = vm_pt_test_seq_vram(test, i, &frees, &copies);
		vm_pt_test_vm_fini(test, test->priv);
		kunit_info(test, "footprint: PT-VRAM-%s page %lu: %lld\n", measure_pt_seqs[i],
			   PAGE_SIZE, vram);
		if (frees)
			kunit_info(test, "footprint: PT-moves-%s page %lu: %u\n",
				   measure_pt_seqs[i], PAGE_SIZE, copies * 100 / frees);
	}
	vram = vm_pt_test_adversary_vram(test, &tables, &copies);
	vm_pt_test_vm_fini(test, test->priv);
	kunit_info(test, "footprint: PT-VRAM-worst page %lu: %lld\n", PAGE_SIZE, vram);
	kunit_info(test, "footprint: PT-VRAM-worst-4k page %lu: %u\n", PAGE_SIZE,
		   (tables + 1) * SZ_4K);
}

static struct kunit_case measure_pt_cases[] = {
	KUNIT_CASE(measure_pt),
	{}
};

static struct kunit_suite measure_pt_suite = {
	.name = "amdgpu_vm_pt_measure",
	.init = vm_pt_test_init,
	.test_cases = measure_pt_cases,
};

kunit_test_suite(measure_pt_suite);
