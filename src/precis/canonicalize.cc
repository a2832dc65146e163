// SPDX-License-Identifier: Apache-2.0
// Canonicalize, Enforce, Equivalent, Compare.

#include <string>
#include <string_view>
#include <utility>

#include "src/common/thread_scratch.h"
#include "src/common/verdict.h"
#include "src/precis/enforced.h"
#include "src/precis/pipeline.h"
#include "u8guard/bom.h"
#include "u8guard/match.h"

namespace u8guard {
namespace {

// The keys Equivalent compares, reused across calls on one thread.
struct EquivalentScratch {
  std::string a, b;
};

// Writes the comparison key of `bytes` into `key` (left empty when not
// accepted): RunProfile with its ASCII fast path inline, for the hot
// callers below. Accepting costs no more than a bool.
internal::Verdict RunKey(const Profile& profile, std::string_view bytes,
                         std::string& key) {
  if (internal::TryAsciiProfile(profile, profile.key_case_mapping, bytes, key))
      [[likely]] {
    return internal::Verdict();
  }
  return internal::RunProfileSlowPath(profile, profile.key_case_mapping, bytes,
                                      key);
}

}  // namespace

absl::Status CanonicalizeInto(const Profile& profile, std::string_view bytes,
                              std::string& key) {
  return RunKey(profile, bytes, key).ToStatus();
}

absl::StatusOr<std::string> Canonicalize(const Profile& profile,
                                         std::string_view bytes) {
  std::string key;
  if (absl::Status s = CanonicalizeInto(profile, bytes, key); !s.ok()) {
    return s;
  }
  return key;
}

namespace internal {

absl::Status KeptBomInto(const Profile& profile, std::string_view bytes,
                         std::string& enforced) {
  if (profile.bom != BomPolicy::kIgnore || !bytes.starts_with(kUtf8Bom)) {
    return absl::OkStatus();
  }
  // The kept BOM is part of the enforced output, and so of its bound.
  if (enforced.size() + kUtf8Bom.size() > profile.max_output_bytes) {
    Rejection r;
    r.rule = Rule::kTooLong;
    r.source = RejectionSource::kProfile;
    r.profile = profile.name;
    return Verdict(std::move(r)).ToStatus();
  }
  enforced.insert(0, kUtf8Bom);
  return absl::OkStatus();
}

absl::Status KeyAndEnforcedInto(const Profile& profile, std::string_view bytes,
                                std::string& key, std::string& enforced) {
  if (absl::Status s = CanonicalizeInto(profile, bytes, key); !s.ok()) {
    return s;
  }
  if (profile.case_mapping == profile.key_case_mapping) {
    enforced = key;  // the same run of the profile
  } else if (const Verdict v =
                 RunProfile(profile, profile.case_mapping, bytes, enforced);
             !v.ok()) {
    return v.ToStatus();
  }
  return KeptBomInto(profile, bytes, enforced);
}

}  // namespace internal

absl::StatusOr<std::string> Enforce(const Profile& profile,
                                    std::string_view bytes) {
  std::string out;
  const internal::Verdict v =
      internal::RunProfile(profile, profile.case_mapping, bytes, out);
  if (!v.ok()) return v.ToStatus();
  if (absl::Status s = internal::KeptBomInto(profile, bytes, out); !s.ok()) {
    return s;
  }
  return out;
}

bool Equivalent(const Profile& profile, std::string_view a,
                std::string_view b) {
  EquivalentScratch& keys = internal::ThreadScratch<EquivalentScratch>();
  // A rejected input matches nothing: its Rejection is not needed.
  return RunKey(profile, a, keys.a).ok() && RunKey(profile, b, keys.b).ok() &&
         keys.a == keys.b;
}

Comparison Compare(const Profile& profile, std::string_view a,
                   std::string_view b) {
  Comparison c{Canonicalize(profile, a), Canonicalize(profile, b), false};
  c.equivalent = c.a.ok() && c.b.ok() && *c.a == *c.b;
  return c;
}

}  // namespace u8guard
