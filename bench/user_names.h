// SPDX-License-Identifier: Apache-2.0
// Generated user names for the ACL and registration benchmarks: "first.
// last<number>", as sign-up tables hold them, about one in eight with
// Latin diacritics, Greek or Cyrillic. Deterministic: entry i is the same
// in every run.

#ifndef U8GUARD_BENCH_USER_NAMES_H_
#define U8GUARD_BENCH_USER_NAMES_H_

#include <cstddef>
#include <string>
#include <vector>

namespace u8guard::bench {

// The number of names UserNames() holds.
inline constexpr size_t kUserNames = 1000000;

// True when name i is ASCII (i % 8 != 3).
bool IsAsciiUserName(size_t i);

// Name i with `number` after it: "maria.garcia17". Name i of UserNames()
// is UserName(i, i); UserName(i, kUserNames + i) is a name of the same
// shape that the list does not hold.
std::string UserName(size_t i, size_t number);

// UserName(i, i) for i < kUserNames, built once on first use.
const std::vector<std::string>& UserNames();

}  // namespace u8guard::bench

#endif  // U8GUARD_BENCH_USER_NAMES_H_
