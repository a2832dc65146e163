// SPDX-License-Identifier: Apache-2.0
// No C++ exception crosses the C API: every allocation an entry point makes
// is made to fail in turn (this binary replaces the global operator new),
// and each such call must return U8GUARD_OUT_OF_MEMORY with its outputs
// cleared, leaking nothing (the ASan build checks leaks), and the same call
// must succeed again once memory is back.
//
// Not every allocation can fail this way: some end the process
// (std::terminate) inside a library u8guard uses, before any handler of
// u8guard's can run: absl::StrFormat (its output sink appends in its
// destructor), which writes every rejection's message; toml++ (Debian's is
// built without exceptions), which parses policy files; libstdc++'s
// directory_iterator; and absl::flat_hash_map, which an audit uses, frees
// an invalid pointer when its reserve() fails. So the inputs here are ones
// the library accepts, the profiles are the built-in ones, and audits are
// left out. docs/c-api.md ("Conventions") says so.

#include <cstdlib>
#include <cstring>
#include <functional>
#include <new>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/u8guard_c.h"

namespace {

// The allocations before the one that fails: -1 for none.
thread_local long allocations_before_failure = -1;
thread_local bool failed = false;  // set when it happened

}  // namespace

// This file's operator new gets its memory from malloc, so its operator
// delete gives it back with free; GCC cannot see that they pair.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"

void* operator new(std::size_t size) {
  if (allocations_before_failure == 0) {
    allocations_before_failure = -1;  // one failure, then memory is back
    failed = true;
    throw std::bad_alloc();
  }
  if (allocations_before_failure > 0) --allocations_before_failure;
  void* p = std::malloc(size == 0 ? 1 : size);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}
void* operator new[](std::size_t size) { return ::operator new(size); }
// The nothrow forms too, or a sanitizer's own would pair with free().
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return ::operator new(size);
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, const std::nothrow_t& t) noexcept {
  return ::operator new(size, t);
}
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace u8guard {
namespace {

// One run of `call` on a thread of its own (so that the library's
// per-thread buffers start empty and are allocated too), with allocation
// number `n` failing (none for -1).
struct Run {
  u8guard_status status = U8GUARD_INTERNAL;
  bool failed = false;
};
Run RunFailing(long n, const std::function<u8guard_status()>& call) {
  Run run;
  std::thread thread([&] {
    allocations_before_failure = n;
    run.status = call();
    allocations_before_failure = -1;
    run.failed = failed;
  });
  thread.join();
  return run;
}

// Runs `call` (which returns its status after checking its own outputs)
// with its 1st, 2nd, ... allocation failing, until a run makes no failing
// allocation. A run whose allocation failed must return
// U8GUARD_OUT_OF_MEMORY, or the status of a normal run when the library
// could do without that memory (std::stable_sort's buffer); the others the
// status of a normal run. Returns the number of U8GUARD_OUT_OF_MEMORY runs.
int FailEachAllocation(const std::function<u8guard_status()>& call) {
  const u8guard_status normal = RunFailing(-1, call).status;
  int out_of_memory = 0;
  for (long n = 0; n < 100000; ++n) {
    const Run run = RunFailing(n, call);
    if (!run.failed) {
      EXPECT_EQ(run.status, normal) << "with no failing allocation";
      break;
    }
    out_of_memory += run.status == U8GUARD_OUT_OF_MEMORY;
    EXPECT_TRUE(run.status == U8GUARD_OUT_OF_MEMORY || run.status == normal)
        << "allocation " << n << " failed: " << u8guard_status_name(run.status);
  }
  EXPECT_EQ(RunFailing(-1, call).status, normal) << "after the failures";
  return out_of_memory;
}

// Checks what a call that ran out of memory must leave behind.
void ExpectOutOfMemoryError(u8guard_status status, const u8guard_error& e) {
  if (status != U8GUARD_OUT_OF_MEMORY) return;
  EXPECT_EQ(e.status, U8GUARD_OUT_OF_MEMORY);
  EXPECT_STREQ(e.message, "out of memory");
}

// A call with an output buffer: on U8GUARD_OUT_OF_MEMORY nothing is left.
using BufferCall =
    std::function<u8guard_status(char*, size_t, size_t*, u8guard_error*)>;
std::function<u8guard_status()> WithBuffer(BufferCall call) {
  return [call] {
    char out[256];
    size_t len = 99;
    u8guard_error e;
    std::memset(out, 'X', sizeof out);
    const u8guard_status s = call(out, sizeof out, &len, &e);
    if (s == U8GUARD_OUT_OF_MEMORY) {
      EXPECT_EQ(len, 0u);
      EXPECT_EQ(out[0], '\0');
    }
    ExpectOutOfMemoryError(s, e);
    return s;
  };
}

class CApiOutOfMemory : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(u8guard_profile_open("username-case-mapped", nullptr, &mapped_,
                                   nullptr),
              U8GUARD_OK);
  }
  void TearDown() override { u8guard_profile_free(mapped_); }
  u8guard_profile* mapped_ = nullptr;
};

TEST_F(CApiOutOfMemory, StreamNew) {
  EXPECT_EQ(FailEachAllocation([] {
              u8guard_utf8_stream* s = nullptr;
              const u8guard_status status = u8guard_utf8_stream_new(&s);
              if (status == U8GUARD_OUT_OF_MEMORY) {
                EXPECT_EQ(s, nullptr);
              }
              u8guard_utf8_stream_free(s);
              return status;
            }),
            1);
}

