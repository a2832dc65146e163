// SPDX-License-Identifier: Apache-2.0
// The incidents an ACL must survive (modifier letters that NFKC turns into
// another account's name, dotless i, the Kelvin sign, fullwidth and
// invisible characters, Turkish I, a Cyrillic a), each through the key, an
// AllowList and, where it applies, a DenyList and the audit. Expected keys
// come from the Unicode Character Database (cited per case), not from the
// code under test.

#include <unicode/uloc.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "u8guard/acl.h"
#include "u8guard/match.h"
#include "u8guard/normalize.h"
#include "u8guard/profile.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

const Profile& P(std::string_view name) {
  absl::StatusOr<const Profile*> p = FindBuiltinProfile(name);
  EXPECT_TRUE(p.ok()) << p.status();
  return **p;
}

const Profile& Mapped() { return P("username-case-mapped"); }
const Profile& Preserved() { return P("username-case-preserved"); }

const char* const kUsernameProfiles[] = {"username-case-mapped",
                                         "username-case-preserved"};

AllowList Allow(const Profile& p, std::vector<std::string> entries) {
  absl::StatusOr<AllowList> a = AllowList::Build(p, entries);
  EXPECT_TRUE(a.ok()) << a.status();
  return *std::move(a);
}

DenyList Deny(const Profile& p, std::vector<std::string> entries) {
  absl::StatusOr<DenyList> d = DenyList::Build(p, entries);
  EXPECT_TRUE(d.ok()) << d.status();
  return *std::move(d);
}

// The incident of "ᴮᴵᴳᴮᴵᴿᴰ": NFKC (or a case map applied after it) turns
// the modifier letters into "BIGBIRD", so a service that canonicalizes
// twice lets a new account take over "bigbird". The username profiles use
// NFC, and PRECIS IdentifierClass disallows the modifier letters (they have
// compatibility decompositions: HasCompat, RFC 8264 §9.17).
TEST(AclIncidents, BigbirdModifierLettersNeverCollideWithBigbird) {
  const std::string spoof =
      "\xE1\xB4\xAE\xE1\xB4\xB5\xE1\xB4\xB3\xE1\xB4\xAE\xE1\xB4\xB5\xE1\xB4"
      "\xBF\xE1\xB4\xB0";  // U+1D2E U+1D35 U+1D33 U+1D2E U+1D35 U+1D3F U+1D30
  for (const char* name : kUsernameProfiles) {
    SCOPED_TRACE(name);
    const Profile& p = P(name);
    EXPECT_FALSE(Equivalent(p, spoof, "bigbird"));
    EXPECT_FALSE(Equivalent(p, spoof, "BIGBIRD"));
    const absl::Status s = Canonicalize(p, spoof).status();
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(GetRejection(s)->rule_id(), "DISALLOWED/has_compat");

    const AllowList allow = Allow(p, {"bigbird"});
    EXPECT_FALSE(allow.Grants(spoof));
    EXPECT_FALSE(allow.Grants(spoof).status.ok());
    // Registered the other way round, the spoof is an invalid entry.
    const AllowList spoofed = Allow(p, {spoof});
    EXPECT_EQ(spoofed.index().size(), 0u);
    ASSERT_EQ(spoofed.index().invalid_entries().size(), 1u);
    EXPECT_FALSE(spoofed.Grants("bigbird"));
  }
  // Listed difference: Nickname (RFC 8266) applies NFKC by design, so there
  // the two collide; that is why nicknames must never be account keys.
  EXPECT_TRUE(Equivalent(P("nickname"), spoof, "bigbird"));
}

// Upper-casing is not an inverse of lower-casing: "ı" (U+0131 LATIN SMALL
// LETTER DOTLESS I) upper-cases to "I", which lower-cases to "i". A key made
// by upper-casing would make "mıke" log in as "mike".
TEST(AclIncidents, DotlessIMikeIsNotMike) {
  const std::string dotless = "m\xC4\xB1ke";
  for (const char* name : kUsernameProfiles) {
    SCOPED_TRACE(name);
    const Profile& p = P(name);
    EXPECT_FALSE(Equivalent(p, dotless, "mike"));
    EXPECT_EQ(*Canonicalize(p, dotless), dotless);
    const AllowList allow = Allow(p, {"mike"});
    EXPECT_FALSE(allow.Grants(dotless));
    EXPECT_TRUE(allow.Grants(dotless).status.ok());  // valid, just different
    EXPECT_TRUE(allow.Grants("mike"));
  }
  EXPECT_TRUE(Allow(Mapped(), {"mike"}).Grants("MIKE"));
  // It does look like "mike": the deny list says so.
  EXPECT_TRUE(Deny(Mapped(), {"mike"}).Resembles(dotless));
}

