// SPDX-License-Identifier: Apache-2.0
// Registration: records, the decision against a registry, protected names,
// confusable exemptions, cross-field clashes, policy files, version tags.

#include "u8guard/registration.h"

#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "src/confusables/skeleton.h"
#include "tests/test_support.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"
#include "u8guard/rule.h"
#include "u8guard/version.h"

namespace u8guard {
namespace {

const Profile& UserNames() {
  return **FindBuiltinProfile("username-case-mapped");
}

RegistrationDecision Decide(const Registry& r, std::string_view name,
                            const std::vector<std::string>& others = {}) {
  absl::StatusOr<RegistrationDecision> d = r.Decide(name, others);
  EXPECT_TRUE(d.ok()) << d.status();
  return d.ok() ? *d : RegistrationDecision{};
}

TEST(Registration, RecordOfAnAsciiName) {
  const absl::StatusOr<RegistrationRecord> r =
      MakeRegistrationRecord(UserNames(), DefaultRegistrationPolicy(), "Alice");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->enforced, "alice");
  EXPECT_EQ(r->key, "alice");
  // The key's skeleton, and the folded skeleton of "ALICE" ("ALlCE").
  EXPECT_EQ(r->lookalike_keys, (std::vector<std::string>{"alice", "allce"}));
  EXPECT_EQ(r->restriction_level, RestrictionLevel::kAscii);
  EXPECT_EQ(r->scripts, std::vector<std::string>{"Latn"});
  EXPECT_EQ(r->display, DisplaySafety::kAsTyped);
  EXPECT_EQ(r->version_tag, VersionTag());
}

TEST(Registration, RecordOfAMixedScriptName) {
  // Cyrillic а in a Latin name: shown escaped, refused by the default
  // policy's restriction level.
  const absl::StatusOr<RegistrationRecord> r = MakeRegistrationRecord(
      UserNames(), DefaultRegistrationPolicy(), "p\xD0\xB0ypal");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->scripts, (std::vector<std::string>{"Cyrl", "Latn"}));
  EXPECT_EQ(r->restriction_level, RestrictionLevel::kMinimallyRestrictive);
  EXPECT_EQ(r->display, DisplaySafety::kEscaped);
  EXPECT_EQ(r->lookalike_keys[0], "paypal");
  // Japanese: Han and kana with Latin is highly restrictive, shown as typed.
  const absl::StatusOr<RegistrationRecord> j = MakeRegistrationRecord(
      UserNames(), DefaultRegistrationPolicy(),
      "tanaka\xE7\x94\xB0\xE4\xB8\xAD\xE3\x81\x95\xE3\x82\x93");
  ASSERT_TRUE(j.ok()) << j.status();
  EXPECT_EQ(j->scripts, (std::vector<std::string>{"Hani", "Hira", "Latn"}));
  EXPECT_EQ(j->display, DisplaySafety::kAsTyped);
  // Rejected: the profile's rejection.
  const absl::StatusOr<RegistrationRecord> bad =
      MakeRegistrationRecord(UserNames(), DefaultRegistrationPolicy(), "a b");
  ASSERT_TRUE(GetRejection(bad.status()).has_value());
  EXPECT_EQ(GetRejection(bad.status())->rule, Rule::kDisallowedSpaces);
}

