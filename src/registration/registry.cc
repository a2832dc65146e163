// SPDX-License-Identifier: Apache-2.0
// Registry: the identifiers of a service's accounts, and the decision.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "src/acl/acl_lines.h"
#include "src/common/progress_counter.h"
#include "src/common/read_file.h"
#include "src/confusables/skeleton.h"
#include "src/registration/registration_internal.h"
#include "u8guard/acl.h"
#include "u8guard/display.h"
#include "u8guard/registration.h"
#include "u8guard/rejection.h"
#include "unicode/locid.h"
#include "unicode/unistr.h"

namespace u8guard {
namespace {

// Where an identifier came from: its account, and whether it is the
// account's name (0) or another identifier.
struct Owner {
  uint32_t account;
  uint32_t field;
};

// A match of one of a candidate's keys.
struct Hit {
  uint32_t id;  // the registered identifier (or protected name)
  std::string shared_key;
};

// The forms of a protected name it is compared in: as written, in
// capitals and in title case (ICU's root locale). Under a profile whose key
// keeps case these are three keys, each with its look-alike keys; under one
// that maps case they are one.
std::vector<std::string> ProtectedForms(std::string_view name) {
  std::vector<std::string> out = {std::string(name)};
  const icu::UnicodeString written = icu::UnicodeString::fromUTF8(
      icu::StringPiece(name.data(), static_cast<int32_t>(name.size())));
  icu::UnicodeString upper(written);
  icu::UnicodeString title(written);
  upper.toUpper(icu::Locale::getRoot());
  title.toTitle(nullptr, icu::Locale::getRoot());
  for (const icu::UnicodeString* form : {&upper, &title}) {
    std::string utf8;
    form->toUTF8String(utf8);
    if (std::find(out.begin(), out.end(), utf8) == out.end()) {
      out.push_back(std::move(utf8));
    }
  }
  return out;
}

// `identifier` (a key) in lower case (ICU's root locale), for comparing it
// with the protected names under a profile whose key keeps case.
std::string Lowered(std::string_view identifier) {
  icu::UnicodeString s = icu::UnicodeString::fromUTF8(icu::StringPiece(
      identifier.data(), static_cast<int32_t>(identifier.size())));
  s.toLower(icu::Locale::getRoot());
  std::string out;
  s.toUTF8String(out);
  return out;
}

}  // namespace

struct Registry::State {
  Profile profile;
  RegistrationPolicy policy;
  internal::SkeletonExemptions exempt;
  // The identifiers as registered, and whose they are.
  std::vector<std::string> identifiers;
  std::vector<Owner> owners;
  // Key -> the first identifier with it; look-alike key -> likewise.
  absl::flat_hash_map<std::string, uint32_t> by_key;
  absl::flat_hash_map<std::string, uint32_t> by_lookalike;
  // The protected names' keys, look-alike keys and stripped keys -> their
  // index in policy.protected_names.
  absl::flat_hash_map<std::string, uint32_t> protected_keys;
  uint32_t accounts = 0;
  size_t skipped = 0;

  State(const Profile& p, RegistrationPolicy pol)
      : profile(p), policy(std::move(pol)), exempt(policy.exemptions) {
    for (size_t i = 0; i < policy.protected_names.size(); ++i) {
      // Names the profile rejects cannot be registered anyway.
      for (const std::string& form :
           ProtectedForms(policy.protected_names[i])) {
        for (const std::string& key : AllKeys(form, /*strip=*/true)) {
          protected_keys.try_emplace(key, static_cast<uint32_t>(i));
        }
      }
    }
  }

  // The key and look-alike keys of `identifier` (and, with `strip`, those
  // of it with its diacritics stripped); none when the profile rejects it.
  std::vector<std::string> AllKeys(std::string_view identifier, bool strip) {
    std::vector<std::string> out;
    internal::IdentifierKeys keys;
    if (!internal::IdentifierKeysInto(profile, exempt, identifier, keys).ok()) {
      return out;
    }
    out.push_back(keys.key);
    out.insert(out.end(), keys.lookalike_keys.begin(),
               keys.lookalike_keys.end());
    if (strip) {
      absl::StatusOr<std::string> stripped =
          internal::StripDiacritics(keys.key);
      if (stripped.ok() && *stripped != keys.key) {
        for (std::string& k : AllKeys(*stripped, false)) {
          out.push_back(std::move(k));
        }
      }
    }
    return out;
  }

