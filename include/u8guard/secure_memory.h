// SPDX-License-Identifier: Apache-2.0
// Memory for secrets: a comparison whose time does not depend on the
// content, a wipe the compiler keeps, and a string that wipes its buffer.
// They know nothing of profiles; secret.h canonicalizes a secret into a
// SecretString.

#ifndef U8GUARD_SECURE_MEMORY_H_
#define U8GUARD_SECURE_MEMORY_H_

#include <cstddef>
#include <string_view>

#include "u8guard/export.h"

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

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_SECURE_MEMORY_H_
