// SPDX-License-Identifier: Apache-2.0
// Name records: derived, written as one JSON line, and parsed back.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "src/common/hex.h"
#include "src/registration/registration_internal.h"
#include "src/utf8/json_string.h"
#include "u8guard/display.h"
#include "u8guard/rejection.h"
#include "u8guard/upgrade.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

constexpr int kMaxDepth = 16;
constexpr size_t kMaxLookalikeKeys = 3;
constexpr std::string_view kLookalikeKeysError =
    "a valid record needs 1 to 3 \"lookalike_keys\"";

// Appends `s` as a JSON string literal (see FormatNameRecord for what is
// escaped). Every control as \u00xx, \n included (kUnicode): the bytes
// records have always had, which stored records and tests/data/upgrade
// compare; ParseNameRecord reads the short forms too.
void AppendJsonString(std::string& out, std::string_view s) {
  internal::AppendJsonString(out, s, internal::JsonControlEscapes::kUnicode,
                             &IsInvisibleForDisplay);
}

void AppendMember(std::string& out, std::string_view key) {
  if (out.size() > 1) out.push_back(',');
  AppendJsonString(out, key);
  out.push_back(':');
}

// A strict JSON reader for one record line.
class Reader {
 public:
  explicit Reader(std::string_view text) : s_(text) {}

  absl::Status Error(std::string_view what) const {
    return absl::InvalidArgumentError(
        absl::StrCat("column ", i_ + 1, ": ", std::string(what)));
  }

  void SkipSpace() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' ||
                              s_[i_] == '\r' || s_[i_] == '\n')) {
      ++i_;
    }
  }

  bool Consume(char c) {
    SkipSpace();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }

  bool AtEnd() {
    SkipSpace();
    return i_ == s_.size();
  }

  char Peek() {
    SkipSpace();
    return i_ < s_.size() ? s_[i_] : '\0';
  }

  // A string literal, decoded; its bytes must be UTF-8 (escapes included:
  // a lone surrogate is refused). The result holds no more bytes, and
  // reserves no more, than the literal takes in the line: the strings a
  // record keeps are disjoint parts of it.
  absl::StatusOr<std::string> String() {
    if (!Consume('"')) return Error("expected a string");
    std::string out;
    out.reserve(LiteralSize());
    while (true) {
      if (i_ >= s_.size()) return Error("unterminated string");
      const char c = s_[i_];
      if (c == '"') {
        ++i_;
        break;
      }
      if (static_cast<unsigned char>(c) < 0x20) {
        return Error("a control character in a string (escape it)");
      }
      if (c != '\\') {
        out.push_back(c);
        ++i_;
        continue;
      }
      if (++i_ >= s_.size()) return Error("unterminated string");
      if (absl::Status s = Escape(out); !s.ok()) return s;
    }
    if (!IsValidUtf8(out)) return Error("a string that is not UTF-8");
    return out;
  }

  absl::StatusOr<bool> Bool() {
    SkipSpace();
    if (s_.substr(i_).starts_with("true")) {
      i_ += 4;
      return true;
    }
    if (s_.substr(i_).starts_with("false")) {
      i_ += 5;
      return false;
    }
    return Error("expected true or false");
  }

  // An array of at most `max_size` strings. Refused with `too_many` at
  // the element after the last allowed, before it is read: an array of a
  // million elements costs no more than one of `max_size`.
  absl::StatusOr<std::vector<std::string>> StringArray(
      size_t max_size, std::string_view too_many) {
    if (!Consume('[')) return Error("expected an array of strings");
    std::vector<std::string> out;
    if (Consume(']')) return out;
    while (true) {
      if (out.size() == max_size) return Error(too_many);
      absl::StatusOr<std::string> s = String();
      if (!s.ok()) return s.status();
      out.push_back(*std::move(s));
      if (Consume(']')) return out;
      if (!Consume(',')) return Error("expected ',' or ']'");
    }
  }

  // Skips any JSON value (an unknown member's).
  absl::Status SkipValue(int depth) {
    if (depth > kMaxDepth) return Error("nested too deeply");
    const char c = Peek();
    if (c == '"') return String().status();
    if (c == '[' || c == '{') {
      const char close = c == '[' ? ']' : '}';
      ++i_;
      if (Consume(close)) return absl::OkStatus();
      while (true) {
        if (c == '{') {
          if (absl::Status s = String().status(); !s.ok()) return s;
          if (!Consume(':')) return Error("expected ':'");
        }
        if (absl::Status s = SkipValue(depth + 1); !s.ok()) return s;
        if (Consume(close)) return absl::OkStatus();
        if (!Consume(',')) return Error("expected ',' or a closing bracket");
      }
    }
    if (c == 't' || c == 'f') return Bool().status();
    if (s_.substr(i_).starts_with("null")) {
      i_ += 4;
      return absl::OkStatus();
    }
    // A number: -?digits(.digits)?([eE][+-]?digits)?
    const size_t start = i_;
    if (i_ < s_.size() && s_[i_] == '-') ++i_;
    const auto digits = [&] {
      const size_t from = i_;
      while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
      return i_ > from;
    };
    if (!digits()) {
      i_ = start;
      return Error("expected a value");
    }
    if (i_ < s_.size() && s_[i_] == '.' && (++i_, !digits())) {
      return Error("a malformed number");
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      if (!digits()) return Error("a malformed number");
    }
    return absl::OkStatus();
  }

 private:
  // The escape after a backslash (at i_), decoded onto `out`.
  absl::Status Escape(std::string& out) {
    const char e = s_[i_++];
    switch (e) {
      case '"':
      case '\\':
      case '/':
        out.push_back(e);
        return absl::OkStatus();
      case 'b':
        out.push_back('\b');
        return absl::OkStatus();
      case 'f':
        out.push_back('\f');
        return absl::OkStatus();
      case 'n':
        out.push_back('\n');
        return absl::OkStatus();
      case 'r':
        out.push_back('\r');
        return absl::OkStatus();
      case 't':
        out.push_back('\t');
        return absl::OkStatus();
      case 'u':
        return UnicodeEscape(out);
      default:
        return Error("an unknown escape");
    }
  }

  // The code point of a \u escape (its four digits at i_; a high
  // surrogate must be followed by a \u escape of a low one), encoded onto
  // `out`.
  absl::Status UnicodeEscape(std::string& out) {
    absl::StatusOr<uint32_t> u = Unit();
    if (!u.ok()) return u.status();
    char32_t cp = *u;
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      if (i_ + 1 >= s_.size() || s_[i_] != '\\' || s_[i_ + 1] != 'u') {
        return Error("a lone surrogate escape");
      }
      i_ += 2;
      absl::StatusOr<uint32_t> low = Unit();
      if (!low.ok()) return low.status();
      if (*low < 0xDC00 || *low > 0xDFFF) {
        return Error("a lone surrogate escape");
      }
      cp = 0x10000 + ((cp - 0xD800) << 10) + (*low - 0xDC00);
    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
      return Error("a lone surrogate escape");
    }
    absl::StatusOr<std::string> encoded =
        EncodeUtf8(std::u32string_view(&cp, 1));
    if (!encoded.ok()) return Error("an escape that is no code point");
    out += *encoded;
    return absl::OkStatus();
  }

  // The bytes between i_ (just past an opening quote) and the closing
  // quote, or to the end of the line when there is none: what the decoded
  // string can hold at most (an escape is never shorter than what it
  // decodes to).
  size_t LiteralSize() const {
    size_t j = i_;
    while (j < s_.size() && s_[j] != '"') j += s_[j] == '\\' ? 2 : 1;
    return std::min(j, s_.size()) - i_;
  }

  absl::StatusOr<uint32_t> Unit() {
    if (i_ + 4 > s_.size()) return Error("a short \\u escape");
    uint32_t u = 0;
    for (int k = 0; k < 4; ++k) {
      const int v = internal::HexDigitValue(s_[i_ + k]);
      if (v < 0) return Error("a malformed \\u escape");
      u = (u << 4) | static_cast<uint32_t>(v);
    }
    i_ += 4;
    return u;
  }

  std::string_view s_;
  size_t i_ = 0;
};

