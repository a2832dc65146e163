// SPDX-License-Identifier: Apache-2.0
// Access-control lists of identifiers (layer 5): entries canonicalized once
// under one Profile, looked up by hash, audited for collisions and
// look-alikes.
//
// Two lookups, deliberately on two types so that they cannot be confused:
//
//   AllowList::Grants(credential)    exact: the credential's canonical key is
//                                    byte-equal to an entry's key. The only
//                                    answer that may grant access.
//   DenyList::Resembles(credential)  skeleton: a UTS #39 confusable
//                                    skeleton of the credential (of its key,
//                                    as typed, or enforced) equals one of an
//                                    entry's. For deny lists and for
//                                    refusing look-alike registrations.
//
// Why skeletons must never grant: a skeleton is a many-to-one fold built to
// catch as much as possible ("rn" ~ "m", "l" ~ "1" ~ "I", Cyrillic "а" ~
// Latin "a", "mıke" ~ "mike"). Granting on it would let anyone register
// "pаypal" and log in as "paypal". Over-matching is the right failure for a
// deny list and the wrong one for an allow list. AllowList has no skeleton
// lookup; DenyList has no Grants.
//
// ACL files hold one entry per line, the newline removed (and one "\r"
// before it). Lines that are empty or hold only spaces and tabs are blank,
// lines whose first byte is '#' are comments; both are skipped. Nothing else
// is trimmed: "alice " is an entry, which identifier profiles reject. A
// leading EF BB BF on the first line is the file's signature (RFC 3629 §6):
// it is removed and recorded (AclIndex::file_signature()). EF BB BF at the
// start of any other line belongs to that entry and the profile's BOM policy
// decides (the user-name profiles reject it).
//
// Entries the profile rejects are kept aside (AclIndex::invalid_entries())
// and match nothing: the index fails closed. Credentials the profile rejects
// match nothing either.
//
// Thread safety: AclIndex, AllowList and DenyList are immutable once built.
// Any number of threads may call their const methods at once on one object
// without locking: a lookup reads the index and writes only to its own
// thread's scratch buffers (thread_local) and its result. The Unicode tables
// behind canonicalization and ICU's spoof checker are created once, on first
// use, by function-local statics (thread-safe initialization) and only read
// afterwards. Copies share the immutable index.

#ifndef U8GUARD_ACL_H_
#define U8GUARD_ACL_H_

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "u8guard/export.h"
#include "u8guard/profile.h"
#include "u8guard/progress.h"
#include "u8guard/rejection.h"
#include "u8guard/skeleton.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

namespace internal {
// The index's data; not part of the API (hidden in libu8guard.so).
struct U8GUARD_HIDDEN AclStorage;
}  // namespace internal

// What an index is keyed by.
enum class AclMode : uint8_t {
  kExact,     // canonical keys: AllowList
  kSkeleton,  // UTS #39 skeletons of the canonical keys: DenyList
};

// Returns "exact" or "skeleton".
std::string_view AclModeName(AclMode mode);

// Parses "exact" or "skeleton"; InvalidArgument otherwise.
absl::StatusOr<AclMode> ParseAclMode(std::string_view name);

// One valid entry of an index. The views point into the index and live as
// long as any copy of it.
struct AclEntry {
  // Position among all entries of the list (0-based): comments and blank
  // lines are not entries; invalid entries count.
  size_t index = 0;
  // 1-based line in the ACL file; 0 for an index built from a list.
  size_t line = 0;
  // The entry as written (without newline, "\r" or the file's signature).
  std::string_view original;
  // Its canonical key under the index's profile.
  std::string_view key;
};

