// SPDX-License-Identifier: Apache-2.0
// internal::WarmUp: false for the first N calls, true from then on, from
// any number of threads.

#include "src/common/warm_up.h"

#include <atomic>
#include <thread>
#include <vector>

#include "gtest/gtest.h"

namespace u8guard::internal {
namespace {

TEST(WarmUp, ReadyAfterTheGivenNumberOfCalls) {
  WarmUp w(3);
  EXPECT_FALSE(w.Ready());
  EXPECT_FALSE(w.Ready());
  EXPECT_FALSE(w.Ready());
  for (int i = 0; i < 10; ++i) EXPECT_TRUE(w.Ready());
  WarmUp at_once(0);
  EXPECT_TRUE(at_once.Ready());
}

TEST(WarmUp, CountsEveryThreadsCalls) {
  WarmUp w(1000);
  std::atomic<int> not_ready{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 1000; ++i) not_ready += !w.Ready();
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(not_ready.load(), 1000);
  EXPECT_TRUE(w.Ready());
}

}  // namespace
}  // namespace u8guard::internal
