// SPDX-License-Identifier: Apache-2.0
// ValidateUtf8Fd / ValidateUtf8File (utf8_file.h): validation from the
// descriptor's current offset, through pipes whose writes split sequences,
// across the 256 KiB read chunks, and the error Status of a missing file.

#include "u8guard/utf8_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::WriteFileOrDie;

TEST(Utf8File, ValidatesFromTheCurrentOffset) {
  ScopedTempDir dir;
  const std::string path = dir.File("header");
  // A binary header, then text with an error 5 bytes into it.
  WriteFileOrDie(path,
                 std::string("\xFF\xFE\x00\x01", 4) + "caf\xC3\xA9\xC0\xAF!");
  const int fd = open(path.c_str(), O_RDONLY);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(lseek(fd, 4, SEEK_SET), 4);
  const absl::StatusOr<Utf8Result> r = ValidateUtf8Fd(fd);
  close(fd);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(*r, (Utf8Result{5, Utf8ErrorKind::kOverlong, 1}));
}

// Writes `bytes` into a pipe in pieces of `piece` bytes from another thread
// while ValidateUtf8Fd reads the other end.
absl::StatusOr<Utf8Result> ThroughPipe(const std::string& bytes, size_t piece) {
  int fds[2];
  if (pipe(fds) != 0) return absl::InternalError("pipe");
  std::thread writer([&] {
    for (size_t i = 0; i < bytes.size(); i += piece) {
      const size_t n = std::min(piece, bytes.size() - i);
      if (write(fds[1], bytes.data() + i, n) != static_cast<ssize_t>(n)) {
        break;
      }
    }
    close(fds[1]);
  });
  absl::StatusOr<Utf8Result> r = ValidateUtf8Fd(fds[0]);
  writer.join();
  close(fds[0]);
  return r;
}

TEST(Utf8File, PipesWhoseWritesSplitSequences) {
  const std::string smile = "\xF0\x9F\x98\x80";
  std::string text;
  for (int i = 0; i < 1000; ++i) text += "a" + smile + "\xC3\xA9";
  for (size_t piece :
       {size_t{1}, size_t{2}, size_t{3}, size_t{5}, size_t{7}, size_t{4096}}) {
    absl::StatusOr<Utf8Result> r = ThroughPipe(text, piece);
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_EQ(*r, (Utf8Result{text.size(), Utf8ErrorKind::kNone, 0}))
        << "piece " << piece;
    // Cut off inside the last character: truncated at its lead byte.
    r = ThroughPipe(text + smile.substr(0, 3), piece);
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_EQ(*r, (Utf8Result{text.size(), Utf8ErrorKind::kTruncated, 0}))
        << "piece " << piece;
  }
}

// Errors and sequences around the 256 KiB read chunks and further out, in a
// regular file: the offsets are offsets in the whole file.
TEST(Utf8File, OffsetsAcrossReadChunks) {
  ScopedTempDir dir;
  const std::string path = dir.File("chunks");
  for (size_t boundary : {size_t{256} << 10, size_t{3} << 20}) {
    for (size_t before = 0; before <= 4; ++before) {
      const std::string head(boundary - before, 'x');
      WriteFileOrDie(path, head + "\xE2\x82\xAC\xED\xA0\x80" + "tail");
      absl::StatusOr<Utf8Result> r = ValidateUtf8File(path);
      ASSERT_TRUE(r.ok()) << r.status();
      EXPECT_EQ(*r, (Utf8Result{head.size() + 3, Utf8ErrorKind::kSurrogate, 1}))
          << boundary << " " << before;
      WriteFileOrDie(path, head + "\xE2\x82\xAC" + std::string(1000, 'y'));
      r = ValidateUtf8File(path);
      ASSERT_TRUE(r.ok()) << r.status();
      EXPECT_EQ(*r, (Utf8Result{head.size() + 1003, Utf8ErrorKind::kNone, 0}));
    }
  }
}

TEST(Utf8File, MissingFileIsNotFoundNamingThePath) {
  ScopedTempDir dir;
  const std::string path = dir.File("no-such-file");
  const absl::StatusOr<Utf8Result> r = ValidateUtf8File(path);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(r.status().message().find(path), std::string_view::npos)
      << r.status();
}

// A file name is shown escaped in messages, in EscapeForDisplay's notation
// but every code point beyond printable ASCII escaped (this layer is below
// the Unicode data that tells a visible character): no escape sequence,
// newline, bidi override or byte that is not UTF-8 in a name reaches a log.
TEST(Utf8File, FileNamesInErrorsAreEscaped) {
  ScopedTempDir dir;
  const struct {
    std::string name, shown;
  } cases[] = {{"evil\x1B[31m", "evil\\u{001B}[31m"},
               {"new\nline", "new\\u{000A}line"},
               {"bad\xFF", "bad\\xFF"},
               {"rlo\u202Etxt", "rlo\\u{202E}txt"},
               {"caf\u00E9", "caf\\u{00E9}"},
               {"back\\slash", "back\\\\slash"}};
  for (const auto& c : cases) {
    const absl::StatusOr<Utf8Result> r = ValidateUtf8File(dir.File(c.name));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status().code(), absl::StatusCode::kNotFound);
    EXPECT_EQ(
        r.status().message(),
        absl::StrCat(dir.path(), "/", c.shown, ": No such file or directory"));
  }
}

}  // namespace
}  // namespace u8guard
