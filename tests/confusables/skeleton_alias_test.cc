// SPDX-License-Identifier: Apache-2.0
// The vocabulary's names for look-alikes (docs/vocabulary.md, item 2):
// Skeleton and LookalikeKeys are ConfusableSkeleton and LookalikeSkeletons
// under the names every other surface uses, with the same results and the
// same rejections.

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"
#include "u8guard/skeleton.h"

namespace u8guard {
namespace {

const Profile& UserNames() {
  return **FindBuiltinProfile("username-case-mapped");
}

// Look-alikes (Cyrillic a, a capital i, digits for letters), and rejected
// inputs (a space, a zero-width space, an overlong encoding, nothing).
const std::vector<std::string>& Inputs() {
  static const auto* const kInputs = new std::vector<std::string>{
      "paypal", "p\xD0\xB0ypal",     "paypaI",    "g00gle", "R00T",
      "a b",    "al\xE2\x80\x8Bice", "a\xC0\xAF", "",
  };
  return *kInputs;
}

TEST(SkeletonAlias, SkeletonIsConfusableSkeleton) {
  int rejected = 0;
  for (const std::string& input : Inputs()) {
    SCOPED_TRACE(input);
    const absl::StatusOr<std::string> old_skeleton =
        ConfusableSkeleton(UserNames(), input);
    const absl::StatusOr<std::string> skeleton = Skeleton(UserNames(), input);
    EXPECT_EQ(skeleton.status(), old_skeleton.status());
    if (old_skeleton.ok()) {
      ASSERT_TRUE(skeleton.ok());
      EXPECT_EQ(*skeleton, *old_skeleton);
    } else {
      ++rejected;
      EXPECT_EQ(GetRejection(skeleton.status()),
                GetRejection(old_skeleton.status()));
    }
  }
  EXPECT_EQ(rejected, 4);
  EXPECT_EQ(*Skeleton(UserNames(), "p\xD0\xB0ypal"),
            *Skeleton(UserNames(), "paypal"));
}

TEST(SkeletonAlias, LookalikeKeysIsLookalikeSkeletons) {
  int rejected = 0;
  for (const std::string& input : Inputs()) {
    SCOPED_TRACE(input);
    const absl::StatusOr<std::vector<std::string>> old_keys =
        LookalikeSkeletons(UserNames(), input);
    const absl::StatusOr<std::vector<std::string>> keys =
        LookalikeKeys(UserNames(), input);
    EXPECT_EQ(keys.status(), old_keys.status());
    if (old_keys.ok()) {
      ASSERT_TRUE(keys.ok());
      EXPECT_EQ(*keys, *old_keys);
      EXPECT_GE(keys->size(), 1u);
    } else {
      ++rejected;
      EXPECT_EQ(GetRejection(keys.status()), GetRejection(old_keys.status()));
    }
  }
  EXPECT_EQ(rejected, 4);
  EXPECT_EQ(LookalikeKeys(UserNames(), "paypaI")->size(), 2u);
}

}  // namespace
}  // namespace u8guard
