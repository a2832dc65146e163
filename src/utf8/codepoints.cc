// SPDX-License-Identifier: Apache-2.0
// Decoding to code points and encoding from them.

#include <string>

#include "src/utf8/decode_step.h"
#include "src/utf8/decode_valid.h"
#include "u8guard/rejection.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

const uint8_t* Bytes(std::string_view s) {
  return reinterpret_cast<const uint8_t*>(s.data());
}

bool IsSurrogate(char32_t cp) { return cp >= 0xD800 && cp <= 0xDFFF; }

bool IsScalarValue(char32_t cp) { return cp <= 0x10FFFF && !IsSurrogate(cp); }

}  // namespace

int32_t DecodeUtf8At(std::string_view bytes, size_t& pos) noexcept {
  if (pos >= bytes.size()) return -1;
  const internal::DecodeStep step =
      internal::DecodeOne(Bytes(bytes) + pos, bytes.size() - pos);
  if (step.length == 0) return -1;
  pos += step.length;
  return static_cast<int32_t>(step.code_point);
}

char32_t Utf8CodePoints::Iterator::operator*() const {
  size_t pos = pos_;
  const int32_t cp = DecodeUtf8At(s_, pos);
  return cp < 0 ? U'\uFFFD' : static_cast<char32_t>(cp);
}

Utf8CodePoints::Iterator& Utf8CodePoints::Iterator::operator++() {
  if (pos_ < s_.size()) {
    const internal::DecodeStep step =
        internal::DecodeOne(Bytes(s_) + pos_, s_.size() - pos_);
    pos_ += step.length > 0 ? step.length : 1;
  }
  return *this;
}

absl::StatusOr<std::u32string> DecodeUtf8(std::string_view bytes) {
  if (absl::Status s = CheckUtf8(bytes); !s.ok()) return s;
  std::u32string out;
  out.reserve(bytes.size());
  for (char32_t cp : Utf8CodePoints(bytes)) out.push_back(cp);
  return out;
}

bool AppendUtf8(char32_t cp, std::string& out) {
  if (!IsScalarValue(cp)) return false;
  internal::AppendValid(cp, out);
  return true;
}

absl::StatusOr<std::string> EncodeUtf8(std::u32string_view code_points) {
  std::string out;
  out.reserve(code_points.size());
  for (size_t i = 0; i < code_points.size(); ++i) {
    if (!AppendUtf8(code_points[i], out)) {
      Rejection r;
      r.offset = i;
      r.code_point = code_points[i];
      r.rule = IsSurrogate(code_points[i]) ? Rule::kUtf8Surrogate
                                           : Rule::kUtf8AboveMax;
      r.source = RejectionSource::kEncoder;
      return RejectionError(r);
    }
  }
  return out;
}

std::string ToUtf8Lossy(std::string_view bytes) {
  Utf8Result r = ValidateUtf8(bytes);
  if (r.ok()) return std::string(bytes);
  std::string out(bytes.substr(0, r.valid_up_to));
  size_t i = r.valid_up_to;
  while (i < bytes.size()) {
    const internal::DecodeStep step =
        internal::DecodeOne(Bytes(bytes) + i, bytes.size() - i);
    if (step.length > 0) {
      out.append(bytes.substr(i, step.length));
      i += step.length;
    } else {
      out.append("\xEF\xBF\xBD");
      // A truncated tail is one maximal subpart running to the end.
      i = step.error_len > 0 ? i + step.error_len : bytes.size();
    }
  }
  return out;
}

}  // namespace u8guard
