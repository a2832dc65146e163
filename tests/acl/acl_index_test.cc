// SPDX-License-Identifier: Apache-2.0
// AclIndex: the file format (comments, blank lines, CRLF, the file's
// signature, BOMs on other lines), entries and their indexes and lines,
// invalid entries, lists, the two lookups, versions, memory, loading.

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/acl.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"
#include "u8guard/version.h"

namespace u8guard {
namespace {

using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::WriteFileOrDie;

const Profile& Mapped() {
  static const Profile* p = *FindBuiltinProfile("username-case-mapped");
  return *p;
}

TEST(AclMode, Names) {
  EXPECT_EQ(AclModeName(AclMode::kExact), "exact");
  EXPECT_EQ(AclModeName(AclMode::kSkeleton), "skeleton");
  EXPECT_EQ(*ParseAclMode("exact"), AclMode::kExact);
  EXPECT_EQ(*ParseAclMode("skeleton"), AclMode::kSkeleton);
  EXPECT_FALSE(ParseAclMode("Exact").ok());
  EXPECT_FALSE(ParseAclMode("").ok());
}

TEST(AclIndexFile, CommentsBlankLinesCrlfAndLineNumbers) {
  const std::string text =
      "# staff\n"  // 1 comment
      "Alice\r\n"  // 2 entry 0
      "\n"         // 3 blank
      "   \t\n"    // 4 blank
      "bob\n"      // 5 entry 1
      "#carol\n"   // 6 comment ('#' at byte 0)
      " #dave\n"   // 7 entry 2: not a comment, and invalid (space)
      "erin";      // 8 entry 3, no final newline
  absl::StatusOr<AclIndex> index =
      AclIndex::Parse(Mapped(), text, AclMode::kExact);
  ASSERT_TRUE(index.ok()) << index.status();
  EXPECT_EQ(index->entry_count(), 4u);
  ASSERT_EQ(index->size(), 3u);
  EXPECT_FALSE(index->file_signature());

  const AclEntry alice = index->entry(0);
  EXPECT_EQ(alice.index, 0u);
  EXPECT_EQ(alice.line, 2u);
  EXPECT_EQ(alice.original, "Alice");  // "\r" removed
  EXPECT_EQ(alice.key, "alice");
  const AclEntry bob = index->entry(1);
  EXPECT_EQ(bob.index, 1u);
  EXPECT_EQ(bob.line, 5u);
  EXPECT_EQ(bob.original, "bob");
  EXPECT_EQ(bob.key, "bob");
  const AclEntry erin = index->entry(2);
  EXPECT_EQ(erin.index, 3u);
  EXPECT_EQ(erin.line, 8u);

  ASSERT_EQ(index->invalid_entries().size(), 1u);
  const AclInvalidEntry& dave = index->invalid_entries()[0];
  EXPECT_EQ(dave.index, 2u);
  EXPECT_EQ(dave.line, 7u);
  EXPECT_EQ(dave.original, " #dave");
  EXPECT_EQ(dave.rejection.offset, 0u);
  EXPECT_EQ(dave.rejection.rule_id(), "DISALLOWED/spaces");
  EXPECT_NE(RejectionMessage(dave.rejection).find("username-case-mapped"),
            std::string::npos);
}

TEST(AclIndexFile, EmptyAndCommentOnlyFiles) {
  for (const char* text : {"", "\n\n", "# nothing\n", "\xEF\xBB\xBF"}) {
    absl::StatusOr<AllowList> a = AllowList::Parse(Mapped(), text);
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->index().size(), 0u);
    EXPECT_EQ(a->index().entry_count(), 0u);
    EXPECT_FALSE(a->Grants("admin"));
  }
}

TEST(AclIndexFile, SignatureOnlyOnTheFirstLineAndOnlyOnce) {
  // Signature + comment on line 1, a BOM entry on line 3.
  const std::string text =
      "\xEF\xBB\xBF# users\n"
      "alice\n"
      "\xEF\xBB\xBF"
      "bob\n";
  absl::StatusOr<AclIndex> index =
      AclIndex::Parse(Mapped(), text, AclMode::kExact);
  ASSERT_TRUE(index.ok());
  EXPECT_TRUE(index->file_signature());
  ASSERT_EQ(index->size(), 1u);
  EXPECT_EQ(index->entry(0).line, 2u);
  ASSERT_EQ(index->bom_entries().size(), 1u);
  EXPECT_EQ(index->bom_entries()[0], 1u);
  ASSERT_EQ(index->invalid_entries().size(), 1u);
  EXPECT_EQ(index->invalid_entries()[0].rejection.rule_id(), "bom_not_allowed");
  EXPECT_EQ(index->invalid_entries()[0].line, 3u);

  // Two signatures on line 1: one is the file's, the other the entry's.
  absl::StatusOr<AclIndex> twice = AclIndex::Parse(Mapped(),
                                                   "\xEF\xBB\xBF\xEF\xBB\xBF"
                                                   "alice\n",
                                                   AclMode::kExact);
  ASSERT_TRUE(twice.ok());
  EXPECT_TRUE(twice->file_signature());
  EXPECT_EQ(twice->size(), 0u);
  ASSERT_EQ(twice->invalid_entries().size(), 1u);
  EXPECT_EQ(twice->invalid_entries()[0].original,
            "\xEF\xBB\xBF"
            "alice");
  EXPECT_EQ(twice->bom_entries().size(), 1u);
}

TEST(AclIndexFile, BomOnOtherLinesFollowsTheProfilesPolicy) {
  // text-document strips an initial BOM: the entry is then valid, and the
  // index still records that it began with one.
  const Profile& doc = **FindBuiltinProfile("text-document");
  absl::StatusOr<AllowList> a =
      AllowList::Parse(doc, "first\n\xEF\xBB\xBFsecond\n");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->index().size(), 2u);
  EXPECT_TRUE(a->index().invalid_entries().empty());
  ASSERT_EQ(a->index().bom_entries().size(), 1u);
  EXPECT_EQ(a->index().bom_entries()[0], 1u);
  const AclLookup r = a->Grants("second");
  ASSERT_TRUE(r);
  EXPECT_EQ(r.match->original, "\xEF\xBB\xBFsecond");
  EXPECT_EQ(r.match->key, "second");
}

