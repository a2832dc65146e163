// SPDX-License-Identifier: Apache-2.0
// The one writer of JSON string literals (src/utf8/json_string.h) and its
// public form for the tool, JsonStringForDisplay (display.h): every byte
// alone and inside UTF-8, ill-formed sequences, U+2028/U+2029, the bidi
// controls, every code point; the output checked against RFC 8259's grammar
// by hand and read back by two parsers (tests/test_support's and Python's
// json); and a differential against the goldens the writer must reproduce
// (the tool's JSON in tests/data/cli_golden, records in tests/data/upgrade).

#include "src/utf8/json_string.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/display.h"
#include "u8guard/upgrade.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using internal::AppendJsonString;
using internal::JsonControlEscapes;

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

std::string Json(std::string_view s, JsonControlEscapes controls,
                 bool (*escape)(char32_t)) {
  std::string out;
  AppendJsonString(out, s, controls, escape);
  return out;
}
// The tool's form, the records' form, and only what JSON requires.
std::string Tool(std::string_view s) {
  return Json(s, JsonControlEscapes::kShort, &IsInvisibleForDisplay);
}
std::string Rec(std::string_view s) {
  return Json(s, JsonControlEscapes::kUnicode, &IsInvisibleForDisplay);
}
std::string Bare(std::string_view s) {
  return Json(s, JsonControlEscapes::kShort, nullptr);
}

std::string Utf8(std::u32string_view cps) {
  absl::StatusOr<std::string> s = EncodeUtf8(cps);
  EXPECT_TRUE(s.ok()) << s.status();
  return s.ok() ? *s : "";
}

// `literal` read by tests/test_support's strict parser (RFC 8259 escapes,
// surrogate pairs joined, no raw control), or nullopt with a failure.
std::optional<std::string> Parse(std::string_view literal) {
  std::string error;
  const std::optional<::u8guard::testing::JsonObject> o =
      ::u8guard::testing::ParseJsonObject(
          "{\"v\":" + std::string(literal) + "}", &error);
  if (!o) {
    ADD_FAILURE() << error << " in " << literal;
    return std::nullopt;
  }
  return std::get<std::string>(o->at("v"));
}

bool IsLowerHex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

// RFC 8259 §7 by hand, and this writer's own promises: one quoted string,
// valid UTF-8, no byte below 0x20 as it is, every backslash followed by one
// of " \ n r t or u and four lower-case hex digits, a high surrogate escape
// always followed by a low one and a low one never alone. Returns what is
// wrong, or "" when nothing is.
std::string LiteralProblem(std::string_view lit) {
  if (!IsValidUtf8(lit)) return "not UTF-8";
  if (lit.size() < 2 || lit.front() != '"' || lit.back() != '"') {
    return "not in quotes";
  }
  bool want_low = false;
  for (size_t i = 1; i + 1 < lit.size(); ++i) {
    const auto c = static_cast<unsigned char>(lit[i]);
    if (c < 0x20) return absl::StrCat("raw control at ", i);
    if (c == '"') return absl::StrCat("raw quote at ", i);
    if (c != '\\') {
      if (want_low) return absl::StrCat("lone high surrogate before ", i);
      continue;
    }
    if (i + 2 >= lit.size()) return "backslash at the end";
    const char e = lit[++i];
    if (e != 'u') {
      if (want_low) return absl::StrCat("lone high surrogate before ", i);
      if (std::string_view("\"\\nrt").find(e) == std::string_view::npos) {
        return absl::StrCat("escape \\", std::string(1, e), " at ", i);
      }
      continue;
    }
    if (i + 4 >= lit.size()) return "short \\u";
    uint32_t unit = 0;
    for (int k = 1; k <= 4; ++k) {
      if (!IsLowerHex(lit[i + k])) return absl::StrCat("bad \\u at ", i);
      unit = unit * 16 + static_cast<uint32_t>(lit[i + k] <= '9'
                                                   ? lit[i + k] - '0'
                                                   : lit[i + k] - 'a' + 10);
    }
    i += 4;
    const bool high = unit >= 0xD800 && unit <= 0xDBFF;
    const bool low = unit >= 0xDC00 && unit <= 0xDFFF;
    if (want_low != low) return absl::StrCat("unpaired surrogate at ", i);
    want_low = high;
  }
  if (want_low) return "lone high surrogate at the end";
  return "";
}

