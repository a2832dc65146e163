// SPDX-License-Identifier: Apache-2.0
// Upgrade verification: name records (derived, written, parsed back),
// exports, and verifications of records that an older ICU would have
// written (made here by editing the records of the running one; the test
// across two ICUs is tests/upgrade_across_icu_test.sh).

#include "u8guard/upgrade.h"

#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "u8guard/profile.h"
#include "u8guard/registration.h"

namespace u8guard {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

const Profile& UserNames() {
  return **FindBuiltinProfile("username-case-mapped");
}

NameRecord Record(std::string_view name) {
  absl::StatusOr<NameRecord> r =
      MakeNameRecord(UserNames(), DefaultRegistrationPolicy(), name);
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? *r : NameRecord{};
}

std::vector<RecordChange> Verify(const std::string& text,
                                 RecordVerification* summary = nullptr) {
  std::vector<RecordChange> changes;
  absl::StatusOr<RecordVerification> v =
      VerifyRecords(UserNames(), DefaultRegistrationPolicy(), text,
                    [&](const RecordChange& c) { changes.push_back(c); });
  EXPECT_TRUE(v.ok()) << v.status();
  if (v.ok() && summary != nullptr) *summary = *v;
  if (v.ok()) {
    EXPECT_EQ(v->change_count, changes.size());
  }
  return changes;
}

std::string Lines(const std::vector<NameRecord>& records) {
  std::string out;
  for (const NameRecord& r : records) out += FormatNameRecord(r) + "\n";
  return out;
}

TEST(NameRecord, OfAValidAndARejectedName) {
  const NameRecord r = Record("Alice");
  EXPECT_TRUE(r.valid);
  EXPECT_EQ(r.profile, "username-case-mapped");
  EXPECT_EQ(r.key, "alice");
  EXPECT_EQ(r.lookalike_keys, (std::vector<std::string>{"alice", "allce"}));
  EXPECT_EQ(r.version_tag, VersionTag());
  EXPECT_EQ(FormatNameRecord(r),
            "{\"name\":\"Alice\",\"profile\":\"username-case-mapped\","
            "\"valid\":true,\"key\":\"alice\",\"lookalike_keys\":[\"alice\","
            "\"allce\"],\"version_tag\":\"" +
                VersionTag() + "\"}");
  const NameRecord bad = Record("a b");
  EXPECT_FALSE(bad.valid);
  EXPECT_EQ(bad.rule, "DISALLOWED/spaces");
  EXPECT_TRUE(bad.key.empty());
  EXPECT_THAT(FormatNameRecord(bad),
              HasSubstr("\"valid\":false,\"rule\":\"DISALLOWED/spaces\""));
}

TEST(NameRecord, EscapesAndParsesBack) {
  // Quotes, backslash, newline, a bidi override, an astral character, a
  // zero-width joiner, bytes that are not UTF-8.
  for (const std::string& name :
       {std::string("a\"b\\c\nd"), std::string("\xE2\x80\xAEgnp.exe"),
        std::string("\xF0\x9D\x90\x80x\xE2\x80\x8D"), std::string("\xFF\xC0"),
        std::string(""), std::string("caf\xC3\xA9")}) {
    const NameRecord r = Record(name);
    const std::string line = FormatNameRecord(r);
    // Nothing invisible or any control is written as is.
    EXPECT_EQ(line.find('\n'), std::string::npos);
    EXPECT_EQ(line.find("\xE2\x80\xAE"), std::string::npos);
    EXPECT_EQ(line.find("\xE2\x80\x8D"), std::string::npos);
    absl::StatusOr<NameRecord> back = ParseNameRecord(line);
    ASSERT_TRUE(back.ok()) << back.status() << " " << line;
    EXPECT_EQ(*back, r) << line;
  }
  EXPECT_THAT(FormatNameRecord(Record("\xE2\x80\xAEx")),
              HasSubstr("\"name\":\"\\u202ex\""));
  EXPECT_THAT(FormatNameRecord(Record("\xFF\xC0")),
              HasSubstr("\"name_hex\":\"ffc0\""));
  EXPECT_THAT(FormatNameRecord(Record("\xF0\x9F\x98\x80\xE2\x80\x8D")),
              HasSubstr("\\u200d"));
}

TEST(NameRecord, ParsesOtherSpellingsAndSkipsUnknownMembers) {
  absl::StatusOr<NameRecord> r = ParseNameRecord(
      " { \"future\" : {\"a\": [1, -2.5e3, null, true]}, \"name\":\"\\u00e9"
      "\\ud83d\\ude00\", \"profile\":\"p\", \"valid\":true, \"key\":\"k\","
      "\"lookalike_keys\":[\"k\"], \"version_tag\":\"t\" } ");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->name, "\xC3\xA9\xF0\x9F\x98\x80");
  EXPECT_EQ(r->lookalike_keys, std::vector<std::string>{"k"});
}