TEST(AclIndexFile, InvalidUtf8IsAnInvalidEntryWithItsOffset) {
  absl::StatusOr<AclIndex> index = AclIndex::Parse(Mapped(),
                                                   "ok\nsvc\xC0\xAE"
                                                   "backup\nab\xE2\x82\n",
                                                   AclMode::kExact);
  ASSERT_TRUE(index.ok());
  EXPECT_EQ(index->size(), 1u);
  ASSERT_EQ(index->invalid_entries().size(), 2u);
  EXPECT_EQ(index->invalid_entries()[0].rejection.offset, 3u);
  EXPECT_EQ(index->invalid_entries()[0].rejection.rule_id(), "utf8/overlong");
  EXPECT_EQ(index->invalid_entries()[0].original,
            "svc\xC0\xAE"
            "backup");
  EXPECT_EQ(index->invalid_entries()[1].rejection.offset, 2u);
  EXPECT_EQ(index->invalid_entries()[1].rejection.rule_id(), "utf8/truncated");
}

TEST(AclIndexList, EntriesAreTakenAsIs) {
  const std::vector<std::string> entries = {"# not a comment", "", "Zoe",
                                            "\xEF\xBB\xBFzoe"};
  absl::StatusOr<AclIndex> index =
      AclIndex::Build(Mapped(), entries, AclMode::kExact);
  ASSERT_TRUE(index.ok());
  EXPECT_EQ(index->entry_count(), 4u);
  EXPECT_FALSE(index->file_signature());
  ASSERT_EQ(index->size(), 1u);  // "#..." has a space, "" is empty
  EXPECT_EQ(index->entry(0).index, 2u);
  EXPECT_EQ(index->entry(0).line, 0u);  // no lines in a list
  EXPECT_EQ(index->entry(0).key, "zoe");
  ASSERT_EQ(index->invalid_entries().size(), 3u);
  EXPECT_EQ(index->invalid_entries()[1].rejection.rule_id(),
            "DISALLOWED/empty");
  EXPECT_EQ(index->invalid_entries()[2].rejection.rule_id(), "bom_not_allowed");
}

TEST(AclLookups, FirstEntryWinsAndOriginalsAreKept) {
  absl::StatusOr<AllowList> allow =
      AllowList::Build(Mapped(), {"Admin", "ADMIN", "root"});
  ASSERT_TRUE(allow.ok());
  const AclLookup r = allow->Grants("admin");
  ASSERT_TRUE(r);
  EXPECT_TRUE(r.status.ok());
  EXPECT_EQ(r.match->index, 0u);
  EXPECT_EQ(r.match->original, "Admin");
  EXPECT_EQ(r.match->key, "admin");
  EXPECT_FALSE(allow->Grants("admin2"));
  EXPECT_TRUE(allow->Grants("admin2").status.ok());
  EXPECT_FALSE(allow->Grants("ad min").status.ok());
}