// Each of the three forms of `s`: valid JSON that reads back as `expected`.
void ExpectReadsBack(std::string_view s, std::string_view expected) {
  for (const std::string& lit : {Tool(s), Rec(s), Bare(s)}) {
    EXPECT_EQ(LiteralProblem(lit), "") << lit;
    EXPECT_EQ(Parse(lit), std::string(expected)) << lit;
  }
}

TEST(JsonString, EveryByteAlone) {
  for (int b = 0; b < 0x100; ++b) {
    SCOPED_TRACE(absl::StrFormat("byte %02X", b));
    const std::string s(1, static_cast<char>(b));
    std::string tool, rec, bare;
    if (b == '"' || b == '\\') {
      tool = rec = bare = absl::StrCat("\\", s);
    } else if (b == '\n' || b == '\r' || b == '\t') {
      tool = bare = b == '\n' ? "\\n" : b == '\r' ? "\\r" : "\\t";
      rec = absl::StrFormat("\\u%04x", b);
    } else if (b < 0x20) {
      tool = rec = bare = absl::StrFormat("\\u%04x", b);
    } else if (b == 0x7F) {  // DEL: invisible, but JSON allows it
      tool = rec = "\\u007f";
      bare = s;
    } else if (b < 0x80) {
      tool = rec = bare = s;
    } else {  // never UTF-8 alone
      tool = rec = bare = std::string(kReplacement);
    }
    EXPECT_EQ(Tool(s), absl::StrCat("\"", tool, "\""));
    EXPECT_EQ(Rec(s), absl::StrCat("\"", rec, "\""));
    EXPECT_EQ(Bare(s), absl::StrCat("\"", bare, "\""));
    ExpectReadsBack(s, b < 0x80 ? s : std::string(kReplacement));
  }
}

TEST(JsonString, EveryByteInsideValidUtf8) {
  // Between U+00E9 and U+20AC (E2 82 AC): a byte 80..FF there is never
  // part of a well-formed sequence, and is replaced alone.
  const std::string before = "\xC3\xA9", after = "\xE2\x82\xAC";
  for (int b = 0; b < 0x100; ++b) {
    SCOPED_TRACE(absl::StrFormat("byte %02X", b));
    const std::string s = before + static_cast<char>(b) + after;
    const std::string middle = b < 0x80 ? std::string(1, static_cast<char>(b))
                                        : std::string(kReplacement);
    const std::string expected = before + middle + after;
    EXPECT_EQ(expected, ToUtf8Lossy(s));
    ExpectReadsBack(s, expected);
    if (b >= 0x20 && b < 0x7F && b != '"' && b != '\\') {
      EXPECT_EQ(Tool(s), absl::StrCat("\"", expected, "\""));
      EXPECT_EQ(Rec(s), absl::StrCat("\"", expected, "\""));
    }
  }
}

TEST(JsonString, IllFormedSequencesBecomeReplacementCharacters) {
  const std::string r(kReplacement);
  const struct {
    std::string input, read;
  } cases[] = {
      {"\xC0\xAF", r + r},          // overlong '/'
      {"\xE0\x80\xAF", r + r + r},  // overlong, 3 bytes
      {"\xED\xA0\x80", r + r + r},  // a surrogate (CESU-8)
      {"\xED\xA0\x80\xED\xB0\x80", r + r + r + r + r + r},
      {"\xF4\x90\x80\x80", r + r + r + r},  // above U+10FFFF
      {"\xF5\x80", r + r},                  // F5 never starts one
      {"\xFE\xFF", r + r},                  // nor FE, FF
      {"a\xE2\x82", "a" + r},               // cut at the end
      {"\xF0\x9F\x98x", r + "x"},           // cut in the middle
      {"\xE2\x82\"", r + "\""},             // cut before a quote
      {"\x80\xBF", r + r},                  // lone continuations
      {"\xC2\x0A", r + "\n"},               // cut before a newline
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(::u8guard::testing::ToHex(c.input));
    EXPECT_EQ(ToUtf8Lossy(c.input), c.read);
    ExpectReadsBack(c.input, c.read);
  }
  EXPECT_EQ(Tool("\xE2\x82\""), "\"" + r + "\\\"\"");
  EXPECT_EQ(Tool("\xC2\x0A"), "\"" + r + "\\n\"");
  EXPECT_EQ(Rec("\xC2\x0A"), "\"" + r + "\\u000a\"");
}