std::string Utf16ToUtf8(const std::u16string& s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    UChar32 c;
    U16_NEXT(s.data(), i, s.size(), c);
    AppendUtf8(static_cast<char32_t>(c), out);
  }
  return out;
}

// ICU's root-locale full case mappings of one code point, in UTF-8.
std::string IcuCase(char32_t cp, bool upper) {
  std::u16string in;
  if (cp > 0xFFFF) {
    in += static_cast<char16_t>(U16_LEAD(cp));
    in += static_cast<char16_t>(U16_TRAIL(cp));
  } else {
    in += static_cast<char16_t>(cp);
  }
  char16_t buf[16];
  UErrorCode status = U_ZERO_ERROR;
  const int32_t n =
      upper ? u_strToUpper(buf, 16, in.data(), in.size(), "", &status)
            : u_strToLower(buf, 16, in.data(), in.size(), "", &status);
  EXPECT_TRUE(U_SUCCESS(status));
  return Utf16ToUtf8(std::u16string(buf, n));
}

std::string IcuLower(std::string_view utf8) {
  std::string out;
  for (char32_t cp : Utf8CodePoints(utf8)) out += IcuCase(cp, false);
  return out;
}

// No key ever comes from upper-casing: for every code point the profile
// accepts, if lower(upper(c)) differs from lower(c) (ı, ς, ß, ...), the key
// is not lower(upper(c)) (nor its NFC).
TEST(AclIncidents, NoKeyComesFromUpperCasing) {
  const Profile& p = Mapped();
  int distinguishing = 0;
  for (char32_t cp = 0x80; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    std::string s;
    AppendUtf8(cp, s);
    absl::StatusOr<std::string> key = Canonicalize(p, s);
    if (!key.ok()) continue;
    // Compared in NFC, as keys are: "ǰ" upper-cases to "J" U+030C, which
    // lower-cases back to "ǰ" in NFC: no difference there.
    const std::string via_upper =
        *Normalize(NormalizationForm::kNfc, IcuLower(IcuCase(cp, true)));
    const std::string via_lower =
        *Normalize(NormalizationForm::kNfc, IcuCase(cp, false));
    if (via_upper == via_lower) continue;
    ++distinguishing;
    ASSERT_NE(*key, via_upper) << "U+" << std::hex << static_cast<int>(cp);
  }
  // The sweep met the known cases: ı, ς, ß and more.
  EXPECT_GT(distinguishing, 3);
  EXPECT_FALSE(Equivalent(p,
                          "stra\xC3\x9F"
                          "e",
                          "strasse"));                  // ß
  EXPECT_FALSE(Equivalent(p, "\xCF\x82", "\xCF\x83"));  // ς σ
  EXPECT_TRUE(Equivalent(p, "\xCE\xA3", "\xCF\x83"));   // Σ σ
}

// U+212A KELVIN SIGN: its canonical decomposition is U+004B "K"
// (UnicodeData.txt), and its lower case is U+006B "k".
TEST(AclIncidents, KelvinSignKevin) {
  const std::string kelvin =
      "\xE2\x84\xAA"
      "evin";
  EXPECT_EQ(*Canonicalize(Mapped(), kelvin), "kevin");
  EXPECT_TRUE(Equivalent(Mapped(), kelvin, "kevin"));
  const AllowList allow = Allow(Mapped(), {"alice", "kevin"});
  const AclLookup r = allow.Grants(kelvin);
  ASSERT_TRUE(r);
  EXPECT_EQ(r.match->original, "kevin");
  EXPECT_EQ(r.match->index, 1u);
  // Case preserved: NFC still turns the sign into "K".
  EXPECT_TRUE(Equivalent(Preserved(), kelvin, "Kevin"));
  EXPECT_FALSE(Equivalent(Preserved(), kelvin, "kevin"));
}

