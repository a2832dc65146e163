// SPDX-License-Identifier: Apache-2.0
// The caller's output buffer of the C API (u8guard_c.h, "Output buffers"):
// ICU-style pre-flighting, and an empty string after every failure.

#ifndef U8GUARD_SRC_CAPI_OUTPUT_H_
#define U8GUARD_SRC_CAPI_OUTPUT_H_

#include <cstddef>
#include <string_view>

#include "src/capi/error.h"
#include "u8guard/u8guard_c.h"

namespace u8guard::capi {

// An output buffer: `data` of `capacity` bytes, the length in *length.
class Output {
 public:
  Output(char* data, size_t capacity, size_t* length)
      : data_(data), capacity_(capacity), length_(length) {}

  // Checks the buffer's arguments (`length` not NULL, `data` not NULL
  // unless `capacity` is 0: else U8GUARD_INVALID_ARGUMENT), then runs
  // `body` (which returns a u8guard_status, normally Write's) under Guard.
  // On every status but U8GUARD_OK and U8GUARD_BUFFER_TOO_SMALL the buffer
  // is cleared: *length = 0 and an empty string where there is room.
  template <typename Body>
  u8guard_status Run(u8guard_error* error, Body&& body) noexcept {
    u8guard_status status = Check(error);
    if (status == U8GUARD_OK) status = Guard(error, body);
    if (status != U8GUARD_OK && status != U8GUARD_BUFFER_TOO_SMALL) Clear();
    return status;
  }

  // Writes `result` (U8GUARD_OK) or, when it does not fit, its length alone
  // (U8GUARD_BUFFER_TOO_SMALL).
  u8guard_status Write(std::string_view result, u8guard_error* error);

 private:
  u8guard_status Check(u8guard_error* error) noexcept;
  void Clear() noexcept;

  char* data_;
  size_t capacity_;
  size_t* length_;
};

}  // namespace u8guard::capi

#endif  // U8GUARD_SRC_CAPI_OUTPUT_H_
