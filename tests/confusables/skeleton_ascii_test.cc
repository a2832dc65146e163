// SPDX-License-Identifier: Apache-2.0
// The ASCII skeleton table against ICU's spoof checker: every ASCII string
// of length 1 and 2, a few thousand random ones up to 40 characters, and the
// classic look-alike sequences, give exactly ICU's skeleton.

#include <random>
#include <string>

#include "gtest/gtest.h"
#include "src/confusables/skeleton.h"

namespace u8guard::internal {
namespace {

void ExpectSameAsIcu(const std::string& s, int& mismatches) {
  std::string fast, icu;
  ASSERT_TRUE(SkeletonInto(s, fast).ok());
  ASSERT_TRUE(IcuSkeletonInto(s, icu).ok());
  if (fast != icu && ++mismatches <= 10) {
    ADD_FAILURE() << "skeleton of [" << s << "]: table " << fast << ", ICU "
                  << icu;
  }
}

TEST(AsciiSkeleton, EqualsIcuOnEveryShortAndManyLongStrings) {
  int mismatches = 0;
  for (int a = 0; a < 128; ++a) {
    ExpectSameAsIcu(std::string(1, static_cast<char>(a)), mismatches);
    for (int b = 0; b < 128; ++b) {
      ExpectSameAsIcu(std::string{static_cast<char>(a), static_cast<char>(b)},
                      mismatches);
    }
  }
  std::mt19937_64 rng(39);
  for (int i = 0; i < 5000; ++i) {
    std::string s(1 + rng() % 40, ' ');
    for (char& c : s) c = static_cast<char>(rng() % 128);
    ExpectSameAsIcu(s, mismatches);
  }
  for (const char* s :
       {"rn", "m", "paypal", "rnicrosoft", "I1l|", "0O", "vv"}) {
    ExpectSameAsIcu(s, mismatches);
  }
  EXPECT_EQ(mismatches, 0);
  // The look-alike the ACL relies on: "rn" and "m" share a skeleton.
  std::string rn, m;
  ASSERT_TRUE(SkeletonInto("rn", rn).ok());
  ASSERT_TRUE(SkeletonInto("m", m).ok());
  EXPECT_EQ(rn, m);
}

}  // namespace
}  // namespace u8guard::internal
