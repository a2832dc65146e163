// SPDX-License-Identifier: Apache-2.0
// UTS #39 bidi skeletons: VisualOrderInto against ICU's bidi algorithm on
// every scalar value, alone and between letters of both directions; the
// skeleton in visual order against ICU 74's uspoof_getBidiSkeletonUTF8
// where the ICU has it (./dev test-icu), or against ICU 72's bidi algorithm
// and skeleton composed by hand; then the policy: look-alike keys in an
// order, and a registry that refuses the names one paragraph direction
// shows alike.

#include <unicode/uchar.h>
#include <unicode/uspoof.h>
#include <unicode/uvernum.h>

#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "src/confusables/skeleton.h"
#include "src/confusables/skeleton_table.h"
#include "src/confusables/visual_order.h"
#include "src/utf8/decode_valid.h"
#include "tests/test_support.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"
#include "u8guard/registration.h"
#include "u8guard/skeleton.h"

namespace u8guard {
namespace {

using internal::AppendValid;
using ::u8guard::testing::SampledUnderSanitizer;

constexpr SkeletonOrder kDirections[] = {SkeletonOrder::kLtr,
                                         SkeletonOrder::kRtl};

std::string Utf8(std::u32string_view cps) {
  std::string out;
  for (const char32_t cp : cps) AppendValid(cp, out);
  return out;
}

bool IsScalar(char32_t cp) { return cp < 0xD800 || cp > 0xDFFF; }

std::string Visual(std::string_view s, SkeletonOrder order) {
  std::string out;
  const absl::Status st = internal::VisualOrderInto(s, order, out);
  EXPECT_TRUE(st.ok()) << st;
  return out;
}

std::string IcuVisual(std::string_view s, SkeletonOrder order) {
  std::string out;
  const absl::Status st = internal::IcuVisualOrderInto(s, order, out);
  EXPECT_TRUE(st.ok()) << st;
  return out;
}

// u8guard's bidi skeleton as ICU defines it: the visual order, then
// u8guard's own skeleton engine (without SkeletonInto's dropped dots).
std::string EngineBidiSkeleton(std::string_view s, SkeletonOrder order) {
  std::string out;
  const absl::Status st =
      internal::SkeletonTable::Get()->AppendSkeleton(Visual(s, order), out);
  EXPECT_TRUE(st.ok()) << st;
  return out;
}

// The oracle: ICU's own bidi skeleton where it has one (ICU 74 and later),
// else ICU's bidi algorithm followed by ICU's skeleton.
std::string IcuBidiSkeleton(std::string_view s, SkeletonOrder order) {
#if U_ICU_VERSION_MAJOR_NUM >= 74
  static USpoofChecker* const checker = [] {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker* sc = uspoof_open(&status);
    EXPECT_TRUE(U_SUCCESS(status)) << u_errorName(status);
    return sc;
  }();
  // Sized by a first call (a prototype can be many times its code point:
  // U+FDFA's is 18 letters and spaces).
  std::string out;
  const UBiDiDirection direction =
      order == SkeletonOrder::kRtl ? UBIDI_RTL : UBIDI_LTR;
  UErrorCode status = U_ZERO_ERROR;
  int32_t n = uspoof_getBidiSkeletonUTF8(checker, direction, s.data(),
                                         static_cast<int32_t>(s.size()),
                                         nullptr, 0, &status);
  if (status == U_BUFFER_OVERFLOW_ERROR) {
    out.resize(static_cast<size_t>(n));
    status = U_ZERO_ERROR;
    n = uspoof_getBidiSkeletonUTF8(checker, direction, s.data(),
                                   static_cast<int32_t>(s.size()), out.data(),
                                   n, &status);
  }
  EXPECT_TRUE(U_SUCCESS(status)) << u_errorName(status);
  out.resize(static_cast<size_t>(n));
  return out;
#else
  std::string out;
  const absl::Status st = internal::IcuSkeletonInto(IcuVisual(s, order), out);
  EXPECT_TRUE(st.ok()) << st;
  return out;
#endif
}

// A text before and after the code point under test.
using Context = std::pair<std::u32string, std::u32string>;

// Calls check(text, order, cp) for every scalar value cp between each
// context's two sides, in both paragraph directions; stops at the first
// false.
template <typename Check>
void ForEveryScalarBetween(const std::vector<Context>& contexts, Check check) {
  size_t context = 0;
  for (const SkeletonOrder order : kDirections) {
    for (const auto& [before, after] : contexts) {
      ++context;
      for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
        // Under a sanitizer, a quarter, another quarter in each context.
        if (!IsScalar(cp) || !SampledUnderSanitizer(cp + context, 4)) continue;
        if (!check(Utf8(before + cp + after), order, cp)) return;
      }
    }
  }
}

TEST(VisualOrder, EveryScalarAloneAndBetweenLettersOfBothDirections) {
  // Between Latin letters, Hebrew letters, Arabic letters, and after a
  // digit: the shortcut's classes (AN, R, AL, the controls, neutrals at an
  // end) in every context that can move them.
  size_t moved = 0, checked = 0;
  ForEveryScalarBetween(
      {{U"", U""},
       {U"a", U"b"},
       {U"\u05D0", U"\u05D1"},
       {U"\u0628", U"1"},
       {U"1", U"\u05D0"},
       {U"a", U""},
       {U"", U"\u05D0"}},
      [&](const std::string& text, SkeletonOrder order, char32_t cp) {
        const std::string ours = Visual(text, order);
        const std::string icu = IcuVisual(text, order);
        EXPECT_EQ(ours, icu) << "U+" << std::hex << static_cast<uint32_t>(cp);
        moved += icu != text;
        ++checked;
        return ours == icu;
      });
  // The contexts do move text: the comparison is not of copies only.
  EXPECT_GT(moved, checked / 20);
}

TEST(VisualOrder, LogicalIsACopyAndAsciiStaysInLtr) {
  const std::string s = "a(b)<c>1.2-x";
  EXPECT_EQ(Visual(s, SkeletonOrder::kLogical), s);
  EXPECT_EQ(Visual(s, SkeletonOrder::kLtr), s);
  // A right-to-left paragraph moves the neutrals at the end to the left:
  // "abc!" shows as "!abc", and "(" at the end is mirrored.
  EXPECT_EQ(Visual("abc!", SkeletonOrder::kRtl), "!abc");
  EXPECT_EQ(Visual("abc(", SkeletonOrder::kRtl), ")abc");
  // Letters and digits only: in place in both directions.
  EXPECT_EQ(Visual("bob42", SkeletonOrder::kRtl), "bob42");
}

TEST(BidiSkeleton, EqualsIcuOnEveryScalarBetweenLetters) {
  ForEveryScalarBetween(
      {{U"", U""},
       {U"A1", U"\u05E9\u05C2"},
       {U"\u05D0", U"\u05D1"},
       {U"\u0627", U"\u0661"}},
      [](const std::string& text, SkeletonOrder order, char32_t cp) {
        const std::string ours = EngineBidiSkeleton(text, order);
        const std::string icu = IcuBidiSkeleton(text, order);
        EXPECT_EQ(ours, icu) << "U+" << std::hex << static_cast<uint32_t>(cp);
        return ours == icu;
      });
}

TEST(BidiSkeleton, EqualsIcuOnRandomMixesOfEveryBidiClass) {
  // Code points of each bidi class that reorders or mirrors, with marks:
  // Latin, Hebrew, Arabic letters, European and Arabic digits, separators,
  // brackets, marks, the explicit controls and isolates.
  const std::u32string pool =
      U"aAlI1\u0627\u0628\u05D0\u05D1\u05E9\u05C2\u0301\u0316\u064B"
      U"0123\u0660\u0661\u06F1\u0966-+.,:/#$%()[]{}<>\u00AB\u00BB\u2039"
      U"\u203A \u200D\u200C\u200E\u200F\u061C\u202A\u202B\u202C\u202D"
      U"\u202E\u2066\u2067\u2068\u2069\u2264\u2265";
  std::mt19937_64 rng(39);
  std::uniform_int_distribution<size_t> pick(0, pool.size() - 1);
  std::uniform_int_distribution<size_t> length(1, 12);
  for (int i = 0; i < 200000; ++i) {
    std::u32string s;
    for (size_t n = length(rng); n > 0; --n) s += pool[pick(rng)];
    const std::string text = Utf8(s);
    for (const SkeletonOrder order : kDirections) {
      ASSERT_EQ(EngineBidiSkeleton(text, order), IcuBidiSkeleton(text, order))
          << text;
    }
  }
}

TEST(BidiSkeleton, IcusOwnExample) {
  // ICU's test of uspoof_getBidiSkeleton: "A1<" and Hebrew shin with a sin
  // dot, in a left-to-right paragraph.
  EXPECT_EQ(EngineBidiSkeleton("A1<\u05E9\u05C2", SkeletonOrder::kLtr),
            "Al<\u05E9\u0307");
}

TEST(BidiSkeleton, PublicFunctionReadsTheKeyInOrder) {
  absl::StatusOr<const Profile*> nickname = FindBuiltinProfile("nickname");
  ASSERT_TRUE(nickname.ok()) << nickname.status();
  // A left-to-right page shows Hebrew alef then "1" as "1" then alef: two
  // names, one look.
  const std::string alef_one = "\u05D01", one_alef = "1\u05D0";
  const auto skeleton = [&](SkeletonOrder order, const std::string& s) {
    absl::StatusOr<std::string> k = BidiSkeleton(**nickname, order, s);
    EXPECT_TRUE(k.ok()) << k.status();
    return k.value_or("");
  };
  EXPECT_EQ(skeleton(SkeletonOrder::kLtr, alef_one),
            skeleton(SkeletonOrder::kLtr, one_alef));
  EXPECT_NE(skeleton(SkeletonOrder::kLogical, alef_one),
            skeleton(SkeletonOrder::kLogical, one_alef));
  EXPECT_NE(skeleton(SkeletonOrder::kRtl, alef_one),
            skeleton(SkeletonOrder::kRtl, one_alef));
  // Logical is ConfusableSkeleton, and a key without right-to-left
  // characters has one skeleton in logical and left-to-right order.
  for (const std::string s : {"Paypal", "r00t", "\u0440\u0430ypal", "i\u0307x",
                              "\u05D0\u05D1\u05D2"}) {
    EXPECT_EQ(skeleton(SkeletonOrder::kLogical, s),
              ConfusableSkeleton(**nickname, s).value_or("?"));
  }
  for (const std::string s : {"Paypal", "r00t", "\u0440\u0430ypal"}) {
    EXPECT_EQ(skeleton(SkeletonOrder::kLtr, s),
              skeleton(SkeletonOrder::kLogical, s));
  }
  // The profile's rejection comes first.
  EXPECT_FALSE(BidiSkeleton(**nickname, SkeletonOrder::kLtr, "a\x80").ok());
}

TEST(SkeletonOrder, Names) {
  for (const SkeletonOrder order :
       {SkeletonOrder::kLogical, SkeletonOrder::kLtr, SkeletonOrder::kRtl}) {
    EXPECT_EQ(ParseSkeletonOrder(SkeletonOrderName(order)).value(), order);
  }
  const absl::StatusOr<SkeletonOrder> bad = ParseSkeletonOrder("LTR");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("logical"), std::string::npos)
      << bad.status();
}

