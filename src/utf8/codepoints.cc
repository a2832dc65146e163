// Decoding to code points and encoding from them.

#include <string>

#include "absl/strings/str_format.h"
#include "src/utf8/decode_step.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

const uint8_t* Bytes(std::string_view s) {
  return reinterpret_cast<const uint8_t*>(s.data());
}

bool IsScalarValue(char32_t cp) {
  return cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF);
}

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
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
  return true;
}

absl::StatusOr<std::string> EncodeUtf8(std::u32string_view code_points) {
  std::string out;
  out.reserve(code_points.size());
  for (size_t i = 0; i < code_points.size(); ++i) {
    if (!AppendUtf8(code_points[i], out)) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "cannot encode code point %d as UTF-8: 0x%X is %s", i,
          static_cast<uint32_t>(code_points[i]),
          code_points[i] > 0x10FFFF ? "above U+10FFFF" : "a surrogate"));
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
