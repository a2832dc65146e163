// SPDX-License-Identifier: Apache-2.0
// The names of SymlinkPolicy and BeneathResolver (open_beneath.h), one table
// each, for the CLI, the C API and the Python module.

#include "src/common/enum_names.h"
#include "u8guard/open_beneath.h"

namespace u8guard {
namespace {

constexpr internal::EnumName<SymlinkPolicy> kSymlinkPolicyNames[] = {
    {SymlinkPolicy::kNone, "none"},
    {SymlinkPolicy::kInside, "inside"},
};

constexpr internal::EnumName<BeneathResolver> kBeneathResolverNames[] = {
    {BeneathResolver::kAuto, "auto"},
    {BeneathResolver::kOpenat2, "openat2"},
    {BeneathResolver::kWalk, "walk"},
};

}  // namespace

std::string_view SymlinkPolicyName(SymlinkPolicy policy) {
  return internal::NameIn(kSymlinkPolicyNames, policy);
}

absl::StatusOr<SymlinkPolicy> ParseSymlinkPolicy(std::string_view name) {
  return internal::ParseIn(kSymlinkPolicyNames, "symlink policy", name);
}

std::string_view BeneathResolverName(BeneathResolver resolver) {
  return internal::NameIn(kBeneathResolverNames, resolver);
}

absl::StatusOr<BeneathResolver> ParseBeneathResolver(std::string_view name) {
  return internal::ParseIn(kBeneathResolverNames, "resolver", name);
}

}  // namespace u8guard
