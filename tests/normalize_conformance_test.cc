// SPDX-License-Identifier: Apache-2.0
// Unicode's own conformance data for normalization, Unicode 15.0 (the version
// ICU 72 implements), from Debian's unicode-data package:
//
//  * NormalizationTest.txt: every line, every invariant of the file's header
//    (NFC, NFD, NFKC, NFKD), IsNormalized against every column, and Part 1's
//    rule that every code point not listed there is invariant under all four
//    forms.
//  * DerivedNormalizationProps.txt: the NFKC_CF mapping and the
//    Changes_When_NFKC_Casefolded property of every code point, for the
//    NFKC_Casefold form (NormalizationTest.txt does not cover it).

#include <cstdio>
#include <cstdlib>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/normalize.h"
#include "u8guard/utf8.h"
#include "unicode/uchar.h"
#include "unicode/uversion.h"

namespace u8guard {
namespace {

using ::u8guard::testing::ToHex;

constexpr char kNormalizationTest[] =
    "/usr/share/unicode/NormalizationTest.txt.bz2";
constexpr char kDerivedNormalizationProps[] =
    "/usr/share/unicode/DerivedNormalizationProps.txt";

// Line counts of NormalizationTest-15.0.0.txt, per part (counted with awk
// over the file, independently of this test's parser).
constexpr int kPartLines[4] = {25, 17029, 1844, 176};
constexpr int kAllLines = 19074;

constexpr NormalizationForm kNfc = NormalizationForm::kNfc;
constexpr NormalizationForm kNfd = NormalizationForm::kNfd;
constexpr NormalizationForm kNfkc = NormalizationForm::kNfkc;
constexpr NormalizationForm kNfkd = NormalizationForm::kNfkd;
constexpr NormalizationForm kNfkcCf = NormalizationForm::kNfkcCasefold;

// Runs `command` and returns its standard output; fails the test if it does
// not exit with status 0.
std::string ReadCommandOutput(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) {
    ADD_FAILURE() << "cannot run " << command;
    return out;
  }
  char buffer[1 << 16];
  size_t n;
  while ((n = fread(buffer, 1, sizeof(buffer), pipe)) > 0)
    out.append(buffer, n);
  const int status = pclose(pipe);
  EXPECT_EQ(status, 0) << command << " failed";
  return out;
}

// "1E0A 0323" -> UTF-8; fails the test on a malformed or non-scalar value.
std::string CodePointsToUtf8(std::string_view field) {
  std::string out;
  for (absl::string_view hex :
       absl::StrSplit(absl::string_view(field.data(), field.size()), ' ',
                      absl::SkipEmpty())) {
    uint32_t cp = 0;
    if (!absl::SimpleHexAtoi(hex, &cp) || !AppendUtf8(cp, out)) {
      ADD_FAILURE() << "bad code point \"" << hex << "\"";
    }
  }
  return out;
}

std::string Utf8(char32_t cp) {
  std::string out;
  EXPECT_TRUE(AppendUtf8(cp, out)) << static_cast<uint32_t>(cp);
  return out;
}

struct TestLine {
  int line_number;   // 1-based, in the file
  int part;          // 0..3
  std::string text;  // the line, for failure messages
  std::string c[6];  // c[1]..c[5] as in the file's header; c[0] unused
};

struct NormalizationTestFile {
  std::string first_line;
  std::vector<TestLine> lines;
  int part_lines[4] = {};
  std::set<char32_t> part1_code_points;
};

NormalizationTestFile Load() {
  NormalizationTestFile file;
  const std::string content =
      ReadCommandOutput(std::string("bzcat ") + kNormalizationTest);
  int line_number = 0;
  int part = -1;
  for (absl::string_view raw : absl::StrSplit(content, '\n')) {
    ++line_number;
    if (line_number == 1) file.first_line = std::string(raw);
    absl::string_view data = raw.substr(0, raw.find('#'));
    data = absl::StripAsciiWhitespace(data);
    if (data.empty()) continue;
    if (absl::ConsumePrefix(&data, "@Part")) {
      EXPECT_TRUE(absl::SimpleAtoi(data, &part) && part >= 0 && part <= 3)
          << "line " << line_number << ": " << raw;
      continue;
    }
    std::vector<absl::string_view> fields = absl::StrSplit(data, ';');
    // Five columns, each followed by ';'.
    if (fields.size() != 6 || !fields[5].empty() || part < 0) {
      ADD_FAILURE() << "line " << line_number << " malformed: " << raw;
      continue;
    }
    TestLine line{line_number, part, std::string(raw), {}};
    for (int i = 1; i <= 5; ++i) {
      line.c[i] =
          CodePointsToUtf8({fields[i - 1].data(), fields[i - 1].size()});
    }
    if (part == 1) {
      absl::StatusOr<std::u32string> cps = DecodeUtf8(line.c[1]);
      EXPECT_TRUE(cps.ok() && cps->size() == 1) << "line " << line_number;
      if (cps.ok() && !cps->empty()) file.part1_code_points.insert((*cps)[0]);
    }
    ++file.part_lines[part];
    file.lines.push_back(std::move(line));
  }
  return file;
}

class NormalizationTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { file_ = new NormalizationTestFile(Load()); }
  static void TearDownTestSuite() {
    delete file_;
    file_ = nullptr;
  }
  static const NormalizationTestFile& file() { return *file_; }