TEST(Registration, EveryReason) {
  Registry registry(UserNames());
  for (const char* name : {"paypal", "GOOGLE", "mike", "lan", "bill"}) {
    ASSERT_TRUE(registry.Add(name).ok());
  }
  struct Case {
    const char* name;
    RegistrationOutcome outcome;
    const char* conflict;
  };
  const Case cases[] = {
      {"robert", RegistrationOutcome::kAccepted, ""},
      {"a b", RegistrationOutcome::kRejected, ""},
      {"PayPal", RegistrationOutcome::kCollision, "paypal"},
      {"\xEF\xBD\x90\xEF\xBD\x81\xEF\xBD\x99\xEF\xBD\x90\xEF\xBD\x81\xEF\xBD"
       "\x8C",  // fullwidth
       RegistrationOutcome::kCollision, "paypal"},
      {"rnike", RegistrationOutcome::kLookalike, "mike"},
      // Case hides these from the key's skeleton.
      {"paypaI", RegistrationOutcome::kLookalike, "paypal"},
      {"G00GLE", RegistrationOutcome::kLookalike, "GOOGLE"},
      {"Ian", RegistrationOutcome::kLookalike, "lan"},
      {"biII", RegistrationOutcome::kLookalike, "bill"},
      // Protected: by key, by look-alike key, with diacritics stripped.
      {"Admin", RegistrationOutcome::kProtectedName, "admin"},
      {"adrnin", RegistrationOutcome::kProtectedName, "admin"},
      {"\xC3\xA4"
       "dm\xC3\xAE"
       "n",
       RegistrationOutcome::kProtectedName, "admin"},
      // Cyrillic о twice: protected before the restriction level.
      {"r\xD0\xBE\xD0\xBEt", RegistrationOutcome::kProtectedName, "root"},
      // Mixed scripts (Cyrillic а): refused before any look-alike check.
      {"p\xD0\xB0ypal", RegistrationOutcome::kRestrictionLevel, ""},
      // Devanagari one beside ASCII 1: one script, two decimal systems.
      {"\xE0\xA4\xB0\xE0\xA4\xBE\xE0\xA4\xAE\xE0\xA5\xA7"
       "1",
       RegistrationOutcome::kMixedNumbers, ""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const RegistrationDecision d = Decide(registry, c.name);
    EXPECT_EQ(RegistrationOutcomeName(d.outcome),
              RegistrationOutcomeName(c.outcome));
    EXPECT_EQ(d.conflict, c.conflict);
    EXPECT_EQ(d.record.has_value(),
              c.outcome != RegistrationOutcome::kRejected);
    EXPECT_EQ(d.rejection.has_value(),
              c.outcome == RegistrationOutcome::kRejected);
    if (c.outcome == RegistrationOutcome::kLookalike ||
        c.outcome == RegistrationOutcome::kCollision) {
      EXPECT_FALSE(d.shared_key.empty());
    }
  }
  EXPECT_EQ(Decide(registry, "a b").rejection->offset, 1u);
}

TEST(Registration, CrossFieldClashes) {
  Registry registry(UserNames());
  // Bob's account: his name and his email's local part.
  ASSERT_TRUE(registry.Add("bob", {"bob.smith"}).ok());
  // A name equal to another account's email (Keycloak CVE-2021-3754).
  RegistrationDecision d = Decide(registry, "Bob.Smith");
  EXPECT_EQ(d.outcome, RegistrationOutcome::kCrossFieldClash);
  EXPECT_EQ(d.conflict, "bob.smith");
  EXPECT_EQ(d.identifier, 0u);
  // An email equal to another account's name.
  d = Decide(registry, "carol", {"BOB"});
  EXPECT_EQ(d.outcome, RegistrationOutcome::kCrossFieldClash);
  EXPECT_EQ(d.conflict, "bob");
  EXPECT_EQ(d.identifier, 1u);
  // An account's own identifiers may be alike.
  EXPECT_TRUE(Decide(registry, "carol", {"carol"}).accepted());
  // An other identifier the profile rejects.
  d = Decide(registry, "carol", {"carol smith"});
  EXPECT_EQ(d.outcome, RegistrationOutcome::kRejected);
  EXPECT_EQ(d.identifier, 1u);
  // Protected identifiers.
  d = Decide(registry, "carol", {"postmaster"});
  EXPECT_EQ(d.outcome, RegistrationOutcome::kProtectedName);
  EXPECT_EQ(d.identifier, 1u);
}

TEST(Registration, RegisterAddsOnlyWhatItAccepts) {
  Registry registry(UserNames());
  absl::StatusOr<RegistrationDecision> d = registry.Register("alice");
  ASSERT_TRUE(d.ok() && d->accepted());
  d = registry.Register("ALICE");
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->outcome, RegistrationOutcome::kCollision);
  d = registry.Register("a1ice");
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->outcome, RegistrationOutcome::kLookalike);
  EXPECT_EQ(registry.accounts(), 1u);
  EXPECT_GT(registry.MemoryUsage(), 0u);
}

