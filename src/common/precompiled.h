// SPDX-License-Identifier: Apache-2.0
// The headers most files of the library's layers and of the tool parse,
// precompiled once per build when U8GUARD_PCH is on (CMakeLists.txt): the
// standard library and the Abseil they use, nothing of u8guard's own and
// nothing of ICU (the layers below the unicode layer see no more of ICU than
// their own includes give them). Every file still includes what it uses:
// clang-tidy (tests/lint/lint.sh), which compiles each file without it,
// fails otherwise.
#ifndef U8GUARD_SRC_COMMON_PRECOMPILED_H_
#define U8GUARD_SRC_COMMON_PRECOMPILED_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#endif  // U8GUARD_SRC_COMMON_PRECOMPILED_H_
