// SPDX-License-Identifier: Apache-2.0
// Random old records for the upgrade verification tests: many names per
// key, several look-alike keys per name, old keys from a small set so that
// they often match, some rejected before or now.

#ifndef U8GUARD_TESTS_REGISTRATION_RANDOM_RECORDS_H_
#define U8GUARD_TESTS_REGISTRATION_RANDOM_RECORDS_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "u8guard/profile.h"
#include "u8guard/registration.h"
#include "u8guard/upgrade.h"

namespace u8guard::testing {

// The record of `name` now, under username-case-mapped and the default
// policy (a failed test and an empty record when it cannot be made).
inline NameRecord RecordNow(std::string_view name) {
  absl::StatusOr<NameRecord> r =
      MakeNameRecord(**FindBuiltinProfile("username-case-mapped"),
                     DefaultRegistrationPolicy(), name);
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? *r : NameRecord{};
}

// Makes old records of names from a fixed pool: p/P/Cyrillic р, a/A/
// Cyrillic а and l/L/I/i/1/Cyrillic palochka (case folding gives many names
// one key; i, I and the palochka give two look-alike keys) and two names
// the profile rejects; each with a version tag of one of two older
// versions, rejected in one in ten, else its key changed in half of them
// (to another name's or a made-up one) and one to three look-alike keys
// from other names, made-up ones or its own.
class RandomRecords {
 public:
  explicit RandomRecords(uint32_t seed) : rng_(seed) {
    for (const char* p : {"p", "P", "\xD1\x80"}) {
      for (const char* a : {"a", "A", "\xD0\xB0"}) {
        for (const char* l : {"l", "L", "I", "i", "1", "\xD3\x8F"}) {
          pool_.push_back(RecordNow(absl::StrCat(p, a, l)));
        }
      }
    }
    pool_.push_back(RecordNow("p l"));
    pool_.push_back(RecordNow("a b"));
    for (const NameRecord& r : pool_) {
      if (!r.valid) continue;
      keys_.push_back(r.key);
      for (const std::string& k : r.lookalike_keys) lookalikes_.push_back(k);
    }
  }

  // `n` old records; with `now`, each one's record now at the same index.
  std::vector<NameRecord> Make(size_t n,
                               std::vector<NameRecord>* now = nullptr) {
    std::vector<NameRecord> old;
    for (size_t i = 0; i < n; ++i) {
      const NameRecord& current = Pick(pool_);
      if (now != nullptr) now->push_back(current);
      old.push_back(OldOf(current));
    }
    return old;
  }

  // A number from `low` to `high`.
  size_t Between(size_t low, size_t high) {
    return low + rng_() % (high - low + 1);
  }

 private:
  NameRecord OldOf(const NameRecord& now) {
    NameRecord r = now;
    r.version_tag = Percent(50) ? "u8guard-0.0.1+icu-70.1+unicode-14.0"
                                : "u8guard-0.0.2+icu-71.1+unicode-14.0";
    if (Percent(10)) {
      r.valid = false;
      r.rule = "DISALLOWED/unassigned";
      r.key.clear();
      r.lookalike_keys.clear();
      return r;
    }
    r.valid = true;
    r.rule.clear();
    if (!now.valid || Percent(50)) {
      r.key = Percent(70) ? Pick(keys_) : absl::StrCat("old", rng_() % 3);
    }
    r.lookalike_keys.clear();
    const size_t count = Between(1, 3);
    for (size_t k = 0; k < count; ++k) {
      std::string key = Percent(30)   ? absl::StrCat("l", rng_() % 3)
                        : Percent(50) ? Pick(lookalikes_)
                        : now.valid   ? Pick(now.lookalike_keys)
                                      : r.key;
      if (std::find(r.lookalike_keys.begin(), r.lookalike_keys.end(), key) ==
          r.lookalike_keys.end()) {
        r.lookalike_keys.push_back(std::move(key));
      }
    }
    return r;
  }

  template <typename T>
  const T& Pick(const std::vector<T>& v) {
    return v[rng_() % v.size()];
  }
  bool Percent(int p) { return static_cast<int>(rng_() % 100) < p; }

  std::mt19937 rng_;
  std::vector<NameRecord> pool_;
  std::vector<std::string> keys_, lookalikes_;
};

}  // namespace u8guard::testing

#endif  // U8GUARD_TESTS_REGISTRATION_RANDOM_RECORDS_H_
