// SPDX-License-Identifier: Apache-2.0
// Secrets (passwords, tokens): canonical keys held in buffers that are wiped,
// and compared in time that does not depend on their content.
//
// A password goes through a profile (normally "opaque-string", RFC 8265
// §4.2) before it is hashed, so that the same password typed on two
// keyboards hashes the same way:
//
//   absl::StatusOr<SecretString> key = CanonicalizeSecret(*profile, typed);
//   if (!key.ok()) return Reject();            // the status names no byte
//   hash = Argon2id(key->view(), salt);        // key is wiped when it dies
//
// What is and is not wiped: the SecretString's own buffer, the working
// buffer CanonicalizeSecret canonicalizes into, and the profile pipeline's
// per-thread scratch buffers (reserved before the run so they never grow
// during it, zeroed after it). The caller's input is the caller's to wipe.
// Non-ASCII secrets that need ICU's case mapping or normalization also pass
// through ICU's own temporaries, which are not wiped (see docs/matching.md,
// "Secrets").

#ifndef U8GUARD_SECRET_H_
#define U8GUARD_SECRET_H_

#include <string_view>

#include "absl/status/statusor.h"
#include "u8guard/export.h"
#include "u8guard/profile.h"
#include "u8guard/secure_memory.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// Returns the comparison key of the secret `bytes` under `profile`, as
// Canonicalize (match.h) does, in a SecretString. Meant for OpaqueString:
// the result is what a password hash should be fed.
//
// Rejected input gives an InvalidArgument status carrying a Rejection whose
// message and payload name the profile, the byte offset and the rule but
// never a code point or byte of the secret (unlike Canonicalize's errors,
// which quote the offending character). The working buffer is wiped before
// it is freed, on success and on error.
absl::StatusOr<SecretString> CanonicalizeSecret(const Profile& profile,
                                                std::string_view bytes);

// CanonicalizeSecret under the vocabulary's name for the key of a secret
// (docs/vocabulary.md: u8guard_secret_key, Go's Profile.SecretKey): the
// same function, the same key in a SecretString, the same rejections that
// name no byte of the secret. CanonicalizeSecret stays.
inline absl::StatusOr<SecretString> SecretKey(const Profile& profile,
                                              std::string_view bytes) {
  return CanonicalizeSecret(profile, bytes);
}

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_SECRET_H_