// An entry the profile rejected. It is in no hash table: it matches nothing.
struct AclInvalidEntry {
  size_t index = 0;  // as AclEntry::index
  size_t line = 0;   // as AclEntry::line
  // The bytes as written (maybe not UTF-8), at most the first
  // kAclInvalidEntryKeptBytes of them: an index holds a bounded amount per
  // invalid entry, whatever its length.
  std::string original;
  size_t original_size = 0;  // the entry's whole length in bytes
  // Why: offset in the entry as written (past `original` when the cause
  // lies beyond the kept prefix), code point, rule (e.g. Rule::kUtf8Overlong);
  // RejectionMessage(rejection) is the profile's message.
  Rejection rejection;
};

// How much of an invalid entry an index keeps (AclInvalidEntry::original).
inline constexpr size_t kAclInvalidEntryKeptBytes = 1024;

// The entries an index's profile rejected, in list order: a view into the
// index, valid as long as the index or a copy of it lives. The index keeps
// them compactly (a few bytes of framing and the kept bytes of each, see
// AclIndex::MemoryUsage), so an entry is decoded when asked for: operator[]
// and the iterators return a new AclInvalidEntry each time, and its message
// (RejectionMessage) is formatted only when the caller asks for it.
class AclInvalidEntries {
 public:
  // Iterates over the entries in list order, decoding each one.
  class Iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = AclInvalidEntry;
    using difference_type = std::ptrdiff_t;
    using reference = AclInvalidEntry;
    using pointer = void;

    Iterator() = default;
    AclInvalidEntry operator*() const;
    Iterator& operator++() {
      ++i_;
      return *this;
    }
    Iterator operator++(int) {
      Iterator old = *this;
      ++i_;
      return old;
    }
    friend bool operator==(const Iterator& a, const Iterator& b) {
      return a.i_ == b.i_;
    }

   private:
    friend class AclInvalidEntries;
    Iterator(const internal::AclStorage* storage, size_t i)
        : storage_(storage), i_(i) {}
    const internal::AclStorage* storage_ = nullptr;
    size_t i_ = 0;
  };

  AclInvalidEntries() = default;

  // How many entries the profile rejected.
  size_t size() const;
  bool empty() const { return size() == 0; }
  // The i-th of them (0 <= i < size()), decoded.
  AclInvalidEntry operator[](size_t i) const;

  Iterator begin() const { return Iterator(storage_, 0); }
  Iterator end() const { return Iterator(storage_, size()); }

 private:
  friend class AclIndex;
  U8GUARD_HIDDEN explicit AclInvalidEntries(const internal::AclStorage* storage)
      : storage_(storage) {}
  const internal::AclStorage* storage_ = nullptr;
};

inline AclInvalidEntry AclInvalidEntries::Iterator::operator*() const {
  return AclInvalidEntries(storage_)[i_];
}

// Limits on reading an ACL file, and who hears of the progress of reading
// it.
struct AclLoadOptions {
  // Files larger than this are refused before they are read
  // (ResourceExhausted naming the limit). 1 GiB by default.
  size_t max_file_bytes = size_t{1} << 30;
  // Called every kProgressInterval entries and once at the end
  // (progress.h) with the entries (valid or not; comments and blank lines
  // not counted) canonicalized so far and the bytes of the file consumed
  // (the whole file at the end), of its size. Empty: no calls.
  ProgressCallback progress;
};

// An ACL's entries, canonicalized under one profile, hashed by canonical key
// (kExact) or by skeleton (kSkeleton). Immutable after it is built; cheap to
// copy (copies share the data). Lookups go through AllowList and DenyList.
//
// Memory: the keys (and the originals that differ from them) are stored
// back to back in one arena with a few bytes of framing each; the hash table
// holds 32-bit offsets into it. Invalid entries are records of a few bytes
// in an arena of their own (the rejection as data; no message). A valid
// entry of n bytes costs about 22 + n bytes (plus 12 per further look-alike
// skeleton in kSkeleton mode, and 12 when an invalid or skipped line comes
// before it), an invalid one about 11 + min(n, kAclInvalidEntryKeptBytes)
// (a few more in a file that mixes them). In all: about 4 times the file's
// bytes for short user names, 6.3 for a file of one-byte invalid lines, and
// at most about 10 for the costliest files, one-byte entries each after an
// invalid or skipped line (tests/acl/acl_memory_test.cc).
class AclIndex {
 public:
  // Builds from a list: every string is one entry, as is (no comments, no
  // file signature; a leading BOM goes to the profile). Invalid entries are
  // recorded, not fatal. ResourceExhausted when the keys or the invalid
  // entries exceed 4 GiB, or the list has 2^32 entries or lines.
  static absl::StatusOr<AclIndex> Build(const Profile& profile,
                                        const std::vector<std::string>& entries,
                                        AclMode mode);

