// SPDX-License-Identifier: Apache-2.0
// Security properties of the built-in profiles, through the public API
// (Canonicalize, Enforce, Equivalent): the incident strings, case mapping
// that never goes through upper case, invisible characters rejected with the
// caller's offsets, normalization, Nickname's trimming, fail-closed
// comparison, properties every key has (over the whole conformance corpus),
// strict UTF-8, length bounds, and a differential test of the ASCII fast
// path against the general path.

#include <fstream>
#include <limits>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "src/utf8/decode_valid.h"
#include "tests/test_support.h"
#include "u8guard/bom.h"
#include "u8guard/match.h"
#include "u8guard/normalize.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"
#include "u8guard/utf8.h"
#include "unicode/unistr.h"

namespace u8guard {
namespace {

using ::u8guard::testing::FromHex;
using ::u8guard::testing::TestDataPath;
using ::u8guard::testing::ToHex;

const Profile& Builtin(std::string_view name) {
  absl::StatusOr<const Profile*> p = FindBuiltinProfile(name);
  EXPECT_TRUE(p.ok()) << p.status();
  return **p;
}

// The Rejection of a failed result; a placeholder that fails the test when
// the result is OK or carries none.
template <typename T>
Rejection RejectionOf(const absl::StatusOr<T>& r) {
  EXPECT_FALSE(r.ok()) << "accepted as [" << ToHex(*r) << "]";
  if (r.ok()) return Rejection{.offset = 999999, .profile = "<accepted>"};
  std::optional<Rejection> rej = GetRejection(r.status());
  EXPECT_TRUE(rej.has_value()) << r.status();
  return rej.value_or(Rejection{.offset = 999999, .profile = "<no Rejection>"});
}

// The key of `s`, or "<rejected: RULE>" (readable in failure messages).
std::string KeyOrRule(const Profile& p, std::string_view s) {
  absl::StatusOr<std::string> k = Canonicalize(p, s);
  if (k.ok()) return *k;
  return std::string("<rejected: ") +
         std::string(GetRejection(k.status()).value_or(Rejection{}).rule_id()) +
         ">";
}

// The stored form of `s`, or "<rejected: RULE>".
std::string StoredOrRule(const Profile& p, std::string_view s) {
  absl::StatusOr<std::string> k = Enforce(p, s);
  if (k.ok()) return *k;
  return std::string("<rejected: ") +
         std::string(GetRejection(k.status()).value_or(Rejection{}).rule_id()) +
         ">";
}

const std::vector<std::string> kUsernameProfiles = {"username-case-mapped",
                                                    "username-case-preserved"};
// The elements where an invisible character must never pass: user names and
// passwords.
const std::vector<std::string> kCredentialProfiles = {
    "username-case-mapped", "username-case-preserved", "opaque-string"};

constexpr char kBigbird[] =  // ᴮᴵᴳᴮᴵᴿᴰ, MODIFIER LETTER CAPITAL B, I, G...
    "\xE1\xB4\xAE\xE1\xB4\xB5\xE1\xB4\xB3\xE1\xB4\xAE\xE1\xB4\xB5\xE1\xB4\xBF"
    "\xE1\xB4\xB0";

// ---- The incident strings -------------------------------------------------

TEST(Incidents, SuperscriptBigbirdIsNeverBigbirdForUserNames) {
  ASSERT_EQ(ToHex(kBigbird).substr(0, 8), "E1 B4 AE");
  for (const std::string& name : kUsernameProfiles) {
    SCOPED_TRACE(name);
    const Profile& p = Builtin(name);
    const Rejection r = RejectionOf(Canonicalize(p, kBigbird));
    EXPECT_EQ(r.rule_id(), "DISALLOWED/has_compat");
    EXPECT_EQ(r.offset, 0u);
    EXPECT_EQ(r.code_point, U'\u1D2E');
    EXPECT_FALSE(Equivalent(p, kBigbird, "bigbird"));
    EXPECT_FALSE(Equivalent(p, kBigbird, "BIGBIRD"));
    EXPECT_FALSE(Enforce(p, kBigbird).ok());
  }
  // A password keeps compatibility characters (FreeformClass allows them,
  // NFC keeps them): the key is not "bigbird" either.
  const Profile& opaque = Builtin("opaque-string");
  EXPECT_EQ(KeyOrRule(opaque, kBigbird), kBigbird);
  EXPECT_FALSE(Equivalent(opaque, kBigbird, "bigbird"));
  // Nickname applies NFKC (RFC 8266 §2.2), which does map it: display names
  // need the skeleton policy of layer 5 against look-alikes.
  EXPECT_EQ(KeyOrRule(Builtin("nickname"), kBigbird), "bigbird");
}

TEST(Incidents, DotlessIIsNotI) {
  for (const char* name :
       {"username-case-mapped", "username-case-preserved", "nickname"}) {
    SCOPED_TRACE(name);
    const Profile& p = Builtin(name);
    EXPECT_EQ(KeyOrRule(p, "m\u0131ke"), "m\u0131ke");
    EXPECT_FALSE(Equivalent(p, "m\u0131ke", "mike"));
    EXPECT_FALSE(Equivalent(p, "M\u0131KE", "mike"));
  }
  EXPECT_TRUE(Equivalent(Builtin("username-case-mapped"), "MIKE", "mike"));
}

TEST(Incidents, KelvinSignIsK) {
  const Profile& mapped = Builtin("username-case-mapped");
  EXPECT_EQ(KeyOrRule(mapped, "\u212Aevin"), "kevin");
  EXPECT_TRUE(Equivalent(mapped, "\u212Aevin", "kevin"));
  EXPECT_TRUE(Equivalent(mapped, "\u212Aevin", "KEVIN"));
  // U+212A's canonical decomposition is K: NFC alone maps it, and case
  // stays significant.
  const Profile& preserved = Builtin("username-case-preserved");
  EXPECT_EQ(KeyOrRule(preserved, "\u212Aevin"), "Kevin");
  EXPECT_FALSE(Equivalent(preserved, "\u212Aevin", "kevin"));
  // Angstrom and Ohm signs likewise.
  EXPECT_EQ(KeyOrRule(mapped, "\u212Bngstr\u00F6m"), "\u00E5ngstr\u00F6m");
  EXPECT_TRUE(Equivalent(mapped, "\u2126m", "\u03C9m"));
}

TEST(Incidents, FullwidthMapsToAscii) {
  const char* kFullAdmin = "\uFF21\uFF24\uFF2D\uFF29\uFF2E";  // ＡＤＭＩＮ
  const Profile& mapped = Builtin("username-case-mapped");
  EXPECT_EQ(KeyOrRule(mapped, kFullAdmin), "admin");
  EXPECT_TRUE(Equivalent(mapped, kFullAdmin, "admin"));
  EXPECT_TRUE(Equivalent(mapped, "ad\uFF2Din", "ADMIN"));
  const Profile& preserved = Builtin("username-case-preserved");
  EXPECT_EQ(KeyOrRule(preserved, kFullAdmin), "ADMIN");
  EXPECT_FALSE(Equivalent(preserved, kFullAdmin, "admin"));
  EXPECT_EQ(KeyOrRule(Builtin("nickname"), kFullAdmin), "admin");
  // Passwords are not width-mapped (RFC 8265 §4.2.1).
  EXPECT_EQ(KeyOrRule(Builtin("opaque-string"), kFullAdmin), kFullAdmin);
}

// Invisible characters inside a credential are rejected, with the caller's
// byte offset and the code point; the rejected string equals nothing.
TEST(Incidents, InvisibleCharactersAreRejectedWhereTheyAre) {
  struct Case {
    std::string input, looks_like;
    size_t offset;
    char32_t cp;
    std::string rule, cp_text;
  };
  const std::vector<Case> cases = {
      {"ad\u00ADmin", "admin", 2, U'\u00AD',
       "DISALLOWED/precis_ignorable_properties", "U+00AD"},
      {"al\u200Bice", "alice", 2, U'\u200B',
       "DISALLOWED/precis_ignorable_properties", "U+200B"},
      {"\uFEFFadmin", "admin", 0, U'\uFEFF', "bom_not_allowed", "U+FEFF"},
      {"ad\uFEFFmin", "admin", 2, U'\uFEFF',
       "DISALLOWED/precis_ignorable_properties", "U+FEFF"},
      {"admin\u2060", "admin", 5, U'\u2060',
       "DISALLOWED/precis_ignorable_properties", "U+2060"},
      {"adm\u200Din", "admin", 3, U'\u200D', "DISALLOWED/zero_width_joiner",
       "U+200D"},
      {"ad\u200Cmin", "admin", 2, U'\u200C', "DISALLOWED/zero_width_nonjoiner",
       "U+200C"},
      {"admin\uFE0F", "admin", 5, U'\uFE0F',
       "DISALLOWED/precis_ignorable_properties", "U+FE0F"},
  };
  for (const std::string& name : kCredentialProfiles) {
    const Profile& p = Builtin(name);
    for (const Case& c : cases) {
      SCOPED_TRACE(name + " [" + ToHex(c.input) + "]");
      const absl::StatusOr<std::string> key = Canonicalize(p, c.input);
      const Rejection r = RejectionOf(key);
      EXPECT_EQ(r.offset, c.offset);
      EXPECT_EQ(r.code_point, c.cp);
      EXPECT_EQ(r.rule_id(), c.rule);
      if (!key.ok()) {
        EXPECT_TRUE(absl::StrContains(key.status().message(), c.cp_text))
            << key.status();
        EXPECT_TRUE(absl::StrContains(key.status().message(),
                                      absl::StrCat("byte ", c.offset)))
            << key.status();
      }
      EXPECT_FALSE(Enforce(p, c.input).ok());
      EXPECT_FALSE(Equivalent(p, c.input, c.looks_like));
      EXPECT_FALSE(Equivalent(p, c.looks_like, c.input));
    }
  }
}

// Offsets are found back through mappings that change lengths.
TEST(Offsets, PointAtTheInputCodePointThroughMappings) {
  const Profile& mapped = Builtin("username-case-mapped");
  // İ lower-cases to two code points (i U+0307), twice; U+00AD is then the
  // fifth code point of the mapped string but starts at input byte 4.
  Rejection r = RejectionOf(Canonicalize(mapped, "\u0130\u0130\u00ADx"));
  EXPECT_EQ(r.offset, 4u);
  EXPECT_EQ(r.code_point, U'\u00AD');
  // e U+0301 composes to one code point.
  r = RejectionOf(Canonicalize(mapped, "e\u0301\u00ADx"));
  EXPECT_EQ(r.offset, 3u);
  // A fullwidth letter is 3 bytes and maps to 1.
  r = RejectionOf(Canonicalize(mapped, "\uFF21\uFF22\u200Bx"));
  EXPECT_EQ(r.offset, 6u);
  // U+3000 is width-mapped to U+0020, which the IdentifierClass refuses;
  // the offset is the U+3000's.
  r = RejectionOf(Canonicalize(mapped, "ab\u3000c"));
  EXPECT_EQ(r.rule_id(), "DISALLOWED/spaces");
  EXPECT_EQ(r.offset, 2u);
}

// The offset is the input's whether or not the mappings changed the text
// before the refused code point (an unchanged text takes a shortcut in the
// pipeline; a changed one searches back through the mapped prefixes).
TEST(Offsets, SameWhetherOrNotTheMappingsChangedTheText) {
  const std::vector<std::string> kept = {"",
                                         "a",
                                         "\u00E9",
                                         "\u65E5\u672C",
                                         "\u0436\u0436",
                                         "\u03B1\u03B2",
                                         "\u0915\u094D\u0937",
                                         "x\u00E9\u65E5"};
  const std::vector<std::string> changed = {
      "A",      "\u00C9", "e\u0301", "\uFF21\uFF22",
      "\u0130", "\u0416", "\u1E9E",  "\u212A"};
  for (const char* name : {"username-case-mapped", "username-case-preserved"}) {
    const Profile& p = Builtin(name);
    for (const std::vector<std::string>* prefixes : {&kept, &changed}) {
      for (const std::string& prefix : *prefixes) {
        for (const auto& [refused, cp] :
             {std::pair<const char*, char32_t>{"\U0001F63F", U'\U0001F63F'},
              {"\u00AD", U'\u00AD'},
              {"\u200B", U'\u200B'}}) {
          const std::string in = prefix + refused + "z";
          const Rejection r = RejectionOf(Canonicalize(p, in));
          EXPECT_EQ(r.offset, prefix.size()) << name << " " << ToHex(in);
          EXPECT_EQ(r.code_point, cp) << name << " " << ToHex(in);
        }
      }
    }
  }
}

// ---- Case mapping: Unicode toLower, never through upper case --------------

TEST(CaseMapping, IsToLowerNeverUpperThenLower) {
  for (const char* name : {"username-case-mapped", "nickname"}) {
    SCOPED_TRACE(name);
    const Profile& p = Builtin(name);
    // ß upper-cases to "SS"; toLower keeps it.
    EXPECT_EQ(KeyOrRule(p, "\u00DF"), "\u00DF");
    EXPECT_EQ(KeyOrRule(p, "stra\u00DFe"), "stra\u00DFe");
    EXPECT_EQ(KeyOrRule(p, "STRA\u1E9EE"), "stra\u00DFe");
    EXPECT_FALSE(Equivalent(p, "stra\u00DFe", "STRASSE"));
    // ᾳ upper-cases to "ΑΙ"; final ς to Σ; ı to I.
    EXPECT_EQ(KeyOrRule(p, "\u1FB3"), "\u1FB3");
    EXPECT_EQ(KeyOrRule(p, "\u03C3\u03B1\u03C2"), "\u03C3\u03B1\u03C2");
    EXPECT_EQ(KeyOrRule(p, "\u0131"), "\u0131");
    // Cherokee: toLower maps U+13A0 to U+AB70 (case folding goes the other
    // way, to U+13A0).
    EXPECT_EQ(KeyOrRule(p, "\u13A0"), "\uAB70");
    EXPECT_EQ(KeyOrRule(p, "\uAB70"), "\uAB70");
  }
  // The titlecase digraph ǅ lower-cases to ǆ, a compatibility character:
  // user names refuse it rather than turn it into "dž"; Nickname's NFKC
  // spells it out.
  EXPECT_EQ(RejectionOf(Canonicalize(Builtin("username-case-mapped"), "\u01C5"))
                .rule_id(),
            "DISALLOWED/has_compat");
  EXPECT_EQ(KeyOrRule(Builtin("nickname"), "\u01C5"), "d\u017E");
  // The case-preserving profile keeps case.
  EXPECT_EQ(KeyOrRule(Builtin("username-case-preserved"), "\u1E9E"), "\u1E9E");
}

// Attack (an outside review): with normalization "none", 24 code points
// that full case folding changes (U+1FBE, U+0390, U+1E96, ...) were folded
// only when another character sent the whole string through ICU, so the
// key of "ß\u1FBE" was "ssι" and that of "ss\u1FBE" stayed as written.
// Every code point is now folded as ICU folds it alone and in context.
TEST(CaseMapping, FoldWithoutNormalizationFoldsEveryCodePoint) {
  Profile fold = Builtin("text-document");
  fold.name = "fold-raw";
  fold.case_mapping = CaseMapping::kFold;
  fold.key_case_mapping = CaseMapping::kFold;
  fold.normalization = NormalizationForm::kNone;
  EXPECT_TRUE(Equivalent(fold, "\u00DF\u1FBE", "ss\u1FBE"));
  EXPECT_EQ(KeyOrRule(fold, "\u1FBE"), "\u03B9");
  int mismatches = 0;
  for (char32_t cp = 0x80; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    if (cp == 0xFEFF) continue;  // a leading BOM is the profile's BOM policy
    std::string in;
    internal::AppendValid(cp, in);
    for (const std::string& s : {in, "x" + in}) {
      absl::StatusOr<std::string> key = Canonicalize(fold, s);
      if (!key.ok()) continue;  // a rule of the profile
      icu::UnicodeString want = icu::UnicodeString::fromUTF8(s);
      want.foldCase();
      std::string want_utf8;
      want.toUTF8String(want_utf8);
      if (*key != want_utf8 && ++mismatches <= 10) {
        ADD_FAILURE() << "U+" << std::hex << static_cast<uint32_t>(cp);
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
}

// Attack (an outside review): under bom = "ignore" the BOM was put back in
// front of the enforced form after its length was checked, so the output
// could exceed max_output_bytes by 3 bytes. It counts now; the key (which
// leaves the BOM out) is unchanged.
TEST(Bom, AKeptBomCountsInTheOutputBound) {
  Profile p = Builtin("username-case-mapped");
  p.name = "kept-bom";
  p.bom = BomPolicy::kIgnore;
  p.max_output_bytes = 5;
  EXPECT_EQ(RejectionOf(Enforce(p,
                                "\xEF\xBB\xBF"
                                "admin"))
                .rule,
            Rule::kTooLong);
  EXPECT_EQ(*Enforce(p,
                     "\xEF\xBB\xBF"
                     "ad"),
            "\xEF\xBB\xBF"
            "ad");
  EXPECT_EQ(*Enforce(p, "admin"), "admin");
  EXPECT_EQ(KeyOrRule(p,
                      "\xEF\xBB\xBF"
                      "admin"),
            "admin");
}

// ICU counts lengths in 32 bits: a profile takes at most 64 MiB, whatever
// its max_input_bytes says (an outside review noted that a 4 GiB input
// would have been case-mapped in part, silently), and a policy file may
// not ask for more.
TEST(Bounds, NoProfileTakesMoreThanTheLimit) {
  Profile p = Builtin("text-document");
  p.name = "huge";
  p.max_input_bytes = std::numeric_limits<size_t>::max();
  p.max_output_bytes = std::numeric_limits<size_t>::max();
  p.max_output_code_points = std::numeric_limits<size_t>::max();
  const std::string big(kMaxInputBytesLimit + 1, 'a');
  const Rejection r = RejectionOf(Canonicalize(p, big));
  EXPECT_EQ(r.rule, Rule::kInputTooLong);
  EXPECT_EQ(r.offset, kMaxInputBytesLimit);
  EXPECT_TRUE(Canonicalize(p, std::string_view(big).substr(1)).ok());
  const std::string policy =
      "name = \"p\"\nbom = \"reject\"\nstring_class = \"freeform\"\n"
      "width_mapping = false\nadditional_mapping = \"none\"\n"
      "case_mapping = \"none\"\nnormalization = \"NFC\"\n"
      "directionality = \"none\"\nmax_input_bytes = ";
  EXPECT_TRUE(ParseProfile(policy + "67108864\n", "p.toml").ok());
  const absl::StatusOr<Profile> over =
      ParseProfile(policy + "67108865\n", "p.toml");
  ASSERT_FALSE(over.ok());
  EXPECT_NE(over.status().message().find("at most 67108864"),
            absl::string_view::npos)
      << over.status();
}

TEST(CaseMapping, CapitalIWithDotIsLocaleIndependent) {
  for (const char* name : {"username-case-mapped", "nickname"}) {
    SCOPED_TRACE(name);
    const Profile& p = Builtin(name);
    EXPECT_EQ(KeyOrRule(p, "\u0130"), "i\u0307");
    EXPECT_EQ(KeyOrRule(p, "\u0130stanbul"), "i\u0307stanbul");
    EXPECT_FALSE(Equivalent(p, "\u0130stanbul", "istanbul"));
    EXPECT_TRUE(Equivalent(p, "ISTANBUL", "istanbul"));  // no Turkic rules
    EXPECT_FALSE(Equivalent(p, "ISTANBUL", "\u0131stanbul"));
  }
}

TEST(CaseMapping, FinalSigma) {
  const Profile& p = Builtin("username-case-mapped");
  EXPECT_EQ(KeyOrRule(p, "\u03A3\u0391\u03A3"), "\u03C3\u03B1\u03C2");
  EXPECT_TRUE(Equivalent(p, "\u039F\u0394\u039F\u03A3",
                         "\u03BF\u03B4\u03BF\u03C2"));  // ΟΔΟΣ, οδος
  EXPECT_TRUE(Equivalent(p, "\u039F\u0394\u038C\u03A3",
                         "\u03BF\u03B4\u03CC\u03C2"));  // ΟΔΌΣ, οδός
  // toLower keeps σ and ς apart (case folding would not).
  EXPECT_FALSE(Equivalent(p, "\u03C3\u03B1\u03C2", "\u03C3\u03B1\u03C3"));
  // A lone capital sigma is not final: σ.
  EXPECT_EQ(KeyOrRule(p, "\u03A3"), "\u03C3");
}

// ---- Normalization ----------------------------------------------------------

TEST(Normalization, CanonicallyEquivalentInputsAreEqual) {
  for (const Profile& p : BuiltinProfiles()) {
    SCOPED_TRACE(p.name);
    const std::vector<std::pair<std::string, std::string>> pairs = {
        {"caf\u00E9", "cafe\u0301"},
        {"a\u0323\u0307", "a\u0307\u0323"},  // marks in either order
        {"\u1EA1\u0307", "a\u0307\u0323"},
        {"\uD55C", "\u1112\u1161\u11AB"},  // Hangul syllable vs jamo
        {"\u00C5", "A\u030A"},
    };
    for (const auto& [a, b] : pairs) {
      if (p.normalization == NormalizationForm::kNone) {
        // The bare string classes do not normalize: different keys (or a
        // rejection).
        EXPECT_FALSE(Equivalent(p, a, b)) << ToHex(a) << " vs " << ToHex(b);
      } else {
        EXPECT_TRUE(Equivalent(p, a, b))
            << ToHex(a) << " -> " << ToHex(KeyOrRule(p, a)) << ", " << ToHex(b)
            << " -> " << ToHex(KeyOrRule(p, b));
      }
    }
  }
}

// ---- Nickname -------------------------------------------------------------

TEST(Nickname, TrimsCollapsesAndLowerCasesOnlyTheKey) {
  const Profile& p = Builtin("nickname");
  EXPECT_EQ(StoredOrRule(p, "  Juliet   Capulet "), "Juliet Capulet");
  EXPECT_EQ(KeyOrRule(p, "  Juliet   Capulet "), "juliet capulet");
  EXPECT_TRUE(Equivalent(p, "  Juliet   Capulet ", "juliet capulet"));
  EXPECT_TRUE(Equivalent(p, "JULIET\u00A0CAPULET", "Juliet Capulet"));
  EXPECT_TRUE(
      Equivalent(p, "\u3000Juliet\u2003\u2003Capulet\u205F", "juliet capulet"));
  EXPECT_EQ(RejectionOf(Canonicalize(p, "   ")).rule_id(), "DISALLOWED/empty");
  EXPECT_EQ(RejectionOf(Canonicalize(p, "\u00A0")).rule_id(),
            "DISALLOWED/empty");
  // Only spaces are trimmed (RFC 8266 §2.2): a tab is a control.
  EXPECT_EQ(RejectionOf(Canonicalize(p, "Juliet\t")).rule_id(),
            "DISALLOWED/controls");
}

// Nickname's stored form (no case mapping, NFKC) and key (toLower, NFKC) are
// each computed from the input, and RFC 8266's rules do not commute: U+03F9
// GREEK CAPITAL LUNATE SIGMA SYMBOL is stored as Σ (NFKC), whose key is σ;
// but toLower gives U+03F2, which NFKC maps to the final ς. precis_i18n
// gives the same three answers. So compare keys of what users typed, or
// store the key: the key of a stored nickname may differ from the key of
// the input it came from. (Found by tests/fuzz/canonicalize_fuzz.cc.)
TEST(Nickname, KeyOfTheStoredFormCanDifferFromTheKeyOfTheInput) {
  const Profile& p = Builtin("nickname");
  EXPECT_EQ(StoredOrRule(p, "\u03F9"), "\u03A3");
  EXPECT_EQ(KeyOrRule(p, "\u03F9"), "\u03C2");
  EXPECT_EQ(KeyOrRule(p, "\u03A3"), "\u03C3");
  EXPECT_FALSE(Equivalent(p, "\u03F9", StoredOrRule(p, "\u03F9")));
  // After a letter, Σ is final too, and the two agree.
  EXPECT_EQ(KeyOrRule(p, "a\u03F9"), "a\u03C2");
  EXPECT_EQ(KeyOrRule(p, StoredOrRule(p, "a\u03F9")), "a\u03C2");
}

// ---- Fail closed ------------------------------------------------------------

TEST(Equivalent, ARejectedInputEqualsNothingNotEvenItself) {
  const std::vector<std::string> inputs = {
      "\xC0\xAE",
      "ab\xED\xA0\x80",
      "\xFF",
      "ad\u00ADmin",
      "\uFEFFadmin",
      "",
      "\x01",
      std::string(5000, 'a'),
      kBigbird,
      "\u05D0"
      "1"
      "a",
      "Juliet\t",
      "\U0001F600",
  };
  for (const Profile& p : BuiltinProfiles()) {
    int rejected = 0;
    for (const std::string& x : inputs) {
      const absl::StatusOr<std::string> key = Canonicalize(p, x);
      const bool self = Equivalent(p, x, x);
      EXPECT_EQ(self, key.ok()) << p.name << " [" << ToHex(x) << "]";
      if (key.ok()) continue;
      ++rejected;
      // Not even to what it would look like without the bad part.
      for (const std::string& y : {std::string("admin"), std::string("ab"),
                                   std::string("a"), std::string(" ")}) {
        EXPECT_FALSE(Equivalent(p, x, y)) << p.name << " " << ToHex(x);
        EXPECT_FALSE(Equivalent(p, y, x)) << p.name << " " << ToHex(x);
      }
    }
    // Invalid UTF-8 is rejected by every profile.
    EXPECT_GE(rejected, 3) << p.name;
  }
}

// ---- Properties of every key, over the whole corpus ----------------------

// The distinct inputs of tests/data/precis_corpus.tsv.
std::vector<std::string> CorpusInputs() {
  std::ifstream in(TestDataPath("precis_corpus.tsv"));
  EXPECT_TRUE(in.good());
  std::set<std::string> seen;
  std::vector<std::string> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f = absl::StrSplit(line, '\t');
    if (f.size() < 2) continue;
    std::string s = f[1] == "\"\"" ? std::string() : FromHex(f[1]);
    if (seen.insert(s).second) out.push_back(std::move(s));
  }
  return out;
}

// The bytes that read back as `out` (a key or a stored form): `out` itself,
// except under the strip BOM policy when `out` starts with EF BB BF (the
// input had two, and only one initial signature is ever stripped, RFC 3629
// §6): reading it again would strip that one too, so it is read with the
// signature the policy expects in front. This is the one way a key is not
// byte-for-byte stable; the test asserts it happens only there.
std::string Reread(const Profile& p, const std::string& out) {
  if (p.bom == BomPolicy::kStrip && out.starts_with(kUtf8Bom)) {
    return std::string(kUtf8Bom) + out;
  }
  return out;
}

TEST(Keys, AreValidNormalizedAndStableOverTheCorpus) {
  std::vector<std::string> inputs = CorpusInputs();
  ASSERT_GE(inputs.size(), 1000u);
  // Inputs the corpus cannot hold (it comes from Python strings).
  for (const char* extra : {"\xEF\xBB\xBF\xEF\xBB\xBFx", "\xEF\xBB\xBF",
                            "a\xC0\xAE", "\xEF\xBB\xBF\xE2\x80\x8B"}) {
    inputs.emplace_back(extra);
  }
  int keys = 0, failures = 0, bom_rereads = 0;
  for (const Profile& p : BuiltinProfiles()) {
    for (const std::string& x : inputs) {
      const absl::StatusOr<std::string> key = Canonicalize(p, x);
      const absl::StatusOr<std::string> stored = Enforce(p, x);
      auto fail = [&](std::string_view what) {
        if (++failures <= 20) {
          ADD_FAILURE() << p.name << " [" << ToHex(x.substr(0, 40))
                        << "]: " << what;
        }
      };
      if (!key.ok()) {
        const std::optional<Rejection> r = GetRejection(key.status());
        if (!r) {
          fail("rejection without a Rejection");
        } else if (r->offset > x.size()) {
          fail("offset past the input");
        }
        if (Equivalent(p, x, x)) fail("rejected input equals itself");
        continue;
      }
      ++keys;
      if (!ValidateUtf8Reference(*key).ok()) fail("key is not valid UTF-8");
      const absl::StatusOr<bool> normalized =
          IsNormalized(p.normalization, *key);
      if (!normalized.ok() || !*normalized) fail("key is not normalized");
      if (Reread(p, *key) != *key) ++bom_rereads;
      if (KeyOrRule(p, Reread(p, *key)) != *key) fail("key is not stable");
      if (!Equivalent(p, x, Reread(p, *key))) {
        fail("input is not equivalent to its key");
      }
      if (stored.ok()) {
        // The stored form has the input's key, and enforcing it again
        // changes nothing. (For Nickname this holds over the corpus but not
        // always: see KeyOfTheStoredFormCanDifferFromTheKeyOfTheInput.)
        if (KeyOrRule(p, Reread(p, *stored)) != *key) {
          fail("stored form has another key");
        }
        if (StoredOrRule(p, Reread(p, *stored)) != *stored) {
          fail("enforce is not stable");
        }
      }
    }
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(keys, 5000);
  // Only EF BB BF EF BB BF x under text-document, the one strip profile.
  EXPECT_EQ(bom_rereads, 1);
  std::cout << keys << " keys checked over " << inputs.size() << " inputs x "
            << BuiltinProfiles().size() << " profiles\n";
}

// ---- BOM and offsets --------------------------------------------------------

TEST(Offsets, CountALeadingBomUnderStrip) {
  const std::string bom(kUtf8Bom);
  const Profile& doc = Builtin("text-document");
  ASSERT_EQ(doc.bom, BomPolicy::kStrip);
  EXPECT_EQ(KeyOrRule(doc, bom + "abc"), "abc");
  Rejection r = RejectionOf(Canonicalize(doc, bom + "ab\xC0\xAE"));
  EXPECT_EQ(r.offset, 5u);
  EXPECT_EQ(r.rule_id(), "utf8/overlong");
  r = RejectionOf(Canonicalize(doc, bom + "\xE2\x82"));
  EXPECT_EQ(r.offset, 3u);
  EXPECT_EQ(r.rule_id(), "utf8/truncated");
  // Only one signature is stripped; the second U+FEFF is text.
  EXPECT_EQ(KeyOrRule(doc, bom + bom + "x"), bom + "x");

  // A user-name profile with the strip policy: PRECIS offsets count it too.
  Profile strip = Builtin("username-case-mapped");
  strip.bom = BomPolicy::kStrip;
  EXPECT_EQ(KeyOrRule(strip, bom + "Admin"), "admin");
  r = RejectionOf(Canonicalize(strip, bom + "ad\u00ADmin"));
  EXPECT_EQ(r.offset, 5u);
  EXPECT_EQ(r.code_point, U'\u00AD');
  r = RejectionOf(Canonicalize(strip, bom + "a\x01"));
  EXPECT_EQ(r.offset, 4u);
  EXPECT_EQ(r.rule_id(), "DISALLOWED/controls");
  // A second BOM is U+FEFF, disallowed, at offset 3.
  r = RejectionOf(Canonicalize(strip, bom + bom + "x"));
  EXPECT_EQ(r.offset, 3u);
  EXPECT_EQ(r.rule_id(), "DISALLOWED/precis_ignorable_properties");

  // Ignore: kept in the stored form, left out of the key.
  Profile ignore = Builtin("username-case-mapped");
  ignore.bom = BomPolicy::kIgnore;
  EXPECT_EQ(KeyOrRule(ignore, bom + "Admin"), "admin");
  EXPECT_EQ(StoredOrRule(ignore, bom + "Admin"), bom + "admin");
  EXPECT_TRUE(Equivalent(ignore, bom + "Admin", "admin"));
  r = RejectionOf(Canonicalize(ignore, bom + "al\u200Bice"));
  EXPECT_EQ(r.offset, 5u);

  // Literal: the BOM is U+FEFF at offset 0.
  r = RejectionOf(Canonicalize(Builtin("identifier-class"), bom + "x"));
  EXPECT_EQ(r.offset, 0u);
  EXPECT_EQ(r.rule_id(), "DISALLOWED/precis_ignorable_properties");
}

// ---- Strict UTF-8 -----------------------------------------------------------

TEST(Utf8, InvalidInputIsRejectedWithKindAndOffsetByEveryProfile) {
  struct Case {
    std::string input;
    size_t offset;
    std::string rule, bytes;
  };
  const std::vector<Case> cases = {
      {"\xC0\xAE", 0, "utf8/overlong", "C0 AE"},
      {"/\xC0\xAE./", 1, "utf8/overlong", "C0 AE"},
      {"\xE0\x80\xAF", 0, "utf8/overlong", "E0 80 AF"},
      {"ab\xED\xA0\x80", 2, "utf8/surrogate", "ED A0 80"},
      {"abc\xE2\x82", 3, "utf8/truncated", "E2 82"},
      {"\xF0\x9F\x98", 0, "utf8/truncated", "F0 9F 98"},
      {"a\x80", 1, "utf8/unexpected_continuation", "80"},
      {"a\xFF", 1, "utf8/invalid_byte", "FF"},
      {"\xF4\x90\x80\x80", 0, "utf8/above_max", "F4 90 80 80"},
      {"\xE2\x28\xA1", 0, "utf8/missing_continuation", "E2"},
      {"\u00E9\xC3", 2, "utf8/truncated", "C3"},
      {"\uFF21\xC1\x81", 3, "utf8/overlong", "C1 81"},
  };
  for (const Profile& p : BuiltinProfiles()) {
    for (const Case& c : cases) {
      SCOPED_TRACE(p.name + " [" + ToHex(c.input) + "]");
      for (bool key : {true, false}) {
        const absl::StatusOr<std::string> got =
            key ? Canonicalize(p, c.input) : Enforce(p, c.input);
        const Rejection r = RejectionOf(got);
        EXPECT_EQ(r.rule_id(), c.rule);
        EXPECT_EQ(r.offset, c.offset);
        EXPECT_EQ(r.code_point, std::nullopt);
        if (!got.ok()) {
          EXPECT_TRUE(absl::StrContains(got.status().message(), c.bytes))
              << got.status();
        }
      }
    }
  }
}

// ---- Length bounds ----------------------------------------------------------

TEST(Bounds, HugeInputIsRejectedBeforeAnyWork) {
  for (const Profile& p : BuiltinProfiles()) {
    SCOPED_TRACE(p.name);
    // Invalid UTF-8 at byte 0: the length check comes first.
    std::string huge(p.max_input_bytes + 1, 'a');
    huge[0] = '\xC0';
    const Rejection r = RejectionOf(Canonicalize(p, huge));
    EXPECT_EQ(r.rule_id(), "input_too_long");
    EXPECT_EQ(r.offset, p.max_input_bytes);  // the first byte past the bound
    EXPECT_EQ(RejectionOf(Enforce(p, huge)).rule_id(), "input_too_long");
  }
  const Profile& user = Builtin("username-case-mapped");
  EXPECT_EQ(RejectionOf(Canonicalize(user, std::string(5000, 'a'))).rule_id(),
            "input_too_long");
}

TEST(Bounds, OutputBoundsApplyToTheMappedString) {
  const Profile& mapped = Builtin("username-case-mapped");
  const Profile& preserved = Builtin("username-case-preserved");
  ASSERT_EQ(mapped.max_output_code_points, 256u);
  EXPECT_TRUE(Canonicalize(mapped, std::string(256, 'a')).ok());
  EXPECT_EQ(RejectionOf(Canonicalize(mapped, std::string(257, 'a'))).rule_id(),
            "too_long");
  EXPECT_EQ(RejectionOf(Canonicalize(mapped, std::string(300, 'a'))).rule_id(),
            "too_long");
  // 300 code points that are not ASCII take the general path: same rule.
  std::string e300;
  for (int i = 0; i < 300; ++i) e300 += "\u00E9";
  EXPECT_EQ(RejectionOf(Canonicalize(mapped, e300)).rule_id(), "too_long");
  // 200 x İ is 200 code points, 400 once lower-cased (i U+0307).
  std::string dotted;
  for (int i = 0; i < 200; ++i) dotted += "\u0130";
  EXPECT_TRUE(Canonicalize(preserved, dotted).ok());
  EXPECT_EQ(RejectionOf(Canonicalize(mapped, dotted)).rule_id(), "too_long");
  // 200 x U+FF41 is 600 bytes of input, 200 bytes once width-mapped.
  std::string wide;
  for (int i = 0; i < 200; ++i) wide += "\uFF41";
  EXPECT_EQ(KeyOrRule(mapped, wide), std::string(200, 'a'));
  // Opaque strings: 1024 bytes of output.
  const Profile& opaque = Builtin("opaque-string");
  EXPECT_TRUE(Canonicalize(opaque, std::string(1024, 'x')).ok());
  EXPECT_EQ(RejectionOf(Canonicalize(opaque, std::string(1025, 'x'))).rule_id(),
            "too_long");
}

// ---- ASCII fast path vs general path ----------------------------------------

TEST(FastPath, AsciiAndNonAsciiSpellingsAgree) {
  const Profile& mapped = Builtin("username-case-mapped");
  const Profile& preserved = Builtin("username-case-preserved");
  const char* kFullAdmin = "\uFF21\uFF24\uFF2D\uFF29\uFF2E";
  EXPECT_EQ(KeyOrRule(mapped, kFullAdmin), KeyOrRule(mapped, "ADMIN"));
  EXPECT_EQ(KeyOrRule(preserved, kFullAdmin), KeyOrRule(preserved, "ADMIN"));
  EXPECT_EQ(KeyOrRule(mapped, "\u212Aevin"), KeyOrRule(mapped, "Kevin"));
  EXPECT_EQ(KeyOrRule(Builtin("nickname"), "\u00A0Juliet\u2003"),
            KeyOrRule(Builtin("nickname"), " Juliet "));
  // The same rejection whichever path finds it.
  const Rejection ascii = RejectionOf(Canonicalize(mapped, "a b"));
  const Rejection ideographic = RejectionOf(Canonicalize(mapped, "a\u3000b"));
  EXPECT_EQ(ascii.rule_id(), ideographic.rule_id());
  EXPECT_EQ(ascii.offset, ideographic.offset);
}

// For ASCII s, the general path (forced by appending é, U+00E9: PVALID in
// every class, unchanged by toLower, NFC and NFKC, composing with nothing
// before it, not right-to-left) must agree with the fast path: s + "é" has
// the key of s followed by "é", or the same rejection. Exception, by
// predicate: under Nickname's trimming, trailing spaces of s are not
// trailing in s + "é", so those strings legitimately differ.
void ExpectFastPathAgrees(const Profile& p, const std::string& s, int& compared,
                          int& mismatches) {
  const bool trims = p.additional_mapping == SpaceMapping::kToAsciiTrimCollapse;
  if (trims && !s.empty() && s.back() == ' ') return;
  const std::string e = "\u00E9";
  for (bool key : {true, false}) {
    const absl::StatusOr<std::string> fast =
        key ? Canonicalize(p, s) : Enforce(p, s);
    const absl::StatusOr<std::string> general =
        key ? Canonicalize(p, s + e) : Enforce(p, s + e);
    ++compared;
    std::string problem;
    if (fast.ok()) {
      if (!general.ok()) {
        problem = "general path rejects: " + general.status().ToString();
      } else if (*general != *fast + e) {
        problem = "keys [" + ToHex(*fast) + "] vs [" + ToHex(*general) + "]";
      }
    } else {
      const std::optional<Rejection> a = GetRejection(fast.status());
      const std::optional<Rejection> b = GetRejection(general.status());
      if (general.ok()) {
        problem = "fast path rejects (" + fast.status().ToString() +
                  "), general accepts";
      } else if (!a || !b || !(*a == *b)) {
        problem = "rejections differ: " + fast.status().ToString() + " vs " +
                  general.status().ToString();
      }
    }
    if (!problem.empty() && ++mismatches <= 10) {
      ADD_FAILURE() << p.name << (key ? " canon" : " enforce") << " ["
                    << ToHex(s) << "]: " << problem;
    }
  }
}

TEST(FastPath, EveryShortAsciiStringAgreesWithTheGeneralPath) {
  int compared = 0, mismatches = 0;
  for (const Profile& p : BuiltinProfiles()) {
    for (int a = 0; a < 128; ++a) {
      ExpectFastPathAgrees(p, std::string(1, static_cast<char>(a)), compared,
                           mismatches);
      for (int b = 0; b < 128; ++b) {
        const std::string s = {static_cast<char>(a), static_cast<char>(b)};
        ExpectFastPathAgrees(p, s, compared, mismatches);
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
  EXPECT_GT(compared, 8 * 2 * 16000);
}

TEST(FastPath, RandomAsciiStringsAgreeWithTheGeneralPath) {
  std::mt19937 rng(20240515);  // fixed seed: reproducible
  std::uniform_int_distribution<int> length(1, 20), kind(0, 9),
      printable(0x20, 0x7E), any(0, 127), upper('A', 'Z');
  std::vector<std::string> strings;
  for (int i = 0; i < 4000; ++i) {
    std::string s;
    const int n = length(rng);
    for (int j = 0; j < n; ++j) {
      const int k = kind(rng);
      s.push_back(static_cast<char>(k < 6   ? printable(rng)
                                    : k < 7 ? ' '
                                    : k < 9 ? upper(rng)
                                            : any(rng)));
    }
    strings.push_back(std::move(s));
  }
  int compared = 0, mismatches = 0;
  for (const Profile& p : BuiltinProfiles()) {
    for (const std::string& s : strings) {
      ExpectFastPathAgrees(p, s, compared, mismatches);
    }
  }
  EXPECT_EQ(mismatches, 0);
  EXPECT_GT(compared, 8 * 2 * 3000);
}

}  // namespace
}  // namespace u8guard
