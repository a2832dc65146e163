// SPDX-License-Identifier: Apache-2.0
// Small C helpers for the cgo files of package u8guard: they call the C
// API with arguments Go can pass cheaply (no Go pointer kept by C, results
// by value) and hold no rule of their own.
#ifndef U8GUARD_GO_CGO_HELPERS_H_
#define U8GUARD_GO_CGO_HELPERS_H_

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <u8guard/u8guard_c.h>

// The operations u8g_text and u8g_texts run.
// U8G_SKELETON reads the key in `order` (U8GUARD_SKELETON_ORDER_*, the
// library refuses others); the other operations ignore it.
enum { U8G_KEY = 0, U8G_ENFORCE = 1, U8G_SKELETON = 2 };

// A status and a length, returned by value so that Go passes no pointer
// for them.
typedef struct u8g_result {
  int32_t status;
  size_t len;
  // On a failure other than U8GUARD_BUFFER_TOO_SMALL: the error's fields,
  // and its message in memory the caller frees (NULL when out of memory).
  int32_t rule;
  int32_t source;
  int32_t code_point;
  size_t offset;
  char *message;
} u8g_result;

static inline u8guard_status u8g_run(const u8guard_profile *p, int op,
                                     int32_t order, const char *in, size_t n,
                                     char *out, size_t cap, size_t *len,
                                     u8guard_error *error) {
  switch (op) {
    case U8G_KEY:
      return u8guard_canonicalize(p, in, n, out, cap, len, error);
    case U8G_ENFORCE:
      return u8guard_enforce(p, in, n, out, cap, len, error);
    default:
      return u8guard_bidi_skeleton(p, order, in, n, out, cap, len, error);
  }
}

// One text operation of `op` on in[0, n) into out[0, cap), with the error
// struct on C's stack: a failure comes back in one call, its message
// copied into malloc'd memory (so that Go passes no pointer for it).
static inline u8g_result u8g_text(const u8guard_profile *p, int op,
                                  int32_t order, const char *in, size_t n,
                                  char *out, size_t cap) {
  u8g_result r;
  u8guard_error e;
  size_t len = 0;
  r.status = (int32_t)u8g_run(p, op, order, in, n, out, cap, &len, &e);
  r.len = len;
  r.message = NULL;
  r.rule = e.rule;
  r.source = e.source;
  r.code_point = e.code_point;
  r.offset = e.offset;
  if (r.status != U8GUARD_OK && r.status != U8GUARD_BUFFER_TOO_SMALL) {
    size_t m = strlen(e.message);
    r.message = (char *)malloc(m + 1);
    if (r.message != NULL) memcpy(r.message, e.message, m + 1);
  }
  return r;
}

// The batch form: inputs are in[ends[i-1], ends[i]) for i in [start,
// count); results go one after the other into out from out_ends[start-1]
// (0 when start is 0), their ends into out_ends and their statuses into
// statuses. Stops at the first result that does not fit and returns its
// index (count when all are done); out_ends[that index] is then the length
// the result needs.
static inline size_t u8g_texts(const u8guard_profile *p, int op, const char *in,
                               const size_t *ends, size_t start, size_t count,
                               char *out, size_t cap, size_t *out_ends,
                               int32_t *statuses) {
  size_t at = start == 0 ? 0 : out_ends[start - 1];
  for (size_t i = start; i < count; i++) {
    size_t begin = i == 0 ? 0 : ends[i - 1];
    size_t len = 0;
    u8guard_status s =
        u8g_run(p, op, U8GUARD_SKELETON_ORDER_LOGICAL, in + begin,
                ends[i] - begin, out + at, cap - at, &len, NULL);
    if (s == U8GUARD_BUFFER_TOO_SMALL) {
      out_ends[i] = len;
      return i;
    }
    statuses[i] = (int32_t)s;
    if (s == U8GUARD_OK) at += len;
    out_ends[i] = at;
  }
  return count;
}

// u8guard_equivalent without Go pointers to lengths.
static inline int u8g_equivalent(const u8guard_profile *p, const char *a,
                                 size_t a_len, const char *b, size_t b_len) {
  return u8guard_equivalent(p, a, a_len, b, b_len);
}

#endif  // U8GUARD_GO_CGO_HELPERS_H_