 private:
  static NormalizationTestFile* file_;
};

NormalizationTestFile* NormalizationTest::file_ = nullptr;

// Normalize() that fails the test (and returns a marker) on an error status.
std::string To(NormalizationForm form, const std::string& s) {
  absl::StatusOr<std::string> r = Normalize(form, s);
  EXPECT_TRUE(r.ok()) << NormalizationFormName(form) << " of " << ToHex(s)
                      << ": " << r.status();
  return r.ok() ? *r : "<error>";
}

TEST(UnicodeVersionTest, IcuImplementsTheVersionOfTheTestFiles) {
  UVersionInfo version;
  u_getUnicodeVersion(version);
  char text[U_MAX_VERSION_STRING_LENGTH];
  u_versionToString(version, text);
  ASSERT_TRUE(version[0] == 15 && version[1] == 0)
      << "ICU implements Unicode " << text
      << " but the conformance files in /usr/share/unicode are for Unicode "
         "15.0.0: the test data and the library disagree";
}

TEST_F(NormalizationTest, FileIsUnicode15AndComplete) {
  EXPECT_EQ(file().first_line, "# NormalizationTest-15.0.0.txt");
  EXPECT_EQ(static_cast<int>(file().lines.size()), kAllLines);
  for (int part = 0; part < 4; ++part) {
    EXPECT_EQ(file().part_lines[part], kPartLines[part]) << "Part" << part;
  }
  EXPECT_EQ(static_cast<int>(file().part1_code_points.size()), kPartLines[1]);
}

// Reports a line's failure with the line itself; stops after 50 lines.
class LineFailures {
 public:
  void Check(const TestLine& line, bool ok, const std::string& what) {
    if (ok) return;
    if (++count_ <= 50) {
      ADD_FAILURE() << "line " << line.line_number << " (" << line.text
                    << "): " << what;
    }
  }
  int count() const { return count_; }

 private:
  int count_ = 0;
};