TEST(NameRecord, RefusesMalformedRecords) {
  const std::string tail =
      ",\"profile\":\"p\",\"valid\":true,\"key\":\"k\",\"lookalike_keys\":"
      "[\"k\"],\"version_tag\":\"t\"}";
  const struct {
    std::string line, error;
  } cases[] = {
      {"", "column 1: expected a JSON object"},
      {"[]", "column 1: expected a JSON object"},
      {"{\"name\":\"a\"" + tail + "x", "text after the object"},
      {"{\"name\":\"a\",\"name\":\"b\"" + tail, "a second \"name\""},
      {"{\"name\":\"a\",\"name_hex\":\"61\"" + tail, "one of \"name\""},
      {"{\"profile\":\"p\",\"valid\":true}", "one of \"name\""},
      {"{\"name_hex\":\"6\"" + tail, "odd-length"},
      {"{\"name_hex\":\"zz\"" + tail, "not hex"},
      {"{\"name\":\"\xFF\"" + tail, "not UTF-8"},
      {"{\"name\":\"\\ud800\"" + tail, "lone surrogate"},
      {"{\"name\":\"a\tb\"" + tail, "control character"},
      {"{\"name\":\"\\x\"" + tail, "unknown escape"},
      {"{\"name\":\"a", "unterminated"},
      {"{\"name\":1" + tail, "expected a string"},
      {"{\"name\":\"a\",\"valid\":1}", "expected true or false"},
      {"{\"name\":\"a\",\"profile\":\"p\",\"valid\":true,\"version_tag\":"
       "\"t\"}",
       "needs \"key\""},
      {"{\"name\":\"a\",\"profile\":\"p\",\"valid\":true,\"key\":\"k\","
       "\"lookalike_keys\":[],\"version_tag\":\"t\"}",
       "1 to 3"},
      {"{\"name\":\"a\",\"profile\":\"p\",\"valid\":false,\"key\":\"k\","
       "\"version_tag\":\"t\"}",
       "no keys"},
      {"{\"x\":" + std::string(40, '[') + std::string(40, ']') + "}",
       "nested too deeply"},
      {"{\"name\":\"a\",\"profile\":\"p\",\"valid\":false}", "version_tag"},
  };
  for (const auto& c : cases) {
    absl::StatusOr<NameRecord> r = ParseNameRecord(c.line);
    ASSERT_FALSE(r.ok()) << c.line;
    EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(r.status().message(), HasSubstr(c.error)) << c.line;
  }
}

// The growth of this process's peak resident set while `work` runs, in
// KiB: the peak is reset first (/proc/self/clear_refs, Linux 4.0), so what
// ran before does not hide it. nullopt where the peak cannot be reset.
template <typename Work>
std::optional<long> PeakGrowthKiB(Work work) {
  const auto field = [](std::string_view name) -> std::optional<long> {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
      if (line.starts_with(name)) return std::stol(line.substr(name.size()));
    }
    return std::nullopt;
  };
  {
    std::ofstream clear("/proc/self/clear_refs");
    clear << "5";
    clear.flush();
    if (!clear) return std::nullopt;
  }
  const std::optional<long> before = field("VmHWM:");
  work();
  const std::optional<long> after = field("VmHWM:");
  if (!before || !after) return std::nullopt;
  return *after - *before;
}

