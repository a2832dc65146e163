// SPDX-License-Identifier: Apache-2.0
// A reference oracle for SanitizePath (include/u8guard/path.h): a slow,
// direct transcription of the documented rules (docs/paths.md, path.h,
// rule.h), with ICU on every segment and no fast path, for the differential
// tests (tests/path/path_oracle_test.cc, tests/path/path_sanitize_test.cc) and
// the fuzzer (tests/fuzz/path_fuzz.cc).

#ifndef U8GUARD_TESTS_PATH_PATH_ORACLE_H_
#define U8GUARD_TESTS_PATH_PATH_ORACLE_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "u8guard/path.h"
#include "u8guard/profile.h"

namespace u8guard::testing {

// What SanitizePath(raw, options) must return: the same result, or a
// status of the same code whose Rejection (if any) has the same rule,
// offset, code point, source and profile.
absl::StatusOr<std::string> OracleSanitizePath(std::string_view raw,
                                               const PathOptions& options);

// "" when SanitizePath and OracleSanitizePath agree on (raw, options);
// otherwise both answers, for a failure message.
std::string OracleDisagreement(std::string_view raw,
                               const PathOptions& options);

// The segment profiles the differential tests and the fuzzer choose from
// (path_fuzz takes them by index, so the order is part of its seeds): the
// built-in path-segment profile, text-document (any text: default
// ignorables and controls reach the path rules), a FreeformClass profile
// that trims spaces and accepts empty results, nickname (trims, lower-cases,
// NFKC), and text-document with trimming, with width and space mapping, with
// case folding, and with all three.
const std::vector<Profile>& OracleSegmentProfiles();

// The options as a short string, for failure messages.
std::string DescribeOptions(const PathOptions& options);

}  // namespace u8guard::testing

#endif  // U8GUARD_TESTS_PATH_PATH_ORACLE_H_
