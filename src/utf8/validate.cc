// SPDX-License-Identifier: Apache-2.0
// ValidateUtf8: the reference decoder, the scalar kernel, run-time choice of
// a SIMD kernel, and the exact error location after a kernel fails.

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <utility>

#include "src/common/enum_names.h"
#include "src/utf8/decode_step.h"
#include "src/utf8/kernel.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

constexpr internal::EnumName<Utf8Kernel> kKernelNames[] = {
    {Utf8Kernel::kAuto, "auto"},     {Utf8Kernel::kScalar, "scalar"},
    {Utf8Kernel::kSse42, "sse42"},   {Utf8Kernel::kAvx2, "avx2"},
    {Utf8Kernel::kAvx512, "avx512"}, {Utf8Kernel::kAvx512Vbmi, "avx512vbmi"},
};

using internal::DecodeOne;
using internal::UnfinishedSequenceStart;
using internal::ValidateFrom;

const uint8_t* Bytes(std::string_view s) {
  return reinterpret_cast<const uint8_t*>(s.data());
}

// The scalar kernel: skips ASCII 16 bytes at a time, then decodes one
// sequence with the reference step.
Utf8Result ValidateScalar(const uint8_t* s, size_t n) noexcept {
  constexpr uint64_t kHighBits = 0x8080808080808080ull;
  size_t i = 0;
  while (i < n) {
    while (i + 16 <= n) {
      uint64_t a, b;
      std::memcpy(&a, s + i, 8);
      std::memcpy(&b, s + i + 8, 8);
      if ((a | b) & kHighBits) break;
      i += 16;
    }
    while (i < n && s[i] < 0x80) ++i;
    if (i == n) break;
    const internal::DecodeStep step = DecodeOne(s + i, n - i);
    if (step.length == 0) {
      return {i, step.kind, step.error_len};
    }
    i += step.length;
  }
  return {n, Utf8ErrorKind::kNone, 0};
}

using ValidateFn = internal::KernelFn;

ValidateFn FunctionFor(Utf8Kernel kernel) {
#if defined(__x86_64__)
  if (Utf8KernelSupported(kernel)) {
    switch (kernel) {
      case Utf8Kernel::kSse42:
        return &internal::ValidateSse42Kernel;
      case Utf8Kernel::kAvx2:
        return &internal::ValidateAvx2Kernel;
      case Utf8Kernel::kAvx512:
        return &internal::ValidateAvx512Kernel;
      case Utf8Kernel::kAvx512Vbmi:
        return &internal::ValidateAvx512VbmiKernel;
      default:
        break;
    }
  }
#endif
  return &ValidateScalar;
}

Utf8Kernel BestKernel() {
  for (Utf8Kernel k : {Utf8Kernel::kAvx512Vbmi, Utf8Kernel::kAvx512,
                       Utf8Kernel::kAvx2, Utf8Kernel::kSse42}) {
    if (Utf8KernelSupported(k)) return k;
  }
  return Utf8Kernel::kScalar;
}

// The kernel named by U8GUARD_KERNEL when the CPU supports it, else the
// best, with what was asked and why it was not honoured.
Utf8KernelChoice ChooseKernel() {
  Utf8KernelChoice c;
  c.active = BestKernel();
  const char* forced = std::getenv("U8GUARD_KERNEL");
  if (forced == nullptr || *forced == '\0') return c;
  c.requested = forced;
  const absl::StatusOr<Utf8Kernel> k = ParseUtf8Kernel(c.requested);
  if (!k.ok()) {
    c.note = "unknown kernel";
  } else if (!Utf8KernelSupported(*k)) {
    c.note = "not supported by this CPU";
  } else if (*k != Utf8Kernel::kAuto) {
    c.active = *k;
  }
  return c;
}

// The choice, made once (also when called before static initialization).
const Utf8KernelChoice& Choice() {
  static const Utf8KernelChoice kChoice = ChooseKernel();
  return kChoice;
}

Utf8Result ResolveAndValidate(const uint8_t* s, size_t n) noexcept;

// Starts as the resolver so that calls made before static initialization
// (from another TU's initializer) still work; relaxed loads compile to a
// plain move.
std::atomic<ValidateFn> g_validate{&ResolveAndValidate};

Utf8Result ResolveAndValidate(const uint8_t* s, size_t n) noexcept {
  const ValidateFn fn = FunctionFor(Choice().active);
  g_validate.store(fn, std::memory_order_relaxed);
  return fn(s, n);
}

// ValidateUtf8With's kernels by Utf8Kernel, each checked against the CPU
// once: checking on every call (__builtin_cpu_supports up to four times, then
// a switch) made a short string cost half as much again as through
// ValidateUtf8. Each entry starts as a resolver, as g_validate does; kAuto's
// is the run-time choice. The table has an entry for every value of the
// enum's uint8_t, those that name no kernel running the scalar one, so that
// ValidateUtf8With is a load and a jump, as ValidateUtf8 is, with no bounds
// check on the value.
constexpr size_t kKernelCount =
    static_cast<size_t>(Utf8Kernel::kAvx512Vbmi) + 1;
constexpr size_t kKernelSlots = size_t{1} << (8 * sizeof(Utf8Kernel));

Utf8Result ValidateAuto(const uint8_t* s, size_t n) noexcept {
  return g_validate.load(std::memory_order_relaxed)(s, n);
}

template <Utf8Kernel kKernel>
Utf8Result ResolveKernelAndValidate(const uint8_t* s, size_t n) noexcept;

