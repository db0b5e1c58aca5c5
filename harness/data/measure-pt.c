// SPDX-License-Identifier: GPL-2.0
/*
 * The measurement suite's page tables: never posted.  build.sh compiles it
 * into amdgpu_vm_pt.c (gcc -include), whose posted suite, amdgpu_vm_pt, is
 * included at the end of that file: this one runs that suite's sequences
 * of maps and unmaps (vm_pt_test_seqs) on its fixture, through the
 * driver's allocator, and prints what the VM's own stats count for its
 * page tables at the end of each, root PD included, as footprint lines:
 *
 *   footprint: PT-VRAM-NAME page PAGE_SIZE: BYTES
 *
 * PT-VRAM-worst is the sequence that keeps one page table in each aligned
 * group of 16 siblings: the worst case of the layout on 16 and 64 KiB
 * pages, where it takes 4 and 16 times what 4 KiB pages take.
 */

#include <kunit/test.h>
#include <linux/types.h>

/* the fixture and the sequences of amdgpu_vm_pt (tests/amdgpu_vm_pt_test.c) */
struct vm_pt_test;
static int vm_pt_test_init(struct kunit *test);
static s64 vm_pt_test_seq_vram(struct kunit *test, unsigned int i);
static void vm_pt_test_vm_fini(struct kunit *test, struct vm_pt_test *t);

/* the names of vm_pt_test_seqs[], in its order */
static const char * const measure_pt_seqs[] = {
	"PT-VRAM-one-page", "PT-VRAM-dense-1G", "PT-VRAM-worst",
	"PT-VRAM-random-90", "PT-VRAM-random-95", "PT-VRAM-sparse-64G",
	"PT-VRAM-dense-again",
};

static void measure_pt(struct kunit *test)
{
	unsigned int i;
	s64 vram;

	/* kunit_info() evaluates its arguments twice */
	for (i = 0; i < ARRAY_SIZE(measure_pt_seqs); i++) {
		vram = vm_pt_test_seq_vram(test, i);
		vm_pt_test_vm_fini(test, test->priv);
		kunit_info(test, "footprint: %s page %lu: %lld\n", measure_pt_seqs[i],
			   PAGE_SIZE, vram);
	}
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
