// Differential fuzzing of every UTF-8 validation path: each kernel this CPU
// supports, the stream validator at a fuzzer-chosen split, and the reference
// decoder must agree on ok, valid_up_to, kind and error_len.

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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // The first byte picks chunk sizes for the stream validator.
  const size_t chunk = size > 0 ? (data[0] % 67) + 1 : 1;
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  const Utf8Result want = u8guard::ValidateUtf8Reference(in);
  for (Utf8Kernel k : {Utf8Kernel::kScalar, Utf8Kernel::kSse42,
                       Utf8Kernel::kAvx2, Utf8Kernel::kAvx512}) {
    if (u8guard::Utf8KernelSupported(k)) {
      Agree(want, u8guard::ValidateUtf8With(k, in));
    }
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
