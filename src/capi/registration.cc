// SPDX-License-Identifier: Apache-2.0
// Registration: policies, records, registries and decisions.

#include "u8guard/registration.h"

#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "src/capi/error.h"
#include "src/capi/handles.h"
#include "src/capi/input.h"
#include "u8guard/rejection.h"
#include "u8guard/u8guard_c.h"

struct u8guard_registry {
  u8guard::Registry registry;
};

namespace {

using ::u8guard::capi::Fail;
using ::u8guard::capi::FailNull;
using ::u8guard::capi::FailWith;
using ::u8guard::capi::Guard;
using ::u8guard::capi::PolicyOf;
using ::u8guard::capi::Succeed;
using ::u8guard::capi::ValidInput;
using ::u8guard::capi::View;

// A u8guard_registration and the strings it points into.
struct OwnedRegistration {
  u8guard_registration pub = {};
  u8guard::RegistrationDecision decision;
  std::string scripts, message;
};

// A new u8guard_registration holding `decision`.
u8guard_registration* Publish(u8guard::RegistrationDecision decision) {
  auto owned = std::make_unique<OwnedRegistration>();
  owned->decision = std::move(decision);
  const u8guard::RegistrationDecision& d = owned->decision;
  u8guard_registration& r = owned->pub;
  r.internal = owned.get();
  r.outcome = static_cast<int32_t>(d.outcome);
  r.conflict = d.conflict.c_str();
  r.conflict_len = d.conflict.size();
  r.shared_key = d.shared_key.c_str();
  r.shared_key_len = d.shared_key.size();
  r.identifier = d.identifier;
  r.rule = U8GUARD_RULE_NONE;
  r.code_point = -1;
  if (d.rejection.has_value()) {
    owned->message = u8guard::RejectionMessage(*d.rejection);
    r.rule = static_cast<u8guard_rule_t>(d.rejection->rule);
    r.offset = d.rejection->offset;
    r.code_point = d.rejection->code_point.has_value()
                       ? static_cast<int32_t>(*d.rejection->code_point)
                       : -1;
  }
  r.message = owned->message.c_str();
  if (d.record.has_value()) {
    const u8guard::RegistrationRecord& rec = *d.record;
    r.has_record = 1;
    r.enforced = rec.enforced.c_str();
    r.enforced_len = rec.enforced.size();
    r.key = rec.key.c_str();
    r.key_len = rec.key.size();
    r.lookalike_key_count = rec.lookalike_keys.size();
    for (size_t i = 0; i < rec.lookalike_keys.size(); ++i) {
      r.lookalike_keys[i] = rec.lookalike_keys[i].c_str();
      r.lookalike_key_lens[i] = rec.lookalike_keys[i].size();
    }
    r.restriction_level = static_cast<int32_t>(rec.restriction_level);
    owned->scripts = absl::StrJoin(rec.scripts, " ");
    r.display = static_cast<int32_t>(rec.display);
    r.version_tag = rec.version_tag.c_str();
  }
  r.scripts = owned->scripts.c_str();
  return &owned.release()->pub;
}

// The other identifiers of a call, checked.
u8guard_status Others(const char* const* others, const size_t* lens,
                      size_t count, std::vector<std::string>& out,
                      u8guard_error* error) {
  if (others == nullptr && count > 0) return FailNull(error, "others");
  for (size_t i = 0; i < count; ++i) {
    const char* s = others[i];
    const size_t len = lens != nullptr ? lens[i]
                       : s != nullptr  ? std::strlen(s)
                                       : 1;  // NULL, not a string
    if (!ValidInput(s, len)) {
      return Fail(error, U8GUARD_INVALID_ARGUMENT,
                  absl::StrCat("others[", i, "] must not be NULL unless ",
                               "other_lens[", i, "] is 0"));
    }
    out.emplace_back(View(s, len));
  }
  return U8GUARD_OK;
}

// The account a call names: its name and other identifiers, as given.
struct AccountArgs {
  const char* name;
  size_t name_len;
  const char* const* others;
  const size_t* other_lens;
  size_t other_count;
};

// u8guard_registry_decide and _register: `decide` calls Registry::Decide
// or Registry::Register.
template <typename Decide>
u8guard_status Decision(const void* registry, const AccountArgs& a,
                        u8guard_registration** out, u8guard_error* error,
                        Decide decide) {
  if (out != nullptr) *out = nullptr;
  return Guard(error, [&] {
    if (out == nullptr) return FailNull(error, "out");
    if (registry == nullptr) return FailNull(error, "registry");
    if (!ValidInput(a.name, a.name_len)) return FailNull(error, "name");
    std::vector<std::string> identifiers;
    if (const u8guard_status bad =
            Others(a.others, a.other_lens, a.other_count, identifiers, error);
        bad != U8GUARD_OK) {
      return bad;
    }
    absl::StatusOr<u8guard::RegistrationDecision> d =
        decide(View(a.name, a.name_len), identifiers);
    if (!d.ok()) return FailWith(error, d.status());
    *out = Publish(*std::move(d));
    return Succeed(error);
  });
}

}  // namespace

