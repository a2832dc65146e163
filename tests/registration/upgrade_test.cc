// SPDX-License-Identifier: Apache-2.0
// Upgrade verification: name records (derived, written, parsed back),
// exports, and verifications of records that an older ICU would have
// written (made here by editing the records of the running one; the test
// across two ICUs is tests/upgrade_across_icu_test.sh).

#include "u8guard/upgrade.h"

#include <algorithm>
#include <cstddef>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/registration/random_records.h"
#include "tests/test_support.h"
#include "u8guard/profile.h"
#include "u8guard/registration.h"

namespace u8guard {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

const Profile& UserNames() {
  return **FindBuiltinProfile("username-case-mapped");
}

NameRecord Record(std::string_view name) { return testing::RecordNow(name); }

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

// Attack (an outside review): a line whose lookalike_keys held a million
// elements was parsed whole before the 1-to-3 check: one 30 MB line took
// 561 MB (a std::string per element), and a 1 GiB records file about
// 19 GB. The array is refused at its fourth element now, before that
// element is read (the column says where parsing stopped), and parsing
// takes no memory in proportion to the array.
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
  // The line's size in KiB, and ASan's shadow of it where that runs.
  const auto line_kib = [&] {
    const auto kib = static_cast<long>(line.size() / 1024);
    return ::u8guard::testing::kAddressSanitizer ? kib + kib / 8 : kib;
  };
  if (growth) {
    EXPECT_LT(*growth, line_kib() + 1024);
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
    EXPECT_LT(*growth, line_kib() + 1024);
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
  // A file's name is shown escaped: it forges no line, no escape sequence.
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

// ---- groups: every pair that now shares a key, not only the first --------

// A record as an older version could have written it: valid, with `key`
// and `lookalike_keys`.
NameRecord OldRecord(std::string_view name, std::string_view key,
                     std::vector<std::string> lookalike_keys) {
  NameRecord r = Record(name);
  r.valid = true;
  r.rule.clear();
  r.key = std::string(key);
  r.lookalike_keys = std::move(lookalike_keys);
  r.version_tag = "u8guard-0.0.1+icu-70.1+unicode-14.0";
  return r;
}

// The record of a name the older version rejected.
NameRecord OldRejected(std::string_view name) {
  NameRecord r = Record(name);
  r.valid = false;
  r.rule = "DISALLOWED/unassigned";
  r.key.clear();
  r.lookalike_keys.clear();
  return r;
}

// A pair of records by line, the smaller first.
using LinePair = std::pair<size_t, size_t>;
LinePair Ordered(size_t a, size_t b) {
  return a < b ? LinePair{a, b} : LinePair{b, a};
}

// Are two members of a group of `kind` not a new pair, as RecordGroup
// defines it: for a collision, they had one key in the records; for a
// look-alike, they have one key now, or looked alike in the records?
bool NotNew(RecordGroupKind kind, const RecordGroupMember& a,
            const RecordGroupMember& b) {
  if (kind == RecordGroupKind::kLookalike && a.new_key == b.new_key) {
    return true;
  }
  if (!a.was_valid || !b.was_valid) return false;
  if (a.old_key == b.old_key) return true;
  if (kind == RecordGroupKind::kCollision) return false;
  for (const std::string& k : a.old_lookalike_keys) {
    if (std::find(b.old_lookalike_keys.begin(), b.old_lookalike_keys.end(),
                  k) != b.old_lookalike_keys.end()) {
      return true;
    }
  }
  return false;
}

// The new pairs that the groups of `kind` give, by the rule upgrade.h
// states (what a reader of the output does).
std::set<LinePair> PairsOfGroups(const RecordVerification& v,
                                 RecordGroupKind kind) {
  std::set<LinePair> pairs;
  for (const RecordGroup& g : v.groups) {
    if (g.kind != kind) continue;
    for (size_t i = 0; i < g.members.size(); ++i) {
      for (size_t j = i + 1; j < g.members.size(); ++j) {
        if (!NotNew(kind, g.members[i], g.members[j])) {
          pairs.insert(Ordered(g.members[i].line, g.members[j].line));
        }
      }
    }
  }
  return pairs;
}

// The group of `kind` and `key`, or null.
const RecordGroup* FindGroup(const RecordVerification& v, RecordGroupKind kind,
                             std::string_view key) {
  for (const RecordGroup& g : v.groups) {
    if (g.kind == kind && g.key == key) return &g;
  }
  return nullptr;
}

// A member as (line, new_to_group, new_partners).
using MemberRow = std::tuple<size_t, bool, size_t>;

// Each member of `g` as a MemberRow.
std::vector<MemberRow> Members(const RecordGroup& g) {
  std::vector<MemberRow> out;
  for (const RecordGroupMember& m : g.members) {
    out.emplace_back(m.line, m.new_to_group, m.new_partners);
  }
  return out;
}

// The cross-check's smallest case: þaypal, paypal, ƿaypal, which all have
// the look-alike key "paypal" under ICU 78 (Unicode 17.0) and did not
// under ICU 72; þaypal and ƿaypal shared the look-alike key "þaypal". The
// pair summary compares ƿaypal with the first record with "paypal" only,
// þaypal, which it looked like before: ƿaypal ~ paypal was lost. Here with
// names that have "paypal" under every ICU (a Cyrillic а, a Cyrillic р),
// and old look-alike keys as ICU 72 gave the thorn and the wynn.
TEST(VerifyGroups, TheFirstRecordAlreadyLookedAlike) {
  RecordVerification v;
  const std::vector<RecordChange> c =
      Verify(Lines({OldRecord("p\xD0\xB0ypal", "p\xD0\xB0ypal",
                              {"\xC3\xBE"
                               "aypal"}),
                    OldRecord("paypal", "paypal", {"paypal"}),
                    OldRecord("\xD1\x80"
                              "aypal",
                              "\xD1\x80"
                              "aypal",
                              {"\xC3\xBE"
                               "aypal"})}),
             &v);
  // The summary: one pair, line 2 against line 1.
  ASSERT_EQ(std::count_if(c.begin(), c.end(),
                          [](const RecordChange& r) {
                            return r.kind == RecordChangeKind::kNewLookalike;
                          }),
            1);
  // The group: all three, and both new pairs.
  ASSERT_EQ(v.groups.size(), 1u);
  const RecordGroup& g = v.groups[0];
  EXPECT_EQ(g.kind, RecordGroupKind::kLookalike);
  EXPECT_EQ(g.key, "paypal");
  EXPECT_EQ(g.new_pairs, 2u);
  EXPECT_THAT(Members(g),
              ElementsAre(MemberRow{1, true, 1}, MemberRow{2, false, 2},
                          MemberRow{3, true, 1}));
  EXPECT_EQ(g.members[2].name,
            "\xD1\x80"
            "aypal");
  EXPECT_EQ(g.members[2].new_key,
            "\xD1\x80"
            "aypal");
  EXPECT_TRUE(g.members[2].was_valid);
  EXPECT_EQ(g.members[2].old_key,
            "\xD1\x80"
            "aypal");
  EXPECT_THAT(g.members[2].old_lookalike_keys, ElementsAre("\xC3\xBE"
                                                           "aypal"));
  EXPECT_EQ(PairsOfGroups(v, RecordGroupKind::kLookalike),
            (std::set<LinePair>{{1, 2}, {2, 3}}));
  EXPECT_EQ(v.new_lookalike_pairs, 2u);
  EXPECT_EQ(v.new_collision_pairs, 0u);
}

// The same with the cross-check's own names, where the running ICU gives
// the thorn's skeleton as p (Unicode 15.1 and later).
TEST(VerifyGroups, ThornPaypalWynnUnderTheRunningIcu) {
  const NameRecord thorn = Record(
      "\xC3\xBE"
      "aypal");
  const NameRecord wynn = Record(
      "\xC6\xBF"
      "aypal");
  const auto looks_like_paypal = [](const NameRecord& r) {
    return std::find(r.lookalike_keys.begin(), r.lookalike_keys.end(),
                     "paypal") != r.lookalike_keys.end();
  };
  if (!looks_like_paypal(thorn) || !looks_like_paypal(wynn)) {
    GTEST_SKIP() << "the running ICU gives \"\xC3\xBE"
                    "aypal\" the look-alike "
                    "keys of Unicode 15.0";
  }
  RecordVerification v;
  Verify(Lines({OldRecord("\xC3\xBE"
                          "aypal",
                          "\xC3\xBE"
                          "aypal",
                          {"\xC3\xBE"
                           "aypal"}),
                OldRecord("paypal", "paypal", {"paypal"}),
                OldRecord("\xC6\xBF"
                          "aypal",
                          "\xC6\xBF"
                          "aypal",
                          {"\xC3\xBE"
                           "aypal"})}),
         &v);
  EXPECT_EQ(PairsOfGroups(v, RecordGroupKind::kLookalike),
            (std::set<LinePair>{{1, 2}, {2, 3}}));
}

// The same for keys: Erin and ERIN had one key before (so the summary
// does not compare them), erin had another; now all three have "erin".
// The summary gives erin ~ Erin only; the group gives erin ~ ERIN too.
TEST(VerifyGroups, TheFirstRecordAlreadyCollided) {
  RecordVerification v;
  const std::vector<RecordChange> c =
      Verify(Lines({OldRecord("Erin", "e-old", {"erin", "erln"}),
                    OldRecord("ERIN", "e-old", {"erin", "erln"}),
                    OldRecord("erin", "erin", {"erin", "erln"})}),
             &v);
  EXPECT_EQ(std::count_if(c.begin(), c.end(),
                          [](const RecordChange& r) {
                            return r.kind == RecordChangeKind::kNewCollision;
                          }),
            1);
  // They looked alike before (shared look-alike keys): no look-alike group.
  ASSERT_EQ(v.groups.size(), 1u);
  const RecordGroup& g = v.groups[0];
  EXPECT_EQ(g.kind, RecordGroupKind::kCollision);
  EXPECT_EQ(g.key, "erin");
  EXPECT_THAT(Members(g),
              ElementsAre(MemberRow{1, true, 1}, MemberRow{2, true, 1},
                          MemberRow{3, false, 2}));
  EXPECT_EQ(PairsOfGroups(v, RecordGroupKind::kCollision),
            (std::set<LinePair>{{1, 3}, {2, 3}}));
  EXPECT_EQ(v.new_collision_pairs, 2u);
  EXPECT_EQ(v.new_lookalike_pairs, 0u);
}

// Three names that had nothing in common (one was rejected) and now have
// one key: three new pairs, in one collision group (names with one key
// share its look-alike keys too, but are not look-alike pairs).
TEST(VerifyGroups, AThreeWayGroup) {
  RecordVerification v;
  Verify(Lines({OldRecord("zoe", "zoe", {"zoe"}), OldRejected("ZOE"),
                OldRecord("Zoe", "zoe-old", {"zoe-old"})}),
         &v);
  const RecordGroup* g = FindGroup(v, RecordGroupKind::kCollision, "zoe");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->new_pairs, 3u);
  EXPECT_THAT(Members(*g),
              ElementsAre(MemberRow{1, false, 2}, MemberRow{2, true, 2},
                          MemberRow{3, true, 2}));
  EXPECT_FALSE(g->members[1].was_valid);
  EXPECT_TRUE(g->members[1].old_key.empty());
  EXPECT_EQ(PairsOfGroups(v, RecordGroupKind::kCollision),
            (std::set<LinePair>{{1, 2}, {1, 3}, {2, 3}}));
  EXPECT_EQ(v.groups.size(), 1u);
  EXPECT_EQ(v.new_collision_pairs, 3u);
  EXPECT_EQ(v.new_lookalike_pairs, 0u);
}

// paypaI is in two groups: it now has the key of PAYPAI and the look-alike
// key "paypal" of paypal (its look-alike keys are "paypai" and "paypal").
TEST(VerifyGroups, ANameInTwoGroups) {
  RecordVerification v;
  Verify(Lines({OldRecord("paypal", "paypal", {"paypal"}),
                OldRecord("PAYPAI", "paypai", {"paypai"}),
                OldRecord("paypaI", "paypa-old", {"paypa-old"})}),
         &v);
  const RecordGroup* key = FindGroup(v, RecordGroupKind::kCollision, "paypai");
  ASSERT_NE(key, nullptr);
  EXPECT_THAT(Members(*key),
              ElementsAre(MemberRow{2, false, 1}, MemberRow{3, true, 1}));
  const RecordGroup* alike =
      FindGroup(v, RecordGroupKind::kLookalike, "paypal");
  ASSERT_NE(alike, nullptr);
  // PAYPAI gained "paypal" too: all three are in the group; PAYPAI and
  // paypaI, with one key, are the collision group's pair.
  EXPECT_THAT(Members(*alike),
              ElementsAre(MemberRow{1, false, 2}, MemberRow{2, true, 1},
                          MemberRow{3, true, 1}));
  EXPECT_EQ(alike->members[1].new_key, "paypai");
  EXPECT_EQ(PairsOfGroups(v, RecordGroupKind::kCollision),
            (std::set<LinePair>{{2, 3}}));
  EXPECT_EQ(PairsOfGroups(v, RecordGroupKind::kLookalike),
            (std::set<LinePair>{{1, 2}, {1, 3}}));
  EXPECT_EQ(v.groups.size(), 2u);
}

// A name new to a group that it shared another key with before: paypa1
// and Paypa1 had one key ("paypa1"), and both gain "paypal"; only the
// pairs with paypal are new. A group where every pair shared a key before
// is not reported: pal and Pal now have the look-alike key "pal", and
// shared the look-alike key "x" before.
TEST(VerifyGroups, ANameNewToAGroupThatSharedAnotherKeyBefore) {
  RecordVerification v;
  Verify(
      Lines({OldRecord("paypal", "paypal", {"paypal"}),
             OldRecord("paypa1", "paypa1", {"p-old"}),
             OldRecord("Paypa1", "paypa1", {"q-old"}),
             OldRecord("pal", "pal", {"x"}), OldRecord("Pal", "p-al", {"x"})}),
      &v);
  ASSERT_EQ(v.groups.size(), 2u) << v.groups.size();
  const RecordGroup* alike =
      FindGroup(v, RecordGroupKind::kLookalike, "paypal");
  ASSERT_NE(alike, nullptr);
  EXPECT_EQ(alike->new_pairs, 2u);
  EXPECT_THAT(Members(*alike),
              ElementsAre(MemberRow{1, false, 2}, MemberRow{2, true, 1},
                          MemberRow{3, true, 1}));
  EXPECT_EQ(PairsOfGroups(v, RecordGroupKind::kLookalike),
            (std::set<LinePair>{{1, 2}, {1, 3}}));
  // pal and Pal: a new collision (their keys differed), no new look-alike.
  EXPECT_EQ(PairsOfGroups(v, RecordGroupKind::kCollision),
            (std::set<LinePair>{{4, 5}}));
  EXPECT_EQ(FindGroup(v, RecordGroupKind::kLookalike, "pal"), nullptr);
}

// Property: on random records (tests/registration/random_records.h: many
// names per key, several look-alike keys per name, old keys made up from a
// small set so that they often match),
// the new pairs derived from the groups are exactly the pairs a brute-force
// comparison of every two records finds, for keys and for look-alike keys;
// each group holds every record with its key, and each member's flags and
// counts are right.
TEST(VerifyGroups, GroupsGiveEveryNewPairOnRandomRecords) {
  testing::RandomRecords random(36);
  size_t groups_seen = 0, three_way = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const size_t n = random.Between(2, 40);
    std::vector<NameRecord> now;
    const std::vector<NameRecord> old = random.Make(n, &now);
    RecordVerification v;
    Verify(Lines(old), &v);
    // Brute force: every two records.
    const auto has = [](const std::vector<std::string>& v,
                        const std::string& k) {
      return std::find(v.begin(), v.end(), k) != v.end();
    };
    const auto alike_before = [&](size_t i, size_t j) {
      if (!old[i].valid || !old[j].valid) return false;
      if (old[i].key == old[j].key) return true;
      for (const std::string& k : old[i].lookalike_keys) {
        if (has(old[j].lookalike_keys, k)) return true;
      }
      return false;
    };
    std::set<LinePair> collisions, alike;
    // Per (kind, key): the lines that have it, and whether it has a new
    // pair; the new partners of each line in each group.
    std::set<std::pair<RecordGroupKind, std::string>> expected_groups;
    std::map<std::tuple<RecordGroupKind, std::string, size_t>, size_t> partners;
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = i + 1; j < n; ++j) {
        if (!now[i].valid || !now[j].valid) continue;
        if (now[i].key == now[j].key &&
            !(old[i].valid && old[j].valid && old[i].key == old[j].key)) {
          collisions.insert({i + 1, j + 1});
          expected_groups.insert({RecordGroupKind::kCollision, now[i].key});
          ++partners[{RecordGroupKind::kCollision, now[i].key, i + 1}];
          ++partners[{RecordGroupKind::kCollision, now[i].key, j + 1}];
        }
        if (now[i].key == now[j].key || alike_before(i, j)) continue;
        for (const std::string& k : now[i].lookalike_keys) {
          if (!has(now[j].lookalike_keys, k)) continue;
          alike.insert({i + 1, j + 1});
          expected_groups.insert({RecordGroupKind::kLookalike, k});
          ++partners[{RecordGroupKind::kLookalike, k, i + 1}];
          ++partners[{RecordGroupKind::kLookalike, k, j + 1}];
        }
      }
    }
    SCOPED_TRACE(absl::StrCat("trial ", trial, ":\n", Lines(old)));
    EXPECT_EQ(PairsOfGroups(v, RecordGroupKind::kCollision), collisions);
    EXPECT_EQ(PairsOfGroups(v, RecordGroupKind::kLookalike), alike);
    EXPECT_EQ(v.new_collision_pairs, collisions.size());
    std::set<std::pair<RecordGroupKind, std::string>> found_groups;
    size_t lookalike_pairs = 0;
    for (const RecordGroup& g : v.groups) {
      EXPECT_TRUE(found_groups.insert({g.kind, g.key}).second) << g.key;
      if (g.kind == RecordGroupKind::kLookalike) lookalike_pairs += g.new_pairs;
      // Every record valid now with the key, in file order.
      std::vector<size_t> holders, lines;
      for (size_t i = 0; i < n; ++i) {
        if (now[i].valid && (g.kind == RecordGroupKind::kCollision
                                 ? now[i].key == g.key
                                 : has(now[i].lookalike_keys, g.key))) {
          holders.push_back(i + 1);
        }
      }
      size_t sum = 0;
      for (const RecordGroupMember& m : g.members) {
        lines.push_back(m.line);
        ASSERT_GE(m.line, 1u);
        ASSERT_LE(m.line, n);
        const NameRecord& o = old[m.line - 1];
        EXPECT_EQ(m.name, o.name);
        EXPECT_EQ(m.new_key, now[m.line - 1].key);
        EXPECT_EQ(m.was_valid, o.valid);
        EXPECT_EQ(m.old_key, o.key);
        std::vector<std::string> sorted = o.lookalike_keys;
        std::sort(sorted.begin(), sorted.end());
        EXPECT_EQ(m.old_lookalike_keys, sorted);
        EXPECT_EQ(m.new_to_group,
                  !o.valid || (g.kind == RecordGroupKind::kCollision
                                   ? o.key != g.key
                                   : !has(o.lookalike_keys, g.key)));
        const auto p = partners.find({g.kind, g.key, m.line});
        EXPECT_EQ(m.new_partners, p == partners.end() ? 0 : p->second)
            << m.line;
        sum += m.new_partners;
      }
      EXPECT_EQ(lines, holders) << g.key;
      EXPECT_EQ(g.new_pairs * 2, sum);
      EXPECT_GE(g.new_pairs, 1u);
      groups_seen += 1;
      if (g.members.size() >= 3) ++three_way;
    }
    EXPECT_EQ(found_groups, expected_groups);
    EXPECT_EQ(v.new_lookalike_pairs, lookalike_pairs);
    if (HasFailure()) break;
  }
  // The records make groups, large ones among them.
  EXPECT_GT(groups_seen, 300u);
  EXPECT_GT(three_way, 100u);
}

