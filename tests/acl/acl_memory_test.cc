// SPDX-License-Identifier: Apache-2.0
// The memory of an AclIndex stays within a small constant per entry and
// times its file's bytes, whether the entries are valid, invalid or mixed:
// both as AclIndex::MemoryUsage reports it and as the heap measures it
// (what the index's allocations really hold once it is built).

#include <malloc.h>

#include <cstddef>
#include <cstdint>
#include <iostream>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "u8guard/acl.h"
#include "u8guard/profile.h"
#include "u8guard/rule.h"
#include "u8guard/skeleton.h"

#if defined(__SANITIZE_ADDRESS__)
#define U8GUARD_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define U8GUARD_TEST_ASAN 1
#endif
#endif
#if defined(U8GUARD_TEST_ASAN)
// The sanitizer runtime's count of the bytes allocated and not yet freed
// (sanitizer/allocator_interface.h, which GCC does not install).
extern "C" size_t __sanitizer_get_current_allocated_bytes();
#endif

namespace u8guard {
namespace {

const Profile& Mapped() {
  static const Profile* p = *FindBuiltinProfile("username-case-mapped");
  return *p;
}

// Bytes of heap in use by the process now (ASan's allocator under ASan).
size_t HeapInUse() {
#if defined(U8GUARD_TEST_ASAN)
  return __sanitizer_get_current_allocated_bytes();
#else
  const struct mallinfo2 m = mallinfo2();
  return m.uordblks + m.hblkhd;
#endif
}

struct Measured {
  size_t entries = 0;
  size_t file_bytes = 0;
  size_t reported = 0;  // AclIndex::MemoryUsage()
  size_t heap = 0;      // what the heap holds for the index once built
};

// Parses `text` and measures the index it builds.
Measured Measure(const std::string& text, AclMode mode) {
#if !defined(U8GUARD_TEST_ASAN)
  // Every block from the heap proper, none mapped on its own: glibc counts
  // the whole mapping of an aligned block, alignment slack included, but
  // returns the slack of a heap block to the free lists.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
#endif
  // The per-thread buffers, ICU's data and u8guard's tables (which a
  // build of many entries would otherwise make on the way), once, before
  // measuring.
  BuildTables();
  EXPECT_TRUE(AclIndex::Parse(Mapped(), "w\n\x01\n", mode).ok());
  const size_t before = HeapInUse();
  absl::StatusOr<AclIndex> index = AclIndex::Parse(Mapped(), text, mode);
  const size_t after = HeapInUse();
  EXPECT_TRUE(index.ok()) << index.status();
  Measured m;
  m.entries = index->entry_count();
  m.file_bytes = text.size();
  m.reported = index->MemoryUsage();
  m.heap = after > before ? after - before : 0;
  std::cout << absl::StrFormat(
      "%d entries, %d file bytes: MemoryUsage %d (%.1f B/entry, %.2fx the "
      "file), heap %d (%.1f B/entry, %.2fx the file)\n",
      m.entries, m.file_bytes, m.reported,
      static_cast<double>(m.reported) / m.entries,
      static_cast<double>(m.reported) / m.file_bytes, m.heap,
      static_cast<double>(m.heap) / m.entries,
      static_cast<double>(m.heap) / m.file_bytes);
  return m;
}

// What every index stays within: its file's bytes times this. (An entry
// costs at least two bytes of file, its byte and its newline; the worst
// file is one of one-byte valid entries between invalid ones, ~9.8.)
constexpr size_t kTimesTheFile = 10;

// Checks what the index of `text` holds in both modes: within the bound,
// and what MemoryUsage reports is what the heap holds (within the storage
// object and its few strings).
void ExpectWithinBound(const std::string& text, size_t entries,
                       size_t bytes_per_entry) {
  for (const AclMode mode : {AclMode::kExact, AclMode::kSkeleton}) {
    SCOPED_TRACE(AclModeName(mode));
    const Measured m = Measure(text, mode);
    EXPECT_EQ(m.entries, entries);
    EXPECT_LE(m.reported, kTimesTheFile * m.file_bytes);
    EXPECT_LE(m.reported, bytes_per_entry * m.entries);
    EXPECT_LE(m.heap, m.reported + 64 * 1024);
    EXPECT_GE(m.heap + 64 * 1024, m.reported);
  }
}

constexpr size_t kLines = 1000000;

// The file of an outside review (5,000,000 lines), at a fifth of its size:
// a control character per line, which every identifier profile rejects. It
// took ~370 bytes an entry (185 times the file); now 12-13: 8 of record, 4
// of offset.
TEST(AclMemory, InvalidEntriesCostAFewBytesEach) {
  std::string text;
  for (size_t i = 0; i < kLines; ++i) text += "\x01\n";
  ExpectWithinBound(text, kLines, 13);
}

// Short valid names, the most an index holds per byte of its file. A
// skeleton index files each look-alike skeleton of an entry: "u1..." has
// two, its key's and its folded capitals' ("UL..."), 37.7 bytes an entry
// where one skeleton took 31.5.
TEST(AclMemory, ValidEntries) {
  std::string text;
  for (size_t i = 0; i < kLines; ++i) absl::StrAppend(&text, "u", i, "\n");
  ExpectWithinBound(text, kLines, 40);
}

// Valid and invalid entries in turn (each valid entry starts a run of its
// own), with comments, blank lines, CRLF, BOMs, overlong and over-long
// entries among them.
TEST(AclMemory, MixedEntries) {
  std::string text;
  size_t entries = 0;
  for (size_t i = 0; i < kLines / 4; ++i) {
    absl::StrAppend(&text, "u", i, "\n\x01\n# c\n\nv", i, "\r\n\xC0\xAE\n");
    entries += 4;
    if (i % 1000 == 0) {
      absl::StrAppend(&text, "\xEF\xBB\xBF", "w", i, "\n",
                      std::string(3000, 'x'), "\n");
      entries += 2;
    }
  }
  ExpectWithinBound(text, entries, 32);
}

// The files that cost the index most per byte: one-byte lines, the same
// valid entry over and over (its table holds it once), each entry after a
// skipped line or an invalid entry (a run each), BOMs.
TEST(AclMemory, TheCostliestFilesPerByte) {
  const struct {
    std::string_view unit;
    size_t entries;
    size_t bytes_per_entry;
  } cases[] = {
      {"a\n", 1, 13},    {"a\n\n", 1, 25},          {"a\n\x01\n", 2, 20},
      {"\xFF\n", 1, 13}, {"\xEF\xBB\xBF\n", 1, 26}, {"\x01\n\n", 1, 15},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(::testing::PrintToString(std::string(c.unit)));
    std::string text = "#\n";  // so that no BOM is the file's signature
    for (size_t i = 0; i < kLines; ++i) text += c.unit;
    ExpectWithinBound(text, kLines * c.entries, c.bytes_per_entry);
  }
}

}  // namespace
}  // namespace u8guard
