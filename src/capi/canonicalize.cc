// SPDX-License-Identifier: Apache-2.0
// Comparison keys, enforced forms and equivalence under a profile.

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "src/capi/error.h"
#include "src/capi/handles.h"
#include "src/capi/input.h"
#include "src/capi/output.h"
#include "u8guard/match.h"
#include "u8guard/u8guard_c.h"

namespace {

using ::u8guard::capi::CheckProfileInput;
using ::u8guard::capi::FailWith;
using ::u8guard::capi::Output;
using ::u8guard::capi::ValidInput;
using ::u8guard::capi::View;

}  // namespace

extern "C" {

u8guard_status u8guard_canonicalize(const u8guard_profile* profile,
                                    const char* input, size_t input_len,
                                    char* out, size_t out_capacity,
                                    size_t* out_len, u8guard_error* error) {
  Output output(out, out_capacity, out_len);
  return output.Run(error, [&] {
    const u8guard_status bad =
        CheckProfileInput(profile, input, input_len, "input", error);
    if (bad != U8GUARD_OK) return bad;
    // Reused per thread, as CanonicalizeInto intends: a caller
    // canonicalizing many strings rarely allocates.
    thread_local std::string key;
    const absl::Status status = u8guard::CanonicalizeInto(
        profile->profile, View(input, input_len), key);
    if (!status.ok()) return FailWith(error, status);
    return output.Write(key, error);
  });
}

// The vocabulary's name: one implementation, called through.
u8guard_status u8guard_key(const u8guard_profile* profile, const char* input,
                           size_t input_len, char* out, size_t out_capacity,
                           size_t* out_len, u8guard_error* error) {
  return u8guard_canonicalize(profile, input, input_len, out, out_capacity,
                              out_len, error);
}

u8guard_status u8guard_enforce(const u8guard_profile* profile,
                               const char* input, size_t input_len, char* out,
                               size_t out_capacity, size_t* out_len,
                               u8guard_error* error) {
  Output output(out, out_capacity, out_len);
  return output.Run(error, [&] {
    const u8guard_status bad =
        CheckProfileInput(profile, input, input_len, "input", error);
    if (bad != U8GUARD_OK) return bad;
    const absl::StatusOr<std::string> enforced =
        u8guard::Enforce(profile->profile, View(input, input_len));
    if (!enforced.ok()) return FailWith(error, enforced.status());
    return output.Write(*enforced, error);
  });
}

int u8guard_equivalent(const u8guard_profile* profile, const char* a,
                       size_t a_len, const char* b, size_t b_len) {
  if (profile == nullptr || !ValidInput(a, a_len) || !ValidInput(b, b_len)) {
    return 0;
  }
  try {
    return u8guard::Equivalent(profile->profile, View(a, a_len), View(b, b_len))
               ? 1
               : 0;
  } catch (...) {
    return 0;  // fail closed
  }
}

}  // extern "C"
