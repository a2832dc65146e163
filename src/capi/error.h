// SPDX-License-Identifier: Apache-2.0
// Results of the C API: u8guard_status codes from absl::Status, the
// u8guard_error struct, and the guard that keeps C++ exceptions from
// crossing the C boundary.

#ifndef U8GUARD_SRC_CAPI_ERROR_H_
#define U8GUARD_SRC_CAPI_ERROR_H_

#include <cstddef>
#include <exception>
#include <new>
#include <string_view>

#include "absl/status/status.h"
#include "u8guard/u8guard_c.h"

namespace u8guard::capi {

// Writes `message` into `buffer` (U8GUARD_ERROR_MESSAGE_SIZE bytes),
// NUL-terminated; a longer message is cut at a UTF-8 character boundary and
// ends in "...".
void CopyMessage(std::string_view message,
                 char (&buffer)[U8GUARD_ERROR_MESSAGE_SIZE]);

// Sets *error (when not NULL) to success and returns U8GUARD_OK.
u8guard_status Succeed(u8guard_error* error);

// Sets *error (when not NULL) to `status` with `message` and no rule, and
// returns `status`.
u8guard_status Fail(u8guard_error* error, u8guard_status status,
                    std::string_view message);

// Sets *error (when not NULL) from a non-OK absl::Status and returns its
// code: U8GUARD_REJECTED with the Rejection's rule, source, offset and code
// point when the status carries one; for a failed system call (the status
// carries its errno) the code u8guard_c.h gives that errno, with errno set
// to it on return; otherwise the code of its absl::StatusCode (NotFound,
// PermissionDenied, AlreadyExists, ...). The message is the status's.
u8guard_status FailWith(u8guard_error* error, const absl::Status& status);

// Fails with U8GUARD_INVALID_ARGUMENT and "NAME must not be NULL". Never
// allocates.
u8guard_status FailNull(u8guard_error* error, std::string_view name);

// Runs `body` (which returns a u8guard_status) and turns any exception into
// a status: std::bad_alloc into U8GUARD_OUT_OF_MEMORY, anything else into
// U8GUARD_INTERNAL. Every C entry point that can allocate runs in one.
template <typename Body>
u8guard_status Guard(u8guard_error* error, Body&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return Fail(error, U8GUARD_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    return Fail(error, U8GUARD_INTERNAL, e.what());
  } catch (...) {
    return Fail(error, U8GUARD_INTERNAL, "unexpected C++ exception");
  }
}

}  // namespace u8guard::capi

#endif  // U8GUARD_SRC_CAPI_ERROR_H_