TEST(AclLookups, SkeletonIndexFindsTheFirstEntryOfASkeleton) {
  // "paypal" and its Cyrillic spoof share a skeleton; "modern" and
  // "rnodern" too. Resembles returns the first of each.
  absl::StatusOr<DenyList> deny = DenyList::Build(
      Mapped(), {"p\xD0\xB0ypal", "paypal", "rnodern", "modern", "unrelated"});
  ASSERT_TRUE(deny.ok());
  EXPECT_EQ(deny->index().mode(), AclMode::kSkeleton);
  EXPECT_EQ(deny->index().size(), 5u);
  AclLookup r = deny->Resembles("PAYPAL");
  ASSERT_TRUE(r);
  EXPECT_EQ(r.match->index, 0u);
  EXPECT_EQ(r.match->key, "p\xD0\xB0ypal");
  r = deny->Resembles("modern");
  ASSERT_TRUE(r);
  EXPECT_EQ(r.match->original, "rnodern");
  // Entries keep their own keys in a skeleton index.
  EXPECT_EQ(deny->index().entry(3).key, "modern");
  EXPECT_EQ(deny->index().entry(3).original, "modern");
  EXPECT_FALSE(deny->Resembles("related"));
  EXPECT_FALSE(deny->Resembles("re lated").status.ok());
}

TEST(AclIndex, RecordsVersionsAndProfile) {
  absl::StatusOr<AllowList> allow = AllowList::Build(Mapped(), {"a"});
  ASSERT_TRUE(allow.ok());
  EXPECT_EQ(allow->index().icu_version(), IcuVersion());
  EXPECT_EQ(allow->index().unicode_version(), UnicodeVersion());
  EXPECT_EQ(allow->index().profile().name, "username-case-mapped");
  EXPECT_EQ(allow->index().mode(), AclMode::kExact);
}

TEST(AclIndex, CopiesShareTheIndexAndOutliveTheOriginal) {
  std::optional<AllowList> copy;
  {
    absl::StatusOr<AllowList> allow = AllowList::Build(Mapped(), {"Alice"});
    ASSERT_TRUE(allow.ok());
    copy = *allow;
  }
  const AclLookup r = copy->Grants("ALICE");
  ASSERT_TRUE(r);
  EXPECT_EQ(r.match->original, "Alice");
}

TEST(AclIndex, LongAndManyEntries) {
  // Keys of 128+ bytes need two bytes of length framing; 10000 entries
  // exercise the table's growth and the runs of line numbers.
  std::string text;
  std::vector<std::string> names;
  for (int i = 0; i < 10000; ++i) {
    std::string name = absl::StrCat("user", i);
    if (i % 7 == 0) name += std::string(130 + i % 50, 'x');
    names.push_back(name);
    absl::StrAppend(&text, name, "\n");
    if (i % 100 == 0) absl::StrAppend(&text, "# comment\n");
    if (i % 250 == 0) absl::StrAppend(&text, "bad name\n");  // invalid
  }
  absl::StatusOr<AllowList> allow = AllowList::Parse(Mapped(), text);
  ASSERT_TRUE(allow.ok());
  ASSERT_EQ(allow->index().size(), names.size());
  // The line and entry index of each name, as the text was written.
  size_t line = 0, index = 0;
  std::vector<size_t> lines, indexes;
  for (int i = 0; i < 10000; ++i) {
    lines.push_back(++line);
    indexes.push_back(index++);
    if (i % 100 == 0) ++line;
    if (i % 250 == 0) {
      ++line;
      ++index;
    }
  }
  for (int i = 0; i < 10000; ++i) {
    const AclLookup r = allow->Grants(names[i]);
    ASSERT_TRUE(r) << names[i];
    ASSERT_EQ(r.match->original, names[i]);
    ASSERT_EQ(r.match->line, lines[i]) << i;
    ASSERT_EQ(r.match->index, indexes[i]) << i;
    ASSERT_EQ(allow->index().entry(i).line, lines[i]) << i;
  }
  EXPECT_EQ(allow->index().invalid_entries().size(), 40u);
  EXPECT_FALSE(allow->Grants("user10000"));
}

