// SPDX-License-Identifier: Apache-2.0
// A C++17 program that uses u8guard's C API (the C++ API needs C++20),
// built by the install test with `g++ -std=c++17 -pedantic -Werror` and
// pkg-config. Exits 0 when every answer is the expected one.

#include <u8guard/u8guard_c.h>

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace {

struct ProfileFree {
  void operator()(u8guard_profile* p) const { u8guard_profile_free(p); }
};
using Profile = std::unique_ptr<u8guard_profile, ProfileFree>;

// The key of `in`, sized by pre-flighting; "" when rejected.
std::string Key(const u8guard_profile* profile, std::string_view in) {
  size_t len = 0;
  if (u8guard_canonicalize(profile, in.data(), in.size(), nullptr, 0, &len,
                           nullptr) != U8GUARD_BUFFER_TOO_SMALL) {
    return "";
  }
  std::string key(len, '\0');
  if (u8guard_canonicalize(profile, in.data(), in.size(), key.data(),
                           key.size(), &len, nullptr) != U8GUARD_OK) {
    return "";
  }
  return key;
}

}  // namespace

int main() {
  u8guard_profile* raw = nullptr;
  if (u8guard_profile_open("nickname", nullptr, &raw, nullptr) != U8GUARD_OK) {
    return 1;
  }
  const Profile nickname(raw);
  const std::string key = Key(nickname.get(), "  Anne\xC2\xA0Marie ");
  u8guard_error error;
  const bool rejected =
      u8guard_utf8_check("\xED\xA0\x80", 3, &error) == U8GUARD_REJECTED &&
      error.rule == U8GUARD_RULE_UTF8_SURROGATE;
  std::printf("key \"%s\", surrogate %s\n", key.c_str(),
              rejected ? "rejected" : "ACCEPTED");
  return key == "anne marie" && rejected ? 0 : 1;
}
