// SPDX-License-Identifier: Apache-2.0
// A registration decision is a function of the account (its key), never of
// how the name was typed (an outside review found otherwise): every
// case variant of a name that has the same key gets the same verdict, and
// the look-alikes that case hid ("r00t" beside "root", "g00gle" beside
// "GOOGLE", Cherokee small letters and Latin small capitals beside the
// capitals they are drawn as, "aDMlN" beside "admin" under a profile that
// keeps case) are refused in every case.

#include <unicode/locid.h>
#include <unicode/unistr.h>

#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"
#include "u8guard/registration.h"

namespace u8guard {
namespace {

const Profile& Builtin(std::string_view name) {
  return **FindBuiltinProfile(name);
}

enum class Form { kLower, kUpper, kTitle };

std::string CaseOf(std::string_view s, Form form) {
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(
      icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
  switch (form) {
    case Form::kLower:
      u.toLower(icu::Locale::getRoot());
      break;
    case Form::kUpper:
      u.toUpper(icu::Locale::getRoot());
      break;
    case Form::kTitle:
      u.toTitle(nullptr, icu::Locale::getRoot());
      break;
  }
  std::string out;
  u.toUTF8String(out);
  return out;
}

// `s` with each code point in upper or lower case at random.
std::string MixedCase(std::string_view s, std::mt19937_64& rng) {
  const icu::UnicodeString u = icu::UnicodeString::fromUTF8(
      icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
  icu::UnicodeString out;
  for (int32_t i = 0; i < u.length();) {
    const UChar32 c = u.char32At(i);
    i += U16_LENGTH(c);
    icu::UnicodeString one(c);
    if (rng() & 1) {
      one.toUpper(icu::Locale::getRoot());
    } else {
      one.toLower(icu::Locale::getRoot());
    }
    out.append(one);
  }
  std::string utf8;
  out.toUTF8String(utf8);
  return utf8;
}

// What a decision says, for comparing two of them.
std::string Verdict(const RegistrationDecision& d) {
  return std::string(RegistrationOutcomeName(d.outcome)) + " " + d.conflict +
         " " + d.shared_key;
}

// Checks that every case variant of `name` that `registry`'s profile gives
// the same key gets the same verdict as the name. Variants the profile
// rejects, or whose display form it rejects ("l\u00B7L" under Nickname),
// are not the same account and are skipped. Returns the number compared.
size_t ExpectOneVerdictPerKey(const Registry& registry, std::string_view name,
                              std::mt19937_64& rng) {
  const Profile& p = registry.profile();
  const absl::StatusOr<std::string> key = Canonicalize(p, name);
  if (!key.ok() || !Enforce(p, name).ok()) return 0;
  const absl::StatusOr<RegistrationDecision> base = registry.Decide(name);
  EXPECT_TRUE(base.ok()) << base.status();
  if (!base.ok()) return 0;
  std::vector<std::string> variants = {CaseOf(name, Form::kLower),
                                       CaseOf(name, Form::kUpper),
                                       CaseOf(name, Form::kTitle)};
  for (int i = 0; i < 3; ++i) variants.push_back(MixedCase(name, rng));
  size_t compared = 0;
  for (const std::string& v : variants) {
    const absl::StatusOr<std::string> k = Canonicalize(p, v);
    if (!k.ok() || *k != *key || !Enforce(p, v).ok()) continue;
    const absl::StatusOr<RegistrationDecision> d = registry.Decide(v);
    EXPECT_TRUE(d.ok()) << d.status();
    if (!d.ok()) continue;
    EXPECT_EQ(Verdict(*d), Verdict(*base))
        << p.name << ": \"" << v << "\" and \"" << name << "\" (key \"" << *key
        << "\")";
    ++compared;
  }
  return compared;
}

// A registry under `profile` with the default policy and a few brands.
Registry Brands(std::string_view profile) {
  Registry r(Builtin(profile));
  for (const char* name : {"GOOGLE", "IKEA", "paypal", "Zoe"}) {
    const absl::Status s = r.Add(name);
    EXPECT_TRUE(s.ok()) << s;
  }
  return r;
}

// Every spelling of a protected name with digits for o, i and l, in every
// case, is refused as that protected name (before: 51 of 221 were refused
// in capitals and accepted in lower or title case).
TEST(RegistrationByKey, DigitSpellingsOfProtectedNamesInEveryCase) {
  for (const char* profile :
       {"username-case-mapped", "username-case-preserved", "nickname"}) {
    const Registry registry(Builtin(profile));
    size_t spellings = 0;
    for (const std::string& name : DefaultProtectedNames()) {
      // Each o, i or l replaced by its digit, one pattern per subset (the
      // first 8 such letters).
      std::vector<size_t> at;
      for (size_t i = 0; i < name.size() && at.size() < 8; ++i) {
        if (name[i] == 'o' || name[i] == 'i' || name[i] == 'l') at.push_back(i);
      }
      for (unsigned mask = 1; mask < (1u << at.size()); ++mask) {
        std::string spelled = name;
        for (size_t b = 0; b < at.size(); ++b) {
          if (mask & (1u << b)) spelled[at[b]] = name[at[b]] == 'o' ? '0' : '1';
        }
        for (Form form : {Form::kLower, Form::kUpper, Form::kTitle}) {
          const std::string typed = CaseOf(spelled, form);
          const absl::StatusOr<RegistrationDecision> d = registry.Decide(typed);
          ASSERT_TRUE(d.ok()) << d.status();
          EXPECT_EQ(d->outcome, RegistrationOutcome::kProtectedName)
              << profile << ": \"" << typed << "\" (" << name << ")";
          ++spellings;
        }
      }
    }
    EXPECT_GT(spellings, 200u);
  }
}

// The spellings that case hid (digits for letters, Cyrillic, Cherokee small
// letters, Latin small capitals, diacritics), each in the cases listed.
TEST(RegistrationByKey, SpellingsThatCaseHidAreRefused) {
  struct Case {
    const char* profile;
    const char* name;
    RegistrationOutcome outcome;
  };
  const Case cases[] = {
      {"username-case-mapped", "r00t", RegistrationOutcome::kProtectedName},
      {"username-case-mapped", "adm1n", RegistrationOutcome::kProtectedName},
      {"username-case-mapped", "supp0rt", RegistrationOutcome::kProtectedName},
      {"username-case-mapped", "nob0dy", RegistrationOutcome::kProtectedName},
      {"username-case-mapped", "g00gle", RegistrationOutcome::kLookalike},
      {"username-case-mapped", "G00gle", RegistrationOutcome::kLookalike},
      {"username-case-mapped", "G00GLE", RegistrationOutcome::kLookalike},
      {"username-case-mapped", "\u0456\u043A\u0435\u0430",  // ікеа
       RegistrationOutcome::kLookalike},
      {"username-case-mapped", "\u0406\u041A\u0415\u0410",  // ІКЕА
       RegistrationOutcome::kLookalike},
      {"username-case-mapped", "paypaI", RegistrationOutcome::kLookalike},
      {"username-case-mapped", "z0e", RegistrationOutcome::kLookalike},
      // Cherokee capitals and their own key, the small letters.
      {"username-case-mapped", "\u13BB\u13AC\u13DE\u13E2",
       RegistrationOutcome::kProtectedName},
      {"username-case-mapped", "\uAB8B\uAB7C\uABAE\uABB2",
       RegistrationOutcome::kProtectedName},
      // Latin small capitals.
      {"username-case-mapped", "\u1D00\u1D05\u1D0D\u026A\u0274",
       RegistrationOutcome::kProtectedName},
      {"username-case-mapped", "\u0280\u1D0F\u1D0F\u1D1B",
       RegistrationOutcome::kProtectedName},
      {"username-case-mapped", "\u0262\u1D1C\u1D07\uA731\u1D1B",
       RegistrationOutcome::kProtectedName},
      {"username-case-preserved", "AdMIN", RegistrationOutcome::kProtectedName},
      {"username-case-preserved", "aDMlN", RegistrationOutcome::kProtectedName},
      {"username-case-preserved", "\u00E4dmin",
       RegistrationOutcome::kProtectedName},
      {"username-case-preserved", "\u00E4DMIN",
       RegistrationOutcome::kProtectedName},
      {"username-case-preserved", "\u00C0dMiN",
       RegistrationOutcome::kProtectedName},
      {"username-case-preserved", "r\u00D6OT",
       RegistrationOutcome::kProtectedName},
      {"username-case-preserved", "\u1D00\u1D05\u1D0D\u026A\u0274",
       RegistrationOutcome::kProtectedName},
      {"nickname", "aDMlN", RegistrationOutcome::kProtectedName},
      {"nickname", "r00t", RegistrationOutcome::kProtectedName},
  };
  for (const Case& c : cases) {
    const Registry registry = Brands(c.profile);
    const absl::StatusOr<RegistrationDecision> d = registry.Decide(c.name);
    ASSERT_TRUE(d.ok()) << d.status();
    EXPECT_EQ(RegistrationOutcomeName(d->outcome),
              RegistrationOutcomeName(c.outcome))
        << c.profile << ": \"" << c.name << "\" " << Verdict(*d);
  }
}

// The property over the protected names, their digit spellings, the shared
// precis_i18n inputs and Debian's word list.
TEST(RegistrationByKey, OneVerdictPerKeyOverNameCorpora) {
  std::vector<std::string> names = DefaultProtectedNames();
  for (const char* extra :
       {"r00t", "adm1n", "g00gle", "paypaI", "Ian", "lan", "bill", "biil",
        "\u0456\u043A\u0435\u0430", "\uAB8B\uAB7C\uABAE\uABB2",
        "\u1D00\u1D05\u1D0D\u026A\u0274", "\u03B3\u03B2\u03A3",
        "\u1D5E\u1D5D\u03A3", "col\u00B7lecci\u00F3", "\u0130stanbul",
        "stra\u00DFe", "\u01C6emal", "\u1F88"}) {
    names.emplace_back(extra);
  }
  for (const testing::PrecisCase& c :
       testing::ReadPrecisTable("precis_golden.tsv")) {
    names.push_back(c.input);
  }
  // Debian's wamerican (./dev test installs it): every 7th word.
  std::ifstream words("/usr/share/dict/american-english");
  EXPECT_TRUE(words.is_open())
      << "no /usr/share/dict/american-english: apt-get install wamerican";
  std::string word;
  for (size_t i = 0; std::getline(words, word); ++i) {
    if (i % 7 == 0) names.push_back(word);
  }
  std::mt19937_64 rng(32);
  for (const char* profile :
       {"username-case-mapped", "nickname", "username-case-preserved"}) {
    const Registry registry = Brands(profile);
    size_t compared = 0;
    for (const std::string& name : names) {
      compared += ExpectOneVerdictPerKey(registry, name, rng);
      if (::testing::Test::HasFailure()) return;
    }
    EXPECT_GT(compared, 1000u) << profile;
  }
}

}  // namespace
}  // namespace u8guard
