// SPDX-License-Identifier: Apache-2.0
// Internal: one table per named enumeration, from which both its names and
// its parser come, so that policy files, the CLI and the library accept
// exactly the same spellings.

#ifndef U8GUARD_SRC_COMMON_ENUM_NAMES_H_
#define U8GUARD_SRC_COMMON_ENUM_NAMES_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace u8guard::internal {

// One name of a value. The first entry of a value is its name; later
// entries of the same value are aliases that the parser also accepts.
template <typename E>
struct EnumName {
  E value;
  std::string_view name;
};

// The name of `value` in `table`, or "unknown" when it has none.
template <typename E, size_t N>
constexpr std::string_view NameIn(const EnumName<E> (&table)[N], E value) {
  for (const EnumName<E>& e : table) {
    if (e.value == value) return e.name;
  }
  return "unknown";
}

// "a, b or c": the names of `table`, without aliases.
template <typename E, size_t N>
std::string NamesIn(const EnumName<E> (&table)[N]) {
  std::vector<std::string_view> names;
  for (const EnumName<E>& e : table) {
    if (NameIn(table, e.value) == e.name) names.push_back(e.name);
  }
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

// Whether a parser matches names exactly (the default: policy files and
// flags spell "strip", not "Strip") or ignoring ASCII case (normalization
// forms, which Unicode and ICU write in several cases).
enum class NameCase { kExact, kIgnore };

// The value named `name` (or an alias). Otherwise InvalidArgument:
// `unknown NOUN "name" (expected a, b or c)`.
template <typename E, size_t N>
absl::StatusOr<E> ParseIn(const EnumName<E> (&table)[N], std::string_view noun,
                          std::string_view name,
                          NameCase name_case = NameCase::kExact) {
  const absl::string_view wanted(name.data(), name.size());
  for (const EnumName<E>& e : table) {
    const absl::string_view known(e.name.data(), e.name.size());
    if (name_case == NameCase::kExact ? wanted == known
                                      : absl::EqualsIgnoreCase(wanted, known)) {
      return e.value;
    }
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "unknown ", absl::string_view(noun.data(), noun.size()), " \"",
      absl::CHexEscape(wanted), "\" (expected ", NamesIn(table), ")"));
}

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_COMMON_ENUM_NAMES_H_
