// SPDX-License-Identifier: Apache-2.0
// Registration records: keys, look-alike keys, scripts, display safety.

#include "u8guard/registration.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uscript.h>

#include <algorithm>
#include <string>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "src/common/thread_scratch.h"
#include "src/confusables/skeleton.h"
#include "src/precis/enforced.h"
#include "src/registration/registration_internal.h"
#include "src/unicode/display_internal.h"
#include "src/utf8/decode_valid.h"
#include "u8guard/match.h"

namespace u8guard {
namespace internal {

std::vector<std::string> ScriptsOf(std::string_view valid_utf8) {
  // A key holds few scripts: a short list, no set of strings.
  absl::InlinedVector<UScriptCode, 4> scripts;
  UScriptCode previous = USCRIPT_INVALID_CODE;
  for (const char *it = valid_utf8.data(), *end = it + valid_utf8.size();
       it < end;) {
    UScriptCode script = USCRIPT_COMMON;
    if (const auto b = static_cast<unsigned char>(*it); b < 0x80) {
      // ASCII letters are Latin, everything else in ASCII is Common.
      ++it;
      if ((b | 0x20) >= 'a' && (b | 0x20) <= 'z') script = USCRIPT_LATIN;
    } else {
      UErrorCode status = U_ZERO_ERROR;
      script =
          uscript_getScript(static_cast<UChar32>(DecodeValid(it)), &status);
      if (U_FAILURE(status)) continue;
    }
    if (script == previous) continue;
    previous = script;
    if (script == USCRIPT_COMMON || script == USCRIPT_INHERITED ||
        script == USCRIPT_UNKNOWN ||
        std::find(scripts.begin(), scripts.end(), script) != scripts.end()) {
      continue;
    }
    scripts.push_back(script);
  }
  std::vector<std::string> codes;
  codes.reserve(scripts.size());
  for (const UScriptCode script : scripts) {
    codes.emplace_back(uscript_getShortName(script));
  }
  std::sort(codes.begin(), codes.end());
  return codes;
}

LookalikeShape LookalikeShapeOf(const RegistrationPolicy& policy) {
  return {SkeletonExemptions(policy.exemptions), policy.skeleton_order};
}

namespace {

// The look-alike skeletons of the identifiers a thread's decisions compute,
// reused (ThreadScratch).
struct SkeletonScratch {
  LookalikeSkeletons skeletons;
};

// Replaces `out` with `key`'s look-alike keys shaped by `shape`. Internal
// when ICU fails.
absl::Status LookalikeKeysInto(std::string_view key,
                               const LookalikeShape& shape,
                               std::vector<std::string>& out) {
  LookalikeSkeletons& skeletons = ThreadScratch<SkeletonScratch>().skeletons;
  if (absl::Status s = LookalikeSkeletonsInto(key, skeletons, shape); !s.ok()) {
    return s;
  }
  out.assign(skeletons.skeleton, skeletons.skeleton + skeletons.size);
  return absl::OkStatus();
}

}  // namespace

absl::Status IdentifierKeysInto(const Profile& profile,
                                const LookalikeShape& shape,
                                std::string_view identifier,
                                IdentifierKeys& out) {
  if (absl::Status s = CanonicalizeInto(profile, identifier, out.key);
      !s.ok()) {
    return s;
  }
  return LookalikeKeysInto(out.key, shape, out.lookalike_keys);
}

absl::Status RegistrationRecordInto(const Profile& profile,
                                    const LookalikeShape& shape,
                                    std::string_view name,
                                    RegistrationRecord& r) {
  if (absl::Status s = KeyAndEnforcedInto(profile, name, r.key, r.enforced);
      !s.ok()) {
    return s;
  }
  if (absl::Status s = LookalikeKeysInto(r.key, shape, r.lookalike_keys);
      !s.ok()) {
    return s;
  }
  absl::StatusOr<RestrictionLevel> level = RestrictionLevelOfValid(r.key);
  if (!level.ok()) return level.status();
  r.restriction_level = *level;
  r.scripts = ScriptsOf(r.key);
  r.display = ShownAsIs(r.enforced) && r.restriction_level <=
                                           RestrictionLevel::kHighlyRestrictive
                  ? DisplaySafety::kAsTyped
                  : DisplaySafety::kEscaped;
  r.version_tag = VersionTag();
  return absl::OkStatus();
}

}  // namespace internal

absl::StatusOr<RegistrationRecord> MakeRegistrationRecord(
    const Profile& profile, const RegistrationPolicy& policy,
    std::string_view name) {
  RegistrationRecord r;
  if (absl::Status s = internal::RegistrationRecordInto(
          profile, internal::LookalikeShapeOf(policy), name, r);
      !s.ok()) {
    return s;
  }
  return r;
}

}  // namespace u8guard