// Records whose stored keys an older ICU could have given: every kind of
// change, and groups.
std::vector<NameRecord> EditedRecords() {
  std::vector<NameRecord> r = {Record("paypal"),      Record("p\u0430ypal"),
                               Record("\u00FEaypal"), Record("Bob"),
                               Record("a b"),         Record("carol"),
                               Record("Carol")};
  r[1].lookalike_keys = {"old-1"};  // looks like paypal now, not before
  r[2].lookalike_keys = {"old-2"};
  r[3].key = "b0b";   // key changed
  r[4].valid = true;  // now rejected
  r[4].key = "a b";
  r[4].lookalike_keys = {"a b"};
  r[5].valid = false;  // now accepted, and collides with Carol
  r[5].rule = "DISALLOWED/unassigned";
  r[5].key.clear();
  r[5].lookalike_keys.clear();
  return r;
}

// Records added one by one give what the text gives: with Add, and with
// AddDerived and each name's record made by the caller (as PostgreSQL's
// parallel workers make them).
class RecordVerifierAdds : public ::testing::TestWithParam<bool> {};

TEST_P(RecordVerifierAdds, RecordsOneByOneGiveWhatTheTextGives) {
  const bool derived = GetParam();
  const std::vector<NameRecord> records = EditedRecords();
  RecordVerification want;
  const std::vector<RecordChange> want_changes = Verify(Lines(records), &want);
  ASSERT_GE(want_changes.size(), 5u);
  ASSERT_FALSE(want.groups.empty());
  std::vector<RecordChange> changes;
  RecordVerifier verifier(UserNames(), DefaultRegistrationPolicy(),
                          [&](const RecordChange& c) { changes.push_back(c); });
  for (size_t i = 0; i < records.size(); ++i) {
    const size_t before = changes.size();
    if (derived) {
      absl::StatusOr<NameRecord> now = MakeNameRecord(
          UserNames(), DefaultRegistrationPolicy(), records[i].name);
      ASSERT_TRUE(now.ok()) << now.status();
      ASSERT_TRUE(verifier.AddDerived(records[i], *now, i + 1).ok());
    } else {
      ASSERT_TRUE(verifier.Add(records[i], i + 1).ok());
    }
    EXPECT_EQ(verifier.records(), i + 1);
    // Each record's findings are handed over by its own Add.
    for (size_t j = before; j < changes.size(); ++j) {
      EXPECT_EQ(changes[j].line, i + 1);
    }
  }
  const RecordVerification got = std::move(verifier).Finish();
  ASSERT_EQ(changes.size(), want_changes.size());
  for (size_t i = 0; i < changes.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(changes[i].kind, want_changes[i].kind);
    EXPECT_EQ(changes[i].line, want_changes[i].line);
    EXPECT_EQ(changes[i].name, want_changes[i].name);
    EXPECT_EQ(changes[i].other_name, want_changes[i].other_name);
    EXPECT_EQ(changes[i].shared_key, want_changes[i].shared_key);
    EXPECT_EQ(changes[i].rule, want_changes[i].rule);
  }
  EXPECT_EQ(got.groups, want.groups);
  EXPECT_EQ(got.records, want.records);
  EXPECT_EQ(got.valid, want.valid);
  EXPECT_EQ(got.changed_names, want.changed_names);
  EXPECT_EQ(got.change_count, want.change_count);
  EXPECT_EQ(got.new_lookalike_pairs, want.new_lookalike_pairs);
  EXPECT_EQ(got.record_version_tags, want.record_version_tags);
}