// A valid record's line, with `keys` as its lookalike_keys array's text.
std::string LineWithKeys(std::string_view keys) {
  return absl::StrCat(
      "{\"name\":\"a\",\"profile\":\"username-case-mapped\",\"valid\":"
      "true,\"key\":\"a\",\"lookalike_keys\":[",
      std::string(keys), "],\"version_tag\":\"t\"}");
}

// `count` copies of `element` joined by commas.
std::string Joined(std::string_view element, size_t count) {
  std::string out;
  out.reserve(count * (element.size() + 1));
  for (size_t i = 0; i < count; ++i) {
    if (i > 0) out += ',';
    out += element;
  }
  return out;
}

// The message that refuses an array whose fourth element starts at byte
// `fourth` of the keys' text.
std::string TooManyKeys(size_t fourth) {
  return absl::StrCat("column ", LineWithKeys("").find(']') + fourth + 1,
                      ": a valid record needs 1 to 3 \"lookalike_keys\"");
}

// Attack (issue 32): a line whose lookalike_keys held a million elements
// was parsed whole before the 1-to-3 check: one 30 MB line took 561 MB (a
// std::string per element), and a 1 GiB records file about 19 GB. The
// array is refused at its fourth element now, before that element is read
// (the column says where parsing stopped), and parsing takes no memory in
// proportion to the array.
TEST(NameRecord, TooManyLookalikeKeysStopAtTheFourth) {
  for (std::string_view element : {"\"k\"", "\"\"", "\"\\u0041\""}) {
    SCOPED_TRACE(element);
    const std::string line = LineWithKeys(Joined(element, 1000000));
    absl::StatusOr<NameRecord> r;
    const std::optional<long> growth =
        PeakGrowthKiB([&] { r = ParseNameRecord(line); });
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(r.status().message(), TooManyKeys(3 * (element.size() + 1)));
    if (growth) {
      // Before: over 32 bytes per element, 8 to 10 times the line.
      EXPECT_LT(*growth, 1024 + static_cast<long>(line.size() / 1024) / 4)
          << "KiB, for a line of " << line.size() / 1024 << " KiB";
    }
    // Through VerifyRecords too, naming the line.
    absl::StatusOr<RecordVerification> v =
        VerifyRecords(UserNames(), DefaultRegistrationPolicy(), line + "\n",
                      [](const RecordChange&) {});
    ASSERT_FALSE(v.ok());
    EXPECT_EQ(v.status().message(),
              absl::StrCat("line 1: ", TooManyKeys(3 * (element.size() + 1))));
  }
}

// A few huge keys: the fourth is refused before it is decoded, and three
// (a record) are kept in no more memory than the line holds them in.
TEST(NameRecord, HugeLookalikeKeysCostNoMoreThanTheLine) {
  const std::string element =
      absl::StrCat("\"", std::string(8 << 20, 'x'), "\"");
  absl::StatusOr<NameRecord> r;
  std::string line = LineWithKeys(Joined(element, 4));
  std::optional<long> growth =
      PeakGrowthKiB([&] { r = ParseNameRecord(line); });
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), TooManyKeys(3 * (element.size() + 1)));
  if (growth) {
    EXPECT_LT(*growth, static_cast<long>(line.size() / 1024) + 1024);
  }
  line = LineWithKeys(Joined(element, 3));
  growth = PeakGrowthKiB([&] { r = ParseNameRecord(line); });
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->lookalike_keys.size(), 3u);
  for (const std::string& k : r->lookalike_keys) {
    EXPECT_EQ(k.size(), element.size() - 2);
    EXPECT_LE(k.capacity(), element.size());  // reserved once, not doubled
  }
  if (growth) {
    EXPECT_LT(*growth, static_cast<long>(line.size() / 1024) + 1024);
  }
}

