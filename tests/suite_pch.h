// SPDX-License-Identifier: Apache-2.0
// The headers every suite's own code parses, precompiled once per build
// (tests/CMakeLists.txt: target_precompile_headers, reused by every suite):
// the standard library, GoogleTest, GoogleMock and the Abseil the suites
// use. Third-party headers only: a change to u8guard's own headers rebuilds
// the suites that include them, not this. A suite still includes what it
// uses: a build without U8GUARD_PCH compiles each from its own #includes.
#ifndef U8GUARD_TESTS_SUITE_PCH_H_
#define U8GUARD_TESTS_SUITE_PCH_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#endif  // U8GUARD_TESTS_SUITE_PCH_H_
