// SPDX-License-Identifier: Apache-2.0
// Upgrade verification in bounded memory (RecordFileOptions::memory_budget):
// the external sort it stands on, and the proof that it gives what the
// verification in memory gives (the same findings in the same order, the
// same groups, the same counts) on random record sets, with budgets so
// small that the sorts spill many runs and merge them in several passes.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "src/common/external_sort.h"
#include "tests/registration/random_records.h"
#include "tests/test_support.h"
#include "u8guard/profile.h"
#include "u8guard/progress.h"
#include "u8guard/registration.h"
#include "u8guard/upgrade.h"

namespace u8guard {
namespace {

using internal::ExternalSorter;
using internal::SpillStats;
using testing::DirectoryEntries;
using ::testing::HasSubstr;
using testing::ScopedTempDir;
using testing::WriteFileOrDie;

// ---- the external sort
// -------------------------------------------------------

// Sorts `items` with `budget`, and checks the order against std::stable_sort
// (equal keys in the order of Add).
void ExpectSorts(const std::vector<std::pair<std::string, std::string>>& items,
                 size_t budget, const std::string& dir, SpillStats* stats) {
  ExternalSorter sorter(budget, dir, stats);
  for (const auto& [k, v] : items) ASSERT_TRUE(sorter.Add(k, v).ok());
  ASSERT_TRUE(sorter.Sort().ok());
  std::vector<std::pair<std::string, std::string>> want = items;
  std::stable_sort(want.begin(), want.end(), [](const auto& a, const auto& b) {
    return a.first < b.first;
  });
  std::vector<std::pair<std::string, std::string>> got;
  for (;;) {
    absl::StatusOr<bool> has = sorter.Next();
    ASSERT_TRUE(has.ok()) << has.status();
    if (!*has) break;
    got.emplace_back(sorter.key(), sorter.value());
  }
  EXPECT_EQ(got, want);
  EXPECT_EQ(sorter.items(), items.size());
}

std::vector<std::pair<std::string, std::string>> RandomItems(size_t n,
                                                             uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::pair<std::string, std::string>> items;
  for (size_t i = 0; i < n; ++i) {
    // Few distinct keys (ties), some with NUL and 0xFF bytes, values of
    // every size up to a few KiB.
    std::string key(rng() % 6, '\0');
    for (char& c : key) c = "ab\0\xFFz"[rng() % 5];
    std::string value = absl::StrCat(i, ":");
    value.append(rng() % 16 == 0 ? rng() % 5000 : rng() % 40, 'v');
    items.emplace_back(std::move(key), std::move(value));
  }
  return items;
}

TEST(ExternalSort, InMemoryWhenItFits) {
  ScopedTempDir dir;
  SpillStats stats;
  ExpectSorts(RandomItems(500, 1), size_t{64} << 20, dir.path(), &stats);
  EXPECT_EQ(stats.runs, 0u);
  EXPECT_EQ(stats.bytes_written, 0u);
}

TEST(ExternalSort, NothingToSort) {
  ScopedTempDir dir;
  ExpectSorts({}, 1024, dir.path(), nullptr);
}

TEST(ExternalSort, ManyRunsMergedInSeveralPasses) {
  ScopedTempDir dir;
  SpillStats stats;
  const auto items = RandomItems(20000, 2);
  {
    ExternalSorter probe(4096, dir.path());
    EXPECT_EQ(probe.FanIn(), 2u);  // the smallest budget merges in pairs
  }
  ExpectSorts(items, 4096, dir.path(), &stats);
  EXPECT_GT(stats.runs, 100u);
  EXPECT_GE(stats.merge_passes, 5u);  // 2-way: log2 of the runs
  EXPECT_GT(stats.peak_bytes_held, 0u);
  // Every run truncated or closed: nothing held, nothing left behind.
  EXPECT_EQ(stats.bytes_held, 0u);
  EXPECT_THAT(DirectoryEntries(dir.path()), ::testing::IsEmpty());
}

TEST(ExternalSort, AnItemLargerThanTheBudget) {
  ScopedTempDir dir;
  std::vector<std::pair<std::string, std::string>> items = {
      {"b", std::string(100000, 'x')},
      {"a", "small"},
      {"c", "c"},
      {"a", std::string(50000, 'y')}};
  ExpectSorts(items, 1024, dir.path(), nullptr);
}

TEST(ExternalSort, AMissingTempDirIsAnErrorNamingIt) {
  ExternalSorter sorter(1024, "/nonexistent/u8guard-tmp");
  absl::Status s;
  for (int i = 0; i < 100 && s.ok(); ++i) {
    s = sorter.Add(absl::StrCat(i), std::string(100, 'x'));
  }
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(s.message(), HasSubstr("/nonexistent/u8guard-tmp"));
}

// ---- the verification
// --------------------------------------------------------

const Profile& UserNames() {
  return **FindBuiltinProfile("username-case-mapped");
}

NameRecord Record(std::string_view name) { return testing::RecordNow(name); }

std::string Lines(const std::vector<NameRecord>& records) {
  std::string out;
  for (const NameRecord& r : records) out += FormatNameRecord(r) + "\n";
  return out;
}

// Every field of a finding, to compare.
std::string Shown(const RecordChange& c) {
  return absl::StrCat(
      std::string(RecordChangeKindName(c.kind)), "|", c.line, "|", c.name, "|",
      c.old_key, "|", c.new_key, "|", absl::StrJoin(c.old_lookalike_keys, ","),
      "|", absl::StrJoin(c.new_lookalike_keys, ","), "|", c.rule, "|",
      c.other_line, "|", c.other_name, "|", c.other_old_key, "|", c.shared_key);
}

struct Outcome {
  std::vector<std::string> changes;
  RecordVerification summary;
  std::vector<RecordGroup> sunk;  // what a group sink received
};

// Verifies the records file `path` with `options`.
Outcome VerifyFile(const std::string& path, const RecordFileOptions& options) {
  Outcome out;
  RecordFileOptions o = options;
  absl::StatusOr<RecordVerification> v = VerifyRecordsFile(
      UserNames(), DefaultRegistrationPolicy(), path,
      [&](const RecordChange& c) { out.changes.push_back(Shown(c)); }, o);
  EXPECT_TRUE(v.ok()) << v.status();
  if (v.ok()) out.summary = *std::move(v);
  return out;
}

// The in-memory verification and the one in bounded memory agree on
// everything.
void ExpectSame(const Outcome& memory, const Outcome& external) {
  EXPECT_EQ(external.changes, memory.changes);
  EXPECT_EQ(external.summary.groups, memory.summary.groups);
  EXPECT_EQ(external.summary.group_count, memory.summary.group_count);
  EXPECT_EQ(external.summary.records, memory.summary.records);
  EXPECT_EQ(external.summary.valid, memory.summary.valid);
  EXPECT_EQ(external.summary.changed_names, memory.summary.changed_names);
  EXPECT_EQ(external.summary.change_count, memory.summary.change_count);
  EXPECT_EQ(external.summary.new_collision_pairs,
            memory.summary.new_collision_pairs);
  EXPECT_EQ(external.summary.new_lookalike_pairs,
            memory.summary.new_lookalike_pairs);
  EXPECT_EQ(external.summary.record_version_tags,
            memory.summary.record_version_tags);
  EXPECT_EQ(external.summary.profile, memory.summary.profile);
  EXPECT_EQ(external.summary.version_tag, memory.summary.version_tag);
}

TEST(VerifyExternal, SameAsInMemoryOnRandomRecords) {
  ScopedTempDir dir;
  testing::RandomRecords random(36);
  size_t groups = 0, spilled = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const size_t n = 2 + trial * 7;
    const std::string text = Lines(random.Make(n));
    const std::string path = dir.File("records.jsonl");
    WriteFileOrDie(path, text);
    SCOPED_TRACE(absl::StrCat("trial ", trial, ":\n", text));
    const Outcome memory = VerifyFile(path, {});
    // A budget so small that each sort spills a run every few records.
    for (size_t budget : {size_t{4096}, size_t{64} << 20}) {
      RecordFileOptions options;
      options.memory_budget = budget;
      options.temp_dir = dir.path();
      const Outcome external = VerifyFile(path, options);
      ExpectSame(memory, external);
      if (budget == 4096 && external.summary.temp_runs > 10) ++spilled;
    }
    groups += memory.summary.groups.size();
    if (HasFailure()) break;
  }
  EXPECT_GT(groups, 500u);
  EXPECT_GT(spilled, 40u);
  EXPECT_THAT(DirectoryEntries(dir.path()),
              ::testing::ElementsAre("records.jsonl"));
}

TEST(VerifyExternal, ManyRecordsMergedInSeveralPasses) {
  ScopedTempDir dir;
  testing::RandomRecords random(7);
  const std::string path = dir.File("records.jsonl");
  WriteFileOrDie(path, Lines(random.Make(3000)));
  const Outcome memory = VerifyFile(path, {});
  RecordFileOptions options;
  options.memory_budget = 4096;
  options.temp_dir = dir.path();
  const Outcome external = VerifyFile(path, options);
  ExpectSame(memory, external);
  EXPECT_GT(external.summary.temp_runs, 1000u);
  EXPECT_GT(external.summary.temp_bytes, 0u);
  EXPECT_EQ(memory.summary.temp_runs, 0u);
  // The text's VerifyRecords, in bounded memory, too.
  std::vector<std::string> changes;
  absl::StatusOr<RecordVerification> v = VerifyRecords(
      UserNames(), DefaultRegistrationPolicy(), Lines(random.Make(0)),
      [&](const RecordChange& c) { changes.push_back(Shown(c)); }, options);
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->records, 0u);
}

