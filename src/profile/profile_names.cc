// Names of the profile enumerations, as policy files spell them.

#include <string_view>

#include "u8guard/profile.h"

namespace u8guard {

std::string_view StringClassName(StringClass c) {
  switch (c) {
    case StringClass::kIdentifier:
      return "identifier";
    case StringClass::kFreeform:
      return "freeform";
    case StringClass::kAnyText:
      return "any_text";
  }
  return "unknown";
}

std::string_view SpaceMappingName(SpaceMapping m) {
  switch (m) {
    case SpaceMapping::kNone:
      return "none";
    case SpaceMapping::kToAscii:
      return "to_ascii";
    case SpaceMapping::kToAsciiTrimCollapse:
      return "to_ascii_trim_collapse";
  }
  return "unknown";
}

std::string_view CaseMappingName(CaseMapping m) {
  switch (m) {
    case CaseMapping::kNone:
      return "none";
    case CaseMapping::kLower:
      return "lower";
    case CaseMapping::kFold:
      return "fold";
  }
  return "unknown";
}

std::string_view DirectionalityName(Directionality d) {
  switch (d) {
    case Directionality::kNone:
      return "none";
    case Directionality::kBidiRule:
      return "bidi_rule";
  }
  return "unknown";
}

std::string_view ConfusablesPolicyName(ConfusablesPolicy c) {
  switch (c) {
    case ConfusablesPolicy::kNone:
      return "none";
    case ConfusablesPolicy::kSkeleton:
      return "skeleton";
  }
  return "unknown";
}

}  // namespace u8guard
