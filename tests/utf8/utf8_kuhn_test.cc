// SPDX-License-Identifier: Apache-2.0
// Markus Kuhn's "UTF-8 decoder capability and stress test"
// (../shared/testdata/UTF-8-test.txt), line by line, with the expectation
// derived from the file's own section numbering and annotations:
//
//   * preamble, blank and explanation lines: ASCII, valid;
//   * section 1 (correct text): valid;
//   * section 2 (boundary cases): each test line names the code point it
//     encodes ("U-00200000"); it is valid exactly when that code point is a
//     Unicode scalar value (RFC 3629 §3 limits UTF-8 to U+10FFFF and excludes
//     surrogates). So 2.1.5/2.1.6 and 2.2.4..2.2.6 (5- and 6-byte forms,
//     U+1FFFFF) and 2.3.5 (U+110000) are invalid here although they sit in
//     the section the file calls boundary cases, not malformed ones;
//   * sections 3 (malformed), 4 (overlong) and 5.1/5.2 (surrogates): every
//     line with a byte >= 0x80 is invalid, and its first error is at that byte;
//   * section 5.3 (noncharacters U+FFFE, U+FFFF, U+FDD0..U+FDEF, U+nFFFE/F):
//     valid. Noncharacters are scalar values and well-formed UTF-8 (Unicode
//     Corrigendum #9, which the file itself cites); a strict UTF-8 decoder
//     must accept them.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using ::u8guard::testing::CliPath;
using ::u8guard::testing::FromHex;
using ::u8guard::testing::MissingSharedFile;
using ::u8guard::testing::ReadFileOrDie;
using ::u8guard::testing::RunCommand;
using ::u8guard::testing::SharedPath;
using ::u8guard::testing::ShellQuote;
using ::u8guard::testing::SplitLines;
using ::u8guard::testing::SupportedKernels;
using ::u8guard::testing::ToHex;
using ::u8guard::testing::Utf8ResultString;

constexpr char kKuhnFile[] = "testdata/UTF-8-test.txt";

std::string KuhnPath() { return SharedPath(kKuhnFile); }

struct KuhnLine {
  size_t number;        // 1-based line number
  size_t offset;        // byte offset of the line in the file
  std::string text;     // without the '\n'
  std::string section;  // e.g. "2.1.5", or "" before the tests start
  bool expect_valid;
  std::string why;  // the rule that gave the expectation
  // For invalid lines: where the first error must be (the first non-ASCII
  // byte), and its kind when the section fixes it.
  size_t first_error = 0;
  std::optional<Utf8ErrorKind> kind;
  // Section 2 lines that are valid: the code point they encode.
  std::optional<uint32_t> code_point;
};

size_t FirstNonAscii(std::string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    if (static_cast<uint8_t>(s[i]) >= 0x80) return i;
  }
  return std::string_view::npos;
}

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// The kind the section's heading promises for the first error, where it
// promises one.
std::optional<Utf8ErrorKind> SectionKind(const std::string& section,
                                         uint8_t first_bad) {
  if (StartsWith(section, "3.1")) return Utf8ErrorKind::kUnexpectedContinuation;
  if (StartsWith(section, "3.5")) return Utf8ErrorKind::kInvalidByte;
  if (StartsWith(section, "5.1") || StartsWith(section, "5.2")) {
    return Utf8ErrorKind::kSurrogate;
  }
  if (StartsWith(section, "4")) {
    // C0/C1, E0 and F0 start overlong forms; F8 and FC start the 5- and
    // 6-byte forms RFC 3629 removed, which are invalid bytes.
    return first_bad >= 0xF5 ? Utf8ErrorKind::kInvalidByte
                             : Utf8ErrorKind::kOverlong;
  }
  return std::nullopt;
}

