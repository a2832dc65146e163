// SPDX-License-Identifier: Apache-2.0
// The library's progress callbacks (progress.h): AclIndex::Load and
// Registry::Load (AclLoadOptions), AuditAcl (AclAuditOptions), ExportRecords
// and VerifyRecords (RecordFileOptions) call them every kProgressInterval
// records and once at the end of each stage, with counts that never
// decrease and end at the totals; an empty callback changes nothing.

#include "u8guard/progress.h"

#include <cstddef>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/acl.h"
#include "u8guard/profile.h"
#include "u8guard/registration.h"
#include "u8guard/upgrade.h"

namespace u8guard {
namespace {

using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::WriteFileOrDie;

const Profile& UserNames() {
  return **FindBuiltinProfile("username-case-mapped");
}

// 2.5 intervals of names, with a comment, a blank line and a rejected name
// among them, and no newline after the last.
constexpr size_t kNames = kProgressInterval * 5 / 2;

std::string NamesText() {
  std::string text = "# users\n\n";
  for (size_t i = 0; i < kNames; ++i) {
    if (i > 0) text += "\n";
    absl::StrAppend(&text, i == 7 ? "bad name" : "user", i);
  }
  return text;
}

// Every call's Progress, in order.
struct Calls {
  ProgressCallback Callback() {
    return [this](const Progress& p) { seen.push_back(p); };
  }
  std::vector<Progress> seen;
};

// The calls come every kProgressInterval records and once at the end (the
// call for the last record, when it is one of those), increasing, and end
// at `records` and `total_bytes` (and `total_records`, where given).
void ExpectCalls(const std::vector<Progress>& seen, size_t records,
                 size_t total_bytes, size_t total_records) {
  const bool whole = records > 0 && records % kProgressInterval == 0;
  ASSERT_EQ(seen.size(), records / kProgressInterval + (whole ? 0 : 1));
  for (size_t i = 0; i < seen.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(seen[i].total_bytes, total_bytes);
    EXPECT_EQ(seen[i].total_records, total_records);
    EXPECT_LE(seen[i].bytes, total_bytes);
    if (i + 1 < seen.size()) {
      EXPECT_EQ(seen[i].records, (i + 1) * kProgressInterval);
    }
    if (i > 0) {
      EXPECT_GT(seen[i].records, seen[i - 1].records);
      EXPECT_GE(seen[i].bytes, seen[i - 1].bytes);
    }
  }
  EXPECT_EQ(seen.back().records, records);
  EXPECT_EQ(seen.back().bytes, total_bytes);
}

// The calls of a verification's reading, after checking that its grouping
// (ProgressStage::kGrouping) follows them: calls of a known total, no
// bytes, never going back, ending at the total.
std::vector<Progress> ReadingThenGrouping(const std::vector<Progress>& seen) {
  std::vector<Progress> reading;
  size_t grouping = 0;
  for (const Progress& p : seen) {
    if (p.stage == ProgressStage::kReading) {
      EXPECT_EQ(grouping, 0u) << "a reading call after the grouping began";
      reading.push_back(p);
      continue;
    }
    const Progress& first = seen[reading.size()];
    EXPECT_EQ(p.total_records, first.total_records);
    EXPECT_EQ(p.bytes + p.total_bytes, 0u);
    if (grouping++ > 0) {
      EXPECT_GE(p.records, (&p - 1)->records);
    }
  }
  EXPECT_GT(grouping, 0u);
  if (grouping > 0) {
    EXPECT_EQ(seen.back().records, seen.back().total_records);
  }
  return reading;
}

TEST(Progress, ExportRecords) {
  const std::string text = NamesText();
  Calls calls;
  RecordFileOptions options;
  options.progress = calls.Callback();
  size_t written = 0;
  const absl::StatusOr<RecordExport> e = ExportRecords(
      UserNames(), DefaultRegistrationPolicy(), text,
      [&](const NameRecord&) { ++written; }, options);
  ASSERT_TRUE(e.ok()) << e.status();
  EXPECT_EQ(e->names, kNames);
  ExpectCalls(calls.seen, kNames, text.size(), 0);
  // Mid-way, the bytes are those of the names done, each with its newline:
  // the first call's end where the line of the next name begins.
  EXPECT_EQ(calls.seen[0].bytes,
            text.find(absl::StrCat("user", kProgressInterval)));
}

TEST(Progress, ExportAndVerifyRecordsFile) {
  ScopedTempDir dir;
  const std::string names = dir.File("names.acl");
  WriteFileOrDie(names, NamesText());
  std::string records;
  Calls exported;
  RecordFileOptions options;
  options.progress = exported.Callback();
  const absl::StatusOr<RecordExport> e = ExportRecordsFile(
      UserNames(), DefaultRegistrationPolicy(), names,
      [&](const NameRecord& r) {
        absl::StrAppend(&records, FormatNameRecord(r), "\n");
      },
      options);
  ASSERT_TRUE(e.ok()) << e.status();
  ExpectCalls(exported.seen, kNames, NamesText().size(), 0);

  // A blank line among the records is not a record.
  const size_t first_end = records.find('\n') + 1;
  records = absl::StrCat(records.substr(0, first_end), "\n",
                         records.substr(first_end));
  const std::string records_file = dir.File("records.jsonl");
  WriteFileOrDie(records_file, records);
  Calls verified;
  options.progress = verified.Callback();
  const absl::StatusOr<RecordVerification> v = VerifyRecordsFile(
      UserNames(), DefaultRegistrationPolicy(), records_file,
      [](const RecordChange&) {}, options);
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->records, kNames);
  ExpectCalls(ReadingThenGrouping(verified.seen), kNames, records.size(), 0);
}

TEST(Progress, VerifyRecordsOfAWholeInterval) {
  // Exactly two intervals: the call for the last record, which has every
  // byte, is the last call (no second one with the same counts).
  std::string records;
  for (size_t i = 0; i < 2 * kProgressInterval; ++i) {
    const absl::StatusOr<NameRecord> r = MakeNameRecord(
        UserNames(), DefaultRegistrationPolicy(), absl::StrCat("u", i));
    ASSERT_TRUE(r.ok());
    absl::StrAppend(&records, FormatNameRecord(*r), "\n");
  }
  Calls calls;
  RecordFileOptions options;
  options.progress = calls.Callback();
  const absl::StatusOr<RecordVerification> v = VerifyRecords(
      UserNames(), DefaultRegistrationPolicy(), records,
      [](const RecordChange&) {}, options);
  ASSERT_TRUE(v.ok()) << v.status();
  ExpectCalls(ReadingThenGrouping(calls.seen), 2 * kProgressInterval,
              records.size(), 0);
}

TEST(Progress, AclLoadAndAudit) {
  ScopedTempDir dir;
  const std::string path = dir.File("users.acl");
  const std::string text = NamesText();
  WriteFileOrDie(path, text);
  Calls loaded;
  AclLoadOptions load;
  load.progress = loaded.Callback();
  const absl::StatusOr<AclIndex> index =
      AclIndex::Load(UserNames(), path, AclMode::kExact, load);
  ASSERT_TRUE(index.ok()) << index.status();
  ASSERT_EQ(index->entry_count(), kNames);
  ExpectCalls(loaded.seen, kNames, text.size(), 0);

  Calls audited;
  AclAuditOptions audit;
  audit.progress = audited.Callback();
  const absl::StatusOr<AclAudit> a = AuditAcl(*index, audit);
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->finding_count, 1u);  // "bad name7"
  ExpectCalls(audited.seen, kNames, 0, kNames);
}

