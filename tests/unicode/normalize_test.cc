// SPDX-License-Identifier: Apache-2.0
// Normalization API: strict UTF-8 before ICU, the ASCII fast paths against
// ICU, the examples layers 4-6 rely on, long inputs, appending, and the
// splitting of input ICU cannot take in one call.
//
// The oracle is ICU itself through its UTF-16 API (UnicodeString +
// Normalizer2::normalize), a different code path from the UTF-8 one the
// library uses; the conformance files are in normalize_conformance_test.cc.

#include "u8guard/normalize.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "src/unicode/normalize_internal.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"
#include "unicode/bytestream.h"
#include "unicode/normalizer2.h"
#include "unicode/stringpiece.h"
#include "unicode/unistr.h"

namespace u8guard {
namespace {

using ::testing::HasSubstr;
using ::u8guard::testing::FromHex;
using ::u8guard::testing::ToHex;

constexpr NormalizationForm kNone = NormalizationForm::kNone;
constexpr NormalizationForm kNfc = NormalizationForm::kNfc;
constexpr NormalizationForm kNfd = NormalizationForm::kNfd;
constexpr NormalizationForm kNfkc = NormalizationForm::kNfkc;
constexpr NormalizationForm kNfkd = NormalizationForm::kNfkd;
constexpr NormalizationForm kNfkcCf = NormalizationForm::kNfkcCasefold;

constexpr NormalizationForm kIcuForms[] = {kNfc, kNfd, kNfkc, kNfkd, kNfkcCf};
constexpr NormalizationForm kAllForms[] = {kNone, kNfc,  kNfd,
                                           kNfkc, kNfkd, kNfkcCf};

const icu::Normalizer2& IcuNormalizer(NormalizationForm form) {
  UErrorCode e = U_ZERO_ERROR;
  const icu::Normalizer2* n = nullptr;
  switch (form) {
    case kNfc:
      n = icu::Normalizer2::getNFCInstance(e);
      break;
    case kNfd:
      n = icu::Normalizer2::getNFDInstance(e);
      break;
    case kNfkc:
      n = icu::Normalizer2::getNFKCInstance(e);
      break;
    case kNfkd:
      n = icu::Normalizer2::getNFKDInstance(e);
      break;
    case kNfkcCf:
      n = icu::Normalizer2::getNFKCCasefoldInstance(e);
      break;
    case kNone:
      break;
  }
  if (U_FAILURE(e) || n == nullptr) {
    ADD_FAILURE() << "no ICU normalizer";
    abort();
  }
  return *n;
}

// ICU's answer through UTF-16 (kNone: the input).
std::string Oracle(NormalizationForm form, const std::string& utf8) {
  if (form == kNone) return utf8;
  UErrorCode e = U_ZERO_ERROR;
  const icu::UnicodeString out =
      IcuNormalizer(form).normalize(icu::UnicodeString::fromUTF8(utf8), e);
  EXPECT_TRUE(U_SUCCESS(e)) << u_errorName(e);
  std::string result;
  out.toUTF8String(result);
  return result;
}

bool OracleIsNormalized(NormalizationForm form, const std::string& utf8) {
  if (form == kNone) return true;
  UErrorCode e = U_ZERO_ERROR;
  const bool yes =
      IcuNormalizer(form).isNormalized(icu::UnicodeString::fromUTF8(utf8), e);
  EXPECT_TRUE(U_SUCCESS(e)) << u_errorName(e);
  return yes;
}

std::string Utf8(char32_t cp) {
  std::string out;
  EXPECT_TRUE(AppendUtf8(cp, out));
  return out;
}

// Normalize() that fails the test on an error status.
std::string To(NormalizationForm form, std::string_view s) {
  absl::StatusOr<std::string> r = Normalize(form, s);
  EXPECT_TRUE(r.ok()) << NormalizationFormName(form) << ": " << r.status();
  return r.ok() ? *r : "<error>";
}

// ---- names -----------------------------------------------------------------

TEST(NormalizationFormNameTest, NamesAreTheDocumentedOnes) {
  EXPECT_EQ(NormalizationFormName(kNone), "none");
  EXPECT_EQ(NormalizationFormName(kNfc), "NFC");
  EXPECT_EQ(NormalizationFormName(kNfd), "NFD");
  EXPECT_EQ(NormalizationFormName(kNfkc), "NFKC");
  EXPECT_EQ(NormalizationFormName(kNfkd), "NFKD");
  EXPECT_EQ(NormalizationFormName(kNfkcCf), "NFKC_Casefold");
}

TEST(ParseNormalizationFormTest, ParsesEveryNameInAnyCase) {
  for (NormalizationForm form : kAllForms) {
    const std::string name(NormalizationFormName(form));
    for (const std::string& spelling :
         {name, absl::AsciiStrToLower(name), absl::AsciiStrToUpper(name)}) {
      absl::StatusOr<NormalizationForm> parsed =
          ParseNormalizationForm(spelling);
      ASSERT_TRUE(parsed.ok()) << spelling << ": " << parsed.status();
      EXPECT_EQ(*parsed, form) << spelling;
    }
  }
  EXPECT_EQ(ParseNormalizationForm("nfkc_cf").value(), kNfkcCf);
}

TEST(ParseNormalizationFormTest, RejectsUnknownNames) {
  for (const char* name : {"", "NFX", "NFC ", " nfc", "NFKC-Casefold", "nf",
                           "NFKCCasefold", "casefold"}) {
    absl::StatusOr<NormalizationForm> parsed = ParseNormalizationForm(name);
    ASSERT_FALSE(parsed.ok()) << '"' << name << '"';
    EXPECT_EQ(parsed.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(std::string(parsed.status().message()),
                HasSubstr(absl::StrCat("\"", name, "\"")));
  }
}

// ---- strict UTF-8 first ----------------------------------------------------

struct InvalidCase {
  const char* hex;
  size_t offset;
};

TEST(NormalizeTest, RejectsInvalidUtf8BeforeIcuWithTheOffset) {
  const InvalidCase cases[] = {
      {"61 62 C0 AE", 2},     // overlong "." (RFC 3629 §10)
      {"ED A0 80", 0},        // encoded surrogate U+D800
      {"78 80", 1},           // a lone continuation byte
      {"61 62 63 E2 82", 3},  // truncated tail of U+20AC
      {"C3 A9 F0 9F 98", 2},  // truncated 4-byte sequence after "é"
  };
  for (const InvalidCase& c : cases) {
    const std::string bytes = FromHex(c.hex);
    const absl::Status expected = CheckUtf8(bytes);
    ASSERT_FALSE(expected.ok()) << c.hex;
    const std::string at = "at byte " + std::to_string(c.offset);
    EXPECT_THAT(std::string(expected.message()), HasSubstr(at)) << c.hex;
    for (NormalizationForm form : kAllForms) {
      absl::StatusOr<std::string> normalized = Normalize(form, bytes);
      ASSERT_FALSE(normalized.ok()) << c.hex;
      EXPECT_EQ(normalized.status(), expected) << c.hex;
      absl::StatusOr<bool> is_normalized = IsNormalized(form, bytes);
      ASSERT_FALSE(is_normalized.ok()) << c.hex;
      EXPECT_EQ(is_normalized.status(), expected) << c.hex;
    }
    // Why the check must come first: ICU itself accepts these bytes without
    // any error (it passes them through or substitutes U+FFFD).
    for (NormalizationForm form : kIcuForms) {
      UErrorCode e = U_ZERO_ERROR;
      std::string icu_out;
      icu::StringByteSink<std::string> sink(&icu_out);
      IcuNormalizer(form).normalizeUTF8(
          0, icu::StringPiece(bytes.data(), static_cast<int32_t>(bytes.size())),
          sink, nullptr, e);
      EXPECT_TRUE(U_SUCCESS(e)) << c.hex << ": " << u_errorName(e);
    }
  }
}

// The *ValidUtf8 functions' precondition is the caller's; if it is broken
// they must still stay inside the buffer (ASan checks this: the bytes sit at
// the very end of a heap block) and not crash.
TEST(NormalizeTest, ValidUtf8FastPathStaysInBoundsOnBrokenPrecondition) {
  for (const char* hex : {"E2 82", "F0 9F 98", "61 CC", "C0 AE", "ED A0 80",
                          "E1 84 92 E1 85", "F4 90 80 80", "80 80 80", "FF"}) {
    const std::string bytes = FromHex(hex);
    auto heap = std::make_unique<char[]>(bytes.size());
    std::memcpy(heap.get(), bytes.data(), bytes.size());
    const std::string_view exact(heap.get(), bytes.size());
    for (NormalizationForm form : kAllForms) {
      std::string out = "keep";
      const absl::Status s = AppendNormalizedValidUtf8(form, exact, out);
      EXPECT_TRUE(s.ok() || s.code() == absl::StatusCode::kInternal) << s;
      EXPECT_EQ(out.substr(0, 4), "keep");
      (void)IsNormalizedValidUtf8(form, exact);
    }
  }
}

// ---- ASCII fast paths ------------------------------------------------------

TEST(NormalizeTest, AsciiFastPathEqualsIcuForEveryAsciiCharacter) {
  for (int c = 0; c < 128; ++c) {
    const std::string one(1, static_cast<char>(c));
    for (NormalizationForm form : kIcuForms) {
      EXPECT_EQ(To(form, one), Oracle(form, one))
          << NormalizationFormName(form) << " of " << c;
      EXPECT_EQ(IsNormalized(form, one).value(), OracleIsNormalized(form, one))
          << NormalizationFormName(form) << " of " << c;
      EXPECT_EQ(IsNormalizedValidUtf8(form, one), OracleIsNormalized(form, one))
          << NormalizationFormName(form) << " of " << c;
    }
  }
  // All of ASCII at once, in both orders, and a string longer than one
  // eight-byte word with the upper-case letters spread out.
  std::string all;
  for (int c = 0; c < 128; ++c) all.push_back(static_cast<char>(c));
  const std::string reversed(all.rbegin(), all.rend());
  for (const std::string& s :
       {all, reversed, std::string("Hello, WORLD 123_Admin-Root.Z")}) {
    for (NormalizationForm form : kIcuForms) {
      EXPECT_EQ(To(form, s), Oracle(form, s)) << NormalizationFormName(form);
      EXPECT_EQ(IsNormalized(form, s).value(), OracleIsNormalized(form, s))
          << NormalizationFormName(form);
    }
  }
}

TEST(NormalizeTest, NfkcCasefoldLowerCasesAsciiAndNothingElse) {
  // The fast path's rule, checked against ICU for all of ASCII: A-Z -> a-z,
  // every other ASCII character unchanged.
  for (int c = 0; c < 128; ++c) {
    const std::string one(1, static_cast<char>(c));
    const std::string want(
        1, static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c));
    EXPECT_EQ(Oracle(kNfkcCf, one), want) << c;
    EXPECT_EQ(To(kNfkcCf, one), want) << c;
  }
}

// ---- examples the upper layers rely on --------------------------------------

TEST(NormalizeTest, AngstromSignComposesToAWithRing) {
  EXPECT_EQ(To(kNfc, "\u212B"), "\u00C5");
  EXPECT_EQ(To(kNfd, "\u212B"), "A\u030A");
  EXPECT_FALSE(IsNormalized(kNfc, "\u212B").value());
  EXPECT_TRUE(IsNormalized(kNfc, "\u00C5").value());
}

TEST(NormalizeTest, CompatibilityFormsFoldLigaturesAndFullwidth) {
  EXPECT_EQ(To(kNfkc, "\uFB01"), "fi");
  EXPECT_EQ(To(kNfc, "\uFB01"), "\uFB01");  // canonical forms keep it
  const std::string admin = "\uFF21\uFF24\uFF2D\uFF29\uFF2E";  // ＡＤＭＩＮ
  EXPECT_EQ(To(kNfkc, admin), "ADMIN");
  EXPECT_EQ(To(kNfkd, admin), "ADMIN");
  EXPECT_EQ(To(kNfkcCf, admin), "admin");
  EXPECT_EQ(To(kNfc, admin), admin);
  EXPECT_FALSE(IsNormalized(kNfkc, admin).value());
}

// Normalization can create path separators and dots, which is why the path
// layer re-checks segments after normalizing.
TEST(NormalizeTest, CompatibilityFormsCreateDotsAndSlashes) {
  EXPECT_EQ(To(kNfkc, "\u2024"), ".");   // ONE DOT LEADER
  EXPECT_EQ(To(kNfkc, "\uFF0E"), ".");   // FULLWIDTH FULL STOP
  EXPECT_EQ(To(kNfkc, "\uFF0F"), "/");   // FULLWIDTH SOLIDUS
  EXPECT_EQ(To(kNfkc, "\u2025"), "..");  // TWO DOT LEADER
  EXPECT_EQ(To(kNfkcCf, "\u2024\u2024\uFF0Fetc"), "../etc");
  EXPECT_EQ(To(kNfc, "\uFF0F"), "\uFF0F");
}

// NFKC_Casefold deletes Default_Ignorable_Code_Point characters. A PRECIS
// profile must therefore reject U+200B, U+00AD and U+FEFF (all DISALLOWED in
// IdentifierClass) BEFORE normalizing: after NFKC_Casefold "ad<ZWSP>min" is
// "admin", and the evidence that the input was not "admin" is gone.
TEST(NormalizeTest, NfkcCasefoldDeletesDefaultIgnorables) {
  for (const char* ignorable : {"\u200B", "\u00AD", "\uFEFF"}) {
    const std::string input = std::string("ad") + ignorable + "min";
    EXPECT_EQ(To(kNfkcCf, input), "admin") << ToHex(input);
    EXPECT_EQ(To(kNfkcCf, std::string(ignorable) + "ADMIN"), "admin");
    EXPECT_FALSE(IsNormalized(kNfkcCf, input).value());
    // Plain NFKC keeps them: the deletion is part of the case-fold mapping.
    EXPECT_EQ(To(kNfkc, input), input) << ToHex(input);
  }
}

TEST(NormalizeTest, CombiningAcuteComposesAndDecomposes) {
  EXPECT_EQ(To(kNfc, "e\u0301"), "\u00E9");
  EXPECT_EQ(To(kNfd, "\u00E9"), "e\u0301");
  EXPECT_EQ(To(kNfkc, "e\u0301"), "\u00E9");
  EXPECT_EQ(To(kNfkd, "\u00E9"), "e\u0301");
  EXPECT_EQ(To(kNfkcCf, "E\u0301"), "\u00E9");
  EXPECT_FALSE(IsNormalized(kNfc, "e\u0301").value());
  EXPECT_TRUE(IsNormalized(kNfd, "e\u0301").value());
  EXPECT_FALSE(IsNormalized(kNfd, "\u00E9").value());
  EXPECT_TRUE(IsNormalized(kNfc, "\u00E9").value());
  // Canonical ordering: dot below (ccc 220) sorts before circumflex (230).
  EXPECT_EQ(To(kNfd, "a\u0302\u0323"), "a\u0323\u0302");
  EXPECT_EQ(To(kNfc, "a\u0302\u0323"), "\u1EAD");
}

// Hangul syllables decompose algorithmically (Unicode 15.0 §3.12); the
// arithmetic below is that algorithm, independent of ICU's implementation.
TEST(NormalizeTest, HangulSyllablesAndJamoRoundTrip) {
  constexpr char32_t kSBase = 0xAC00, kLBase = 0x1100, kVBase = 0x1161,
                     kTBase = 0x11A7;
  constexpr int kVCount = 21, kTCount = 28, kSCount = 11172;
  EXPECT_EQ(To(kNfd, "\uD55C"), "\u1112\u1161\u11AB");  // 한
  EXPECT_EQ(To(kNfc, "\u1112\u1161\u11AB"), "\uD55C");
  EXPECT_EQ(To(kNfc, "\uAC00\u11A8"), "\uAC01");  // LV + T -> LVT
  for (int s = 0; s < kSCount; ++s) {
    const char32_t syllable = kSBase + s;
    std::string jamo = Utf8(kLBase + s / (kVCount * kTCount)) +
                       Utf8(kVBase + (s % (kVCount * kTCount)) / kTCount);
    if (s % kTCount != 0) jamo += Utf8(kTBase + s % kTCount);
    const std::string composed = Utf8(syllable);
    ASSERT_EQ(To(kNfd, composed), jamo)
        << std::hex << static_cast<uint32_t>(syllable);
    ASSERT_EQ(To(kNfkd, composed), jamo)
        << std::hex << static_cast<uint32_t>(syllable);
    ASSERT_EQ(To(kNfc, jamo), composed)
        << std::hex << static_cast<uint32_t>(syllable);
    ASSERT_EQ(To(kNfkc, jamo), composed)
        << std::hex << static_cast<uint32_t>(syllable);
    ASSERT_TRUE(IsNormalized(kNfc, composed).value());
    ASSERT_FALSE(IsNormalized(kNfc, jamo).value());
  }
}

// ---- appending, long input, random input -----------------------------------

TEST(NormalizeTest, AppendNormalizedValidUtf8Appends) {
  for (NormalizationForm form : kAllForms) {
    for (const std::string& input :
         {std::string("e\u0301"), std::string("ABC"), std::string(""),
          std::string("\uFF21\u212B")}) {
      std::string out = "PREFIX \u00C5:";
      ASSERT_TRUE(AppendNormalizedValidUtf8(form, input, out).ok());
      EXPECT_EQ(out, "PREFIX \u00C5:" + Oracle(form, input))
          << NormalizationFormName(form) << " " << ToHex(input);
    }
  }
  // Many appends to one string grow it as one would expect.
  std::string out;
  std::string expected;
  for (int i = 0; i < 1000; ++i) {
    ASSERT_TRUE(AppendNormalizedValidUtf8(kNfc, "e\u0301x", out).ok());
    expected += "\u00E9x";
  }
  EXPECT_EQ(out, expected);
}

// A mix of everything normalization touches.
const std::vector<std::string>& Pieces() {
  static const std::vector<std::string> pieces = {
      "a",
      "Z",
      " ",
      "e\u0301",
      "\u00E9",
      "\u212B",
      "\uFB01",
      "\uFF21\uFF24",
      "\uD55C",
      "\u1112\u1161\u11AB",
      "\u1100\u1161",
      "\u11A8",
      "a\u0302\u0323",
      "\u0323",
      "\u0301\u0301",
      "\u200B",
      "\u00AD",
      "\uFEFF",
      "\u2024",
      "\uFF0F",
      "\u00DF",
      "\u0130",
      "\u03A3",
      "\u0345",
      "\U0001D15E",
      "\U0001F600",
      "\u0915\u093C",
      "\u0958",
      "\u3300",
      "\uFDFA",
      "\u0F77",
      "\u1E9B\u0323",
      "\u2126",
      "\uAC00",
  };
  return pieces;
}

std::string RandomText(std::mt19937& rng, size_t pieces) {
  std::uniform_int_distribution<size_t> pick(0, Pieces().size() - 1);
  std::uniform_int_distribution<uint32_t> any(0, 0x10FFFF);
  std::string s;
  for (size_t i = 0; i < pieces; ++i) {
    if (rng() % 8 == 0) {
      uint32_t cp = any(rng);
      if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0x10000 + (cp & 0xFFF);
      AppendUtf8(cp, s);
    } else {
      s += Pieces()[pick(rng)];
    }
  }
  return s;
}

TEST(NormalizeTest, RandomTextAgreesWithIcuUtf16) {
  std::mt19937 rng(20230615);
  for (int round = 0; round < 2000; ++round) {
    const std::string s = RandomText(rng, 1 + rng() % 12);
    for (NormalizationForm form : kAllForms) {
      const std::string got = To(form, s);
      ASSERT_EQ(got, Oracle(form, s))
          << NormalizationFormName(form) << " of " << ToHex(s);
      ASSERT_EQ(To(form, got), got) << "not idempotent: " << ToHex(s);
      const bool normal = got == s;
      ASSERT_EQ(IsNormalized(form, s).value(), normal)
          << NormalizationFormName(form) << " of " << ToHex(s);
      ASSERT_EQ(IsNormalizedValidUtf8(form, s), normal);
      ASSERT_TRUE(IsNormalized(form, got).value());
    }
  }
}

TEST(NormalizeTest, OneMebibyteRoundTrips) {
  std::mt19937 rng(7);
  std::string big;
  while (big.size() < (size_t{1} << 20)) big += RandomText(rng, 64);
  for (NormalizationForm form : kAllForms) {
    const std::string got = To(form, big);
    EXPECT_TRUE(got == Oracle(form, big)) << NormalizationFormName(form);
    EXPECT_TRUE(IsNormalized(form, got).value());
  }
  const std::string nfc = To(kNfc, big);
  EXPECT_TRUE(To(kNfc, To(kNfd, big)) == nfc);
  EXPECT_TRUE(To(kNfc, nfc) == nfc);
  EXPECT_FALSE(IsNormalized(kNfc, big).value());

  std::string ascii(size_t{1} << 20, 'Q');
  for (size_t i = 0; i < ascii.size(); i += 3) ascii[i] = 'a' + i % 26;
  EXPECT_TRUE(To(kNfc, ascii) == ascii);
  EXPECT_TRUE(To(kNfkcCf, ascii) == absl::AsciiStrToLower(ascii));
  EXPECT_TRUE(To(kNfkcCf, ascii) == Oracle(kNfkcCf, ascii));
  EXPECT_FALSE(IsNormalized(kNfkcCf, ascii).value());
}

// ---- input handed to ICU in pieces ----------------------------------------
// ICU takes at most 2^31-1 bytes per call; longer input is cut at
// normalization boundaries. The same code runs here with tiny pieces.

TEST(NormalizeInPiecesTest, PiecesGiveTheSameResultAsOneCall) {
  std::mt19937 rng(99);
  for (int round = 0; round < 200; ++round) {
    const std::string s = RandomText(rng, 40);
    for (NormalizationForm form : kIcuForms) {
      const std::string whole = Oracle(form, s);
      const bool whole_normal = OracleIsNormalized(form, s);
      // The longest run without a boundary in Pieces() is under 32 bytes.
      for (size_t max_chunk : {32, 33, 40, 64, 100, 1000}) {
        std::string out = "pre";
        const absl::Status st =
            internal::IcuAppendNormalized(form, s, max_chunk, out);
        ASSERT_TRUE(st.ok()) << st << " " << ToHex(s);
        ASSERT_EQ(out, "pre" + whole)
            << NormalizationFormName(form) << " max_chunk " << max_chunk
            << " of " << ToHex(s);
        absl::StatusOr<bool> normal =
            internal::IcuIsNormalized(form, s, max_chunk);
        ASSERT_TRUE(normal.ok()) << normal.status();
        ASSERT_EQ(*normal, whole_normal);
        ASSERT_TRUE(internal::IcuIsNormalized(form, whole, max_chunk).value());
      }
      // Tiny pieces: either the same result or, where a run without a
      // boundary is longer than a piece, OutOfRange with `out` untouched.
      for (size_t max_chunk : {4, 5, 6, 7, 9, 16}) {
        std::string out = "pre";
        const absl::Status st =
            internal::IcuAppendNormalized(form, s, max_chunk, out);
        if (st.ok()) {
          ASSERT_EQ(out, "pre" + whole) << max_chunk << " " << ToHex(s);
        } else {
          ASSERT_EQ(st.code(), absl::StatusCode::kOutOfRange) << st;
          ASSERT_EQ(out, "pre");
        }
      }
    }
  }
}

TEST(NormalizeInPiecesTest, RunWithoutBoundaryLongerThanAPieceIsOutOfRange) {
  std::string marks = "a";
  for (int i = 0; i < 40; ++i) marks += "\u0301";  // 81 bytes, no boundary
  const std::string input = "xyz" + marks + "b";
  for (NormalizationForm form : kIcuForms) {
    std::string out = "keep";
    const absl::Status st = internal::IcuAppendNormalized(form, input, 16, out);
    EXPECT_EQ(st.code(), absl::StatusCode::kOutOfRange) << st;
    EXPECT_THAT(std::string(st.message()),
                HasSubstr("no normalization boundary"));
    EXPECT_EQ(out, "keep");
    EXPECT_EQ(internal::IcuIsNormalized(form, input, 16).status().code(),
              absl::StatusCode::kOutOfRange);
    // Pieces larger than the run work.
    out = "keep";
    ASSERT_TRUE(internal::IcuAppendNormalized(form, input, 90, out).ok());
    EXPECT_EQ(out, "keep" + Oracle(form, input));
  }
}

}  // namespace
}  // namespace u8guard