// The section number a line starts with ("2.1.5" in "2.1.5  5 bytes ..."),
// or "" when it starts with anything else. (No std::regex: GCC 12 warns
// inside it under ASan.)
std::string LeadingSectionNumber(std::string_view text) {
  size_t i = 0;
  while (i < text.size() &&
         (absl::ascii_isdigit(static_cast<unsigned char>(text[i])) ||
          (text[i] == '.' && i > 0))) {
    ++i;
  }
  if (i == 0 || i == text.size() || text[i] != ' ' || text[i - 1] == '.') {
    return "";
  }
  return std::string(text.substr(0, i));
}

// The code point a line names as "U-XXXXXXXX", if any.
std::optional<uint32_t> NamedCodePoint(std::string_view text) {
  const size_t at = text.find("U-");
  if (at == std::string_view::npos || at + 10 > text.size()) {
    return std::nullopt;
  }
  uint32_t cp = 0;
  if (!absl::SimpleHexAtoi(absl::string_view(text.data() + at + 2, 8), &cp)) {
    return std::nullopt;
  }
  return cp;
}

std::vector<KuhnLine> ParseKuhn(const std::string& file) {
  std::vector<KuhnLine> out;
  bool in_tests = false;
  std::string section;
  size_t offset = 0;
  size_t number = 0;
  for (const std::string& text : SplitLines(file)) {
    KuhnLine line{++number, offset, text, "", true, ""};
    offset += text.size() + 1;
    if (StartsWith(text, "Here come the tests:")) in_tests = true;
    if (in_tests && !LeadingSectionNumber(text).empty()) {
      section = LeadingSectionNumber(text);
    }
    line.section = section;
    const size_t bad = FirstNonAscii(text);
    if (bad == std::string::npos) {
      line.why = "ASCII";
    } else if (!in_tests) {
      line.why = "non-ASCII preamble (unexpected)";
      line.expect_valid = false;
      ADD_FAILURE() << "line " << number << " of the preamble is not ASCII";
    } else if (section == "1") {
      line.why = "section 1: correct text";
    } else if (StartsWith(section, "2")) {
      if (const std::optional<uint32_t> named = NamedCodePoint(text)) {
        const uint32_t cp = *named;
        line.expect_valid = cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF);
        line.why = absl::StrFormat(
            "section 2: U+%04X %s", cp,
            line.expect_valid ? "is a scalar value" : "is not a scalar value");
        if (line.expect_valid) line.code_point = cp;
      } else {
        ADD_FAILURE() << "section 2 line " << number << " names no code point";
      }
    } else if (StartsWith(section, "3") || StartsWith(section, "4") ||
               StartsWith(section, "5.1") || StartsWith(section, "5.2")) {
      line.expect_valid = false;
      line.why = "section " + section + ": malformed";
    } else if (StartsWith(section, "5.3")) {
      line.why = "section 5.3: noncharacters are valid UTF-8";
    } else {
      line.expect_valid = false;
      line.why = "unknown section";
      ADD_FAILURE() << "line " << number << " in unknown section " << section;
    }
    if (!line.expect_valid && bad != std::string::npos) {
      line.first_error = bad;
      line.kind = SectionKind(section, static_cast<uint8_t>(text[bad]));
    }
    out.push_back(std::move(line));
  }
  return out;
}

class KuhnTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (!MissingSharedFile(kKuhnFile).empty()) return;  // SetUp says so
    file_ = new std::string(ReadFileOrDie(KuhnPath()));
    lines_ = new std::vector<KuhnLine>(ParseKuhn(*file_));
  }
  void SetUp() override { U8GUARD_REQUIRE_SHARED_FILE(kKuhnFile); }
  static void TearDownTestSuite() {
    delete lines_;
    delete file_;
  }
  static std::string* file_;
  static std::vector<KuhnLine>* lines_;
};

std::string* KuhnTest::file_ = nullptr;
std::vector<KuhnLine>* KuhnTest::lines_ = nullptr;

