// SPDX-License-Identifier: Apache-2.0
// Rejection messages, and Rejections carried on absl::Status.
//
// A Status carries its Rejection as a payload (absl::Status payloads are
// bytes, as protobuf-based code carries messages) in a printable text form,
// since absl::Status::ToString() and operator<< print payloads:
//   {rule=DISALLOWED/precis_ignorable_properties offset=2 code_point=U+200B
//    source=profile profile=username-case-mapped}
// (one line), with bytes=C0AE and detail=... when set. EncodePayload writes
// it; DecodePayload reads it back and accepts exactly what EncodePayload
// writes. Inside the library rejections travel as Rejection structs
// (src/common/verdict.h); the payload is only the public API's carrier, and
// nothing ever reads a message text back.

#include "u8guard/rejection.h"

#include <algorithm>
#include <cstdint>
#include <string>

#include "absl/strings/cord.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "src/common/enum_names.h"
#include "src/common/hex.h"

namespace u8guard {
namespace {

using internal::EnumName;
using internal::NameIn;
using internal::ParseIn;

constexpr char kPayloadUrl[] = "type.u8guard.dev/u8guard.Rejection";

constexpr EnumName<RejectionSource> kSourceNames[] = {
    {RejectionSource::kUtf8, "utf8"},       {RejectionSource::kBom, "bom"},
    {RejectionSource::kProfile, "profile"}, {RejectionSource::kPath, "path"},
    {RejectionSource::kEncoder, "encoder"}, {RejectionSource::kOpen, "open"},
};

// Rejecting is as common as accepting for some callers (an ACL probed with
// names a profile refuses), so the message and payload below are built by
// appending to one string, not with StrFormat and temporaries: a rejected
// emoji identifier's key went from 834 to 546 ns (bench/README, words
// pipeline).

// "overlong encoding (C0 AE)", or the description alone without bytes.
std::string Utf8Explanation(const Rejection& r) {
  std::string out(RuleDescription(r.rule));
  if (!r.bytes.empty()) {
    out.append(" (");
    internal::AppendHexBytes(out, r.bytes, internal::HexCase::kUpper, " ");
    out.push_back(')');
  }
  return out;
}

// A byte that a payload value holds as itself: printable ASCII other than
// the payload's punctuation (space, "=", "{", "}", "%") and the quotes and
// backslash that Status::ToString() would escape.
bool Plain(char c) {
  return c > ' ' && c < 0x7F && c != '=' && c != '{' && c != '}' && c != '%' &&
         c != '"' && c != '\'' && c != '\\';
}

// Appends `s` with every byte that is not Plain as %XX.
void AppendEscaped(std::string& out, std::string_view s) {
  size_t plain = 0;  // start of the run of Plain bytes not yet appended
  for (size_t i = 0; i < s.size(); ++i) {
    if (Plain(s[i])) continue;
    out.append(s.substr(plain, i - plain));
    out.push_back('%');
    internal::AppendHex(out, static_cast<uint8_t>(s[i]), 2,
                        internal::HexCase::kUpper);
    plain = i + 1;
  }
  out.append(s.substr(plain));
}

// The number `digits` spells in `base` (10 or 16), or nullopt when it is
// empty, holds another character or exceeds `max`.
std::optional<uint64_t> Number(std::string_view digits, int base,
                               uint64_t max) {
  if (digits.empty()) return std::nullopt;
  uint64_t value = 0;
  for (const char c : digits) {
    const int d = internal::HexDigitValue(c);
    if (d < 0 || d >= base || value > (max - d) / base) return std::nullopt;
    value = value * base + d;
  }
  return value;
}

// The inverse of Escaped, or nullopt for a malformed escape.
std::optional<std::string> Unescaped(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      out.push_back(s[i]);
      continue;
    }
    if (i + 2 >= s.size()) return std::nullopt;
    const std::optional<uint64_t> byte = Number(s.substr(i + 1, 2), 16, 0xFF);
    if (!byte) return std::nullopt;
    out.push_back(static_cast<char>(*byte));
    i += 2;
  }
  return out;
}

