// SPDX-License-Identifier: Apache-2.0
// The one table of a profile's fields (profile_fields.h).

#include "src/profile/profile_fields.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "u8guard/bom.h"
#include "u8guard/case_mapping.h"
#include "u8guard/normalize.h"
#include "u8guard/profile.h"
#include "u8guard/profile_settings.h"

namespace u8guard::internal {
namespace {

absl::Status WrongType(FieldKind kind) {
  const std::string_view expected = ExpectedType(kind);
  return absl::InvalidArgumentError(
      absl::string_view(expected.data(), expected.size()));
}

// A field of text (std::string).
template <auto Member>
constexpr ProfileField StringField(std::string_view key, bool required) {
  return {
      key,
      required,
      FieldKind::kString,
      [](const Profile& p) -> ProfileSettingValue { return p.*Member; },
      [](Profile& p, const ProfileSettingValue& v) -> absl::Status {
        const std::string* s = std::get_if<std::string>(&v);
        if (s == nullptr) return WrongType(FieldKind::kString);
        p.*Member = *s;
        return absl::OkStatus();
      },
  };
}

// A field of an enumeration, shown with its Name function and read with its
// Parse function (the ones the library and the CLI use).
template <auto Member, auto Name, auto Parse>
constexpr ProfileField EnumField(std::string_view key, bool required) {
  return {
      key,
      required,
      FieldKind::kEnum,
      [](const Profile& p) -> ProfileSettingValue {
        return std::string(Name(p.*Member));
      },
      [](Profile& p, const ProfileSettingValue& v) -> absl::Status {
        const std::string* s = std::get_if<std::string>(&v);
        if (s == nullptr) return WrongType(FieldKind::kEnum);
        const auto parsed = Parse(*s);
        if (!parsed.ok()) return parsed.status();
        p.*Member = *parsed;
        return absl::OkStatus();
      },
  };
}

template <auto Member>
constexpr ProfileField BoolField(std::string_view key, bool required) {
  return {
      key,
      required,
      FieldKind::kBool,
      [](const Profile& p) -> ProfileSettingValue { return p.*Member; },
      [](Profile& p, const ProfileSettingValue& v) -> absl::Status {
        const bool* b = std::get_if<bool>(&v);
        if (b == nullptr) return WrongType(FieldKind::kBool);
        p.*Member = *b;
        return absl::OkStatus();
      },
  };
}

// A size (size_t), at least kMin. TOML integers are signed 64-bit: a size
// above INT64_MAX shows as INT64_MAX, a bound no input or output reaches.
template <auto Member, int64_t kMin = 0>
constexpr ProfileField SizeField(std::string_view key, bool required) {
  return {
      key,
      required,
      FieldKind::kSize,
      [](const Profile& p) -> ProfileSettingValue {
        constexpr uint64_t kMax = std::numeric_limits<int64_t>::max();
        const uint64_t v = p.*Member;
        return static_cast<int64_t>(v > kMax ? kMax : v);
      },
      [](Profile& p, const ProfileSettingValue& v) -> absl::Status {
        const int64_t* n = std::get_if<int64_t>(&v);
        if (n == nullptr) return WrongType(FieldKind::kSize);
        if (*n < 0) return absl::InvalidArgumentError("must not be negative");
        if (*n < kMin) {
          return absl::InvalidArgumentError(
              absl::StrCat("must be at least ", kMin));
        }
        p.*Member = static_cast<size_t>(*n);
        return absl::OkStatus();
      },
  };
}

// Every field, in policy-file order. A field added to Profile needs its
// line here (MemberCount below fails the build otherwise); every surface
// that shows or writes settings then has it.
constexpr ProfileField kFields[] = {
    StringField<&Profile::name>("name", true),
    StringField<&Profile::description>("description", false),
    EnumField<&Profile::bom, &BomPolicyName, &ParseBomPolicy>("bom", true),
    EnumField<&Profile::string_class, &StringClassName, &ParseStringClass>(
        "string_class", true),
    BoolField<&Profile::width_mapping>("width_mapping", true),
    EnumField<&Profile::additional_mapping, &SpaceMappingName,
              &ParseSpaceMapping>("additional_mapping", true),
    EnumField<&Profile::case_mapping, &CaseMappingName, &ParseCaseMapping>(
        "case_mapping", true),
    // When a file leaves it out, it follows case_mapping (ParseProfile).
    EnumField<&Profile::key_case_mapping, &CaseMappingName, &ParseCaseMapping>(
        "key_case_mapping", false),
    EnumField<&Profile::normalization, &NormalizationFormName,
              &ParseNormalizationForm>("normalization", true),
    EnumField<&Profile::directionality, &DirectionalityName,
              &ParseDirectionality>("directionality", true),
    EnumField<&Profile::confusables, &ConfusablesPolicyName,
              &ParseConfusablesPolicy>("confusables", false),
    BoolField<&Profile::reapply_rules>("reapply_rules", false),
    SizeField<&Profile::max_input_bytes>("max_input_bytes", false),
    SizeField<&Profile::max_non_starters, 1>("max_non_starters", false),
    SizeField<&Profile::min_output_bytes>("min_output_bytes", false),
    SizeField<&Profile::max_output_bytes>("max_output_bytes", false),
    SizeField<&Profile::max_output_code_points>("max_output_code_points",
                                                false),
    EnumField<&Profile::repertoire, &RepertoireName, &ParseRepertoire>(
        "repertoire", false),
};

// Converts to the type of any member: Profile{AnyMember{}, ...} compiles
// with as many of them as Profile has members, and no more.
struct AnyMember {
  template <typename T>
  operator T() const;  // NOLINT(google-explicit-constructor): never called
};

// The number of members of the aggregate T.
template <typename T, typename... Members>
constexpr size_t MemberCount() {
  if constexpr (requires { T{Members{}..., AnyMember{}}; }) {
    return MemberCount<T, Members..., AnyMember>();
  } else {
    return sizeof...(Members);
  }
}

static_assert(MemberCount<Profile>() == std::size(kFields),
              "every member of Profile needs its line in kFields");

}  // namespace

std::span<const ProfileField> ProfileFields() { return kFields; }

std::string_view ExpectedType(FieldKind kind) {
  switch (kind) {
    case FieldKind::kString:
    case FieldKind::kEnum:
      return "expected a string";
    case FieldKind::kBool:
      return "expected true or false";
    case FieldKind::kSize:
      return "expected an integer";
  }
  return "expected a string";
}

}  // namespace u8guard::internal