TEST(Registration, ExemptionsLetOrdinaryNamesThrough) {
  struct Case {
    const char* registered;
    const char* candidate;
    ConfusableExemption exemption;
  };
  const Case cases[] = {
      {"modern", "modem", ConfusableExemption::kRnM},
      {"barn", "bam", ConfusableExemption::kRnM},
      {"paypal", "paypa1", ConfusableExemption::kDigits},
      {"GOOGLE", "G00GLE", ConfusableExemption::kDigits},
      {"lan", "Ian", ConfusableExemption::kCapitalI},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.registered) + " / " + c.candidate);
    Registry strict(UserNames());
    ASSERT_TRUE(strict.Add(c.registered).ok());
    EXPECT_EQ(Decide(strict, c.candidate).outcome,
              RegistrationOutcome::kLookalike);
    RegistrationPolicy policy = DefaultRegistrationPolicy();
    policy.exemptions = {c.exemption};
    Registry lenient(UserNames(), policy);
    ASSERT_TRUE(lenient.Add(c.registered).ok());
    EXPECT_TRUE(Decide(lenient, c.candidate).accepted());
  }
  // Exemptions keep other look-alikes: Cyrillic о is still o.
  RegistrationPolicy all = DefaultRegistrationPolicy();
  all.exemptions = {ConfusableExemption::kRnM, ConfusableExemption::kDigits,
                    ConfusableExemption::kCapitalI};
  all.max_restriction_level = RestrictionLevel::kUnrestrictive;
  Registry lenient(UserNames(), all);
  ASSERT_TRUE(lenient.Add("bob").ok());
  EXPECT_EQ(Decide(lenient,
                   "b\xD0\xBE"
                   "b")
                .outcome,
            RegistrationOutcome::kLookalike);
}

// With no character exempted, or for strings without one, skeletons are
// UTS #39's; a kept character stands for itself and splits the string.
TEST(Registration, SkeletonsWithExemptions) {
  const internal::SkeletonExemptions none;
  const internal::SkeletonExemptions rn_m({ConfusableExemption::kRnM});
  std::mt19937_64 rng(5);
  const std::vector<std::string> pieces = {
      "a",        "m",         "rn",           "I",
      "l",        "0",         "\xD0\xB0",     "e\xCC\x81",
      "\xCC\x81", "i\xCC\x87", "\xEF\xBC\xA1", "\xE2\x85\xBF"};
  for (int n = 0; n < 2000; ++n) {
    std::string s;
    for (int k = 0; k < 6; ++k) s += pieces[rng() % pieces.size()];
    std::string plain, with_none, with_rn_m;
    ASSERT_TRUE(internal::SkeletonInto(s, plain).ok());
    ASSERT_TRUE(internal::SkeletonInto(s, none, with_none).ok());
    EXPECT_EQ(with_none, plain) << s;
    ASSERT_TRUE(internal::SkeletonInto(s, rn_m, with_rn_m).ok());
    // Each 'm' stays; the parts between are UTS #39's skeletons.
    std::string want, part;
    size_t start = 0;
    for (size_t i = 0; i <= s.size(); ++i) {
      if (i < s.size() && s[i] != 'm') continue;
      ASSERT_TRUE(
          internal::SkeletonInto(s.substr(start, i - start), part).ok());
      want += part;
      if (i < s.size()) want += 'm';
      start = i + 1;
    }
    EXPECT_EQ(with_rn_m, want) << s;
    if (s.find('m') == std::string::npos) {
      EXPECT_EQ(with_rn_m, plain) << s;
    }
  }
}