TEST(JsonString, LineAndParagraphSeparatorsAreEscaped) {
  // Valid JSON as they are, but they end lines in JavaScript and in some
  // terminals and editors: what IsInvisibleForDisplay calls invisible.
  const std::string s = Utf8(U"a\u2028b\u2029c");
  EXPECT_EQ(Tool(s), "\"a\\u2028b\\u2029c\"");
  EXPECT_EQ(Rec(s), "\"a\\u2028b\\u2029c\"");
  EXPECT_EQ(Bare(s), "\"" + s + "\"");
  ExpectReadsBack(s, s);
}

TEST(JsonString, BidiControlsAreEscaped) {
  for (const char32_t cp :
       {U'\u061C', U'\u200E', U'\u200F', U'\u202A', U'\u202B', U'\u202C',
        U'\u202D', U'\u202E', U'\u2066', U'\u2067', U'\u2068', U'\u2069'}) {
    SCOPED_TRACE(absl::StrFormat("U+%04X", static_cast<uint32_t>(cp)));
    const std::string s = Utf8(std::u32string(U"x") + cp + U"y");
    const std::string escaped =
        absl::StrFormat("\"x\\u%04xy\"", static_cast<uint32_t>(cp));
    EXPECT_EQ(Tool(s), escaped);
    EXPECT_EQ(Rec(s), escaped);
    EXPECT_EQ(JsonStringForDisplay(s), escaped);
    EXPECT_EQ(Bare(s), "\"" + s + "\"");
    ExpectReadsBack(s, s);
  }
}

TEST(JsonString, CodePointsAboveTheBmpAreSurrogatePairs) {
  const struct {
    char32_t cp;
    std::string tool;  // without the quotes
  } cases[] = {
      {U'\U000E0001', "\\udb40\\udc01"},    // LANGUAGE TAG, a format character
      {U'\U000F0000', "\\udb80\\udc00"},    // private use
      {U'\U0010FFFF', "\\udbff\\udfff"},    // a noncharacter, unassigned
      {U'\U0001F600', "\xF0\x9F\x98\x80"},  // visible: as it is
      {U'\U00010000', "\xF0\x90\x80\x80"},  // LINEAR B SYLLABLE B008 A
  };
  for (const auto& c : cases) {
    const std::string s = Utf8(std::u32string(1, c.cp));
    EXPECT_EQ(Tool(s), "\"" + c.tool + "\"");
    EXPECT_EQ(Rec(s), "\"" + c.tool + "\"");
    ExpectReadsBack(s, s);
  }
}

TEST(JsonString, AppendsToWhatIsThere) {
  std::string out = "{\"k\":";
  AppendJsonString(out, "v\n", JsonControlEscapes::kShort, nullptr);
  EXPECT_EQ(out, "{\"k\":\"v\\n\"");
  std::string empty;
  AppendJsonString(empty, "", JsonControlEscapes::kUnicode, nullptr);
  EXPECT_EQ(empty, "\"\"");
}

// Every scalar value, in runs of 512: valid JSON that reads back the same,
// and, in the tool's and the records' forms, no code point that
// IsInvisibleForDisplay calls invisible written as it is.
TEST(JsonString, EveryCodePointReadsBackAndNoInvisibleOneIsRaw) {
  std::u32string run;
  const auto check = [&run] {
    const std::string s = Utf8(run);
    for (const std::string& lit : {Tool(s), Rec(s), Bare(s)}) {
      ASSERT_EQ(LiteralProblem(lit), "") << lit;
      ASSERT_EQ(Parse(lit), s);
    }
    for (const std::string& lit : {Tool(s), Rec(s)}) {
      size_t pos = 0;
      while (pos < lit.size()) {
        const int32_t cp = DecodeUtf8At(lit, pos);
        ASSERT_GE(cp, 0);
        ASSERT_FALSE(IsInvisibleForDisplay(static_cast<char32_t>(cp)))
            << absl::StrFormat("U+%04X written as it is", cp);
      }
    }
    run.clear();
  };
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    run.push_back(cp);
    if (run.size() == 512) check();
  }
  check();
}

