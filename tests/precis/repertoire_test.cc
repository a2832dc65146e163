// SPDX-License-Identifier: Apache-2.0
// RFC 9839 §4's repertoires as profiles (unicode-scalars, xml-characters,
// unicode-assignables): every code point to U+10FFFF against the RFC's
// ABNF ranges, written here as the RFC writes them, and against ICU's
// properties; the rejection's rule, offset and code point; the string kept
// as it is; the policy file's key.

#include <unicode/uchar.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "src/utf8/decode_valid.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"
#include "u8guard/rule.h"

namespace u8guard {
namespace {

struct Range {
  char32_t first, last;
};

bool InRanges(std::initializer_list<Range> ranges, char32_t cp) {
  for (const Range& r : ranges) {
    if (cp >= r.first && cp <= r.last) return true;
  }
  return false;
}

// RFC 9839 §4.2, xml-character.
bool RfcXmlCharacter(char32_t cp) {
  return InRanges({{0x9, 0x9},
                   {0xA, 0xA},
                   {0xD, 0xD},
                   {0x20, 0xD7FF},
                   {0xE000, 0xFFFD},
                   {0x10000, 0x10FFFF}},
                  cp);
}

// RFC 9839 §4.3, unicode-assignable.
bool RfcUnicodeAssignable(char32_t cp) {
  if (InRanges({{0x9, 0x9},
                {0xA, 0xA},
                {0xD, 0xD},
                {0x20, 0x7E},
                {0xA0, 0xD7FF},
                {0xE000, 0xFDCF},
                {0xFDF0, 0xFFFD}},
               cp)) {
    return true;
  }
  // %x10000-1FFFD / %x20000-2FFFD / ... / %x100000-10FFFD
  return cp >= 0x10000 && cp <= 0x10FFFF && (cp & 0xFFFF) <= 0xFFFD;
}

// The same subset from ICU's properties, as RFC 9839 §4.3's prose defines
// it: no legacy control (General_Category Cc but TAB, LF, CR), no
// noncharacter (Noncharacter_Code_Point), no surrogate.
bool IcuUnicodeAssignable(char32_t cp) {
  const auto c = static_cast<UChar32>(cp);
  const bool useful = cp == 0x9 || cp == 0xA || cp == 0xD;
  return !(u_charType(c) == U_CONTROL_CHAR && !useful) &&
         !u_hasBinaryProperty(c, UCHAR_NONCHARACTER_CODE_POINT) &&
         u_charType(c) != U_SURROGATE;
}

const Profile& Builtin(std::string_view name) {
  const absl::StatusOr<const Profile*> p = FindBuiltinProfile(name);
  EXPECT_TRUE(p.ok()) << p.status();
  return **p;
}

bool IsSurrogate(char32_t cp) { return cp >= 0xD800 && cp <= 0xDFFF; }

TEST(Repertoire, TheRfcRangesAreIcusProperties) {
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (IsSurrogate(cp)) continue;
    ASSERT_EQ(RfcUnicodeAssignable(cp), IcuUnicodeAssignable(cp))
        << std::hex << static_cast<uint32_t>(cp);
  }
}

// Every scalar value, alone and after "ab", under each profile: accepted as
// it is exactly when the RFC's ranges hold it; otherwise rejected at byte
// 2, naming it, with the rule of why.
TEST(Repertoire, EveryCodePointAsTheRfcSays) {
  struct Case {
    const char* profile;
    bool (*in)(char32_t);
  };
  const Case cases[] = {
      {"unicode-scalars", [](char32_t) { return true; }},
      {"xml-characters", &RfcXmlCharacter},
      {"unicode-assignables", &RfcUnicodeAssignable},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.profile);
    const Profile& profile = Builtin(c.profile);
    size_t accepted = 0;
    std::string text;
    for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
      if (IsSurrogate(cp)) continue;
      text = "ab";
      internal::AppendValid(cp, text);
      const absl::StatusOr<std::string> key = Canonicalize(profile, text);
      if (c.in(cp)) {
        ASSERT_TRUE(key.ok())
            << std::hex << static_cast<uint32_t>(cp) << " " << key.status();
        ASSERT_EQ(*key, text);
        ++accepted;
        continue;
      }
      ASSERT_FALSE(key.ok()) << std::hex << static_cast<uint32_t>(cp);
      const std::optional<Rejection> r = GetRejection(key.status());
      ASSERT_TRUE(r.has_value()) << key.status();
      EXPECT_EQ(r->offset, 2u);
      EXPECT_EQ(r->code_point, std::optional<char32_t>(cp));
      EXPECT_EQ(r->rule, u_charType(static_cast<UChar32>(cp)) == U_CONTROL_CHAR
                             ? Rule::kRepertoireControl
                             : Rule::kRepertoireNoncharacter)
          << std::hex << static_cast<uint32_t>(cp);
    }
    // Scalars: 0x110000 - 0x800 surrogates. XML: less 29 C0 controls and 2
    // noncharacters. Assignables: less 65 controls and 66 noncharacters.
    const size_t scalars = 0x110000 - 0x800;
    const size_t expected = std::string_view(c.profile) == "unicode-scalars"
                                ? scalars
                            : std::string_view(c.profile) == "xml-characters"
                                ? scalars - 29 - 2
                                : scalars - 65 + 3 - 66;
    EXPECT_EQ(accepted, expected);
  }
}