// UTS #39 §5.3: names whose digits come from two decimal systems are
// refused by default, after the restriction level and before any collision;
// digits of one system pass; the policy may let mixed numbers in.
TEST(Registration, MixedNumbers) {
  EXPECT_TRUE(DefaultRegistrationPolicy().refuse_mixed_numbers);
  Registry registry(UserNames());
  ASSERT_TRUE(registry.Add("user1").ok());
  // राम with Devanagari one, with ASCII 1, with both.
  const std::string ram = "\xE0\xA4\xB0\xE0\xA4\xBE\xE0\xA4\xAE";
  EXPECT_TRUE(Decide(registry, ram + "\xE0\xA5\xA7\xE0\xA5\xA8").accepted());
  EXPECT_TRUE(Decide(registry, ram + "12").accepted());
  const RegistrationDecision mixed = Decide(registry, ram +
                                                          "\xE0\xA5\xA7"
                                                          "2");
  EXPECT_EQ(RegistrationOutcomeName(mixed.outcome), "mixed_numbers");
  ASSERT_TRUE(mixed.record.has_value());
  EXPECT_TRUE(mixed.conflict.empty());
  // Mixed scripts too: the restriction level is checked first.
  EXPECT_EQ(Decide(registry,
                   "user\xE0\xA5\xA7"
                   "2")
                .outcome,
            RegistrationOutcome::kRestrictionLevel);
  // Let in, it meets the other checks: its key is new, so it is accepted.
  RegistrationPolicy lax = DefaultRegistrationPolicy();
  lax.refuse_mixed_numbers = false;
  Registry lax_registry(UserNames(), lax);
  EXPECT_TRUE(Decide(lax_registry, ram + "\xE0\xA5\xA7"
                                         "2")
                  .accepted());
  // Register refuses it and adds nothing.
  const absl::StatusOr<RegistrationDecision> r =
      registry.Register(ram +
                        "\xE0\xA5\xA7"
                        "2");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->outcome, RegistrationOutcome::kMixedNumbers);
  EXPECT_EQ(registry.accounts(), 1u);
  // The policy file's key.
  const absl::StatusOr<RegistrationPolicy> off =
      ParseRegistrationPolicy("refuse_mixed_numbers = false\n", "p.toml");
  ASSERT_TRUE(off.ok()) << off.status();
  EXPECT_FALSE(off->refuse_mixed_numbers);
  const absl::StatusOr<RegistrationPolicy> on =
      ParseRegistrationPolicy("refuse_mixed_numbers = true\n", "p.toml");
  ASSERT_TRUE(on.ok()) << on.status();
  EXPECT_TRUE(on->refuse_mixed_numbers);
  EXPECT_TRUE(ParseRegistrationPolicy("", "p.toml")->refuse_mixed_numbers);
  const absl::StatusOr<RegistrationPolicy> bad =
      ParseRegistrationPolicy("refuse_mixed_numbers = \"yes\"\n", "p.toml");
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(bad.status().message().find("p.toml:1: key "
                                        "\"refuse_mixed_numbers\""),
            std::string::npos)
      << bad.status();
}

TEST(Registration, PolicyFiles) {
  testing::ScopedTempDir dir;
  const std::string list = dir.File("brands.txt");
  std::ofstream(list) << "# our brands\nacme\nacme-support\n\n";
  const std::string path = dir.File("policy.toml");
  std::ofstream(path)
      << "protected_names = [\"ceo\"]\n"
         "protected_names_file = \"brands.txt\"\n"
         "confusable_exemptions = [\"rn_m\", \"digits\"]\n"
         "max_restriction_level = \"single_script_restrictive\"\n";
  const absl::StatusOr<RegistrationPolicy> p = LoadRegistrationPolicy(path);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->protected_names,
            (std::vector<std::string>{"acme", "acme-support", "ceo"}));
  EXPECT_EQ(p->exemptions.size(), 2u);
  EXPECT_EQ(p->max_restriction_level,
            RestrictionLevel::kSingleScriptRestrictive);
  // The defaults: the built-in list.
  const absl::StatusOr<RegistrationPolicy> empty =
      ParseRegistrationPolicy("", "empty.toml");
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(empty->protected_names, DefaultProtectedNames());
  EXPECT_GT(DefaultProtectedNames().size(), 30u);
  // Errors name the file, the line and the key.
  const absl::StatusOr<RegistrationPolicy> bad = ParseRegistrationPolicy(
      "\nconfusable_exemptions = [\"rn\"]\n", "bad.toml");
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(bad.status().message().find("bad.toml:2: key "
                                        "\"confusable_exemptions\""),
            std::string::npos)
      << bad.status();
  EXPECT_FALSE(ParseRegistrationPolicy("colour = 1", "x.toml").ok());
  EXPECT_FALSE(
      ParseRegistrationPolicy("max_restriction_level = 3", "x.toml").ok());
}

// Both kinds of policy file go through one TOML reader: a syntax error's
// message quotes neither a control character nor a bidi override of the
// text raw, whichever parser reports it (the registration policy's used to
// pass the TOML parser's description through unescaped).
TEST(PolicyFiles, SyntaxErrorsNeverQuoteRawControls) {
  for (const std::string& text :
       {std::string("a = \x1b[31m\n"), std::string("a = \xe2\x80\xae\n"),
        std::string("[\x07\n"), std::string("a = \"\x01\"\n")}) {
    const absl::Status profile = ParseProfile(text, "p.toml").status();
    const absl::Status policy =
        ParseRegistrationPolicy(text, "p.toml").status();
    for (const absl::Status& s : {profile, policy}) {
      ASSERT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
      EXPECT_NE(s.message().find("p.toml:1: TOML syntax error"),
                std::string::npos)
          << s;
      for (const char c : s.message()) {
        EXPECT_FALSE(static_cast<unsigned char>(c) < 0x20) << s;
      }
      EXPECT_EQ(s.message().find("\xe2\x80\xae"), std::string::npos) << s;
    }
  }
}

