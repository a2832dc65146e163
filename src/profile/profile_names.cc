// SPDX-License-Identifier: Apache-2.0
// Names of the profile enumerations, as policy files spell them.

#include <string_view>

#include "src/common/enum_names.h"
#include "u8guard/profile.h"

namespace u8guard {
namespace {

using internal::EnumName;
using internal::NameIn;
using internal::ParseIn;

constexpr EnumName<StringClass> kStringClassNames[] = {
    {StringClass::kIdentifier, "identifier"},
    {StringClass::kFreeform, "freeform"},
    {StringClass::kAnyText, "any_text"},
};

constexpr EnumName<SpaceMapping> kSpaceMappingNames[] = {
    {SpaceMapping::kNone, "none"},
    {SpaceMapping::kToAscii, "to_ascii"},
    {SpaceMapping::kToAsciiTrimCollapse, "to_ascii_trim_collapse"},
};

constexpr EnumName<Directionality> kDirectionalityNames[] = {
    {Directionality::kNone, "none"},
    {Directionality::kBidiRule, "bidi_rule"},
};

constexpr EnumName<ConfusablesPolicy> kConfusablesNames[] = {
    {ConfusablesPolicy::kNone, "none"},
    {ConfusablesPolicy::kSkeleton, "skeleton"},
};

constexpr EnumName<Repertoire> kRepertoireNames[] = {
    {Repertoire::kAny, "any"},
    {Repertoire::kUnicodeScalars, "unicode_scalars"},
    {Repertoire::kXmlCharacters, "xml_characters"},
    {Repertoire::kUnicodeAssignables, "unicode_assignables"},
};

}  // namespace

std::string_view RepertoireName(Repertoire r) {
  return NameIn(kRepertoireNames, r);
}

absl::StatusOr<Repertoire> ParseRepertoire(std::string_view name) {
  return ParseIn(kRepertoireNames, "repertoire", name);
}

std::string_view StringClassName(StringClass c) {
  return NameIn(kStringClassNames, c);
}

absl::StatusOr<StringClass> ParseStringClass(std::string_view name) {
  return ParseIn(kStringClassNames, "string class", name);
}

std::string_view SpaceMappingName(SpaceMapping m) {
  return NameIn(kSpaceMappingNames, m);
}

absl::StatusOr<SpaceMapping> ParseSpaceMapping(std::string_view name) {
  return ParseIn(kSpaceMappingNames, "additional mapping", name);
}

std::string_view DirectionalityName(Directionality d) {
  return NameIn(kDirectionalityNames, d);
}

absl::StatusOr<Directionality> ParseDirectionality(std::string_view name) {
  return ParseIn(kDirectionalityNames, "directionality", name);
}

std::string_view ConfusablesPolicyName(ConfusablesPolicy c) {
  return NameIn(kConfusablesNames, c);
}

absl::StatusOr<ConfusablesPolicy> ParseConfusablesPolicy(
    std::string_view name) {
  return ParseIn(kConfusablesNames, "confusables policy", name);
}

}  // namespace u8guard
