// SPDX-License-Identifier: Apache-2.0
// Utf8StreamValidator against ValidateUtf8Reference on the whole input: every
// split into two chunks, one-byte chunks and random chunk sizes (with empty
// chunks) give exactly the whole-input result, for the utf8tests cases, the
// lines of Kuhn's stress test and the whole file, and random inputs; errors
// are sticky; Finish reports an unfinished tail; offsets count the whole
// stream, past 4 GiB.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
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

using ::u8guard::testing::FromHex;
using ::u8guard::testing::LoadUtf8TestsCases;
using ::u8guard::testing::MismatchLog;
using ::u8guard::testing::MutateUtf8;
using ::u8guard::testing::RandomValidUtf8;
using ::u8guard::testing::ReadFileOrDie;
using ::u8guard::testing::SharedPath;
using ::u8guard::testing::SplitLines;
using ::u8guard::testing::ToHex;
using ::u8guard::testing::Utf8ResultString;

constexpr Utf8ErrorKind kOk = Utf8ErrorKind::kNone;

std::string Describe(std::string_view in) {
  return in.size() <= 64 ? ToHex(in) : absl::StrFormat("%d bytes", in.size());
}

// Feeds `in` cut at `cuts` (ascending offsets; a repeated offset is an empty
// chunk), checks what every Feed promises, that an error is sticky, and
// returns the stream's result: the first failed Feed, else Finish.
Utf8Result Stream(std::string_view in, const std::vector<size_t>& cuts,
                  MismatchLog& log) {
  Utf8StreamValidator v;
  std::optional<Utf8Result> error;
  size_t start = 0;
  uint64_t last_valid = 0;
  std::vector<size_t> ends = cuts;
  ends.push_back(in.size());
  for (size_t end : ends) {
    const Utf8Result r = v.Feed(in.substr(start, end - start));
    start = end;
    // (After an error the validator stops counting; the header promises
    // "total bytes fed", so only the error-free part is checked.)
    if (!error && r.ok() && v.bytes_fed() != end) {
      log.Add(absl::StrFormat("bytes_fed %d after %d bytes of %s",
                              v.bytes_fed(), end, Describe(in)));
    }
    if (error) {
      if (!(r == *error)) {
        log.Add(absl::StrFormat("not sticky on %s: %s then %s", Describe(in),
                                Utf8ResultString(*error), Utf8ResultString(r)));
      }
      continue;
    }
    if (!r.ok()) {
      error = r;
      continue;
    }
    // All but at most 3 bytes of an unfinished sequence are known valid,
    // and the count never goes back.
    if (r.valid_up_to > end || end - r.valid_up_to > 3 ||
        r.valid_up_to < last_valid ||
        !ValidateUtf8Reference(in.substr(0, r.valid_up_to)).ok()) {
      log.Add(absl::StrFormat("Feed up to %d of %s: %s", end, Describe(in),
                              Utf8ResultString(r)));
    }
    last_valid = r.valid_up_to;
  }
  const Utf8Result fin = v.Finish();
  if (error && !(fin == *error)) {
    log.Add(absl::StrFormat("Finish not sticky on %s: %s then %s", Describe(in),
                            Utf8ResultString(*error), Utf8ResultString(fin)));
  }
  // Finish is sticky too.
  if (!fin.ok() && !(v.Feed("abc") == fin && v.Finish() == fin)) {
    log.Add("error after Finish not sticky on " + Describe(in));
  }
  return error ? *error : fin;
}

void ExpectStreamMatches(std::string_view in, const std::vector<size_t>& cuts,
                         MismatchLog& log) {
  const Utf8Result want = ValidateUtf8Reference(in);
  const Utf8Result got = Stream(in, cuts, log);
  if (!(got == want)) {
    std::string at;
    for (size_t c : cuts) at += absl::StrFormat(" %d", c);
    log.Add(absl::StrFormat("%s cut at%s: want %s, got %s", Describe(in), at,
                            Utf8ResultString(want), Utf8ResultString(got)));
  }
}

