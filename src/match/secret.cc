// SPDX-License-Identifier: Apache-2.0
// Constant-time comparison, wiped buffers, canonicalization of secrets.

#include "u8guard/secret.h"

#include <string.h>  // explicit_bzero (glibc >= 2.25)

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <utility>

#include "src/common/verdict.h"
#include "src/match/pipeline.h"
#include "u8guard/rejection.h"

namespace u8guard {

bool ConstantTimeEquals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;  // the length may leak
  const char* pa = a.data();
  const char* pb = b.data();
  const size_t n = a.size();
  uint64_t diff = 0;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t x, y;
    std::memcpy(&x, pa + i, 8);
    std::memcpy(&y, pb + i, 8);
    diff |= x ^ y;
    // The barrier makes `diff` opaque to the optimizer: it cannot prove that
    // a non-zero value stays non-zero, so it cannot leave the loop early.
    __asm__ __volatile__("" : "+r"(diff));
  }
  for (; i < n; ++i) {
    diff |= static_cast<uint8_t>(pa[i]) ^ static_cast<uint8_t>(pb[i]);
    __asm__ __volatile__("" : "+r"(diff));
  }
  return diff == 0;
}

void SecureWipe(void* data, size_t size) {
  if (data != nullptr && size > 0) explicit_bzero(data, size);
}

SecretString::SecretString(std::string_view bytes) {
  if (bytes.empty()) return;
  data_ = new char[bytes.size()];
  size_ = bytes.size();
  std::memcpy(data_, bytes.data(), size_);
}

SecretString::~SecretString() { Clear(); }

SecretString::SecretString(SecretString&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)) {}

SecretString& SecretString::operator=(SecretString&& other) noexcept {
  if (this != &other) {
    Clear();
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
  }
  return *this;
}

void SecretString::Clear() {
  SecureWipe(data_, size_);
  delete[] data_;
  data_ = nullptr;
  size_ = 0;
}

absl::StatusOr<SecretString> CanonicalizeSecret(const Profile& profile,
                                                std::string_view bytes) {
  // One allocation large enough for the pipeline's output (NFC and case
  // mapping expand at most 3 times), so the key is never moved by growth
  // and leaves no stale copy behind.
  std::string work;
  if (bytes.size() <= internal::MaxInputBytes(profile)) {
    work.reserve(3 * bytes.size() + 64);
    internal::ReserveThreadScratch(3 * bytes.size() + 64);
  }
  const internal::Verdict verdict =
      internal::RunProfile(profile, profile.key_case_mapping, bytes, work);
  internal::WipeThreadScratch();
  std::optional<SecretString> key;
  if (verdict.ok()) key.emplace(work);
  // Zero everything the buffer ever held: resize() fills the tail up to the
  // capacity (where an error path may have left bytes), then the whole
  // buffer is wiped in a way the compiler keeps.
  work.resize(work.capacity());
  SecureWipe(work.data(), work.size());
  if (key) return std::move(*key);

  // A secret's rejection keeps only where and which rule: never the
  // offending character or, for bad UTF-8, its bytes.
  if (Rejection* r = verdict.rejection()) {
    r->code_point.reset();
    r->bytes.clear();
  }
  return verdict.ToStatus();
}

}  // namespace u8guard