TEST(ExportRecords, EveryNameOnceInOrder) {
  std::vector<NameRecord> out;
  absl::StatusOr<RecordExport> e =
      ExportRecords(UserNames(), DefaultRegistrationPolicy(),
                    "\xEF\xBB\xBF"
                    "alice\r\n# comment\n\n  \nBob\na b\n\xFF\n",
                    [&](const NameRecord& r) { out.push_back(r); });
  ASSERT_TRUE(e.ok()) << e.status();
  EXPECT_EQ(e->names, 4u);
  EXPECT_EQ(e->valid, 2u);
  EXPECT_EQ(e->version_tag, VersionTag());
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0].name, "alice");
  EXPECT_EQ(out[1].key, "bob");
  EXPECT_EQ(out[2].rule, "DISALLOWED/spaces");
  EXPECT_EQ(out[3].rule, "utf8/invalid_byte");
}

TEST(ExportRecords, FileErrorsNameThePath) {
  absl::StatusOr<RecordExport> e =
      ExportRecordsFile(UserNames(), DefaultRegistrationPolicy(),
                        "/nonexistent/names.txt", [](const NameRecord&) {});
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(e.status().message(), HasSubstr("/nonexistent/names.txt"));
  e = ExportRecordsFile(UserNames(), DefaultRegistrationPolicy(), "/dev/zero",
                        [](const NameRecord&) {});
  EXPECT_EQ(e.status().code(), absl::StatusCode::kFailedPrecondition);
}

TEST(VerifyRecords, TheRunningVersionsChangeNothing) {
  const std::string text =
      Lines({Record("alice"), Record("Alice"), Record("paypal"),
             Record("p\xD0\xB0ypal"), Record("a b")});
  RecordVerification v;
  EXPECT_TRUE(Verify(text, &v).empty());
  EXPECT_EQ(v.records, 5u);
  EXPECT_EQ(v.valid, 4u);
  EXPECT_EQ(v.changed_names, 0u);
  EXPECT_EQ(v.record_version_tags, std::vector<std::string>{VersionTag()});
  EXPECT_EQ(v.version_tag, VersionTag());
}

TEST(VerifyRecords, FindsEachKindOfChange) {
  // Records as an older version could have written them.
  NameRecord changed_key = Record("bob");
  changed_key.key = "b0b";
  changed_key.version_tag = "u8guard-0.0.1+icu-70.1+unicode-14.0";
  NameRecord changed_lookalikes = Record("carol");
  changed_lookalikes.lookalike_keys = {"carol", "caro1"};
  NameRecord now_rejected = Record("a b");
  now_rejected.valid = true;
  now_rejected.rule.clear();
  now_rejected.key = "a b";
  now_rejected.lookalike_keys = {"a b"};
  NameRecord now_accepted = Record("dave");
  now_accepted.valid = false;
  now_accepted.rule = "DISALLOWED/unassigned";
  now_accepted.key.clear();
  now_accepted.lookalike_keys.clear();
  // Two names that had two keys and now have one.
  NameRecord first = Record("Erin");
  NameRecord second = Record("ERIN");
  second.key = "erin-old";
  second.lookalike_keys = {"erin-old"};
  // Two names that looked like nothing and now look alike.
  NameRecord latin = Record("paypal");
  NameRecord cyrillic = Record("p\xD0\xB0ypal");
  cyrillic.lookalike_keys = {"p-old"};
  // Already colliding or alike in the records: not new.
  const NameRecord dup1 = Record("frank"), dup2 = Record("Frank");

  RecordVerification v;
  const std::vector<RecordChange> c =
      Verify(Lines({changed_key, changed_lookalikes, now_rejected, now_accepted,
                    first, second, latin, cyrillic, dup1, dup2}),
             &v);
  ASSERT_EQ(c.size(), 8u);
  EXPECT_EQ(c[0].kind, RecordChangeKind::kKeyChanged);
  EXPECT_EQ(c[0].line, 1u);
  EXPECT_EQ(c[0].old_key, "b0b");
  EXPECT_EQ(c[0].new_key, "bob");
  EXPECT_EQ(c[1].kind, RecordChangeKind::kLookalikeKeysChanged);
  EXPECT_EQ(c[1].name, "carol");
  EXPECT_THAT(c[1].old_lookalike_keys, ElementsAre("carol", "caro1"));
  EXPECT_THAT(c[1].new_lookalike_keys, ElementsAre("carol"));
  EXPECT_EQ(c[2].kind, RecordChangeKind::kNowRejected);
  EXPECT_EQ(c[2].rule, "DISALLOWED/spaces");
  EXPECT_EQ(c[3].kind, RecordChangeKind::kNowAccepted);
  EXPECT_EQ(c[3].new_key, "dave");
  EXPECT_EQ(c[4].kind, RecordChangeKind::kKeyChanged);
  EXPECT_EQ(c[4].name, "ERIN");
  EXPECT_EQ(c[5].kind, RecordChangeKind::kNewCollision);
  EXPECT_EQ(c[5].line, 6u);
  EXPECT_EQ(c[5].other_line, 5u);
  EXPECT_EQ(c[5].other_name, "Erin");
  EXPECT_EQ(c[5].shared_key, "erin");
  EXPECT_EQ(c[6].kind, RecordChangeKind::kLookalikeKeysChanged);
  EXPECT_EQ(c[6].line, 8u);
  EXPECT_EQ(c[7].kind, RecordChangeKind::kNewLookalike);
  EXPECT_EQ(c[7].name, "p\xD0\xB0ypal");
  EXPECT_EQ(c[7].other_name, "paypal");
  EXPECT_EQ(c[7].shared_key, "paypal");
  EXPECT_EQ(v.records, 10u);
  EXPECT_EQ(v.valid, 9u);
  EXPECT_EQ(v.changed_names, 6u);
  EXPECT_EQ(v.change_count, 8u);
  EXPECT_EQ(v.record_version_tags,
            (std::vector<std::string>{"u8guard-0.0.1+icu-70.1+unicode-14.0",
                                      VersionTag()}));
}

