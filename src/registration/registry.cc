// SPDX-License-Identifier: Apache-2.0
// Registry: the identifiers of a service's accounts, and the decision.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/inlined_vector.h"
#include "absl/strings/string_view.h"
#include "src/acl/acl_lines.h"
#include "src/common/progress_counter.h"
#include "src/common/read_file.h"
#include "src/common/thread_scratch.h"
#include "src/confusables/mixed_numbers.h"
#include "src/confusables/skeleton.h"
#include "src/registration/key_id_table.h"
#include "src/registration/registration_internal.h"
#include "src/unicode/diacritics.h"
#include "u8guard/acl.h"
#include "u8guard/display.h"
#include "u8guard/registration.h"
#include "u8guard/rejection.h"
#include "unicode/locid.h"
#include "unicode/unistr.h"

namespace u8guard {
namespace {

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

// `identifier` (a key) in lower case (ICU's root locale) into `out`, for
// comparing it with the protected names under a profile whose key keeps
// case.
void LoweredInto(std::string_view identifier, std::string& out) {
  icu::UnicodeString s = icu::UnicodeString::fromUTF8(icu::StringPiece(
      identifier.data(), static_cast<int32_t>(identifier.size())));
  s.toLower(icu::Locale::getRoot());
  out.clear();
  s.toUTF8String(out);
}

// Makes `d` a refusal: `outcome`, what the candidate clashes with, the key
// they share, and which of the candidate's identifiers clashed.
void Refuse(RegistrationDecision& d, RegistrationOutcome outcome,
            std::string conflict, std::string shared_key, size_t identifier) {
  d.outcome = outcome;
  d.conflict = std::move(conflict);
  d.shared_key = std::move(shared_key);
  d.identifier = identifier;
}

}  // namespace

struct Registry::State {
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

  Profile profile;
  RegistrationPolicy policy;
  internal::LookalikeShape shape;
  // The identifiers as registered, and whose they are.
  std::vector<std::string> identifiers;
  std::vector<Owner> owners;
  // Key -> the first identifier with it; look-alike key -> likewise.
  internal::KeyIdTable by_key;
  internal::KeyIdTable by_lookalike;
  // The protected names' keys, look-alike keys and stripped keys -> their
  // index in policy.protected_names.
  absl::flat_hash_map<std::string, uint32_t> protected_keys;
  uint32_t accounts = 0;
  size_t skipped = 0;