// Attack (an outside review): protected names were compared as written
// ("admin"), and a look-alike key keeps case, so "R00T", "ADM1N" and
// "SUPP0RT" were accepted where a registered "ROOT" would have refused
// them; under a profile whose key keeps case, "Admin" and "ADMIN" were not
// even collisions. Now the capitals and title case of each protected name
// are protected too, and such a profile compares the candidate in lower
// case as well; every spelling of one key gets one verdict.
TEST(Registration, ProtectedNamesInCapitalsAndTitleCase) {
  const Registry mapped(UserNames());
  for (const char* name :
       {"R00T", "ADM1N", "ADMlN", "SUPP0RT", "P0STMASTER", "Root", "ROOT"}) {
    EXPECT_EQ(Decide(mapped, name).outcome, RegistrationOutcome::kProtectedName)
        << name;
  }
  const Registry preserved(**FindBuiltinProfile("username-case-preserved"));
  for (const char* name : {"Admin", "ADMIN", "aDMIN", "ROOT", "R00T"}) {
    EXPECT_EQ(Decide(preserved, name).outcome,
              RegistrationOutcome::kProtectedName)
        << name;
  }
  // A verdict is a function of the key: "r00t" is "R00T", refused too.
  for (const char* name : {"r00t", "R00t", "adm1n", "aDMlN"}) {
    EXPECT_EQ(Decide(mapped, name).outcome, RegistrationOutcome::kProtectedName)
        << name;
    EXPECT_EQ(Decide(preserved, name).outcome,
              RegistrationOutcome::kProtectedName)
        << name;
  }
  for (const char* name : {"alice", "Alice"}) {
    EXPECT_TRUE(Decide(mapped, name).accepted()) << name;
    EXPECT_TRUE(Decide(preserved, name).accepted()) << name;
  }
}

