// SPDX-License-Identifier: Apache-2.0
// The read buffer of file validation (file.cc, file_ranges.cc). Internal.

#ifndef U8GUARD_SRC_UTF8_READ_BUFFER_H_
#define U8GUARD_SRC_UTF8_READ_BUFFER_H_

#include <cstddef>
#include <memory>
#include <new>

namespace u8guard::internal {

// read() chunk: large enough that system calls cost little (4096 per GiB),
// small enough that the chunk is still in L2 when the kernel validates it.
inline constexpr size_t kReadChunk = 256 * 1024;

// The buffer's alignment. The kernel's copy into a destination that is not
// 64-byte aligned is slower (1.27x on the machine of bench/README.md, up to
// 5x on others), and malloc returns large blocks 16 bytes past a page
// boundary.
inline constexpr std::align_val_t kReadBufferAlign{4096};

struct ReadBufferDelete {
  void operator()(char* p) const { ::operator delete[](p, kReadBufferAlign); }
};

// kReadChunk bytes aligned to kReadBufferAlign.
using ReadBuffer = std::unique_ptr<char[], ReadBufferDelete>;

inline ReadBuffer NewReadBuffer() {
  return ReadBuffer(new (kReadBufferAlign) char[kReadChunk]);
}

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UTF8_READ_BUFFER_H_