TEST(SkeletonOrder, LookalikeKeysAreTheKeysOfTheVisualOrder) {
  absl::StatusOr<const Profile*> nickname = FindBuiltinProfile("nickname");
  ASSERT_TRUE(nickname.ok()) << nickname.status();
  for (const std::string s :
       {"\u05D01", "1\u05D0", "\u05D0 (\u05D1)", "Admin \u05D0", "paypal"}) {
    for (const SkeletonOrder order : kDirections) {
      absl::StatusOr<std::string> key = Canonicalize(**nickname, s);
      ASSERT_TRUE(key.ok()) << key.status();
      internal::LookalikeSkeletons of_visual;
      ASSERT_TRUE(
          internal::LookalikeSkeletonsInto(Visual(*key, order), of_visual)
              .ok());
      absl::StatusOr<std::vector<std::string>> keys =
          LookalikeSkeletons(**nickname, s, order);
      ASSERT_TRUE(keys.ok()) << keys.status();
      EXPECT_EQ(*keys,
                std::vector<std::string>(of_visual.skeleton,
                                         of_visual.skeleton + of_visual.size))
          << s;
      // The first is the bidi skeleton.
      EXPECT_EQ(keys->front(), BidiSkeleton(**nickname, order, s).value());
    }
  }
}

TEST(SkeletonOrder, RegistryRefusesWhatTheChosenDirectionShowsAlike) {
  absl::StatusOr<const Profile*> nickname = FindBuiltinProfile("nickname");
  ASSERT_TRUE(nickname.ok()) << nickname.status();
  const auto decide = [&](SkeletonOrder order) {
    RegistrationPolicy policy = DefaultRegistrationPolicy();
    policy.skeleton_order = order;
    Registry registry(**nickname, policy);
    EXPECT_TRUE(registry.Add("\u05D01").ok());
    absl::StatusOr<RegistrationDecision> d = registry.Decide("1\u05D0");
    EXPECT_TRUE(d.ok()) << d.status();
    return d.ok() ? d->outcome : RegistrationOutcome::kRejected;
  };
  EXPECT_EQ(decide(SkeletonOrder::kLogical), RegistrationOutcome::kAccepted);
  EXPECT_EQ(decide(SkeletonOrder::kLtr), RegistrationOutcome::kLookalike);
  EXPECT_EQ(decide(SkeletonOrder::kRtl), RegistrationOutcome::kAccepted);
}