  // Builds from the text of an ACL file (see the top of this header for the
  // format). Errors as Build.
  static absl::StatusOr<AclIndex> Parse(const Profile& profile,
                                        std::string_view text, AclMode mode);

  // Reads the file at `path` and parses it. NotFound, PermissionDenied or
  // an I/O error naming the path when it cannot be read;
  // FailedPrecondition when it is not a regular file (a device, a FIFO,
  // /dev/zero, a directory: also through a symbolic link);
  // ResourceExhausted when it is larger than options.max_file_bytes.
  static absl::StatusOr<AclIndex> Load(const Profile& profile,
                                       const std::string& path, AclMode mode,
                                       const AclLoadOptions& options = {});

  AclMode mode() const;
  // The profile the entries were canonicalized with (lookups use it too).
  const Profile& profile() const;

  // Number of valid entries (those in the hash table's domain).
  size_t size() const;
  // The i-th valid entry in list order, 0 <= i < size().
  AclEntry entry(size_t i) const;
  // All entries, valid and invalid.
  size_t entry_count() const;
  // The entries the profile rejected, in list order (a view into the
  // index that decodes each one when asked).
  AclInvalidEntries invalid_entries() const;
  // Entries (valid or not) whose bytes begin with EF BB BF, i.e. a BOM
  // that is not the file's signature: their positions (AclEntry::index).
  const std::vector<size_t>& bom_entries() const;
  // True when the file began with EF BB BF, which was removed.
  bool file_signature() const;

  // The ICU and Unicode versions the keys and skeletons were computed with
  // (version.h at build time). A service that stores them next to its ACL
  // can tell, after an ICU upgrade, that keys may have changed meaning and
  // the list must be re-audited.
  const std::string& icu_version() const;
  const std::string& unicode_version() const;

  // Bytes of heap the index holds (arena, offsets, hash table, invalid
  // entries), measured from the containers' capacities.
  size_t MemoryUsage() const;

 private:
  friend class AllowList;
  friend class DenyList;
  // Hidden: the index is made by the library only.
  U8GUARD_HIDDEN explicit AclIndex(
      std::shared_ptr<const internal::AclStorage> storage);
  std::shared_ptr<const internal::AclStorage> storage_;
};

// The outcome of one lookup.
struct AclLookup {
  // OK, or why the profile rejected the credential (then never a match).
  absl::Status status;
  // The entry that matched; for DenyList, the first entry (in list order)
  // that shares a skeleton with the credential.
  std::optional<AclEntry> match;
  // True when an entry matched.
  explicit operator bool() const { return match.has_value(); }
};

// An allow list: grants only on exact canonical equality.
class AllowList {
 public:
  // Build, Parse and Load as AclIndex's, in kExact mode.
  static absl::StatusOr<AllowList> Build(
      const Profile& profile, const std::vector<std::string>& entries);
  static absl::StatusOr<AllowList> Parse(const Profile& profile,
                                         std::string_view text);
  static absl::StatusOr<AllowList> Load(const Profile& profile,
                                        const std::string& path,
                                        const AclLoadOptions& options = {});

  // Canonicalizes `credential` once and returns the entry whose key is
  // byte-equal to its key (the first such entry in list order), if any. A
  // rejected credential matches nothing and its status says why.
  AclLookup Grants(std::string_view credential) const;

  const AclIndex& index() const { return index_; }