// BoundedRecordVerifier, fed the records one at a time (by Add, AddLine
// and AddDerived in turn), gives what VerifyRecords gives in memory: the
// findings only in Finish, and nothing after it.
TEST(BoundedRecordVerifier, FedOneAtATimeSameAsInMemory) {
  ScopedTempDir dir;
  testing::RandomRecords random(11);
  for (int trial = 0; trial < 12; ++trial) {
    const std::vector<NameRecord> records = random.Make(40 + trial * 60);
    const std::string path = dir.File("records.jsonl");
    WriteFileOrDie(path, Lines(records));
    const Outcome memory = VerifyFile(path, {});
    for (size_t budget : {size_t{1}, size_t{0}}) {
      RecordFileOptions options;
      options.memory_budget = budget;
      options.temp_dir = dir.path();
      Outcome bounded;
      BoundedRecordVerifier v(
          UserNames(), DefaultRegistrationPolicy(),
          [&](const RecordChange& c) { bounded.changes.push_back(Shown(c)); },
          options);
      for (size_t i = 0; i < records.size(); ++i) {
        const size_t line = i + 1;
        absl::Status s;
        if (i % 3 == 0) {
          s = v.Add(records[i], line);
        } else if (i % 3 == 1) {
          s = v.AddLine(FormatNameRecord(records[i]), line);
        } else {
          s = v.AddDerived(records[i], Record(records[i].name), line);
        }
        ASSERT_TRUE(s.ok()) << s;
      }
      EXPECT_TRUE(bounded.changes.empty());
      absl::StatusOr<RecordVerification> done = std::move(v).Finish();
      ASSERT_TRUE(done.ok()) << done.status();
      bounded.summary = *std::move(done);
      ExpectSame(memory, bounded);
      if (budget == 1) {
        EXPECT_GT(bounded.summary.temp_runs, 10u);
      }
      // Finish spends it (what the test checks).
      EXPECT_EQ(v.Add(records[0], 1).code(),  // NOLINT(bugprone-use-after-move)
                absl::StatusCode::kFailedPrecondition);
    }
  }
  EXPECT_THAT(DirectoryEntries(dir.path()),
              ::testing::ElementsAre("records.jsonl"));
}