TEST(JsonString, RandomAndMutatedInputReadBackAsTheLossyForm) {
  std::mt19937_64 rng(20240229);
  for (int i = 0; i < 2000; ++i) {
    std::string s = ::u8guard::testing::RandomValidUtf8(rng, 40);
    ExpectReadsBack(s, s);
    s = ::u8guard::testing::MutateUtf8(rng, s, 3);
    ExpectReadsBack(s, ToUtf8Lossy(s));
  }
}

// Python's json module, a parser written apart from this project, reads
// every literal back as the string the writer promises.
TEST(JsonString, PythonJsonReadsItBack) {
  if (::u8guard::testing::RunCommand("python3 -c 'import json'").exit_code !=
      0) {
    GTEST_SKIP() << "no python3";
  }
  std::vector<std::string> inputs;
  for (int b = 0; b < 0x100; ++b) inputs.emplace_back(1, static_cast<char>(b));
  for (char32_t cp = 0; cp <= 0x10FFFF; cp += cp < 0x3000 ? 1 : 97) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    inputs.push_back(Utf8(std::u32string(1, cp)));
  }
  inputs.push_back(Utf8(U"\u2028\u2029\u202E\u2066\U000E0001\U0001F600"));
  inputs.push_back("\xC0\xAF\xED\xA0\x80\xF4\x90\x80\x80\xE2\x82");
  std::string table;  // expected (hex) TAB literal, per line
  for (const std::string& s : inputs) {
    for (const std::string& lit : {Tool(s), Rec(s), Bare(s)}) {
      std::string hex;
      for (const unsigned char c : ToUtf8Lossy(s)) {
        absl::StrAppendFormat(&hex, "%02x", c);
      }
      absl::StrAppend(&table, hex, "\t", lit, "\n");
    }
  }
  const std::string path = ::testing::TempDir() + "/json_string_cases.tsv";
  ::u8guard::testing::WriteFileOrDie(path, table);
  const ::u8guard::testing::CommandResult r = ::u8guard::testing::RunCommand(
      "python3 -c '\n"
      "import json, sys\n"
      "n = 0\n"
      "for line in open(sys.argv[1], \"rb\"):\n"
      "    hex, lit = line.rstrip(b\"\\n\").split(b\"\\t\", 1)\n"
      "    got = json.loads(lit.decode(\"utf-8\", \"strict\"), strict=True)\n"
      "    want = bytes.fromhex(hex.decode()).decode(\"utf-8\")\n"
      "    if got != want:\n"
      "        print(\"MISMATCH\", lit); sys.exit(1)\n"
      "    n += 1\n"
      "print(\"ok\", n)\n"
      "' " +
      ::u8guard::testing::ShellQuote(path));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out, absl::StrCat("ok ", inputs.size() * 3, "\n"));
}

// ---- the goldens ------------------------------------------------------------

// The string literals of one line of JSON, in order.
std::vector<std::string> Literals(std::string_view line) {
  std::vector<std::string> out;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] != '"') continue;
    size_t j = i + 1;
    while (j < line.size() && line[j] != '"') j += line[j] == '\\' ? 2 : 1;
    out.emplace_back(line.substr(i, j + 1 - i));
    i = j;
  }
  return out;
}

