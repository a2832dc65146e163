// SPDX-License-Identifier: Apache-2.0
// Internal: an allocator that backs large ACL buffers with transparent huge
// pages.
//
// A 1,000,000-entry index spreads ~35 MB of table and arena over ~9,000
// 4 KiB pages: nearly every lookup of a random entry misses the TLB, and a
// page walk costs more than the lookup itself (far more under a hypervisor).
// Buffers of 2 MiB or more are therefore aligned to 2 MiB and marked
// MADV_HUGEPAGE, so the kernel backs them with huge pages when it can (with
// transparent_hugepage=madvise or always; otherwise nothing changes). Smaller
// buffers use std::allocator.

#ifndef U8GUARD_SRC_ACL_ACL_MEMORY_H_
#define U8GUARD_SRC_ACL_ACL_MEMORY_H_

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>

namespace u8guard::internal {

inline constexpr size_t kHugePage = size_t{2} << 20;

// The bytes an allocation of `bytes` really occupies.
inline size_t AllocatedBytes(size_t bytes) {
  return bytes < kHugePage ? bytes
                           : (bytes + kHugePage - 1) / kHugePage * kHugePage;
}

template <typename T>
struct HugePageAllocator {
  using value_type = T;

  HugePageAllocator() = default;
  template <typename U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}  // NOLINT

  T* allocate(size_t n) {
    if (n > static_cast<size_t>(-1) / sizeof(T)) throw std::bad_alloc();
    const size_t bytes = n * sizeof(T);
    if (bytes < kHugePage) return std::allocator<T>().allocate(n);
    const size_t rounded = AllocatedBytes(bytes);
    void* p = std::aligned_alloc(kHugePage, rounded);
    if (p == nullptr) throw std::bad_alloc();
    madvise(p, rounded, MADV_HUGEPAGE);  // advice only: failure is harmless
    return static_cast<T*>(p);
  }

  void deallocate(T* p, size_t n) noexcept {
    if (n * sizeof(T) < kHugePage) {
      std::allocator<T>().deallocate(p, n);
    } else {
      std::free(p);
    }
  }

  template <typename U>
  bool operator==(const HugePageAllocator<U>&) const noexcept {
    return true;
  }
};

// A byte buffer of an index (its arenas of records).
using Arena =
    std::basic_string<char, std::char_traits<char>, HugePageAllocator<char>>;

// The heap bytes `a` holds: none while its bytes fit inside the object
// (the short-string buffer), else its capacity and the terminating NUL.
inline size_t HeapBytes(const Arena& a) {
  const uintptr_t data = reinterpret_cast<uintptr_t>(a.data());
  const uintptr_t self = reinterpret_cast<uintptr_t>(&a);
  if (data >= self && data < self + sizeof(Arena)) return 0;  // the object
  return AllocatedBytes(a.capacity() + 1);
}

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_ACL_ACL_MEMORY_H_
