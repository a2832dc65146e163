// SPDX-License-Identifier: Apache-2.0
// JSON output for the CLI: one object per line.

#ifndef U8GUARD_SRC_CLI_JSON_H_
#define U8GUARD_SRC_CLI_JSON_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "u8guard/rejection.h"

namespace u8guard::cli {

// Builds one JSON object, keys in insertion order. Every string, keys too,
// is written by JsonStringForDisplay (display.h): what text output escapes
// (IsInvisibleForDisplay: controls, format characters such as the bidi
// overrides, ...) as \u escapes, so that the JSON printed as it is moves no
// cursor and reorders nothing; bytes that are not UTF-8 as U+FFFD (callers
// add the bytes in hex where they matter, AddInputField).
class JsonObject {
 public:
  JsonObject& Add(std::string_view key, std::string_view value);
  JsonObject& Add(std::string_view key, const char* value) {
    return Add(key, std::string_view(value));
  }
  JsonObject& Add(std::string_view key, bool value);
  JsonObject& Add(std::string_view key, uint64_t value);
  // Adds `values` as an array of JSON strings (JsonStringForDisplay each).
  JsonObject& AddArray(std::string_view key,
                       const std::vector<std::string>& values);
  // Adds `objects` as an array of JSON objects (each as Line() writes it).
  JsonObject& AddObjects(std::string_view key,
                         const std::vector<JsonObject>& objects);
  // The object as one line, without a newline.
  std::string Line() const;

 private:
  std::vector<std::pair<std::string, std::string>> fields_;
};

// Adds `key` with `input` as a JSON string and, when `input` is not valid
// UTF-8 (so the string shows U+FFFD), `key`_hex with its bytes in hex.
void AddInputField(JsonObject& o, std::string_view key, std::string_view input);

// Adds `shown`, the part of a string of `size` bytes that output shows, as
// `key` (with `key`_hex as AddInputField when `with_hex`) and, when it is
// not all of it (size > shown.size()), `key`_truncated: true and `key`_bytes:
// `size`.
void AddShownField(JsonObject& o, std::string_view key, std::string_view shown,
                   size_t size, bool with_hex);

// Adds the fields of a rejection: "rule" (its id), "offset" and, when a
// code point is to blame, "code_point" ("U+200B") and "code_point_value"
// (8203, the integer every API reports).
void AddRejectionFields(JsonObject& o, const Rejection& r);

// Adds "error" (the message of `status`, which must not be OK) and, when it
// carries a rejection, AddRejectionFields. Every command's JSON reports a
// rejected input this way.
void AddErrorFields(JsonObject& o, const absl::Status& status);

}  // namespace u8guard::cli

#endif  // U8GUARD_SRC_CLI_JSON_H_
