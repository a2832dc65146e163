// Rejection messages, and Rejections carried on absl::Status.
//
// A Status carries its Rejection as a payload (absl::Status payloads are
// bytes, as protobuf-based code carries messages): a compact binary
// encoding written by EncodePayload and read back, checked field by field,
// by DecodePayload. Inside the library rejections travel as Rejection
// structs (src/common/verdict.h); the payload is only the public API's
// carrier, and nothing ever reads a message text back.

#include "u8guard/rejection.h"

#include <cstdint>
#include <string>

#include "absl/strings/cord.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace u8guard {
namespace {

constexpr char kPayloadUrl[] = "type.u8guard.dev/u8guard.Rejection";
constexpr uint8_t kPayloadVersion = 1;

// "C0 AE"
std::string Hex(std::string_view bytes) {
  std::string out;
  for (size_t i = 0; i < bytes.size(); ++i) {
    absl::StrAppendFormat(&out, "%s%02X", i ? " " : "",
                          static_cast<uint8_t>(bytes[i]));
  }
  return out;
}

// "overlong encoding (C0 AE)", or the description alone without bytes.
std::string Utf8Explanation(const Rejection& r) {
  std::string out(RuleDescription(r.rule));
  if (!r.bytes.empty()) absl::StrAppend(&out, " (", Hex(r.bytes), ")");
  return out;
}

void PutVarint(uint64_t v, std::string& out) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

void PutString(std::string_view s, std::string& out) {
  PutVarint(s.size(), out);
  out.append(s);
}

std::string EncodePayload(const Rejection& r) {
  std::string out;
  out.push_back(static_cast<char>(kPayloadVersion));
  PutVarint(r.offset, out);
  PutVarint(r.code_point ? uint64_t{*r.code_point} + 1 : 0, out);
  PutVarint(static_cast<uint64_t>(r.rule), out);
  out.push_back(static_cast<char>(r.source));
  PutString(r.profile, out);
  PutString(r.bytes, out);
  PutString(r.detail, out);
  return out;
}

// Reads what EncodePayload wrote; every read is bounds-checked.
class PayloadReader {
 public:
  explicit PayloadReader(std::string_view data) : data_(data) {}

  bool Byte(uint8_t& b) {
    if (pos_ >= data_.size()) return false;
    b = static_cast<uint8_t>(data_[pos_++]);
    return true;
  }

  bool Varint(uint64_t& v) {
    v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      uint8_t b;
      if (!Byte(b)) return false;
      v |= uint64_t{b & 0x7Fu} << shift;
      if ((b & 0x80) == 0) return true;
    }
    return false;
  }

  bool String(std::string& s) {
    uint64_t n;
    if (!Varint(n) || n > data_.size() - pos_) return false;
    s.assign(data_.substr(pos_, n));
    pos_ += n;
    return true;
  }

  bool AtEnd() const { return pos_ == data_.size(); }

 private:
  std::string_view data_;
  size_t pos_ = 0;
};

std::optional<Rejection> DecodePayload(std::string_view data) {
  PayloadReader in(data);
  Rejection r;
  uint8_t version, source;
  uint64_t offset, code_point, rule;
  if (!in.Byte(version) || version != kPayloadVersion || !in.Varint(offset) ||
      !in.Varint(code_point) || !in.Varint(rule) || !in.Byte(source) ||
      !in.String(r.profile) || !in.String(r.bytes) || !in.String(r.detail) ||
      !in.AtEnd()) {
    return std::nullopt;
  }
  const std::optional<Rule> known =
      rule <= 0xFFFF ? RuleFromValue(static_cast<int>(rule)) : std::nullopt;
  if (!known || source > static_cast<uint8_t>(RejectionSource::kOpen) ||
      code_point > uint64_t{UINT32_MAX} + 1) {
    return std::nullopt;
  }
  r.offset = static_cast<size_t>(offset);
  if (code_point > 0) r.code_point = static_cast<char32_t>(code_point - 1);
  r.rule = *known;
  r.source = static_cast<RejectionSource>(source);
  return r;
}

}  // namespace

std::string RejectionSummary(const Rejection& r,
                             std::string_view code_point_name) {
  std::string out = absl::StrFormat("rejected at byte %d", r.offset);
  if (r.code_point) {
    absl::StrAppendFormat(&out, " (U+%04X%s%s)",
                          static_cast<uint32_t>(*r.code_point),
                          code_point_name.empty() ? "" : " ", code_point_name);
  }
  absl::StrAppendFormat(&out, ": %s", RuleId(r.rule));
  return out;
}

std::string RejectionMessage(const Rejection& r) {
  const bool utf8 = IsUtf8Rule(r.rule);
  switch (r.source) {
    case RejectionSource::kUtf8:
      return absl::StrFormat("invalid UTF-8 at byte %d: %s", r.offset,
                             Utf8Explanation(r));
    case RejectionSource::kBom:
      return RejectionSummary(r);
    case RejectionSource::kProfile:
      if (utf8 && !r.bytes.empty()) {
        return absl::StrFormat("%s: invalid UTF-8 at byte %d: %s", r.profile,
                               r.offset, Utf8Explanation(r));
      }
      return absl::StrCat(r.profile, ": ", RejectionSummary(r));
    case RejectionSource::kPath: {
      std::string detail = r.detail;
      if (utf8) {
        detail = Utf8Explanation(r);
        if (!r.detail.empty()) absl::StrAppend(&detail, " ", r.detail);
      } else if (!IsPathRule(r.rule) && !r.profile.empty()) {
        detail = absl::StrCat("rejected by the ", r.profile, " profile");
      }
      return absl::StrCat("path: ", RejectionSummary(r),
                          detail.empty() ? "" : ": ", detail);
    }
    case RejectionSource::kEncoder:
      return absl::StrFormat(
          "cannot encode code point %d (U+%04X) as UTF-8: %s (%s)", r.offset,
          static_cast<uint32_t>(r.code_point.value_or(0)),
          RuleDescription(r.rule), RuleId(r.rule));
    case RejectionSource::kOpen:
      return absl::StrFormat(
          "open beneath root: refused at %s: %s: %s",
          r.detail.empty() ? "the root" : absl::StrCat("\"", r.detail, "\""),
          RuleId(r.rule), RuleDescription(r.rule));
  }
  return RejectionSummary(r);
}

absl::Status RejectionError(const Rejection& r) {
  absl::Status status = absl::InvalidArgumentError(RejectionMessage(r));
  status.SetPayload(kPayloadUrl, absl::Cord(EncodePayload(r)));
  return status;
}

std::optional<Rejection> GetRejection(const absl::Status& status) {
  if (status.ok()) return std::nullopt;
  const absl::optional<absl::Cord> payload = status.GetPayload(kPayloadUrl);
  if (!payload) return std::nullopt;
  return DecodePayload(std::string(*payload));
}

}  // namespace u8guard
