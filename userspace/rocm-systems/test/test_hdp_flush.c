// SPDX-License-Identifier: MIT
/*
 * test_hdp_flush.c - libhsakmt against fake_kfd.so, no GPU needed:
 * HSA_CAPABILITY2 reads the kernel's bit 0x8 (not libhsakmt's own 0x2 and
 * 0x4, nor a later 0x10), the MMIO remap page is asked for once on every
 * GPU node and an EOPNOTSUPP refusal of it is quiet, and hsaKmtHdpFlush()
 * sends the gpu_ids of its nodes in one AMDKFD_IOC_HDP_FLUSH, takes every
 * errno of it as an error, and issues none to a KFD older than 1.24.
 *
 * Run: FAKE_KFD_ROOT=dir LD_PRELOAD=fake_kfd.so test_hdp_flush, after
 * mktopo.sh dir.  Ends with "N passed, N failed"; exits 1 on a failure.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Used, not declared, by hsakmt.h */
struct kfd_ioctl_dbg_trap_args;
#include <hsakmt/hsakmt.h>

#include "fake_kfd.h"

/* Nodes of mktopo.sh */
enum { CPU_NODE, NODE_NO_MMIO, NODE_MMIO, NODE_NO_HDP, NUM_NODES };

static struct fake_kfd *fk;
static unsigned int passed, failed;

#define check(cond, ...) do {					\
	if (cond) {						\
		passed++;					\
	} else {						\
		failed++;					\
		printf("FAIL %s:%d: ", __FILE__, __LINE__);	\
		printf(__VA_ARGS__);				\
		printf("\n");					\
	}							\
} while (0)

static uint32_t gpu_id_of(uint32_t node)
{
	HsaNodeProperties props;

	if (hsaKmtGetNodeProperties(node, &props) != HSAKMT_STATUS_SUCCESS)
		return 0;
	return props.KFDGpuID;
}

static unsigned int mmio_allocs(uint32_t node)
{
	uint32_t gpu_id = gpu_id_of(node);
	unsigned int i;

	for (i = 0; i < fk->num_gpus; i++)
		if (fk->gpu_ids[i] == gpu_id)
			return fk->mmio_allocs[i];
	return ~0u;
}

/* hsaKmtHdpFlush() of @nodes, with @err from the kernel if it gets there */
static HSAKMT_STATUS flush(HSAuint32 *nodes, HSAuint32 n, int err, unsigned int *calls)
{
	unsigned int before = fk->hdp_calls;
	HSAKMT_STATUS ret;

	fk->hdp_errno = err;
	ret = hsaKmtHdpFlush(nodes, n);
	fk->hdp_errno = 0;
	*calls = fk->hdp_calls - before;
	return ret;
}

/* A flush refused with @want before any ioctl; @what names the call */
#define check_refused(nodes, n, want, what) do {				\
	unsigned int calls_;							\
	HSAKMT_STATUS ret_ = flush(nodes, n, 0, &calls_);			\
										\
	check(ret_ == (want) && !calls_, "%s: status %d after %u ioctls, want "	\
	      #want ", none", what, ret_, calls_);				\
} while (0)

/* Open KFD with stderr, where libhsakmt prints its errors, in @log */
static HSAKMT_STATUS open_kfd(char *log, size_t size)
{
	HsaSystemProperties sys;
	char path[] = "/tmp/test_hdp_flush.XXXXXX";
	HSAKMT_STATUS ret;
	int fd, saved;
	ssize_t n;

	fd = mkstemp(path);
	if (fd < 0) {
		perror("mkstemp");
		exit(2);
	}
	unlink(path);
	fflush(stderr);
	saved = dup(2);
	dup2(fd, 2);

	ret = hsaKmtOpenKFD();
	if (ret == HSAKMT_STATUS_SUCCESS)
		ret = hsaKmtAcquireSystemProperties(&sys);
	if (ret == HSAKMT_STATUS_SUCCESS && sys.NumNodes != NUM_NODES)
		ret = HSAKMT_STATUS_ERROR;

	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	n = pread(fd, log, size - 1, 0);
	log[n > 0 ? n : 0] = 0;
	close(fd);
	return ret;
}

static void test_capability2(void)
{
	HSA_CAPABILITY2 cap2;

	/* The layout, one bit at a time */
	cap2.Value = FAKE_CAP2_HDP_FLUSH_SUPPORTED;
	check(cap2.ui32.HdpFlushSupported,
	      "capability2 0x%x not read as HdpFlushSupported", cap2.Value);
	cap2.Value = FAKE_CAP2_LIBHSAKMT_OWN;
	check(!cap2.ui32.HdpFlushSupported,
	      "capability2 0x%x (AqlEmulationPm4_, StallOnRetryFault) read as HdpFlushSupported",
	      cap2.Value);
	cap2.Value = FAKE_CAP2_NEXT;
	check(!cap2.ui32.HdpFlushSupported,
	      "capability2 0x%x (a later bit) read as HdpFlushSupported", cap2.Value);
}