const KuhnLine* FindSection(const std::vector<KuhnLine>& lines,
                            std::string_view section) {
  for (const KuhnLine& l : lines) {
    if (l.section == section && StartsWith(l.text, section)) return &l;
  }
  return nullptr;
}

// The parse finds what a reader of the file sees.
TEST_F(KuhnTest, ParseMatchesTheFile) {
  EXPECT_EQ(lines_->size(), 300u);
  EXPECT_EQ(lines_->back().text.substr(0, 7), "THE END");
  struct Spot {
    std::string_view section;
    bool valid;
  };
  for (const Spot& s :
       {Spot{"2.1.4", true}, Spot{"2.1.5", false}, Spot{"2.2.3", true},
        Spot{"2.2.4", false}, Spot{"2.3.4", true}, Spot{"2.3.5", false},
        Spot{"3.1.1", false}, Spot{"4.1.1", false}, Spot{"5.1.1", false},
        Spot{"5.2.8", false}, Spot{"5.3.1", true}, Spot{"5.3.2", true}}) {
    const KuhnLine* l = FindSection(*lines_, s.section);
    ASSERT_NE(l, nullptr) << s.section;
    EXPECT_EQ(l->expect_valid, s.valid) << s.section << ": " << l->why;
  }
  size_t valid_non_ascii = 0, invalid = 0;
  for (const KuhnLine& l : *lines_) {
    if (FirstNonAscii(l.text) == std::string::npos) continue;
    (l.expect_valid ? valid_non_ascii : invalid)++;
  }
  // Section 1 (1), 2.1.2-4, 2.2.2-3, 2.3.1-4, 5.3 (2 + 1 + 2) valid.
  EXPECT_EQ(valid_non_ascii, 1u + 3 + 2 + 4 + 5);
  // 2.1.5-6, 2.2.4-6, 2.3.5; 3.1 (8 lines + 4 for 3.1.9), 3.2 (6), 3.3 (10),
  // 3.4 (1), 3.5 (3); 4 (15); 5.1 (7), 5.2 (8).
  EXPECT_EQ(invalid, 6u + 12 + 6 + 10 + 1 + 3 + 15 + 7 + 8);
}

TEST_F(KuhnTest, EveryLineMatchesItsSectionInEveryKernel) {
  const std::vector<Utf8Kernel> kernels = SupportedKernels();
  for (const KuhnLine& l : *lines_) {
    SCOPED_TRACE(absl::StrFormat("line %d [%s] (%s): %s", l.number, l.section,
                                 l.why, ToHex(l.text)));
    const Utf8Result ref = ValidateUtf8Reference(l.text);
    EXPECT_EQ(ref.ok(), l.expect_valid) << Utf8ResultString(ref);
    if (!l.expect_valid) {
      EXPECT_EQ(ref.valid_up_to, l.first_error);
      if (l.kind) {
        EXPECT_EQ(ref.kind, *l.kind) << Utf8ResultString(ref);
      }
    }
    if (l.code_point) {
      // A valid section 2 line encodes exactly the code point it names,
      // between the quotes.
      const size_t open = l.text.find('"');
      const size_t close = l.text.find('"', open + 1);
      ASSERT_NE(close, std::string::npos);
      const absl::StatusOr<std::u32string> cps = DecodeUtf8(
          std::string_view(l.text).substr(open + 1, close - open - 1));
      ASSERT_TRUE(cps.ok()) << cps.status();
      EXPECT_EQ(*cps, std::u32string(1, static_cast<char32_t>(*l.code_point)));
    }
    for (Utf8Kernel k : kernels) {
      EXPECT_EQ(ValidateUtf8With(k, l.text), ref)
          << Utf8KernelName(k) << ": "
          << Utf8ResultString(ValidateUtf8With(k, l.text));
    }
    EXPECT_EQ(ValidateUtf8(l.text), ref);
    // The lossy form is valid, and leaves valid lines alone.
    const std::string lossy = ToUtf8Lossy(l.text);
    EXPECT_TRUE(ValidateUtf8Reference(lossy).ok()) << ToHex(lossy);
    if (l.expect_valid) {
      EXPECT_EQ(lossy, l.text);
    } else {
      EXPECT_NE(lossy.find("\xEF\xBF\xBD"), std::string::npos);
    }
  }
}

