// SPDX-License-Identifier: Apache-2.0
// Unicode's own conformance data for normalization, from the Unicode
// Character Database files in U8GUARD_UNICODE_DATA_DIR
// (tests/unicode_versions.h): Debian's unicode-data by default (Unicode
// 15.0, the version ICU 72 implements), the files of ICU's own source tree
// under ./dev test-icu:
//
//  * NormalizationTest.txt: every line, every invariant of the file's header
//    (NFC, NFD, NFKC, NFKD), IsNormalized against every column, and Part 1's
//    rule that every code point not listed there is invariant under all four
//    forms.
//  * DerivedNormalizationProps.txt: the NFKC_CF mapping and the
//    Changes_When_NFKC_Casefolded property of every code point, for the
//    NFKC_Casefold form (NormalizationTest.txt does not cover it).
//
// The files may be for another Unicode version than ICU's (Debian's 15.0
// beside ICU 78's 17.0). Unicode's stability policies keep the
// normalization and the case folding of an assigned character from
// changing, so every check holds for the code points both versions assign.
// The code points only the newer version assigns are counted and reported:
// under ICU 78 with the 15.0 files, the characters of Unicode 15.1 to 17.0,
// some of which decompose or fold, which the 15.0 files call unassigned.

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "tests/unicode_versions.h"
#include "u8guard/normalize.h"
#include "u8guard/utf8.h"
#include "u8guard/version.h"