// Every split into two chunks, including an empty first or last chunk.
void EverySplit(std::string_view in, MismatchLog& log) {
  for (size_t i = 0; i <= in.size(); ++i) ExpectStreamMatches(in, {i}, log);
}

void OneByteChunks(std::string_view in, MismatchLog& log) {
  std::vector<size_t> cuts;
  for (size_t i = 1; i < in.size(); ++i) cuts.push_back(i);
  ExpectStreamMatches(in, cuts, log);
}

// Chunks of 0..max_chunk bytes.
void RandomChunks(std::string_view in, std::mt19937_64& rng, size_t max_chunk,
                  MismatchLog& log) {
  std::vector<size_t> cuts;
  size_t at = 0;
  while (true) {
    at += rng() % (max_chunk + 1);
    if (at >= in.size()) break;
    cuts.push_back(at);
  }
  ExpectStreamMatches(in, cuts, log);
}

void AllChunkings(std::string_view in, std::mt19937_64& rng, MismatchLog& log) {
  EverySplit(in, log);
  OneByteChunks(in, log);
  for (int i = 0; i < 4; ++i) RandomChunks(in, rng, 5, log);
  for (int i = 0; i < 2; ++i) RandomChunks(in, rng, 70, log);
}

TEST(Utf8Stream, Utf8TestsCases) {
  U8GUARD_REQUIRE_SHARED_FILE("testdata/utf8tests/utf8tests.txt");
  std::mt19937_64 rng(1);
  MismatchLog log;
  const auto cases = LoadUtf8TestsCases();
  ASSERT_EQ(cases.size(), 222u);
  for (const auto& c : cases) {
    AllChunkings(c.bytes, rng, log);
    // The same inside longer text, so that chunks end inside the body too.
    AllChunkings("0123456789" + c.bytes + "\xC3\xA9xyz", rng, log);
  }
  log.ExpectNone("utf8tests cases");
}

TEST(Utf8Stream, KuhnLinesAndWholeFile) {
  U8GUARD_REQUIRE_SHARED_FILE("testdata/UTF-8-test.txt");
  std::mt19937_64 rng(2);
  MismatchLog log;
  const std::string file = ReadFileOrDie(SharedPath("testdata/UTF-8-test.txt"));
  const std::vector<std::string> lines = SplitLines(file);
  ASSERT_EQ(lines.size(), 300u);
  for (const std::string& line : lines) AllChunkings(line, rng, log);
  // The whole file: every split point, and random chunkings.
  EverySplit(file, log);
  OneByteChunks(file, log);
  for (size_t max : {3, 17, 64, 4096}) RandomChunks(file, rng, max, log);
  log.ExpectNone("Kuhn stress test");
}

TEST(Utf8Stream, RandomInputs) {
  std::mt19937_64 rng(3);
  MismatchLog log;
  for (int i = 0; i < 3000; ++i) {
    const std::string valid = RandomValidUtf8(rng, rng() % 150);
    const std::string in = MutateUtf8(rng, valid, static_cast<int>(rng() % 3));
    AllChunkings(in, rng, log);
  }
  log.ExpectNone("random inputs");
}

TEST(Utf8Stream, FinishReportsUnfinishedTail) {
  for (std::string_view tail : {"\xC3", "\xE2", "\xE2\x82", "\xF0", "\xF0\x9F",
                                "\xF0\x9F\x98", "\xF4\x8F\xBF"}) {
    SCOPED_TRACE(ToHex(tail));
    Utf8StreamValidator v;
    EXPECT_TRUE(v.Feed("abc").ok());
    for (char b : tail) {
      const Utf8Result r = v.Feed(std::string_view(&b, 1));
      EXPECT_EQ(r, (Utf8Result{3, kOk, 0})) << Utf8ResultString(r);
    }
    EXPECT_EQ(v.Finish(), (Utf8Result{3, Utf8ErrorKind::kTruncated, 0}));
    EXPECT_EQ(v.bytes_fed(), 3 + tail.size());
  }
  // A lead that cannot start anything is an invalid byte, even at the end.
  Utf8StreamValidator v;
  EXPECT_TRUE(v.Feed("ab").ok());
  v.Feed("\xC0");
  EXPECT_EQ(v.Finish(), (Utf8Result{2, Utf8ErrorKind::kInvalidByte, 1}));
}

