// SPDX-License-Identifier: MIT
/*
 * fake_kfd.c - a GPU-less stand-in for amdkfd, loaded with LD_PRELOAD.
 *
 * /dev/kfd and /dev/dri/renderD* open /dev/null and are remembered; the KFD
 * ioctls libhsakmt issues on them are answered here and recorded in
 * "fake_kfd" (fake_kfd.h); mmap() of them gives anonymous memory.  Paths
 * under the KFD sysfs topology are redirected to $FAKE_KFD_ROOT/topology,
 * which mktopo.sh writes.  libdrm_amdgpu finds no device.
 *
 * Only what hsaKmtOpenKFD(), hsaKmtAcquireSystemProperties(),
 * hsaKmtHdpFlush() and their release need is answered; any other KFD
 * ioctl fails with ENOTTY and is counted.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <hsakmt/linux/kfd_ioctl.h>

#include "fake_kfd.h"

__attribute__((visibility("default"))) struct fake_kfd fake_kfd;

#define MAX_FDS 64
static int kfd_fd = -1;
static int drm_fds[MAX_FDS];
static unsigned int num_drm_fds;
static uint64_t next_handle = 1;

static const char *const sysfs_prefixes[] = {
	"/sys/devices/virtual/kfd/kfd/topology",
	"/sys/class/kfd/kfd/topology",
};

#define REAL(name) real_##name = dlsym(RTLD_NEXT, #name)

static const char *fake_root(void)
{
	const char *root = getenv("FAKE_KFD_ROOT");

	if (!root) {
		fprintf(stderr, "fake_kfd: FAKE_KFD_ROOT is not set\n");
		abort();
	}
	return root;
}

/* The fake path for @path in @buf, or @path itself */
static const char *redirect(const char *path, char *buf, size_t size)
{
	unsigned int i;

	if (!path)
		return path;
	for (i = 0; i < sizeof(sysfs_prefixes) / sizeof(sysfs_prefixes[0]); i++) {
		size_t len = strlen(sysfs_prefixes[i]);

		if (!strncmp(path, sysfs_prefixes[i], len) &&
		    (path[len] == '/' || !path[len])) {
			snprintf(buf, size, "%s/topology%s", fake_root(), path + len);
			return buf;
		}
	}
	return path;
}

static void read_gpu_ids(void)
{
	char path[4096];
	unsigned int node;

	for (node = 0; fake_kfd.num_gpus < FAKE_KFD_MAX_GPUS; node++) {
		unsigned int gpu_id;
		FILE *f;
		int n;

		snprintf(path, sizeof(path), "%s/topology/nodes/%u/gpu_id", fake_root(), node);
		f = fopen(path, "r");
		if (!f)
			break;
		n = fscanf(f, "%u", &gpu_id);
		fclose(f);
		if (n == 1 && gpu_id)
			fake_kfd.gpu_ids[fake_kfd.num_gpus++] = gpu_id;
	}
}

static int gpu_index(uint32_t gpu_id)
{
	unsigned int i;

	for (i = 0; i < fake_kfd.num_gpus; i++)
		if (fake_kfd.gpu_ids[i] == gpu_id)
			return i;
	return -1;
}

static int is_drm_fd(int fd)
{
	unsigned int i;

	for (i = 0; i < num_drm_fds; i++)
		if (drm_fds[i] == fd)
			return 1;
	return 0;
}

/* Open /dev/null for the device nodes we fake, -2 for anything else */
static int open_device(const char *path, int flags)
{
	static int (*real_open)(const char *, int, ...);
	int fd;

	if (strcmp(path, "/dev/kfd") && strncmp(path, "/dev/dri/renderD", 16))
		return -2;
	if (!real_open)
		REAL(open);
	fd = real_open("/dev/null", flags & (O_RDWR | O_CLOEXEC));
	if (fd < 0)
		return fd;
	if (!strcmp(path, "/dev/kfd")) {
		kfd_fd = fd;
		if (!fake_kfd.num_gpus)
			read_gpu_ids();
	} else if (num_drm_fds < MAX_FDS) {
		drm_fds[num_drm_fds++] = fd;
	}
	return fd;
}