TEST(AclIndex, MemoryIsWithinThreeTimesTheEntriesInBothModes) {
  std::vector<std::string> names;
  size_t raw = 0;
  for (int i = 0; i < 100000; ++i) {
    names.push_back(absl::StrCat("employee.", i * 7919 % 1000003));
    raw += names.back().size() + 1;  // as a file: with its newline
  }
  for (const AclMode mode : {AclMode::kExact, AclMode::kSkeleton}) {
    SCOPED_TRACE(AclModeName(mode));
    absl::StatusOr<AclIndex> index = AclIndex::Build(Mapped(), names, mode);
    ASSERT_TRUE(index.ok());
    const size_t bytes = index->MemoryUsage();
    EXPECT_GT(bytes, raw);  // it does hold the keys
    EXPECT_LT(bytes, 3 * raw) << bytes << " bytes for " << raw;
  }
}

TEST(AclIndex, LoadReadsFilesAndReportsErrors) {
  ScopedTempDir dir;
  const std::string path = dir.File("users.acl");
  WriteFileOrDie(path, "alice\nbob\n");
  absl::StatusOr<AllowList> allow = AllowList::Load(Mapped(), path);
  ASSERT_TRUE(allow.ok()) << allow.status();
  EXPECT_TRUE(allow->Grants("BOB"));
  absl::StatusOr<DenyList> deny = DenyList::Load(Mapped(), path);
  ASSERT_TRUE(deny.ok());
  EXPECT_TRUE(deny->Resembles("a1ice"));  // "1" looks like "l"

  const absl::Status missing =
      AllowList::Load(Mapped(), dir.File("missing.acl")).status();
  EXPECT_EQ(missing.code(), absl::StatusCode::kNotFound);
  EXPECT_NE(missing.message().find("missing.acl"), absl::string_view::npos);
  EXPECT_FALSE(AclIndex::Load(Mapped(), dir.path(), AclMode::kExact).ok());
}

}  // namespace
}  // namespace u8guard

