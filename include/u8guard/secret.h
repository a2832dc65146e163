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

#include <cstddef>
#include <string_view>

#include "absl/status/statusor.h"
#include "u8guard/export.h"
#include "u8guard/profile.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// Returns true when `a` and `b` hold the same bytes. The running time depends
// on the lengths only, never on the content: every byte of both is read, and
// the differences are accumulated behind a compiler barrier, so neither the
// compiler nor the loop can stop at the first difference. Strings of
// different lengths return false at once (the length may leak; for canonical
// keys of passwords it is not the secret part).
bool ConstantTimeEquals(std::string_view a, std::string_view b);

// Sets `size` bytes at `data` to zero in a way the compiler may not remove as
// a dead store (explicit_bzero). Accepts nullptr with size 0.
void SecureWipe(void* data, size_t size);

// A byte string that wipes its heap buffer (SecureWipe) before freeing it:
// on destruction, on assignment and on Clear(). Move-only; a move hands the
// buffer itself over (no copy of the bytes is made) and leaves the source
// empty. The buffer is allocated exactly once, at its final size, so no
// stale copy is left behind by growth.
class SecretString {
 public:
  // An empty secret (no buffer).
  SecretString() = default;
  // Copies `bytes` into a new buffer. The caller wipes its own copy.
  explicit SecretString(std::string_view bytes);
  ~SecretString();

  SecretString(SecretString&& other) noexcept;
  // Wipes and frees this secret's buffer, then takes over `other`'s.
  SecretString& operator=(SecretString&& other) noexcept;
  SecretString(const SecretString&) = delete;
  SecretString& operator=(const SecretString&) = delete;

  // The bytes; valid until this object is destroyed, assigned or cleared.
  std::string_view view() const { return std::string_view(data_, size_); }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  // Wipes and frees the buffer now; the secret becomes empty.
  void Clear();

 private:
  char* data_ = nullptr;
  size_t size_ = 0;
};

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

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_SECRET_H_