TEST(Progress, RegistryLoad) {
  ScopedTempDir dir;
  const std::string path = dir.File("members.acl");
  // With the file's signature and CRLF line ends: neither is a name.
  std::string text = "\xEF\xBB\xBF" + NamesText();
  text = absl::StrReplaceAll(text, {{"\n", "\r\n"}});
  WriteFileOrDie(path, text);
  Calls loaded;
  AclLoadOptions load;
  load.progress = loaded.Callback();
  const absl::StatusOr<Registry> registry =
      Registry::Load(UserNames(), path, DefaultRegistrationPolicy(), load);
  ASSERT_TRUE(registry.ok()) << registry.status();
  EXPECT_EQ(registry->accounts(), kNames - 1);
  EXPECT_EQ(registry->skipped(), 1u);  // "bad name7"
  ExpectCalls(loaded.seen, kNames, text.size(), 0);
  // The same registry as without a callback, and the accounts are the
  // file's names: each collides, a new one does not.
  const absl::StatusOr<Registry> plain = Registry::Load(UserNames(), path);
  ASSERT_TRUE(plain.ok()) << plain.status();
  EXPECT_EQ(plain->accounts(), registry->accounts());
  EXPECT_EQ(plain->skipped(), registry->skipped());
  for (const std::string name : {"user0", "user8", "USER2559", "user1"}) {
    const absl::StatusOr<RegistrationDecision> d = registry->Decide(name);
    ASSERT_TRUE(d.ok()) << d.status();
    EXPECT_EQ(d->outcome, RegistrationOutcome::kCollision) << name;
  }
  const absl::StatusOr<RegistrationDecision> fresh =
      registry->Decide("newcomer");
  ASSERT_TRUE(fresh.ok()) << fresh.status();
  EXPECT_TRUE(fresh->accepted());
  // A file over max_file_bytes is refused before it is read.
  AclLoadOptions small;
  small.max_file_bytes = text.size() - 1;
  small.progress = loaded.Callback();
  loaded.seen.clear();
  EXPECT_EQ(
      Registry::Load(UserNames(), path, DefaultRegistrationPolicy(), small)
          .status()
          .code(),
      absl::StatusCode::kResourceExhausted);
  EXPECT_TRUE(loaded.seen.empty());
}

TEST(Progress, AnEmptyListIsOneCall) {
  Calls calls;
  AclAuditOptions audit;
  audit.progress = calls.Callback();
  const absl::StatusOr<AclIndex> index =
      AclIndex::Parse(UserNames(), "# nobody\n", AclMode::kExact);
  ASSERT_TRUE(index.ok());
  ASSERT_TRUE(AuditAcl(*index, audit).ok());
  ExpectCalls(calls.seen, 0, 0, 0);
}

}  // namespace
}  // namespace u8guard