INSTANTIATE_TEST_SUITE_P(AddAndAddDerived, RecordVerifierAdds,
                         ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return info.param ? "derived" : "made_here";
                         });

// A record made elsewhere is checked before it is believed: of the same
// name, profile and versions, and shaped as MakeNameRecord's are. A refusal
// leaves the verifier as it was.
TEST(RecordVerifier, AddDerivedRefusesARecordNotMadeForTheName) {
  size_t found = 0;
  RecordVerifier verifier(UserNames(), DefaultRegistrationPolicy(),
                          [&](const RecordChange&) { ++found; });
  const NameRecord stored = Record("alice");
  const absl::StatusOr<NameRecord> now =
      MakeNameRecord(UserNames(), DefaultRegistrationPolicy(), "alice");
  ASSERT_TRUE(now.ok());
  const struct {
    std::string_view why;
    std::function<void(NameRecord&)> edit;
  } edits[] = {
      {"another name", [](NameRecord& r) { r.name = "alicia"; }},
      {"another profile", [](NameRecord& r) { r.profile = "nickname"; }},
      {"other versions",
       [](NameRecord& r) {
         r.version_tag = "u8guard-0.1.0+icu-70.1+unicode-14.0";
       }},
      {"valid with a rule", [](NameRecord& r) { r.rule = "DISALLOWED/x"; }},
      {"rejected with a key",
       [](NameRecord& r) {
         r.valid = false;
         r.rule = "DISALLOWED/spaces";
       }},
      {"four look-alike keys",
       [](NameRecord& r) {
         r.lookalike_keys = {"a", "b", "c", "d"};
       }},
  };
  for (const auto& e : edits) {
    NameRecord edited = *now;
    e.edit(edited);
    const absl::Status s = verifier.AddDerived(stored, edited, 4);
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << e.why;
    EXPECT_THAT(s.message(), HasSubstr("line 4: the record derived now "))
        << e.why;
  }
  EXPECT_EQ(verifier.records(), 0u);
  EXPECT_EQ(found, 0u);
  ASSERT_TRUE(verifier.AddDerived(stored, *now, 1).ok());
  EXPECT_EQ(verifier.records(), 1u);
  EXPECT_EQ(found, 0u);  // alice is as she was stored
}

