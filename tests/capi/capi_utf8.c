/* SPDX-License-Identifier: Apache-2.0 */
/* Strict UTF-8 validation and the stream validator through the C API, from
 * C11. capi_test.cc compares every result with the C++ API on the corpora. */

#include <string.h>

#include "tests/capi/capi_harness.h"
#include "u8guard/u8guard_c.h"

/* An input and its expected outcome (Unicode's maximal subparts). */
typedef struct utf8_case {
  const char *bytes;
  size_t len;
  u8guard_rule_t kind;
  size_t valid_up_to;
  int32_t error_len;
} utf8_case;

#define CASE(literal, kind, at, error_len) \
  { literal, sizeof(literal) - 1, kind, at, error_len }

static const utf8_case kCases[] = {
    CASE("", U8GUARD_RULE_NONE, 0, 0),
    CASE("plain ASCII", U8GUARD_RULE_NONE, 11, 0),
    CASE("a\0b", U8GUARD_RULE_NONE, 3, 0), /* NUL is a character */
    CASE("\xE2\x82\xAC \xF0\x9F\x98\x80", U8GUARD_RULE_NONE, 8, 0),
    /* The IIS/Nimda input of RFC 3629 section 10. */
    CASE("\x2F\xC0\xAE\x2E\x2F", U8GUARD_RULE_UTF8_OVERLONG, 1, 1),
    CASE("\xE0\x80\xAF", U8GUARD_RULE_UTF8_OVERLONG, 0, 1),
    CASE("a\xED\xA0\x80", U8GUARD_RULE_UTF8_SURROGATE, 1, 1),
    CASE("\xF4\x90\x80\x80", U8GUARD_RULE_UTF8_ABOVE_MAX, 0, 1),
    CASE("ab\xE2\x82", U8GUARD_RULE_UTF8_TRUNCATED, 2, 0),
    CASE("\xE2\x82x", U8GUARD_RULE_UTF8_MISSING_CONTINUATION, 0, 2),
    CASE("x\x80", U8GUARD_RULE_UTF8_UNEXPECTED_CONTINUATION, 1, 1),
    CASE("\xFF", U8GUARD_RULE_UTF8_INVALID_BYTE, 0, 1),
};
#define NCASES (sizeof kCases / sizeof kCases[0])

static void check_result(const u8guard_utf8_result *r, const utf8_case *c) {
  CAPI_CHECK_INT(r->kind, c->kind);
  CAPI_CHECK_INT(r->valid_up_to, c->valid_up_to);
  CAPI_CHECK_INT(r->error_len, c->error_len);
}

static void test_validate(void) {
  size_t i;
  for (i = 0; i < NCASES; ++i) {
    const utf8_case *c = &kCases[i];
    u8guard_utf8_result r;
    memset(&r, 0x5A, sizeof r);
    CAPI_CHECK_INT(
        u8guard_utf8_validate(c->bytes, c->len, &r),
        c->kind == U8GUARD_RULE_NONE ? U8GUARD_OK : U8GUARD_REJECTED);
    check_result(&r, c);
    CAPI_CHECK_INT(u8guard_utf8_is_valid(c->bytes, c->len),
                   c->kind == U8GUARD_RULE_NONE);
  }
}

static void test_validate_null_arguments(void) {
  u8guard_utf8_result r;
  CAPI_CHECK_INT(u8guard_utf8_validate(NULL, 0, &r), U8GUARD_OK);
  CAPI_CHECK_INT(r.valid_up_to, 0);
  CAPI_CHECK_INT(u8guard_utf8_validate(NULL, 1, &r), U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_utf8_validate("a", 1, NULL), U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_utf8_is_valid(NULL, 0), 1);
  CAPI_CHECK_INT(u8guard_utf8_is_valid(NULL, 4), 0);
}

static void test_check(void) {
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_utf8_check("\x2F\xC0\xAE\x2E\x2F", 5, &e),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(e.status, U8GUARD_REJECTED);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_UTF8_OVERLONG);
  CAPI_CHECK_INT(e.source, U8GUARD_SOURCE_UTF8);
  CAPI_CHECK_INT(e.offset, 1);
  CAPI_CHECK_INT(e.code_point, -1);
  CAPI_CHECK_STR(e.message,
                 "invalid UTF-8 at byte 1: overlong encoding (C0 AE)");
  CAPI_CHECK_INT(u8guard_utf8_check("\xE2\x82\xAC", 3, &e), U8GUARD_OK);
  CAPI_CHECK_STR(e.message, "");
  CAPI_CHECK_INT(u8guard_utf8_check("\xFF", 1, NULL), U8GUARD_REJECTED);
  CAPI_CHECK_INT(u8guard_utf8_check(NULL, 0, &e), U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_utf8_check(NULL, 2, &e), U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(e.status, U8GUARD_INVALID_ARGUMENT);
}