 private:
  explicit AllowList(AclIndex index) : index_(std::move(index)) {}
  AclIndex index_;
};

// A deny list, or the registry a new name is checked against: finds the
// entries a credential looks like. Never use it to grant access (see the
// top of this header).
class DenyList {
 public:
  // Build, Parse and Load as AclIndex's, in kSkeleton mode.
  static absl::StatusOr<DenyList> Build(
      const Profile& profile, const std::vector<std::string>& entries);
  static absl::StatusOr<DenyList> Parse(const Profile& profile,
                                        std::string_view text);
  static absl::StatusOr<DenyList> Load(const Profile& profile,
                                       const std::string& path,
                                       const AclLoadOptions& options = {});

  // Canonicalizes `credential` once and returns the first entry (in list
  // order) that looks like it, if any: one of whose look-alike skeletons
  // equals one of the credential's. Both sides' skeletons are functions of
  // the key alone (the key's skeleton and that of its capitals, folded), so
  // the verdict never depends on how either name was typed, and look-alikes
  // that case mapping hides ("paypaI", "ADMİN") are found whichever case the
  // entry or the credential was written in. An exact match is also a
  // resemblance. A rejected credential matches nothing and its status says
  // why; so does an ICU failure.
  AclLookup Resembles(std::string_view credential) const;

  const AclIndex& index() const { return index_; }

 private:
  explicit DenyList(AclIndex index) : index_(std::move(index)) {}
  AclIndex index_;
};

// What an audit finds.
enum class AclFindingKind : uint8_t {
  kFileSignature,  // the file began with EF BB BF (removed; informational)
  kBom,            // an entry begins with EF BB BF: a BOM that is no signature
  kInvalid,        // the profile rejects the entry: it matches nothing
  kCollision,      // two entries have the same canonical key
  kLookalike,      // two entries have different keys but the same skeleton
  kMixedScript,    // an entry's restriction level is looser than allowed
  kMixedNumbers,   // an entry's digits are of more than one decimal system
                   // (UTS #39 §5.3: ASCII "1" with Arabic-Indic "١")
};

// Returns "file_signature", "bom", "invalid", "collision", "lookalike",
// "mixed_script" or "mixed_numbers".
std::string_view AclFindingKindName(AclFindingKind kind);

// One finding. Which fields are set depends on the kind.
struct AclFinding {
  AclFindingKind kind = AclFindingKind::kInvalid;
  // The entry it is about (for kCollision and kLookalike, the later one).
  // kFileSignature: index 0, line 1, empty original.
  size_t index = 0;
  size_t line = 0;
  std::string original;
  // The entry's whole length in bytes: more than original.size() when
  // `original` holds only the first kAclInvalidEntryKeptBytes of an invalid
  // entry (kInvalid, and kBom about an invalid entry).
  size_t original_size = 0;
  std::string key;  // its canonical key (empty for invalid entries)
  // kCollision, kLookalike: the earlier entry it collides with or resembles
  // (the first one in list order).
  size_t other_index = 0;
  size_t other_line = 0;
  std::string other_original;
  std::string other_key;
  // kLookalike: the shared skeleton.
  std::string skeleton;
  // kInvalid: why (RejectionMessage gives the profile's message).
  std::optional<Rejection> rejection;
  // kMixedScript: the entry's restriction level.
  RestrictionLevel level = RestrictionLevel::kAscii;
};

// What the audit reports on.
struct AclAuditOptions {
  // Entries whose restriction level is looser than this are reported as
  // kMixedScript. The default reports every entry mixing scripts; a list of
  // Japanese names may raise it to kHighlyRestrictive.
  RestrictionLevel max_restriction_level =
      RestrictionLevel::kSingleScriptRestrictive;
  // Called every kProgressInterval entries and once at the end
  // (progress.h) with the entries audited so far, of the index's
  // entry_count() (Progress::total_records; no bytes: the audit reads the
  // index). Empty: no calls. AuditAclFile: the entries read, with the
  // bytes of the file, then its grouping (ProgressStage::kGrouping: the
  // items read back from its sorts, of a total not known: 0).
  ProgressCallback progress;
  // AuditAclFile: about the most bytes of memory the audit uses, at any
  // number of entries (0: kDefaultAuditMemoryBudget).
  size_t memory_budget = 0;
  // AuditAclFile: where its temporary files go: "" for $TMPDIR, or /tmp
  // when it is unset or empty.
  std::string temp_dir;
};

