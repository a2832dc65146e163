// SPDX-License-Identifier: Apache-2.0
// Secrets: constant-time comparison, canonical keys into the caller's buffer.

#include "u8guard/secret.h"

#include "absl/status/statusor.h"
#include "src/capi/error.h"
#include "src/capi/handles.h"
#include "src/capi/input.h"
#include "src/capi/output.h"
#include "u8guard/u8guard_c.h"

namespace {

using ::u8guard::capi::CheckProfileInput;
using ::u8guard::capi::FailWith;
using ::u8guard::capi::Output;
using ::u8guard::capi::ValidInput;
using ::u8guard::capi::View;

}  // namespace

extern "C" {

int u8guard_constant_time_equals(const void* a, size_t a_len, const void* b,
                                 size_t b_len) {
  if (!ValidInput(a, a_len) || !ValidInput(b, b_len)) return 0;
  return u8guard::ConstantTimeEquals(View(static_cast<const char*>(a), a_len),
                                     View(static_cast<const char*>(b), b_len))
             ? 1
             : 0;
}

u8guard_status u8guard_canonicalize_secret(const u8guard_profile* profile,
                                           const char* secret,
                                           size_t secret_len, char* out,
                                           size_t out_capacity, size_t* out_len,
                                           u8guard_error* error) {
  Output output(out, out_capacity, out_len);
  return output.Run(error, [&] {
    const u8guard_status bad =
        CheckProfileInput(profile, secret, secret_len, "secret", error);
    if (bad != U8GUARD_OK) return bad;
    // The key lives in a SecretString, wiped when it goes out of scope; the
    // only other copy is the caller's buffer.
    const absl::StatusOr<u8guard::SecretString> key =
        u8guard::CanonicalizeSecret(profile->profile, View(secret, secret_len));
    if (!key.ok()) return FailWith(error, key.status());
    return output.Write(key->view(), error);
  });
}

// The vocabulary's name: one implementation, called through.
u8guard_status u8guard_secret_key(const u8guard_profile* profile,
                                  const char* secret, size_t secret_len,
                                  char* out, size_t out_capacity,
                                  size_t* out_len, u8guard_error* error) {
  return u8guard_canonicalize_secret(profile, secret, secret_len, out,
                                     out_capacity, out_len, error);
}

void u8guard_secure_wipe(void* data, size_t size) {
  if (data != nullptr) u8guard::SecureWipe(data, size);
}

}  // extern "C"
