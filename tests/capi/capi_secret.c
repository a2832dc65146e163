/* SPDX-License-Identifier: Apache-2.0 */
/* Constant-time comparison, secret keys and wiping through the C API, from
 * C11. */

#include <string.h>

#include "tests/capi/capi_harness.h"
#include "u8guard/u8guard_c.h"

typedef struct secret_input {
  const u8guard_profile *profile;
  const char *bytes;
  size_t len;
} secret_input;

static u8guard_status canonicalize_secret(const void *context, char *out,
                                          size_t cap, size_t *out_len,
                                          u8guard_error *e) {
  const secret_input *in = context;
  return u8guard_canonicalize_secret(in->profile, in->bytes, in->len, out, cap,
                                     out_len, e);
}

static void test_constant_time_equals(void) {
  CAPI_CHECK_INT(u8guard_constant_time_equals("secret", 6, "secret", 6), 1);
  CAPI_CHECK_INT(u8guard_constant_time_equals("secret", 6, "secreT", 6), 0);
  CAPI_CHECK_INT(u8guard_constant_time_equals("secret", 6, "secrets", 7), 0);
  CAPI_CHECK_INT(u8guard_constant_time_equals("a\0b", 3, "a\0b", 3), 1);
  CAPI_CHECK_INT(u8guard_constant_time_equals("a\0b", 3, "a\0c", 3), 0);
  CAPI_CHECK_INT(u8guard_constant_time_equals(NULL, 0, NULL, 0), 1);
  CAPI_CHECK_INT(u8guard_constant_time_equals(NULL, 0, "", 0), 1);
  CAPI_CHECK_INT(u8guard_constant_time_equals(NULL, 3, "abc", 3), 0);
  CAPI_CHECK_INT(u8guard_constant_time_equals("abc", 3, NULL, 3), 0);
}

static void test_canonicalize_secret(void) {
  u8guard_profile *opaque = NULL;
  /* OpaqueString (RFC 8265 section 4.2): non-ASCII spaces become U+0020,
   * NFC; case is kept. */
  secret_input in = {NULL, "Correct\xC2\xA0Horse e\xCC\x81", 0};
  CAPI_CHECK_INT(u8guard_profile_open("opaque-string", NULL, &opaque, NULL),
                 U8GUARD_OK);
  in.profile = opaque;
  in.len = strlen(in.bytes);
  CAPI_CHECK_EVERY_CAPACITY(canonicalize_secret, &in, "Correct Horse \xC3\xA9");
  u8guard_profile_free(opaque);
}

static void test_rejected_secret_reveals_nothing(void) {
  u8guard_profile *opaque = NULL;
  char out[32];
  size_t n = 99;
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_profile_open("opaque-string", NULL, &opaque, NULL),
                 U8GUARD_OK);
  memset(out, 'X', sizeof out);
  CAPI_CHECK_INT(u8guard_canonicalize_secret(opaque, "hunter\x07zz", 9, out,
                                             sizeof out, &n, &e),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_DISALLOWED_CONTROLS);
  CAPI_CHECK_INT(e.offset, 6);
  CAPI_CHECK_INT(e.code_point, -1);
  CAPI_CHECK(strstr(e.message, "opaque-string") != NULL);
  CAPI_CHECK(strstr(e.message, "hunter") == NULL);
  CAPI_CHECK(strstr(e.message, "U+0007") == NULL);
  CAPI_CHECK_INT(n, 0);
  CAPI_CHECK_INT(out[0], '\0');
  CAPI_CHECK_INT(u8guard_canonicalize_secret(opaque, "pa\xC0\xAFss", 6, out,
                                             sizeof out, &n, &e),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_UTF8_OVERLONG);
  CAPI_CHECK(strstr(e.message, "C0") == NULL);
  CAPI_CHECK_INT(
      u8guard_canonicalize_secret(NULL, "a", 1, out, sizeof out, &n, &e),
      U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(
      u8guard_canonicalize_secret(opaque, NULL, 1, out, sizeof out, &n, &e),
      U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(
      u8guard_canonicalize_secret(opaque, "a", 1, out, sizeof out, NULL, &e),
      U8GUARD_INVALID_ARGUMENT);
  u8guard_profile_free(opaque);
}

static void test_secure_wipe(void) {
  char buf[16];
  size_t i;
  int zero = 1;
  memcpy(buf, "secret secret!!", 16);
  u8guard_secure_wipe(buf, sizeof buf);
  for (i = 0; i < sizeof buf; ++i) zero &= buf[i] == 0;
  CAPI_CHECK(zero);
  u8guard_secure_wipe(NULL, 0);
  u8guard_secure_wipe(NULL, 8);
}

/* u8guard_secret_key is u8guard_canonicalize_secret under the vocabulary's
 * name: the same keys and the same rejections, which name no byte of the
 * secret. */
static void test_secret_key_alias(void) {
  u8guard_profile *opaque = NULL;
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_profile_open("opaque-string", NULL, &opaque, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(
      CAPI_CHECK_SAME_TEXT(u8guard_canonicalize_secret, u8guard_secret_key,
                           opaque, "Correct Horse \xC3\xA9", 16, 64),
      U8GUARD_OK);
  CAPI_CHECK_INT(
      CAPI_CHECK_SAME_TEXT(u8guard_canonicalize_secret, u8guard_secret_key,
                           opaque, "hunter\x07zz", 9, 64),
      U8GUARD_REJECTED);
  CAPI_CHECK_INT(
      CAPI_CHECK_SAME_TEXT(u8guard_canonicalize_secret, u8guard_secret_key,
                           opaque, "pa\xC0\xAFss", 6, 64),
      U8GUARD_REJECTED);
  CAPI_CHECK_INT(
      CAPI_CHECK_SAME_TEXT(u8guard_canonicalize_secret, u8guard_secret_key,
                           opaque, "correct horse", 13, 3),
      U8GUARD_BUFFER_TOO_SMALL);
  CAPI_CHECK_INT(CAPI_CHECK_SAME_TEXT(u8guard_canonicalize_secret,
                                      u8guard_secret_key, NULL, "a", 1, 64),
                 U8GUARD_INVALID_ARGUMENT);
  u8guard_profile_free(opaque);
}

const capi_test capi_secret_tests[] = {
    {"ConstantTimeEquals", test_constant_time_equals},
    {"CanonicalizeSecret", test_canonicalize_secret},
    {"RejectedSecretRevealsNothing", test_rejected_secret_reveals_nothing},
    {"SecureWipe", test_secure_wipe},
    {"SecretKeyAlias", test_secret_key_alias},
    {NULL, NULL}};
