// SPDX-License-Identifier: Apache-2.0
// Registration (layer 5): one decision for a sign-up. May this name be
// registered beside the names a service already has, and what should it
// store so that the answer stays right?
//
//   RegistrationRecord  what to store with an account: the enforced form,
//                       the comparison key, the look-alike keys an index
//                       can enforce (also what case mapping hides), the
//                       UTS #39 restriction level and scripts, whether the
//                       name may be shown as typed, and the version tag of
//                       the u8guard, ICU and Unicode that computed it.
//   Registry            the names (and other identifiers, such as an
//                       email's local part) of the accounts a service has,
//                       in memory: Decide() says accept, or refuse with the
//                       reason and what the name clashes with.
//
// The reasons, in the order they are checked: the profile rejects the name;
// it is (or looks like, or is with its diacritics stripped) a protected
// name; its restriction level is looser than the policy allows; it has
// mixed numbers (digits of two decimal systems) and the policy refuses
// them; it has the
// key of a registered name (collision) or shares a look-alike key with one;
// one of the account's other identifiers clashes with another account's.
//
// Look-alike keys over-match on purpose ("rn" ~ "m", "l" ~ "1" ~ "I"): they
// refuse registrations and never grant access. RegistrationPolicy may
// exempt single-script mappings that refuse ordinary names
// (docs/registration.md, "False positives", measures each on real words).
//
// Thread safety: RegistrationPolicy and records are values. A Registry may
// be read (Decide) by any number of threads at once; Add and Register
// modify it and need the caller's exclusive lock.

#ifndef U8GUARD_REGISTRATION_H_
#define U8GUARD_REGISTRATION_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "u8guard/acl.h"
#include "u8guard/export.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"
#include "u8guard/skeleton.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// How a service decides sign-ups, beside the profile of its names.
struct RegistrationPolicy {
  // Names no one may register (admin, root, support, brand names...):
  // matched by key, by look-alike key, and by the key of the candidate
  // with its diacritics stripped ("ådmîn").
  std::vector<std::string> protected_names;
  // UTS #39 mappings that do not count (none by default: UTS #39's).
  std::vector<ConfusableExemption> exemptions;
  // Names whose restriction level is looser are refused; the default lets
  // in one script, or Latin with Han and kana (Japanese), Hangul (Korean)
  // or Bopomofo (Chinese).
  RestrictionLevel max_restriction_level = RestrictionLevel::kHighlyRestrictive;
  // Names with mixed numbers (UTS #39 §5.3: digits of more than one decimal
  // system, such as ASCII "1" with Arabic-Indic "١") are refused, as UTS #39
  // recommends for identifiers and ICU's spoof checker does by default.
  bool refuse_mixed_numbers = true;
  // The order in which look-alike keys read a name (UTS #39 section 4):
  // kLogical, the default, as stored (UTS #39's skeletons); kLtr or kRtl, as
  // shown in a left-to-right or right-to-left paragraph (bidi skeletons:
  // names that differ only in an order the bidi algorithm undoes, such as
  // Hebrew letters and digits, look alike). Choose the direction of the
  // pages that show the names; it only changes keys of names with
  // right-to-left characters, or, for kRtl, with neutral characters at an
  // end. Records and registries made under one order are compared under it.
  SkeletonOrder skeleton_order = SkeletonOrder::kLogical;
};

// The protected names u8guard ships (policies/protected-names.txt): the
// reserved names of RFC 2142 and the common system and role accounts.
const std::vector<std::string>& DefaultProtectedNames();

// DefaultProtectedNames(), no exemptions, kHighlyRestrictive, mixed numbers
// refused.
RegistrationPolicy DefaultRegistrationPolicy();

// Parses a registration policy file (TOML): every key is optional,
//   protected_names = ["acme", "acme-support"]   (added to the list below)
//   protected_names_file = "names.txt"          (an ACL-format file; "" for
//                                                none; "builtin" for
//                                                DefaultProtectedNames(),
//                                                the default)
//   confusable_exemptions = ["rn_m", "digits"]
//   max_restriction_level = "highly_restrictive"
//   refuse_mixed_numbers = true                 (a boolean)
//   skeleton_order = "logical"                  ("ltr", "rtl")
// Relative file names are relative to the policy file's directory. An
// error names `source`, the line and the key, as profile files' do.
absl::StatusOr<RegistrationPolicy> ParseRegistrationPolicy(
    std::string_view toml_text, std::string_view source);
// Reads and parses the policy file at `path`.
absl::StatusOr<RegistrationPolicy> LoadRegistrationPolicy(
    const std::string& path);

// The versions that computed a key: u8guard's, ICU's and Unicode's.
struct VersionTagParts {
  std::string library, icu, unicode;
  friend bool operator==(const VersionTagParts&,
                         const VersionTagParts&) = default;
};

// Returns the tag of the versions running now, e.g.
// "u8guard-0.1.0+icu-72.1+unicode-15.0": ASCII letters, digits, '.', '-'
// and '+' only, so that "TAG:KEY" keeps a stored key's provenance (the
// first ':' ends the tag) and a changed tag shows which stored keys predate
// an upgrade.
std::string VersionTag();
// Parses a VersionTag(); InvalidArgument for anything else.
absl::StatusOr<VersionTagParts> ParseVersionTag(std::string_view tag);

// May a name be shown to other people as typed?
enum class DisplaySafety : uint8_t {
  kAsTyped,  // one script (or an allowed combination), nothing invisible
  kEscaped,  // show it escaped (EscapeForDisplay) or with a warning
};

// Returns "as_typed" or "escaped".
std::string_view DisplaySafetyName(DisplaySafety d);