// A key is never compared with a look-alike key: under a bidi order the
// look-alike keys come from the visual order, and the key of a word is the
// visual order of the word reversed, which a page shows reversed, not
// alike. Every Arabic and Hebrew word of three letters from one set, and
// its reversal, in each order: the registry refuses exactly the pairs
// whose look-alike keys meet.
TEST(SkeletonOrder, KeysMeetKeysAndLookalikeKeysMeetLookalikeKeys) {
  absl::StatusOr<const Profile*> nickname = FindBuiltinProfile("nickname");
  ASSERT_TRUE(nickname.ok()) << nickname.status();
  const std::u32string letters = U"\u0642\u0628\u0637\u05D0\u05D1\u05D3";
  size_t pairs = 0;
  for (const SkeletonOrder order :
       {SkeletonOrder::kLogical, SkeletonOrder::kLtr, SkeletonOrder::kRtl}) {
    RegistrationPolicy policy = DefaultRegistrationPolicy();
    policy.protected_names.clear();
    policy.max_restriction_level = RestrictionLevel::kUnrestrictive;
    policy.skeleton_order = order;
    for (const char32_t a : letters) {
      for (const char32_t b : letters) {
        for (const char32_t c : letters) {
          if (a == c) continue;  // a palindrome is its own reversal
          const std::string word = Utf8(std::u32string{a, b, c});
          const std::string reversed = Utf8(std::u32string{c, b, a});
          Registry registry(**nickname, policy);
          ASSERT_TRUE(registry.Add(word).ok());
          absl::StatusOr<RegistrationDecision> d = registry.Decide(reversed);
          ASSERT_TRUE(d.ok()) << d.status();
          const std::vector<std::string> mine =
              *LookalikeSkeletons(**nickname, word, order);
          const std::vector<std::string> theirs =
              *LookalikeSkeletons(**nickname, reversed, order);
          bool share = false;
          for (const std::string& k : mine) {
            for (const std::string& l : theirs) share |= k == l;
          }
          EXPECT_EQ(d->outcome, share ? RegistrationOutcome::kLookalike
                                      : RegistrationOutcome::kAccepted)
              << word << " then " << reversed << " in "
              << SkeletonOrderName(order);
          ++pairs;
        }
      }
    }
  }
  EXPECT_EQ(pairs, 3u * 6 * 6 * 5);
}