// Which members of a record were seen (a duplicate is an error).
struct SeenMembers {
  bool name = false, name_hex = false, profile = false, valid = false,
       key = false, lookalike_keys = false, rule = false, version_tag = false;
};

// Marks `member` seen; an error when it was already.
absl::Status Once(const Reader& in, bool& seen, std::string_view member) {
  if (seen) {
    return in.Error(absl::StrCat("a second \"", std::string(member), "\""));
  }
  seen = true;
  return absl::OkStatus();
}

// A string member's value (once) into `value`.
absl::Status StringMember(Reader& in, bool& seen, std::string_view member,
                          std::string& value) {
  if (absl::Status s = Once(in, seen, member); !s.ok()) return s;
  absl::StatusOr<std::string> v = in.String();
  if (!v.ok()) return v.status();
  value = *std::move(v);
  return absl::OkStatus();
}

// name_hex's value (once): the name's bytes as pairs of hex digits.
absl::Status NameHexMember(Reader& in, bool& seen, std::string& name) {
  std::string hex;
  if (absl::Status s = StringMember(in, seen, "name_hex", hex); !s.ok()) {
    return s;
  }
  if (hex.size() % 2 != 0) return in.Error("an odd-length name_hex");
  name.clear();
  for (size_t i = 0; i < hex.size(); i += 2) {
    const int hi = internal::HexDigitValue(hex[i]),
              lo = internal::HexDigitValue(hex[i + 1]);
    if (hi < 0 || lo < 0) return in.Error("name_hex is not hex");
    name.push_back(static_cast<char>(hi * 16 + lo));
  }
  return absl::OkStatus();
}