// The hex spelled out in section 2.3, 4 and 5 lines ("= ed 9f bf =") is the
// bytes between the quotes: a check of the reading above.
TEST_F(KuhnTest, SpelledOutBytesMatchTheQuotedBytes) {
  size_t checked = 0;
  for (const KuhnLine& l : *lines_) {
    // "... = ed 9f bf = \"...\"": the hex between the last "= " and '= "'.
    const size_t quote = l.text.find("= \"");
    if (quote == std::string::npos || quote == 0) continue;
    const size_t eq = l.text.rfind("= ", quote - 1);
    if (eq == std::string::npos) continue;
    std::string_view hex =
        std::string_view(l.text).substr(eq + 2, quote - eq - 2);
    while (!hex.empty() && hex.back() == ' ') hex.remove_suffix(1);
    if (hex.empty() ||
        hex.find_first_not_of("0123456789abcdef ") != std::string_view::npos) {
      continue;
    }
    const size_t open = l.text.find('"');
    const size_t close = l.text.find('"', open + 1);
    ASSERT_NE(close, std::string::npos) << l.number;
    EXPECT_EQ(ToHex(l.text.substr(open + 1, close - open - 1)),
              ToHex(FromHex(hex)))
        << "line " << l.number;
    ++checked;
  }
  // 2.3.1-5, 4.1.1-5, 4.2.1-5, 4.3.1-5, 5.1.1-7, 5.2.1-8, 5.3.1-2.
  EXPECT_EQ(checked, 5u + 15 + 7 + 8 + 2);
}

// The first invalid line, in the whole file: library and CLI agree on it.
TEST_F(KuhnTest, WholeFileFirstErrorInLibraryAndCli) {
  size_t want = std::string::npos;
  for (const KuhnLine& l : *lines_) {
    if (!l.expect_valid) {
      want = l.offset + l.first_error;
      break;
    }
  }
  ASSERT_NE(want, std::string::npos);
  const Utf8Result ref = ValidateUtf8Reference(*file_);
  ASSERT_FALSE(ref.ok());
  EXPECT_EQ(ref.valid_up_to, want);
  for (Utf8Kernel k : SupportedKernels()) {
    EXPECT_EQ(ValidateUtf8With(k, *file_), ref) << Utf8KernelName(k);
  }
  EXPECT_EQ(ValidateUtf8(*file_), ref);

  const std::string path = KuhnPath();
  const auto text = RunCommand(CliPath() + " check " + ShellQuote(path));
  EXPECT_EQ(text.exit_code, 1);
  EXPECT_EQ(text.out, absl::StrFormat("%s:%d: %s\n", path, want,
                                      Utf8ErrorKindName(ref.kind)));
  const auto json =
      RunCommand(CliPath() + " check --format=json " + ShellQuote(path));
  EXPECT_EQ(json.exit_code, 1);
  EXPECT_EQ(json.out,
            absl::StrFormat("{\"file\": \"%s\", \"valid\": false, "
                            "\"valid_up_to\": %d, \"error\": \"%s\", "
                            "\"rule\": \"utf8/%s\", \"error_len\": %d}\n",
                            path, want, Utf8ErrorKindId(ref.kind),
                            Utf8ErrorKindId(ref.kind), ref.error_len));
  // Through standard input as well.
  const auto piped = RunCommand(CliPath() + " check < " + ShellQuote(path));
  EXPECT_EQ(piped.exit_code, 1);
  EXPECT_EQ(piped.out,
            absl::StrFormat("-:%d: %s\n", want, Utf8ErrorKindName(ref.kind)));
}

}  // namespace
}  // namespace u8guard