static void test_mmio_remap(const char *log)
{
	HsaNodeProperties props;

	memset(&props, 0, sizeof(props));
	/* The values mktopo.sh writes, as read from sysfs */
	check(hsaKmtGetNodeProperties(NODE_NO_MMIO, &props) == HSAKMT_STATUS_SUCCESS &&
	      props.Capability2.Value == FAKE_CAP2_HDP_FLUSH_SUPPORTED &&
	      props.Capability2.ui32.HdpFlushSupported,
	      "capability2 0x%x of node %d, want 0x%x read as HdpFlushSupported",
	      props.Capability2.Value, NODE_NO_MMIO, FAKE_CAP2_HDP_FLUSH_SUPPORTED);
	check(hsaKmtGetNodeProperties(NODE_MMIO, &props) == HSAKMT_STATUS_SUCCESS &&
	      props.Capability2.Value == FAKE_CAP2_HDP_FLUSH_SUPPORTED &&
	      props.Capability2.ui32.HdpFlushSupported,
	      "capability2 0x%x of node %d, want 0x%x read as HdpFlushSupported",
	      props.Capability2.Value, NODE_MMIO, FAKE_CAP2_HDP_FLUSH_SUPPORTED);
	check(hsaKmtGetNodeProperties(NODE_NO_HDP, &props) == HSAKMT_STATUS_SUCCESS &&
	      props.Capability2.Value == 0 && !props.Capability2.ui32.HdpFlushSupported,
	      "capability2 0x%x of node %d, want 0", props.Capability2.Value, NODE_NO_HDP);

	/* Asked for once on every GPU, refused on nodes 1 and 3 */
	check(mmio_allocs(NODE_NO_MMIO) == 1,
	      "%u MMIO remap allocations on node %d; want 1 (refused with EOPNOTSUPP)",
	      mmio_allocs(NODE_NO_MMIO), NODE_NO_MMIO);
	check(mmio_allocs(NODE_MMIO) == 1,
	      "%u MMIO remap allocations on node %d, which has the page; want 1",
	      mmio_allocs(NODE_MMIO), NODE_MMIO);
	check(mmio_allocs(NODE_NO_HDP) == 1,
	      "%u MMIO remap allocations on node %d; want 1 (refused with EOPNOTSUPP)",
	      mmio_allocs(NODE_NO_HDP), NODE_NO_HDP);
	check(!strstr(log, "mmio"),
	      "libhsakmt printed an error about the MMIO remap page:\n%s", log);
}

static void test_flush_ids(void)
{
	HSAuint32 nodes[] = { NODE_MMIO, NODE_NO_MMIO };
	unsigned int calls;
	HSAKMT_STATUS ret;

	ret = flush(nodes, 2, 0, &calls);
	check(ret == HSAKMT_STATUS_SUCCESS, "flush of nodes 2, 1: status %d, want SUCCESS", ret);
	check(calls == 1, "flush of nodes 2, 1: %u ioctls, want 1", calls);
	check(fk->hdp_request == FAKE_KFD_IOC_HDP_FLUSH,
	      "ioctl request 0x%lx, want AMDKFD_IOC_HDP_FLUSH 0x%lx",
	      fk->hdp_request, (unsigned long)FAKE_KFD_IOC_HDP_FLUSH);
	check(fk->hdp_n_devices == 2 && fk->hdp_flags == 0,
	      "n_devices %u flags 0x%x, want 2 and 0", fk->hdp_n_devices, fk->hdp_flags);
	check(fk->hdp_ids[0] == gpu_id_of(NODE_MMIO) && fk->hdp_ids[1] == gpu_id_of(NODE_NO_MMIO) &&
	      fk->hdp_ids[0] == 45058 && fk->hdp_ids[1] == 40961,
	      "gpu_ids %u %u, want 45058 40961", fk->hdp_ids[0], fk->hdp_ids[1]);

	nodes[0] = NODE_NO_MMIO;
	ret = flush(nodes, 1, 0, &calls);
	check(ret == HSAKMT_STATUS_SUCCESS && calls == 1 && fk->hdp_n_devices == 1 &&
	      fk->hdp_ids[0] == 40961,
	      "flush of node 1: status %d, %u ioctls, n_devices %u, gpu_id %u; want 0, 1, 1, 40961",
	      ret, calls, fk->hdp_n_devices, fk->hdp_ids[0]);
}

