/* SPDX-License-Identifier: Apache-2.0 */
/* The C surface of the cross-surface conformance test: each operation of
 * tests/conformance/cases.tsv through the C API (u8guard_c.h) alone, its
 * answer in a plain struct that conformance_driver.cc writes as JSON. */

#ifndef U8GUARD_TESTS_CONFORMANCE_CONFORMANCE_C_H_
#define U8GUARD_TESTS_CONFORMANCE_CONFORMANCE_C_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The operations that answer with text or a rejection. */
enum {
  CONFORMANCE_C_KEY = 0,
  CONFORMANCE_C_ENFORCE = 1,
  CONFORMANCE_C_SKELETON = 2,
  CONFORMANCE_C_PATH = 3
};

/* One answer. ok: 1 accepted (value, keys or level set), 0 rejected (rule,
 * offset, code_point set), -1 any other failure (status names it). */
typedef struct conformance_c_answer {
  int ok;
  const char *status; /* u8guard_status_name of the call */
  char *value;        /* malloc'd; value_len bytes (NUL-terminated) */
  size_t value_len;
  size_t key_count; /* look-alike keys: key_lens[i] bytes each in value */
  size_t key_lens[3];
  const char *level; /* the restriction level's name */
  const char *rule;  /* the rule id */
  size_t offset;
  int32_t code_point; /* -1 when none */
  /* register: the outcome's name and what the name clashes with; the
   * record's enforced form, scripts ("Cyrl Latn"), display safety and
   * version tag (malloc'd, NUL-terminated; NULL when none). */
  const char *outcome;
  char *conflict;
  char *enforced;
  size_t enforced_len;
  char *scripts;
  const char *display;
  char *version_tag;
} conformance_c_answer;

/* Frees what an answer holds (not the struct) and zeroes it. */
void conformance_c_answer_free(conformance_c_answer *a);

/* Validates bytes[0, len): returns 1 when valid, 0 when not (-1 when the
 * call fails); the first error's offset,
 * rule id (NULL when valid) and length through the pointers. */
int conformance_c_utf8(const char *bytes, size_t len, size_t *valid_up_to,
                       const char **rule, size_t *error_len);

/* CONFORMANCE_C_KEY, _ENFORCE, _SKELETON under the built-in profile
 * `profile`, or CONFORMANCE_C_PATH with the default path options
 * (`profile` unused), of in[0, len). */
void conformance_c_text(int op, const char *profile, const char *in, size_t len,
                        conformance_c_answer *out);

/* The look-alike keys of in[0, len) under `profile`. */
void conformance_c_lookalike(const char *profile, const char *in, size_t len,
                             conformance_c_answer *out);

/* The restriction level of in[0, len) under `profile`. */
void conformance_c_restriction(const char *profile, const char *in, size_t len,
                               conformance_c_answer *out);

/* 1 when `profile` finds a and b equivalent, else 0; -1 when the profile
 * cannot be opened. */
int conformance_c_equivalent(const char *profile, const char *a, size_t a_len,
                             const char *b, size_t b_len);

/* The decision of the default registration policy on an empty registry for
 * the name in[0, len): outcome; the record's key, level and look-alike keys
 * when it has one (ok 1); the rejection when the profile rejects it. */
void conformance_c_register(const char *profile, const char *in, size_t len,
                            conformance_c_answer *out);

/* The description of the rule whose id is `id`; NULL when there is none. */
const char *conformance_c_rule_description(const char *id);

/* Frees the profiles the calls above opened. */
void conformance_c_close(void);

#ifdef __cplusplus
}
#endif

#endif /* U8GUARD_TESTS_CONFORMANCE_CONFORMANCE_C_H_ */
