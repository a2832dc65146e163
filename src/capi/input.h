// The C API's inputs: (pointer, length) pairs, where NULL is the empty
// string when the length is 0 and an error otherwise.

#ifndef U8GUARD_SRC_CAPI_INPUT_H_
#define U8GUARD_SRC_CAPI_INPUT_H_

#include <cstddef>
#include <string_view>

namespace u8guard::capi {

// True when (data, len) is an acceptable input: not NULL, or NULL with 0.
inline bool ValidInput(const void* data, size_t len) {
  return data != nullptr || len == 0;
}

// The bytes of an acceptable input.
inline std::string_view View(const char* data, size_t len) {
  return len == 0 ? std::string_view() : std::string_view(data, len);
}

}  // namespace u8guard::capi

#endif  // U8GUARD_SRC_CAPI_INPUT_H_
