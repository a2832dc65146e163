// SPDX-License-Identifier: Apache-2.0
// SanitizePath (include/u8guard/path.h): the RFC 3629 §10 IIS/Nimda input
// first, then generated corpora (overlongs of '.', '/' and '\' in every
// length, raw and percent-encoded once and twice; every code point whose ICU
// NFKC form holds a structure character, found by scanning all code points),
// NUL injection, separators, dots, roots, Windows rules, bounds, and offsets
// that point into the raw input.

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "src/path/path_rules.h"
#include "src/unicode/code_point_facts.h"
#include "src/unicode/mapping_table.h"
#include "tests/path/path_oracle.h"
#include "tests/test_support.h"
#include "u8guard/match.h"
#include "u8guard/normalize.h"
#include "u8guard/path.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"
#include "unicode/normalizer2.h"
#include "unicode/uchar.h"
#include "unicode/unistr.h"

namespace u8guard {
namespace {

using ::u8guard::testing::FromHex;
using ::u8guard::testing::MismatchLog;
using ::u8guard::testing::ToHex;

// The UTF-8 of `cp`, encoded here from RFC 3629 §3's bit patterns.
std::string Utf8(char32_t cp) {
  std::string s;
  if (cp < 0x80) {
    s += static_cast<char>(cp);
  } else if (cp < 0x800) {
    s += static_cast<char>(0xC0 | (cp >> 6));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    s += static_cast<char>(0xE0 | (cp >> 12));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    s += static_cast<char>(0xF0 | (cp >> 18));
    s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  }
  return s;
}

// Overlong encodings of the ASCII character `c` in `len` (2..4) bytes: the
// RFC 3629 §3 pattern for that length filled with c's bits, so the leading
// payload bits are zero.
std::string Overlong(char c, int len) {
  const uint32_t v = static_cast<uint8_t>(c);
  std::string s;
  if (len == 2) {
    s += static_cast<char>(0xC0 | (v >> 6));
    s += static_cast<char>(0x80 | (v & 0x3F));
  } else if (len == 3) {
    s += static_cast<char>(0xE0);
    s += static_cast<char>(0x80 | (v >> 6));
    s += static_cast<char>(0x80 | (v & 0x3F));
  } else {
    s += static_cast<char>(0xF0);
    s += static_cast<char>(0x80);
    s += static_cast<char>(0x80 | (v >> 6));
    s += static_cast<char>(0x80 | (v & 0x3F));
  }
  return s;
}

// Every byte as %XX; `twice` also encodes the '%' of each escape (%25XX).
std::string PercentEncode(std::string_view bytes, bool twice) {
  std::string s;
  for (const char c : bytes) {
    absl::StrAppendFormat(&s, "%s%02X", twice ? "%25" : "%",
                          static_cast<uint8_t>(c));
  }
  return s;
}

// The Rejection of a result, or a failure naming the output.
Rejection RejectionOf(const absl::StatusOr<std::string>& r) {
  if (r.ok()) {
    ADD_FAILURE() << "accepted as \"" << *r << "\"";
    return {};
  }
  const std::optional<Rejection> rej = GetRejection(r.status());
  if (!rej) {
    ADD_FAILURE() << "no Rejection in " << r.status();
    return {};
  }
  return *rej;
}

// Expects `raw` to be rejected with `rule` at `offset`, as the reference
// oracle (tests/path/path_oracle.h) rejects it.
void ExpectRejected(std::string_view raw, const PathOptions& o,
                    std::string_view rule, size_t offset) {
  SCOPED_TRACE(absl::StrCat("input ", ToHex(raw)));
  EXPECT_EQ(::u8guard::testing::OracleDisagreement(raw, o), "");
  const absl::StatusOr<std::string> r = SanitizePath(raw, o);
  const Rejection rej = RejectionOf(r);
  EXPECT_EQ(rej.rule_id(), rule) << r.status();
  EXPECT_EQ(rej.offset, offset) << r.status();
}

// Expects `raw` to become `want`, as the reference oracle
// (tests/path/path_oracle.h) has it, and `want` to stay `want`.
void ExpectSanitized(std::string_view raw, const PathOptions& o,
                     std::string_view want) {
  SCOPED_TRACE(absl::StrCat("input ", ToHex(raw)));
  EXPECT_EQ(::u8guard::testing::OracleDisagreement(raw, o), "");
  const absl::StatusOr<std::string> r = SanitizePath(raw, o);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(*r, want);
  if (o.root.empty()) {
    // A percent-decoded result is a decoded name: it is never decoded again.
    PathOptions same = o;
    same.percent_decode = false;
    const absl::StatusOr<std::string> again = SanitizePath(*r, same);
    ASSERT_TRUE(again.ok()) << again.status();
    EXPECT_EQ(*again, *r);
  }
}

PathOptions Decoding() {
  PathOptions o;
  o.percent_decode = true;
  return o;
}

PathOptions Resolving() {
  PathOptions o;
  o.dot_dot = DotDotPolicy::kResolve;
  return o;
}

PathOptions Nfkc() {
  PathOptions o;
  o.normalization = NormalizationForm::kNfkc;
  return o;
}

PathOptions Windows() {
  PathOptions o;
  o.windows = true;
  return o;
}

// ---- RFC 3629 §10 --------------------------------------------------------

TEST(PathSanitize, IisNimdaOverlongIsRejectedAtByte1) {
  const std::string nimda = FromHex("2F C0 AE 2E 2F");
  PathOptions request;
  request.leading_separator_is_root = true;
  request.dot_dot = DotDotPolicy::kResolve;
  request.root = "/srv/www";
  for (const PathOptions& o :
       {PathOptions{}, Decoding(), Resolving(), Nfkc(), Windows(), request}) {
    const absl::StatusOr<std::string> r = SanitizePath(nimda, o);
    const Rejection rej = RejectionOf(r);
    EXPECT_EQ(rej.rule_id(), "utf8/overlong");
    EXPECT_EQ(rej.offset, 1u);
    EXPECT_NE(r.status().message().find("at byte 1"), std::string_view::npos)
        << r.status();
  }
}

// ---- overlongs, generated -------------------------------------------------

TEST(PathSanitize, OverlongDotSlashBackslashInEveryLengthAndEncoding) {
  int cases = 0;
  for (const char c : {'.', '/', '\\'}) {
    for (int len = 2; len <= 4; ++len) {
      const std::string ov = Overlong(c, len);
      SCOPED_TRACE(ToHex(ov));
      // Raw: the strict decoder rejects it where it starts, whatever the
      // options.
      for (const PathOptions& o :
           {PathOptions{}, Decoding(), Resolving(), Nfkc(), Windows()}) {
        ExpectRejected("a/" + ov + "/b", o, "utf8/overlong", 2);
        ExpectRejected("a/" + ov + ov + "/b", o, "utf8/overlong", 2);
        ExpectRejected("x" + ov, o, "utf8/overlong", 1);
        cases += 3;
      }
      // Percent-encoded once: decoded bytes are rejected as overlong at the
      // offset of the first '%' of the sequence.
      const std::string once = PercentEncode(ov, false);
      ExpectRejected("a/" + once + "/b", Decoding(), "utf8/overlong", 2);
      ExpectRejected("ab/x" + once, Decoding(), "utf8/overlong", 4);
      // Without decoding it is a literal name, never a dot or a separator.
      ExpectSanitized("a/" + once + "/b", PathOptions{}, "a/" + once + "/b");
      // Percent-encoded twice: decoded once, it is the literal text of the
      // single encoding.
      const std::string twice = PercentEncode(ov, true);
      ExpectSanitized("a/" + twice + "/b", Decoding(), "a/" + once + "/b");
      cases += 4;
    }
  }
  EXPECT_EQ(cases, 3 * 3 * (15 + 4));
}

TEST(PathSanitize, PercentEncodedDotsAreDecodedExactlyOnce) {
  ExpectRejected("a/%2e%2e/b", Decoding(), "path/dot_dot", 2);
  ExpectRejected("a/%2E%2E", Decoding(), "path/dot_dot", 2);
  ExpectSanitized("a/%2e/b", Decoding(), "a/b");
  ExpectSanitized("a/%252e%252e/b", Decoding(), "a/%2e%2e/b");
  ExpectSanitized("%252e", Decoding(), "%2e");
  ExpectSanitized("a/%2e%2e/b", PathOptions{}, "a/%2e%2e/b");
  // A decoded separator never separates.
  ExpectRejected("a/b%2f..", Decoding(), "path/separator_in_segment", 3);
  ExpectRejected("a/%5c..", Decoding(), "path/separator_in_segment", 2);
  PathOptions both = Decoding();
  both.backslash_is_separator = true;
  ExpectRejected("a/%5c..", both, "path/separator_in_segment", 2);
  // Malformed escapes.
  for (const std::string_view bad : {"%2", "%", "%zz", "%u002e", "%2g", "%%"}) {
    ExpectRejected(absl::StrCat("ab/c", std::string(bad)), Decoding(),
                   "path/percent_decoding", 4);
  }
  ExpectSanitized("a%41%62c", Decoding(), "aAbc");
  ExpectSanitized("%E6%97%A5%E6%9C%AC", Decoding(), "日本");
}

// ---- NUL, controls --------------------------------------------------------

TEST(PathSanitize, NulInjection) {
  ExpectRejected(std::string("a/b\0.txt", 8), PathOptions{}, "path/nul", 3);
  ExpectRejected("a/b%00.txt", Decoding(), "path/nul", 3);
  ExpectRejected("a/b" + FromHex("C0 80") + ".txt", PathOptions{},
                 "utf8/overlong", 3);
  ExpectRejected("a/b%C0%80.txt", Decoding(), "utf8/overlong", 3);
  ExpectRejected("a/b%E0%80%80.txt", Decoding(), "utf8/overlong", 3);
  // Without decoding, "%00" is three ordinary characters.
  ExpectSanitized("a/b%00.txt", PathOptions{}, "a/b%00.txt");
}

TEST(PathSanitize, ControlCharacters) {
  for (int b = 1; b < 0x20; ++b) {
    ExpectRejected(absl::StrCat("ab/c", std::string(1, static_cast<char>(b))),
                   PathOptions{}, "path/control", 4);
    ExpectRejected(absl::StrFormat("ab/c%%%02x", b), Decoding(), "path/control",
                   4);
  }
  ExpectRejected("ab/c\x7F", PathOptions{}, "path/control", 4);
  for (char32_t cp = 0x80; cp <= 0x9F; ++cp) {  // C1
    ExpectRejected("ab/c" + Utf8(cp), PathOptions{}, "path/control", 4);
    ExpectRejected("ab/c" + Utf8(cp), Nfkc(), "path/control", 4);
  }
}

// ---- every code point whose NFKC holds a structure character --------------

bool HasStructureCharacter(const icu::UnicodeString& s, bool windows) {
  for (int32_t i = 0; i < s.length(); i = s.moveIndex32(i, 1)) {
    const UChar32 c = s.char32At(i);
    if (c < 0x20 || (c >= 0x7F && c <= 0x9F)) return true;
    if (c == '/' || c == '\\' || c == '.' || c == ':' || c == '%' || c == '#' ||
        c == '?' || c == '@') {
      return true;
    }
    if (windows && (c == '<' || c == '>' || c == '"' || c == '|' || c == '*')) {
      return true;
    }
  }
  return false;
}

// Code points (not controls themselves) whose ICU NFKC form holds a
// structure character.
std::vector<char32_t> ScanNfkcStructure(bool windows) {
  UErrorCode err = U_ZERO_ERROR;
  const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(err);
  EXPECT_TRUE(U_SUCCESS(err));
  std::vector<char32_t> found;
  for (UChar32 cp = 0xA0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    const icu::UnicodeString one(cp);
    err = U_ZERO_ERROR;
    const icu::UnicodeString form = nfkc->normalize(one, err);
    EXPECT_TRUE(U_SUCCESS(err));
    if (HasStructureCharacter(form, windows)) found.push_back(cp);
  }
  return found;
}

TEST(PathSanitize, EveryCodePointWhoseNfkcHasStructureIsRejected) {
  const std::vector<char32_t> found = ScanNfkcStructure(/*windows=*/false);
  // The scan finds the characters known to smuggle structure through NFKC:
  // dot leaders, fullwidth and small forms of . / \ # % ? and a vertical
  // colon, and compatibility characters holding them (U+2100 is a/c, U+2488
  // is "1.").
  for (const char32_t named :
       {U'\u2024', U'\u2025', U'\uFF0E', U'\uFF0F', U'\uFF3C', U'\uFE13',
        U'\uFF03', U'\uFE6B', U'\uFE52', U'\uFF05', U'\uFE6A', U'\u2100',
        U'\u2488', U'\uFF1F'}) {
    EXPECT_NE(std::find(found.begin(), found.end(), named), found.end())
        << absl::StrFormat("U+%04X", static_cast<uint32_t>(named));
  }
  EXPECT_GT(found.size(), 40u);  // 54 with ICU 72 (Unicode 15.0)
  MismatchLog log;
  for (const char32_t cp : found) {
    const std::string c = Utf8(cp);
    for (const PathOptions& o : {PathOptions{}, Nfkc(), Decoding()}) {
      for (const std::string& raw :
           {"dir/a" + c + "b", "dir/" + c, c + "/x", "x/" + c + c}) {
        const absl::StatusOr<std::string> r = SanitizePath(raw, o);
        const std::optional<Rejection> rej = GetRejection(r.status());
        const size_t want = raw.find(c);
        if (r.ok() || !rej ||
            rej->rule_id() != "path/structure_changed_by_nfkc" ||
            rej->offset != want || rej->code_point != cp) {
          log.Add(absl::StrFormat(
              "U+%04X in %s (%s): %s", static_cast<uint32_t>(cp), ToHex(raw),
              NormalizationFormName(o.normalization),
              r.ok() ? "accepted as " + *r : r.status().ToString()));
        }
      }
    }
    // Percent-encoded, decoded: the same rule, at the escape's '%'.
    const std::string enc = "dir/a" + PercentEncode(c, false);
    const absl::StatusOr<std::string> r = SanitizePath(enc, Decoding());
    const std::optional<Rejection> rej = GetRejection(r.status());
    if (!rej || rej->rule_id() != "path/structure_changed_by_nfkc" ||
        rej->offset != 5) {
      log.Add(absl::StrFormat("U+%04X percent-encoded: %s",
                              static_cast<uint32_t>(cp),
                              r.ok() ? *r : r.status().ToString()));
    }
  }
  log.ExpectNone("NFKC structure code points not rejected as such");
}

TEST(PathSanitize, WindowsCharactersUnderNfkcAreRejectedWithWindowsRules) {
  const std::vector<char32_t> plain = ScanNfkcStructure(false);
  const std::vector<char32_t> found = ScanNfkcStructure(true);
  EXPECT_GT(found.size(), plain.size());  // e.g. U+FF1C FULLWIDTH <
  MismatchLog log;
  for (const char32_t cp : found) {
    const std::string raw = "dir/a" + Utf8(cp);
    for (PathOptions o : {Windows(), Nfkc()}) {
      o.windows = true;
      const absl::StatusOr<std::string> r = SanitizePath(raw, o);
      const std::optional<Rejection> rej = GetRejection(r.status());
      if (!rej || rej->rule_id() != "path/structure_changed_by_nfkc" ||
          rej->offset != 5) {
        log.Add(absl::StrFormat("U+%04X: %s", static_cast<uint32_t>(cp),
                                r.ok() ? *r : r.status().ToString()));
      }
    }
  }
  log.ExpectNone("Windows structure code points");
}

// The converse: a code point whose NFKC and NFKC_Casefold forms hold no
// structure character is never blamed for a structure change.
TEST(PathSanitize, NoOtherCodePointIsRejectedForStructure) {
  UErrorCode err = U_ZERO_ERROR;
  const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(err);
  const icu::Normalizer2* cf = icu::Normalizer2::getNFKCCasefoldInstance(err);
  ASSERT_TRUE(U_SUCCESS(err));
  MismatchLog log;
  uint64_t accepted = 0, checked = 0;
  for (UChar32 cp = 0xA0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    if (!u_isdefined(cp)) continue;  // unassigned: the profile rejects them
    const icu::UnicodeString one(cp);
    err = U_ZERO_ERROR;
    const icu::UnicodeString a = nfkc->normalize(one, err);
    const icu::UnicodeString b = cf->normalize(one, err);
    if (HasStructureCharacter(a, false) || HasStructureCharacter(b, false)) {
      continue;
    }
    ++checked;
    const absl::StatusOr<std::string> r =
        SanitizePath("dir/a" + Utf8(cp) + "b", PathOptions{});
    if (r.ok()) {
      ++accepted;
      continue;
    }
    const std::optional<Rejection> rej = GetRejection(r.status());
    if (!rej || rej->rule_id().starts_with("path/")) {
      log.Add(absl::StrFormat("U+%04X: %s", static_cast<uint32_t>(cp),
                              r.status().ToString()));
    }
  }
  log.ExpectNone("code points rejected by a path rule");
  EXPECT_GT(checked, 250000u);
  EXPECT_GT(accepted, 100000u);  // FreeformClass keeps most of them
}

TEST(PathSanitize, IgnorablesThatNfkcCasefoldRemovesCannotJoinDots) {
  UErrorCode err = U_ZERO_ERROR;
  const icu::Normalizer2* cf = icu::Normalizer2::getNFKCCasefoldInstance(err);
  ASSERT_TRUE(U_SUCCESS(err));
  int removed = 0;
  MismatchLog log;
  for (UChar32 cp = 0xA0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    err = U_ZERO_ERROR;
    if (!cf->normalize(icu::UnicodeString(cp), err).isEmpty()) continue;
    ++removed;
    const std::string c = Utf8(cp);
    for (const std::string& raw : {"a/." + c + ".", "a/" + c, "a/.." + c}) {
      PathOptions o = Resolving();
      o.allow_hidden = true;
      const absl::StatusOr<std::string> r = SanitizePath(raw, o);
      if (r.ok()) log.Add(absl::StrFormat("%s accepted", ToHex(raw)));
    }
  }
  EXPECT_GT(removed, 100);  // the default ignorables
  log.ExpectNone("segments that NFKC_Casefold turns into dots or nothing");
}

// ---- separators, dots, roots ----------------------------------------------

TEST(PathSanitize, Separators) {
  ExpectRejected("a\\b/c", PathOptions{}, "path/separator_in_segment", 1);
  PathOptions bs;
  bs.backslash_is_separator = true;
  ExpectSanitized("a\\b/c", bs, "a/b/c");
  ExpectSanitized("a/\\/b\\\\c", bs, "a/b/c");
  ExpectRejected("a\\..\\b", bs, "path/dot_dot", 2);
  ExpectRejected("\\a", PathOptions{}, "path/absolute", 0);
  ExpectRejected("\\a", bs, "path/absolute", 0);
  ExpectRejected("\\\\server\\share", Windows(), "path/absolute", 0);
  ExpectRejected("/etc/passwd", PathOptions{}, "path/absolute", 0);
  ExpectSanitized("a//b", PathOptions{}, "a/b");
  ExpectSanitized("a/b/", PathOptions{}, "a/b");
  ExpectSanitized("a///b//", PathOptions{}, "a/b");
  PathOptions request;
  request.leading_separator_is_root = true;
  ExpectSanitized("/etc/passwd", request, "etc/passwd");
  ExpectSanitized("//etc//passwd", request, "etc/passwd");
  ExpectRejected("\\etc", request, "path/absolute", 0);  // '\' not a separator
  request.backslash_is_separator = true;
  ExpectSanitized("\\etc\\passwd", request, "etc/passwd");
}

TEST(PathSanitize, DriveLettersAreAbsolute) {
  for (const PathOptions& o : {PathOptions{}, Resolving(), Decoding()}) {
    ExpectRejected("C:/Windows", o, "path/absolute", 0);
    ExpectRejected("c:", o, "path/absolute", 0);
    ExpectRejected("z:boot.ini", o, "path/absolute", 0);
  }
  ExpectRejected("a/../C:", Resolving(), "path/absolute", 5);
  ExpectRejected("%43:x", Decoding(), "path/absolute", 0);
  // Only at the start, and only one letter, outside the Windows rules.
  ExpectSanitized("x/C:", PathOptions{}, "x/C:");
  ExpectSanitized("ab:c", PathOptions{}, "ab:c");
  ExpectRejected("x/C:", Windows(), "path/windows_character", 3);
}

TEST(PathSanitize, DotSegments) {
  ExpectSanitized("a/./b", PathOptions{}, "a/b");
  ExpectSanitized("./a/.", PathOptions{}, "a");
  ExpectSanitized(".", PathOptions{}, "");
  ExpectSanitized("", PathOptions{}, "");
  ExpectRejected("a/b/../c", PathOptions{}, "path/dot_dot", 4);
  ExpectRejected("..", PathOptions{}, "path/dot_dot", 0);
  ExpectSanitized("a/b/../c", Resolving(), "a/c");
  ExpectSanitized("a/b/../../c", Resolving(), "c");
  ExpectSanitized("a/..", Resolving(), "");
  ExpectRejected("../a", Resolving(), "path/above_root", 0);
  ExpectRejected("a/../../b", Resolving(), "path/above_root", 5);
  ExpectRejected("a/./../..", Resolving(), "path/above_root", 7);
  // "..." is a name (hidden), not a parent.
  PathOptions hidden;
  hidden.allow_hidden = true;
  ExpectSanitized("a/.../b", hidden, "a/.../b");
  ExpectRejected("a/.../b", PathOptions{}, "path/hidden", 2);
  ExpectRejected(".git/config", PathOptions{}, "path/hidden", 0);
  ExpectSanitized(".git/config", hidden, ".git/config");
  ExpectSanitized("a/.b./c", hidden, "a/.b./c");
}

TEST(PathSanitize, Root) {
  PathOptions o = Resolving();
  o.root = "/srv/www";
  ExpectSanitized("a/b", o, "/srv/www/a/b");
  ExpectSanitized("", o, "/srv/www");
  ExpectSanitized("a/..", o, "/srv/www");
  ExpectRejected("a/../../etc/passwd", o, "path/above_root", 5);
  o.root = "/srv/www/";
  ExpectSanitized("a", o, "/srv/www/a");
  ExpectSanitized(".", o, "/srv/www/");
  o.root = "/";
  ExpectSanitized("a/b", o, "/a/b");
  // A root must be absolute and plain: otherwise the result could contain
  // "..", "." or empty segments, or not be under an absolute root at all.
  for (const char* bad : {"data", "/srv/../etc", "/srv//www", "/srv/./www",
                          "/srv/..", "/srv/\x01x", "/srv/\xC2\x85"}) {
    o.root = bad;
    const absl::StatusOr<std::string> r = SanitizePath("x", o);
    EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument) << bad;
    EXPECT_FALSE(GetRejection(r.status()).has_value()) << bad;
  }
  o.root = "/srv/www//";
  ExpectSanitized("x", o, "/srv/www/x");
  o.root = "bad\xC0\xAE";
  const absl::StatusOr<std::string> r = SanitizePath("x", o);
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_FALSE(GetRejection(r.status()).has_value());
  o.root = std::string("a\0b", 3);
  EXPECT_FALSE(SanitizePath("x", o).ok());
}

// ---- normalization ----------------------------------------------------------

TEST(PathSanitize, LegitimatePathsSurvive) {
  ExpectSanitized("日本語/ファイル.txt", PathOptions{}, "日本語/ファイル.txt");
  ExpectSanitized("日本語/ファイル.txt", Nfkc(), "日本語/ファイル.txt");
  // Decomposed "café" comes back composed (NFC).
  ExpectSanitized("docs/cafe\xCC\x81.md", PathOptions{}, "docs/caf\xC3\xA9.md");
  ExpectSanitized("My Documents/report 1 (final).pdf", PathOptions{},
                  "My Documents/report 1 (final).pdf");
  ExpectSanitized("a b/c-d_e+f=g,h;i'j~k!l@m#n$o&p^q[r]s{t}u", PathOptions{},
                  "a b/c-d_e+f=g,h;i'j~k!l@m#n$o&p^q[r]s{t}u");
  ExpectSanitized("Ελληνικά/файл/ملف/קובץ", PathOptions{},
                  "Ελληνικά/файл/ملف/קובץ");
  ExpectSanitized("emoji/😀.png", PathOptions{}, "emoji/😀.png");
  // Compatibility characters that are not structure: NFC keeps them, NFKC
  // folds them.
  ExpectSanitized("\xEF\xAC\x81le", PathOptions{}, "\xEF\xAC\x81le");  // ﬁle
  ExpectSanitized("\xEF\xAC\x81le", Nfkc(), "file");
  ExpectSanitized("\xEF\xBC\xA1", Nfkc(), "A");  // FULLWIDTH A
}

TEST(PathSanitize, OptionsThatAreNotNfcOrNfkcAreAnError) {
  for (const NormalizationForm f :
       {NormalizationForm::kNone, NormalizationForm::kNfd,
        NormalizationForm::kNfkd, NormalizationForm::kNfkcCasefold}) {
    PathOptions o;
    o.normalization = f;
    const absl::StatusOr<std::string> r = SanitizePath("a", o);
    EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_FALSE(GetRejection(r.status()).has_value());
  }
}

TEST(PathSanitize, SegmentProfileRulesWithRawOffsets) {
  // U+200B (a default ignorable): DISALLOWED in FreeformClass, reported at
  // its raw offset, also when percent-encoded.
  ExpectRejected("dir/a\xE2\x80\x8B", PathOptions{},
                 "DISALLOWED/precis_ignorable_properties", 5);
  ExpectRejected("dir/%41%E2%80%8B", Decoding(),
                 "DISALLOWED/precis_ignorable_properties", 7);
  // A BOM at the start of a segment.
  ExpectRejected("dir/\xEF\xBB\xBFx", PathOptions{}, "bom_not_allowed", 4);
  // A segment over the profile's 255 bytes.
  ExpectRejected("d/" + std::string(256, 'x'), PathOptions{}, "too_long", 2);
  ExpectSanitized("d/" + std::string(255, 'x'), PathOptions{},
                  "d/" + std::string(255, 'x'));
  // Another profile: lower-case identifiers.
  const absl::StatusOr<const Profile*> user =
      FindBuiltinProfile("username-case-mapped");
  ASSERT_TRUE(user.ok());
  PathOptions o;
  o.segment_profile = *user;
  ExpectSanitized("Foo/BAR", o, "foo/bar");
  ExpectRejected("foo/a b", o, "DISALLOWED/spaces", 5);
}

// The sanitizer skips the profile for ASCII segments it maps to themselves;
// the result must be the profile's own, for every kind of built-in profile
// (FreeformClass, IdentifierClass with case mapping, space trimming) and at
// the 255-byte bound.
TEST(PathSanitize, AsciiSegmentsGetTheProfilesResult) {
  std::mt19937_64 rng(42);
  MismatchLog log;
  int accepted = 0, rejected = 0;
  for (const std::string_view name :
       {"path-segment", "username-case-mapped", "opaque-string", "nickname",
        "freeform-class", "identifier-class"}) {
    const absl::StatusOr<const Profile*> found = FindBuiltinProfile(name);
    ASSERT_TRUE(found.ok()) << name;
    for (const NormalizationForm form :
         {NormalizationForm::kNfc, NormalizationForm::kNfkc}) {
      Profile p = **found;
      p.normalization = form;
      PathOptions o;
      o.segment_profile = &p;
      o.normalization = form;
      o.allow_hidden = true;
      for (int n = 0; n < 400; ++n) {
        // Printable ASCII but the separators, '%' and '\'; a letter first
        // (no drive letter: "d/" comes first anyway).
        const size_t len = n < 300 ? 1 + rng() % 40 : 250 + rng() % 10;
        std::string seg(1, static_cast<char>('a' + rng() % 26));
        while (seg.size() < len) {
          const char c = static_cast<char>(0x20 + rng() % 95);
          if (c != '/' && c != '\\' && c != '%') seg += c;
        }
        const absl::StatusOr<std::string> want = Canonicalize(p, seg);
        const absl::StatusOr<std::string> got = SanitizePath("d/" + seg, o);
        if (want.ok()) {
          ++accepted;
          if (!got.ok() || *got != "d/" + *want) {
            log.Add(absl::StrFormat("%s/%s \"%s\": want \"%s\", got %s", name,
                                    NormalizationFormName(form), seg, *want,
                                    got.ok() ? *got : got.status().ToString()));
          }
        } else {
          ++rejected;
          const std::optional<Rejection> w = GetRejection(want.status());
          const std::optional<Rejection> g = GetRejection(got.status());
          if (!w || !g || w->rule_id() != g->rule_id() ||
              g->offset != w->offset + 2) {
            log.Add(absl::StrFormat("%s \"%s\": want %s, got %s", name, seg,
                                    want.status().ToString(),
                                    got.ok() ? *got : got.status().ToString()));
          }
        }
      }
    }
  }
  log.ExpectNone("ASCII segments whose result differs from the profile's");
  EXPECT_GT(accepted, 1000);
  EXPECT_GT(rejected, 500);  // spaces in identifiers, segments over 255 bytes
}

// ---- Windows ----------------------------------------------------------------

TEST(PathSanitize, WindowsRules) {
  for (const std::string_view name :
       {"CON", "con", "Con.txt", "PRN", "AUX.log", "nul", "NUL.tar.gz", "COM1",
        "com9.x", "COM0", "LPT1", "lpt9", "CON .txt", "CONIN$", "conout$.x"}) {
    ExpectRejected(absl::StrCat("dir/", std::string(name)), Windows(),
                   "path/windows_reserved", 4);
    ExpectSanitized(absl::StrCat("dir/", std::string(name)), PathOptions{},
                    absl::StrCat("dir/", std::string(name)));
  }
  // Superscript digits: reserved once NFKC applies, under NFC too.
  ExpectRejected("dir/COM\xC2\xB9", Windows(), "path/windows_reserved", 4);
  ExpectRejected("dir/lpt\xC2\xB3.txt", Windows(), "path/windows_reserved", 4);
  ExpectRejected("dir/\xEF\xBC\xA3ON", Windows(), "path/windows_reserved",
                 4);  // FULLWIDTH C
  for (const std::string_view name :
       {"CONSOLE", "COM10", "xCON", "AUX_", "LPT", "NULL", "CO.N"}) {
    ExpectSanitized(absl::StrCat("dir/", std::string(name)), Windows(),
                    absl::StrCat("dir/", std::string(name)));
  }
  ExpectRejected("dir/a./b", Windows(), "path/windows_trailing_dot_space", 5);
  ExpectRejected("dir/a ", Windows(), "path/windows_trailing_dot_space", 5);
  ExpectRejected("dir/a\xE3\x80\x80", Windows(),  // IDEOGRAPHIC SPACE
                 "path/windows_trailing_dot_space", 5);
  ExpectSanitized("dir/a./b", PathOptions{}, "dir/a./b");
  for (const char c : {'<', '>', ':', '"', '|', '?', '*'}) {
    ExpectRejected(absl::StrCat("dir/a", std::string(1, c), "b"), Windows(),
                   "path/windows_character", 5);
  }
  ExpectRejected("file.txt:stream", Windows(), "path/windows_character", 8);
  ExpectSanitized("a\\b\\c.txt", Windows(), "a/b/c.txt");
}

// ---- bounds
// ------------------------------------------------------------------

TEST(PathSanitize, DepthAndLength) {
  PathOptions o = Resolving();
  o.max_depth = 3;
  ExpectSanitized("a/b/c", o, "a/b/c");
  ExpectRejected("a/b/c/d", o, "path/too_deep", 6);
  ExpectSanitized("a/b/../c/d", o, "a/c/d");
  o.max_depth = 32;
  o.max_length = 5;
  ExpectSanitized("abc/d", o, "abc/d");
  ExpectRejected("abc/de", o, "path/too_long", 4);
  ExpectRejected(std::string(4 * 5 + 65, 'a'), o, "path/too_long", 84);
  PathOptions deep;
  std::string path;
  for (int i = 0; i < 32; ++i) path += "d/";
  ExpectSanitized(path, deep, path.substr(0, path.size() - 1));
  ExpectRejected(path + "x", deep, "path/too_deep", 64);
}

// Where the profile changes a segment (here by NFC), the sanitizer runs it
// before the NFKC structure check and takes its result as the NFKC form when
// that is NFKC-stable: the answers must be those of NFKC itself, and a
// segment that breaks both is still reported for its structure first.
TEST(PathSanitize, ProfileResultStandsInForTheNfkcForm) {
  const PathOptions o;
  // U+1F79 (omicron with oxia) is U+03CC under NFC: NFKC-stable.
  ExpectSanitized("a/\u1F79x", o, "a/\u03CCx");
  // The same with U+03D0 (curled beta), which NFC keeps and NFKC makes
  // U+03B2: the NFC result is not the NFKC form.
  ExpectSanitized("a/\u1F79\u03D0", o, "a/\u03CC\u03D0");
  // NFKC turns the one dot leader U+2024 into '.': a structure change,
  // whether NFC keeps the segment or changes it (U+1F79), and reported
  // before the profile's rejection of the unassigned U+0378.
  ExpectRejected("a/b\u2024", o, "path/structure_changed_by_nfkc", 3);
  ExpectRejected("a/\u1F79\u2024", o, "path/structure_changed_by_nfkc", 5);
  ExpectRejected("a/\u1F79\u2024\xCD\xB8", o, "path/structure_changed_by_nfkc",
                 5);
  ExpectRejected("a/\u1F79\xCD\xB8", o, "DISALLOWED/unassigned", 5);
  // NFKC as the path's form: the profile's result is the NFKC form itself.
  PathOptions nfkc;
  nfkc.normalization = NormalizationForm::kNfkc;
  ExpectSanitized("a/\u1F79\u03D0", nfkc, "a/\u03CC\u03B2");
  ExpectRejected("a/\u1F79\u2024", nfkc, "path/structure_changed_by_nfkc", 5);
}

// ---- offsets
// ------------------------------------------------------------------

TEST(PathSanitize, OffsetsPointIntoTheRawInputAfterDecoding) {
  // "ab/" + "%41%2e" (2 decoded bytes from 6 raw) + "%00".
  ExpectRejected("ab/%41%2e%00x", Decoding(), "path/nul", 9);
  ExpectRejected("ab/%41%2ex%01", Decoding(), "path/control", 10);
  ExpectRejected("ab/%41%2e%C0%AE", Decoding(), "utf8/overlong", 9);
  ExpectRejected("ab/%41%2e%E2%80", Decoding(), "utf8/truncated", 9);
  ExpectRejected("ab/%41%2e%E2%80%A4", Decoding(),
                 "path/structure_changed_by_nfkc", 9);
  ExpectRejected("ab/%41b/x%2", Decoding(), "path/percent_decoding", 9);
  const absl::StatusOr<std::string> r =
      SanitizePath("ab/%41%2e%00x", Decoding());
  EXPECT_NE(r.status().message().find("at byte 9"), std::string_view::npos)
      << r.status();
  EXPECT_EQ(GetRejection(r.status())->code_point, char32_t{0});
}

TEST(PathSanitize, IntoReusesTheBufferAndClearsItOnError) {
  std::string out = "stale";
  EXPECT_TRUE(SanitizePathInto("a/b", PathOptions{}, out).ok());
  EXPECT_EQ(out, "a/b");
  EXPECT_FALSE(SanitizePathInto("../x", PathOptions{}, out).ok());
  EXPECT_EQ(out, "");
}

TEST(PathSanitize, StructureCharacters) {
  for (const char32_t c : {U'/', U'\\', U'.', U':', U'%', U'\0', U'\x1F',
                           U'\x7F', U'\u0085', U'\u009F'}) {
    EXPECT_TRUE(IsPathStructureCharacter(c, false));
  }
  for (const char32_t c : {U'#', U'?', U'@'}) {
    EXPECT_TRUE(IsPathStructureCharacter(c, false));
  }
  for (const char32_t c : {U'a', U' ', U'-', U'\u00A0', U'\u2024', U'<'}) {
    EXPECT_FALSE(IsPathStructureCharacter(c, false));
  }
  EXPECT_TRUE(IsPathStructureCharacter(U'<', true));
  EXPECT_TRUE(IsPathStructureCharacter(U'*', true));
  EXPECT_EQ(DotDotPolicyName(DotDotPolicy::kReject), "reject");
  EXPECT_EQ(DotDotPolicyName(DotDotPolicy::kResolve), "resolve");
}

}  // namespace
}  // namespace u8guard