/* Feeds c in two chunks split at `split` and checks the stream's answer. */
static void check_split(u8guard_utf8_stream *s, const utf8_case *c,
                        size_t split) {
  u8guard_utf8_result r;
  u8guard_utf8_stream_reset(s);
  u8guard_utf8_stream_feed(s, c->bytes, split, &r);
  u8guard_utf8_stream_feed(s, c->bytes + split, c->len - split, &r);
  if (c->kind == U8GUARD_RULE_NONE) {
    CAPI_CHECK_INT(u8guard_utf8_stream_bytes_fed(s), c->len);
  }
  CAPI_CHECK_INT(u8guard_utf8_stream_finish(s, &r),
                 c->kind == U8GUARD_RULE_NONE ? U8GUARD_OK : U8GUARD_REJECTED);
  check_result(&r, c);
}

static void test_stream_every_split(void) {
  u8guard_utf8_stream *s = NULL;
  size_t i, split;
  CAPI_CHECK_INT(u8guard_utf8_stream_new(&s), U8GUARD_OK);
  if (s == NULL) return;
  for (i = 0; i < NCASES; ++i) {
    for (split = 0; split <= kCases[i].len; ++split) {
      check_split(s, &kCases[i], split);
    }
  }
  u8guard_utf8_stream_free(s);
}

static void test_stream_one_byte_chunks(void) {
  /* "é€" then a truncated 4-byte sequence: valid until the end. */
  static const char kText[] = "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98";
  u8guard_utf8_stream *s = NULL;
  u8guard_utf8_result r;
  size_t i;
  CAPI_CHECK_INT(u8guard_utf8_stream_new(&s), U8GUARD_OK);
  if (s == NULL) return;
  for (i = 0; i < sizeof kText - 1; ++i) {
    CAPI_CHECK_INT(u8guard_utf8_stream_feed(s, kText + i, 1, &r), U8GUARD_OK);
  }
  CAPI_CHECK_INT(u8guard_utf8_stream_bytes_fed(s), 8);
  CAPI_CHECK_INT(u8guard_utf8_stream_finish(s, &r), U8GUARD_REJECTED);
  CAPI_CHECK_INT(r.kind, U8GUARD_RULE_UTF8_TRUNCATED);
  CAPI_CHECK_INT(r.valid_up_to, 5);
  CAPI_CHECK_INT(r.error_len, 0);
  u8guard_utf8_stream_free(s);
}

static void test_stream_error_sticks(void) {
  u8guard_utf8_stream *s = NULL;
  u8guard_utf8_result r;
  CAPI_CHECK_INT(u8guard_utf8_stream_new(&s), U8GUARD_OK);
  if (s == NULL) return;
  CAPI_CHECK_INT(u8guard_utf8_stream_feed(s, "abc", 3, &r), U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_utf8_stream_feed(s, "d\xC0\xAE", 3, &r),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(r.valid_up_to, 4);
  CAPI_CHECK_INT(r.kind, U8GUARD_RULE_UTF8_OVERLONG);
  /* Later chunks, even valid ones, give the first error again. */
  CAPI_CHECK_INT(u8guard_utf8_stream_feed(s, "fine", 4, NULL),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(u8guard_utf8_stream_finish(s, &r), U8GUARD_REJECTED);
  CAPI_CHECK_INT(r.valid_up_to, 4);
  /* Reset starts over. */
  u8guard_utf8_stream_reset(s);
  CAPI_CHECK_INT(u8guard_utf8_stream_bytes_fed(s), 0);
  CAPI_CHECK_INT(u8guard_utf8_stream_feed(s, "fine", 4, NULL), U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_utf8_stream_finish(s, NULL), U8GUARD_OK);
  u8guard_utf8_stream_free(s);
}

static void test_stream_null_arguments(void) {
  u8guard_utf8_stream *s = NULL;
  u8guard_utf8_result r;
  CAPI_CHECK_INT(u8guard_utf8_stream_new(NULL), U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_utf8_stream_feed(NULL, "a", 1, &r),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_utf8_stream_finish(NULL, &r),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_utf8_stream_bytes_fed(NULL), 0);
  u8guard_utf8_stream_reset(NULL);
  u8guard_utf8_stream_free(NULL);
  CAPI_CHECK_INT(u8guard_utf8_stream_new(&s), U8GUARD_OK);
  if (s == NULL) return;
  CAPI_CHECK_INT(u8guard_utf8_stream_feed(s, NULL, 0, &r), U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_utf8_stream_feed(s, NULL, 1, &r),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_utf8_stream_bytes_fed(s), 0);
  u8guard_utf8_stream_free(s);
}

const capi_test capi_utf8_tests[] = {
    {"Validate", test_validate},
    {"ValidateNullArguments", test_validate_null_arguments},
    {"Check", test_check},
    {"StreamEverySplit", test_stream_every_split},
    {"StreamOneByteChunks", test_stream_one_byte_chunks},
    {"StreamErrorSticks", test_stream_error_sticks},
    {"StreamNullArguments", test_stream_null_arguments},
    {NULL, NULL}};
