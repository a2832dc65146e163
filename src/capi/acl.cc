// SPDX-License-Identifier: Apache-2.0
// Allow lists and deny lists: built from a file or from strings, looked up.

#include "u8guard/acl.h"

#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "src/capi/error.h"
#include "src/capi/handles.h"
#include "src/capi/input.h"
#include "u8guard/u8guard_c.h"

namespace {

using ::u8guard::capi::Fail;
using ::u8guard::capi::FailNull;
using ::u8guard::capi::FailWith;
using ::u8guard::capi::Guard;
using ::u8guard::capi::Succeed;
using ::u8guard::capi::ValidInput;
using ::u8guard::capi::View;

// Handle is u8guard_allow_list or u8guard_deny_list, List the C++ class.

template <typename Handle>
u8guard_status Load(const u8guard_profile* profile, const char* path,
                    Handle** out, u8guard_error* error) {
  if (out != nullptr) *out = nullptr;
  return Guard(error, [&] {
    if (out == nullptr) return FailNull(error, "out");
    if (profile == nullptr) return FailNull(error, "profile");
    if (path == nullptr) return FailNull(error, "path");
    auto list = decltype(Handle::list)::Load(profile->profile, path);
    if (!list.ok()) return FailWith(error, list.status());
    *out = new Handle{*std::move(list)};
    return Succeed(error);
  });
}

template <typename Handle>
u8guard_status New(const u8guard_profile* profile, const char* const* entries,
                   const size_t* lengths, size_t count, Handle** out,
                   u8guard_error* error) {
  if (out != nullptr) *out = nullptr;
  return Guard(error, [&] {
    if (out == nullptr) return FailNull(error, "out");
    if (profile == nullptr) return FailNull(error, "profile");
    if (entries == nullptr && count > 0) return FailNull(error, "entries");
    std::vector<std::string> strings;
    strings.reserve(count);
    for (size_t i = 0; i < count; ++i) {
      const char* entry = entries[i];
      const size_t len = lengths != nullptr ? lengths[i]
                         : entry != nullptr ? std::strlen(entry)
                                            : 1;  // NULL, not a string
      if (!ValidInput(entry, len)) {
        return Fail(
            error, U8GUARD_INVALID_ARGUMENT,
            absl::StrCat("entries[", i, "] must not be NULL unless lengths[", i,
                         "] is 0"));
      }
      strings.emplace_back(View(entry, len));
    }
    auto list = decltype(Handle::list)::Build(profile->profile, strings);
    if (!list.ok()) return FailWith(error, list.status());
    *out = new Handle{*std::move(list)};
    return Succeed(error);
  });
}

// Fills *match (when not NULL) from `entry`.
void Fill(const u8guard::AclEntry& entry, u8guard_acl_match* match) {
  if (match == nullptr) return;
  match->index = entry.index;
  match->line = entry.line;
  match->original = entry.original.data();
  match->original_len = entry.original.size();
  match->key = entry.key.data();
  match->key_len = entry.key.size();
}

// Runs one lookup (`lookup` returns an AclLookup) and reports it.
template <typename Lookup>
u8guard_status Find(const void* list, const char* credential, size_t len,
                    u8guard_acl_match* match, u8guard_error* error,
                    Lookup lookup) {
  if (match != nullptr) *match = u8guard_acl_match{};
  return Guard(error, [&] {
    if (list == nullptr) return FailNull(error, "list");
    if (!ValidInput(credential, len)) return FailNull(error, "credential");
    const u8guard::AclLookup found = lookup(View(credential, len));
    if (found.match) {
      Fill(*found.match, match);
      return Succeed(error);
    }
    if (!found.status.ok()) return FailWith(error, found.status);
    return Fail(error, U8GUARD_NO_MATCH, "no entry matches");
  });
}

}  // namespace

extern "C" {

u8guard_status u8guard_allow_list_load(const u8guard_profile* profile,
                                       const char* path,
                                       u8guard_allow_list** out,
                                       u8guard_error* error) {
  return Load(profile, path, out, error);
}

u8guard_status u8guard_allow_list_new(const u8guard_profile* profile,
                                      const char* const* entries,
                                      const size_t* lengths, size_t count,
                                      u8guard_allow_list** out,
                                      u8guard_error* error) {
  return New(profile, entries, lengths, count, out, error);
}

void u8guard_allow_list_free(u8guard_allow_list* list) { delete list; }

size_t u8guard_allow_list_size(const u8guard_allow_list* list) {
  return list == nullptr ? 0 : list->list.index().size();
}

u8guard_status u8guard_allow_list_grants(const u8guard_allow_list* list,
                                         const char* credential,
                                         size_t credential_len,
                                         u8guard_acl_match* match,
                                         u8guard_error* error) {
  return Find(list, credential, credential_len, match, error,
              [list](std::string_view c) { return list->list.Grants(c); });
}

u8guard_status u8guard_deny_list_load(const u8guard_profile* profile,
                                      const char* path, u8guard_deny_list** out,
                                      u8guard_error* error) {
  return Load(profile, path, out, error);
}

u8guard_status u8guard_deny_list_new(const u8guard_profile* profile,
                                     const char* const* entries,
                                     const size_t* lengths, size_t count,
                                     u8guard_deny_list** out,
                                     u8guard_error* error) {
  return New(profile, entries, lengths, count, out, error);
}

void u8guard_deny_list_free(u8guard_deny_list* list) { delete list; }

size_t u8guard_deny_list_size(const u8guard_deny_list* list) {
  return list == nullptr ? 0 : list->list.index().size();
}

u8guard_status u8guard_deny_list_resembles(const u8guard_deny_list* list,
                                           const char* credential,
                                           size_t credential_len,
                                           u8guard_acl_match* match,
                                           u8guard_error* error) {
  return Find(list, credential, credential_len, match, error,
              [list](std::string_view c) { return list->list.Resembles(c); });
}

}  // extern "C"
