// SPDX-License-Identifier: MIT
// STUB for the compile check only: the few names hdp_policy.hpp uses from
// rocSHMEM's util.hpp/atomic.hpp, with the shapes hdp_policy.hpp calls them with
#pragma once
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#define CHECK_HIP(c) do { if ((c) != hipSuccess) abort(); } while (0)
#define STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_SEQ_CST)
__device__ inline void __roc_flush() {}
namespace rocshmem { namespace detail { namespace atomic {
enum class memory_scope { system };
enum class memory_order { acquire, release };
template <memory_scope S, memory_order O, typename T> __host__ __device__ T load(T* p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
template <memory_scope S, memory_order O, typename T, typename U> __host__ __device__ void store(T* p, U v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }
}}}