// The value of `member` into `r`; an unknown member's is skipped.
absl::Status ReadMember(Reader& in, std::string_view member, NameRecord& r,
                        SeenMembers& seen) {
  if (member == "name") return StringMember(in, seen.name, member, r.name);
  if (member == "name_hex") return NameHexMember(in, seen.name_hex, r.name);
  if (member == "profile") {
    return StringMember(in, seen.profile, member, r.profile);
  }
  if (member == "key") return StringMember(in, seen.key, member, r.key);
  if (member == "rule") return StringMember(in, seen.rule, member, r.rule);
  if (member == "version_tag") {
    return StringMember(in, seen.version_tag, member, r.version_tag);
  }
  if (member == "valid") {
    if (absl::Status s = Once(in, seen.valid, member); !s.ok()) return s;
    absl::StatusOr<bool> b = in.Bool();
    if (!b.ok()) return b.status();
    r.valid = *b;
    return absl::OkStatus();
  }
  if (member == "lookalike_keys") {
    if (absl::Status s = Once(in, seen.lookalike_keys, member); !s.ok()) {
      return s;
    }
    absl::StatusOr<std::vector<std::string>> keys =
        in.StringArray(kMaxLookalikeKeys, kLookalikeKeysError);
    if (!keys.ok()) return keys.status();
    r.lookalike_keys = *std::move(keys);
    return absl::OkStatus();
  }
  return in.SkipValue(1);
}

// The members of a non-empty object (past its '{'), through its '}'.
absl::Status ReadMembers(Reader& in, NameRecord& r, SeenMembers& seen) {
  while (true) {
    absl::StatusOr<std::string> member = in.String();
    if (!member.ok()) return member.status();
    if (!in.Consume(':')) return in.Error("expected ':'");
    if (absl::Status s = ReadMember(in, *member, r, seen); !s.ok()) return s;
    if (in.Consume('}')) return absl::OkStatus();
    if (!in.Consume(',')) return in.Error("expected ',' or '}'");
  }
}

// The members a record needs: a name, the profile, validity and version
// tag, and keys exactly when it is valid.
absl::Status CheckMembers(const Reader& in, const NameRecord& r,
                          const SeenMembers& seen) {
  if (seen.name == seen.name_hex) {
    return in.Error("a record needs one of \"name\" and \"name_hex\"");
  }
  if (!seen.profile) return in.Error("a record needs \"profile\"");
  if (!seen.valid) return in.Error("a record needs \"valid\"");
  if (!seen.version_tag) return in.Error("a record needs \"version_tag\"");
  if (r.valid) {
    if (!seen.key) return in.Error("a valid record needs \"key\"");
    if (r.lookalike_keys.empty()) return in.Error(kLookalikeKeysError);
  } else if (seen.key || seen.lookalike_keys) {
    return in.Error("a record of a rejected name has no keys");
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<NameRecord> MakeNameRecord(const Profile& profile,
                                          const RegistrationPolicy& policy,
                                          std::string_view name) {
  NameRecord r;
  r.name = std::string(name);
  r.profile = profile.name;
  r.version_tag = VersionTag();
  internal::IdentifierKeys keys;
  const absl::Status s = internal::IdentifierKeysInto(
      profile, internal::LookalikeShapeOf(policy), name, keys);
  if (!s.ok()) {
    std::optional<Rejection> rejection = GetRejection(s);
    if (!rejection.has_value()) return s;
    r.rule = std::string(rejection->rule_id());
    return r;
  }
  r.valid = true;
  r.key = std::move(keys.key);
  r.lookalike_keys = std::move(keys.lookalike_keys);
  return r;
}

std::string FormatNameRecord(const NameRecord& record) {
  std::string out = "{";
  if (IsValidUtf8(record.name)) {
    AppendMember(out, "name");
    AppendJsonString(out, record.name);
  } else {
    AppendMember(out, "name_hex");
    out.push_back('"');
    internal::AppendHexBytes(out, record.name, internal::HexCase::kLower);
    out.push_back('"');
  }
  // The other strings come from the library: UTF-8 (a caller's record
  // that is not has its bytes shown as U+FFFD, never unescaped: the
  // writer replaces them).
  const auto string = [&out](std::string_view key, std::string_view value) {
    AppendMember(out, key);
    AppendJsonString(out, value);
  };
  string("profile", record.profile);
  AppendMember(out, "valid");
  out.append(record.valid ? "true" : "false");
  if (record.valid) {
    string("key", record.key);
    AppendMember(out, "lookalike_keys");
    out.push_back('[');
    for (size_t i = 0; i < record.lookalike_keys.size(); ++i) {
      if (i > 0) out.push_back(',');
      AppendJsonString(out, record.lookalike_keys[i]);
    }
    out.push_back(']');
  } else {
    string("rule", record.rule);
  }
  string("version_tag", record.version_tag);
  out.push_back('}');
  return out;
}

absl::StatusOr<NameRecord> ParseNameRecord(std::string_view line) {
  Reader in(line);
  if (!in.Consume('{')) return in.Error("expected a JSON object");
  NameRecord r;
  SeenMembers seen;
  if (!in.Consume('}')) {
    if (absl::Status s = ReadMembers(in, r, seen); !s.ok()) return s;
  }
  if (!in.AtEnd()) return in.Error("text after the object");
  if (absl::Status s = CheckMembers(in, r, seen); !s.ok()) return s;
  return r;
}

}  // namespace u8guard