// RecordFileOptions::interrupt is asked in both verifications, while the
// records are read and while they are grouped (the merges included), and
// its status ends them, temporary files gone.
TEST(VerifyInterrupt, AskedAllThroughAndItsStatusEndsTheVerification) {
  ScopedTempDir dir;
  std::string text;
  for (int i = 0; i < 70000; ++i) {
    text +=
        FormatNameRecord(Record(absl::StrCat(i % 2 ? "USER" : "user", i / 2))) +
        "\n";
  }
  for (size_t budget : {size_t{0}, size_t{1} << 20}) {
    SCOPED_TRACE(absl::StrCat("budget ", budget));
    RecordFileOptions options;
    options.memory_budget = budget;
    options.temp_dir = dir.path();
    size_t asked = 0;
    options.interrupt = [&] {
      ++asked;
      return absl::OkStatus();
    };
    size_t changes = 0;
    absl::StatusOr<RecordVerification> v = VerifyRecords(
        UserNames(), DefaultRegistrationPolicy(), text,
        [&](const RecordChange&) { ++changes; }, options);
    ASSERT_TRUE(v.ok()) << v.status();
    EXPECT_EQ(v->records, 70000u);
    // Once in reading; then while grouping (and merging).
    const size_t all = asked;
    EXPECT_GE(all, 2u);
    for (size_t stop_at : {size_t{1}, all}) {
      asked = 0;
      options.interrupt = [&]() -> absl::Status {
        return ++asked == stop_at ? absl::CancelledError("stop here")
                                  : absl::OkStatus();
      };
      v = VerifyRecords(
          UserNames(), DefaultRegistrationPolicy(), text,
          [&](const RecordChange&) {}, options);
      EXPECT_EQ(v.status(), absl::CancelledError("stop here"));
      EXPECT_EQ(asked, stop_at);
    }
  }
  EXPECT_THAT(DirectoryEntries(dir.path()), ::testing::IsEmpty());
}

