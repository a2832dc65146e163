// SPDX-License-Identifier: Apache-2.0
// The 222 cases of flenniken/utf8tests (../shared/testdata/utf8tests): the
// verdict of every kernel, the U+FFFD substitution of maximal subparts
// (Unicode §3.9, Tables 3-8 to 3-11) by ToUtf8Lossy and by every kernel's
// error_len, the skipping of ill-formed bytes, the compiled utf8tests.bin and
// utf8.replace.ref.txt against the text form, and the CLI on every case.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using ::u8guard::testing::CliPath;
using ::u8guard::testing::LoadUtf8TestsCases;
using ::u8guard::testing::MissingSharedFile;
using ::u8guard::testing::ReadFileOrDie;
using ::u8guard::testing::RunCommand;
using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::SharedPath;
using ::u8guard::testing::ShellQuote;
using ::u8guard::testing::SupportedKernels;
using ::u8guard::testing::ToHex;
using ::u8guard::testing::Utf8ResultString;
using ::u8guard::testing::Utf8TestsCase;
using ::u8guard::testing::WriteFileOrDie;

constexpr std::string_view kFffd = "\xEF\xBF\xBD";

// Replaces each maximal subpart with U+FFFD using only a validator's
// Utf8Result (valid_up_to and error_len), not ToUtf8Lossy: this checks every
// kernel's error_len against the corpus.
std::string SubstituteWith(Utf8Kernel kernel, std::string_view in) {
  std::string out;
  while (!in.empty()) {
    const Utf8Result r = ValidateUtf8With(kernel, in);
    out.append(in.substr(0, r.valid_up_to));
    if (r.ok()) break;
    out.append(kFffd);
    // A truncated tail (error_len 0) is one subpart running to the end.
    in.remove_prefix(r.error_len == 0 ? in.size()
                                      : r.valid_up_to + r.error_len);
  }
  return out;
}

// The input with its ill-formed subparts dropped.
std::string SkipInvalid(std::string_view in) {
  std::string out;
  while (!in.empty()) {
    const Utf8Result r = ValidateUtf8(in);
    out.append(in.substr(0, r.valid_up_to));
    if (r.ok()) break;
    in.remove_prefix(r.error_len == 0 ? in.size()
                                      : r.valid_up_to + r.error_len);
  }
  return out;
}

// The value of `key` in one line of the CLI's flat JSON output, without the
// quotes of a string (the values here hold no quote, comma or brace); nullopt
// when the key is absent. (No std::regex: GCC 12 warns inside it under ASan.)
std::optional<std::string> JsonField(std::string_view line,
                                     std::string_view key) {
  const std::string needle =
      absl::StrCat("\"", absl::string_view(key.data(), key.size()), "\": ");
  const size_t at = line.find(needle);
  if (at == std::string_view::npos) return std::nullopt;
  std::string_view value = line.substr(at + needle.size());
  value = value.substr(0, value.find_first_of(",}"));
  if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
    value = value.substr(1, value.size() - 2);
  }
  return std::string(value);
}

class Utf8TestsCorpus : public ::testing::Test {
 protected:
  static constexpr char kCasesFile[] = "testdata/utf8tests/utf8tests.txt";
  static void SetUpTestSuite() {
    if (!MissingSharedFile(kCasesFile).empty()) return;  // SetUp says so
    cases_ = new std::vector<Utf8TestsCase>(LoadUtf8TestsCases());
  }
  void SetUp() override { U8GUARD_REQUIRE_SHARED_FILE(kCasesFile); }
  static void TearDownTestSuite() { delete cases_; }
  static std::vector<Utf8TestsCase>* cases_;
};

std::vector<Utf8TestsCase>* Utf8TestsCorpus::cases_ = nullptr;

TEST_F(Utf8TestsCorpus, HasAllCases) {
  size_t valid = 0;
  for (const Utf8TestsCase& c : *cases_) valid += c.valid;
  // SOURCES.md: 222 cases, 77 valid, 145 invalid.
  EXPECT_EQ(cases_->size(), 222u);
  EXPECT_EQ(valid, 77u);
}