  State(const Profile& p, RegistrationPolicy pol)
      : profile(p),
        policy(std::move(pol)),
        shape(internal::LookalikeShapeOf(policy)) {
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
    if (!internal::IdentifierKeysInto(profile, shape, identifier, keys).ok()) {
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

  // Each identifier's key followed by its look-alike keys: views of the
  // decision's record and of the other identifiers' IdentifierKeys, which
  // outlive them.
  using KeyViews = absl::InlinedVector<std::string_view, 4>;
  using CandidateKeys = absl::InlinedVector<KeyViews, 1>;

  static KeyViews ViewsOf(const std::string& key,
                          const std::vector<std::string>& lookalike_keys) {
    KeyViews views = {key};
    views.insert(views.end(), lookalike_keys.begin(), lookalike_keys.end());
    return views;
  }

  // Fills `storage` with the keys of each of `others` and appends their
  // views to `keys`; the first one the profile rejects makes `d` kRejected
  // instead. Internal when ICU fails.
  absl::Status OtherKeysInto(const std::vector<std::string>& others,
                             std::vector<internal::IdentifierKeys>& storage,
                             CandidateKeys& keys, RegistrationDecision& d) {
    storage.resize(others.size());  // once: the views stay valid
    for (size_t i = 0; i < others.size(); ++i) {
      internal::IdentifierKeys& k = storage[i];
      if (absl::Status st =
              internal::IdentifierKeysInto(profile, shape, others[i], k);
          !st.ok()) {
        std::optional<Rejection> rejection = GetRejection(st);
        if (!rejection.has_value()) return st;
        d.outcome = RegistrationOutcome::kRejected;
        d.rejection = std::move(rejection);
        d.identifier = i + 1;
        return absl::OkStatus();
      }
      keys.push_back(ViewsOf(k.key, k.lookalike_keys));
    }
    return absl::OkStatus();
  }

  // The table the k-th of an identifier's KeyViews is looked up in:
  // by_key for its key (k == 0), by_lookalike for its look-alike keys.
  const internal::KeyIdTable& TableOf(size_t k) const {
    return k == 0 ? by_key : by_lookalike;
  }

  // The hashes of a name's key and look-alike keys (KeyIdTable::Hash), in
  // KeyViews' order.
  using KeyHashes = absl::InlinedVector<uint64_t, 4>;

  // Hashes `views` (a name's key, then its look-alike keys) and asks the
  // CPU for the lines where by_key would find the first and by_lookalike
  // each of the others.
  KeyHashes Prefetch(const KeyViews& views) const {
    KeyHashes hashes;
    for (size_t k = 0; k < views.size(); ++k) {
      hashes.push_back(internal::KeyIdTable::Hash(views[k]));
      TableOf(k).Prefetch(hashes.back());
    }
    return hashes;
  }

  // The forms of an identifier compared with the protected names besides
  // its key, reused by each decision on a thread (ThreadScratch).
  struct ProtectedScratch {
    std::string lowered;
    std::string stripped[2];
    internal::IdentifierKeys keys;
  };

  // The first protected name one of `key`'s comparison forms meets, each
  // form's key and look-alike keys in turn (a form the profile rejects
  // meets none): its key with diacritics stripped; under a profile whose
  // key keeps case, also its key in lower case ("aDMIN" is "admin"),
  // stripped too ("\u00E4DMIN"). Each from the key: how the identifier was
  // typed changes nothing. Internal when ICU fails.
  absl::StatusOr<std::optional<Hit>> FindProtectedForms(std::string_view key) {
    ProtectedScratch& scratch = internal::ThreadScratch<ProtectedScratch>();
    std::string_view forms[4] = {key};
    size_t n = 1;
    if (profile.key_case_mapping == CaseMapping::kNone) {
      LoweredInto(key, scratch.lowered);
      forms[n++] = scratch.lowered;
    }
    for (size_t f = 0, unstripped = n; f < unstripped; ++f) {
      std::string& stripped = scratch.stripped[f];
      if (absl::Status st = internal::StripDiacriticsInto(forms[f], stripped);
          !st.ok()) {
        return st;
      }
      if (stripped != forms[f]) forms[n++] = stripped;
    }
    for (size_t f = 1; f < n; ++f) {
      if (!internal::IdentifierKeysInto(profile, shape, forms[f], scratch.keys)
               .ok()) {
        continue;
      }
      const std::string_view own[] = {scratch.keys.key};
      std::optional<Hit> hit = Find(protected_keys, own);
      if (!hit.has_value()) {
        hit = Find(protected_keys, scratch.keys.lookalike_keys);
      }
      if (hit.has_value()) return hit;
    }
    return std::nullopt;
  }

  // Makes `d` kProtectedName when an identifier matches a protected name
  // (the first that does). Internal when ICU fails.
  absl::Status RefuseProtected(const CandidateKeys& keys,
                               RegistrationDecision& d) {
    if (protected_keys.empty()) return absl::OkStatus();  // none to meet
    for (size_t i = 0; i < keys.size(); ++i) {
      std::optional<Hit> hit = Find(protected_keys, keys[i]);
      if (!hit.has_value()) {
        absl::StatusOr<std::optional<Hit>> more =
            FindProtectedForms(keys[i][0]);
        if (!more.ok()) return more.status();
        hit = *std::move(more);
      }
      if (hit.has_value()) {
        Refuse(d, RegistrationOutcome::kProtectedName,
               policy.protected_names[hit->id], hit->shared_key, i);
        return absl::OkStatus();
      }
    }
    return absl::OkStatus();
  }

  // Makes `d` a collision, look-alike (the name against a registered name)
  // or cross-field clash when an identifier's key, or else one of its
  // look-alike keys, is a registered identifier's (the first that is).
  // `name_hashes` are keys[0]'s (Prefetch).
  void RefuseRegistered(const CandidateKeys& keys, const KeyHashes& name_hashes,
                        RegistrationDecision& d) const {
    for (size_t i = 0; i < keys.size(); ++i) {
      // Keys meet keys and look-alike keys meet look-alike keys, never a
      // key a look-alike key: under a skeleton_order other than logical a
      // look-alike key is made from the key in visual order, and the key of
      // "\u0637\u0628\u0642" is the visual order of "\u0642\u0628\u0637",
      // which a page shows reversed, not alike.
      const KeyViews& all = keys[i];
      std::optional<Hit> hit;
      bool collision = false;
      for (size_t k = 0; k < all.size() && !hit.has_value(); ++k) {
        const uint64_t hash =
            i == 0 ? name_hashes[k] : internal::KeyIdTable::Hash(all[k]);
        const std::optional<uint32_t> id = TableOf(k).Find(all[k], hash);
        if (id.has_value()) hit = Hit{*id, std::string(all[k])};
        collision = k == 0 && hit.has_value();
      }
      if (!hit.has_value()) continue;
      RegistrationOutcome outcome = RegistrationOutcome::kCrossFieldClash;
      if (i == 0 && owners[hit->id].field == 0) {
        outcome = collision ? RegistrationOutcome::kCollision
                            : RegistrationOutcome::kLookalike;
      }
      Refuse(d, outcome, identifiers[hit->id], hit->shared_key, i);
      return;
    }
  }

  // The first of `keys` (strings or views) found in `table`.
  template <typename Keys>
  static std::optional<Hit> Find(
      const absl::flat_hash_map<std::string, uint32_t>& table,
      const Keys& keys) {
    for (const auto& k : keys) {
      auto it = table.find(absl::string_view(k.data(), k.size()));
      if (it != table.end()) return Hit{it->second, std::string(k)};
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
    std::string_view name, const std::vector<std::string>& others) const {
  State& s = *state_;
  RegistrationDecision d;
  if (absl::Status st = internal::RegistrationRecordInto(
          s.profile, s.shape, name, d.record.emplace());
      !st.ok()) {
    d.record.reset();
    std::optional<Rejection> rejection = GetRejection(st);
    if (!rejection.has_value()) return st;
    d.outcome = RegistrationOutcome::kRejected;
    d.rejection = std::move(rejection);
    return d;
  }
  // The registered identifiers' tables are asked last, after the checks
  // that need no memory beyond the name: their lines are fetched now, so
  // that those checks hide the cache misses of a large registry.
  // The name's keys, then each other identifier's.
  State::CandidateKeys keys;
  keys.push_back(State::ViewsOf(d.record->key, d.record->lookalike_keys));
  const State::KeyHashes name_hashes = s.Prefetch(keys[0]);
  std::vector<internal::IdentifierKeys> other_keys;
  if (absl::Status st = s.OtherKeysInto(others, other_keys, keys, d);
      !st.ok()) {
    return st;
  }
  if (!d.accepted()) return d;
  if (absl::Status st = s.RefuseProtected(keys, d); !st.ok()) return st;
  if (!d.accepted()) return d;
  if (d.record->restriction_level > s.policy.max_restriction_level) {
    Refuse(d, RegistrationOutcome::kRestrictionLevel, "", "", 0);
    return d;
  }
  if (s.policy.refuse_mixed_numbers) {
    const absl::StatusOr<bool> mixed =
        internal::HasMixedNumbersValid(d.record->key);
    if (!mixed.ok()) return mixed.status();
    if (*mixed) {
      Refuse(d, RegistrationOutcome::kMixedNumbers, "", "", 0);
      return d;
    }
  }
  s.RefuseRegistered(keys, name_hashes, d);
  return d;
}

absl::StatusOr<RegistrationDecision> Registry::Register(
    std::string_view name, const std::vector<std::string>& others) {
  absl::StatusOr<RegistrationDecision> d = Decide(name, others);
  if (d.ok() && d->accepted()) {
    if (absl::Status s = Add(name, others); !s.ok()) return s;
  }
  return d;
}

absl::Status Registry::Add(std::string_view name,
                           const std::vector<std::string>& others) {
  State& s = *state_;
  std::vector<internal::IdentifierKeys> keys(1 + others.size());
  for (size_t i = 0; i < keys.size(); ++i) {
    const std::string_view identifier =
        i == 0 ? name : std::string_view(others[i - 1]);
    if (absl::Status st = internal::IdentifierKeysInto(s.profile, s.shape,
                                                       identifier, keys[i]);
        !st.ok()) {
      return st;
    }
  }
  // Room for every key first: an account is added whole or not at all.
  size_t key_bytes = 0;
  size_t lookalike_keys = 0;
  size_t lookalike_bytes = 0;
  for (const internal::IdentifierKeys& k : keys) {
    key_bytes += k.key.size();
    lookalike_keys += k.lookalike_keys.size();
    for (const std::string& l : k.lookalike_keys) lookalike_bytes += l.size();
  }
  if (s.identifiers.size() + keys.size() > UINT32_MAX ||
      !s.by_key.HasRoomFor(keys.size(), key_bytes) ||
      !s.by_lookalike.HasRoomFor(lookalike_keys, lookalike_bytes)) {
    return absl::ResourceExhaustedError(
        "the registry is full (4,294,967,295 identifiers or 16 GiB of keys "
        "in one table)");
  }
  const uint32_t account = s.accounts++;
  for (size_t i = 0; i < keys.size(); ++i) {
    const auto id = static_cast<uint32_t>(s.identifiers.size());
    s.identifiers.emplace_back(i == 0 ? name : std::string_view(others[i - 1]));
    s.owners.push_back({account, static_cast<uint32_t>(i)});
    s.by_key.Insert(keys[i].key, id);
    for (const std::string& k : keys[i].lookalike_keys) {
      s.by_lookalike.Insert(k, id);
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
         s.owners.capacity() * sizeof(State::Owner) + s.by_key.MemoryUsage() +
         s.by_lookalike.MemoryUsage() + table(s.protected_keys);
}

}  // namespace u8guard
