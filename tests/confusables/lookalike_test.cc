// SPDX-License-Identifier: Apache-2.0
// Look-alikes that case mapping hides: DenyList::Resembles and the audit
// compare the skeletons of what users type and see (the original and the
// enforced form) as well as of the key. A corpus of pairs that look alike
// as typed; each must be flagged both ways (lookup and audit) and must never
// be granted by an AllowList.

#include <algorithm>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "src/confusables/skeleton.h"
#include "u8guard/acl.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"
#include "u8guard/skeleton.h"

namespace u8guard {
namespace {

const Profile& Builtin(std::string_view name) {
  return **FindBuiltinProfile(name);
}

struct Pair {
  const char* profile;
  const char* registered;  // the entry of the list
  const char* typed;       // a different name that looks like it
  const char* why;
};

const std::vector<Pair>& Corpus() {
  static const auto* const kCorpus = new std::vector<Pair>{
      // Turkish dotted capital I: its key is "admi" U+0307 "n", which shows
      // as "admin" (the dot above repeats the dot of the i).
      {"username-case-mapped", "admin", "ADM\u0130N", "dotted capital I"},
      {"username-case-mapped", "ADM\u0130N", "admin", "dotted capital I"},
      // Skeletons of lower-cased keys alone miss these: "I" ~ "l", "0" ~ "O".
      {"username-case-mapped", "paypal", "paypaI", "capital I for l"},
      {"username-case-mapped", "lan", "Ian", "capital I for l"},
      {"username-case-mapped", "GOOGLE", "G00GLE", "zeros for O"},
      {"username-case-preserved", "GOOGLE", "G00GLE", "zeros for O"},
      // Already found through keys: still found.
      {"username-case-mapped", "paypal", "p\u0430ypal", "Cyrillic a"},
      {"username-case-mapped", "mike", "rnike", "rn for m"},
      // Nickname: both enforce to the display form "γβΣ" but RFC 8264's
      // order (case mapping before NFKC) gives different keys (γβσ, γβς).
      {"nickname", "\u03B3\u03B2\u03A3", "\u1D5E\u1D5D\u03A3",
       "modifier letters hide the final sigma"},
  };
  return *kCorpus;
}

TEST(Lookalikes, DenyListFlagsEveryPairAndAllowListGrantsNone) {
  for (const Pair& c : Corpus()) {
    SCOPED_TRACE(std::string(c.profile) + ": " + c.registered + " ~ " +
                 c.typed + " (" + c.why + ")");
    const Profile& p = Builtin(c.profile);
    const absl::StatusOr<DenyList> deny = DenyList::Build(p, {c.registered});
    ASSERT_TRUE(deny.ok()) << deny.status();
    const AclLookup r = deny->Resembles(c.typed);
    ASSERT_TRUE(r.status.ok()) << r.status;
    EXPECT_TRUE(r.match.has_value());
    const absl::StatusOr<AllowList> allow = AllowList::Build(p, {c.registered});
    ASSERT_TRUE(allow.ok());
    EXPECT_FALSE(allow->Grants(c.typed)) << "a look-alike must never grant";
    EXPECT_FALSE(Equivalent(p, c.registered, c.typed));
  }
}

// The public LookalikeSkeletons: every pair shares one of its skeletons,
// and two names share one exactly when a DenyList of either finds the
// other (what a unique index over the skeletons enforces in a database).
TEST(Lookalikes, PublicSkeletonSetsShareOneExactlyWhenTheDenyListFinds) {
  std::vector<std::string> names;
  for (const Pair& p : Corpus()) {
    const auto a = LookalikeSkeletons(Builtin(p.profile), p.registered);
    const auto b = LookalikeSkeletons(Builtin(p.profile), p.typed);
    ASSERT_TRUE(a.ok() && b.ok()) << p.why;
    EXPECT_EQ((*a)[0], *ConfusableSkeleton(Builtin(p.profile), p.registered));
    bool shared = false;
    for (const std::string& s : *a) {
      shared |= std::find(b->begin(), b->end(), s) != b->end();
    }
    EXPECT_TRUE(shared) << p.why;
    if (std::string_view(p.profile) == "username-case-mapped") {
      names.push_back(p.registered);
      names.push_back(p.typed);
    }
  }
  names.insert(names.end(), {"bob", "B0B", "alice", "ALlCE", "m", "rn", "I"});
  const Profile& profile = Builtin("username-case-mapped");
  for (const std::string& a : names) {
    const auto list = DenyList::Build(profile, {a});
    ASSERT_TRUE(list.ok());
    const auto sa = *LookalikeSkeletons(profile, a);
    for (const std::string& b : names) {
      const auto sb = *LookalikeSkeletons(profile, b);
      bool shared = false;
      for (const std::string& s : sa) {
        shared |= std::find(sb.begin(), sb.end(), s) != sb.end();
      }
      EXPECT_EQ(shared, list->Resembles(b).match.has_value())
          << a << " / " << b;
    }
  }
  EXPECT_EQ(LookalikeSkeletons(profile, "a b").status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(Lookalikes, AuditReportsEveryPair) {
  for (const Pair& c : Corpus()) {
    SCOPED_TRACE(std::string(c.profile) + ": " + c.registered + " ~ " +
                 c.typed);
    const absl::StatusOr<AclIndex> index = AclIndex::Build(
        Builtin(c.profile), {c.registered, c.typed}, AclMode::kExact);
    ASSERT_TRUE(index.ok());
    const absl::StatusOr<AclAudit> audit = AuditAcl(*index);
    ASSERT_TRUE(audit.ok());
    bool lookalike = false;
    for (const AclFinding& f : audit->findings) {
      if (f.kind != AclFindingKind::kLookalike) continue;
      lookalike = true;
      EXPECT_EQ(f.index, 1u);
      EXPECT_EQ(f.other_index, 0u);
      EXPECT_FALSE(f.skeleton.empty());
    }
    EXPECT_TRUE(lookalike);
  }
}

// The earliest entry that shares any skeleton wins, whichever skeleton.
TEST(Lookalikes, EarliestEntryWins) {
  const absl::StatusOr<DenyList> deny = DenyList::Build(
      Builtin("username-case-mapped"), {"bob", "paypaI", "paypal"});
  ASSERT_TRUE(deny.ok());
  const AclLookup r = deny->Resembles("PAYPAL");
  ASSERT_TRUE(r.match.has_value());
  EXPECT_EQ(r.match->index, 1u);
  EXPECT_EQ(r.match->original, "paypaI");
}

// A dot above that repeats the dot of a soft-dotted letter is not part of
// what a reader sees; a second one is.
TEST(Lookalikes, RedundantDotAboveIsIgnoredBySkeletons) {
  std::string plain, dotted, twice;
  ASSERT_TRUE(internal::SkeletonInto("admin", plain).ok());
  ASSERT_TRUE(internal::SkeletonInto("admi\u0307n", dotted).ok());
  ASSERT_TRUE(internal::SkeletonInto("admi\u0307\u0307n", twice).ok());
  EXPECT_EQ(plain, dotted);
  EXPECT_NE(plain, twice);
  std::string j, j_dot;
  ASSERT_TRUE(internal::SkeletonInto("\u0458", j).ok());  // Cyrillic je
  ASSERT_TRUE(internal::SkeletonInto("\u0458\u0307", j_dot).ok());
  EXPECT_EQ(j, j_dot);
}

// Skeleton sets: of the key, and of the key in capitals, folded; one when
// the two agree. They are a function of the key: the spelling a name was
// typed in is not an argument.
TEST(Lookalikes, SkeletonSets) {
  internal::LookalikeSkeletons s;
  ASSERT_TRUE(internal::LookalikeSkeletonsInto("admin", s).ok());
  // "adrnin" (UTS #39 folds m into rn), and "ADMIN" -> "ADMlN" -> "admln"
  // -> "adrnln".
  ASSERT_EQ(s.size, 2u);
  EXPECT_EQ(s.skeleton[0], "adrnin");
  EXPECT_EQ(s.skeleton[1], "adrnln");
  ASSERT_TRUE(internal::LookalikeSkeletonsInto("root", s).ok());
  EXPECT_EQ(s.size, 1u);  // "ROOT" folds back to "root"
  ASSERT_TRUE(internal::LookalikeSkeletonsInto("r00t", s).ok());
  ASSERT_EQ(s.size, 2u);
  EXPECT_EQ(s.skeleton[0], "rOOt");
  EXPECT_EQ(s.skeleton[1], "root");  // shared with "root"
  // Nickname: "\u03B3\u03B2\u03A3" and "\u1D5E\u1D5D\u03A3" have the
  // keys "\u03B3\u03B2\u03C3" and "\u03B3\u03B2\u03C2" (RFC 8264's
  // order); their capitals are one.
  const Profile& nickname = Builtin("nickname");
  internal::LookalikeSkeletons t;
  ASSERT_TRUE(internal::LookalikeSkeletonsInto(
                  *Canonicalize(nickname, "\u03B3\u03B2\u03A3"), s)
                  .ok());
  ASSERT_TRUE(internal::LookalikeSkeletonsInto(
                  *Canonicalize(nickname, "\u1D5E\u1D5D\u03A3"), t)
                  .ok());
  EXPECT_NE(s.skeleton[0], t.skeleton[0]);
  ASSERT_EQ(s.size, 2u);
  EXPECT_TRUE(t.Contains(s.skeleton[1]));
}

// Nickname keeps case in its enforced form, which the middle dot's context
// rule (an "l" on both sides) can reject while the lower-cased key passes:
// "l\u00B7L" is a valid entry with no enforced form. Deny lists, lookups
// and audits take the skeletons of its key and of the string as typed; one
// such entry used to make the whole deny list fail to build (found by
// acl_fuzz).
TEST(Lookalikes, EntryWhoseEnforcedFormIsRejected) {
  const Profile& nickname = Builtin("nickname");
  const std::string entry = "col\u00B7Lecci\u00F3";
  ASSERT_TRUE(Canonicalize(nickname, entry).ok());
  ASSERT_FALSE(Enforce(nickname, entry).ok());
  const absl::StatusOr<DenyList> deny =
      DenyList::Build(nickname, {"bob", entry});
  ASSERT_TRUE(deny.ok()) << deny.status();
  EXPECT_EQ(deny->index().size(), 2u);
  const AclLookup r = deny->Resembles("COL\u00B7LECCI\u00D3");
  ASSERT_TRUE(r.status.ok()) << r.status;
  ASSERT_TRUE(r.match.has_value());
  EXPECT_EQ(r.match->index, 1u);
  // As a credential too.
  const absl::StatusOr<DenyList> other =
      DenyList::Build(nickname, {"col\u00B7lecci\u00F3"});
  ASSERT_TRUE(other.ok());
  EXPECT_TRUE(other->Resembles(entry).match.has_value());
  const absl::StatusOr<AclAudit> audit = AuditAcl(deny->index());
  ASSERT_TRUE(audit.ok()) << audit.status();
}

}  // namespace
}  // namespace u8guard