TEST(Utf8Stream, ErrorsAreStickyAndResetClears) {
  Utf8StreamValidator v;
  EXPECT_TRUE(v.Feed("ok ").ok());
  const Utf8Result err = v.Feed("\xED\xA0\x80 more");
  EXPECT_EQ(err, (Utf8Result{3, Utf8ErrorKind::kSurrogate, 1}));
  EXPECT_EQ(v.Feed("valid text"), err);
  EXPECT_EQ(v.Feed(""), err);
  EXPECT_EQ(v.Finish(), err);
  EXPECT_EQ(v.Finish(), err);
  v.Reset();
  EXPECT_EQ(v.bytes_fed(), 0u);
  EXPECT_EQ(v.Feed("\xE2\x82\xAC"), (Utf8Result{3, kOk, 0}));
  EXPECT_EQ(v.Finish(), (Utf8Result{3, kOk, 0}));
}

TEST(Utf8Stream, EmptyChunks) {
  Utf8StreamValidator v;
  EXPECT_EQ(v.Feed(""), (Utf8Result{0, kOk, 0}));
  EXPECT_EQ(v.Feed("\xE2"), (Utf8Result{0, kOk, 0}));
  EXPECT_EQ(v.Feed(""), (Utf8Result{0, kOk, 0}));
  EXPECT_EQ(v.Feed("\x82"), (Utf8Result{0, kOk, 0}));
  EXPECT_EQ(v.Feed(""), (Utf8Result{0, kOk, 0}));
  EXPECT_EQ(v.Feed("\xAC"), (Utf8Result{3, kOk, 0}));
  EXPECT_EQ(v.Feed(""), (Utf8Result{3, kOk, 0}));
  EXPECT_EQ(v.Finish(), (Utf8Result{3, kOk, 0}));
  Utf8StreamValidator empty;
  EXPECT_EQ(empty.Finish(), (Utf8Result{0, kOk, 0}));
}

// A sequence split over chunks and then broken: the error's offset is where
// the sequence started, in an earlier chunk.
TEST(Utf8Stream, ErrorInSequenceSpanningChunks) {
  Utf8StreamValidator v;
  EXPECT_TRUE(v.Feed("xy\xF0").ok());
  EXPECT_TRUE(v.Feed("\x9F").ok());
  EXPECT_TRUE(v.Feed("\x98").ok());
  EXPECT_EQ(v.Feed("A"),
            (Utf8Result{2, Utf8ErrorKind::kMissingContinuation, 3}));
  Utf8StreamValidator w;
  EXPECT_TRUE(w.Feed("xy\xE0").ok());
  EXPECT_EQ(w.Feed("\x9F\xBF"), (Utf8Result{2, Utf8ErrorKind::kOverlong, 1}));
}

