// SPDX-License-Identifier: Apache-2.0
// Strict UTF-8 (RFC 3629 §3, §4, §10): validation, decoding, encoding.
//
// Valid input is exactly the RFC 3629 §4 ABNF. Everything else is rejected
// with the byte offset where valid input stops, the kind of error, and the
// length of the maximal ill-formed subpart (Unicode 15.0 §3.9, D93b), with the
// same semantics as Rust's `Utf8Error::valid_up_to()` / `error_len()`.
//
// This layer knows nothing of ICU and never allocates, except for the
// functions that return a std::string or std::u32string.

#ifndef U8GUARD_UTF8_H_
#define U8GUARD_UTF8_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "u8guard/export.h"
#include "u8guard/rejection.h"
#include "u8guard/rule.h"
#include "u8guard/utf8_result.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// The Rule of `kind` (not kNone): Rule::kUtf8Overlong for kOverlong, ...
constexpr Rule Utf8ErrorRule(Utf8ErrorKind kind) {
  return static_cast<Rule>(kind);
}

// Returns a short lower-case English name of `kind`, e.g. "overlong
// encoding" (the rule's RuleDescription); "valid" for kNone. The names are
// stable: the CLI prints them and tests match them.
std::string_view Utf8ErrorKindName(Utf8ErrorKind kind);

// Returns the identifier form of `kind` used in JSON output, e.g.
// "overlong" (the rule id without "utf8/"); "none" for kNone. Stable.
std::string_view Utf8ErrorKindId(Utf8ErrorKind kind);

// Validates `bytes` as UTF-8 with the fastest kernel this CPU supports.
// Accepts any input (including empty) and never reads outside it. Returns the
// first error, or ok() with valid_up_to == bytes.size().
Utf8Result ValidateUtf8(std::string_view bytes) noexcept;

// Returns true exactly when ValidateUtf8(bytes).ok().
bool IsValidUtf8(std::string_view bytes) noexcept;

// The validation kernels. kAuto picks the fastest one the CPU supports, once,
// at start-up; the environment variable U8GUARD_KERNEL (scalar, sse42, avx2,
// avx512, avx512vbmi) overrides that choice when the CPU supports the named
// kernel (otherwise the fastest one runs: ActiveUtf8KernelChoice() says why).
// kAvx512 needs AVX-512 F and BW; kAvx512Vbmi also VBMI (Ice Lake, Zen 4 and
// later), whose byte permutes make the check cheaper.
enum class Utf8Kernel : uint8_t {
  kAuto,
  kScalar,
  kSse42,
  kAvx2,
  kAvx512,
  kAvx512Vbmi,
};

// Returns the kernel's name: "auto", "scalar", "sse42", "avx2", "avx512" or
// "avx512vbmi".
std::string_view Utf8KernelName(Utf8Kernel kernel);

// Parses a name Utf8KernelName returns (exactly, case-sensitive).
// InvalidArgument naming the accepted names otherwise.
absl::StatusOr<Utf8Kernel> ParseUtf8Kernel(std::string_view name);

// Returns true when this CPU (and this build) can run `kernel`. kAuto and
// kScalar are always supported.
bool Utf8KernelSupported(Utf8Kernel kernel);

// Returns the kernel ValidateUtf8 uses (never kAuto).
Utf8Kernel ActiveUtf8Kernel();

// How the kernel was chosen: what U8GUARD_KERNEL asked for, what runs, and
// why the request was not honoured.
struct Utf8KernelChoice {
  // The value of U8GUARD_KERNEL as read at the choice; empty when it was
  // unset or empty (then the best kernel runs, with no note).
  std::string requested;
  // The kernel that runs: ActiveUtf8Kernel().
  Utf8Kernel active = Utf8Kernel::kScalar;
  // Empty when `requested` is empty or was honoured ("auto" is honoured by
  // the best kernel); otherwise why not, and the best kernel runs instead:
  // "unknown kernel" (not a name ParseUtf8Kernel accepts) or "not supported
  // by this CPU".
  std::string note;
};

// The choice behind ActiveUtf8Kernel(), made once per process.
const Utf8KernelChoice& ActiveUtf8KernelChoice();

// Validates `bytes` with one named kernel; for tests and benchmarks. Returns
// the same result as ValidateUtf8. A kernel the CPU does not support (see
// Utf8KernelSupported), or a value that names no kernel, runs the scalar
// kernel.
Utf8Result ValidateUtf8With(Utf8Kernel kernel, std::string_view bytes) noexcept;

// ValidateUtf8With for a kernel named at compile time, e.g.
// ValidateUtf8With<Utf8Kernel::kAvx2>(bytes): the same result, through an
// entry of the kernel's own that is the same load and jump as ValidateUtf8's
// (no kernel argument to pass and look up), so that a benchmark of one
// kernel measures the kernel, not the entry. Defined (explicitly
// instantiated in the library) for every enumerator; one the CPU does not
// support runs the scalar kernel. (U8GUARD_EXPORT: the hidden-visibility
// build would otherwise hide the instantiations.)
template <Utf8Kernel kKernel>
U8GUARD_EXPORT Utf8Result ValidateUtf8With(std::string_view bytes) noexcept;

