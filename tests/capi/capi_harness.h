// SPDX-License-Identifier: Apache-2.0
/* A small harness for the C API's test suites written in C11 (capi_*.c):
 * each file lists its tests in a table, and capi_harness.cc registers them
 * with GoogleTest and reports their failed checks as GoogleTest failures.
 *
 *   static void test_something(void) {
 *     CAPI_CHECK_INT(u8guard_utf8_is_valid("a", 1), 1);
 *   }
 *   const capi_test capi_utf8_tests[] = {{"Something", test_something},
 *                                        {NULL, NULL}};
 *
 * Checks are not fatal: a test goes on after a failed one. */

#ifndef U8GUARD_TESTS_CAPI_CAPI_HARNESS_H_
#define U8GUARD_TESTS_CAPI_CAPI_HARNESS_H_

#include <stddef.h>
#include <string.h>

#include "u8guard/u8guard_c.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One test: its name in the suite, and its body. */
typedef struct capi_test {
  const char *name;
  void (*run)(void);
} capi_test;

/* The suites, each ending in {NULL, NULL}; registered as CApi<Suite>. */
extern const capi_test capi_errors_tests[];
extern const capi_test capi_utf8_tests[];
extern const capi_test capi_profile_tests[];
extern const capi_test capi_acl_tests[];
extern const capi_test capi_path_tests[];
extern const capi_test capi_open_tests[];
extern const capi_test capi_secret_tests[];
extern const capi_test capi_registration_tests[];
extern const capi_test capi_upgrade_tests[];
extern const capi_test capi_bounded_verifier_tests[];

/* Records a failed check at file:line with `message`. */
void capi_fail(const char *file, int line, const char *message);

/* The checks behind the CAPI_CHECK macros: each records a failure naming
 * both expressions and both values, and returns whether it held. */
int capi_check(const char *file, int line, int ok, const char *expression);
int capi_check_int(const char *file, int line, long long actual,
                   long long expected, const char *actual_expression,
                   const char *expected_expression);
/* Compares actual[0, actual_len) with the NUL-terminated `expected`. */
int capi_check_bytes(const char *file, int line, const char *actual,
                     size_t actual_len, const char *expected,
                     size_t expected_len, const char *actual_expression);

#define CAPI_CHECK(condition) \
  capi_check(__FILE__, __LINE__, (condition) ? 1 : 0, #condition)
#define CAPI_CHECK_INT(actual, expected)                  \
  capi_check_int(__FILE__, __LINE__, (long long)(actual), \
                 (long long)(expected), #actual, #expected)
/* `expected` is a string literal or array, which may hold NUL bytes. */
#define CAPI_CHECK_BYTES(actual, actual_len, expected)                     \
  capi_check_bytes(__FILE__, __LINE__, (actual), (actual_len), (expected), \
                   sizeof(expected) - 1, #actual)
/* Both NUL-terminated (`actual` may be NULL, which fails). */
#define CAPI_CHECK_STR(actual, expected) \
  capi_check_string(__FILE__, __LINE__, (actual), (expected), #actual)
int capi_check_string(const char *file, int line, const char *actual,
                      const char *expected, const char *actual_expression);

/* Something that writes its result into an output buffer, as the C API's
 * functions do (u8guard_c.h, "Output buffers"); `context` is its input. */
typedef u8guard_status (*capi_producer)(const void *context, char *out,
                                        size_t out_capacity, size_t *out_len,
                                        u8guard_error *error);

/* Calls `produce` with every capacity from 0 to expected_len + 1 (and with
 * out = NULL for 0) and checks the output-buffer contract at each: too
 * small gives U8GUARD_BUFFER_TOO_SMALL, the needed length, an empty string
 * and no other byte written; enough gives U8GUARD_OK and exactly `expected`,
 * with a NUL after it only when there is room. Defined in capi_buffers.c. */
void capi_check_every_capacity(const char *file, int line,
                               capi_producer produce, const void *context,
                               const char *expected, size_t expected_len);
#define CAPI_CHECK_EVERY_CAPACITY(produce, context, expected)                 \
  capi_check_every_capacity(__FILE__, __LINE__, produce, context, (expected), \
                            sizeof(expected) - 1)

/* A function of the C API that writes text about an input under a profile
 * (u8guard_canonicalize, u8guard_canonicalize_secret and their
 * vocabulary names). */
typedef u8guard_status (*capi_text_function)(
    const u8guard_profile *profile, const char *input, size_t input_len,
    char *out, size_t out_capacity, size_t *out_len, u8guard_error *error);

/* Calls `old_name` and `alias` on the same input with an output buffer of
 * `capacity` bytes and checks that they give the same answer: the same
 * status, length, bytes, and on failure the same error (rule, source,
 * offset, code point, message). Returns the status. Defined in
 * capi_buffers.c. */
u8guard_status capi_check_same_text(const char *file, int line,
                                    capi_text_function old_name,
                                    capi_text_function alias,
                                    const u8guard_profile *profile,
                                    const char *input, size_t input_len,
                                    size_t capacity);
#define CAPI_CHECK_SAME_TEXT(old_name, alias, profile, input, input_len,   \
                             capacity)                                     \
  capi_check_same_text(__FILE__, __LINE__, (old_name), (alias), (profile), \
                       (input), (input_len), (capacity))

/* Checks that two errors of calls that should be one are equal, field for
 * field. Defined in capi_buffers.c. */
void capi_check_same_error(const char *file, int line, const u8guard_error *a,
                           const u8guard_error *b);

/* A directory of its own for the running test, removed after it. */
const char *capi_temp_dir(void);

/* The source tree's root (for examples/ and policies/). */
const char *capi_source_dir(void);

/* Writes `len` bytes to `path`, replacing it; records a failure on error. */
void capi_write_file(const char *path, const char *bytes, size_t len);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* U8GUARD_TESTS_CAPI_CAPI_HARNESS_H_ */
