/* SPDX-License-Identifier: Apache-2.0 */
/* Path sanitization through the C API, from C11. capi_test.cc compares
 * every result with the C++ API on fuzzdb's traversal corpus. */

#include <stdio.h>
#include <string.h>

#include "tests/capi/capi_harness.h"
#include "u8guard/u8guard_c.h"

/* capi_producer adapter: context is {raw, length, options}. */
typedef struct path_input {
  const char *raw;
  size_t len;
  const u8guard_path_options *options;
} path_input;

static u8guard_status sanitize(const void *context, char *out, size_t cap,
                               size_t *out_len, u8guard_error *e) {
  const path_input *in = context;
  return u8guard_sanitize_path(in->raw, in->len, in->options, out, cap, out_len,
                               e);
}

/* Sanitizes `raw` and expects a rejection by `rule` at `offset`. */
static void expect_rejected(const char *file, int line, const char *raw,
                            size_t len, const u8guard_path_options *options,
                            u8guard_rule_t rule, size_t offset) {
  char out[64];
  size_t n = 99;
  u8guard_error e;
  char message[400];
  const u8guard_status s =
      u8guard_sanitize_path(raw, len, options, out, sizeof out, &n, &e);
  if (s != U8GUARD_REJECTED || e.rule != rule || e.offset != offset ||
      e.source != U8GUARD_SOURCE_PATH || n != 0 || out[0] != '\0') {
    snprintf(message, sizeof message,
             "expected %s at %zu, got %s %s at %zu (source %d): %.200s",
             u8guard_rule_id(rule), offset, u8guard_status_name(s),
             u8guard_rule_id(e.rule), e.offset, (int)e.source, e.message);
    capi_fail(file, line, message);
  }
}
#define EXPECT_REJECTED(raw, options, rule, offset)                        \
  expect_rejected(__FILE__, __LINE__, raw, sizeof(raw) - 1, options, rule, \
                  offset)

static void test_options_init(void) {
  u8guard_path_options o;
  memset(&o, 0x5A, sizeof o);
  u8guard_path_options_init(&o);
  CAPI_CHECK_INT(o.backslash_is_separator, 0);
  CAPI_CHECK_INT(o.normalization, U8GUARD_NORMALIZATION_NFC);
  CAPI_CHECK_INT(o.percent_decode, 0);
  CAPI_CHECK_INT(o.dot_dot, U8GUARD_DOT_DOT_REJECT);
  CAPI_CHECK_INT(o.leading_separator_is_root, 0);
  CAPI_CHECK_INT(o.allow_hidden, 0);
  CAPI_CHECK_INT(o.windows, 0);
  CAPI_CHECK_INT(o.max_depth, 32);
  CAPI_CHECK_INT(o.max_length, 4096);
  CAPI_CHECK(o.root == NULL);
  CAPI_CHECK(o.segment_profile == NULL);
  u8guard_path_options_init(NULL);
}

static void test_defaults(void) {
  path_input in = {"a//b/./c\xC3\xA9", 0, NULL};
  in.len = strlen(in.raw);
  CAPI_CHECK_EVERY_CAPACITY(sanitize, &in, "a/b/c\xC3\xA9");
  /* RFC 3629 section 10: the IIS/Nimda input is an overlong at byte 1. */
  EXPECT_REJECTED("\x2F\xC0\xAE\x2E\x2F", NULL, U8GUARD_RULE_UTF8_OVERLONG, 1);
  EXPECT_REJECTED("a/../b", NULL, U8GUARD_RULE_PATH_DOT_DOT, 2);
  EXPECT_REJECTED("/etc/passwd", NULL, U8GUARD_RULE_PATH_ABSOLUTE, 0);
  EXPECT_REJECTED("a/b\0c", NULL, U8GUARD_RULE_PATH_NUL, 3);
  EXPECT_REJECTED("a\\b", NULL, U8GUARD_RULE_PATH_SEPARATOR_IN_SEGMENT, 1);
  EXPECT_REJECTED("a/.git", NULL, U8GUARD_RULE_PATH_HIDDEN, 2);
  /* U+2024 ONE DOT LEADER twice: NFKC would make it "..". */
  EXPECT_REJECTED("\xE2\x80\xA4\xE2\x80\xA4/x", NULL,
                  U8GUARD_RULE_PATH_STRUCTURE_CHANGED_BY_NFKC, 0);
}

static void test_options(void) {
  u8guard_path_options o;
  path_input in;
  u8guard_path_options_init(&o);
  o.root = "/srv/www";
  o.leading_separator_is_root = 1;
  o.percent_decode = 1;
  o.dot_dot = U8GUARD_DOT_DOT_RESOLVE;
  in.raw = "/img/x/../%E6%97%A5.png";
  in.len = strlen(in.raw);
  in.options = &o;
  CAPI_CHECK_EVERY_CAPACITY(sanitize, &in, "/srv/www/img/\xE6\x97\xA5.png");
  EXPECT_REJECTED("/a/../../b", &o, U8GUARD_RULE_PATH_ABOVE_ROOT, 6);
  /* %C0%AE decodes to an overlong: the offset of its '%'. */
  EXPECT_REJECTED("/a/%C0%AE", &o, U8GUARD_RULE_UTF8_OVERLONG, 3);
  EXPECT_REJECTED("/a/%2F", &o, U8GUARD_RULE_PATH_SEPARATOR_IN_SEGMENT, 3);
  o.windows = 1;
  EXPECT_REJECTED("/docs/CON.txt", &o, U8GUARD_RULE_PATH_WINDOWS_RESERVED, 6);
  o.windows = 0;
  o.max_depth = 2;
  /* At the first segment too many. */
  EXPECT_REJECTED("/a/b/c", &o, U8GUARD_RULE_PATH_TOO_DEEP, 5);
  o.max_depth = 32;
  o.allow_hidden = 1;
  in.raw = "/.well-known";
  in.len = strlen(in.raw);
  CAPI_CHECK_EVERY_CAPACITY(sanitize, &in, "/srv/www/.well-known");
  /* Backslashes as separators. */
  u8guard_path_options_init(&o);
  o.backslash_is_separator = 1;
  in.raw = "a\\b";
  in.len = 3;
  CAPI_CHECK_EVERY_CAPACITY(sanitize, &in, "a/b");
  /* NFKC segments: fullwidth letters become ASCII. */
  o.normalization = U8GUARD_NORMALIZATION_NFKC;
  in.raw =
      "\xEF\xBC\xA1"
      "b";
  in.len = 4;
  CAPI_CHECK_EVERY_CAPACITY(sanitize, &in, "Ab");
}

