// SPDX-License-Identifier: Apache-2.0
// u8guard_path_options to PathOptions.

#include "src/capi/path_options.h"

#include "src/capi/handles.h"
#include "u8guard/normalize.h"

namespace u8guard::capi {

u8guard_status ConvertPathOptions(const u8guard_path_options& in,
                                  PathOptions& out, u8guard_error* error) {
  out.backslash_is_separator = in.backslash_is_separator != 0;
  if (in.normalization < static_cast<int>(NormalizationForm::kNone) ||
      in.normalization > static_cast<int>(NormalizationForm::kNfkcCasefold)) {
    return Fail(error, U8GUARD_INVALID_ARGUMENT,
                "normalization is not a U8GUARD_NORMALIZATION_*");
  }
  out.normalization = static_cast<NormalizationForm>(in.normalization);
  out.percent_decode = in.percent_decode != 0;
  if (in.dot_dot != U8GUARD_DOT_DOT_REJECT &&
      in.dot_dot != U8GUARD_DOT_DOT_RESOLVE) {
    return Fail(error, U8GUARD_INVALID_ARGUMENT,
                "dot_dot is not a U8GUARD_DOT_DOT_*");
  }
  out.dot_dot = in.dot_dot == U8GUARD_DOT_DOT_RESOLVE ? DotDotPolicy::kResolve
                                                      : DotDotPolicy::kReject;
  out.leading_separator_is_root = in.leading_separator_is_root != 0;
  out.allow_hidden = in.allow_hidden != 0;
  out.windows = in.windows != 0;
  out.max_depth = in.max_depth;
  out.max_length = in.max_length;
  out.root = in.root != nullptr ? in.root : "";
  out.segment_profile =
      in.segment_profile != nullptr ? &in.segment_profile->profile : nullptr;
  return U8GUARD_OK;
}

}  // namespace u8guard::capi
