// SPDX-License-Identifier: Apache-2.0
// Reading a mapping of a file that another process may truncate. Internal:
// file validation (range_feed.cc) maps regular files when asked.
//
// Reading a mapped page that no longer lies within the file raises SIGBUS,
// whose default action ends the process. ReadMapped catches exactly those
// faults: a process-wide SIGBUS handler, installed by the first
// GuardMappedReads() call, returns control to ReadMapped when the faulting
// address lies in the window the faulting thread is reading there, and
// passes every other SIGBUS on to the disposition it replaced as the kernel
// would have delivered it there: a handler in its own form, under its own
// signal mask and flags (SA_NODEFER, SA_RESETHAND, SA_RESTART), or the
// default action, which then ends the process as before (mapped_read.cc
// says what each case means). It is never installed over SIG_IGN: files
// are read, not mapped, while SIGBUS is ignored.

#ifndef U8GUARD_SRC_UTF8_MAPPED_READ_H_
#define U8GUARD_SRC_UTF8_MAPPED_READ_H_

#include <cstddef>

#include "absl/functional/function_ref.h"

namespace u8guard::internal {

// Installs the SIGBUS handler if it is not yet installed. Returns true when
// it is SIGBUS's disposition now; false when the program replaced it after
// it was installed (then ReadMapped would not be protected: the caller reads
// the file instead of mapping it), when SIGBUS is ignored (SIG_IGN, which
// no handler can imitate: mapped_read.cc; tried again on the next call) or
// when sigaction() fails.
bool GuardMappedReads();

// Runs `read`, which reads bytes of [begin, begin + size), a mapping of a
// file, on the calling thread with SIGBUS unblocked. Returns true when it
// ran to its end; false when it read a page of the window that the file no
// longer covers: `read` was then abandoned at that instruction, so it must
// hold no resource and create no object with a destructor, and whatever it
// wrote is incomplete. The caller's signal mask is restored either way.
// Call only after GuardMappedReads() returned true.
bool ReadMapped(const char* begin, size_t size, absl::FunctionRef<void()> read);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UTF8_MAPPED_READ_H_