static void test_segment_profile(void) {
  u8guard_profile *mapped = NULL;
  u8guard_path_options o;
  path_input in = {"Docs/Read\xEF\xBC\xAD\xEF\xBC\xA5", 15, NULL};
  CAPI_CHECK_INT(
      u8guard_profile_open("username-case-mapped", NULL, &mapped, NULL),
      U8GUARD_OK);
  u8guard_path_options_init(&o);
  o.segment_profile = mapped;
  in.options = &o;
  CAPI_CHECK_EVERY_CAPACITY(sanitize, &in, "docs/readme");
  EXPECT_REJECTED("a b/c", &o, U8GUARD_RULE_DISALLOWED_SPACES, 1);
  u8guard_profile_free(mapped);
}

static void test_bad_options(void) {
  u8guard_path_options o;
  char out[16];
  size_t n = 99;
  u8guard_error e;
  u8guard_path_options_init(&o);
  o.normalization = 2; /* NFD */
  CAPI_CHECK_INT(u8guard_sanitize_path("a", 1, &o, out, sizeof out, &n, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_NONE);
  CAPI_CHECK_INT(n, 0);
  o.normalization = 99;
  CAPI_CHECK_INT(u8guard_sanitize_path("a", 1, &o, out, sizeof out, &n, &e),
                 U8GUARD_INVALID_ARGUMENT);
  u8guard_path_options_init(&o);
  o.dot_dot = 2;
  CAPI_CHECK_INT(u8guard_sanitize_path("a", 1, &o, out, sizeof out, &n, &e),
                 U8GUARD_INVALID_ARGUMENT);
  u8guard_path_options_init(&o);
  o.root = "/srv/\xFF";
  CAPI_CHECK_INT(u8guard_sanitize_path("a", 1, &o, out, sizeof out, &n, &e),
                 U8GUARD_INVALID_ARGUMENT);
}

static void test_option_names(void) {
  int value = -7;
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_normalization_from_name("NFKC", &value, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(value, U8GUARD_NORMALIZATION_NFKC);
  /* Policy files' spellings: any ASCII case, and ICU's NFKC_CF. */
  CAPI_CHECK_INT(u8guard_normalization_from_name("nfc", &value, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(value, U8GUARD_NORMALIZATION_NFC);
  CAPI_CHECK_INT(u8guard_normalization_from_name("NFKC_CF", &value, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(value, U8GUARD_NORMALIZATION_NFKC_CASEFOLD);
  value = -7;
  CAPI_CHECK_INT(u8guard_normalization_from_name("NFX", &value, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(value, -7);
  CAPI_CHECK(strstr(e.message, "NFX") != NULL);
  CAPI_CHECK(strstr(e.message, "NFKC") != NULL);
  CAPI_CHECK_INT(u8guard_dot_dot_from_name("resolve", &value, &e), U8GUARD_OK);
  CAPI_CHECK_INT(value, U8GUARD_DOT_DOT_RESOLVE);
  CAPI_CHECK_INT(u8guard_dot_dot_from_name("reject", &value, &e), U8GUARD_OK);
  CAPI_CHECK_INT(value, U8GUARD_DOT_DOT_REJECT);
  /* Exactly as the CLI spells them. */
  CAPI_CHECK_INT(u8guard_dot_dot_from_name("Resolve", &value, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK(strstr(e.message, "resolve") != NULL);
  CAPI_CHECK_INT(u8guard_dot_dot_from_name(NULL, &value, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_dot_dot_from_name("reject", NULL, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_normalization_from_name(NULL, &value, NULL),
                 U8GUARD_INVALID_ARGUMENT);
}

static void test_null_arguments(void) {
  char out[16];
  size_t n = 99;
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_sanitize_path(NULL, 1, NULL, out, sizeof out, &n, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_sanitize_path("a", 1, NULL, out, sizeof out, NULL, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_sanitize_path("a", 1, NULL, NULL, 3, &n, &e),
                 U8GUARD_INVALID_ARGUMENT);
  /* The empty path has no segment: "". */
  CAPI_CHECK_INT(u8guard_sanitize_path(NULL, 0, NULL, out, sizeof out, &n, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(n, 0);
  CAPI_CHECK_STR(out, "");
}

const capi_test capi_path_tests[] = {{"OptionsInit", test_options_init},
                                     {"Defaults", test_defaults},
                                     {"Options", test_options},
                                     {"SegmentProfile", test_segment_profile},
                                     {"BadOptions", test_bad_options},
                                     {"NullArguments", test_null_arguments},
                                     {"OptionNames", test_option_names},
                                     {NULL, NULL}};
