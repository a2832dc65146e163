// Canonicalize, Enforce, Equivalent, Compare.

#include <string>

#include "src/common/thread_scratch.h"
#include "src/match/pipeline.h"
#include "u8guard/bom.h"
#include "u8guard/match.h"

namespace u8guard {
namespace {

// The keys Equivalent compares, reused across calls on one thread.
struct EquivalentScratch {
  std::string a, b;
};

// Writes the comparison key of `bytes` into `key`; false when the profile
// rejects it (the Rejection is not needed: Equivalent fails closed). The
// ASCII fast path is inline, as in CanonicalizeInto.
bool KeyInto(const Profile& profile, std::string_view bytes,
             std::string& key) {
  if (internal::TryAsciiProfile(profile, profile.key_case_mapping, bytes, key))
      [[likely]] {
    return true;
  }
  return internal::RunProfileSlowPath(profile, profile.key_case_mapping, bytes,
                                      key)
      .ok();
}

}  // namespace

absl::Status CanonicalizeInto(const Profile& profile, std::string_view bytes,
                              std::string& key) {
  // RunProfile, with its ASCII fast path inline (it leaves `key` empty when
  // it does not accept).
  if (internal::TryAsciiProfile(profile, profile.key_case_mapping, bytes, key))
      [[likely]] {
    return absl::OkStatus();
  }
  return internal::RunProfileSlowPath(profile, profile.key_case_mapping, bytes,
                                      key)
      .ToStatus();
}

absl::StatusOr<std::string> Canonicalize(const Profile& profile,
                                         std::string_view bytes) {
  std::string key;
  if (absl::Status s = CanonicalizeInto(profile, bytes, key); !s.ok()) {
    return s;
  }
  return key;
}

absl::StatusOr<std::string> Enforce(const Profile& profile,
                                    std::string_view bytes) {
  std::string out;
  const internal::Verdict v =
      internal::RunProfile(profile, profile.case_mapping, bytes, out);
  if (!v.ok()) return v.ToStatus();
  if (profile.bom == BomPolicy::kIgnore && bytes.starts_with(kUtf8Bom)) {
    out.insert(0, kUtf8Bom);
  }
  return out;
}

bool Equivalent(const Profile& profile, std::string_view a,
                std::string_view b) {
  EquivalentScratch& keys = internal::ThreadScratch<EquivalentScratch>();
  return KeyInto(profile, a, keys.a) && KeyInto(profile, b, keys.b) &&
         keys.a == keys.b;
}

Comparison Compare(const Profile& profile, std::string_view a,
                   std::string_view b) {
  Comparison c{Canonicalize(profile, a), Canonicalize(profile, b), false};
  c.equivalent = c.a.ok() && c.b.ok() && *c.a == *c.b;
  return c;
}

}  // namespace u8guard
