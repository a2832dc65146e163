// SPDX-License-Identifier: Apache-2.0
// The C API's path options (u8guard_path_options) as the C++ PathOptions,
// and names parsed into the C API's integers: shared by the sanitizer's
// and the open-beneath entry points.

#ifndef U8GUARD_SRC_CAPI_PATH_OPTIONS_H_
#define U8GUARD_SRC_CAPI_PATH_OPTIONS_H_

#include "src/capi/error.h"
#include "u8guard/path.h"
#include "u8guard/u8guard_c.h"

namespace u8guard::capi {

// The C++ options of `in`: U8GUARD_OK, or U8GUARD_INVALID_ARGUMENT for an
// enumeration value the C++ type does not have. (Whether a normalization
// form suits paths is SanitizePath's to say.)
u8guard_status ConvertPathOptions(const u8guard_path_options& in,
                                  PathOptions& out, u8guard_error* error);

// Parses `name` with `parse` (a C++ Parse* function, or one returning an
// absl::StatusOr<int>) into *value as an int: U8GUARD_OK, or the parser's
// InvalidArgument (naming the accepted names) and *value untouched.
template <typename Parse>
u8guard_status ParseName(const char* name, int* value, u8guard_error* error,
                         Parse parse) {
  return Guard(error, [&] {
    if (name == nullptr) return FailNull(error, "name");
    if (value == nullptr) return FailNull(error, "value");
    const auto parsed = parse(name);
    if (!parsed.ok()) return FailWith(error, parsed.status());
    *value = static_cast<int>(*parsed);
    return Succeed(error);
  });
}

}  // namespace u8guard::capi

#endif  // U8GUARD_SRC_CAPI_PATH_OPTIONS_H_