TEST_F(NormalizationTest, EveryLineSatisfiesEveryInvariant) {
  LineFailures failures;
  int checked = 0;
  for (const TestLine& line : file().lines) {
    const std::string* c = line.c;
    // NFC: c2 == toNFC(c1) == toNFC(c2) == toNFC(c3); c4 == toNFC(c4) ==
    // toNFC(c5).
    for (int i : {1, 2, 3}) {
      const std::string got = To(kNfc, c[i]);
      failures.Check(line, got == c[2],
                     "toNFC(c" + std::to_string(i) + ") = " + ToHex(got));
    }
    for (int i : {4, 5}) {
      const std::string got = To(kNfc, c[i]);
      failures.Check(line, got == c[4],
                     "toNFC(c" + std::to_string(i) + ") = " + ToHex(got));
    }
    // NFD: c3 == toNFD(c1) == toNFD(c2) == toNFD(c3); c5 == toNFD(c4) ==
    // toNFD(c5).
    for (int i : {1, 2, 3}) {
      const std::string got = To(kNfd, c[i]);
      failures.Check(line, got == c[3],
                     "toNFD(c" + std::to_string(i) + ") = " + ToHex(got));
    }
    for (int i : {4, 5}) {
      const std::string got = To(kNfd, c[i]);
      failures.Check(line, got == c[5],
                     "toNFD(c" + std::to_string(i) + ") = " + ToHex(got));
    }
    // NFKC: c4 == toNFKC(c1..c5); NFKD: c5 == toNFKD(c1..c5).
    for (int i = 1; i <= 5; ++i) {
      const std::string nfkc = To(kNfkc, c[i]);
      failures.Check(line, nfkc == c[4],
                     "toNFKC(c" + std::to_string(i) + ") = " + ToHex(nfkc));
      const std::string nfkd = To(kNfkd, c[i]);
      failures.Check(line, nfkd == c[5],
                     "toNFKD(c" + std::to_string(i) + ") = " + ToHex(nfkd));
    }
    ++checked;
  }
  EXPECT_EQ(checked, kAllLines);
  EXPECT_EQ(failures.count(), 0);
}

TEST_F(NormalizationTest, IsNormalizedAgreesWithEveryColumn) {
  LineFailures failures;
  for (const TestLine& line : file().lines) {
    const std::string* c = line.c;
    for (int i = 1; i <= 5; ++i) {
      // The file's answer for toX(c_i), per the header's invariants.
      const std::pair<NormalizationForm, const std::string*> expected[] = {
          {kNfc, i <= 3 ? &c[2] : &c[4]},
          {kNfd, i <= 3 ? &c[3] : &c[5]},
          {kNfkc, &c[4]},
          {kNfkd, &c[5]},
      };
      for (const auto& [form, normal] : expected) {
        const bool want = c[i] == *normal;
        absl::StatusOr<bool> got = IsNormalized(form, c[i]);
        failures.Check(line, got.ok() && *got == want,
                       "IsNormalized(" +
                           std::string(NormalizationFormName(form)) + ", c" +
                           std::to_string(i) + ") is wrong");
        failures.Check(line, IsNormalizedValidUtf8(form, c[i]) == want,
                       "IsNormalizedValidUtf8(" +
                           std::string(NormalizationFormName(form)) + ", c" +
                           std::to_string(i) + ") is wrong");
      }
    }
  }
  EXPECT_EQ(failures.count(), 0);
}

// Part 1: "every code point X assigned in this version of Unicode that is
// not specifically listed in Part 1" satisfies X == toNFC(X) == toNFD(X) ==
// toNFKC(X) == toNFKD(X). Checked for every scalar value, assigned or not
// (unassigned code points have no decomposition either).
TEST_F(NormalizationTest, CodePointsNotInPart1AreInvariant) {
  ASSERT_EQ(static_cast<int>(file().part1_code_points.size()), kPartLines[1]);
  int failures = 0;
  int checked = 0;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    if (file().part1_code_points.count(cp)) continue;
    const std::string x = Utf8(cp);
    for (NormalizationForm form : {kNfc, kNfd, kNfkc, kNfkd}) {
      absl::StatusOr<std::string> got = Normalize(form, x);
      absl::StatusOr<bool> normal = IsNormalized(form, x);
      if (!got.ok() || *got != x || !normal.ok() || !*normal) {
        if (++failures <= 50) {
          ADD_FAILURE() << "U+" << std::hex << static_cast<uint32_t>(cp)
                        << " changes under " << NormalizationFormName(form);
        }
      }
    }
    ++checked;
  }
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(checked, 0x110000 - 0x800 - kPartLines[1]);
}

