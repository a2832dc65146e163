// SPDX-License-Identifier: Apache-2.0
// JSON output for the CLI.

#include "src/cli/json.h"

#include <iterator>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "src/cli/commands.h"
#include "u8guard/display.h"
#include "u8guard/utf8.h"

namespace u8guard::cli {
namespace {

// The output formats and their names: one table for the parser and the
// usage text.
constexpr std::pair<Format, std::string_view> kFormats[] = {
    {Format::kText, "text"},
    {Format::kJson, "json"},
};

}  // namespace

std::optional<Format> ParseFormat(std::string_view name) {
  for (const auto& [format, format_name] : kFormats) {
    if (name == format_name) return format;
  }
  return std::nullopt;
}

std::string FormatNames() {
  std::string out;
  for (size_t i = 0; i < std::size(kFormats); ++i) {
    if (i > 0) out += i + 1 == std::size(kFormats) ? " or " : ", ";
    out += kFormats[i].second;
  }
  return out;
}

JsonObject& JsonObject::Add(std::string_view key, std::string_view value) {
  fields_.emplace_back(std::string(key), JsonStringForDisplay(value));
  return *this;
}

JsonObject& JsonObject::Add(std::string_view key, bool value) {
  fields_.emplace_back(std::string(key), value ? "true" : "false");
  return *this;
}

JsonObject& JsonObject::Add(std::string_view key, uint64_t value) {
  fields_.emplace_back(std::string(key), absl::StrCat(value));
  return *this;
}

JsonObject& JsonObject::AddArray(std::string_view key,
                                 const std::vector<std::string>& values) {
  std::string array = "[";
  for (size_t i = 0; i < values.size(); ++i) {
    absl::StrAppend(&array, i ? ", " : "", JsonStringForDisplay(values[i]));
  }
  fields_.emplace_back(std::string(key), array + "]");
  return *this;
}

JsonObject& JsonObject::AddObjects(std::string_view key,
                                   const std::vector<JsonObject>& objects) {
  std::string array = "[";
  for (size_t i = 0; i < objects.size(); ++i) {
    absl::StrAppend(&array, i ? ", " : "", objects[i].Line());
  }
  fields_.emplace_back(std::string(key), array + "]");
  return *this;
}

std::string JsonObject::Line() const {
  std::string out = "{";
  for (size_t i = 0; i < fields_.size(); ++i) {
    absl::StrAppend(&out, i ? ", " : "", JsonStringForDisplay(fields_[i].first),
                    ": ", fields_[i].second);
  }
  out += "}";
  return out;
}

void AddInputField(JsonObject& o, std::string_view key,
                   std::string_view input) {
  o.Add(key, input);
  if (!IsValidUtf8(input)) {
    o.Add(std::string(key) + "_hex", HexBytes(input));
  }
}

void AddShownField(JsonObject& o, std::string_view key, std::string_view shown,
                   size_t size, bool with_hex) {
  if (with_hex) {
    AddInputField(o, key, shown);
  } else {
    o.Add(key, shown);
  }
  if (size > shown.size()) {
    o.Add(std::string(key) + "_truncated", true)
        .Add(std::string(key) + "_bytes", uint64_t{size});
  }
}

void AddRejectionFields(JsonObject& o, const Rejection& r) {
  o.Add("rule", r.rule_id()).Add("offset", uint64_t{r.offset});
  if (r.code_point) {
    // The text, and the integer scalar value every API reports.
    o.Add("code_point", CodePointNotation(*r.code_point))
        .Add("code_point_value", uint64_t{*r.code_point});
  }
}

void AddErrorFields(JsonObject& o, const absl::Status& status) {
  o.Add("error", std::string(status.message()));
  if (const std::optional<Rejection> r = GetRejection(status)) {
    AddRejectionFields(o, *r);
  }
}

}  // namespace u8guard::cli
