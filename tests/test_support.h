// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the test suites.

#ifndef U8GUARD_TESTS_TEST_SUPPORT_H_
#define U8GUARD_TESTS_TEST_SUPPORT_H_

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "u8guard/profile.h"
#include "u8guard/utf8.h"

namespace u8guard::testing {

// True in a build under AddressSanitizer (GCC's __SANITIZE_ADDRESS__,
// clang's __has_feature): its shadow memory, an eighth of the memory a
// program touches, counts in the process's resident set, so a test that
// bounds the peak RSS allows for it.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif
#else
inline constexpr bool kAddressSanitizer = false;
#endif

// True in a build under ThreadSanitizer.
#if defined(__SANITIZE_THREAD__)
inline constexpr bool kThreadSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
inline constexpr bool kThreadSanitizer = true;
#else
inline constexpr bool kThreadSanitizer = false;
#endif
#else
inline constexpr bool kThreadSanitizer = false;
#endif

// Whether a test's exhaustive loop checks case number `i` in this build:
// every case in Release, one in `stride` under a sanitizer (which looks
// for memory errors and races, not for answers: the Release run compares
// every case). Callers pick `stride` coprime with the shape of their loops
// so that every input and every variant is still reached.
inline bool SampledUnderSanitizer(size_t i, size_t stride) {
  return !(kAddressSanitizer || kThreadSanitizer) || i % stride == 0;
}

// Path of a file under ../shared/ (e.g. "testdata/UTF-8-test.txt"): the
// public test suites, which a clone of the repository alone does not have.
std::string SharedPath(std::string_view relative);

// True when a missing ../shared file must fail the tests that need it
// instead of skipping them: the CMake option U8GUARD_REQUIRE_SHARED_DATA, or
// the environment variable U8GUARD_REQUIRE_SHARED_DATA=1 (.ci/run sets it,
// so that in CI the suites can never be skipped silently).
bool SharedDataRequired();

// "" when SharedPath(relative) can be read; otherwise why not, naming the
// file and what to do about it.
std::string MissingSharedFile(std::string_view relative);

// In a test body or a fixture's SetUp(): skips the test (GTEST_SKIP) when
// the ../shared file `relative` is missing, with a message naming it, or
// fails it when SharedDataRequired().
#define U8GUARD_REQUIRE_SHARED_FILE(relative)            \
  do {                                                   \
    const std::string u8guard_missing =                  \
        ::u8guard::testing::MissingSharedFile(relative); \
    if (!u8guard_missing.empty()) {                      \
      if (::u8guard::testing::SharedDataRequired()) {    \
        GTEST_FAIL() << u8guard_missing;                 \
      }                                                  \
      GTEST_SKIP() << u8guard_missing;                   \
    }                                                    \
  } while (false)

// Path of a file under tests/data/.
std::string TestDataPath(std::string_view relative);

// Path of the built u8guard CLI.
std::string CliPath();

// The whole content of a file; fails the current test if it cannot be read.
std::string ReadFileOrDie(const std::string& path);

// "C0 AE" (spaces optional) -> the bytes; "" or "nothing" -> empty.
std::string FromHex(std::string_view hex);

// Bytes as upper-case hex separated by spaces, e.g. "C0 AE".
std::string ToHex(std::string_view bytes);

// Every kernel this CPU supports except kAuto (always includes kScalar).
std::vector<Utf8Kernel> SupportedKernels();

// Runs `command` through the shell; returns its exit status and stdout.
struct CommandResult {
  int exit_code;
  std::string out;
};
CommandResult RunCommand(const std::string& command);

// A child process with pipes to its standard input and from its standard
// output, for tests that talk to the CLI while it runs (a co-process) or
// feed it more than a file should hold. While one exists, SIGPIPE is
// ignored in this process (a write to a child that has gone fails instead).
class CoProcess {
 public:
  // Starts `argv` (argv[0] a path); standard error goes to `stderr_path`
  // (e.g. "/dev/null", or a file to read afterwards).
  CoProcess(const std::vector<std::string>& argv,
            const std::string& stderr_path);
  CoProcess(const CoProcess&) = delete;
  CoProcess& operator=(const CoProcess&) = delete;
  // Closes the pipes, kills the child if it still runs, and reaps it.
  ~CoProcess();

  bool started() const { return pid_ > 0; }
  // Writes all of `bytes` to the child's standard input; false on error.
  bool Write(std::string_view bytes);
  // Closes the child's standard input (it sees the end of its input).
  void CloseInput();
  // The next line of the child's output without its "\n"; nullopt at the
  // end of the output or when no whole line came within `timeout_ms`.
  std::optional<std::string> ReadLine(int timeout_ms);
  // Reads the child's output to its end, handing each chunk to `sink`.
  void Drain(const std::function<void(std::string_view)>& sink);

  // How the child ended.
  struct Exit {
    int code = -1;  // exit status, -1 when killed by a signal
    // Its peak resident set (wait4's ru_maxrss), which also counts this
    // process's resident memory at the time the child was spawned.
    int64_t peak_rss_kib = -1;
  };
  // Closes its input if still open and waits for the child to end.
  Exit Wait();