// DerivedNormalizationProps.txt: the NFKC_CF mapping of single code points
// (missing = the code point itself) and the set of code points with
// Changes_When_NFKC_Casefolded.
struct NfkcCfData {
  std::unordered_map<char32_t, std::string> mapping;
  std::set<char32_t> changes;
  int mapping_lines = 0;
  int changes_lines = 0;
};

NfkcCfData LoadNfkcCf() {
  NfkcCfData data;
  const std::string content =
      testing::ReadFileOrDie(kDerivedNormalizationProps);
  EXPECT_EQ(content.substr(0, content.find('\n')),
            "# DerivedNormalizationProps-15.0.0.txt");
  for (absl::string_view raw : absl::StrSplit(content, '\n')) {
    absl::string_view line = raw.substr(0, raw.find('#'));
    std::vector<absl::string_view> fields = absl::StrSplit(line, ';');
    if (fields.size() < 2) continue;
    const absl::string_view property = absl::StripAsciiWhitespace(fields[1]);
    const bool is_mapping = property == "NFKC_CF";
    const bool is_changes = property == "Changes_When_NFKC_Casefolded";
    if (!is_mapping && !is_changes) continue;
    const absl::string_view range = absl::StripAsciiWhitespace(fields[0]);
    uint32_t first = 0, last = 0;
    const size_t dots = range.find("..");
    const bool parsed =
        dots == absl::string_view::npos
            ? absl::SimpleHexAtoi(range, &first) && (last = first, true)
            : absl::SimpleHexAtoi(range.substr(0, dots), &first) &&
                  absl::SimpleHexAtoi(range.substr(dots + 2), &last);
    if (!parsed || first > last || last > 0x10FFFF) {
      ADD_FAILURE() << "bad range in: " << raw;
      continue;
    }
    if (is_mapping) {
      if (fields.size() != 3) {
        ADD_FAILURE() << "bad NFKC_CF line: " << raw;
        continue;
      }
      const std::string to =
          CodePointsToUtf8({fields[2].data(), fields[2].size()});
      for (uint32_t cp = first; cp <= last; ++cp) data.mapping[cp] = to;
      ++data.mapping_lines;
    } else {
      for (uint32_t cp = first; cp <= last; ++cp) data.changes.insert(cp);
      ++data.changes_lines;
    }
  }
  return data;
}

// UAX #44 / Unicode §3.13 R5: toNFKC_Casefold(X) = NFC of the NFKC_CF
// mappings of the characters of NFD(X). Checked for every scalar value; NFC
// and NFD come from Normalize, which the tests above hold to the conformance
// file.
TEST(NfkcCasefoldTest, MatchesDerivedNormalizationProps) {
  const NfkcCfData data = LoadNfkcCf();
  // Data lines of the 15.0.0 file (counted with grep "^[0-9A-F]...; NFKC_CF;").
  EXPECT_EQ(data.mapping_lines, 6091);
  EXPECT_EQ(data.changes_lines, 1003);
  int failures = 0;
  int checked = 0;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    const std::string x = Utf8(cp);
    std::string mapped;
    absl::StatusOr<std::u32string> nfd = DecodeUtf8(To(kNfd, x));
    ASSERT_TRUE(nfd.ok()) << nfd.status();
    for (char32_t d : *nfd) {
      auto it = data.mapping.find(d);
      mapped += it == data.mapping.end() ? Utf8(d) : it->second;
    }
    const std::string expected = To(kNfc, mapped);
    const std::string got = To(kNfkcCf, x);
    const bool changes = data.changes.count(cp) > 0;
    absl::StatusOr<bool> normal = IsNormalized(kNfkcCf, x);
    if (got != expected || changes != (expected != x) || !normal.ok() ||
        *normal == changes) {
      if (++failures <= 50) {
        ADD_FAILURE() << "U+" << std::hex << static_cast<uint32_t>(cp)
                      << ": NFKC_Casefold gives " << ToHex(got) << ", expected "
                      << ToHex(expected) << ", CWKCF " << changes;
      }
    }
    ++checked;
  }
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(checked, 0x110000 - 0x800);
}

}  // namespace
}  // namespace u8guard
