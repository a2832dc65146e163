// Canonicalize, Enforce, Equivalent.

#include <string>

#include "src/match/pipeline.h"
#include "u8guard/bom.h"
#include "u8guard/match.h"

namespace u8guard {

absl::Status CanonicalizeInto(const Profile& profile, std::string_view bytes,
                              std::string& key) {
  // RunProfile leaves `key` empty on error.
  return internal::RunProfile(profile, profile.key_case_mapping, bytes, key);
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
  absl::Status s =
      internal::RunProfile(profile, profile.case_mapping, bytes, out);
  if (!s.ok()) return s;
  if (profile.bom == BomPolicy::kIgnore &&
      bytes.substr(0, kUtf8Bom.size()) == kUtf8Bom) {
    out.insert(0, kUtf8Bom);
  }
  return out;
}

bool Equivalent(const Profile& profile, std::string_view a,
                std::string_view b) {
  std::string ka, kb;
  return CanonicalizeInto(profile, a, ka).ok() &&
         CanonicalizeInto(profile, b, kb).ok() && ka == kb;
}

}  // namespace u8guard
