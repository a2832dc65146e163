// SPDX-License-Identifier: Apache-2.0
// Many threads looking up in one index at once, every answer checked
// against what the list was built from. `./dev test` also runs this suite
// under ThreadSanitizer. gtest_discover_tests runs each test in a process
// of its own, so the first test below is the first use of ICU's spoof
// checker in its process: its threads race on the one-time set-up.

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "u8guard/acl.h"
#include "u8guard/profile.h"

namespace u8guard {
namespace {

constexpr int kThreads = 8;
constexpr int kNames = 2000;

const Profile& Mapped() {
  static const Profile* p = *FindBuiltinProfile("username-case-mapped");
  return *p;
}

std::string Name(int i) { return absl::StrFormat("user%04d", i); }

// "user0042" in fullwidth capitals: U+FF21.. for A-Z, U+FF10.. for 0-9.
std::string Fullwidth(const std::string& ascii) {
  std::string out;
  for (char c : ascii) {
    const char32_t wide =
        c >= 'a' && c <= 'z' ? 0xFF21 + (c - 'a') : 0xFF10 + (c - '0');
    out += static_cast<char>(0xE0 | (wide >> 12));
    out += static_cast<char>(0x80 | ((wide >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (wide & 0x3F));
  }
  return out;
}

// "user0042" with U+0435 CYRILLIC SMALL LETTER IE for the "e".
std::string CyrillicE(const std::string& ascii) {
  std::string out;
  for (char c : ascii)
    out += c == 'e' ? std::string("\xD0\xB5") : std::string(1, c);
  return out;
}

// The list as a file: a comment every 100 names, so line != index + 1.
std::string AclText() {
  std::string text;
  for (int i = 0; i < kNames; ++i) {
    if (i % 100 == 0) absl::StrAppend(&text, "# block ", i / 100, "\n");
    absl::StrAppend(&text, Name(i), "\n");
  }
  return text;
}

size_t LineOf(int i) { return static_cast<size_t>(i + i / 100 + 2); }

// Runs `body(thread, failures)` on kThreads threads started together.
template <typename Body>
int RunThreads(Body body) {
  std::atomic<int> failures{0};
  std::atomic<int> ready{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      ready.fetch_add(1);
      while (ready.load() < kThreads) {
      }
      body(t, failures);
    });
  }
  for (std::thread& th : threads) th.join();
  return failures.load();
}

TEST(AclConcurrency, FirstUseOfTheSpoofCheckerFromManyThreads) {
  constexpr int kPerThread = 50;
  std::vector<std::vector<std::string>> skeletons(kThreads);
  std::vector<std::vector<RestrictionLevel>> levels(kThreads);
  const int failures = RunThreads([&](int t, std::atomic<int>& failures) {
    for (int i = 0; i < kPerThread; ++i) {
      const std::string name = CyrillicE(Name(t * kPerThread + i));
      absl::StatusOr<std::string> sk = ConfusableSkeleton(Mapped(), name);
      absl::StatusOr<RestrictionLevel> level =
          RestrictionLevelOf(Mapped(), name);
      if (!sk.ok() || !level.ok()) {
        failures.fetch_add(1);
        continue;
      }
      skeletons[t].push_back(*sk);
      levels[t].push_back(*level);
    }
  });
  ASSERT_EQ(failures, 0);
  // Afterwards, on one thread: the spoof's skeleton is the ASCII name's,
  // and Latin + Cyrillic is Minimally Restrictive (UTS #39 §5.2).
  for (int t = 0; t < kThreads; ++t) {
    ASSERT_EQ(skeletons[t].size(), static_cast<size_t>(kPerThread));
    for (int i = 0; i < kPerThread; ++i) {
      EXPECT_EQ(skeletons[t][i],
                *ConfusableSkeleton(Mapped(), Name(t * kPerThread + i)));
      EXPECT_EQ(levels[t][i], RestrictionLevel::kMinimallyRestrictive);
    }
  }
}

TEST(AclConcurrency, AllowListLookups) {
  absl::StatusOr<AllowList> allow = AllowList::Parse(Mapped(), AclText());
  ASSERT_TRUE(allow.ok());
  ASSERT_EQ(allow->index().size(), static_cast<size_t>(kNames));
  const int failures = RunThreads([&](int t, std::atomic<int>& failures) {
    for (int round = 0; round < 3; ++round) {
      for (int k = 0; k < kNames; ++k) {
        const int i = (k * 7 + t * 131) % kNames;
        const std::string name = Name(i);
        // Hits: as written, upper-cased, fullwidth.
        for (const std::string& cred :
             {name, absl::AsciiStrToUpper(name), Fullwidth(name)}) {
          const AclLookup r = allow->Grants(cred);
          if (!r || r.match->index != static_cast<size_t>(i) ||
              r.match->line != LineOf(i) || r.match->original != name) {
            failures.fetch_add(1);
          }
        }
        // Misses: a longer name, a look-alike; a rejected credential.
        if (allow->Grants(name + "x")) failures.fetch_add(1);
        if (allow->Grants(CyrillicE(name))) failures.fetch_add(1);
        const AclLookup bad = allow->Grants(
            "us\xE2\x80\x8B"
            "er");
        if (bad || bad.status.ok()) failures.fetch_add(1);
      }
    }
  });
  EXPECT_EQ(failures, 0);
}

TEST(AclConcurrency, DenyListLookups) {
  absl::StatusOr<DenyList> deny = DenyList::Parse(Mapped(), AclText());
  ASSERT_TRUE(deny.ok());
  const int failures = RunThreads([&](int t, std::atomic<int>& failures) {
    for (int k = 0; k < kNames / 2; ++k) {
      const int i = (k * 13 + t * 257) % kNames;
      const std::string name = Name(i);
      for (const std::string& cred : {name, CyrillicE(name), Fullwidth(name)}) {
        const AclLookup r = deny->Resembles(cred);
        if (!r || r.match->index != static_cast<size_t>(i) ||
            r.match->original != name) {
          failures.fetch_add(1);
        }
      }
      if (deny->Resembles("nobody" + name)) failures.fetch_add(1);
    }
  });
  EXPECT_EQ(failures, 0);
}

TEST(AclConcurrency, BuildingIndexesInParallel) {
  // Independent builds and audits on every thread, each checked.
  const int failures = RunThreads([](int t, std::atomic<int>& failures) {
    std::vector<std::string> names;
    for (int i = 0; i < 200; ++i) names.push_back(Name(t * 200 + i));
    names.push_back(absl::AsciiStrToUpper(names[0]));  // one collision
    absl::StatusOr<AllowList> allow = AllowList::Build(Mapped(), names);
    if (!allow.ok() || !allow->Grants(names[17])) failures.fetch_add(1);
    absl::StatusOr<AclAudit> audit = AuditAcl(allow->index());
    if (!audit.ok() || audit->findings.size() != 1 ||
        audit->findings[0].kind != AclFindingKind::kCollision) {
      failures.fetch_add(1);
    }
  });
  EXPECT_EQ(failures, 0);
}

}  // namespace
}  // namespace u8guard