// What to store with an account.
struct RegistrationRecord {
  std::string enforced;  // the form to store and show (Enforce)
  std::string key;       // the comparison key (Canonicalize)
  // The look-alike keys (LookalikeSkeletons, with the policy's
  // exemptions): 1 to 3, the key's first. Two names look alike when they
  // share one; store each once (a unique index).
  std::vector<std::string> lookalike_keys;
  RestrictionLevel restriction_level = RestrictionLevel::kAscii;
  // The ISO 15924 codes of the scripts of the key's letters and marks
  // ("Latn", "Cyrl", "Hani", ...), sorted; Common and Inherited are left
  // out.
  std::vector<std::string> scripts;
  // kAsTyped when the enforced form has nothing EscapeForDisplay would
  // escape and its restriction level is at most kHighlyRestrictive.
  DisplaySafety display = DisplaySafety::kAsTyped;
  std::string version_tag;  // VersionTag() when it was made
};

// Computes the record of `name` under `profile` and `policy` (whose
// exemptions shape the look-alike keys). The profile's rejection when it
// rejects the name; Internal when ICU fails.
absl::StatusOr<RegistrationRecord> MakeRegistrationRecord(
    const Profile& profile, const RegistrationPolicy& policy,
    std::string_view name);

// Why a registration is refused, or not.
enum class RegistrationOutcome : uint8_t {
  kAccepted,
  kRejected,          // the profile rejects the name
  kProtectedName,     // a protected name, or looks like one
  kRestrictionLevel,  // mixes scripts more than the policy allows
  kCollision,         // a registered name has its key
  kLookalike,         // shares a look-alike key with a registered name
  kCrossFieldClash,   // clashes with another account's other identifier,
                      // or one of its other identifiers clashes with
                      // another account's name or identifier
  kMixedNumbers,      // digits of more than one decimal system (UTS #39
                      // §5.3), under a policy that refuses them
};

// Returns "accepted", "rejected", "protected_name", "restriction_level",
// "collision", "lookalike", "cross_field_clash" or "mixed_numbers".
std::string_view RegistrationOutcomeName(RegistrationOutcome o);

// One decision.
struct RegistrationDecision {
  RegistrationOutcome outcome = RegistrationOutcome::kAccepted;
  // The name's record, whenever the profile accepts it.
  std::optional<RegistrationRecord> record;
  // kRejected: the profile's rejection (also of an other identifier, for
  // kCrossFieldClash's sake: then `identifier` says which).
  std::optional<Rejection> rejection;
  // What it clashes with, as registered: the protected name, or the
  // registered name or identifier. Empty for kAccepted, kRejected,
  // kRestrictionLevel and kMixedNumbers.
  std::string conflict;
  // The key or look-alike key shared with `conflict`.
  std::string shared_key;
  // Which of the candidate's identifiers clashed: 0 for the name, i + 1 for
  // others[i].
  size_t identifier = 0;

  bool accepted() const { return outcome == RegistrationOutcome::kAccepted; }
};

// The accounts a service has, in memory: each a name and any other
// identifiers (an email's local part, a display handle), all in one
// namespace under one profile and policy. About 200 bytes per identifier.
class Registry {
 public:
  explicit Registry(const Profile& profile,
                    RegistrationPolicy policy = DefaultRegistrationPolicy());
  ~Registry();
  Registry(Registry&&) noexcept;
  Registry& operator=(Registry&&) noexcept;

  // Reads an ACL-format file (acl.h: one name per line, comments and blank
  // lines skipped) and adds each name as an account, as Add does, without
  // deciding: a registry holds what the service has. Names the profile
  // rejects are skipped and counted (skipped()). Errors as AclIndex::Load:
  // a file larger than options.max_file_bytes is refused before it is
  // read. options.progress, when set, is called every kProgressInterval
  // names (valid or not) and once at the end, with the names read and the
  // bytes of the file consumed (progress.h). One pass: each name is added
  // as it is read.
  static absl::StatusOr<Registry> Load(
      const Profile& profile, const std::string& path,
      RegistrationPolicy policy = DefaultRegistrationPolicy(),
      const AclLoadOptions& options = {});

  // Load with the vocabulary's order, profile, policy, input
  // (docs/vocabulary.md; C's u8guard_registry_load and Go's LoadRegistry):
  // the same function, registry and errors. The form above, whose policy
  // may be left out, stays.
  static absl::StatusOr<Registry> Load(const Profile& profile,
                                       RegistrationPolicy policy,
                                       const std::string& path,
                                       const AclLoadOptions& options = {}) {
    return Load(profile, path, std::move(policy), options);
  }

  // Decides whether an account with `name` and `others` may be
  // added. Reads only. A refusal is a decision, not an error; the status is
  // Internal only when ICU fails.
  absl::StatusOr<RegistrationDecision> Decide(
      std::string_view name, const std::vector<std::string>& others = {}) const;

  // Decide, then Add when accepted.
  absl::StatusOr<RegistrationDecision> Register(
      std::string_view name, const std::vector<std::string>& others = {});

  // Adds an account as is (an existing one, when loading a registry),
  // without deciding. The profile's rejection when it rejects one of the
  // identifiers; ResourceExhausted when the registry is full (2^32 - 1
  // identifiers, or 16 GiB of keys or of look-alike keys). Nothing is
  // added then.
  absl::Status Add(std::string_view name,
                   const std::vector<std::string>& others = {});

  const Profile& profile() const;
  const RegistrationPolicy& policy() const;
  size_t accounts() const;  // accounts added
  size_t skipped() const;   // names Load skipped
  // Bytes of heap the registry holds (its tables and strings).
  size_t MemoryUsage() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_REGISTRATION_H_