// The memory budget of AuditAclFile unless told otherwise, and of `u8guard
// acl audit`: 64 MiB (faster than larger budgets up to tens of millions of
// names: the sort of a smaller run stays in the caches; bench/README.md).
inline constexpr size_t kDefaultAuditMemoryBudget = size_t{64} << 20;

// An audit's result.
struct AclAudit {
  std::string profile;  // the profile's name
  size_t entries = 0;   // all entries
  size_t valid_entries = 0;
  std::string icu_version;
  std::string unicode_version;
  // How many findings the audit made (all kinds).
  size_t finding_count = 0;
  // In this order: the file signature, then per entry in list order its
  // BOM, invalid, collision, look-alike, mixed-script and mixed-numbers
  // findings. Empty
  // when the findings went to a sink (the streaming AuditAcl).
  std::vector<AclFinding> findings;
};

// Receives each finding of a streaming audit, in the order of
// AclAudit::findings, as soon as it is known.
using AclFindingSink = absl::FunctionRef<void(const AclFinding&)>;

// Audits `index` (either mode): collisions (same key: each later entry
// against the first one), look-alikes (same skeleton, different keys: the
// first entry of each further key against the first entry of the
// skeleton), mixed-script entries, entries with mixed numbers, invalid
// entries, BOMs. Hands each
// finding to `sink` as soon as it is known and keeps none: besides the
// index, an audit holds 70-80 bytes per valid entry (a hash-map slot for its
// key and one per distinct skeleton, in tables that grow by doubling;
// measured with 1,000,000 names), whatever the number of findings.
// Returns the summary (findings empty, finding_count set). Internal when
// ICU's confusable data cannot be loaded.
absl::StatusOr<AclAudit> AuditAcl(const AclIndex& index,
                                  const AclAuditOptions& options,
                                  AclFindingSink sink);

// Audits the ACL file at `path` as AuditAcl audits AclIndex::Load(profile,
// path, AclMode::kExact) (the same findings in the same order, the same
// summary), in about options.memory_budget bytes of memory whatever the
// file's size: the file is read in pieces (no size limit; a line longer
// than max(memory_budget / 8, 1 MiB) is ResourceExhausted naming it; no
// limit on the number of entries), and its entries grouped by key, then the
// first entry of each key by look-alike skeleton, by external merge sorts
// whose runs go to temporary files in options.temp_dir (made with
// O_TMPFILE or mkstemp and unlinked at once, mode 0600: nameless, gone when
// it returns, on every path; they hold the entries with their keys and
// skeletons, and the findings: 8.4 times the file for 100 M user names
// with 38 M findings, bench/README.md). The sink
// hears of the findings only after the last entry is read. Errors: the
// file's (NotFound, PermissionDenied, FailedPrecondition for what is not a
// regular file, each naming the path), the temporary files'
// (ResourceExhausted for a full disk, naming the directory), Internal when
// ICU fails. Time O(n log n).
absl::StatusOr<AclAudit> AuditAclFile(const Profile& profile,
                                      const std::string& path,
                                      const AclAuditOptions& options,
                                      AclFindingSink sink);

// As the streaming AuditAcl, keeping every finding in AclAudit::findings
// (memory grows with the number of findings: prefer the sink for large or
// untrusted lists).
absl::StatusOr<AclAudit> AuditAcl(const AclIndex& index,
                                  const AclAuditOptions& options = {});

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_ACL_H_