namespace u8guard {
namespace {

// The guarantees hold whatever the segment profile: a segment the profile
// maps to nothing is refused (never an empty segment), and the hidden,
// dot and reserved-name rules also hold for the NFKC_Casefold form, which
// removes default ignorables such as U+200B.
TEST(PathSanitize, GuaranteesHoldForEverySegmentProfile) {
  Profile trim = **FindBuiltinProfile("freeform-class");
  trim.name = "trimming";
  trim.additional_mapping = SpaceMapping::kToAsciiTrimCollapse;
  trim.min_output_bytes = 0;
  PathOptions o;
  o.segment_profile = &trim;
  ExpectRejected("a/ /b", o, "path/empty_segment", 2);
  ExpectRejected("a/   ", o, "path/empty_segment", 2);
  ExpectSanitized("a/ x /b", o, "a/x/b");
  // Idempotent where accepted.
  EXPECT_EQ(*SanitizePath(*SanitizePath("a/ x /b", o), o), "a/x/b");

  const Profile& text = **FindBuiltinProfile("text-document");
  o.segment_profile = &text;
  ExpectRejected("\u200B.env", o, "path/hidden", 0);
  ExpectRejected("x/\u200B.git/config", o, "path/hidden", 2);
  ExpectRejected("x/\u200B\u200B..", o, "path/structure_changed_by_nfkc", 2);
  // text-document strips one initial BOM per segment; a second would begin
  // the result and be stripped by the next run: refused, at the second BOM
  // (found by path_fuzz).
  ExpectSanitized("\uFEFFrr", o, "rr");
  ExpectRejected("\uFEFF\uFEFFrr", o, "unstable", 3);
  ExpectRejected("a/\uFEFF\uFEFFb", o, "unstable", 5);
  ExpectSanitized("a/b\uFEFF\uFEFF", o, "a/b\uFEFF\uFEFF");
  Profile ignoring = text;
  ignoring.bom = BomPolicy::kIgnore;
  o.segment_profile = &ignoring;
  ExpectRejected("x/\uFEFF\uFEFFrr", o, "unstable", 5);
  o.segment_profile = &text;
  o.allow_hidden = true;
  ExpectSanitized("x/\u200B.env", o, "x/\u200B.env");
  o.allow_hidden = false;
  o.windows = true;
  ExpectRejected("CON\u200B.txt", o, "path/windows_reserved", 0);
  ExpectRejected("dir/\u200BNUL", o, "path/windows_reserved", 4);
  ExpectRejected("a\u200B.", o, "path/windows_trailing_dot_space", 4);
  // The default profile disallows U+200B itself.
  o.segment_profile = nullptr;
  ExpectRejected("CON\u200B.txt", o, "DISALLOWED/precis_ignorable_properties",
                 3);
}

// A profile that trims spaces but keeps default ignorables: "\u200B "
// becomes "\u200B", whose NFKC_Casefold form is empty, so
// "a/\u200B /b" was accepted as "a/\u200B/b" ("a//b" under NFKC_Casefold),
// which sanitizing again refused. A result segment none of whose forms may
// be empty is refused, as the segment it would become is.
TEST(PathSanitize, NoResultSegmentHasAnEmptyNormalizedForm) {
  Profile trim = **FindBuiltinProfile("text-document");
  trim.name = "text-trimming";
  trim.additional_mapping = SpaceMapping::kToAsciiTrimCollapse;
  PathOptions o;
  o.segment_profile = &trim;
  for (const NormalizationForm form :
       {NormalizationForm::kNfc, NormalizationForm::kNfkc}) {
    o.normalization = form;
    ExpectRejected("a/\u200B /b", o, "path/structure_changed_by_nfkc", 2);
    ExpectRejected("a/\u200B/b", o, "path/structure_changed_by_nfkc", 2);
    ExpectRejected("a/ \u200B\u2060 /b", o, "path/structure_changed_by_nfkc",
                   2);
    ExpectRejected("\u200B\u00AD ", o, "path/structure_changed_by_nfkc", 0);
    // path_fuzz's reproducer (seed path_text_trimming_zwj_after_space).
    ExpectRejected(" \u200D", o, "path/structure_changed_by_nfkc", 0);
    ExpectSanitized("a/\u200Bx /b", o, "a/\u200Bx/b");
  }
}

}  // namespace
}  // namespace u8guard

