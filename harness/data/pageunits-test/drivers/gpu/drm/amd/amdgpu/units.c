// SPDX-License-Identifier: GPL-2.0
/* The cases harness/pageunits.py must find ("bad") and must pass ("good"). */
struct amdgpu_bo_va_mapping { u64 start; u64 last; };
struct svm_range { unsigned long start; unsigned long last; };
struct fault_info { u64 page_addr; };

/* a GPU page number looked up with the CPU page shift */
void bad_lookup(struct amdgpu_vm *vm, u64 va)
{
	amdgpu_vm_bo_lookup_mapping(vm, va >> PAGE_SHIFT);
}

void good_lookup(struct amdgpu_vm *vm, u64 va)
{
	amdgpu_vm_bo_lookup_mapping(vm, va >> AMDGPU_GPU_PAGE_SHIFT);
}

/* a field written in GPU pages in one file and read in CPU pages in another */
void bad_field_store(struct fault_info *info, u64 addr)
{
	info->page_addr = addr;
	pr_info("%llx", addr << AMDGPU_GPU_PAGE_SHIFT);
}

u64 bad_field_load(struct fault_info *info)
{
	return info->page_addr << PAGE_SHIFT;
}

/* through a parameter and an out-parameter */
static void check(u64 start, u64 *first)
{
	struct amdgpu_bo_va_mapping *m;

	m = find(start);
	*first = m->start;
}

void bad_outparam(struct svm_range *prange)
{
	u64 first;

	check(prange->start, &first);
	if (first < prange->start)
		pr_info("overlap");
}

/* a local used for both units one after the other is two values */
u64 good_reuse(u64 bytes)
{
	u64 tmp;

	tmp = bytes >> PAGE_SHIFT;
	pr_info("%llu", tmp << PAGE_SHIFT);
	tmp = bytes >> AMDGPU_GPU_PAGE_SHIFT;
	return tmp << AMDGPU_GPU_PAGE_SHIFT;
}

/* a count of GPU pages rounded down to CPU pages */
u64 bad_trunc(u64 num_entries)
{
	return num_entries / AMDGPU_GPU_PAGES_IN_CPU_PAGE;
}

/* a GPU address aligned to the CPU page size */
u64 bad_align(struct amdgpu_device *adev)
{
	return ALIGN(amdgpu_csa_vaddr(adev) + SZ_64K, PAGE_SIZE);
}

u64 good_align(struct amdgpu_device *adev)
{
	return ALIGN(amdgpu_csa_vaddr(adev) + SZ_64K, AMDGPU_GPU_PAGE_SIZE);
}

#define HOLE (0x80000 - PAGE_SIZE)
u64 bad_const(void)
{
	return HOLE;
}

/* a bit that moves with the CPU page size */
void bad_bit(u64 *addr)
{
	*addr |= 1 << PAGE_SHIFT;
}

void good_bit(u64 *addr)
{
	*addr |= 1 << AMDGPU_GPU_PAGE_SHIFT;
}
