// SPDX-License-Identifier: Apache-2.0
// Path sanitization.

#include "u8guard/path.h"

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "src/capi/error.h"
#include "src/capi/handles.h"
#include "src/capi/input.h"
#include "src/capi/output.h"
#include "src/capi/path_options.h"
#include "u8guard/normalize.h"
#include "u8guard/u8guard_c.h"

namespace {

using ::u8guard::capi::ConvertPathOptions;
using ::u8guard::capi::FailNull;
using ::u8guard::capi::FailWith;
using ::u8guard::capi::Output;
using ::u8guard::capi::ParseName;
using ::u8guard::capi::ValidInput;
using ::u8guard::capi::View;

}  // namespace

extern "C" {

u8guard_status u8guard_normalization_from_name(const char* name, int* value,
                                               u8guard_error* error) {
  return ParseName(name, value, error, u8guard::ParseNormalizationForm);
}

u8guard_status u8guard_dot_dot_from_name(const char* name, int* value,
                                         u8guard_error* error) {
  return ParseName(name, value, error,
                   [](const char* n) -> absl::StatusOr<int> {
                     const absl::StatusOr<u8guard::DotDotPolicy> policy =
                         u8guard::ParseDotDotPolicy(n);
                     if (!policy.ok()) return policy.status();
                     return *policy == u8guard::DotDotPolicy::kResolve
                                ? U8GUARD_DOT_DOT_RESOLVE
                                : U8GUARD_DOT_DOT_REJECT;
                   });
}

void u8guard_path_options_init(u8guard_path_options* options) {
  if (options == nullptr) return;
  const u8guard::PathOptions defaults;
  options->backslash_is_separator = defaults.backslash_is_separator;
  options->normalization = static_cast<int>(defaults.normalization);
  options->percent_decode = defaults.percent_decode;
  options->dot_dot = defaults.dot_dot == u8guard::DotDotPolicy::kResolve
                         ? U8GUARD_DOT_DOT_RESOLVE
                         : U8GUARD_DOT_DOT_REJECT;
  options->leading_separator_is_root = defaults.leading_separator_is_root;
  options->allow_hidden = defaults.allow_hidden;
  options->windows = defaults.windows;
  options->max_depth = defaults.max_depth;
  options->max_length = defaults.max_length;
  options->root = nullptr;  // defaults.root is ""
  options->segment_profile = nullptr;
}

u8guard_status u8guard_sanitize_path(const char* raw, size_t raw_len,
                                     const u8guard_path_options* options,
                                     char* out, size_t out_capacity,
                                     size_t* out_len, u8guard_error* error) {
  Output output(out, out_capacity, out_len);
  return output.Run(error, [&] {
    if (!ValidInput(raw, raw_len)) return FailNull(error, "raw");
    u8guard_path_options c_options;
    if (options == nullptr) {
      u8guard_path_options_init(&c_options);
      options = &c_options;
    }
    u8guard::PathOptions cc_options;
    const u8guard_status bad = ConvertPathOptions(*options, cc_options, error);
    if (bad != U8GUARD_OK) return bad;
    thread_local std::string path;  // reused per thread, as SanitizePathInto
    const absl::Status status =
        u8guard::SanitizePathInto(View(raw, raw_len), cc_options, path);
    if (!status.ok()) return FailWith(error, status);
    return output.Write(path, error);
  });
}

}  // extern "C"