// An unfinished sequence right before a lead byte that ends the chunk: the
// lead is not a continuation, so the sequence lacks one (error_len = its
// length), as ValidateUtf8 says for the same bytes; it is not "truncated",
// since the input does not end there.
TEST(Utf8Stream, UnfinishedSequenceBeforeTrailingLead) {
  struct Case {
    std::string_view hex;
    Utf8Result want;
  };
  for (const Case& c :
       {Case{"C2 C0", {0, Utf8ErrorKind::kMissingContinuation, 1}},
        Case{"31 32 33 EF 80 F0", {3, Utf8ErrorKind::kMissingContinuation, 2}},
        Case{"E1 80 E2", {0, Utf8ErrorKind::kMissingContinuation, 2}},
        Case{"F0 9F 98 C3", {0, Utf8ErrorKind::kMissingContinuation, 3}}}) {
    const std::string in = FromHex(c.hex);
    ASSERT_EQ(ValidateUtf8Reference(in), c.want) << c.hex;
    Utf8StreamValidator v;
    const Utf8Result fed = v.Feed(in);
    const Utf8Result got = fed.ok() ? v.Finish() : fed;
    EXPECT_EQ(got, c.want) << c.hex << ": " << Utf8ResultString(got);
  }
}

// An empty chunk carries no information: C0/C1 left pending at the end of a
// chunk is overlong or an invalid byte depending on the next byte, which an
// empty chunk does not supply.
TEST(Utf8Stream, EmptyChunkDoesNotDecidePendingC0OrC1) {
  for (const char* lead : {"\xC0", "\xC1"}) {
    const std::string whole = absl::StrCat("x", lead, "\xAF");
    ASSERT_EQ(ValidateUtf8Reference(whole),
              (Utf8Result{1, Utf8ErrorKind::kOverlong, 1}));
    Utf8StreamValidator v;
    Utf8Result r = v.Feed(absl::StrCat("x", lead));
    if (r.ok()) r = v.Feed("");
    if (r.ok()) r = v.Feed("\xAF");
    if (r.ok()) r = v.Finish();
    EXPECT_EQ(r, (Utf8Result{1, Utf8ErrorKind::kOverlong, 1}))
        << ToHex(whole) << ": " << Utf8ResultString(r);
  }
}

// Offsets are counted in 64 bits: an error after 4 GiB + 1 MiB of input.
TEST(Utf8Stream, OffsetsPastFourGiB) {
  const std::string chunk(1 << 20, 'a');
  constexpr uint64_t kChunks = 4097;
  Utf8StreamValidator v;
  for (uint64_t i = 0; i < kChunks; ++i) {
    const Utf8Result r = v.Feed(chunk);
    ASSERT_TRUE(r.ok()) << i;
  }
  const uint64_t base = kChunks << 20;
  ASSERT_GT(base, uint64_t{1} << 32);
  EXPECT_EQ(v.bytes_fed(), base);
  // A 3-byte sequence split over three chunks, then a bad byte.
  EXPECT_EQ(v.Feed("\xE2"), (Utf8Result{base, kOk, 0}));
  EXPECT_EQ(v.Feed("\x82"), (Utf8Result{base, kOk, 0}));
  const Utf8Result err = v.Feed("A");
  EXPECT_EQ(err.valid_up_to, base);
  EXPECT_EQ(err.kind, Utf8ErrorKind::kMissingContinuation);
  EXPECT_EQ(err.error_len, 2);
  EXPECT_EQ(v.Finish(), err);
}

// Many odd-sized chunks of mixed text with one overlong form near the end.
TEST(Utf8Stream, ManyChunksOfMixedText) {
  std::mt19937_64 rng(4);
  const std::string text = RandomValidUtf8(rng, 1 << 16);
  const std::string bad = FromHex("C0 AF");
  Utf8StreamValidator v;
  uint64_t total = 0;
  for (int round = 0; round < 64; ++round) {
    size_t at = 0;
    while (at < text.size()) {
      const size_t n = std::min<size_t>(1 + rng() % 1000, text.size() - at);
      ASSERT_TRUE(v.Feed(std::string_view(text).substr(at, n)).ok());
      at += n;
    }
    total += text.size();
  }
  EXPECT_EQ(v.Feed("z" + bad + "z"),
            (Utf8Result{total + 1, Utf8ErrorKind::kOverlong, 1}));
}

}  // namespace
}  // namespace u8guard
