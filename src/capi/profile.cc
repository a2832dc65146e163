// SPDX-License-Identifier: Apache-2.0
// Profiles: the built-in ones, from a directory or a file.

#include "u8guard/profile.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "src/capi/error.h"
#include "src/capi/handles.h"
#include "u8guard/u8guard_c.h"

namespace {

using ::u8guard::capi::FailNull;
using ::u8guard::capi::FailWith;
using ::u8guard::capi::Guard;
using ::u8guard::capi::Succeed;

// Hands `profile` (or its error) to the caller.
u8guard_status Emit(absl::StatusOr<u8guard::Profile> profile,
                    u8guard_profile** out, u8guard_error* error) {
  if (!profile.ok()) return FailWith(error, profile.status());
  *out = new u8guard_profile{*std::move(profile)};
  return Succeed(error);
}

// The built-in profiles, or nullptr if they cannot be had.
const std::vector<u8guard::Profile>* Builtins() noexcept {
  try {
    return &u8guard::BuiltinProfiles();
  } catch (...) {
    return nullptr;
  }
}

}  // namespace

extern "C" {

size_t u8guard_builtin_profile_count(void) {
  const std::vector<u8guard::Profile>* builtins = Builtins();
  return builtins == nullptr ? 0 : builtins->size();
}

const char* u8guard_builtin_profile_name(size_t index) {
  const std::vector<u8guard::Profile>* builtins = Builtins();
  if (builtins == nullptr || index >= builtins->size()) return nullptr;
  return (*builtins)[index].name.c_str();
}

const char* u8guard_canonical_profile_name(const char* name) {
  if (name == nullptr) return nullptr;
  // The canonical names are views of static strings with a NUL after them.
  return u8guard::CanonicalProfileName(name).data();
}

u8guard_status u8guard_profile_open(const char* name, const char* directory,
                                    u8guard_profile** out,
                                    u8guard_error* error) {
  if (out != nullptr) *out = nullptr;
  return Guard(error, [&] {
    if (out == nullptr) return FailNull(error, "out");
    if (name == nullptr) return FailNull(error, "name");
    return Emit(u8guard::FindProfile(name, directory ? directory : ""), out,
                error);
  });
}

u8guard_status u8guard_profile_open_file(const char* path,
                                         u8guard_profile** out,
                                         u8guard_error* error) {
  if (out != nullptr) *out = nullptr;
  return Guard(error, [&] {
    if (out == nullptr) return FailNull(error, "out");
    if (path == nullptr) return FailNull(error, "path");
    return Emit(u8guard::LoadProfileFile(path), out, error);
  });
}

// The vocabulary's name: one implementation, called through.
u8guard_status u8guard_profile_load(const char* path, u8guard_profile** out,
                                    u8guard_error* error) {
  return u8guard_profile_open_file(path, out, error);
}

void u8guard_profile_free(u8guard_profile* profile) { delete profile; }

const char* u8guard_profile_name(const u8guard_profile* profile) {
  return profile == nullptr ? nullptr : profile->profile.name.c_str();
}

}  // extern "C"