// The reference decoder: a direct transcription of the RFC 3629 §4 ABNF, one
// byte at a time, with no fast path. It is the oracle every other kernel is
// tested against. Same contract as ValidateUtf8.
Utf8Result ValidateUtf8Reference(std::string_view bytes) noexcept;

// Validates a stream delivered in chunks of any size, including chunks that
// split a sequence. Offsets are offsets in the whole stream. Usage:
//
//   Utf8StreamValidator v;
//   while (read chunk) if (!v.Feed(chunk).ok()) break;
//   Utf8Result r = v.Finish();
//
// After an error every later Feed and Finish return that same error. Never
// allocates; holds at most 3 bytes of an unfinished sequence.
class Utf8StreamValidator {
 public:
  Utf8StreamValidator() = default;

  // Validates the next chunk. Returns ok() with valid_up_to = the number of
  // bytes consumed so far, all of which are known valid except for at most 3
  // bytes of a sequence the chunk leaves unfinished; or the first error, with
  // valid_up_to as an offset in the whole stream.
  Utf8Result Feed(std::string_view chunk) noexcept;

  // Ends the stream. Returns ok() with valid_up_to = total size, or the first
  // error; an unfinished sequence at the end is kTruncated.
  Utf8Result Finish() noexcept;

  // Returns the validator to its initial state.
  void Reset() noexcept { *this = Utf8StreamValidator(); }

  // Total bytes fed so far.
  uint64_t bytes_fed() const { return fed_; }

 private:
  uint64_t fed_ = 0;      // bytes received in all chunks so far
  char pending_[4] = {};  // unfinished sequence held across chunks
  uint8_t pending_len_ = 0;
  bool failed_ = false;
  Utf8Result error_;  // the first error, once failed_
};

// Decodes one code point starting at `pos`. On success returns the scalar
// value and advances `pos` past it; on error returns -1 and leaves `pos`
// unchanged. `pos` must be <= bytes.size().
int32_t DecodeUtf8At(std::string_view bytes, size_t& pos) noexcept;

// Iterates the code points of a string already known to be valid UTF-8 (the
// caller checked ValidateUtf8); behaviour on invalid input is safe (never
// reads outside the string) but the values are unspecified.
class Utf8CodePoints {
 public:
  class Iterator {
   public:
    using value_type = char32_t;
    using difference_type = std::ptrdiff_t;
    Iterator() = default;
    Iterator(std::string_view s, size_t pos) : s_(s), pos_(pos) {}
    char32_t operator*() const;
    Iterator& operator++();
    Iterator operator++(int) {
      Iterator t = *this;
      ++*this;
      return t;
    }
    // Byte offset of the current code point.
    size_t offset() const { return pos_; }
    bool operator==(const Iterator& o) const { return pos_ == o.pos_; }

   private:
    std::string_view s_;
    size_t pos_ = 0;
  };
  explicit Utf8CodePoints(std::string_view valid) : s_(valid) {}
  Iterator begin() const { return Iterator(s_, 0); }
  Iterator end() const { return Iterator(s_, s_.size()); }

 private:
  std::string_view s_;
};

// Decodes `bytes` strictly into code points. Returns CheckUtf8's status
// (with its Rejection) when it is not UTF-8.
absl::StatusOr<std::u32string> DecodeUtf8(std::string_view bytes);

// Appends the UTF-8 encoding of `cp` to `out`. Returns false, appending
// nothing, for surrogates (U+D800..U+DFFF) and values above U+10FFFF
// (RFC 3629 §3, §10).
bool AppendUtf8(char32_t cp, std::string& out);

// Encodes `code_points` as UTF-8. Returns InvalidArgument carrying a
// Rejection for the first surrogate (utf8/surrogate) or value above
// U+10FFFF (utf8/above_max): offset = its index in `code_points`,
// code_point = the value, source kEncoder; the message reads "cannot
// encode code point INDEX (U+XXXX) as UTF-8: DESCRIPTION (RULE_ID)".
absl::StatusOr<std::string> EncodeUtf8(std::u32string_view code_points);

// Returns `bytes` with every maximal ill-formed subpart (and an unfinished
// sequence at the end) replaced by one U+FFFD, as Unicode §3.9 recommends and
// as CPython's errors="replace" does. For logs and display only: never use
// its output for matching, since distinct inputs map to the same output.
std::string ToUtf8Lossy(std::string_view bytes);

// Returns OkStatus() for valid UTF-8; otherwise InvalidArgument carrying
// Utf8ErrorRejection(bytes, ValidateUtf8(bytes)), whose message names the
// offset, the kind and the offending bytes in hex, e.g. "invalid UTF-8 at
// byte 1: overlong encoding (C0 AE)".
absl::Status CheckUtf8(std::string_view bytes);

// The Rejection of the error in `result` (which must not be ok()) for
// `bytes`, the input that produced it: offset valid_up_to, the kind's rule,
// source kUtf8, and as `bytes` the ill-formed subpart together with the
// byte that made it ill-formed (for a lead byte, the continuation bytes it
// announces that are present; for a missing continuation, the byte found
// instead; for a truncated tail, all of it; at most 4).
Rejection Utf8ErrorRejection(std::string_view bytes, const Utf8Result& result);

// The message of that Rejection, as CheckUtf8 writes it.
std::string DescribeUtf8Error(std::string_view bytes, const Utf8Result& result);

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_UTF8_H_