/* open() and openat() alike: the faked device nodes, or the real file */
static int fake_openat(int dirfd, const char *path, int flags, mode_t mode)
{
	static int (*real_openat)(int, const char *, int, ...);
	char buf[4096];
	int fd;

	fd = open_device(path, flags);
	if (fd != -2)
		return fd;
	if (!real_openat)
		REAL(openat);
	return real_openat(dirfd, redirect(path, buf, sizeof(buf)), flags, mode);
}

/* The mode argument, there only with O_CREAT or O_TMPFILE */
#define OPEN_MODE(flags, mode) do {			\
	va_list ap;					\
							\
	if ((flags) & (O_CREAT | O_TMPFILE)) {		\
		va_start(ap, flags);			\
		mode = va_arg(ap, mode_t);		\
		va_end(ap);				\
	}						\
} while (0)

int open(const char *path, int flags, ...)
{
	mode_t mode = 0;

	OPEN_MODE(flags, mode);
	return fake_openat(AT_FDCWD, path, flags, mode);
}

int open64(const char *path, int flags, ...) __attribute__((alias("open")));

int openat(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;

	OPEN_MODE(flags, mode);
	return fake_openat(dirfd, path, flags, mode);
}

int openat64(int dirfd, const char *path, int flags, ...) __attribute__((alias("openat")));

FILE *fopen(const char *path, const char *mode)
{
	static FILE *(*real_fopen)(const char *, const char *);
	char buf[4096];

	if (!real_fopen)
		REAL(fopen);
	return real_fopen(redirect(path, buf, sizeof(buf)), mode);
}

FILE *fopen64(const char *path, const char *mode) __attribute__((alias("fopen")));

DIR *opendir(const char *path)
{
	static DIR *(*real_opendir)(const char *);
	char buf[4096];

	if (!real_opendir)
		REAL(opendir);
	return real_opendir(redirect(path, buf, sizeof(buf)));
}

int close(int fd)
{
	static int (*real_close)(int);
	unsigned int i;

	if (fd == kfd_fd)
		kfd_fd = -1;
	for (i = 0; i < num_drm_fds; i++)
		if (drm_fds[i] == fd)
			drm_fds[i] = drm_fds[--num_drm_fds];
	if (!real_close)
		REAL(close);
	return real_close(fd);
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	static void *(*real_mmap)(void *, size_t, int, int, int, off_t);

	if (!real_mmap)
		REAL(mmap);
	if (fd >= 0 && (fd == kfd_fd || is_drm_fd(fd)))
		return real_mmap(addr, len, prot,
				 (flags & MAP_FIXED) | MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return real_mmap(addr, len, prot, flags, fd, off);
}

void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t off)
	__attribute__((alias("mmap")));

/* No libdrm_amdgpu device: libhsakmt then goes without marketing names */
struct amdgpu_device;
int amdgpu_device_initialize(int fd, uint32_t *major, uint32_t *minor,
			     struct amdgpu_device **dev)
{
	*dev = NULL;
	return -ENODEV;
}

int amdgpu_device_deinitialize(struct amdgpu_device *dev)
{
	return 0;
}

static int get_process_apertures(struct kfd_ioctl_get_process_apertures_new_args *args)
{
	struct kfd_process_device_apertures *ap =
		(void *)(uintptr_t)args->kfd_process_device_apertures_ptr;
	unsigned int i;

	if (args->num_of_nodes < fake_kfd.num_gpus)
		return EINVAL;
	for (i = 0; i < fake_kfd.num_gpus; i++) {
		/* As amdkfd lays them out on gfx9 and later dGPUs */
		ap[i].lds_base = (1ULL << 48) * 1;
		ap[i].lds_limit = ap[i].lds_base + 0xffffffffULL;
		ap[i].scratch_base = (1ULL << 48) * 2;
		ap[i].scratch_limit = ap[i].scratch_base + 0xffffffffULL;
		ap[i].gpuvm_base = 1ULL << 21;
		ap[i].gpuvm_limit = (1ULL << 47) - 1;
		ap[i].gpu_id = fake_kfd.gpu_ids[i];
		ap[i].pad = 0;
	}
	args->num_of_nodes = fake_kfd.num_gpus;
	return 0;
}