namespace u8guard {
namespace {

// The sanitizer computes a segment's NFKC_Casefold form only when NFKC
// changes a code point or when a default ignorable is there: otherwise the
// form differs only by case folding. This checks, for every code point,
// that case folding alone never brings what the whole-segment rules look
// at: a structure character, '.', ' ', or a letter or digit of a Windows
// device name; nor folds a code point to nothing, so that no segment of
// dots and such letters folds into "", "." or "..".
TEST(PathSanitize, CaseFoldingAloneNeverChangesWhatTheRulesSee) {
  int bad = 0;
  for (char32_t cp = 0x80; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    const uint16_t f = internal::MappingFlagsOf(cp);
    if (!(f & internal::kNfkcStable) || (f & internal::kDefaultIgnorable)) {
      continue;
    }
    // U+0130 folds to "i" U+0307: the mark after the "i" keeps any segment
    // holding it from being a device name, a dot segment or hidden.
    if (cp == 0x130) continue;
    std::string one;
    ASSERT_TRUE(AppendUtf8(cp, one));
    const absl::StatusOr<std::string> folded =
        Normalize(NormalizationForm::kNfkcCasefold, one);
    ASSERT_TRUE(folded.ok());
    if (folded->empty() && ++bad < 10) {
      ADD_FAILURE() << absl::StrFormat("U+%04X folds to nothing",
                                       static_cast<uint32_t>(cp));
    }
    for (const char c : *folded) {
      const auto b = static_cast<unsigned char>(c);
      if (b >= 0x80) continue;
      const bool device_char =
          std::string_view("conprauxlmtiCONPRAUXLMTI0123456789$").find(c) !=
          std::string_view::npos;
      if (IsPathStructureCharacter(b, /*windows=*/true) || c == ' ' ||
          device_char) {
        if (++bad < 10) {
          ADD_FAILURE() << absl::StrFormat("U+%04X folds to \"%s\"",
                                           static_cast<uint32_t>(cp), *folded);
        }
      }
    }
  }
  EXPECT_EQ(bad, 0);
}

// What the whole-segment rules and the structure check look at in one form
// of a segment (src/path/sanitize.cc, CheckWholeSegment; SameStructure).
struct RulesView {
  bool empty, dot_segment, hidden, drive, reserved, trailing_dot_space;
  std::string structure;  // the structure characters, in order (Windows)