std::string EncodePayload(const Rejection& r) {
  std::string out;
  out.reserve(96 + r.profile.size() + r.detail.size());
  out.append("{rule=").append(RuleId(r.rule)).append(" offset=");
  absl::StrAppend(&out, r.offset);
  if (r.code_point) {
    out.append(" code_point=");
    internal::AppendCodePointNotation(out, *r.code_point);
  }
  out.append(" source=").append(NameIn(kSourceNames, r.source));
  if (!r.profile.empty()) {
    out.append(" profile=");
    AppendEscaped(out, r.profile);
  }
  if (!r.bytes.empty()) {
    out.append(" bytes=");
    internal::AppendHexBytes(out, r.bytes, internal::HexCase::kUpper);
  }
  if (!r.detail.empty()) {
    out.append(" detail=");
    AppendEscaped(out, r.detail);
  }
  out.push_back('}');
  return out;
}

// Reads the fields of what EncodePayload wrote; DecodePayload then checks
// that encoding the result gives the payload back.
std::optional<Rejection> ReadPayload(std::string_view data) {
  if (data.size() < 2 || data.front() != '{' || data.back() != '}') {
    return std::nullopt;
  }
  data = data.substr(1, data.size() - 2);
  Rejection r;
  size_t start = 0;
  while (start <= data.size()) {
    const size_t end = std::min(data.find(' ', start), data.size());
    const std::string_view field = data.substr(start, end - start);
    start = end + 1;
    const size_t eq = field.find('=');
    if (eq == std::string_view::npos) return std::nullopt;
    const std::string_view key = field.substr(0, eq);
    const std::string_view value = field.substr(eq + 1);
    if (key == "rule") {
      const std::optional<Rule> rule = RuleFromId(value);
      if (!rule) return std::nullopt;
      r.rule = *rule;
    } else if (key == "offset") {
      const std::optional<uint64_t> offset = Number(value, 10, SIZE_MAX);
      if (!offset) return std::nullopt;
      r.offset = static_cast<size_t>(*offset);
    } else if (key == "code_point") {
      if (!value.starts_with("U+")) return std::nullopt;
      const std::optional<uint64_t> code_point =
          Number(value.substr(2), 16, UINT32_MAX);
      if (!code_point) return std::nullopt;
      r.code_point = static_cast<char32_t>(*code_point);
    } else if (key == "source") {
      const absl::StatusOr<RejectionSource> source =
          ParseIn(kSourceNames, "source", value);
      if (!source.ok()) return std::nullopt;
      r.source = *source;
    } else if (key == "profile" || key == "detail") {
      std::optional<std::string> text = Unescaped(value);
      if (!text) return std::nullopt;
      (key == "profile" ? r.profile : r.detail) = *std::move(text);
    } else if (key == "bytes") {
      for (size_t i = 0; i < value.size(); i += 2) {
        const std::optional<uint64_t> byte =
            Number(value.substr(i, 2), 16, 0xFF);
        if (!byte) return std::nullopt;
        r.bytes.push_back(static_cast<char>(*byte));
      }
    } else {
      return std::nullopt;
    }
  }
  return r;
}

std::optional<Rejection> DecodePayload(std::string_view data) {
  std::optional<Rejection> r = ReadPayload(data);
  if (!r || EncodePayload(*r) != data) return std::nullopt;
  return r;
}

}  // namespace

namespace {

// Appends RejectionSummary(r, code_point_name) to `out`.
void AppendSummary(std::string& out, const Rejection& r,
                   std::string_view code_point_name) {
  absl::StrAppend(&out, "rejected at byte ", r.offset);
  if (r.code_point) {
    out.append(" (");
    internal::AppendCodePointNotation(out, *r.code_point);
    if (!code_point_name.empty()) out.append(" ").append(code_point_name);
    out.push_back(')');
  }
  out.append(": ").append(RuleId(r.rule));
}

}  // namespace

std::string RejectionSummary(const Rejection& r,
                             std::string_view code_point_name) {
  std::string out;
  AppendSummary(out, r, code_point_name);
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
      {
        std::string out;
        // Room for the summary too: growing the string again cost a
        // rejected emoji name 8%.
        out.reserve(r.profile.size() + 80);
        out.append(r.profile).append(": ");
        AppendSummary(out, r, {});
        return out;
      }
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
    case RejectionSource::kEncoder: {
      std::string code_point;
      internal::AppendCodePointNotation(code_point, r.code_point.value_or(0));
      return absl::StrFormat(
          "cannot encode code point %d (%s) as UTF-8: %s (%s)", r.offset,
          code_point, RuleDescription(r.rule), RuleId(r.rule));
    }
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