static void test_flush_errnos(void)
{
	static const struct {
		int err;
		HSAKMT_STATUS want;
	} map[] = {
		{ EINVAL, HSAKMT_STATUS_ERROR },
		{ ENODEV, HSAKMT_STATUS_ERROR },
		{ EOPNOTSUPP, HSAKMT_STATUS_ERROR },
		{ EIO, HSAKMT_STATUS_ERROR },
		{ ENOTTY, HSAKMT_STATUS_ERROR },
		{ EFAULT, HSAKMT_STATUS_ERROR },
	};
	HSAuint32 nodes[] = { NODE_NO_MMIO, NODE_MMIO };
	unsigned int i, calls;
	HSAKMT_STATUS ret;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		ret = flush(nodes, 2, map[i].err, &calls);
		check(ret == map[i].want && calls == 1,
		      "kernel error %s: status %d after %u ioctls, want %d after 1",
		      strerrorname_np(map[i].err), ret, calls, map[i].want);
	}
}

static void test_flush_refused(void)
{
	HSAuint32 nodes[FAKE_KFD_HDP_FLUSH_MAX + 1];
	unsigned int i, calls;
	HSAKMT_STATUS ret;

	for (i = 0; i < FAKE_KFD_HDP_FLUSH_MAX + 1; i++)
		nodes[i] = NODE_MMIO;

	ret = flush(nodes, FAKE_KFD_HDP_FLUSH_MAX, 0, &calls);
	check(ret == HSAKMT_STATUS_SUCCESS && calls == 1 &&
	      fk->hdp_n_devices == FAKE_KFD_HDP_FLUSH_MAX,
	      "flush of 64 nodes: status %d after %u ioctls, n_devices %u; want 0, 1, 64",
	      ret, calls, fk->hdp_n_devices);
	check_refused(nodes, FAKE_KFD_HDP_FLUSH_MAX + 1, HSAKMT_STATUS_INVALID_PARAMETER,
		      "flush of 65 nodes");
	check_refused(nodes, 0, HSAKMT_STATUS_INVALID_PARAMETER, "flush of 0 nodes");
	check_refused(NULL, 1, HSAKMT_STATUS_INVALID_PARAMETER, "flush of NULL");

	nodes[1] = NODE_NO_HDP;
	check_refused(nodes, 2, HSAKMT_STATUS_NOT_SUPPORTED,
		      "flush with a node without HDP_FLUSH_SUPPORTED");
	nodes[1] = CPU_NODE;
	check_refused(nodes, 2, HSAKMT_STATUS_INVALID_NODE_UNIT, "flush with a CPU node");
	nodes[1] = NUM_NODES;
	check_refused(nodes, 2, HSAKMT_STATUS_INVALID_NODE_UNIT, "flush with a node past the last");
}

/* A KFD older than 1.24 gets no ioctl: reopened as 1.23 */
static void test_flush_old_kfd(void)
{
	HSAuint32 nodes[] = { NODE_MMIO };
	static char log[65536];
	HSAKMT_STATUS ret;

	hsaKmtReleaseSystemProperties();
	hsaKmtCloseKFD();
	setenv("FAKE_KFD_MINOR", "23", 1);
	ret = open_kfd(log, sizeof(log));
	check(ret == HSAKMT_STATUS_SUCCESS, "reopening the fake KFD as 1.23: status %d", ret);
	check_refused(nodes, 1, HSAKMT_STATUS_NOT_SUPPORTED, "flush on KFD 1.23");
}

int main(void)
{
	static char log[65536];
	HSAKMT_STATUS ret;

	fk = dlsym(RTLD_DEFAULT, "fake_kfd");
	if (!fk) {
		fprintf(stderr, "test_hdp_flush: no fake KFD: run it with LD_PRELOAD=fake_kfd.so\n");
		return 2;
	}
	/* Errors only, as a user who asks for them sees them */
	setenv("HSAKMT_DEBUG_LEVEL", "3", 1);

	/* The kernel refuses the page on node 1 (64 KiB pages) and node 3
	 * (an SR-IOV VF, which has no remap)
	 */
	fk->mmio_fail_gpu_ids[0] = 40961;
	fk->mmio_fail_gpu_ids[1] = 49155;
	fk->mmio_fail_errno = EOPNOTSUPP;

	ret = open_kfd(log, sizeof(log));
	if (ret != HSAKMT_STATUS_SUCCESS) {
		fprintf(stderr, "test_hdp_flush: opening the fake KFD failed: status %d\n%s", ret, log);
		return 2;
	}

	test_capability2();
	test_mmio_remap(log);
	test_flush_ids();
	test_flush_errnos();
	test_flush_refused();
	test_flush_old_kfd();
	check(!fk->unexpected_ioctls, "%u KFD ioctls the fake does not know", fk->unexpected_ioctls);

	hsaKmtReleaseSystemProperties();
	hsaKmtCloseKFD();

	printf("%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
