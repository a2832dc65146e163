// SPDX-License-Identifier: Apache-2.0
// secret.h: ConstantTimeEquals (correct, and the instructions it executes
// do not depend on where two strings differ), SecretString (wiped before its
// buffer is freed, moves hand the buffer over), CanonicalizeSecret
// (OpaqueString keys, errors that never quote the secret, working buffers
// wiped).
//
// The wipe is observed from outside: this test binary replaces the global
// operator new/delete with malloc/free wrappers which, while a test is
// watching, look at every block just before it is freed and record whether
// it still holds the secret's bytes.

#include "u8guard/secret.h"

#include <malloc.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"

// ---- allocation observer
// ------------------------------------------------------

namespace {

// While `g_watch` is set, every freed block is searched for it.
std::atomic<bool> g_watching{false};
char g_watch[64];
size_t g_watch_size = 0;
// Results, reset by Watch().
std::atomic<int> g_freed_with_secret{0};
std::atomic<int> g_freed_blocks{0};
// A block to report on specifically: was it all zero when freed?
std::atomic<const void*> g_tracked{nullptr};
std::atomic<int> g_tracked_freed{0};
std::atomic<bool> g_tracked_was_zero{false};

void ObserveFree(void* p) {
  if (p == nullptr || !g_watching.load(std::memory_order_relaxed)) return;
  const size_t n = malloc_usable_size(p);
  const char* bytes = static_cast<const char*>(p);
  g_freed_blocks.fetch_add(1);
  if (p == g_tracked.load()) {
    g_tracked_freed.fetch_add(1);
    g_tracked_was_zero.store(std::all_of(bytes, bytes + g_watch_size,
                                         [](char c) { return c == 0; }));
  }
  if (g_watch_size > 0 && std::search(bytes, bytes + n, g_watch,
                                      g_watch + g_watch_size) != bytes + n) {
    g_freed_with_secret.fetch_add(1);
  }
}

void* Allocate(size_t n) {
  void* p = std::malloc(n == 0 ? 1 : n);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

void* AllocateAligned(size_t n, std::align_val_t a) {
  const size_t align = static_cast<size_t>(a);
  void* p = std::aligned_alloc(
      align, (std::max<size_t>(n, 1) + align - 1) / align * align);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

void Free(void* p) {
  ObserveFree(p);
  std::free(p);
}

}  // namespace

// Every replaceable form, so that new and delete always pair up (sanitizers
// check that they do).
void* operator new(size_t n) { return Allocate(n); }
void* operator new[](size_t n) { return Allocate(n); }
void* operator new(size_t n, const std::nothrow_t&) noexcept {
  return std::malloc(n == 0 ? 1 : n);
}
void* operator new[](size_t n, const std::nothrow_t&) noexcept {
  return std::malloc(n == 0 ? 1 : n);
}
void* operator new(size_t n, std::align_val_t a) {
  return AllocateAligned(n, a);
}
void* operator new[](size_t n, std::align_val_t a) {
  return AllocateAligned(n, a);
}
void operator delete(void* p) noexcept { Free(p); }
void operator delete[](void* p) noexcept { Free(p); }
void operator delete(void* p, size_t) noexcept { Free(p); }
void operator delete[](void* p, size_t) noexcept { Free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { Free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { Free(p); }
void operator delete(void* p, std::align_val_t) noexcept { Free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { Free(p); }
void operator delete(void* p, size_t, std::align_val_t) noexcept { Free(p); }
void operator delete[](void* p, size_t, std::align_val_t) noexcept { Free(p); }

namespace u8guard {
namespace {

// Starts watching frees for `secret` (and, if given, the block `tracked`).
void Watch(std::string_view secret, const void* tracked = nullptr) {
  ASSERT_LE(secret.size(), sizeof g_watch);
  std::memcpy(g_watch, secret.data(), secret.size());
  g_watch_size = secret.size();
  g_freed_with_secret = 0;
  g_freed_blocks = 0;
  g_tracked = tracked;
  g_tracked_freed = 0;
  g_tracked_was_zero = false;
  g_watching = true;
}

void StopWatching() { g_watching = false; }

const Profile& Opaque() {
  static const Profile* p = *FindBuiltinProfile("opaque-string");
  return *p;
}

// ---- ConstantTimeEquals
// ------------------------------------------------------

TEST(ConstantTimeEquals, AgreesWithByteEquality) {
  EXPECT_TRUE(ConstantTimeEquals("", ""));
  EXPECT_TRUE(ConstantTimeEquals("correct horse", "correct horse"));
  EXPECT_FALSE(ConstantTimeEquals("correct horse", "correct horsf"));
  EXPECT_FALSE(ConstantTimeEquals("a", ""));
  EXPECT_FALSE(ConstantTimeEquals("abc", "abcd"));
  EXPECT_TRUE(ConstantTimeEquals(std::string_view("a\0b", 3),
                                 std::string_view("a\0b", 3)));
  EXPECT_FALSE(ConstantTimeEquals(std::string_view("a\0b", 3),
                                  std::string_view("a\0c", 3)));
  // Every length around the 8-byte word loop, every position, every bit.
  for (size_t n = 1; n <= 40; ++n) {
    std::string a(n, '\0');
    for (size_t i = 0; i < n; ++i) a[i] = static_cast<char>('a' + i % 26);
    EXPECT_TRUE(ConstantTimeEquals(a, std::string(a))) << n;
    for (size_t i = 0; i < n; ++i) {
      for (int bit = 0; bit < 8; ++bit) {
        std::string b = a;
        b[i] = static_cast<char>(b[i] ^ (1 << bit));
        ASSERT_FALSE(ConstantTimeEquals(a, b)) << n << " " << i << " " << bit;
      }
    }
  }
}

// ---- ConstantTimeEquals: instructions counted, not timed -------------------
//
// How long a comparison takes is for a benchmark (BM_ConstantTimeEquals,
// bench/secret_bench.cc): on a loaded machine or under a sanitizer, a timing
// proves nothing either way. This test counts the instructions a comparison
// executes instead, by single-stepping it: with the x86 trap flag set, the
// CPU raises a debug trap (SIGTRAP) after every user-mode instruction, and
// the handler counts the traps. The count is exact: the same code path gives
// the same count on every run and under any load, and any branch on the
// content (an early exit, a skipped word) changes it.

#if defined(__x86_64__) && defined(__linux__)
#define U8GUARD_SINGLE_STEP 1
#endif
// ThreadSanitizer's check of every load takes paths that depend on its own
// shadow state, which changes from one call to the next.
#if defined(__SANITIZE_THREAD__)
#undef U8GUARD_SINGLE_STEP
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#undef U8GUARD_SINGLE_STEP
#endif
#endif

#ifdef U8GUARD_SINGLE_STEP

std::atomic<uint64_t> g_steps{0};

extern "C" void CountStep(int) {
  g_steps.fetch_add(1, std::memory_order_relaxed);
}

using Comparison = bool (*)(std::string_view, std::string_view);

struct Counted {
  bool equal;
  uint64_t steps;
};

// Calls compare(a, b) with the trap flag (EFLAGS bit 8) set, and returns its
// result and the instructions executed until the flag is cleared: the call,
// the comparison and a few instructions around them, the same every time.
// The flags go through the stack below the red zone, where the compiler may
// keep locals.
__attribute__((noinline)) Counted CountSteps(Comparison compare,
                                             std::string_view a,
                                             std::string_view b) {
  g_steps.store(0);
  __asm__ __volatile__(
      "sub $128, %%rsp\n\t"
      "pushfq\n\t"
      "orq $0x100, (%%rsp)\n\t"
      "popfq\n\t"
      "add $128, %%rsp" ::
          : "memory", "cc");
  const bool equal = compare(a, b);
  __asm__ __volatile__(
      "sub $128, %%rsp\n\t"
      "pushfq\n\t"
      "andq $~0x100, (%%rsp)\n\t"
      "popfq\n\t"
      "add $128, %%rsp" ::
          : "memory", "cc");
  return {equal, g_steps.load()};
}

// CountStep is SIGTRAP's handler while one of these lives.
class StepCounter {
 public:
  StepCounter() {
    struct sigaction count = {};
    count.sa_handler = &CountStep;
    sigemptyset(&count.sa_mask);
    installed_ = sigaction(SIGTRAP, &count, &previous_) == 0;
  }
  ~StepCounter() {
    if (installed_) sigaction(SIGTRAP, &previous_, nullptr);
  }
  StepCounter(const StepCounter&) = delete;
  StepCounter& operator=(const StepCounter&) = delete;

  bool installed() const { return installed_; }

 private:
  struct sigaction previous_ = {};
  bool installed_ = false;
};

// The comparison ConstantTimeEquals must not be: it stops at the first
// difference. The test's control: the counter must tell its cases apart.
__attribute__((noinline)) bool EarlyExitEquals(std::string_view a,
                                               std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

#endif  // U8GUARD_SINGLE_STEP

// Every byte is compared wherever the strings differ: at every length
// around the 8-byte word loop, ConstantTimeEquals executes exactly as many
// instructions on equal strings as on strings that differ in their first
// byte, in their middle byte, in their last byte, or in every byte, and at
// least one per word. The same count for a comparison that stops at the
// first difference does tell a difference in the first byte from one in the
// last, so the count is not blind to an early exit.
TEST(ConstantTimeEquals, InstructionsDoNotDependOnWhereStringsDiffer) {
#ifndef U8GUARD_SINGLE_STEP
  GTEST_SKIP() << "counting instructions needs single-stepping (x86-64 "
                  "Linux, not under ThreadSanitizer); BM_ConstantTimeEquals "
                  "times the comparison instead";
#else
  const StepCounter counter;
  ASSERT_TRUE(counter.installed());
  // One pair of buffers for every case, so that no case differs from
  // another in where its bytes lie.
  constexpr size_t kMax = 1024 + 5;
  std::string a(kMax, '\0');
  for (size_t i = 0; i < kMax; ++i) a[i] = static_cast<char>('a' + i % 26);
  std::string b = a;
  // The first call also binds any lazily bound symbol.
  if (CountSteps(&ConstantTimeEquals, a, b).steps == 0) {
    GTEST_SKIP() << "the trap flag raises no SIGTRAP here (a debugger or an "
                    "emulator such as valgrind hides it)";
  }

  for (const size_t n : {1, 2, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1024 + 5}) {
    const std::string_view x(a.data(), n);
    const std::string_view y(b.data(), n);
    const Counted equal = CountSteps(&ConstantTimeEquals, x, y);
    EXPECT_TRUE(equal.equal) << n;
    EXPECT_GE(equal.steps, n / 8) << n;
    const struct {
      const char* name;
      size_t from, to;  // the bytes of b changed
    } kCases[] = {{"first", 0, 1},
                  {"middle", n / 2, n / 2 + 1},
                  {"last", n - 1, n},
                  {"every", 0, n}};
    for (const auto& c : kCases) {
      for (size_t i = c.from; i < c.to; ++i) b[i] = static_cast<char>(~b[i]);
      const Counted differ = CountSteps(&ConstantTimeEquals, x, y);
      for (size_t i = c.from; i < c.to; ++i) b[i] = static_cast<char>(~b[i]);
      EXPECT_FALSE(differ.equal) << n << " " << c.name;
      EXPECT_EQ(differ.steps, equal.steps)
          << "length " << n << ", differing in the " << c.name
          << " byte(s): " << differ.steps << " instructions, equal strings "
          << equal.steps;
    }
  }

  // The control, on the longest strings.
  b[0] = static_cast<char>(~b[0]);
  const Counted early_first = CountSteps(&EarlyExitEquals, a, b);
  b[0] = a[0];
  b[kMax - 1] = static_cast<char>(~b[kMax - 1]);
  const Counted early_last = CountSteps(&EarlyExitEquals, a, b);
  b[kMax - 1] = a[kMax - 1];
  EXPECT_FALSE(early_first.equal);
  EXPECT_FALSE(early_last.equal);
  EXPECT_LT(early_first.steps + kMax, early_last.steps)
      << early_first.steps << " vs " << early_last.steps;
#endif
}

// ---- SecretString
// -------------------------------------------------------------

TEST(SecretString, HoldsTheBytes) {
  const SecretString s("hunter2");
  EXPECT_EQ(s.view(), "hunter2");
  EXPECT_EQ(s.size(), 7u);
  EXPECT_FALSE(s.empty());
  const SecretString empty;
  EXPECT_TRUE(empty.empty());
  EXPECT_EQ(empty.view(), "");
}

TEST(SecretString, BufferIsZeroWhenFreed) {
  const std::string secret = "Tr0ub4dor&3-horse";
  auto* s = new SecretString(secret);
  Watch(secret, s->view().data());
  delete s;
  StopWatching();
  EXPECT_EQ(g_tracked_freed, 1);
  EXPECT_TRUE(g_tracked_was_zero);
  EXPECT_EQ(g_freed_with_secret, 0);
}

TEST(SecretString, ClearWipesAndEmpties) {
  const std::string secret = "clear-me-please";
  SecretString s(secret);
  Watch(secret, s.view().data());
  s.Clear();
  StopWatching();
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(g_tracked_freed, 1);
  EXPECT_TRUE(g_tracked_was_zero);
}

TEST(SecretString, MoveHandsTheBufferOverAndEmptiesTheSource) {
  const std::string secret = "moved-secret-42";
  SecretString a(secret);
  const char* buffer = a.view().data();
  Watch(secret, buffer);
  SecretString b(std::move(a));
  EXPECT_EQ(g_freed_blocks, 0);  // nothing copied, nothing freed
  EXPECT_TRUE(a.empty());        // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(b.view(), secret);
  EXPECT_EQ(b.view().data(), buffer);
  SecretString c;
  c = std::move(b);
  EXPECT_TRUE(b.empty());  // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(c.view().data(), buffer);
  c.Clear();
  StopWatching();
  EXPECT_EQ(g_tracked_freed, 1);
  EXPECT_TRUE(g_tracked_was_zero);
  EXPECT_EQ(g_freed_with_secret, 0);
}

TEST(SecretString, AssignmentWipesTheOldBuffer) {
  const std::string old_secret = "old-secret-value";
  SecretString s(old_secret);
  SecretString replacement("new-secret-value");
  Watch(old_secret, s.view().data());
  s = std::move(replacement);
  StopWatching();
  EXPECT_EQ(s.view(), "new-secret-value");
  EXPECT_EQ(g_tracked_freed, 1);
  EXPECT_TRUE(g_tracked_was_zero);
  EXPECT_EQ(g_freed_with_secret, 0);
}

// ---- CanonicalizeSecret
// -------------------------------------------------------

TEST(CanonicalizeSecret, OpaqueStringKeys) {
  // RFC 8265 §4.2: non-ASCII spaces become U+0020, NFC, case kept.
  absl::StatusOr<SecretString> k =
      CanonicalizeSecret(Opaque(), "correct\xC2\xA0Horse");  // U+00A0
  ASSERT_TRUE(k.ok()) << k.status();
  EXPECT_EQ(k->view(), "correct Horse");
  // Decomposed and precomposed é give the same key.
  absl::StatusOr<SecretString> d = CanonicalizeSecret(Opaque(), "pe\xCC\x81");
  absl::StatusOr<SecretString> p = CanonicalizeSecret(Opaque(), "p\xC3\xA9");
  ASSERT_TRUE(d.ok() && p.ok());
  EXPECT_EQ(d->view(), "p\xC3\xA9");
  EXPECT_TRUE(ConstantTimeEquals(d->view(), p->view()));
  // Same key as the public Canonicalize.
  EXPECT_EQ(k->view(), *Canonicalize(Opaque(), "correct\xC2\xA0Horse"));
}

TEST(CanonicalizeSecret, ErrorsNeverQuoteTheSecret) {
  struct Case {
    std::string input;
    size_t offset;
    std::string rule;
    std::string leak;  // what Canonicalize's message shows and ours must not
  };
  const Case cases[] = {
      {"pass\x07word", 4, "DISALLOWED/controls", "U+0007"},
      {"pa\xC0\xAFss", 2, "utf8/overlong", "C0 AF"},
      {"\xEF\xBB\xBFpassword", 0, "bom_not_allowed", "U+FEFF"},
      {"", 0, "DISALLOWED/empty", "\n"},
  };
  for (const Case& c : cases) {
    const absl::Status plain = Canonicalize(Opaque(), c.input).status();
    ASSERT_FALSE(plain.ok());
    absl::StatusOr<SecretString> k = CanonicalizeSecret(Opaque(), c.input);
    ASSERT_FALSE(k.ok()) << c.rule;
    EXPECT_EQ(k.status().code(), absl::StatusCode::kInvalidArgument);
    const std::string message(k.status().message());
    EXPECT_EQ(message.find(c.leak), std::string::npos) << message;
    const std::optional<Rejection> r = GetRejection(k.status());
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(r->offset, c.offset) << message;
    EXPECT_EQ(r->rule_id(), c.rule) << message;
    EXPECT_FALSE(r->code_point.has_value()) << message;
    EXPECT_NE(message.find("opaque-string"), std::string::npos) << message;
  }
  // The quoting is real in Canonicalize, so the checks above can fail.
  EXPECT_NE(
      std::string(Canonicalize(Opaque(), "pass\x07word").status().message())
          .find("U+0007"),
      std::string::npos);
}

// Checks the UTF-8 copies made by CanonicalizeSecret and SecretString. Not
// covered, and known to leak (see secret.h): the profile pipeline's
// thread-local UTF-32 scratch, which for a non-ASCII secret grows and frees
// blocks holding its first code points unwiped, and ICU's temporaries.
TEST(CanonicalizeSecret, FreesNoBlockHoldingTheSecret) {
  // ASCII, and non-ASCII that needs no ICU normalization (already NFC).
  for (const std::string& secret :
       {std::string("ascii-passphrase-123"),
        std::string("p\xC3\xA4sswort-gr\xC3\xBC\xC3\x9F")}) {
    Watch(secret);
    {
      absl::StatusOr<SecretString> k = CanonicalizeSecret(Opaque(), secret);
      ASSERT_TRUE(k.ok()) << k.status();
      EXPECT_EQ(k->view(), secret);
    }
    StopWatching();
    EXPECT_GT(g_freed_blocks, 0);  // the working buffer and the key
    EXPECT_EQ(g_freed_with_secret, 0) << secret;
  }
  // A rejected secret: the working buffer held part of it (or nothing).
  const std::string rejected = "reject-me-\x07-please";
  Watch("reject-me-");
  EXPECT_FALSE(CanonicalizeSecret(Opaque(), rejected).ok());
  StopWatching();
  EXPECT_EQ(g_freed_with_secret, 0);
}

// The observer itself works: a std::string is freed with its content.
TEST(CanonicalizeSecret, ObserverSeesUnwipedFrees) {
  const std::string secret = "visible-in-a-plain-string";
  Watch(secret);
  { std::string plain(secret.data(), secret.size()); }
  StopWatching();
  EXPECT_EQ(g_freed_with_secret, 1);
}

}  // namespace
}  // namespace u8guard
