// SPDX-License-Identifier: Apache-2.0
// The caller's output buffer of the C API.

#include "src/capi/output.h"

#include <cstring>

#include "absl/strings/str_cat.h"
#include "src/capi/error.h"

namespace u8guard::capi {

void Output::Clear() noexcept {
  if (length_ != nullptr) *length_ = 0;
  if (data_ != nullptr && capacity_ > 0) data_[0] = '\0';
}

u8guard_status Output::Check(u8guard_error* error) noexcept {
  if (length_ == nullptr) return FailNull(error, "out_len");
  if (data_ == nullptr && capacity_ > 0) {
    return Fail(error, U8GUARD_INVALID_ARGUMENT,
                "out must not be NULL when out_capacity > 0");
  }
  return U8GUARD_OK;
}

u8guard_status Output::Write(std::string_view result, u8guard_error* error) {
  if (result.size() > capacity_) {
    Clear();
    *length_ = result.size();
    return Fail(error, U8GUARD_BUFFER_TOO_SMALL,
                absl::StrCat("the output buffer holds ", capacity_, " bytes; ",
                             result.size(), " are needed"));
  }
  if (!result.empty()) std::memcpy(data_, result.data(), result.size());
  if (result.size() < capacity_) data_[result.size()] = '\0';
  *length_ = result.size();
  return Succeed(error);
}

}  // namespace u8guard::capi