namespace u8guard {
namespace {

// Only regular files are read, and only up to the limit: /dev/zero, a FIFO,
// a directory or a link to a device would otherwise read forever or block.
TEST(AclIndex, LoadRefusesWhatIsNotARegularFileOrTooLarge) {
  const Profile& p = **FindBuiltinProfile("username-case-mapped");
  testing::ScopedTempDir dir;
  const std::string fifo = dir.File("fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const std::string link = dir.File("zero");
  ASSERT_EQ(symlink("/dev/zero", link.c_str()), 0);
  for (const std::string& path :
       {std::string("/dev/zero"), fifo, link, dir.path()}) {
    const absl::StatusOr<AllowList> a = AllowList::Load(p, path);
    ASSERT_FALSE(a.ok()) << path;
    EXPECT_EQ(a.status().code(), absl::StatusCode::kFailedPrecondition)
        << a.status();
    EXPECT_NE(a.status().message().find("not a regular file"),
              absl::string_view::npos);
  }
  const std::string big = dir.File("big.acl");
  testing::WriteFileOrDie(big, "alice\nbob\n");
  const absl::StatusOr<DenyList> over =
      DenyList::Load(p, big, AclLoadOptions{.max_file_bytes = 9});
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(over.status().message().find("limit of 9 bytes"),
            absl::string_view::npos);
  EXPECT_TRUE(
      DenyList::Load(p, big, AclLoadOptions{.max_file_bytes = 10}).ok());
}

// A file name is shown escaped in every loader's messages, so that it forges
// no line and no escape sequence: a
// directory named with an escape sequence, a newline or a byte that is not
// UTF-8 where an ACL file was expected.
TEST(AclIndex, LoadShowsFileNamesEscaped) {
  const Profile& p = **FindBuiltinProfile("username-case-mapped");
  testing::ScopedTempDir dir;
  const struct {
    std::string name, shown;
  } cases[] = {{"evil\x1B[31m.acl", "evil\\u{001B}[31m.acl"},
               {"new\nline.acl", "new\\u{000A}line.acl"},
               {"bad\xFF.acl", "bad\\xFF.acl"},
               {"rlo\u202Etxt.acl", "rlo\\u{202E}txt.acl"}};
  for (const auto& c : cases) {
    ASSERT_EQ(mkdir(dir.File(c.name).c_str(), 0755), 0);
    const absl::StatusOr<AllowList> a = AllowList::Load(p, dir.File(c.name));
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.status().message(),
              absl::StrCat(dir.path(), "/", c.shown, ": not a regular file"));
    const absl::StatusOr<DenyList> missing =
        DenyList::Load(p, dir.File(c.name + "/x"));
    EXPECT_EQ(missing.status().message(),
              absl::StrCat(dir.path(), "/", c.shown,
                           "/x: No such file or directory"));
  }
}

// An invalid entry keeps a bounded prefix of its bytes and its length.
TEST(AclIndex, InvalidEntriesKeepABoundedPrefix) {
  const Profile& p = **FindBuiltinProfile("username-case-mapped");
  const std::string huge(100000, 'x');
  const absl::StatusOr<AclIndex> index =
      AclIndex::Build(p, {"ok", huge, "a b"}, AclMode::kExact);
  ASSERT_TRUE(index.ok());
  ASSERT_EQ(index->invalid_entries().size(), 2u);
  const AclInvalidEntry& e = index->invalid_entries()[0];
  EXPECT_EQ(e.original.size(), kAclInvalidEntryKeptBytes);
  EXPECT_EQ(e.original_size, huge.size());
  EXPECT_EQ(e.rejection.rule, Rule::kInputTooLong);
  EXPECT_EQ(index->invalid_entries()[1].original, "a b");
  EXPECT_EQ(index->invalid_entries()[1].original_size, 3u);
  EXPECT_LT(index->MemoryUsage(), 16u * 1024);
}

// The index keeps invalid entries compactly and rebuilds each one when
// asked: every field as the profile gave it (the rejection Canonicalize
// gives, its bytes too when they lie past the kept prefix), with indexes and
// lines far from those of the entries around.
TEST(AclIndex, InvalidEntriesAreRebuiltFieldForField) {
  const Profile& p = **FindBuiltinProfile("username-case-mapped");
  const std::string past_prefix = std::string(2000, 'a') + "\xC0\xAE";
  const std::vector<std::string> invalid = {
      "\x01",                  // C0 control
      "a b",                   // space
      "\xC0\xAE",              // overlong (bytes in the prefix)
      "ab\xE2\x82",            // truncated at the end
      past_prefix,             // bytes past the kept prefix
      std::string(5000, 'x'),  // input_too_long: no code point
      "\xEF\xBB\xBF"
      "bob",                // BOM
      "al\xE2\x80\x8Bice",  // U+200B
      "\xF0\x9F\x98\x80",   // U+1F600: a 3-byte varint
      "a\xD7\x90",          // the Bidi Rule: offset 0
  };
  // 300 valid entries and 200 blank lines before each invalid one: their
  // index and line are far from their position among the invalid ones.
  std::string text;
  size_t line = 0;
  std::vector<size_t> lines;
  for (size_t i = 0; i < invalid.size(); ++i) {
    for (int k = 0; k < 300; ++k) {
      absl::StrAppend(&text, "user", i, "x", k, "\n");
      ++line;
    }
    text += std::string(200, '\n');
    line += 200;
    absl::StrAppend(&text, invalid[i], "\n");
    lines.push_back(++line);
  }
  for (const AclMode mode : {AclMode::kExact, AclMode::kSkeleton}) {
    const absl::StatusOr<AclIndex> index = AclIndex::Parse(p, text, mode);
    ASSERT_TRUE(index.ok()) << index.status();
    const AclInvalidEntries entries = index->invalid_entries();
    ASSERT_EQ(entries.size(), invalid.size());
    size_t i = 0;
    for (const AclInvalidEntry& e : entries) {
      SCOPED_TRACE(i);
      const std::string& whole = invalid[i];
      EXPECT_EQ(e.index, 300 * (i + 1) + i);
      EXPECT_EQ(e.line, lines[i]);
      EXPECT_EQ(e.original, whole.substr(0, kAclInvalidEntryKeptBytes));
      EXPECT_EQ(e.original_size, whole.size());
      const std::optional<Rejection> expected =
          GetRejection(Canonicalize(p, whole).status());
      ASSERT_TRUE(expected.has_value());
      EXPECT_EQ(e.rejection, *expected);
      EXPECT_EQ(RejectionMessage(entries[i].rejection),
                RejectionMessage(*expected));
      ++i;
    }
    EXPECT_EQ(i, invalid.size());
    EXPECT_EQ(entries[4].rejection.bytes, "\xC0\xAE");
    EXPECT_EQ(entries[4].rejection.offset, 2000u);
  }
  // From a list: no lines.
  const absl::StatusOr<AclIndex> list =
      AclIndex::Build(p, invalid, AclMode::kExact);
  ASSERT_TRUE(list.ok());
  for (size_t i = 0; i < invalid.size(); ++i) {
    EXPECT_EQ(list->invalid_entries()[i].index, i);
    EXPECT_EQ(list->invalid_entries()[i].line, 0u);
    EXPECT_EQ(list->invalid_entries()[i].rejection,
              *GetRejection(Canonicalize(p, invalid[i]).status()));
  }
}

}  // namespace
}  // namespace u8guard
