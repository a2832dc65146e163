// SPDX-License-Identifier: Apache-2.0
// u8guard_version, u8guard_abi_version, u8guard_icu_version,
// u8guard_unicode_version.

#include "u8guard/version.h"

#include <string>

#include "u8guard/u8guard_c.h"

namespace {

// A copy of `version` in static storage, made once and never freed (so it
// outlives every caller); "" if the copy cannot be made.
const char* Keep(std::string (*version)()) noexcept {
  try {
    return (new std::string(version()))->c_str();
  } catch (...) {
    return "";
  }
}

}  // namespace

extern "C" {

const char* u8guard_version(void) {
  // The string u8guard::LibraryVersion() returns, without allocating.
  return U8GUARD_VERSION_STRING;
}

// The vocabulary's name: one implementation, called through.
const char* u8guard_library_version(void) { return u8guard_version(); }

int u8guard_abi_version(void) { return U8GUARD_ABI_VERSION; }

const char* u8guard_icu_version(void) {
  static const char* const kVersion = Keep(u8guard::IcuVersion);
  return kVersion;
}

const char* u8guard_unicode_version(void) {
  static const char* const kVersion = Keep(u8guard::UnicodeVersion);
  return kVersion;
}

}  // extern "C"
