// SPDX-License-Identifier: Apache-2.0
// Fuzzing of the ACL file reader, the two lookups and the audit.
//
// Input: byte 0 picks the profile; the rest is an ACL file's text, then,
// after the first FF 00, credentials separated by FF 00. Checked, against a
// linear scan that uses only Canonicalize and the skeleton layer's
// LookalikeSkeletonsInto:
//  - every entry is valid or invalid, in order, with increasing lines, and
//    is its line of the text (an invalid one keeps a prefix and the whole
//    length); a valid entry's key is Canonicalize(original); the whole
//    line of an invalid entry is rejected by Canonicalize with the same rule;
//  - Grants(c) matches exactly when some valid entry has c's key, and then
//    the first such entry; a rejected credential never matches;
//  - Resembles(c) matches exactly when some valid entry shares one of its
//    look-alike skeletons (each a function of the key alone: acl.h) with
//    c, and then the first such entry; every grant is a resemblance;
//  - the audit succeeds, counts collisions and invalid entries right, and
//    text the CLI prints for each finding (src/cli/acl_text.h) is valid
//    UTF-8.
// Any violation aborts, so libFuzzer reports the input.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "src/cli/acl_text.h"
#include "src/confusables/skeleton.h"
#include "u8guard/acl.h"
#include "u8guard/bom.h"
#include "u8guard/display.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"
#include "u8guard/utf8.h"

namespace {

using u8guard::AclEntry;
using u8guard::AclLookup;
using u8guard::Profile;

[[noreturn]] void Fail(const char* what) {
  std::fprintf(stderr, "acl_fuzz: %s\n", what);
  std::abort();
}

void Check(bool ok, const char* what) {
  if (!ok) Fail(what);
}

const std::vector<Profile>& Profiles() {
  static const std::vector<Profile>* const profiles = [] {
    auto* v = new std::vector<Profile>();
    for (const char* name :
         {"username-case-mapped", "username-case-preserved", "opaque-string",
          "nickname", "text-document", "identifier-class"}) {
      v->push_back(**u8guard::FindBuiltinProfile(name));
    }
    return v;
  }();
  return *profiles;
}

std::vector<std::string_view> Split(std::string_view s, std::string_view sep) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  for (;;) {
    const size_t at = s.find(sep, pos);
    out.push_back(s.substr(
        pos, at == std::string_view::npos ? std::string_view::npos : at - pos));
    if (at == std::string_view::npos) return out;
    pos = at + sep.size();
  }
}

// The look-alike skeletons of the key `key`, the set DenyList's contract
// (acl.h) compares: a function of the key alone, never of how the name was
// typed. Computed by the skeleton layer's own function: what is checked here
// is the index (hash table, records, runs) against a linear scan, not ICU's
// skeletons. nullopt when ICU fails.
std::optional<u8guard::internal::LookalikeSkeletons> Skeletons(
    std::string_view key) {
  u8guard::internal::LookalikeSkeletons out;
  if (!u8guard::internal::LookalikeSkeletonsInto(key, out).ok()) {
    return std::nullopt;
  }
  return out;
}

bool ShareOne(const u8guard::internal::LookalikeSkeletons& a,
              const u8guard::internal::LookalikeSkeletons& b) {
  for (size_t i = 0; i < a.size; ++i) {
    if (b.Contains(a.skeleton[i])) return true;
  }
  return false;
}

// The lines of an ACL file's text as the file format defines them (acl.h):
// lines end at LF, a CR before the LF is dropped, a signature opens line 1.
// Each is a whole entry: an invalid entry keeps only a prefix.
std::vector<std::string_view> Lines(std::string_view text) {
  if (text.ends_with('\n')) text.remove_suffix(1);
  std::vector<std::string_view> lines = Split(text, "\n");
  for (std::string_view& l : lines) {
    if (l.ends_with('\r')) l.remove_suffix(1);
  }
  if (lines[0].starts_with(u8guard::kUtf8Bom)) {
    lines[0].remove_prefix(u8guard::kUtf8Bom.size());
  }
  return lines;
}

void CheckIndex(const Profile& p, const u8guard::AclIndex& index,
                std::string_view text) {
  const std::vector<std::string_view> lines = Lines(text);
  const u8guard::AclInvalidEntries invalid = index.invalid_entries();
  Check(index.size() + invalid.size() == index.entry_count(), "entry count");
  size_t v = 0, bad = 0, last_line = 0;
  for (size_t i = 0; i < index.entry_count(); ++i) {
    if (bad < invalid.size() && invalid[bad].index == i) {
      const u8guard::AclInvalidEntry e = invalid[bad++];
      Check(e.line > last_line, "invalid entry line order");
      last_line = e.line;
      const std::string_view whole = lines.at(e.line - 1);
      Check(
          whole.size() == e.original_size &&
              e.original == whole.substr(0, u8guard::kAclInvalidEntryKeptBytes),
          "invalid text");
      const absl::Status s = u8guard::Canonicalize(p, whole).status();
      Check(!s.ok(), "invalid entry is accepted");
      // The index keeps the rejection compactly and rebuilds it field for
      // field: the one Canonicalize gives.
      Check(*u8guard::GetRejection(s) == e.rejection,
            "invalid entry rejection");
      Check(e.rejection.offset <= whole.size(), "invalid offset");
      continue;
    }
    Check(v < index.size(), "entry missing");
    const AclEntry e = index.entry(v++);
    Check(e.index == i, "entry index");
    Check(e.line > last_line, "entry line order");
    last_line = e.line;
    Check(e.original == lines.at(e.line - 1), "entry text");
    absl::StatusOr<std::string> key = u8guard::Canonicalize(p, e.original);
    Check(key.ok() && *key == e.key, "entry key");
  }
  Check(v == index.size() && bad == invalid.size(), "entries left over");
}