namespace u8guard {
namespace {

using ::u8guard::testing::AssignedAfter;
using ::u8guard::testing::AssignedInBoth;
using ::u8guard::testing::IcuUnicodeVersion;
using ::u8guard::testing::ToHex;
using ::u8guard::testing::UcdFileVersion;
using ::u8guard::testing::UnicodeDataPath;
using ::u8guard::testing::UnicodeVersionNumber;

// Line counts of NormalizationTest.txt per part (Part0 to Part3; from
// Unicode 16.0 on also Part4, canonical closures, and Part5, chained
// primary composites), and in all, for the versions the suite has met
// (counted with awk over each file, independently of this test's parser).
// Another version's counts are reported, not checked.
struct PartLines {
  std::vector<int> part;
  int all;
};
const std::map<UnicodeVersionNumber, PartLines>& KnownPartLines() {
  static const auto* known = new std::map<UnicodeVersionNumber, PartLines>{
      {{15, 0}, {{25, 17029, 1844, 176}, 19074}},  // Debian 12's unicode-data
      {{17, 0}, {{45, 17086, 1936, 194, 735, 38}, 20034}},  // ICU 78's
  };
  return *known;
}

// Data lines of DerivedNormalizationProps.txt, NFKC_CF and
// Changes_When_NFKC_Casefolded (grep "^[0-9A-F][0-9A-F.]* *; NFKC_CF;"),
// for the same versions.
const std::map<UnicodeVersionNumber, std::pair<int, int>>& KnownNfkcCfLines() {
  static const auto* known =
      new std::map<UnicodeVersionNumber, std::pair<int, int>>{
          {{15, 0}, {6091, 1003}},
          {{17, 0}, {6183, 1013}},
      };
  return *known;
}

// The data directory's NormalizationTest.txt, as Unicode publishes it or
// compressed, as Debian ships it.
std::string NormalizationTestPath() {
  const std::string plain = UnicodeDataPath("NormalizationTest.txt");
  return std::ifstream(plain).good()
             ? plain
             : UnicodeDataPath("NormalizationTest.txt.bz2");
}

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
  UnicodeVersionNumber version;  // of the file, from its first line
  std::vector<TestLine> lines;
  std::vector<int> part_lines;  // lines per part
  std::set<char32_t> part1_code_points;
};

// True when every code point of the line's source (c1) is assigned both in
// the file's Unicode version and in ICU's: a file newer than ICU has lines
// ICU cannot be held to.
bool InBothVersions(const TestLine& line, UnicodeVersionNumber version) {
  for (char32_t cp : Utf8CodePoints(line.c[1])) {
    if (!AssignedInBoth(cp, version)) return false;
  }
  return true;
}

NormalizationTestFile Load() {
  NormalizationTestFile file;
  const std::string path = NormalizationTestPath();
  const std::string content =
      absl::EndsWith(path, ".bz2")
          ? ReadCommandOutput("bzcat " + testing::ShellQuote(path))
          : testing::ReadFileOrDie(path);
  const std::optional<UnicodeVersionNumber> version = UcdFileVersion(content);
  EXPECT_TRUE(version.has_value()) << path << " names no Unicode version";
  file.version = version.value_or(UnicodeVersionNumber{});
  int line_number = 0;
  int part = -1;
  for (absl::string_view raw : absl::StrSplit(content, '\n')) {
    ++line_number;
    if (line_number == 1) file.first_line = std::string(raw);
    absl::string_view data = raw.substr(0, raw.find('#'));
    data = absl::StripAsciiWhitespace(data);
    if (data.empty()) continue;
    if (absl::ConsumePrefix(&data, "@Part")) {
      EXPECT_TRUE(absl::SimpleAtoi(data, &part) && part >= 0 && part <= 9)
          << "line " << line_number << ": " << raw;
      if (part >= static_cast<int>(file.part_lines.size())) {
        file.part_lines.resize(part + 1);
      }
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

// ICU implements the Unicode version of its release (72: 15.0, 78: 17.0),
// and u8guard reports that version.
TEST(UnicodeVersionTest, IcuImplementsTheUnicodeVersionOfItsRelease) {
  const UnicodeVersionNumber unicode = IcuUnicodeVersion();
  EXPECT_EQ(UnicodeVersion(), unicode.ToString());
  int icu_major = 0;
  ASSERT_TRUE(absl::SimpleAtoi(IcuVersion().substr(0, IcuVersion().find('.')),
                               &icu_major))
      << IcuVersion();
  EXPECT_GE(icu_major, 72);
  const std::optional<UnicodeVersionNumber> want =
      testing::UnicodeVersionOfIcuRelease(icu_major);
  if (want) {
    EXPECT_EQ(unicode, *want) << "ICU " << IcuVersion();
  } else {
    EXPECT_GE(unicode, (UnicodeVersionNumber{17, 0})) << "ICU " << IcuVersion();
    std::cout << "ICU " << IcuVersion() << " implements Unicode "
              << unicode.ToString()
              << " (add it to UnicodeVersionOfIcuRelease)\n";
  }
}

// Which Unicode versions meet here: the files' and ICU's. When they differ
// the checks below cover the code points both assign, and say how many
// they leave out.
TEST_F(NormalizationTest, VersionsOfTheDataAndOfIcu) {
  const UnicodeVersionNumber icu = IcuUnicodeVersion();
  EXPECT_GE(icu, (UnicodeVersionNumber{15, 0})) << "ICU 72 implements 15.0";
  EXPECT_GE(file().version, (UnicodeVersionNumber{15, 0}))
      << NormalizationTestPath() << ": " << file().first_line;
  std::cout << NormalizationTestPath() << " is for Unicode "
            << file().version.ToString() << ", ICU implements Unicode "
            << icu.ToString()
            << (icu == file().version ? ": every code point is compared\n"
                                      : ": the code points both assign are "
                                        "compared, the others counted\n");
  RecordProperty("data_unicode_version", file().version.ToString());
  RecordProperty("icu_unicode_version", icu.ToString());
}

TEST_F(NormalizationTest, FileIsComplete) {
  const auto known = KnownPartLines().find(file().version);
  ASSERT_GE(file().part_lines.size(), 4u) << "Part0 to Part3";
  int all = 0;
  for (size_t part = 0; part < file().part_lines.size(); ++part) {
    EXPECT_GT(file().part_lines[part], 0) << "Part" << part;
    all += file().part_lines[part];
  }
  EXPECT_EQ(static_cast<int>(file().lines.size()), all);
  EXPECT_EQ(static_cast<int>(file().part1_code_points.size()),
            file().part_lines[1]);
  if (known == KnownPartLines().end()) {
    std::cout << "NormalizationTest.txt for Unicode "
              << file().version.ToString() << ": " << all
              << " lines, not checked against a count (add it to "
                 "KnownPartLines)\n";
    return;
  }
  EXPECT_EQ(all, known->second.all);
  EXPECT_EQ(file().part_lines, known->second.part);
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
  int checked = 0, newer_than_icu = 0;
  for (const TestLine& line : file().lines) {
    if (!InBothVersions(line, file().version)) {
      ++newer_than_icu;
      continue;
    }
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
  // Only a file newer than ICU holds code points ICU does not assign.
  if (file().version <= IcuUnicodeVersion()) {
    EXPECT_EQ(newer_than_icu, 0);
  }
  EXPECT_EQ(checked + newer_than_icu, static_cast<int>(file().lines.size()));
  EXPECT_EQ(failures.count(), 0);
  std::cout << checked << " lines checked, " << newer_than_icu
            << " with code points ICU does not assign\n";
}

TEST_F(NormalizationTest, IsNormalizedAgreesWithEveryColumn) {
  LineFailures failures;
  for (const TestLine& line : file().lines) {
    if (!InBothVersions(line, file().version)) continue;
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
// (unassigned code points have no decomposition either), except those
// assigned after the file's version, which it could not list: they are
// counted, with those of them that do change.
TEST_F(NormalizationTest, CodePointsNotInPart1AreInvariant) {
  ASSERT_EQ(static_cast<int>(file().part1_code_points.size()),
            file().part_lines[1]);
  int failures = 0;
  int checked = 0, newer = 0, newer_changing = 0;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    if (file().part1_code_points.count(cp)) continue;
    const std::string x = Utf8(cp);
    bool invariant = true;
    for (NormalizationForm form : {kNfc, kNfd, kNfkc, kNfkd}) {
      absl::StatusOr<std::string> got = Normalize(form, x);
      absl::StatusOr<bool> normal = IsNormalized(form, x);
      invariant = invariant && got.ok() && *got == x && normal.ok() && *normal;
    }
    if (AssignedAfter(cp, file().version)) {
      ++newer;
      if (!invariant) ++newer_changing;
      continue;
    }
    if (!invariant && ++failures <= 50) {
      ADD_FAILURE() << "U+" << std::hex << static_cast<uint32_t>(cp)
                    << " changes under normalization";
    }
    ++checked;
  }
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(checked + newer, 0x110000 - 0x800 - file().part_lines[1]);
  if (file().version >= IcuUnicodeVersion()) {
    EXPECT_EQ(newer, 0);
  }
  std::cout << checked << " code points invariant; " << newer
            << " assigned after Unicode " << file().version.ToString()
            << " not compared (" << newer_changing
            << " of them change under normalization)\n";
}

// DerivedNormalizationProps.txt: the NFKC_CF mapping of single code points
// (missing = the code point itself) and the set of code points with
// Changes_When_NFKC_Casefolded.
struct NfkcCfData {
  UnicodeVersionNumber version;  // of the file, from its first line
  std::unordered_map<char32_t, std::string> mapping;
  std::set<char32_t> changes;
  int mapping_lines = 0;
  int changes_lines = 0;
};

NfkcCfData LoadNfkcCf() {
  NfkcCfData data;
  const std::string path = UnicodeDataPath("DerivedNormalizationProps.txt");
  const std::string content = testing::ReadFileOrDie(path);
  const std::optional<UnicodeVersionNumber> version = UcdFileVersion(content);
  EXPECT_TRUE(version.has_value()) << path << " names no Unicode version";
  data.version = version.value_or(UnicodeVersionNumber{});
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
// file. Code points only one of the two versions assigns are counted: those
// assigned after the file's version (it calls them unassigned), and, with a
// file newer than ICU, those it assigns and ICU does not.
TEST(NfkcCasefoldTest, MatchesDerivedNormalizationProps) {
  const NfkcCfData data = LoadNfkcCf();
  const UnicodeVersionNumber icu = IcuUnicodeVersion();
  const auto known = KnownNfkcCfLines().find(data.version);
  if (known != KnownNfkcCfLines().end()) {
    EXPECT_EQ(data.mapping_lines, known->second.first);
    EXPECT_EQ(data.changes_lines, known->second.second);
  } else {
    EXPECT_GT(data.mapping_lines, 6000);
    EXPECT_GT(data.changes_lines, 1000);
    std::cout << "DerivedNormalizationProps.txt for Unicode "
              << data.version.ToString() << ": " << data.mapping_lines
              << " NFKC_CF lines, not checked against a count (add it to "
                 "KnownNfkcCfLines)\n";
  }
  int failures = 0;
  int checked = 0, newer = 0, newer_changing = 0, unknown_to_icu = 0;
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
    const bool agrees = got == expected && changes == (expected != x) &&
                        normal.ok() && *normal != changes;
    if (AssignedAfter(cp, data.version)) {
      ++newer;
      if (got != x) ++newer_changing;
      continue;
    }
    if (!agrees && data.version > icu && !testing::AgeOf(cp)) {
      ++unknown_to_icu;  // the file's mapping of a code point ICU lacks
      continue;
    }
    if (!agrees && ++failures <= 50) {
      ADD_FAILURE() << "U+" << std::hex << static_cast<uint32_t>(cp)
                    << ": NFKC_Casefold gives " << ToHex(got) << ", expected "
                    << ToHex(expected) << ", CWKCF " << changes;
    }
    ++checked;
  }
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(checked + newer + unknown_to_icu, 0x110000 - 0x800);
  if (data.version >= icu) {
    EXPECT_EQ(newer, 0);
  }
  if (data.version <= icu) {
    EXPECT_EQ(unknown_to_icu, 0);
  }
  std::cout << checked << " code points agree with DerivedNormalizationProps "
            << data.version.ToString() << "; " << newer
            << " assigned after it not compared (" << newer_changing
            << " of them change under NFKC_Casefold); " << unknown_to_icu
            << " it assigns and ICU " << icu.ToString() << " does not\n";
}

}  // namespace
}  // namespace u8guard
