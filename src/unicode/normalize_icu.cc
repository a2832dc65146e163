// SPDX-License-Identifier: Apache-2.0
// ICU's Normalizer2 singletons and the UTF-8 calls into them.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "src/unicode/normalize_internal.h"
#include "u8guard/normalize.h"
#include "u8guard/utf8.h"
#include "unicode/bytestream.h"
#include "unicode/normalizer2.h"
#include "unicode/stringpiece.h"
#include "unicode/utypes.h"

namespace u8guard::internal {
namespace {

// One normalizer per form, fetched once. ICU owns them (they are
// singletons); a form whose data cannot be loaded keeps its error code.
struct Normalizers {
  std::array<const icu::Normalizer2*, 6> instance{};
  std::array<UErrorCode, 6> error{};
};

const Normalizers& GetNormalizers() {
  static const Normalizers normalizers = [] {
    Normalizers n;
    using Getter = const icu::Normalizer2* (*)(UErrorCode&);
    const std::array<Getter, 6> getters = {
        nullptr,
        &icu::Normalizer2::getNFCInstance,
        &icu::Normalizer2::getNFDInstance,
        &icu::Normalizer2::getNFKCInstance,
        &icu::Normalizer2::getNFKDInstance,
        &icu::Normalizer2::getNFKCCasefoldInstance,
    };
    for (size_t i = 0; i < getters.size(); ++i) {
      n.error[i] = U_ZERO_ERROR;
      if (getters[i] == nullptr) continue;
      const icu::Normalizer2* instance = getters[i](n.error[i]);
      if (U_SUCCESS(n.error[i])) n.instance[i] = instance;
    }
    return n;
  }();
  return normalizers;
}

// The normalizer of `form`, or nullptr when there is none.
const icu::Normalizer2* NormalizerFor(NormalizationForm form) {
  const size_t i = static_cast<size_t>(form);
  const Normalizers& n = GetNormalizers();
  return i < n.instance.size() ? n.instance[i] : nullptr;
}

// Why NormalizerFor(form) returned nullptr.
absl::Status Unavailable(NormalizationForm form) {
  const size_t i = static_cast<size_t>(form);
  const Normalizers& n = GetNormalizers();
  return absl::InternalError(absl::StrFormat(
      "ICU normalizer %s unavailable: %s", NormalizationFormName(form),
      i < n.error.size() && U_FAILURE(n.error[i]) ? u_errorName(n.error[i])
                                                  : "no such form"));
}

absl::Status IcuFailure(const char* what, NormalizationForm form,
                        UErrorCode code) {
  return absl::InternalError(absl::StrFormat("ICU %s (%s) failed: %s", what,
                                             NormalizationFormName(form),
                                             u_errorName(code)));
}

bool IsTail(char byte) { return (static_cast<uint8_t>(byte) & 0xC0) == 0x80; }

// The length of the next piece of `rest` to hand to ICU: all of it when it
// fits in `max_chunk` bytes, else the longest prefix that ends before a code
// point with a boundary before it. 0 when there is none within the search
// window.
size_t NextPiece(const icu::Normalizer2& normalizer, std::string_view rest,
                 size_t max_chunk) {
  if (rest.size() <= max_chunk) return rest.size();
  const size_t window = std::min(max_chunk - 1, kMaxBoundarySearch);
  const size_t lowest = max_chunk - window;  // >= 1: pieces are never empty
  for (size_t end = max_chunk; end >= lowest; --end) {
    if (IsTail(rest[end])) continue;  // inside a code point
    size_t pos = end;
    const int32_t c = DecodeUtf8At(rest, pos);
    if (c >= 0 && normalizer.hasBoundaryBefore(c)) return end;
  }
  return 0;
}

absl::Status NoBoundary(NormalizationForm form, size_t offset,
                        size_t max_chunk) {
  return absl::OutOfRangeError(absl::StrFormat(
      "%s normalization: no normalization boundary in the %d bytes "
      "before byte %d, cannot split the input for ICU",
      NormalizationFormName(form), std::min(max_chunk - 1, kMaxBoundarySearch),
      offset + max_chunk));
}

// Grows `out` geometrically so repeated appends stay linear.
void ReserveFor(std::string& out, size_t extra) {
  if (out.capacity() - out.size() >= extra) return;
  out.reserve(std::max(out.size() + extra, out.capacity() * 2));
}

}  // namespace

absl::Status IcuAppendNormalized(NormalizationForm form,
                                 std::string_view valid_utf8, size_t max_chunk,
                                 std::string& out) {
  const icu::Normalizer2* normalizer = NormalizerFor(form);
  if (normalizer == nullptr) return Unavailable(form);
  max_chunk = std::clamp(max_chunk, size_t{4}, kIcuMaxChunk);
  const size_t original_size = out.size();
  ReserveFor(out, valid_utf8.size());
  icu::StringByteSink<std::string> sink(&out);
  size_t done = 0;
  while (done < valid_utf8.size()) {
    const std::string_view rest = valid_utf8.substr(done);
    const size_t piece = NextPiece(*normalizer, rest, max_chunk);
    if (piece == 0) {
      out.resize(original_size);
      return NoBoundary(form, done, max_chunk);
    }
    // Most input (and every stability re-check) is already normalized. For
    // short identifiers, isNormalizedUTF8 plus one copy took 16-47 ns where
    // normalizeUTF8 alone took 21-52 ns (about 5 ns less); input that needs
    // changes pays the check on top (NFC of "Jo\u0308rg.Mu\u0308ller":
    // 172 ns instead of 131 ns).
    const icu::StringPiece span(rest.data(), static_cast<int32_t>(piece));
    UErrorCode code = U_ZERO_ERROR;
    if (normalizer->isNormalizedUTF8(span, code)) {
      out.append(rest.data(), piece);
    } else if (U_SUCCESS(code)) {
      normalizer->normalizeUTF8(0, span, sink, /*edits=*/nullptr, code);
    }
    if (U_FAILURE(code)) {
      out.resize(original_size);
      return IcuFailure("normalizeUTF8", form, code);
    }
    done += piece;
  }
  return absl::OkStatus();
}

absl::StatusOr<bool> IcuIsNormalized(NormalizationForm form,
                                     std::string_view valid_utf8,
                                     size_t max_chunk) {
  const icu::Normalizer2* normalizer = NormalizerFor(form);
  if (normalizer == nullptr) return Unavailable(form);
  max_chunk = std::clamp(max_chunk, size_t{4}, kIcuMaxChunk);
  size_t done = 0;
  while (done < valid_utf8.size()) {
    const std::string_view rest = valid_utf8.substr(done);
    const size_t piece = NextPiece(*normalizer, rest, max_chunk);
    if (piece == 0) return NoBoundary(form, done, max_chunk);
    UErrorCode code = U_ZERO_ERROR;
    const bool yes = normalizer->isNormalizedUTF8(
        icu::StringPiece(rest.data(), static_cast<int32_t>(piece)), code);
    if (U_FAILURE(code)) return IcuFailure("isNormalizedUTF8", form, code);
    if (!yes) return false;
    done += piece;
  }
  return true;
}

}  // namespace u8guard::internal