TEST(RecordVerifier, RefusesARecordAndStaysAsItWas) {
  size_t found = 0;
  RecordVerifier verifier(UserNames(), DefaultRegistrationPolicy(),
                          [&](const RecordChange&) { ++found; });
  NameRecord four = Record("alice");
  four.lookalike_keys = {"a", "b", "c", "d"};
  absl::Status s = verifier.Add(four, 7);
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(), "line 7: more than 3 look-alike keys");
  NameRecord other = Record("alice");
  other.profile = "nickname";
  s = verifier.Add(other, 8);
  EXPECT_THAT(s.message(), HasSubstr("line 8: a record of profile"));
  s = verifier.AddLine("{", 9);
  EXPECT_THAT(s.message(), HasSubstr("line 9: column 2:"));
  EXPECT_EQ(verifier.records(), 0u);
  // A valid record without look-alike keys: they changed.
  NameRecord none = Record("alice");
  none.lookalike_keys.clear();
  ASSERT_TRUE(verifier.Add(none, 1).ok());
  EXPECT_EQ(found, 1u);
  const RecordVerification v = std::move(verifier).Finish();
  EXPECT_EQ(v.records, 1u);
  EXPECT_EQ(v.changed_names, 1u);
}

}  // namespace
}  // namespace u8guard