static int alloc_memory(struct kfd_ioctl_alloc_memory_of_gpu_args *args)
{
	int idx = gpu_index(args->gpu_id);
	unsigned int i;

	if (idx < 0)
		return EINVAL;
	if (args->flags & KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP) {
		fake_kfd.mmio_allocs[idx]++;
		for (i = 0; i < FAKE_KFD_MAX_GPUS; i++)
			if (args->gpu_id == fake_kfd.mmio_fail_gpu_ids[i] && fake_kfd.mmio_fail_errno)
				return fake_kfd.mmio_fail_errno;
	}
	args->handle = ((uint64_t)args->gpu_id << 32) | next_handle;
	args->mmap_offset = next_handle << 12;
	next_handle++;
	return 0;
}

static int hdp_flush(unsigned long request, struct fake_kfd_hdp_flush_args *args)
{
	uint32_t n = args->n_devices;

	fake_kfd.hdp_calls++;
	fake_kfd.hdp_request = request;
	fake_kfd.hdp_n_devices = n;
	fake_kfd.hdp_flags = args->flags;
	memset(fake_kfd.hdp_ids, 0, sizeof(fake_kfd.hdp_ids));
	if (n && n <= FAKE_KFD_HDP_FLUSH_MAX)
		memcpy(fake_kfd.hdp_ids, (void *)(uintptr_t)args->device_ids_array_ptr,
		       n * sizeof(uint32_t));
	return fake_kfd.hdp_errno;
}

static int kfd_ioctl(unsigned long request, void *arg)
{
	switch (request) {
	case AMDKFD_IOC_GET_VERSION: {
		struct kfd_ioctl_get_version_args *args = arg;

		/* KFD 1.24, or 1.$FAKE_KFD_MINOR */
		const char *minor = getenv("FAKE_KFD_MINOR");

		args->major_version = 1;
		args->minor_version = minor ? (uint32_t)atoi(minor) : 24;
		return 0;
	}
	case AMDKFD_IOC_GET_PROCESS_APERTURES_NEW:
		return get_process_apertures(arg);
	case AMDKFD_IOC_ACQUIRE_VM:
	case AMDKFD_IOC_SET_MEMORY_POLICY:
	case AMDKFD_IOC_FREE_MEMORY_OF_GPU:
		return 0;
	case AMDKFD_IOC_ALLOC_MEMORY_OF_GPU:
		return alloc_memory(arg);
	case AMDKFD_IOC_MAP_MEMORY_TO_GPU:
	case AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU: {
		struct kfd_ioctl_map_memory_to_gpu_args *args = arg;

		args->n_success = args->n_devices;
		return 0;
	}
	default:
		break;
	}
	/* Compare by number: a wrong size or direction is still this ioctl */
	if (_IOC_TYPE(request) == 'K' && _IOC_NR(request) == _IOC_NR(FAKE_KFD_IOC_HDP_FLUSH))
		return hdp_flush(request, arg);

	fake_kfd.unexpected_ioctls++;
	fprintf(stderr, "fake_kfd: unexpected KFD ioctl 0x%lx\n", request);
	return ENOTTY;
}

int ioctl(int fd, unsigned long request, ...)
{
	static int (*real_ioctl)(int, unsigned long, ...);
	void *arg;
	va_list ap;
	int err;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);

	if (fd < 0 || fd != kfd_fd) {
		if (is_drm_fd(fd)) {
			errno = ENOTTY;
			return -1;
		}
		if (!real_ioctl)
			REAL(ioctl);
		return real_ioctl(fd, request, arg);
	}
	err = kfd_ioctl(request, arg);
	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}
