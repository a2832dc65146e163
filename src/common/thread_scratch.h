// SPDX-License-Identifier: Apache-2.0
// Internal: per-thread scratch buffers.

#ifndef U8GUARD_SRC_COMMON_THREAD_SCRATCH_H_
#define U8GUARD_SRC_COMMON_THREAD_SCRATCH_H_

namespace u8guard::internal {

// This thread's instance of `Buffers` (a struct of reusable buffers), made
// on first use and destroyed when the thread ends. Hot paths keep their
// working strings here, so that processing many short inputs on one thread
// allocates only when an input is longer than every one before it. Each
// user names its own struct type, so instances never alias. Not for
// re-entrant use: a function must not call another that takes the same
// struct while it holds a reference.
template <typename Buffers>
Buffers& ThreadScratch() {
  thread_local Buffers buffers;
  return buffers;
}

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_COMMON_THREAD_SCRATCH_H_