TEST_F(Utf8TestsCorpus, VerdictOfEveryKernel) {
  for (const Utf8TestsCase& c : *cases_) {
    SCOPED_TRACE(c.id + ": " + ToHex(c.bytes));
    const Utf8Result ref = ValidateUtf8Reference(c.bytes);
    EXPECT_EQ(ref.ok(), c.valid) << Utf8ResultString(ref);
    if (c.valid) {
      EXPECT_EQ(ref.valid_up_to, c.bytes.size());
    }
    for (Utf8Kernel k : SupportedKernels()) {
      EXPECT_EQ(ValidateUtf8With(k, c.bytes), ref) << Utf8KernelName(k);
    }
    EXPECT_EQ(ValidateUtf8(c.bytes), ref);
    EXPECT_EQ(IsValidUtf8(c.bytes), c.valid);
    EXPECT_EQ(CheckUtf8(c.bytes).ok(), c.valid);
  }
}

TEST_F(Utf8TestsCorpus, LossyMatchesExpectedWithFffd) {
  for (const Utf8TestsCase& c : *cases_) {
    SCOPED_TRACE(c.id + ": " + ToHex(c.bytes));
    const std::string want = c.valid ? c.bytes : c.with_fffd;
    EXPECT_EQ(ToHex(ToUtf8Lossy(c.bytes)), ToHex(want));
    EXPECT_EQ(ToHex(SubstituteWith(Utf8Kernel::kScalar, c.bytes)), ToHex(want));
    for (Utf8Kernel k : SupportedKernels()) {
      EXPECT_EQ(SubstituteWith(k, c.bytes), want) << Utf8KernelName(k);
    }
    EXPECT_EQ(SubstituteWith(Utf8Kernel::kAuto, c.bytes), want);
    if (!c.valid) {
      // The first error is where the substitution starts: the valid prefix
      // is kept and a U+FFFD follows it.
      const Utf8Result r = ValidateUtf8(c.bytes);
      EXPECT_EQ(want.substr(0, r.valid_up_to),
                c.bytes.substr(0, r.valid_up_to));
      EXPECT_EQ(want.substr(r.valid_up_to, 3), kFffd);
    }
  }
}

TEST_F(Utf8TestsCorpus, SkippingInvalidBytesMatchesExpected) {
  for (const Utf8TestsCase& c : *cases_) {
    if (c.valid) continue;
    EXPECT_EQ(ToHex(SkipInvalid(c.bytes)), ToHex(c.skipped)) << c.id;
  }
}

// Splits the compiled files into `id -> (verdict, bytes)`. Their records are
// `id:valid:BYTES\n` / `id:invalid:BYTES\n`; BYTES may hold any byte but
// '\n' (the corpus has none), so a record runs to the next newline.
std::vector<std::tuple<std::string, bool, std::string>> ReadCompiled(
    const std::string& path) {
  const std::string data = ReadFileOrDie(path);
  std::vector<std::tuple<std::string, bool, std::string>> out;
  size_t pos = 0;
  while (pos < data.size()) {
    size_t end = data.find('\n', pos);
    if (end == std::string::npos) end = data.size();
    const std::string_view rec(data.data() + pos, end - pos);
    pos = end + 1;
    const size_t c1 = rec.find(':');
    const size_t c2 = rec.find(':', c1 + 1);
    if (c1 == std::string_view::npos || c2 == std::string_view::npos) {
      ADD_FAILURE() << "bad record in " << path << ": " << rec;
      continue;
    }
    const std::string_view verdict = rec.substr(c1 + 1, c2 - c1 - 1);
    EXPECT_TRUE(verdict == "valid" || verdict == "invalid") << rec;
    out.emplace_back(std::string(rec.substr(0, c1)), verdict == "valid",
                     std::string(rec.substr(c2 + 1)));
  }
  return out;
}

TEST_F(Utf8TestsCorpus, CompiledBinaryAgreesWithTextForm) {
  U8GUARD_REQUIRE_SHARED_FILE("testdata/utf8tests/utf8tests.bin");
  const auto bin = ReadCompiled(SharedPath("testdata/utf8tests/utf8tests.bin"));
  ASSERT_EQ(bin.size(), cases_->size());
  for (size_t i = 0; i < bin.size(); ++i) {
    const auto& [id, valid, bytes] = bin[i];
    const Utf8TestsCase& c = (*cases_)[i];
    EXPECT_EQ(id, c.id);
    EXPECT_EQ(valid, c.valid) << id;
    EXPECT_EQ(ToHex(bytes), ToHex(c.bytes)) << id;
    EXPECT_EQ(ValidateUtf8(bytes).ok(), valid) << id;
  }
}