 private:
  int pid_ = -1;
  int in_ = -1;          // the child's standard input
  int out_ = -1;         // the child's standard output
  std::string pending_;  // output read but not yet returned by ReadLine
  void (*previous_sigpipe_)(int) = nullptr;
};

// "{valid_up_to=1, kind=overlong, error_len=1}", for failure messages.
std::string Utf8ResultString(const Utf8Result& r);

// One case of flenniken/utf8tests (../shared/testdata/utf8tests/utf8tests.txt).
struct Utf8TestsCase {
  std::string id;         // e.g. "14.4.0"
  bool valid;             // the file's verdict
  std::string bytes;      // the input
  std::string skipped;    // invalid cases: the input without invalid bytes
  std::string with_fffd;  // invalid cases: the expected U+FFFD substitution
};

// Parses utf8tests.txt (lines `num:valid:ASCII`, `num:valid hex:HEX`,
// `num:invalid hex:HEX:SKIPPED:WITH_FFFD`; `#` comments and blank lines are
// skipped, stray spaces trimmed). Fails the current test on a malformed line.
std::vector<Utf8TestsCase> LoadUtf8TestsCases();

// The lines of `text` without their '\n'; a final line without '\n' counts.
std::vector<std::string> SplitLines(std::string_view text);

// `s` quoted for /bin/sh.
std::string ShellQuote(std::string_view s);

// A fresh directory under $TMPDIR (or /tmp), removed with its contents when
// the object goes out of scope.
class ScopedTempDir {
 public:
  ScopedTempDir();
  ~ScopedTempDir();
  ScopedTempDir(const ScopedTempDir&) = delete;
  ScopedTempDir& operator=(const ScopedTempDir&) = delete;
  const std::string& path() const { return path_; }
  // path() + "/" + name.
  std::string File(std::string_view name) const;

 private:
  std::string path_;
};

// The names in directory `dir` ("." and ".." left out; none when it cannot
// be read), in no particular order: temporary files made nameless leave
// none behind.
std::vector<std::string> DirectoryEntries(const std::string& dir);

// Writes `bytes` to `path`, replacing it; fails the current test on error.
void WriteFileOrDie(const std::string& path, std::string_view bytes);

// Counts the disagreements a large sweep finds and keeps the first few for the
// failure message, so that a sweep makes one gtest assertion, not millions.
class MismatchLog {
 public:
  explicit MismatchLog(size_t keep = 10) : keep_(keep) {}
  // Records one disagreement.
  void Add(std::string description);
  uint64_t count() const { return count_; }
  // Fails the current test (non-fatally) unless count() == 0; the message
  // names `what`, the count and the kept descriptions.
  void ExpectNone(std::string_view what) const;

 private:
  size_t keep_;
  uint64_t count_ = 0;
  std::vector<std::string> kept_;
};

// Random valid UTF-8 of `bytes` bytes or a few more (whole characters):
// ASCII runs and 2-, 3- and 4-byte characters with random scalar values,
// encoded here (not by the library) from the bit patterns of RFC 3629 §3.
std::string RandomValidUtf8(std::mt19937_64& rng, size_t bytes);

// `s` with `count` random corruptions, each one of: a flipped bit, a deleted
// byte, a cut at a random point, or an inserted 80, BF, C0, C1 AF, ED A0,
// ED BF BF, F4 90, F5, FF, E2 82 or F0 9F 98.
std::string MutateUtf8(std::mt19937_64& rng, std::string s, int count);

// A precis_i18n profile as u8guard runs it: which profile, and whether its
// comparison key (Canonicalize, key = true) or its enforced form (Enforce)
// is meant.
struct PrecisTarget {
  Profile profile;
  bool key;
};

// The RFCs' names of the built-in PRECIS profiles and string classes, each
// with the built-in's kebab-case name: {"UsernameCaseMapped",
// "username-case-mapped"}, ... (RFC 8264 4.2, 4.3; RFC 8265 3.3, 3.4, 4.2;
// RFC 8266).
const std::vector<std::pair<std::string, std::string>>& RfcProfileNames();

// precis_i18n's profile names (UsernameCasePreserved, UsernameCaseMapped,
// UsernameCaseMapped:ToLower, UsernameCaseMapped:CaseFold, OpaqueString,
// NicknameCasePreserved, NicknameCaseMapped, NicknameCaseMapped:ToLower,
// NicknameCaseMapped:CaseFold, FreeFormClass, IdentifierClass) mapped to
// the built-in profiles; the :CaseFold variants are copies with case
// folding. Used by the precis_i18n conformance tests.
std::map<std::string, PrecisTarget> PrecisTargets();

// One case of a precis_i18n result table (tests/data/precis_golden.tsv,
// tests/data/precis_corpus.tsv): profile, input, and either the output or
// the error precis_i18n gave.
struct PrecisCase {
  std::string profile, input, output, error;
  bool has_output;
};

// Reads such a table from tests/data/ (tab-separated: profile, input hex,
// output hex or "-", error or "-", Unicode version or "-"; "" is the empty
// string; "#" lines are comments). Fails the current test on a malformed
// line or an unreadable file.
std::vector<PrecisCase> ReadPrecisTable(std::string_view file_name);

// A flat JSON object of the CLI's output: each key's string (decoded to
// UTF-8), boolean or number.
using JsonValue = std::variant<std::string, bool, double>;
using JsonObject = std::map<std::string, JsonValue>;

// Parses `line`, one flat JSON object: valid UTF-8, string values without
// raw control characters and with RFC 8259's escapes (\uXXXX surrogate
// pairs joined; a lone surrogate is an error), no key twice, nothing after
// the object. nullopt when it is not such an object, and `error` (when not
// null) says where and why.
std::optional<JsonObject> ParseJsonObject(std::string_view line,
                                          std::string* error = nullptr);

// The string value of `key` in `o`, or "<missing KEY>" when it has none.
std::string JsonStringField(const JsonObject& o, const std::string& key);

// The boolean value of `key` in `o`, or nullopt when it has none.
std::optional<bool> JsonBoolField(const JsonObject& o, const std::string& key);

}  // namespace u8guard::testing

#endif  // U8GUARD_TESTS_TEST_SUPPORT_H_
