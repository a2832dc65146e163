// SPDX-License-Identifier: Apache-2.0
// Registration records: keys, look-alike keys, scripts, display safety.

#include "u8guard/registration.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uscript.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "src/confusables/skeleton.h"
#include "src/registration/registration_internal.h"
#include "src/utf8/decode_valid.h"
#include "u8guard/display.h"
#include "u8guard/match.h"

namespace u8guard {
namespace internal {

std::vector<std::string> ScriptsOf(std::string_view valid_utf8) {
  std::set<std::string> codes;
  const char* it = valid_utf8.data();
  const char* const end = it + valid_utf8.size();
  while (it < end) {
    const char32_t cp = DecodeValid(it);
    UErrorCode status = U_ZERO_ERROR;
    const UScriptCode script =
        uscript_getScript(static_cast<UChar32>(cp), &status);
    if (U_FAILURE(status) || script == USCRIPT_COMMON ||
        script == USCRIPT_INHERITED || script == USCRIPT_UNKNOWN) {
      continue;
    }
    codes.insert(uscript_getShortName(script));
  }
  return {codes.begin(), codes.end()};
}

absl::StatusOr<std::string> StripDiacritics(std::string_view valid_utf8) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfd = icu::Normalizer2::getNFDInstance(status);
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  if (U_FAILURE(status)) {
    return absl::InternalError(
        absl::StrCat("ICU normalizer: ", u_errorName(status)));
  }
  const icu::UnicodeString decomposed = nfd->normalize(
      icu::UnicodeString::fromUTF8(icu::StringPiece(
          valid_utf8.data(), static_cast<int32_t>(valid_utf8.size()))),
      status);
  icu::UnicodeString kept;
  for (int32_t i = 0; i < decomposed.length();) {
    const UChar32 c = decomposed.char32At(i);
    i += U16_LENGTH(c);
    if (u_charType(c) != U_NON_SPACING_MARK) kept.append(c);
  }
  const icu::UnicodeString composed = nfc->normalize(kept, status);
  if (U_FAILURE(status)) {
    return absl::InternalError(
        absl::StrCat("ICU normalizer: ", u_errorName(status)));
  }
  std::string out;
  composed.toUTF8String(out);
  return out;
}

LookalikeShape LookalikeShapeOf(const RegistrationPolicy& policy) {
  return {SkeletonExemptions(policy.exemptions), policy.skeleton_order};
}

absl::Status IdentifierKeysInto(const Profile& profile,
                                const LookalikeShape& shape,
                                std::string_view identifier,
                                IdentifierKeys& out) {
  absl::StatusOr<std::string> key = Canonicalize(profile, identifier);
  if (!key.ok()) return key.status();
  out.key = *std::move(key);
  LookalikeSkeletons skeletons;
  if (absl::Status s = LookalikeSkeletonsInto(out.key, skeletons, shape);
      !s.ok()) {
    return s;
  }
  out.lookalike_keys.assign(skeletons.skeleton,
                            skeletons.skeleton + skeletons.size);
  return absl::OkStatus();
}

}  // namespace internal

absl::StatusOr<RegistrationRecord> MakeRegistrationRecord(
    const Profile& profile, const RegistrationPolicy& policy,
    std::string_view name) {
  internal::IdentifierKeys keys;
  if (absl::Status s = internal::IdentifierKeysInto(
          profile, internal::LookalikeShapeOf(policy), name, keys);
      !s.ok()) {
    return s;
  }
  absl::StatusOr<std::string> enforced = Enforce(profile, name);
  if (!enforced.ok()) return enforced.status();
  absl::StatusOr<RestrictionLevel> level =
      internal::RestrictionLevelOfValid(keys.key);
  if (!level.ok()) return level.status();
  RegistrationRecord r;
  r.enforced = *std::move(enforced);
  r.key = std::move(keys.key);
  r.lookalike_keys = std::move(keys.lookalike_keys);
  r.restriction_level = *level;
  r.scripts = internal::ScriptsOf(r.key);
  r.display =
      EscapeForDisplay(r.enforced) == r.enforced &&
              r.restriction_level <= RestrictionLevel::kHighlyRestrictive
          ? DisplaySafety::kAsTyped
          : DisplaySafety::kEscaped;
  r.version_tag = VersionTag();
  return r;
}

}  // namespace u8guard