TEST(VerifyExternal, GroupSinkReceivesTheGroupsInOrder) {
  ScopedTempDir dir;
  testing::RandomRecords random(11);
  const std::string text = Lines(random.Make(200));
  const std::string path = dir.File("records.jsonl");
  WriteFileOrDie(path, text);
  const Outcome memory = VerifyFile(path, {});
  ASSERT_GT(memory.summary.groups.size(), 5u);
  for (size_t budget : {size_t{0}, size_t{4096}}) {
    SCOPED_TRACE(budget);
    std::vector<RecordGroup> sunk;
    RecordFileOptions options;
    options.memory_budget = budget;
    options.temp_dir = dir.path();
    options.group_sink = [&](const RecordGroup& g) { sunk.push_back(g); };
    const Outcome got = VerifyFile(path, options);
    EXPECT_TRUE(got.summary.groups.empty());
    EXPECT_EQ(got.summary.group_count, memory.summary.groups.size());
    EXPECT_EQ(sunk, memory.summary.groups);
    EXPECT_EQ(got.changes, memory.changes);
    // The text's VerifyRecords gives the same.
    sunk.clear();
    absl::StatusOr<RecordVerification> v = VerifyRecords(
        UserNames(), DefaultRegistrationPolicy(), text,
        [](const RecordChange&) {}, options);
    ASSERT_TRUE(v.ok()) << v.status();
    EXPECT_EQ(sunk, memory.summary.groups);
  }
}

TEST(VerifyExternal, ReadsTheFileInPiecesWithItsLineRules) {
  ScopedTempDir dir;
  testing::RandomRecords random(5);
  const std::vector<NameRecord> records = random.Make(40);
  // CRLF, blank lines, no final newline, a line of spaces.
  std::string text;
  for (size_t i = 0; i < records.size(); ++i) {
    text += FormatNameRecord(records[i]);
    text += i % 3 == 0 ? "\r\n" : i % 5 == 0 ? "\n\n  \n" : "\n";
  }
  text.pop_back();
  const std::string path = dir.File("records.jsonl");
  WriteFileOrDie(path, text);
  const Outcome memory = VerifyFile(path, {});
  RecordFileOptions options;
  options.memory_budget = 8192;
  options.temp_dir = dir.path();
  // The file limit is for the in-memory path, which reads the file whole.
  options.max_file_bytes = 100;
  std::vector<Progress> seen;
  options.progress = [&](const Progress& p) { seen.push_back(p); };
  const Outcome external = VerifyFile(path, options);
  ExpectSame(memory, external);
  // The reading's last call (the grouping's calls follow it).
  const auto read = std::find_if(
      seen.rbegin(), seen.rend(),
      [](const Progress& p) { return p.stage == ProgressStage::kReading; });
  ASSERT_NE(read, seen.rend());
  EXPECT_EQ(read->records, records.size());
  EXPECT_EQ(read->bytes, text.size());
  EXPECT_EQ(read->total_bytes, text.size());
  EXPECT_EQ(seen.back().stage, ProgressStage::kGrouping);
}

