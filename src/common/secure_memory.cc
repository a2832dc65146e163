// SPDX-License-Identifier: Apache-2.0
// Constant-time comparison and wiped buffers.

#include "u8guard/secure_memory.h"

#include <string.h>  // explicit_bzero (glibc >= 2.25)

#include <cstdint>
#include <cstring>
#include <utility>

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

}  // namespace u8guard