// "1" after and before a Hebrew word: one look on a left-to-right page.
TEST(SkeletonOrder, DigitBeforeAndAfterAWordLookAlikeLeftToRight) {
  absl::StatusOr<const Profile*> nickname = FindBuiltinProfile("nickname");
  ASSERT_TRUE(nickname.ok()) << nickname.status();
  for (const SkeletonOrder order :
       {SkeletonOrder::kLogical, SkeletonOrder::kLtr, SkeletonOrder::kRtl}) {
    RegistrationPolicy policy = DefaultRegistrationPolicy();
    policy.skeleton_order = order;
    Registry registry(**nickname, policy);
    ASSERT_TRUE(registry.Add("\u05D0\u05D0\u05D1\u05D31").ok());
    absl::StatusOr<RegistrationDecision> d =
        registry.Decide("1\u05D0\u05D0\u05D1\u05D3");
    ASSERT_TRUE(d.ok()) << d.status();
    EXPECT_EQ(d->outcome, order == SkeletonOrder::kLtr
                              ? RegistrationOutcome::kLookalike
                              : RegistrationOutcome::kAccepted)
        << SkeletonOrderName(order);
  }
}

TEST(SkeletonOrder, PolicyFileKey) {
  absl::StatusOr<RegistrationPolicy> p =
      ParseRegistrationPolicy("skeleton_order = \"rtl\"\n", "p.toml");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->skeleton_order, SkeletonOrder::kRtl);
  EXPECT_EQ(DefaultRegistrationPolicy().skeleton_order,
            SkeletonOrder::kLogical);
  for (const std::string bad :
       {"skeleton_order = \"visual\"\n", "skeleton_order = 1\n"}) {
    absl::StatusOr<RegistrationPolicy> q =
        ParseRegistrationPolicy(bad, "p.toml");
    ASSERT_FALSE(q.ok()) << bad;
    EXPECT_NE(q.status().message().find("p.toml:1"), std::string::npos)
        << q.status();
    EXPECT_NE(q.status().message().find("skeleton_order"), std::string::npos)
        << q.status();
  }
}

}  // namespace
}  // namespace u8guard