// The first valid entry whose key satisfies `pred`, by a linear scan.
template <typename Pred>
std::optional<size_t> FirstEntry(const u8guard::AclIndex& index, Pred pred) {
  for (size_t v = 0; v < index.size(); ++v) {
    if (pred(index.entry(v))) return index.entry(v).index;
  }
  return std::nullopt;
}

void CheckLookups(const Profile& p, const u8guard::AllowList& allow,
                  const u8guard::DenyList& deny, std::string_view c) {
  const AclLookup g = allow.Grants(c);
  const AclLookup r = deny.Resembles(c);
  absl::StatusOr<std::string> key = u8guard::Canonicalize(p, c);
  if (!key.ok()) {
    Check(!g && !g.status.ok() && !r && !r.status.ok(), "rejected matched");
    return;
  }
  Check(g.status.ok(), "grant status");
  const std::optional<size_t> want = FirstEntry(
      allow.index(), [&](const AclEntry& e) { return e.key == *key; });
  Check(want.has_value() == static_cast<bool>(g), "grant presence");
  if (g) {
    Check(g.match->index == *want && g.match->key == *key, "grant entry");
  }
  const std::optional<u8guard::internal::LookalikeSkeletons> skeletons =
      Skeletons(*key);
  if (!skeletons) {
    Check(!r, "resembles without a skeleton");
    return;
  }
  const std::optional<size_t> like =
      FirstEntry(deny.index(), [&](const AclEntry& e) {
        const std::optional<u8guard::internal::LookalikeSkeletons> theirs =
            Skeletons(e.key);
        return theirs && ShareOne(*skeletons, *theirs);
      });
  Check(like.has_value() == static_cast<bool>(r), "resemblance presence");
  if (r) Check(r.match->index == *like, "resemblance entry");
  if (g) Check(static_cast<bool>(r), "a grant that is no resemblance");
}

void CheckAudit(const u8guard::AclIndex& index) {
  absl::StatusOr<u8guard::AclAudit> audit = u8guard::AuditAcl(index);
  Check(audit.ok(), "audit failed");
  size_t collisions = 0, invalid = 0;
  for (const u8guard::AclFinding& f : audit->findings) {
    collisions += f.kind == u8guard::AclFindingKind::kCollision;
    invalid += f.kind == u8guard::AclFindingKind::kInvalid;
    Check(u8guard::IsValidUtf8(u8guard::cli::DescribeFinding(f)),
          "finding text");
  }
  size_t distinct = 0;
  for (size_t v = 0; v < index.size(); ++v) {
    const std::string_view key = index.entry(v).key;
    bool seen = false;
    for (size_t w = 0; w < v && !seen; ++w) seen = index.entry(w).key == key;
    distinct += !seen;
  }
  Check(collisions == index.size() - distinct, "collision count");
  Check(invalid == index.invalid_entries().size(), "invalid count");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const Profile& p = Profiles()[data[0] % Profiles().size()];
  const std::string_view in(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::vector<std::string_view> parts =
      Split(in, std::string_view("\xFF\x00", 2));
  const std::string_view text = parts[0];

  absl::StatusOr<u8guard::AllowList> allow = u8guard::AllowList::Parse(p, text);
  absl::StatusOr<u8guard::DenyList> deny = u8guard::DenyList::Parse(p, text);
  Check(allow.ok() && deny.ok(), "parse failed");
  CheckIndex(p, allow->index(), text);
  CheckIndex(p, deny->index(), text);

  // Every entry finds itself (or an earlier entry with its key).
  for (size_t v = 0; v < allow->index().size(); ++v) {
    const AclEntry e = allow->index().entry(v);
    const AclLookup g = allow->Grants(e.original);
    Check(g && g.match->index <= e.index && g.match->key == e.key,
          "entry does not grant itself");
    const AclLookup r = deny->Resembles(e.original);
    Check(r && r.match->index <= e.index, "entry does not resemble itself");
  }
  for (size_t i = 1; i < parts.size(); ++i) {
    CheckLookups(p, *allow, *deny, parts[i]);
  }
  CheckAudit(allow->index());
  Check(u8guard::IsValidUtf8(u8guard::EscapeForDisplay(in)), "escape");
  return 0;
}