TEST(VerifyRecords, ANewNameTakesAStoredKey) {
  // A name rejected before (as a code point new to Unicode is) that now
  // has the key of a stored name: reported as accepted and colliding.
  NameRecord stored = Record("zoe");
  NameRecord newcomer = Record("ZOE");
  newcomer.valid = false;
  newcomer.rule = "DISALLOWED/unassigned";
  newcomer.key.clear();
  newcomer.lookalike_keys.clear();
  const std::vector<RecordChange> c = Verify(Lines({stored, newcomer}));
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0].kind, RecordChangeKind::kNowAccepted);
  EXPECT_EQ(c[1].kind, RecordChangeKind::kNewCollision);
  EXPECT_EQ(c[1].other_name, "zoe");
}

TEST(VerifyRecords, ErrorsNameTheLine) {
  const std::string good = FormatNameRecord(Record("alice")) + "\n";
  absl::StatusOr<RecordVerification> v =
      VerifyRecords(UserNames(), DefaultRegistrationPolicy(),
                    good + "\n" + good + "{\n", [](const RecordChange&) {});
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(v.status().message(), HasSubstr("line 4: column 2:"));
  const Profile& nick = **FindBuiltinProfile("nickname");
  v = VerifyRecords(nick, DefaultRegistrationPolicy(), good,
                    [](const RecordChange&) {});
  ASSERT_FALSE(v.ok());
  EXPECT_THAT(
      v.status().message(),
      HasSubstr("line 1: a record of profile \"username-case-mapped\""));
  v = VerifyRecordsFile(UserNames(), DefaultRegistrationPolicy(),
                        "/nonexistent/records.jsonl",
                        [](const RecordChange&) {});
  EXPECT_EQ(v.status().code(), absl::StatusCode::kNotFound);
  // A file's name is shown escaped (issue 32).
  v = VerifyRecordsFile(UserNames(), DefaultRegistrationPolicy(),
                        "/nonexistent/evil\x1B[31m\n.jsonl",
                        [](const RecordChange&) {});
  EXPECT_EQ(v.status().message(),
            "/nonexistent/evil\\u{001B}[31m\\u{000A}.jsonl: No such file or "
            "directory");
  absl::StatusOr<RecordExport> e =
      ExportRecordsFile(UserNames(), DefaultRegistrationPolicy(),
                        "/nonexistent/\xFF.acl", [](const NameRecord&) {});
  EXPECT_EQ(e.status().message(),
            "/nonexistent/\\xFF.acl: No such file or directory");
}

}  // namespace
}  // namespace u8guard