extern "C" {

u8guard_status u8guard_registration_policy_load(
    const char* path, u8guard_registration_policy** out, u8guard_error* error) {
  if (out != nullptr) *out = nullptr;
  return Guard(error, [&] {
    if (out == nullptr) return FailNull(error, "out");
    if (path == nullptr) return FailNull(error, "path");
    absl::StatusOr<u8guard::RegistrationPolicy> policy =
        u8guard::LoadRegistrationPolicy(path);
    if (!policy.ok()) return FailWith(error, policy.status());
    *out = new u8guard_registration_policy{*std::move(policy)};
    return Succeed(error);
  });
}

void u8guard_registration_policy_free(u8guard_registration_policy* policy) {
  delete policy;
}

const char* u8guard_registration_outcome_name(int32_t outcome) {
  if (outcome < U8GUARD_REGISTRATION_ACCEPTED ||
      outcome > U8GUARD_REGISTRATION_MIXED_NUMBERS) {
    return "unknown";
  }
  // The names are string literals: NUL-terminated.
  return u8guard::RegistrationOutcomeName(
             static_cast<u8guard::RegistrationOutcome>(outcome))
      .data();
}

const char* u8guard_display_safety_name(int32_t display) {
  if (display != U8GUARD_DISPLAY_AS_TYPED && display != U8GUARD_DISPLAY_ESCAPED)
    return "unknown";
  return u8guard::DisplaySafetyName(
             static_cast<u8guard::DisplaySafety>(display))
      .data();
}

void u8guard_registration_free(u8guard_registration* r) {
  if (r != nullptr) delete static_cast<OwnedRegistration*>(r->internal);
}

u8guard_status u8guard_registration_record(
    const u8guard_profile* profile, const u8guard_registration_policy* policy,
    const char* name, size_t name_len, u8guard_registration** out,
    u8guard_error* error) {
  if (out != nullptr) *out = nullptr;
  return Guard(error, [&] {
    if (out == nullptr) return FailNull(error, "out");
    if (profile == nullptr) return FailNull(error, "profile");
    if (!ValidInput(name, name_len)) return FailNull(error, "name");
    absl::StatusOr<u8guard::RegistrationRecord> record =
        u8guard::MakeRegistrationRecord(profile->profile, PolicyOf(policy),
                                        View(name, name_len));
    if (!record.ok()) return FailWith(error, record.status());
    u8guard::RegistrationDecision d;
    d.record = *std::move(record);
    *out = Publish(std::move(d));
    return Succeed(error);
  });
}

u8guard_status u8guard_registry_new(const u8guard_profile* profile,
                                    const u8guard_registration_policy* policy,
                                    u8guard_registry** out,
                                    u8guard_error* error) {
  if (out != nullptr) *out = nullptr;
  return Guard(error, [&] {
    if (out == nullptr) return FailNull(error, "out");
    if (profile == nullptr) return FailNull(error, "profile");
    *out = new u8guard_registry{
        u8guard::Registry(profile->profile, PolicyOf(policy))};
    return Succeed(error);
  });
}

u8guard_status u8guard_registry_load(const u8guard_profile* profile,
                                     const u8guard_registration_policy* policy,
                                     const char* path, u8guard_registry** out,
                                     u8guard_error* error) {
  if (out != nullptr) *out = nullptr;
  return Guard(error, [&] {
    if (out == nullptr) return FailNull(error, "out");
    if (profile == nullptr) return FailNull(error, "profile");
    if (path == nullptr) return FailNull(error, "path");
    absl::StatusOr<u8guard::Registry> registry =
        u8guard::Registry::Load(profile->profile, path, PolicyOf(policy));
    if (!registry.ok()) return FailWith(error, registry.status());
    *out = new u8guard_registry{*std::move(registry)};
    return Succeed(error);
  });
}

void u8guard_registry_free(u8guard_registry* registry) { delete registry; }

size_t u8guard_registry_accounts(const u8guard_registry* registry) {
  return registry != nullptr ? registry->registry.accounts() : 0;
}

u8guard_status u8guard_registry_add(u8guard_registry* registry,
                                    const char* name, size_t name_len,
                                    const char* const* others,
                                    const size_t* other_lens,
                                    size_t other_count, u8guard_error* error) {
  return Guard(error, [&] {
    if (registry == nullptr) return FailNull(error, "registry");
    if (!ValidInput(name, name_len)) return FailNull(error, "name");
    std::vector<std::string> identifiers;
    if (const u8guard_status bad =
            Others(others, other_lens, other_count, identifiers, error);
        bad != U8GUARD_OK) {
      return bad;
    }
    const absl::Status s =
        registry->registry.Add(View(name, name_len), identifiers);
    return s.ok() ? Succeed(error) : FailWith(error, s);
  });
}

u8guard_status u8guard_registry_decide(
    const u8guard_registry* registry, const char* name, size_t name_len,
    const char* const* others, const size_t* other_lens, size_t other_count,
    u8guard_registration** out, u8guard_error* error) {
  return Decision(registry, {name, name_len, others, other_lens, other_count},
                  out, error,
                  [&](std::string_view n, const std::vector<std::string>& o) {
                    return registry->registry.Decide(n, o);
                  });
}

u8guard_status u8guard_registry_register(
    u8guard_registry* registry, const char* name, size_t name_len,
    const char* const* others, const size_t* other_lens, size_t other_count,
    u8guard_registration** out, u8guard_error* error) {
  return Decision(registry, {name, name_len, others, other_lens, other_count},
                  out, error,
                  [&](std::string_view n, const std::vector<std::string>& o) {
                    return registry->registry.Register(n, o);
                  });
}

}  // extern "C"