// Attack (an outside review): a protected-names file with a signature
// (EF BB BF) left it on the first name, which the profile then rejected,
// and "acme" protected nothing; "acme " too, silently. The list follows
// the ACL rule (the signature removed), and a name with a space or tab at
// either end is an error naming the file and line.
TEST(Registration, ProtectedNameListsFailClosed) {
  testing::ScopedTempDir dir;
  std::ofstream(dir.File("signed.txt")) << "\xEF\xBB\xBF"
                                           "acme\nacmecorp\n";
  std::ofstream(dir.File("signed.toml"))
      << "protected_names_file = \"signed.txt\"\n";
  const absl::StatusOr<RegistrationPolicy> signed_list =
      LoadRegistrationPolicy(dir.File("signed.toml"));
  ASSERT_TRUE(signed_list.ok()) << signed_list.status();
  EXPECT_EQ(signed_list->protected_names,
            (std::vector<std::string>{"acme", "acmecorp"}));
  const Registry r(UserNames(), *signed_list);
  EXPECT_EQ(Decide(r, "ACME").outcome, RegistrationOutcome::kProtectedName);
  std::ofstream(dir.File("spaced.txt")) << "beta\nacme \r\n";
  std::ofstream(dir.File("spaced.toml"))
      << "protected_names_file = \"spaced.txt\"\n";
  const absl::StatusOr<RegistrationPolicy> spaced =
      LoadRegistrationPolicy(dir.File("spaced.toml"));
  EXPECT_EQ(spaced.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(spaced.status().message().find(
                "spaced.txt:2: protected name \"acme \" begins or ends"),
            std::string::npos)
      << spaced.status();
  for (const char* toml :
       {"protected_names = [\"gamma \"]", "protected_names = [\"\\tgamma\"]",
        "protected_names = [\"\"]"}) {
    EXPECT_EQ(ParseRegistrationPolicy(toml, "p.toml").status().code(),
              absl::StatusCode::kInvalidArgument)
        << toml;
  }
}

// Attack (an outside review): the capital_i exemption kept Latin I as
// itself but still mapped Cyrillic and Greek capital I to l, so an all-
// Cyrillic "ІКЕА" no longer matched a registered "IKEA" it looks exactly
// like. Every capital letter with capital I's skeleton now stands for I
// (and so for the digits and m): generated from ICU's data.
TEST(Registration, ExemptionsKeepLookAlikesOfTheKeptCharacter) {
  RegistrationPolicy policy = DefaultRegistrationPolicy();
  policy.exemptions = {ConfusableExemption::kCapitalI};
  for (const char* profile :
       {"username-case-mapped", "username-case-preserved"}) {
    SCOPED_TRACE(profile);
    Registry r(**FindBuiltinProfile(profile), policy);
    ASSERT_TRUE(r.Add("IKEA").ok());
    ASSERT_TRUE(r.Add("Ilse").ok());
    EXPECT_EQ(Decide(r, "\xD0\x86\xD0\x9A\xD0\x95\xD0\x90").outcome,  // ІКЕА
              RegistrationOutcome::kLookalike);
    EXPECT_EQ(Decide(r, "\xCE\x99\xCE\x9A\xCE\x95\xCE\x91").outcome,  // ΙΚΕΑ
              RegistrationOutcome::kLookalike);
    EXPECT_TRUE(Decide(r, "llse").accepted());  // what the exemption is for
  }
  const internal::SkeletonExemptions capital_i(
      {ConfusableExemption::kCapitalI});
  std::string latin, cyrillic, lower;
  ASSERT_TRUE(internal::SkeletonInto("IKEA", capital_i, latin).ok());
  ASSERT_TRUE(internal::SkeletonInto("\xD0\x86KEA", capital_i, cyrillic).ok());
  ASSERT_TRUE(internal::SkeletonInto("lKEA", capital_i, lower).ok());
  EXPECT_EQ(cyrillic, latin);
  EXPECT_NE(lower, latin);
  const internal::SkeletonExemptions digits({ConfusableExemption::kDigits});
  std::string one, arabic_one;
  ASSERT_TRUE(internal::SkeletonInto("x1", digits, one).ok());
  ASSERT_TRUE(internal::SkeletonInto("x\xD9\xA1", digits, arabic_one).ok());
  EXPECT_EQ(arabic_one, one);
}

// Attack (an outside review): a key or source name with escape sequences
// reached policy errors raw (the CLI escaped them; C and Python callers
// got them as written).
TEST(Registration, PolicyErrorsEscapeKeysAndSources) {
  const absl::StatusOr<RegistrationPolicy> bad = ParseRegistrationPolicy(
      "\"evil\\u001b[31mRED\\u202e\" = 1\n", "src\x1b[2J\n.toml");
  ASSERT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
  const std::string m(bad.status().message());
  EXPECT_EQ(m.find('\x1b'), std::string::npos) << m;
  EXPECT_EQ(m.find('\n'), std::string::npos) << m;
  EXPECT_EQ(m.find("\xE2\x80\xAE"), std::string::npos) << m;
  EXPECT_NE(m.find("evil\\u{001B}[31mRED\\u{202E}"), std::string::npos) << m;
  const absl::StatusOr<Profile> profile =
      ParseProfile("\"x\\u001b\" = 1\n", "p\x1b.toml");
  ASSERT_FALSE(profile.ok());
  EXPECT_EQ(profile.status().message().find('\x1b'), std::string_view::npos)
      << profile.status();
}

TEST(Registration, VersionTags) {
  const std::string tag = VersionTag();
  const absl::StatusOr<VersionTagParts> parts = ParseVersionTag(tag);
  ASSERT_TRUE(parts.ok()) << parts.status();
  EXPECT_EQ(*parts, (VersionTagParts{LibraryVersion(), IcuVersion(),
                                     UnicodeVersion()}));
  EXPECT_EQ(tag.find(':'), std::string::npos);
  for (const char* bad :
       {"", "u8guard-1+icu-2", "u8guard-1+icu-2+unicode-",
        "u8guard-1+icu-2+unicode-3:key", "x-1+icu-2+unicode-3"}) {
    EXPECT_FALSE(ParseVersionTag(bad).ok()) << bad;
  }
}

TEST(Registration, LoadsAnAclFile) {
  testing::ScopedTempDir dir;
  const std::string path = dir.File("users.acl");
  std::ofstream(path) << "# users\nalice\nBob\na b\n";
  absl::StatusOr<Registry> r = Registry::Load(UserNames(), path);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->accounts(), 2u);
  EXPECT_EQ(r->skipped(), 1u);
  EXPECT_EQ(Decide(*r, "BOB").outcome, RegistrationOutcome::kCollision);
  EXPECT_FALSE(Registry::Load(UserNames(), dir.File("missing")).ok());
}

}  // namespace
}  // namespace u8guard