TEST(Repertoire, SurrogatesAreNotUtf8) {
  for (const char* name :
       {"unicode-scalars", "xml-characters", "unicode-assignables"}) {
    const absl::StatusOr<std::string> key =
        Canonicalize(Builtin(name), "x\xED\xA0\x80");
    ASSERT_FALSE(key.ok()) << name;
    EXPECT_EQ(GetRejection(key.status())->rule, Rule::kUtf8Surrogate);
    EXPECT_EQ(GetRejection(key.status())->offset, 1u);
  }
}

TEST(Repertoire, KeepsTheStringAsItIs) {
  // A BOM, decomposed and compatibility forms, capitals, empty.
  for (const std::string& s : {std::string("\xEF\xBB\xBF"
                                           "A\xEF\xBC\xA1"
                                           "e\xCC\x81\t\r\n"),
                               std::string()}) {
    for (const char* name :
         {"unicode-scalars", "xml-characters", "unicode-assignables"}) {
      EXPECT_EQ(*Enforce(Builtin(name), s), s) << name;
      EXPECT_EQ(*Canonicalize(Builtin(name), s), s) << name;
    }
  }
  // Unassigned code points are assignable (U+0378 is unassigned).
  EXPECT_TRUE(Canonicalize(Builtin("unicode-assignables"), "\xCD\xB8").ok());
  // The first offending code point is the one named, after a good one.
  const absl::StatusOr<std::string> bad =
      Canonicalize(Builtin("xml-characters"), "\xC2\x85\x01\x02");
  EXPECT_EQ(GetRejection(bad.status())->offset, 2u);
  EXPECT_EQ(GetRejection(bad.status())->code_point, U'\x01');
}

TEST(Repertoire, PolicyFilesNameIt) {
  EXPECT_EQ(Builtin("xml-characters").repertoire, Repertoire::kXmlCharacters);
  EXPECT_EQ(Builtin("username-case-mapped").repertoire, Repertoire::kAny);
  for (const Repertoire r :
       {Repertoire::kAny, Repertoire::kUnicodeScalars,
        Repertoire::kXmlCharacters, Repertoire::kUnicodeAssignables}) {
    EXPECT_EQ(*ParseRepertoire(RepertoireName(r)), r);
  }
  EXPECT_FALSE(ParseRepertoire("xml-characters").ok());
  // A repertoire under other rules: the nickname's, with assignables only.
  std::string toml = R"(name = "nick-assignable"
bom = "reject"
string_class = "freeform"
width_mapping = false
additional_mapping = "to_ascii_trim_collapse"
case_mapping = "none"
key_case_mapping = "lower"
normalization = "NFKC"
directionality = "none"
repertoire = "unicode_assignables"
)";
  const absl::StatusOr<Profile> p = ParseProfile(toml, "nick.toml");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(*Canonicalize(*p, "  Bob  "), "bob");
  const absl::StatusOr<std::string> nonchar =
      Canonicalize(*p, "Bob\xEF\xBF\xBE");
  EXPECT_EQ(GetRejection(nonchar.status())->rule,
            Rule::kRepertoireNoncharacter);
  EXPECT_EQ(GetRejection(nonchar.status())->offset, 3u);
  const absl::StatusOr<Profile> wrong =
      ParseProfile(absl::StrCat(toml.substr(0, toml.find("repertoire")),
                                "repertoire = \"xml\"\n"),
                   "nick.toml");
  EXPECT_FALSE(wrong.ok());
}

}  // namespace
}  // namespace u8guard