  bool operator==(const RulesView&) const = default;
};

RulesView ViewOf(std::string_view form) {
  RulesView v{form.empty(),
              form == "." || form == "..",
              form.starts_with('.'),
              internal::StartsWithDriveLetter(form),
              internal::IsWindowsReservedName(form),
              form.ends_with('.') || form.ends_with(' '),
              {}};
  for (size_t pos = 0; pos < form.size();) {
    const int32_t cp = DecodeUtf8At(form, pos);
    if (cp < 0) {
      ADD_FAILURE() << "invalid UTF-8: " << ToHex(form);
      return v;
    }
    if (IsPathStructureCharacter(static_cast<char32_t>(cp),
                                 /*windows=*/true)) {
      v.structure += absl::StrFormat("U+%04X ", cp);
    }
  }
  return v;
}

// Where NFKC changes a segment d without a default ignorable, and NFKC(d) is
// made of NFKC-stable code points without one, the sanitizer checks NFKC(d)
// in place of NFKC_Casefold(d); where NFKC only swaps code points of d for
// such code points, it checks d for both (src/path/nfkc_structure.cc). The two
// are not always equal (U+1F80 U+0301: NFKC composes U+1F84, which folds to
// U+1F04 U+03B9, while NFKC_Casefold folds first and puts the accent on the
// iota), but they must look the same to the rules: for every code point,
// and for strings that mix what composes, decomposes and folds.
TEST(PathSanitize, WhereNfkcCasefoldIsSkippedTheRulesSeeTheSame) {
  const auto form = [](NormalizationForm f, const std::string& s) {
    const absl::StatusOr<std::string> r = Normalize(f, s);
    EXPECT_TRUE(r.ok()) << r.status();
    return r.ok() ? *r : std::string();
  };
  const auto stable_without_ignorables = [](std::string_view s) {
    const internal::CodePointFacts f =
        internal::ScanCodePoints(s, std::string_view::npos);
    return (f.all_flags & internal::kNfkcStable) != 0 &&
           (f.any_flags & internal::kDefaultIgnorable) == 0;
  };
  int tried = 0, swapped = 0;
  // Returns false on a disagreement.
  const auto check = [&](const std::string& s) {
    const internal::CodePointFacts f =
        internal::ScanCodePoints(s, std::string_view::npos);
    if ((f.any_flags & internal::kDefaultIgnorable) != 0) return true;
    const std::string nfkc = form(NormalizationForm::kNfkc, s);
    if (nfkc == s) return true;
    const std::string folded = form(NormalizationForm::kNfkcCasefold, s);
    // Where NFKC only swaps code points (CodePointFacts::
    // nfkc_keeps_or_swaps), the segment itself stands for both forms.
    if (f.nfkc_keeps_or_swaps) {
      ++swapped;
      if (!stable_without_ignorables(nfkc) || ViewOf(nfkc) != ViewOf(s) ||
          ViewOf(folded) != ViewOf(s)) {
        ADD_FAILURE() << ToHex(s) << ": NFKC " << ToHex(nfkc)
                      << " or NFKC_Casefold " << ToHex(folded)
                      << " differ for the rules from the text itself";
        return false;
      }
    }
    if (!stable_without_ignorables(nfkc)) return true;
    ++tried;
    if (ViewOf(folded) == ViewOf(nfkc)) return true;
    ADD_FAILURE() << ToHex(s) << ": NFKC " << ToHex(nfkc)
                  << " and NFKC_Casefold " << ToHex(folded)
                  << " differ for the rules";
    return false;
  };
  int bad = 0;
  for (char32_t cp = 0; cp <= 0x10FFFF && bad < 10; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    std::string one;
    ASSERT_TRUE(AppendUtf8(cp, one));
    bad += !check(one);
  }
  // Mixed strings: ASCII (structure characters and letters), combining
  // marks, Greek with and without tonos and its compatibility letters,
  // Hangul jamo and syllables, fullwidth forms, ligatures, default
  // ignorables, letters whose folding is long or composes.
  const std::vector<char32_t> pool = {
      U'.',   U'/',   U'a',   U'I',   U'K',   U'e',   U' ',   U'<',
      U'=',   0x0301, 0x0308, 0x0338, 0x0345, 0x0342, 0x0313, 0x03B1,
      0x0399, 0x03C2, 0x1F79, 0x1FB3, 0x1F80, 0x0390, 0x03D0, 0x03F5,
      0x1100, 0x1161, 0x11A8, 0xAC00, 0xFF0E, 0xFF21, 0xFB01, 0x00DF,
      0x1E9E, 0x0130, 0x212A, 0x2126, 0x200B, 0x00AD, 0xFE0F, 0x3164,
      0xFFA0, 0x0F73, 0x0344, 0x1E9B, 0x0323, 0x2024, 0xFE52, 0xFF43,
      0xFF4F, 0xFF4E, 0xFF1A, 0x2460, 0x33C7, 0x2100, 0x00BD};
  std::mt19937 rng(17);
  for (int i = 0; i < 200000 && bad < 10; ++i) {
    std::string s;
    const size_t len = 1 + rng() % 6;
    for (size_t k = 0; k < len; ++k) {
      ASSERT_TRUE(AppendUtf8(pool[rng() % pool.size()], s));
    }
    bad += !check(s);
  }
  EXPECT_EQ(bad, 0);
  EXPECT_GT(tried, 10000);  // the shortcut's case, many times
  EXPECT_GT(swapped, 10000);
}

}  // namespace
}  // namespace u8guard

