// SPDX-License-Identifier: Apache-2.0
/* u8guard's C interface: secrets: constant-time comparison, keys of secrets,
 * wiping. Include "u8guard/u8guard_c.h", which includes every part and states
 * the conventions they all follow (input, status, output buffers, ownership,
 * threads). */

#ifndef U8GUARD_C_SECRET_H_
#define U8GUARD_C_SECRET_H_

#include <stddef.h>
#include <stdint.h>

#include "u8guard/c/base.h"
#include "u8guard/c/profile.h"
#include "u8guard/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Secrets
 * ------------------------------------------------------------------------ */

/* Returns 1 when a[0, a_len) and b[0, b_len) hold the same bytes, else 0,
 * in time that depends on the lengths only, never on the content (inputs
 * of different lengths return 0 at once: the length may leak). NULL with a
 * non-zero length gives 0. */
U8GUARD_EXPORT int u8guard_constant_time_equals(const void *a, size_t a_len,
                                                const void *b, size_t b_len);

/* Writes the comparison key of the secret secret[0, secret_len) under
 * `profile` (normally "opaque-string", RFC 8265 section 4.2: what a password
 * hash should be fed) into `out` (see "Output buffers"). Every copy the
 * library makes of the secret or its key is wiped before it is freed; the
 * caller wipes `secret` and `out` (u8guard_secure_wipe). A rejection names
 * the rule and the offset but never a code point or byte of the secret
 * (code_point is -1). Errors as u8guard_canonicalize. */
U8GUARD_EXPORT u8guard_status u8guard_canonicalize_secret(
    const u8guard_profile *profile, const char *secret, size_t secret_len,
    char *out, size_t out_capacity, size_t *out_len, u8guard_error *error);

/* u8guard_canonicalize_secret under the vocabulary's name for the key of a
 * secret (docs/vocabulary.md: SecretKey, Profile.SecretKey in Go): the same
 * function, arguments, result and errors. u8guard_canonicalize_secret
 * stays, for the programs of 0.1. */
U8GUARD_EXPORT u8guard_status u8guard_secret_key(
    const u8guard_profile *profile, const char *secret, size_t secret_len,
    char *out, size_t out_capacity, size_t *out_len, u8guard_error *error);

/* Sets size bytes at data to zero in a way the compiler may not remove
 * (explicit_bzero). NULL with size 0 is allowed; NULL with a non-zero size
 * does nothing. */
U8GUARD_EXPORT void u8guard_secure_wipe(void *data, size_t size);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* U8GUARD_C_SECRET_H_ */
