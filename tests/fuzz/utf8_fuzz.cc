// SPDX-License-Identifier: Apache-2.0
// Differential fuzzing of every UTF-8 validation path: each kernel this CPU
// supports, the stream validator at a fuzzer-chosen split, and the reference
// decoder must agree on ok, valid_up_to, kind and error_len. Each kernel also
// sees every piece of the input that starts or ends within 64 bytes of its
// ends, so every length up to 64 (the short-string paths: masked loads, or
// right-aligned overlapping loads) and every tail length of the long path
// meets the fuzzer's bytes at many alignments.

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "u8guard/utf8.h"

using u8guard::Utf8Kernel;
using u8guard::Utf8Result;

namespace {

void Agree(const Utf8Result& want, const Utf8Result& got) {
  if (!(want == got)) std::abort();
}

// Every kernel this CPU supports, through both entries, and ValidateUtf8
// agree with the reference on `in`.
void AllKernelsAgree(std::string_view in) {
  const Utf8Result want = u8guard::ValidateUtf8Reference(in);
  for (Utf8Kernel k :
       {Utf8Kernel::kScalar, Utf8Kernel::kSse42, Utf8Kernel::kAvx2,
        Utf8Kernel::kAvx512, Utf8Kernel::kAvx512Vbmi}) {
    if (u8guard::Utf8KernelSupported(k)) {
      Agree(want, u8guard::ValidateUtf8With(k, in));
    }
  }
  Agree(want, u8guard::ValidateUtf8(in));
  // The entries for a kernel named at compile time (the scalar kernel
  // where the CPU lacks one).
  Agree(want, u8guard::ValidateUtf8With<Utf8Kernel::kScalar>(in));
  Agree(want, u8guard::ValidateUtf8With<Utf8Kernel::kSse42>(in));
  Agree(want, u8guard::ValidateUtf8With<Utf8Kernel::kAvx2>(in));
  Agree(want, u8guard::ValidateUtf8With<Utf8Kernel::kAvx512>(in));
  Agree(want, u8guard::ValidateUtf8With<Utf8Kernel::kAvx512Vbmi>(in));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // The first byte picks chunk sizes for the stream validator.
  const size_t chunk = size > 0 ? (data[0] % 67) + 1 : 1;
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  const Utf8Result want = u8guard::ValidateUtf8Reference(in);
  AllKernelsAgree(in);
  // Pieces without the first k bytes end where libFuzzer's copy of the input
  // ends (its heap block), so ASan sees any read past them; pieces without
  // the last k bytes are judged on their answers (the bytes after them would
  // change the answer if a kernel read them).
  for (size_t k = 1; k <= 64 && k <= size; ++k) {
    AllKernelsAgree(in.substr(k));
    AllKernelsAgree(in.substr(0, size - k));
  }
  u8guard::Utf8StreamValidator stream;
  for (size_t i = 0; i < size; i += chunk) {
    if (!stream.Feed(in.substr(i, chunk)).ok()) break;
  }
  Agree(want, stream.Finish());
  // The lossy form of anything is valid UTF-8.
  if (!u8guard::IsValidUtf8(u8guard::ToUtf8Lossy(in))) std::abort();
  return 0;
}
