// SPDX-License-Identifier: Apache-2.0
// SanitizePath against its reference oracle (tests/path/path_oracle.h), which
// follows the documented rules slowly, with ICU on every segment: both must
// give the same result, or reject with the same rule at the same offset
// naming the same code point. Over fuzzdb's traversal corpus
// (../shared/testdata/fuzzdb-traversals-8-deep-exotic-encoding.txt) and
// hundreds of thousands of random paths mixing traversal syntax, escapes,
// ill-formed bytes and the code points that normalization turns into
// structure, under every option that changes the rules and every built-in
// and custom segment profile. The fuzzer (tests/fuzz/path_fuzz.cc) makes
// the same comparison; the inputs it found disagreements on are in
// OracleFinds below.

#include "tests/path/path_oracle.h"

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/path.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"

namespace u8guard {
namespace {

using ::u8guard::testing::MismatchLog;
using ::u8guard::testing::OracleDisagreement;
using ::u8guard::testing::OracleSegmentProfiles;
using ::u8guard::testing::ReadFileOrDie;
using ::u8guard::testing::SharedPath;
using ::u8guard::testing::SplitLines;

constexpr char kCorpusFile[] =
    "testdata/fuzzdb-traversals-8-deep-exotic-encoding.txt";

// text-document with a Stream-Safe bound of `max` non-starters.
const Profile* TightStreamSafe(size_t max) {
  auto* p = new Profile(**FindBuiltinProfile("text-document"));
  p->name = absl::StrCat("text-stream-safe-", max);
  p->max_non_starters = max;
  return p;
}

// Every segment profile: the built-in ones, the custom ones of
// OracleSegmentProfiles (with path-segment and text-document again), and
// tight Stream-Safe bounds (1 and 2: a code point's own trailing
// non-starters exceed them).
std::vector<const Profile*> AllProfiles() {
  static const Profile* const tight1 = TightStreamSafe(1);
  static const Profile* const tight2 = TightStreamSafe(2);
  std::vector<const Profile*> out;
  for (const Profile& p : BuiltinProfiles()) out.push_back(&p);
  for (const Profile& p : OracleSegmentProfiles()) out.push_back(&p);
  out.push_back(tight1);
  out.push_back(tight2);
  return out;
}

// The options whose combinations change the rules, from the bits of `bits`
// (8 bits: every combination of the boolean options and the policy, under
// a root or not).
PathOptions OptionsFromBits(unsigned bits, const Profile* profile) {
  PathOptions o;
  o.percent_decode = bits & 1;
  if (bits & 2) o.normalization = NormalizationForm::kNfkc;
  if (bits & 4) o.dot_dot = DotDotPolicy::kResolve;
  o.backslash_is_separator = bits & 8;
  o.windows = bits & 16;
  o.allow_hidden = bits & 32;
  o.leading_separator_is_root = bits & 64;
  if (bits & 128) o.root = "/srv/www/";
  o.segment_profile = profile;
  return o;
}

// Pieces random paths are made of: traversal syntax, escapes (good, bad,
// double, overlong), ill-formed bytes, controls, Windows names and
// characters, and code points that NFKC, NFKC_Casefold or a profile's
// mappings change: into dots and separators, into nothing, into ASCII, into
// other letters; combining marks, a BOM, spaces of every width.
const std::vector<std::string>& Pieces() {
  static const std::vector<std::string>* const pieces =
      new std::vector<std::string>{"a",
                                   "b",
                                   "Z",
                                   "etc",
                                   "passwd",
                                   "x.txt",
                                   "0",
                                   "9",
                                   "_",
                                   "-",
                                   "~",
                                   ".",
                                   "..",
                                   "...",
                                   "/",
                                   "//",
                                   "\\",
                                   "%",
                                   "%2e",
                                   "%2E",
                                   "%2f",
                                   "%5c",
                                   "%00",
                                   "%0a",
                                   "%25",
                                   "%252e",
                                   "%c0%ae",
                                   "%C0%AF",
                                   "%e2%80%a4",
                                   "%ef%bc%8e",
                                   "%C2%85",
                                   "%FF",
                                   "%2",
                                   "%zz",
                                   "%u002e",
                                   "%41",
                                   "%e9",
                                   "%c3%a9",
                                   "%ef%bb%bf",
                                   " ",
                                   "  ",
                                   ":",
                                   "C:",
                                   "c:",
                                   "?",
                                   "#",
                                   "@",
                                   "*",
                                   "<",
                                   ">",
                                   "|",
                                   "\"",
                                   "CON",
                                   "con",
                                   "Aux",
                                   "NUL",
                                   "COM1",
                                   "lpt9",
                                   "CONIN$",
                                   "conout$",
                                   ".git",
                                   ".env",
                                   std::string("\0", 1),
                                   "\x01",
                                   "\x1f",
                                   "\x7f",
                                   "\xC2\x85",
                                   "\xC2\x9F",
                                   "\xC0\xAE",
                                   "\xE0\x80\xAE",
                                   "\xFF",
                                   "\xED\xA0\x80",
                                   "\xF4\x90\x80\x80",
                                   "\xC3",
                                   "\u00E9",
                                   "e\u0301",
                                   "\u0301",
                                   "\u0301\u0301\u0301",
                                   "\u0308",
                                   "\u00B9",
                                   "\u00B3",
                                   "\u00B2",
                                   "\u2024",
                                   "\u2025",
                                   "\u2026",
                                   "\uFF0E",
                                   "\uFF0F",
                                   "\uFF3C",
                                   "\uFE13",
                                   "\uFE52",
                                   "\u2100",
                                   "\u2488",
                                   "\uFF03",
                                   "\uFE6B",
                                   "\uFF1A",
                                   "\uFF1F",
                                   "\u200B",
                                   "\u200C",
                                   "\u200D",
                                   "\u00AD",
                                   "\u034F",
                                   "\u2060",
                                   "\uFEFF",
                                   "\u180E",
                                   "\u3000",
                                   "\u00A0",
                                   "\u2002",
                                   "\u212A",
                                   "\u1E9E",
                                   "\u0130",
                                   "\u0131",
                                   "\uFB01",
                                   "\u00DF",
                                   "\u03A3",
                                   "\u1F80",
                                   "\u01C4",
                                   "\uFF21",
                                   "\uFF43",
                                   "\uFF4F",
                                   "\uFF4E",
                                   "\U0001D400",
                                   "\u0627",
                                   "\u05D0",
                                   "\u0660",
                                   "\u06F0",
                                   "\u00B7",
                                   "\u0375",
                                   "\u30FB",
                                   "\u0F73",
                                   "\u0344",
                                   "\u1FEE",
                                   "\u3099",
                                   "\uFF9E",
                                   "\u2F00",
                                   "\u3250",
                                   "\u33C2",
                                   "\u2474",
                                   "\u24EA",
                                   "\u00BD",
                                   "\uFFFD",
                                   "\U000E0041",
                                   "\U0010FFFF",
                                   "\u4E2D",
                                   "\uAC00",
                                   "\u1100\u1161",
                                   "\U0001F600"};
  return *pieces;
}

// A random path of `pieces` pieces, now and then with a long run of
// combining marks (the Stream-Safe bound) or a long segment (the profile's
// bounds).
std::string RandomPath(std::mt19937_64& rng) {
  const std::vector<std::string>& pieces = Pieces();
  std::string s;
  const size_t n = 1 + rng() % 12;
  for (size_t i = 0; i < n; ++i) {
    const uint64_t r = rng() % 1000;
    if (r == 0) {
      s += "a";
      for (int k = 0; k < 29 + static_cast<int>(rng() % 4); ++k) s += "\u0301";
    } else if (r == 1) {
      s += std::string(250 + rng() % 20, 'x');
    } else if (r < 300) {
      s += "/";
    } else {
      s += pieces[rng() % pieces.size()];
    }
  }
  return s;
}

TEST(PathOracle, AgreesOnFuzzdbTraversals) {
  U8GUARD_REQUIRE_SHARED_FILE(kCorpusFile);
  std::vector<std::string> inputs;
  for (const std::string& line :
       SplitLines(ReadFileOrDie(SharedPath(kCorpusFile)))) {
    if (line.empty()) continue;
    for (const char* file : {"etc/passwd", "boot.ini"}) {
      inputs.push_back(absl::StrReplaceAll(line, {{"{FILE}", file}}));
    }
  }
  ASSERT_EQ(inputs.size(), 1060u);
  MismatchLog disagreements;
  size_t runs = 0;
  const std::vector<const Profile*> profiles = AllProfiles();
  // Under ASan (five times slower) a quarter of the pairs: each input under
  // a quarter of the option combinations, each combination with a quarter
  // of the inputs, so that the sanitizer still sees every input and every
  // combination; the plain build compares every pair.
  const size_t stride = testing::kAddressSanitizer ? 4 : 1;
  for (unsigned bits = 0; bits < 256; ++bits) {
    // Every option combination under the built-in profile; every profile
    // under every eighth one (the corpus is long: about 10 s in all).
    for (size_t p = 0; p < profiles.size(); ++p) {
      if (p != 0 && bits % 8 != p % 8) continue;
      const PathOptions o = OptionsFromBits(bits, profiles[p]);
      for (size_t i = 0; i < inputs.size(); ++i) {
        if ((i + bits) % stride != 0) continue;
        const std::string& in = inputs[i];
        ++runs;
        if (std::string why = OracleDisagreement(in, o); !why.empty()) {
          disagreements.Add(why);
        }
      }
    }
  }
  std::cout << runs << " runs\n";
  disagreements.ExpectNone("disagreements with the oracle");
}

TEST(PathOracle, AgreesOnRandomPaths) {
  std::mt19937_64 rng(24);
  const std::vector<const Profile*> profiles = AllProfiles();
  MismatchLog disagreements(40);
  constexpr int kPaths = 300000;
  for (int i = 0; i < kPaths; ++i) {
    const std::string in = RandomPath(rng);
    PathOptions o = OptionsFromBits(static_cast<unsigned>(rng() % 256),
                                    profiles[rng() % profiles.size()]);
    // Small bounds now and then, to reach too_deep and too_long.
    if (rng() % 8 == 0) {
      o.max_depth = rng() % 6;
      o.max_length = rng() % 24;
    }
    if (std::string why = OracleDisagreement(in, o); !why.empty()) {
      disagreements.Add(why);
    }
  }
  disagreements.ExpectNone("disagreements with the oracle");
}

// What the oracle found, each a sanitizer bug fixed where the rule is
// applied (src/path/sanitize.cc), and kept as fuzz seeds
// (tests/fuzz/seeds/path_oracle_*).
TEST(PathOracle, OracleFinds) {
  const std::vector<Profile>& custom = OracleSegmentProfiles();
  const Profile& text_trimming = custom[4];
  ASSERT_EQ(text_trimming.name, "text-trimming");
  const Profile& nickname = custom[3];
  ASSERT_EQ(nickname.name, "nickname");
  PathOptions o;
  o.windows = true;
  // The Windows rules hold for the result and its NFKC forms, not for the
  // forms of the segment as given: trimmed, "e\u0301 " is "\u00E9", as
  // "e " is "e" (the sanitizer checked NFKC("e\u0301 ") = "\u00E9 " on
  // non-ASCII segments only, and refused a trailing space the result does
  // not have).
  for (const Profile* p : {&text_trimming, &nickname}) {
    o.segment_profile = p;
    EXPECT_EQ(SanitizePath("e\u0301 ", o).value_or("rejected"), "\u00E9");
    EXPECT_EQ(SanitizePath("e ", o).value_or("rejected"), "e");
    EXPECT_EQ(OracleDisagreement("e\u0301 ", o), "");
    EXPECT_EQ(OracleDisagreement("\u3250\u2002/", o), "");  // "pte"
  }
  // A BOM that trimming brings to the front of the result is unstable (the
  // profile would strip it when sanitizing the result again), reported at
  // that BOM, not 3 bytes into the segment (inside it).
  o = PathOptions();
  o.segment_profile = &text_trimming;
  const absl::StatusOr<std::string> r = SanitizePath("x/ \uFEFFa", o);
  ASSERT_TRUE(GetRejection(r.status()).has_value()) << r.status();
  EXPECT_EQ(GetRejection(r.status())->rule_id(), "unstable");
  EXPECT_EQ(GetRejection(r.status())->offset, 3u);
  EXPECT_EQ(OracleDisagreement("x/ \uFEFFa", o), "");
  EXPECT_EQ(OracleDisagreement("x/\uFEFF\uFEFFa", o), "");
  EXPECT_EQ(OracleDisagreement("x/\uFEFF \uFEFFa", o), "");
}

TEST(PathOracle, AgreesOnBadOptions) {
  PathOptions o;
  o.normalization = NormalizationForm::kNfkcCasefold;
  EXPECT_EQ(OracleDisagreement("a", o), "");
  for (const char* root : {"relative", "/a/../b", "/a//b", "/./b", "/a\x01",
                           "/a\xC2\x85", "/\xC0\xAE", "/", "/a/", "/a//"}) {
    o = PathOptions();
    o.root = root;
    EXPECT_EQ(OracleDisagreement("x/y", o), "") << root;
    EXPECT_EQ(OracleDisagreement("", o), "") << root;
  }
}

}  // namespace
}  // namespace u8guard