namespace u8guard::internal {
namespace {

// ClassesOf reads 16 bytes at a time where the text has 16, overlapping or
// masking the bytes around the range: for every range of texts of every
// length up to 40, its answer is the byte table's, or'ed byte by byte.
TEST(PathRules, ClassesOfEveryRangeIsTheOrOfItsBytes) {
  const std::array<uint8_t, 256>& table = PathByteClasses();
  // One byte of each class, and plain ones.
  const std::string kBytes =
      std::string("\0\x01\x1f\x7f/\\%?:<>\"|*", 14) + "\x80\xc3\xff .aZ09";
  std::mt19937 rng(11);
  int bad = 0;
  for (size_t len = 0; len <= 40; ++len) {
    for (int trial = 0; trial < 20; ++trial) {
      std::string s(len, 'a');
      // Mostly plain bytes, so that a single special one must be seen.
      for (char& c : s) {
        if (rng() % 4 == 0) c = kBytes[rng() % kBytes.size()];
      }
      for (size_t b = 0; b <= len; ++b) {
        for (size_t e = b; e <= len; ++e) {
          uint8_t want = 0;
          for (size_t i = b; i < e; ++i)
            want |= table[static_cast<uint8_t>(s[i])];
          if (ClassesOf(s, b, e) != want && ++bad <= 5) {
            ADD_FAILURE() << absl::StrFormat("len %d [%d, %d): %x, want %x",
                                             len, b, e, ClassesOf(s, b, e),
                                             want);
          }
        }
      }
    }
  }
  EXPECT_EQ(bad, 0);
}

}  // namespace
}  // namespace u8guard::internal