constexpr ValidateFn InitialKernelEntry(size_t i) {
  switch (i) {
    case static_cast<size_t>(Utf8Kernel::kAuto):
      return &ValidateAuto;
    case static_cast<size_t>(Utf8Kernel::kSse42):
      return &ResolveKernelAndValidate<Utf8Kernel::kSse42>;
    case static_cast<size_t>(Utf8Kernel::kAvx2):
      return &ResolveKernelAndValidate<Utf8Kernel::kAvx2>;
    case static_cast<size_t>(Utf8Kernel::kAvx512):
      return &ResolveKernelAndValidate<Utf8Kernel::kAvx512>;
    case static_cast<size_t>(Utf8Kernel::kAvx512Vbmi):
      return &ResolveKernelAndValidate<Utf8Kernel::kAvx512Vbmi>;
    default:  // kScalar, and every value that names no kernel
      return &ValidateScalar;
  }
}

// Constant-initialized (no static initializer: ValidateUtf8With works from
// other translation units' initializers too).
struct KernelTable {
  template <size_t... I>
  constexpr explicit KernelTable(std::index_sequence<I...>)
      : fn{InitialKernelEntry(I)...} {}
  std::atomic<ValidateFn> fn[kKernelSlots];
};
constinit KernelTable g_kernels(std::make_index_sequence<kKernelSlots>{});
static_assert(kKernelCount <= kKernelSlots);

template <Utf8Kernel kKernel>
Utf8Result ResolveKernelAndValidate(const uint8_t* s, size_t n) noexcept {
  const ValidateFn fn = FunctionFor(kKernel);
  g_kernels.fn[static_cast<size_t>(kKernel)].store(fn,
                                                   std::memory_order_relaxed);
  return fn(s, n);
}

}  // namespace

namespace internal {

// After a kernel reports an error in the block at `block`, finds the exact
// first error with the reference decoder. Everything before the block is
// valid except a sequence that starts in its last three bytes, so decoding
// restarts at that sequence's lead byte, or at the block itself.
Utf8Result LocateUtf8Error(const uint8_t* s, size_t n, size_t block) noexcept {
  const size_t start = UnfinishedSequenceStart(s, 0, block);
  Utf8Result r = ValidateFrom(s + start, n - start);
  r.valid_up_to += start;
  return r;
}

}  // namespace internal

std::string_view Utf8KernelName(Utf8Kernel kernel) {
  return internal::NameIn(kKernelNames, kernel);
}

absl::StatusOr<Utf8Kernel> ParseUtf8Kernel(std::string_view name) {
  return internal::ParseIn(kKernelNames, "UTF-8 kernel", name);
}

bool Utf8KernelSupported(Utf8Kernel kernel) {
  switch (kernel) {
    case Utf8Kernel::kAuto:
    case Utf8Kernel::kScalar:
      return true;
#if defined(__x86_64__)
    case Utf8Kernel::kSse42:
      return __builtin_cpu_supports("sse4.2");
    case Utf8Kernel::kAvx2:
      return __builtin_cpu_supports("avx2");
    case Utf8Kernel::kAvx512:
      return __builtin_cpu_supports("avx512f") &&
             __builtin_cpu_supports("avx512bw") &&
             __builtin_cpu_supports("bmi2");
    case Utf8Kernel::kAvx512Vbmi:
      return Utf8KernelSupported(Utf8Kernel::kAvx512) &&
             __builtin_cpu_supports("avx512vbmi");
#endif
    default:
      return false;
  }
}

Utf8Kernel ActiveUtf8Kernel() { return Choice().active; }

const Utf8KernelChoice& ActiveUtf8KernelChoice() { return Choice(); }

Utf8Result ValidateUtf8(std::string_view bytes) noexcept {
  return g_validate.load(std::memory_order_relaxed)(Bytes(bytes), bytes.size());
}

bool IsValidUtf8(std::string_view bytes) noexcept {
  return ValidateUtf8(bytes).ok();
}

Utf8Result ValidateUtf8With(Utf8Kernel kernel,
                            std::string_view bytes) noexcept {
  // A kernel that is not one runs the scalar kernel (its table entry).
  // The two empty asm statements pin the instruction sequence: without them
  // g++ 12 zero-extended the kernel in two moves and jumped through memory
  // (`jmp *(%rdx,%rax,8)`), which made this entry 16% slower than
  // ValidateUtf8 on English words (1.78 against 1.53 ns a word on the Xeon
  // of bench/README); with them it is lea, movzbl, load, move and
  // `jmp *%rax`, as many instructions as ValidateUtf8 (1.62 ns).
  size_t index = static_cast<uint8_t>(kernel);
  asm("" : "+r"(index));
  ValidateFn fn = g_kernels.fn[index].load(std::memory_order_relaxed);
  asm("" : "+r"(fn));
  return fn(Bytes(bytes), bytes.size());
}

template <Utf8Kernel kKernel>
Utf8Result ValidateUtf8With(std::string_view bytes) noexcept {
  return g_kernels.fn[static_cast<size_t>(kKernel)].load(
      std::memory_order_relaxed)(Bytes(bytes), bytes.size());
}

template Utf8Result ValidateUtf8With<Utf8Kernel::kAuto>(
    std::string_view) noexcept;
template Utf8Result ValidateUtf8With<Utf8Kernel::kScalar>(
    std::string_view) noexcept;
template Utf8Result ValidateUtf8With<Utf8Kernel::kSse42>(
    std::string_view) noexcept;
template Utf8Result ValidateUtf8With<Utf8Kernel::kAvx2>(
    std::string_view) noexcept;
template Utf8Result ValidateUtf8With<Utf8Kernel::kAvx512>(
    std::string_view) noexcept;
template Utf8Result ValidateUtf8With<Utf8Kernel::kAvx512Vbmi>(
    std::string_view) noexcept;

Utf8Result ValidateUtf8Reference(std::string_view bytes) noexcept {
  return ValidateFrom(Bytes(bytes), bytes.size());
}

}  // namespace u8guard
