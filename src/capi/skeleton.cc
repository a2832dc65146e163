// SPDX-License-Identifier: Apache-2.0
// Confusable skeletons and restriction levels of comparison keys.

#include "u8guard/skeleton.h"

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "src/capi/error.h"
#include "src/capi/handles.h"
#include "src/capi/input.h"
#include "src/capi/output.h"
#include "src/capi/path_options.h"
#include "u8guard/u8guard_c.h"

namespace {

using ::u8guard::capi::CheckProfileInput;
using ::u8guard::capi::FailNull;
using ::u8guard::capi::FailWith;
using ::u8guard::capi::Guard;
using ::u8guard::capi::Output;
using ::u8guard::capi::Succeed;
using ::u8guard::capi::View;

}  // namespace

extern "C" {

u8guard_status u8guard_skeleton(const u8guard_profile* profile,
                                const char* input, size_t input_len, char* out,
                                size_t out_capacity, size_t* out_len,
                                u8guard_error* error) {
  Output output(out, out_capacity, out_len);
  return output.Run(error, [&] {
    const u8guard_status bad =
        CheckProfileInput(profile, input, input_len, "input", error);
    if (bad != U8GUARD_OK) return bad;
    const absl::StatusOr<std::string> skeleton =
        u8guard::ConfusableSkeleton(profile->profile, View(input, input_len));
    if (!skeleton.ok()) return FailWith(error, skeleton.status());
    return output.Write(*skeleton, error);
  });
}

u8guard_status u8guard_skeleton_order_from_name(const char* name, int* value,
                                                u8guard_error* error) {
  return u8guard::capi::ParseName(name, value, error,
                                  u8guard::ParseSkeletonOrder);
}

u8guard_status u8guard_bidi_skeleton(const u8guard_profile* profile,
                                     int32_t order, const char* input,
                                     size_t input_len, char* out,
                                     size_t out_capacity, size_t* out_len,
                                     u8guard_error* error) {
  static_assert(U8GUARD_SKELETON_ORDER_LOGICAL ==
                    static_cast<int>(u8guard::SkeletonOrder::kLogical) &&
                U8GUARD_SKELETON_ORDER_LTR ==
                    static_cast<int>(u8guard::SkeletonOrder::kLtr) &&
                U8GUARD_SKELETON_ORDER_RTL ==
                    static_cast<int>(u8guard::SkeletonOrder::kRtl));
  Output output(out, out_capacity, out_len);
  return output.Run(error, [&] {
    if (order < U8GUARD_SKELETON_ORDER_LOGICAL ||
        order > U8GUARD_SKELETON_ORDER_RTL) {
      return FailWith(error, absl::InvalidArgumentError(absl::StrCat(
                                 "order: ", order,
                                 " is not a skeleton order (0 logical, 1 "
                                 "ltr, 2 rtl)")));
    }
    const u8guard_status bad =
        CheckProfileInput(profile, input, input_len, "input", error);
    if (bad != U8GUARD_OK) return bad;
    const absl::StatusOr<std::string> skeleton = u8guard::BidiSkeleton(
        profile->profile, static_cast<u8guard::SkeletonOrder>(order),
        View(input, input_len));
    if (!skeleton.ok()) return FailWith(error, skeleton.status());
    return output.Write(*skeleton, error);
  });
}

u8guard_status u8guard_lookalike_skeletons(const u8guard_profile* profile,
                                           const char* input, size_t input_len,
                                           char* out, size_t out_capacity,
                                           size_t* out_len,
                                           u8guard_skeleton_lengths* lengths,
                                           u8guard_error* error) {
  static_assert(U8GUARD_MAX_LOOKALIKE_SKELETONS ==
                u8guard::kMaxLookalikeSkeletons);
  if (lengths != nullptr) lengths->count = 0;
  Output output(out, out_capacity, out_len);
  return output.Run(error, [&] {
    const u8guard_status bad =
        CheckProfileInput(profile, input, input_len, "input", error);
    if (bad != U8GUARD_OK) return bad;
    if (lengths == nullptr) return FailNull(error, "lengths");
    const absl::StatusOr<std::vector<std::string>> skeletons =
        u8guard::LookalikeSkeletons(profile->profile, View(input, input_len));
    if (!skeletons.ok()) return FailWith(error, skeletons.status());
    const u8guard_status status =
        output.Write(absl::StrJoin(*skeletons, ""), error);
    if (status == U8GUARD_OK || status == U8GUARD_BUFFER_TOO_SMALL) {
      for (const std::string& s : *skeletons) {
        lengths->length[lengths->count++] = s.size();
      }
    }
    return status;
  });
}

// The vocabulary's name: one implementation, called through.
u8guard_status u8guard_lookalike_keys(const u8guard_profile* profile,
                                      const char* input, size_t input_len,
                                      char* out, size_t out_capacity,
                                      size_t* out_len,
                                      u8guard_skeleton_lengths* lengths,
                                      u8guard_error* error) {
  return u8guard_lookalike_skeletons(profile, input, input_len, out,
                                     out_capacity, out_len, lengths, error);
}

u8guard_status u8guard_restriction_level(const u8guard_profile* profile,
                                         const char* input, size_t input_len,
                                         int32_t* level, u8guard_error* error) {
  if (level != nullptr) *level = -1;
  return Guard(error, [&] {
    const u8guard_status bad =
        CheckProfileInput(profile, input, input_len, "input", error);
    if (bad != U8GUARD_OK) return bad;
    if (level == nullptr) return FailNull(error, "level");
    const absl::StatusOr<u8guard::RestrictionLevel> found =
        u8guard::RestrictionLevelOf(profile->profile, View(input, input_len));
    if (!found.ok()) return FailWith(error, found.status());
    *level = static_cast<int32_t>(*found);
    return Succeed(error);
  });
}

const char* u8guard_restriction_level_name(int32_t level) {
  if (level < U8GUARD_RESTRICTION_ASCII ||
      level > U8GUARD_RESTRICTION_UNRESTRICTIVE) {
    return "unknown";
  }
  // RestrictionLevelName's views point at string literals: NUL-terminated.
  return u8guard::RestrictionLevelName(
             static_cast<u8guard::RestrictionLevel>(level))
      .data();
}

}  // extern "C"
