// SPDX-License-Identifier: Apache-2.0
// LinearSkeletonInto (src/confusables/skeleton_linear.h) against ICU's own
// skeleton, and skeletons of hostile inputs in linear time: starters whose
// prototype is a combining mark (U+0E4D -> U+030A) interleaved with marks
// of another class make one long run of marks that ICU's final NFD sorts by
// insertion: quadratic time, 66 s at 800 KB (found by an outside review).

#include "src/confusables/skeleton_linear.h"

#include <unicode/uchar.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "src/confusables/skeleton.h"
#include "src/utf8/decode_valid.h"
#include "tests/confusables/code_points.h"
#include "u8guard/acl.h"
#include "u8guard/profile.h"
#include "u8guard/registration.h"
#include "u8guard/skeleton.h"

namespace u8guard::internal {
namespace {

void ExpectSameAsIcu(const std::string& s) {
  std::string linear, icu;
  ASSERT_TRUE(LinearSkeletonInto(s, linear).ok());
  ASSERT_TRUE(IcuSkeletonInto(s, icu).ok());
  ASSERT_EQ(linear, icu) << "input of " << s.size() << " bytes";
}

// Every code point alone, and between two letters.
TEST(LinearSkeleton, EveryCodePointAloneAndBetweenLetters) {
  for (char32_t cp = 1; cp <= 0x10FFFF; ++cp) {
    if (!IsScalar(cp)) continue;
    const std::string c = Utf8(cp);
    std::string linear, icu;
    ASSERT_TRUE(LinearSkeletonInto(c, linear).ok());
    ASSERT_TRUE(IcuSkeletonInto(c, icu).ok());
    ASSERT_EQ(linear, icu) << "U+" << std::hex << static_cast<uint32_t>(cp);
    const std::string between = "a" + c + "\xCC\x81" + "b";  // mark after
    ASSERT_TRUE(LinearSkeletonInto(between, linear).ok());
    ASSERT_TRUE(IcuSkeletonInto(between, icu).ok());
    ASSERT_EQ(linear, icu) << "a U+" << std::hex << static_cast<uint32_t>(cp)
                           << " U+0301 b";
  }
}

// The code points where reordering matters: every combining mark, and
// every starter whose prototype begins with one, in random strings.
TEST(LinearSkeleton, RandomRunsOfMarksAndMarkPrototypes) {
  std::vector<char32_t> pool = {'a', 'e', 0x3B1, 0x627, 0x1100, 0xAC00};
  std::string skeleton;
  for (char32_t cp = 0x80; cp <= 0x10FFFF; ++cp) {
    if (!IsScalar(cp)) continue;
    if (u_getCombiningClass(static_cast<UChar32>(cp)) != 0) {
      pool.push_back(cp);
      continue;
    }
    ASSERT_TRUE(IcuSkeletonInto(Utf8(cp), skeleton).ok());
    const char* p = skeleton.data();
    if (!skeleton.empty() &&
        u_getCombiningClass(static_cast<UChar32>(DecodeValid(p))) != 0) {
      pool.push_back(cp);
    }
  }
  ASSERT_GT(pool.size(), 900u);
  std::mt19937_64 rng(20261127);
  for (int round = 0; round < 20000; ++round) {
    std::string s;
    const size_t n = 1 + rng() % 24;
    for (size_t i = 0; i < n; ++i) s += Utf8(pool[rng() % pool.size()]);
    ExpectSameAsIcu(s);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// "a" + (U+0E4D U+0316) * n: the run of 2n marks comes out in canonical
// order (the n U+0316, class 220, before the n U+030A, class 230), equal to
// ICU's where ICU is still quick, and through SkeletonInto at sizes where
// ICU takes minutes (800 KB: 66 s before the fix).
TEST(LinearSkeleton, MarksMadeByPrototypesAreOrderedInLinearTime) {
  const std::string pair = "\xE0\xB9\x8D\xCC\x96";  // U+0E4D U+0316
  for (size_t n : {1, 2, 3, 10, 100, 1000}) {
    std::string s = "a";
    for (size_t i = 0; i < n; ++i) s += pair;
    ExpectSameAsIcu(s);
  }
  std::string s = "a";
  const size_t n = 800000 / pair.size();
  for (size_t i = 0; i < n; ++i) s += pair;
  std::string out;
  ASSERT_TRUE(SkeletonInto(s, out).ok());
  std::string expected = "a";
  for (size_t i = 0; i < n; ++i) expected += "\xCC\x96";
  for (size_t i = 0; i < n; ++i) expected += "\xCC\x8A";
  EXPECT_EQ(out, expected);
}

// The public operations that take skeletons, at the largest input the
// text-document profile accepts that fits a test: each must finish (the
// suite's time-out is the bound; before the fix each took over a minute).
// Both shapes: one long run of marks after one letter, and many short
// pieces ("a" U+0E4D U+0316 repeated: each a piece the skeleton engine
// computes in full; its output buffer was once resized per piece, which
// was quadratic: the fuzz stage found it).
class HostileSkeletonInput : public ::testing::TestWithParam<bool> {};

TEST_P(HostileSkeletonInput, ThroughEverySkeletonOperation) {
  const absl::StatusOr<const Profile*> p = FindBuiltinProfile("text-document");
  ASSERT_TRUE(p.ok());
  const bool many_pieces = GetParam();
  std::string s = "a";
  while (s.size() < 800000) {
    s += many_pieces ? "\xE0\xB9\x8D\xCC\x96"
                       "a"
                     : "\xE0\xB9\x8D\xCC\x96";
  }
  const absl::StatusOr<std::string> skeleton = ConfusableSkeleton(**p, s);
  ASSERT_TRUE(skeleton.ok()) << skeleton.status();
  const absl::StatusOr<std::vector<std::string>> keys =
      u8guard::LookalikeSkeletons(**p, s);
  ASSERT_TRUE(keys.ok()) << keys.status();
  const absl::StatusOr<DenyList> deny = DenyList::Build(**p, {"a", s});
  ASSERT_TRUE(deny.ok()) << deny.status();
  EXPECT_TRUE(deny->Resembles(s).match.has_value());
  Registry registry(**p, DefaultRegistrationPolicy());
  const absl::StatusOr<RegistrationDecision> d = registry.Decide(s);
  ASSERT_TRUE(d.ok()) << d.status();
}

INSTANTIATE_TEST_SUITE_P(LinearSkeleton, HostileSkeletonInput,
                         ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return info.param ? "ManyPieces" : "OneLongRun";
                         });

}  // namespace
}  // namespace u8guard::internal