// Built-in profiles only: reading a policy file or a directory ends the
// process when memory runs out inside toml++ (built without exceptions) or
// libstdc++'s directory_iterator.
TEST_F(CApiOutOfMemory, ProfileOpen) {
  EXPECT_GT(FailEachAllocation([] {
              u8guard_profile* p = nullptr;
              u8guard_error e;
              const u8guard_status s =
                  u8guard_profile_open("nickname", nullptr, &p, &e);
              if (s == U8GUARD_OUT_OF_MEMORY) {
                EXPECT_EQ(p, nullptr);
              }
              ExpectOutOfMemoryError(s, e);
              u8guard_profile_free(p);
              return s;
            }),
            0);
}

// (Repeated calls may allocate nothing: keys and paths are written into
// per-thread buffers that keep their capacity. The enforced forms and the
// secrets' buffers are allocated on every call.)
TEST_F(CApiOutOfMemory, KeysEnforcedFormsAndSkeletons) {
  int failures = 0;
  // ASCII (the fast path) and not (ICU).
  for (const std::string in :
       {"Alice", "\xEF\xBC\xA1lice", "Lid\xC3\xA9ll", "e\xCC\x81t\xC3\xA9"}) {
    SCOPED_TRACE(in);
    for (auto* function : {u8guard_canonicalize, u8guard_enforce,
                           u8guard_canonicalize_secret, u8guard_skeleton}) {
      failures += FailEachAllocation(
          WithBuffer([this, in, function](char* out, size_t cap, size_t* len,
                                          u8guard_error* e) {
            return function(mapped_, in.data(), in.size(), out, cap, len, e);
          }));
    }
  }
  EXPECT_GT(failures, 8);
}

TEST_F(CApiOutOfMemory, Paths) {
  u8guard_path_options o;
  u8guard_path_options_init(&o);
  o.root = "/srv/www";
  o.percent_decode = 1;
  int failures = 0;
  for (const std::string raw : {"a/b/c", "img/%E6%97%A5.png", "x/./y//z"}) {
    SCOPED_TRACE(raw);
    failures += FailEachAllocation(WithBuffer(
        [&o, raw](char* out, size_t cap, size_t* len, u8guard_error* e) {
          return u8guard_sanitize_path(raw.data(), raw.size(), &o, out, cap,
                                       len, e);
        }));
  }
  EXPECT_GT(failures, 0);
}

TEST_F(CApiOutOfMemory, ListsAndLookups) {
  // A collision, a look-alike; nothing invalid.
  static const char* const kEntries[] = {"alice", "Alice", "p\xD0\xB0ypal",
                                         "paypal", "\xEF\xBC\xA2ob"};
  testing::ScopedTempDir dir;
  const std::string acl = dir.File("staff.acl");
  testing::WriteFileOrDie(acl, "alice\nAlice\np\xD0\xB0ypal\npaypal\n");
  EXPECT_GT(FailEachAllocation([this] {
              u8guard_allow_list* list = nullptr;
              u8guard_error e;
              const u8guard_status s = u8guard_allow_list_new(
                  mapped_, kEntries, nullptr, 5, &list, &e);
              if (s == U8GUARD_OUT_OF_MEMORY) {
                EXPECT_EQ(list, nullptr);
              }
              ExpectOutOfMemoryError(s, e);
              u8guard_allow_list_free(list);
              return s;
            }),
            0);
  EXPECT_GT(FailEachAllocation([this, &acl] {
              u8guard_deny_list* list = nullptr;
              u8guard_error e;
              const u8guard_status s =
                  u8guard_deny_list_load(mapped_, acl.c_str(), &list, &e);
              if (s == U8GUARD_OUT_OF_MEMORY) {
                EXPECT_EQ(list, nullptr);
              }
              ExpectOutOfMemoryError(s, e);
              u8guard_deny_list_free(list);
              return s;
            }),
            0);
  u8guard_allow_list* allow = nullptr;
  u8guard_deny_list* deny = nullptr;
  ASSERT_EQ(
      u8guard_allow_list_new(mapped_, kEntries, nullptr, 5, &allow, nullptr),
      U8GUARD_OK);
  ASSERT_EQ(
      u8guard_deny_list_new(mapped_, kEntries, nullptr, 5, &deny, nullptr),
      U8GUARD_OK);
  int lookup_failures = 0;
  for (const std::string credential :
       {"ALICE", "nobody", "p\xD0\xB0ypal", "\xEF\xBC\xA2OB"}) {
    SCOPED_TRACE(credential);
    lookup_failures += FailEachAllocation([allow, &credential] {
      u8guard_acl_match m;
      u8guard_error e;
      const u8guard_status s = u8guard_allow_list_grants(
          allow, credential.data(), credential.size(), &m, &e);
      ExpectOutOfMemoryError(s, e);
      return s;
    });
    lookup_failures += FailEachAllocation([deny, &credential] {
      u8guard_acl_match m;
      u8guard_error e;
      const u8guard_status s = u8guard_deny_list_resembles(
          deny, credential.data(), credential.size(), &m, &e);
      ExpectOutOfMemoryError(s, e);
      return s;
    });
  }
  EXPECT_GT(lookup_failures, 0);
  u8guard_allow_list_free(allow);
  u8guard_deny_list_free(deny);
}

}  // namespace
}  // namespace u8guard