  // The first of `keys` found in `table`.
  static std::optional<Hit> Find(
      const absl::flat_hash_map<std::string, uint32_t>& table,
      const std::vector<std::string>& keys) {
    for (const std::string& k : keys) {
      auto it = table.find(k);
      if (it != table.end()) return Hit{it->second, k};
    }
    return std::nullopt;
  }
};

Registry::Registry(const Profile& profile, RegistrationPolicy policy)
    : state_(std::make_unique<State>(profile, std::move(policy))) {}
Registry::~Registry() = default;
Registry::Registry(Registry&&) noexcept = default;
Registry& Registry::operator=(Registry&&) noexcept = default;

absl::StatusOr<Registry> Registry::Load(const Profile& profile,
                                        const std::string& path,
                                        RegistrationPolicy policy,
                                        const AclLoadOptions& options) {
  absl::StatusOr<std::string> text = internal::ReadFileToString(
      path, options.max_file_bytes, EscapeForDisplay(path));
  if (!text.ok()) return text.status();
  Registry registry(profile, std::move(policy));
  internal::ProgressCounter counter(options.progress, text->size(), 0);
  bool signature = false;  // (a leading EF BB BF is the file's, not a name's)
  absl::Status status = internal::ForEachAclLine(
      *text, &signature, [&](std::string_view line, size_t) {
        absl::Status added = registry.Add(line);
        counter.Record(internal::ConsumedBytes(*text, line));
        if (added.ok()) return absl::OkStatus();
        // A name the profile rejects is skipped; anything else (ICU
        // failed) ends the load.
        if (!GetRejection(added).has_value()) return added;
        ++registry.state_->skipped;
        return absl::OkStatus();
      });
  if (!status.ok()) return status;
  counter.Finish();
  return registry;
}

absl::StatusOr<RegistrationDecision> Registry::Decide(
    std::string_view name,
    const std::vector<std::string>& other_identifiers) const {
  State& s = *state_;
  RegistrationDecision d;
  absl::StatusOr<RegistrationRecord> record =
      MakeRegistrationRecord(s.profile, s.policy, name);
  if (!record.ok()) {
    std::optional<Rejection> rejection = GetRejection(record.status());
    if (!rejection.has_value()) return record.status();
    d.outcome = RegistrationOutcome::kRejected;
    d.rejection = std::move(rejection);
    return d;
  }
  d.record = *std::move(record);
  const auto refuse = [&](RegistrationOutcome outcome, std::string conflict,
                          std::string shared_key, size_t identifier) {
    d.outcome = outcome;
    d.conflict = std::move(conflict);
    d.shared_key = std::move(shared_key);
    d.identifier = identifier;
    return d;
  };
  // The name's keys, then each other identifier's.
  std::vector<std::vector<std::string>> keys;
  keys.push_back({d.record->key});
  keys[0].insert(keys[0].end(), d.record->lookalike_keys.begin(),
                 d.record->lookalike_keys.end());
  for (size_t i = 0; i < other_identifiers.size(); ++i) {
    internal::IdentifierKeys k;
    if (absl::Status st = internal::IdentifierKeysInto(s.profile, s.exempt,
                                                       other_identifiers[i], k);
        !st.ok()) {
      std::optional<Rejection> rejection = GetRejection(st);
      if (!rejection.has_value()) return st;
      d.outcome = RegistrationOutcome::kRejected;
      d.rejection = std::move(rejection);
      d.identifier = i + 1;
      return d;
    }
    keys.push_back({k.key});
    keys.back().insert(keys.back().end(), k.lookalike_keys.begin(),
                       k.lookalike_keys.end());
  }
  // Protected names: by key, look-alike key, and with diacritics stripped;
  // under a profile whose key keeps case, also by the keys of the key in
  // lower case ("aDMIN" is "admin"), stripped too ("\u00E4DMIN").
  const bool case_kept = s.profile.key_case_mapping == CaseMapping::kNone;
  for (size_t i = 0; i < keys.size(); ++i) {
    std::vector<std::string> all = keys[i];
    // Each from the key: how the identifier was typed changes nothing.
    std::vector<std::string> forms = {keys[i][0]};
    if (case_kept) forms.push_back(Lowered(keys[i][0]));
    for (size_t f = 0, n = forms.size(); f < n; ++f) {
      absl::StatusOr<std::string> stripped =
          internal::StripDiacritics(forms[f]);
      if (!stripped.ok()) return stripped.status();
      if (*stripped != forms[f]) forms.push_back(*std::move(stripped));
    }
    for (size_t f = 1; f < forms.size(); ++f) {
      for (std::string& k : s.AllKeys(forms[f], false)) {
        all.push_back(std::move(k));
      }
    }
    if (std::optional<Hit> hit = State::Find(s.protected_keys, all)) {
      return refuse(RegistrationOutcome::kProtectedName,
                    s.policy.protected_names[hit->id], hit->shared_key, i);
    }
  }
  if (d.record->restriction_level > s.policy.max_restriction_level) {
    return refuse(RegistrationOutcome::kRestrictionLevel, "", "", 0);
  }
  for (size_t i = 0; i < keys.size(); ++i) {
    const std::vector<std::string> key_only = {keys[i][0]};
    std::optional<Hit> hit = State::Find(s.by_key, key_only);
    bool collision = hit.has_value();
    if (!collision) hit = State::Find(s.by_lookalike, keys[i]);
    if (!hit.has_value()) continue;
    RegistrationOutcome outcome = RegistrationOutcome::kCrossFieldClash;
    if (i == 0 && s.owners[hit->id].field == 0) {
      outcome = collision ? RegistrationOutcome::kCollision
                          : RegistrationOutcome::kLookalike;
    }
    return refuse(outcome, s.identifiers[hit->id], hit->shared_key, i);
  }
  return d;
}

absl::StatusOr<RegistrationDecision> Registry::Register(
    std::string_view name, const std::vector<std::string>& other_identifiers) {
  absl::StatusOr<RegistrationDecision> d = Decide(name, other_identifiers);
  if (d.ok() && d->accepted()) {
    if (absl::Status s = Add(name, other_identifiers); !s.ok()) return s;
  }
  return d;
}

absl::Status Registry::Add(std::string_view name,
                           const std::vector<std::string>& other_identifiers) {
  State& s = *state_;
  std::vector<internal::IdentifierKeys> keys(1 + other_identifiers.size());
  for (size_t i = 0; i < keys.size(); ++i) {
    const std::string_view identifier =
        i == 0 ? name : std::string_view(other_identifiers[i - 1]);
    if (absl::Status st = internal::IdentifierKeysInto(s.profile, s.exempt,
                                                       identifier, keys[i]);
        !st.ok()) {
      return st;
    }
  }
  const uint32_t account = s.accounts++;
  for (size_t i = 0; i < keys.size(); ++i) {
    const auto id = static_cast<uint32_t>(s.identifiers.size());
    s.identifiers.emplace_back(
        i == 0 ? name : std::string_view(other_identifiers[i - 1]));
    s.owners.push_back({account, static_cast<uint32_t>(i)});
    s.by_key.try_emplace(std::move(keys[i].key), id);
    for (std::string& k : keys[i].lookalike_keys) {
      s.by_lookalike.try_emplace(std::move(k), id);
    }
  }
  return absl::OkStatus();
}

const Profile& Registry::profile() const { return state_->profile; }
const RegistrationPolicy& Registry::policy() const { return state_->policy; }
size_t Registry::accounts() const { return state_->accounts; }
size_t Registry::skipped() const { return state_->skipped; }

size_t Registry::MemoryUsage() const {
  const State& s = *state_;
  const auto strings = [](const auto& range, auto key) {
    size_t n = 0;
    for (const auto& e : range) {
      const std::string& str = key(e);
      // Short strings live inside the object (SSO).
      if (str.capacity() > 15) n += str.capacity() + 1;
    }
    return n;
  };
  const auto table = [&](const absl::flat_hash_map<std::string, uint32_t>& t) {
    return t.bucket_count() * (sizeof(std::pair<std::string, uint32_t>) + 1) +
           strings(t,
                   [](const auto& e) -> const std::string& { return e.first; });
  };
  return s.identifiers.capacity() * sizeof(std::string) +
         strings(s.identifiers,
                 [](const std::string& e) -> const std::string& { return e; }) +
         s.owners.capacity() * sizeof(Owner) + table(s.by_key) +
         table(s.by_lookalike) + table(s.protected_keys);
}

}  // namespace u8guard