// The tool's JSON as its goldens hold it: every string literal of every
// line, read and written again with JsonStringForDisplay, is the same
// bytes; every record line (u8guard acl export, ...) is what
// FormatNameRecord writes of what ParseNameRecord reads of it. The goldens
// were written by the copies this writer replaced (the CLI's JsonString,
// name_record.cc's AppendJsonString).
TEST(JsonStringGolden, ToolOutputIsWhatTheWriterWrites) {
  std::set<std::string> escapes_seen;
  int literals = 0, records = 0;
  for (const auto& entry : std::filesystem::directory_iterator(
           ::u8guard::testing::TestDataPath("cli_golden"))) {
    // help_*.golden: usage text, which shows JSON's shape, not JSON.
    if (entry.path().extension() != ".golden" ||
        entry.path().filename().string().starts_with("help_")) {
      continue;
    }
    const std::string text =
        ::u8guard::testing::ReadFileOrDie(entry.path().string());
    for (const std::string& line : ::u8guard::testing::SplitLines(text)) {
      if (!line.starts_with("{\"")) continue;
      SCOPED_TRACE(entry.path().filename().string() + ": " + line);
      if (line.find("\": ") == std::string::npos) {
        const absl::StatusOr<NameRecord> r = ParseNameRecord(line);
        ASSERT_TRUE(r.ok()) << r.status();
        EXPECT_EQ(FormatNameRecord(*r), line);
        ++records;
        continue;
      }
      for (const std::string& lit : Literals(line)) {
        const std::optional<std::string> s = Parse(lit);
        ASSERT_TRUE(s.has_value());
        EXPECT_EQ(JsonStringForDisplay(*s), lit);
        ++literals;
        for (size_t i = lit.find('\\'); i != std::string::npos;
             i = lit.find('\\', i + 2)) {
          escapes_seen.insert(lit.substr(i, lit[i + 1] == 'u' ? 6 : 2));
        }
      }
    }
  }
  EXPECT_GT(literals, 1000);
  EXPECT_GT(records, 10);
  // The comparison covered the forms that differ between the writers'
  // options: the short escapes, controls, invisible and bidi code points.
  // (Only help text holds \n and \" among the goldens: EveryByteAlone and
  // cli_check_test pin those.)
  for (const char* e : {"\\r", "\\t", "\\\\", "\\u0000", "\\u001b", "\\u0085",
                        "\\u200b", "\\u200d", "\\u202e", "\\ufeff"}) {
    EXPECT_TRUE(escapes_seen.contains(e)) << e;
  }
}

// Records written by earlier versions parse; written again they are the
// same bytes (tests/data/upgrade/records-old.jsonl, as 0.1.0 wrote them).
// Records with other escapes than the writer's (hand-written, or of another
// writer) parse too, and are written in the one form.
TEST(JsonStringGolden, RecordsOfEarlierVersionsParseAndWriteTheSame) {
  const std::string old = ::u8guard::testing::ReadFileOrDie(
      ::u8guard::testing::TestDataPath("upgrade/records-old.jsonl"));
  int n = 0;
  for (const std::string& line : ::u8guard::testing::SplitLines(old)) {
    if (line.empty()) continue;
    const absl::StatusOr<NameRecord> r = ParseNameRecord(line);
    ASSERT_TRUE(r.ok()) << r.status() << " " << line;
    EXPECT_EQ(FormatNameRecord(*r), line);
    ++n;
  }
  EXPECT_GT(n, 5);
  const std::string groups = ::u8guard::testing::ReadFileOrDie(
      ::u8guard::testing::TestDataPath("upgrade/records-groups.jsonl"));
  for (const std::string& line : ::u8guard::testing::SplitLines(groups)) {
    if (line.empty()) continue;
    const absl::StatusOr<NameRecord> r = ParseNameRecord(line);
    ASSERT_TRUE(r.ok()) << r.status() << " " << line;
    const absl::StatusOr<NameRecord> again =
        ParseNameRecord(FormatNameRecord(*r));
    ASSERT_TRUE(again.ok()) << again.status();
    EXPECT_EQ(*again, *r);
  }
  // A short escape (as the tool writes) and an upper-case \u escape parse;
  // the record is written back with \u000a and lower case.
  const absl::StatusOr<NameRecord> r = ParseNameRecord(
      "{\"name\":\"a\\nb\\u202Ec\",\"profile\":\"p\",\"valid\":false,"
      "\"rule\":\"DISALLOWED/controls\",\"version_tag\":\"t\"}");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->name,
            "a\nb\xE2\x80\xAE"
            "c");
  EXPECT_EQ(FormatNameRecord(*r),
            "{\"name\":\"a\\u000ab\\u202ec\",\"profile\":\"p\",\"valid\":false,"
            "\"rule\":\"DISALLOWED/controls\",\"version_tag\":\"t\"}");
}

}  // namespace
}  // namespace u8guard
