// SPDX-License-Identifier: Apache-2.0
// ProfileKeepsAsIs (src/precis/pipeline.h), the shortcut that lets the
// profile rules and the path sanitizer skip every mapping, ICU call and
// class check: whenever it says a profile keeps a text as it is, ICU's own
// normalizer and case mappers, the ICU-derived PRECIS property (not the
// table) and the other rules must agree, for every code point under every
// built-in profile. And where a rule does change or reject the text, it
// must not say so. Also the pipeline's other shortcut, the string class
// checked in the mapping pass: whatever it accepts, the ICU-derived
// property and the context rules allow, on every code point in context.

#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "src/precis/pipeline.h"
#include "src/unicode/code_point_facts.h"
#include "src/unicode/mapping_table.h"
#include "src/unicode/precis_context.h"
#include "src/unicode/precis_property.h"
#include "src/utf8/decode_valid.h"
#include "tests/test_support.h"
#include "u8guard/profile.h"
#include "u8guard/utf8.h"

namespace u8guard::internal {
namespace {

bool Keeps(const Profile& p, CaseMapping cm, std::string_view text) {
  return ProfileKeepsAsIs(p, cm, text,
                          ScanCodePoints(text, p.max_non_starters));
}

const icu::Normalizer2* IcuForm(NormalizationForm form) {
  UErrorCode err = U_ZERO_ERROR;
  switch (form) {
    case NormalizationForm::kNfc:
      return icu::Normalizer2::getNFCInstance(err);
    case NormalizationForm::kNfkc:
      return icu::Normalizer2::getNFKCInstance(err);
    case NormalizationForm::kNfd:
      return icu::Normalizer2::getNFDInstance(err);
    case NormalizationForm::kNfkd:
      return icu::Normalizer2::getNFKDInstance(err);
    case NormalizationForm::kNfkcCasefold:
      return icu::Normalizer2::getNFKCCasefoldInstance(err);
    default:
      return nullptr;
  }
}

// Why ICU, or a rule of `p`, would not keep the single code point `cp` as
// it is under `cm`; "" when every rule keeps it.
std::string WhyNotKept(const Profile& p, CaseMapping cm, UChar32 cp) {
  const icu::UnicodeString s(cp);
  if (p.normalization != NormalizationForm::kNone) {
    UErrorCode err = U_ZERO_ERROR;
    const icu::Normalizer2* n = IcuForm(p.normalization);
    if (n == nullptr || n->normalize(s, err) != s || U_FAILURE(err)) {
      return "normalization changes it";
    }
  }
  if (cm == CaseMapping::kLower &&
      icu::UnicodeString(s).toLower(icu::Locale::getRoot()) != s) {
    return "lower-casing changes it";
  }
  if (cm == CaseMapping::kFold && icu::UnicodeString(s).foldCase() != s) {
    return "case folding changes it";
  }
  const int dt = u_getIntPropertyValue(cp, UCHAR_DECOMPOSITION_TYPE);
  if (p.width_mapping && (dt == U_DT_WIDE || dt == U_DT_NARROW)) {
    return "width mapping changes it";
  }
  if (p.additional_mapping != SpaceMapping::kNone &&
      u_charType(cp) == U_SPACE_SEPARATOR) {
    return "space mapping changes it";
  }
  const UCharDirection dir = u_charDirection(cp);
  if (p.directionality == Directionality::kBidiRule &&
      (dir == U_RIGHT_TO_LEFT || dir == U_RIGHT_TO_LEFT_ARABIC ||
       dir == U_ARABIC_NUMBER)) {
    return "right-to-left under the Bidi Rule";
  }
  const PrecisProperty prop =
      DerivePrecisProperty(static_cast<char32_t>(cp)).property;
  const bool allowed = p.string_class == StringClass::kAnyText ||
                       prop == PrecisProperty::kPvalid ||
                       (p.string_class == StringClass::kFreeform &&
                        prop == PrecisProperty::kFreePval);
  if (!allowed) return "the string class does not allow it without context";
  return "";
}

TEST(ProfileKeepsAsIs, AgreesWithIcuOnEveryCodePointUnderEveryProfile) {
  for (const Profile& p : BuiltinProfiles()) {
    for (const CaseMapping cm : {p.case_mapping, p.key_case_mapping}) {
      size_t kept = 0;
      int bad = 0;
      for (UChar32 cp = 0x80; cp <= 0x10FFFF; ++cp) {
        if (cp >= 0xD800 && cp <= 0xDFFF) continue;
        std::string text;
        ASSERT_TRUE(AppendUtf8(static_cast<char32_t>(cp), text));
        if (!Keeps(p, cm, text)) continue;
        ++kept;
        std::string why = WhyNotKept(p, cm, cp);
        if (why.empty()) {
          // What the rules themselves return.
          std::string out;
          const Verdict v = RunProfile(p, cm, text, out);
          if (!v.ok()) {
            why = "RunProfile rejects it";
          } else if (out != text) {
            why = "RunProfile changes it";
          }
        }
        if (!why.empty() && ++bad <= 10) {
          ADD_FAILURE() << absl::StrFormat("%s: U+%04X kept, but %s", p.name,
                                           static_cast<uint32_t>(cp), why);
        }
      }
      EXPECT_EQ(bad, 0) << p.name;
      // Letters such as U+00E9 are kept by every profile but those that
      // case-map them or any-text ones with bounds; the count shows the
      // shortcut is taken at all.
      EXPECT_GT(kept, 1000u) << p.name;
    }
  }
}

// The converse, on texts that a rule changes or rejects: never "kept".
TEST(ProfileKeepsAsIs, NotWhereARuleChangesOrRejectsTheText) {
  const Profile& mapped = **FindBuiltinProfile("username-case-mapped");
  const Profile& preserved = **FindBuiltinProfile("username-case-preserved");
  const Profile& nickname = **FindBuiltinProfile("nickname");
  const Profile& segment = **FindBuiltinProfile("path-segment");
  const CaseMapping key = mapped.key_case_mapping;
  EXPECT_TRUE(Keeps(mapped, key, "\u00e9t\u00e9"));
  EXPECT_TRUE(Keeps(segment, segment.key_case_mapping, "\u65e5\u672c.txt"));
  // Case mapping: a non-ASCII upper-case letter, or an ASCII one.
  EXPECT_FALSE(Keeps(mapped, key, "\u00c9t\u00e9"));
  EXPECT_FALSE(Keeps(mapped, key, "\u00e9T"));
  EXPECT_TRUE(Keeps(preserved, CaseMapping::kNone, "\u00c9T"));
  // Width mapping, NFC, the Bidi Rule, a context rule, a disallowed space.
  EXPECT_FALSE(Keeps(preserved, CaseMapping::kNone, "\uff41\u00e9"));
  EXPECT_FALSE(Keeps(segment, CaseMapping::kNone, "e\u0301"));
  EXPECT_FALSE(Keeps(segment, CaseMapping::kNone, "\u1f71"));
  EXPECT_FALSE(Keeps(preserved, CaseMapping::kNone, "\u05d0\u05d1"));
  EXPECT_FALSE(Keeps(preserved, CaseMapping::kNone, "a\u200db\u00e9"));
  EXPECT_FALSE(Keeps(preserved, CaseMapping::kNone, "\u00e9 a"));
  // Nickname trims and collapses spaces, and maps non-ASCII spaces.
  EXPECT_TRUE(Keeps(nickname, CaseMapping::kNone, "\u00e9a"));
  EXPECT_FALSE(Keeps(nickname, nickname.key_case_mapping, "\u00e9 a"));
  EXPECT_FALSE(Keeps(nickname, CaseMapping::kNone, "\u00e9\u3000a"));
  // A BOM (which the BOM policy decides about), the bounds, and a run of
  // marks past the Stream-Safe bound.
  EXPECT_FALSE(Keeps(segment, CaseMapping::kNone, "\ufeff\u00e9"));
  EXPECT_FALSE(Keeps(segment, CaseMapping::kNone,
                     std::string(segment.max_output_bytes, 'a') + "\u00e9"));
  EXPECT_FALSE(Keeps(mapped, key, ""));
  std::string marks = "a";
  for (size_t i = 0; i <= mapped.max_non_starters; ++i) marks += "\u0301";
  const CodePointFacts facts = ScanCodePoints(marks, mapped.max_non_starters);
  EXPECT_EQ(facts.stream_unsafe_at, 1 + 2 * mapped.max_non_starters);
  EXPECT_FALSE(ProfileKeepsAsIs(mapped, key, marks, facts));
}

// The combined table ScanCodePoints reads is the mapping flags and the
// PRECIS property of their own tables, for every code point; and its
// kFactsNfkcKeepsOrSwaps bit holds, by ICU's own answers, for every code
// point that has it: NFKC-stable, or NFKC makes it one code point that is
// neither ASCII nor a C1 control, is in NFKC with combining class 0 (and
// so composes with nothing before it) and is not default ignorable.
TEST(CodePointFactsTable, IsTheMappingFlagsThePrecisPropertyAndNfkcSwaps) {
  const CodePointTable<uint32_t>& facts = CodePointFactsTable();
  UErrorCode err = U_ZERO_ERROR;
  const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(err);
  ASSERT_TRUE(U_SUCCESS(err));
  int wrong = 0, swaps = 0;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    const uint32_t got = facts.Get(cp);
    const uint32_t want = uint32_t{MappingFlagsOf(cp)} |
                          (static_cast<uint32_t>(PrecisPropertyOf(cp).property)
                           << kFactsPropertyShift);
    if ((got & ~kFactsNfkcKeepsOrSwaps) != want && ++wrong <= 5) {
      ADD_FAILURE() << absl::StrFormat("U+%04X: %08X, want %08X",
                                       static_cast<uint32_t>(cp), got, want);
    }
    if (!(got & kFactsNfkcKeepsOrSwaps) || (want & kNfkcStable)) continue;
    ++swaps;
    const icu::UnicodeString form =
        nfkc->normalize(icu::UnicodeString(static_cast<UChar32>(cp)), err);
    const UChar32 t = form.char32At(0);
    const bool ok = U_SUCCESS(err) && form.countChar32() == 1 && t >= 0xA0 &&
                    nfkc->quickCheck(form, err) == UNORM_YES &&
                    u_getCombiningClass(t) == 0 &&
                    !u_hasBinaryProperty(t, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
    if (!ok && ++wrong <= 5) {
      ADD_FAILURE() << absl::StrFormat("U+%04X is marked as swapped by NFKC",
                                       static_cast<uint32_t>(cp));
    }
  }
  EXPECT_EQ(wrong, 0);
  EXPECT_GT(swaps, 1000);  // U+03D0, the mathematical alphanumerics...
  EXPECT_TRUE(facts.Get(0x03D0) & kFactsNfkcKeepsOrSwaps);
  EXPECT_FALSE(facts.Get(0xFF0E) & kFactsNfkcKeepsOrSwaps);  // to '.'
  EXPECT_TRUE(facts.Get(0x2126) & kFactsNfkcKeepsOrSwaps);   // to U+03A9
  EXPECT_FALSE(facts.Get(0x0301) & kFactsNfkcKeepsOrSwaps);  // a mark
}

// The number of code points of valid UTF-8 `s`.
size_t CodePointCount(std::string_view s) {
  size_t n = 0;
  for (const char c : s) n += (static_cast<uint8_t>(c) & 0xC0) != 0x80;
  return n;
}

// Why the string class of `p` would refuse the code points of an accepted
// output `out`, from the ICU-derived property (not the table) and the
// context rules; "" when it allows every one.
std::string WhyClassRefuses(const Profile& p, std::string_view out) {
  std::u32string cps;
  for (const char* it = out.data(); it < out.data() + out.size();) {
    cps.push_back(DecodeValid(it));
  }
  const PrecisClass cls = p.string_class == StringClass::kIdentifier
                              ? PrecisClass::kIdentifier
                              : PrecisClass::kFreeform;
  for (size_t i = 0; i < cps.size(); ++i) {
    const ClassVerdict v =
        ClassifyInStringClass(cls, DerivePrecisProperty(cps[i]).property);
    if (v == ClassVerdict::kAllowed) continue;
    if (v == ClassVerdict::kNeedsContext && !ContextRuleViolation(cps, i)) {
      continue;
    }
    return absl::StrFormat("U+%04X at %d", static_cast<uint32_t>(cps[i]), i);
  }
  return "";
}

// The mapping pass notes each output code point's property (and the
// ASCII it cannot vouch for), and the class check is skipped when all are
// allowed. Every code point between an ASCII letter that is kept (a run)
// and one that the case mapping may change (and, in FreeformClass, spaces
// to trim and collapse), under every built-in profile
// with a string class: an accepted result holds only code points its class
// allows, and the result's length in code points is the one the bounds
// were checked against.
TEST(StringClass, CheckedInTheMappingPassAllowsOnlyWhatTheClassAllows) {
  for (const Profile& p : BuiltinProfiles()) {
    if (p.string_class == StringClass::kAnyText) continue;
    for (const CaseMapping cm : {p.case_mapping, p.key_case_mapping}) {
      size_t accepted = 0, refused = 0;
      int bad = 0;
      std::string text, out;
      for (UChar32 cp = 0; cp <= 0x10FFFF; ++cp) {
        if (cp >= 0xD800 && cp <= 0xDFFF) continue;
        if (!::u8guard::testing::SampledUnderSanitizer(static_cast<size_t>(cp),
                                                       61)) {
          continue;
        }
        // FreeformClass allows spaces: some for Nickname to trim.
        const bool spaces = p.string_class == StringClass::kFreeform;
        text = spaces ? " x" : "x";
        ASSERT_TRUE(AppendUtf8(static_cast<char32_t>(cp), text));
        text += spaces ? "Y  z " : "Yz";
        const Verdict v = RunProfile(p, cm, text, out);
        if (!v.ok()) {
          ++refused;
          continue;
        }
        ++accepted;
        std::string why = WhyClassRefuses(p, out);
        if (why.empty() && CodePointCount(out) >
                               static_cast<size_t>(p.max_output_code_points)) {
          why = "longer than the bound";
        }
        if (!why.empty() && ++bad <= 10) {
          ADD_FAILURE() << absl::StrFormat(
              "%s: U+%04X accepted, but the class refuses %s", p.name,
              static_cast<uint32_t>(cp), why);
        }
      }
      EXPECT_EQ(bad, 0) << p.name;
      // Both answers are given: letters are accepted, symbols or controls
      // refused (or, in FreeformClass, spaces accepted).
      EXPECT_GT(accepted, 1000u) << p.name;
      EXPECT_GT(refused, 1000u) << p.name;
    }
  }
}

// The length in code points the mapping pass counts: a profile whose bound
// is the result's length accepts it, one code point less refuses it as too
// long, whichever path (kept ASCII runs, mapped or trimmed code points)
// made the result.
TEST(StringClass, CountedInTheMappingPassAsTheResultIsLong) {
  const std::vector<std::string> texts = {
      "abc",           "ABC def",           "  a  b  ",
      "\u00C9t\u00E9", "x\u3000y",          "\uFF21bc",
      "\u0130i",       "caf\u00E9 au lait", "\u0391\u03B2\u0393",
      "ab  CD",        "a \u00E9",          "\u00E9  b"};
  for (const Profile& builtin : BuiltinProfiles()) {
    for (const std::string& text : texts) {
      std::string out;
      if (!RunProfile(builtin, builtin.key_case_mapping, text, out).ok()) {
        continue;
      }
      const size_t n = CodePointCount(out);
      Profile p = builtin;
      p.max_output_code_points = n;
      EXPECT_TRUE(RunProfile(p, p.key_case_mapping, text, out).ok())
          << p.name << " " << text;
      p.max_output_code_points = n - 1;
      const Verdict v = RunProfile(p, p.key_case_mapping, text, out);
      ASSERT_NE(v.rejection(), nullptr) << p.name << " " << text;
      EXPECT_EQ(v.rejection()->rule, Rule::kTooLong) << p.name << " " << text;
    }
  }
}

}  // namespace
}  // namespace u8guard::internal