// Fullwidth forms map to their <wide> decompositions (RFC 8265 §3.3.1).
TEST(AclIncidents, FullwidthAdmin) {
  const std::string fullwidth =
      "\xEF\xBC\xA1\xEF\xBC\xA4\xEF\xBC\xAD\xEF\xBC\xA9\xEF\xBC\xAE";
  EXPECT_TRUE(Equivalent(Mapped(), fullwidth, "admin"));
  EXPECT_TRUE(Allow(Mapped(), {"admin"}).Grants(fullwidth));
  EXPECT_FALSE(Equivalent(Preserved(), fullwidth, "admin"));
  EXPECT_TRUE(Equivalent(Preserved(), fullwidth, "ADMIN"));
  EXPECT_FALSE(Allow(Preserved(), {"admin"}).Grants(fullwidth));
  // In a file, the fullwidth duplicate is a collision.
  absl::StatusOr<AclIndex> index =
      AclIndex::Parse(Mapped(), "admin\n" + fullwidth + "\n", AclMode::kExact);
  ASSERT_TRUE(index.ok());
  absl::StatusOr<AclAudit> audit = AuditAcl(*index);
  ASSERT_TRUE(audit.ok());
  ASSERT_EQ(audit->findings.size(), 1u);
  EXPECT_EQ(audit->findings[0].kind, AclFindingKind::kCollision);
  EXPECT_EQ(audit->findings[0].line, 2u);
  EXPECT_EQ(audit->findings[0].other_line, 1u);
  EXPECT_EQ(audit->findings[0].key, "admin");
}

// Invisible characters: U+00AD SOFT HYPHEN and U+200B ZERO WIDTH SPACE are
// Default_Ignorable (PRECIS: DISALLOWED), U+FEFF at the start is a BOM the
// user-name profiles reject (RFC 8265 mandates UTF-8, RFC 3629 §6).
TEST(AclIncidents, InvisibleCharactersNeverMatch) {
  struct Case {
    std::string spoof, target, rule;
  };
  const Case cases[] = {
      {"ad\xC2\xAD"
       "min",
       "admin", "DISALLOWED/precis_ignorable_properties"},
      {"al\xE2\x80\x8B"
       "ice",
       "alice", "DISALLOWED/precis_ignorable_properties"},
      {"\xEF\xBB\xBF"
       "admin",
       "admin", "bom_not_allowed"},
  };
  for (const char* name : kUsernameProfiles) {
    const Profile& p = P(name);
    for (const Case& c : cases) {
      SCOPED_TRACE(std::string(name) + " " + c.rule + " " + c.target);
      EXPECT_FALSE(Equivalent(p, c.spoof, c.target));
      // As a credential: rejected, no match.
      const AllowList allow = Allow(p, {"admin", "alice"});
      const AclLookup r = allow.Grants(c.spoof);
      EXPECT_FALSE(r);
      ASSERT_FALSE(r.status.ok());
      EXPECT_EQ(GetRejection(r.status)->rule_id(), c.rule);
      // As an entry in a file (not on line 1, where EF BB BF is the file's
      // signature): invalid in the audit, and it grants nothing.
      const std::string text = "bob\n" + c.spoof + "\n";
      absl::StatusOr<AllowList> file = AllowList::Parse(p, text);
      ASSERT_TRUE(file.ok());
      EXPECT_FALSE(file->Grants(c.target));
      ASSERT_EQ(file->index().invalid_entries().size(), 1u);
      EXPECT_EQ(file->index().invalid_entries()[0].line, 2u);
      EXPECT_EQ(file->index().invalid_entries()[0].rejection.rule_id(), c.rule);
      absl::StatusOr<AclAudit> audit = AuditAcl(file->index());
      ASSERT_TRUE(audit.ok());
      bool invalid_found = false;
      for (const AclFinding& f : audit->findings) {
        invalid_found |= f.kind == AclFindingKind::kInvalid && f.line == 2;
      }
      EXPECT_TRUE(invalid_found);
    }
  }
  // Listed behaviour: on line 1, EF BB BF is the file's signature and is
  // removed (the file was saved with a BOM); the entry is then "admin".
  absl::StatusOr<AllowList> signed_file = AllowList::Parse(Mapped(),
                                                           "\xEF\xBB\xBF"
                                                           "admin\n");
  ASSERT_TRUE(signed_file.ok());
  EXPECT_TRUE(signed_file->index().file_signature());
  EXPECT_TRUE(signed_file->Grants("admin"));
}

// "é" precomposed (U+00E9) and decomposed (U+0065 U+0301) are canonically
// equivalent (UAX #15): NFC makes one key of both.
TEST(AclIncidents, DecomposedAndPrecomposedE) {
  const std::string pre = "jos\xC3\xA9", de = "jose\xCC\x81";
  for (const char* name : kUsernameProfiles) {
    SCOPED_TRACE(name);
    const Profile& p = P(name);
    EXPECT_TRUE(Equivalent(p, pre, de));
    EXPECT_EQ(*Canonicalize(p, de), pre);
    EXPECT_TRUE(Allow(p, {pre}).Grants(de));
    EXPECT_TRUE(Allow(p, {de}).Grants(pre));
  }
}