TEST(VerifyExternal, ErrorsNameTheFileAndTheLine) {
  ScopedTempDir dir;
  RecordFileOptions options;
  options.memory_budget = 4096;
  options.temp_dir = dir.path();
  const std::string good = FormatNameRecord(Record("alice")) + "\n";
  const std::string path = dir.File("bad.jsonl");
  WriteFileOrDie(path, good + "\n" + good + "{\n");
  absl::StatusOr<RecordVerification> v = VerifyRecordsFile(
      UserNames(), DefaultRegistrationPolicy(), path,
      [](const RecordChange&) {}, options);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(v.status().message(), HasSubstr("bad.jsonl: line 4: column 2:"));
  v = VerifyRecordsFile(
      UserNames(), DefaultRegistrationPolicy(), "/nonexistent/records.jsonl",
      [](const RecordChange&) {}, options);
  EXPECT_EQ(v.status().code(), absl::StatusCode::kNotFound);
  v = VerifyRecordsFile(
      UserNames(), DefaultRegistrationPolicy(), dir.path(),
      [](const RecordChange&) {}, options);
  EXPECT_EQ(v.status().code(), absl::StatusCode::kFailedPrecondition);
  // A line longer than the limit (1 MiB at least) is refused, not read.
  WriteFileOrDie(path, good + std::string((size_t{1} << 20) + 10, ' ') + "\n");
  v = VerifyRecordsFile(
      UserNames(), DefaultRegistrationPolicy(), path,
      [](const RecordChange&) {}, options);
  EXPECT_EQ(v.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_THAT(v.status().message(), HasSubstr("line 2: longer than"));
  // A temporary directory that does not exist: named.
  testing::RandomRecords random(3);
  WriteFileOrDie(path, Lines(random.Make(100)));
  options.temp_dir = dir.File("missing");
  v = VerifyRecordsFile(
      UserNames(), DefaultRegistrationPolicy(), path,
      [](const RecordChange&) {}, options);
  EXPECT_EQ(v.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(v.status().message(), HasSubstr("missing"));
  EXPECT_THAT(DirectoryEntries(dir.path()),
              ::testing::ElementsAre("bad.jsonl"));
}

// ---- finishing in steps, and the grouping's progress
// ------------------------------------------------

// The verification of `records` by a RecordVerifier whose groups are made
// by FinishSome(work) calls; checks the progress they report.
RecordVerification FinishInSteps(const std::vector<NameRecord>& records,
                                 size_t work, std::vector<std::string>* changes,
                                 size_t* calls) {
  RecordVerifier verifier(
      UserNames(), DefaultRegistrationPolicy(),
      [&](const RecordChange& c) { changes->push_back(Shown(c)); });
  for (size_t i = 0; i < records.size(); ++i) {
    EXPECT_TRUE(verifier.Add(records[i], i + 1).ok());
  }
  EXPECT_EQ(verifier.FinishProgress().total_records, 0u);
  Progress before;
  size_t total = 0;
  *calls = 0;
  for (bool done = false; !done; ++*calls) {
    done = verifier.FinishSome(work);
    const Progress p = verifier.FinishProgress();
    EXPECT_EQ(p.stage, ProgressStage::kGrouping);
    EXPECT_GT(p.records, before.records);  // every call does some work
    if (total == 0) total = p.total_records;
    EXPECT_EQ(p.total_records, total);
    EXPECT_EQ(done, p.records == p.total_records);
    before = p;
  }
  // Once finishing, no record is added.
  EXPECT_EQ(verifier.Add(records.front(), records.size() + 1).code(),
            absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(verifier.AddLine(FormatNameRecord(records.front()), 1).code(),
            absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(verifier.AddLine("{", 1).code(),
            absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(verifier.records(), records.size());
  return std::move(verifier).Finish();
}

// Groups made a few units at a time are the groups Finish makes, with the
// same findings and counts; each call does at least one unit and no more
// than it was given, beyond one sort or one group made whole.
TEST(RecordVerifierFinishSome, InStepsGivesWhatFinishGives) {
  testing::RandomRecords random(29);
  size_t groups = 0;
  for (int trial = 0; trial < 8; ++trial) {
    const std::vector<NameRecord> records = random.Make(40 + 60 * trial);
    SCOPED_TRACE(absl::StrCat("trial ", trial, ":\n", Lines(records)));
    std::vector<std::string> want_changes;
    RecordVerifier whole(
        UserNames(), DefaultRegistrationPolicy(),
        [&](const RecordChange& c) { want_changes.push_back(Shown(c)); });
    for (size_t i = 0; i < records.size(); ++i) {
      ASSERT_TRUE(whole.Add(records[i], i + 1).ok());
    }
    const RecordVerification want = std::move(whole).Finish();
    groups += want.groups.size();
    for (size_t work : {size_t{0}, size_t{1}, size_t{7}, size_t{100000}}) {
      SCOPED_TRACE(absl::StrCat("work ", work));
      std::vector<std::string> changes;
      size_t calls = 0;
      const RecordVerification got =
          FinishInSteps(records, work, &changes, &calls);
      EXPECT_EQ(changes, want_changes);
      EXPECT_EQ(got.groups, want.groups);
      EXPECT_EQ(got.group_count, want.group_count);
      EXPECT_EQ(got.new_collision_pairs, want.new_collision_pairs);
      EXPECT_EQ(got.new_lookalike_pairs, want.new_lookalike_pairs);
      EXPECT_EQ(got.records, want.records);
      EXPECT_EQ(got.valid, want.valid);
      // One unit a call: a call per record freed, at least.
      if (work <= 1) {
        EXPECT_GE(calls, records.size());
      }
      if (work == 100000) {
        EXPECT_EQ(calls, 1u);
      }
    }
    if (HasFailure()) break;
  }
  EXPECT_GT(groups, 20u);
}

// What a verification's progress callback hears: the reading, then the
// grouping, each counting up to its total, in memory and in bounded
// memory alike.
TEST(VerifyProgress, ReadingThenGroupingEachToItsEnd) {
  ScopedTempDir dir;
  testing::RandomRecords random(5);
  const std::string text = Lines(random.Make(3000));
  for (size_t budget : {size_t{0}, size_t{4096}, size_t{64} << 20}) {
    SCOPED_TRACE(absl::StrCat("budget ", budget));
    std::vector<Progress> heard;
    RecordFileOptions options;
    options.memory_budget = budget;
    options.temp_dir = dir.path();
    options.progress = [&](const Progress& p) { heard.push_back(p); };
    const absl::StatusOr<RecordVerification> v = VerifyRecords(
        UserNames(), DefaultRegistrationPolicy(), text,
        [](const RecordChange&) {}, options);
    ASSERT_TRUE(v.ok()) << v.status();
    const auto grouping = std::find_if(
        heard.begin(), heard.end(),
        [](const Progress& p) { return p.stage == ProgressStage::kGrouping; });
    ASSERT_NE(grouping, heard.begin());
    ASSERT_NE(grouping, heard.end());
    // Reading: records of the text, up to its last byte.
    const Progress& read = *(grouping - 1);
    EXPECT_EQ(read.records, 3000u);
    EXPECT_EQ(read.bytes, text.size());
    // Grouping: units of a known total, more than the records (their keys
    // and look-alike keys), reached at the last call, never going back.
    EXPECT_GT(grouping->total_records, 3000u);
    EXPECT_GT(std::distance(grouping, heard.end()), 2);
    for (auto p = grouping; p != heard.end(); ++p) {
      EXPECT_EQ(p->stage, ProgressStage::kGrouping);
      EXPECT_EQ(p->total_records, grouping->total_records);
      EXPECT_EQ(p->bytes, 0u);
      if (p != grouping) {
        EXPECT_GE(p->records, (p - 1)->records);
      }
    }
    EXPECT_EQ(heard.back().records, heard.back().total_records);
  }
}

}  // namespace
}  // namespace u8guard