TEST_F(Utf8TestsCorpus, ReplaceReferenceAgreesWithLossy) {
  U8GUARD_REQUIRE_SHARED_FILE("testdata/utf8tests/utf8.replace.ref.txt");
  const auto ref =
      ReadCompiled(SharedPath("testdata/utf8tests/utf8.replace.ref.txt"));
  ASSERT_EQ(ref.size(), cases_->size());
  for (size_t i = 0; i < ref.size(); ++i) {
    const auto& [id, valid, lossy] = ref[i];
    const Utf8TestsCase& c = (*cases_)[i];
    EXPECT_EQ(id, c.id);
    EXPECT_EQ(valid, c.valid) << id;
    EXPECT_EQ(ToHex(lossy), ToHex(c.valid ? c.bytes : c.with_fffd)) << id;
    EXPECT_EQ(ToHex(ToUtf8Lossy(c.bytes)), ToHex(lossy)) << id;
  }
}

// Every case as a file, checked by one CLI run per output format.
TEST_F(Utf8TestsCorpus, CliOnEveryCase) {
  ScopedTempDir dir;
  std::string args;
  std::map<std::string, const Utf8TestsCase*> by_path;
  for (const Utf8TestsCase& c : *cases_) {
    const std::string path = dir.File("case_" + c.id);
    WriteFileOrDie(path, c.bytes);
    by_path[path] = &c;
    absl::StrAppend(&args, " ", ShellQuote(path));
  }
  ASSERT_EQ(by_path.size(), cases_->size()) << "duplicate case ids";

  const auto json = RunCommand(CliPath() + " check --format=json" + args);
  EXPECT_EQ(json.exit_code, 1);
  size_t seen = 0;
  for (const std::string& line : testing::SplitLines(json.out)) {
    ASSERT_TRUE(line.starts_with("{\"file\": ") && line.ends_with("}")) << line;
    const std::optional<std::string> file = JsonField(line, "file");
    ASSERT_TRUE(file.has_value()) << line;
    const auto it = by_path.find(*file);
    ASSERT_NE(it, by_path.end()) << line;
    const Utf8TestsCase& c = *it->second;
    const Utf8Result r = ValidateUtf8Reference(c.bytes);
    EXPECT_EQ(JsonField(line, "valid"), c.valid ? "true" : "false") << line;
    EXPECT_EQ(JsonField(line, "valid_up_to"),
              absl::StrFormat("%d", r.valid_up_to))
        << line;
    if (c.valid) {
      EXPECT_EQ(JsonField(line, "error"), std::nullopt) << line;
      EXPECT_EQ(JsonField(line, "error_len"), std::nullopt) << line;
    } else {
      EXPECT_EQ(JsonField(line, "error"), std::string(Utf8ErrorKindId(r.kind)))
          << line;
      EXPECT_EQ(JsonField(line, "error_len"),
                absl::StrFormat("%d", r.error_len))
          << line;
    }
    ++seen;
  }
  EXPECT_EQ(seen, cases_->size());

  const auto text = RunCommand(CliPath() + " check" + args);
  EXPECT_EQ(text.exit_code, 1);
  std::string want;
  for (const Utf8TestsCase& c : *cases_) {
    const std::string path = dir.File("case_" + c.id);
    const Utf8Result r = ValidateUtf8Reference(c.bytes);
    want += c.valid ? absl::StrFormat("%s: ok\n", path)
                    : absl::StrFormat("%s:%d: %s\n", path, r.valid_up_to,
                                      Utf8ErrorKindName(r.kind));
  }
  EXPECT_EQ(text.out, want);

  // The valid cases alone: exit 0.
  std::string valid_args;
  for (const Utf8TestsCase& c : *cases_) {
    if (c.valid) {
      absl::StrAppend(&valid_args, " ", ShellQuote(dir.File("case_" + c.id)));
    }
  }
  EXPECT_EQ(RunCommand(CliPath() + " check" + valid_args).exit_code, 0);
}

}  // namespace
}  // namespace u8guard
