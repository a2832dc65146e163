// SPDX-License-Identifier: Apache-2.0
// The C API's inputs: (pointer, length) pairs, where NULL is the empty
// string when the length is 0 and an error otherwise.

#ifndef U8GUARD_SRC_CAPI_INPUT_H_
#define U8GUARD_SRC_CAPI_INPUT_H_

#include <cstddef>
#include <string_view>

#include "src/capi/error.h"
#include "u8guard/u8guard_c.h"

namespace u8guard::capi {

// True when (data, len) is an acceptable input: not NULL, or NULL with 0.
inline bool ValidInput(const void* data, size_t len) {
  return data != nullptr || len == 0;
}

// The bytes of an acceptable input.
inline std::string_view View(const char* data, size_t len) {
  return len == 0 ? std::string_view() : std::string_view(data, len);
}

// Checks the arguments shared by the functions that apply a profile to one
// input: U8GUARD_OK, or U8GUARD_INVALID_ARGUMENT naming `profile` or
// `input_name`.
inline u8guard_status CheckProfileInput(const u8guard_profile* profile,
                                        const char* input, size_t input_len,
                                        std::string_view input_name,
                                        u8guard_error* error) {
  if (profile == nullptr) return FailNull(error, "profile");
  if (!ValidInput(input, input_len)) return FailNull(error, input_name);
  return U8GUARD_OK;
}

}  // namespace u8guard::capi

#endif  // U8GUARD_SRC_CAPI_INPUT_H_