// U+0130 LATIN CAPITAL LETTER I WITH DOT ABOVE lower-cases to "i" U+0307
// (SpecialCasing.txt, the unconditional mapping); the Turkic "i" is only for
// the tr/az locales, which a key must never depend on.
TEST(AclIncidents, TurkishDottedCapitalIIsLocaleIndependent) {
  const std::string istanbul = "\xC4\xB0stanbul";
  const std::string expected = "i\xCC\x87stanbul";
  const std::string before = *Canonicalize(Mapped(), istanbul);
  EXPECT_EQ(before, expected);
  const std::string default_locale = uloc_getDefault();
  UErrorCode status = U_ZERO_ERROR;
  uloc_setDefault("tr_TR", &status);
  ASSERT_TRUE(U_SUCCESS(status));
  const std::string turkish = *Canonicalize(Mapped(), istanbul);
  const AllowList allow = Allow(Mapped(), {"istanbul", "\xC4\xB1stanbul"});
  const bool granted = static_cast<bool>(allow.Grants(istanbul));
  uloc_setDefault(default_locale.c_str(), &status);
  EXPECT_EQ(turkish, expected);
  EXPECT_FALSE(granted);  // neither "istanbul" nor "ıstanbul"
  EXPECT_TRUE(Allow(Mapped(), {expected}).Grants(istanbul));
}

// "pаypal" with U+0430 CYRILLIC SMALL LETTER A: a look-alike of "paypal"
// (confusables.txt maps U+0430 to U+0061), which the deny list catches and
// the allow list never accepts, in either direction.
TEST(AclIncidents, CyrillicPaypalResemblesButNeverGrants) {
  const std::string cyrillic = "p\xD0\xB0ypal";
  for (const char* name : kUsernameProfiles) {
    SCOPED_TRACE(name);
    const Profile& p = P(name);
    const DenyList deny = Deny(p, {"bank", "paypal"});
    const AclLookup r = deny.Resembles(cyrillic);
    ASSERT_TRUE(r);
    EXPECT_EQ(r.match->original, "paypal");
    EXPECT_EQ(r.match->index, 1u);
    EXPECT_FALSE(Allow(p, {"bank", "paypal"}).Grants(cyrillic));
    EXPECT_FALSE(Allow(p, {cyrillic}).Grants("paypal"));
    EXPECT_TRUE(Allow(p, {cyrillic}).Grants(cyrillic));
  }
  // "rn" looks like "m" (confusables.txt: 006D -> 0072 006E).
  EXPECT_TRUE(Deny(Mapped(), {"modern"}).Resembles("rnodern"));
  EXPECT_FALSE(Allow(Mapped(), {"modern"}).Grants("rnodern"));
  EXPECT_EQ(*ConfusableSkeleton(Mapped(), "m"),
            *ConfusableSkeleton(Mapped(), "rn"));
}

// The property behind the last test, over every code point the profile
// accepts that looks like an ASCII letter: a word with one letter replaced
// by its look-alike resembles the word in the deny list and is never
// granted by the allow list.
TEST(AclIncidents, LookalikesOfEveryLetterNeverGrant) {
  const Profile& p = Mapped();
  const std::vector<std::string> words = {"paypal",   "admin", "root",
                                          "operator", "xyzzy", "jquery"};
  const AllowList allow = Allow(p, words);
  const DenyList deny = Deny(p, words);
  std::string letters;
  for (const std::string& w : words) letters += w;
  int tried = 0;
  for (char32_t cp = 0x80; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    std::string c;
    AppendUtf8(cp, c);
    absl::StatusOr<std::string> sk = ConfusableSkeleton(p, c);
    if (!sk.ok() || sk->size() != 1) continue;
    const size_t at = letters.find((*sk)[0]);
    if (at == std::string::npos || *Canonicalize(p, c) == *sk) continue;
    // Replace that letter in the word it came from.
    size_t offset = at;
    for (const std::string& w : words) {
      if (offset >= w.size()) {
        offset -= w.size();
        continue;
      }
      std::string spoof = w;
      spoof.replace(offset, 1, c);
      if (!Canonicalize(p, spoof).ok()) break;  // e.g. context rules
      ++tried;
      ASSERT_FALSE(allow.Grants(spoof)) << spoof;
      const AclLookup r = deny.Resembles(spoof);
      ASSERT_TRUE(r) << spoof;
      EXPECT_EQ(r.match->original, w) << spoof;
      break;
    }
  }
  EXPECT_GT(tried, 20);  // Cyrillic, Greek, Armenian, math letters...
}

}  // namespace
}  // namespace u8guard
