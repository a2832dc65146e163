// SPDX-License-Identifier: Apache-2.0
// Canonical keys and comparison under a Profile (RFC 8264 §7, RFC 3629 §10).
//
// Every function here is fail-closed: an input that the profile rejects
// yields an error, never a partially canonicalized key, and is equivalent to
// nothing. Errors are InvalidArgument statuses carrying a Rejection (see
// rejection.h; source kProfile, naming the profile): the byte offset in the
// caller's original input, the offending code point, and the rule, e.g.
//   "username-case-mapped: rejected at byte 3 (U+200B):
//    DISALLOWED/precis_ignorable_properties".

#ifndef U8GUARD_MATCH_H_
#define U8GUARD_MATCH_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "u8guard/export.h"
#include "u8guard/profile.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// Returns the comparison key of `bytes` under `profile`: the BOM policy,
// strict UTF-8 decoding, width mapping, additional mapping, the key's case
// mapping, normalization, the directionality rule, the stability check
// (enforcing the result again must give the same result; an unstable result
// is rejected, not returned), the empty-result check, the string class with
// its context rules, and the length bounds. Two inputs are equivalent under
// the profile exactly when their keys are byte-equal.
absl::StatusOr<std::string> Canonicalize(const Profile& profile,
                                         std::string_view bytes);

// As Canonicalize, writing the key into `key` (its capacity is reused, so a
// caller that canonicalizes many strings allocates rarely). On error `key`
// is left empty.
absl::Status CanonicalizeInto(const Profile& profile, std::string_view bytes,
                              std::string& key);

// Canonicalize under the name every surface gives the comparison key
// (docs/vocabulary.md: Profile.key, Profile.Key, u8guard_key): the same
// function, the same keys and the same rejections. Canonicalize stays.
inline absl::StatusOr<std::string> Key(const Profile& profile,
                                       std::string_view bytes) {
  return Canonicalize(profile, bytes);
}

// CanonicalizeInto under the vocabulary's name, as Key is Canonicalize's:
// the same key written into `key`, the same rejections (`key` left empty).
inline absl::Status KeyInto(const Profile& profile, std::string_view bytes,
                            std::string& key) {
  return CanonicalizeInto(profile, bytes, key);
}

// Returns the enforced form of `bytes`: what to store and display. Same
// rules as Canonicalize with the profile's case_mapping instead of its
// key_case_mapping (they differ for Nickname: the stored form keeps case);
// under the `ignore` BOM policy an initial BOM is kept in front.
absl::StatusOr<std::string> Enforce(const Profile& profile,
                                    std::string_view bytes);

// True when both inputs are accepted and their comparison keys are equal.
// A rejected input is equivalent to nothing, not even to itself.
bool Equivalent(const Profile& profile, std::string_view a, std::string_view b);

// Two inputs' keys (or rejections) and Equivalent's answer, for callers
// that show why two inputs differ.
struct Comparison {
  absl::StatusOr<std::string> a;  // Canonicalize(profile, a)
  absl::StatusOr<std::string> b;  // Canonicalize(profile, b)
  bool equivalent = false;        // both accepted and equal
};

// Canonicalizes each input once and compares the keys: `equivalent` is
// Equivalent(profile, a, b).
Comparison Compare(const Profile& profile, std::string_view a,
                   std::string_view b);

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_MATCH_H_
