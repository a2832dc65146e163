/* SPDX-License-Identifier: Apache-2.0 */
/* The output-buffer contract of the C API, checked at every capacity. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/capi/capi_harness.h"

enum { kSentinel = 0x7E };

/* True when buf[from, to) all hold the sentinel. */
static int untouched(const char *buf, size_t from, size_t to) {
  size_t i;
  for (i = from; i < to; ++i) {
    if ((unsigned char)buf[i] != kSentinel) return 0;
  }
  return 1;
}

/* One call with `capacity`; returns 1 when the contract held. */
static int check_capacity(const char *file, int line, capi_producer produce,
                          const void *context, const char *expected, size_t n,
                          size_t capacity, int null_out, char *buf) {
  u8guard_error error;
  size_t out_len = (size_t)-1;
  u8guard_status status;
  char message[200];
  int ok = 1;
  memset(buf, kSentinel, n + 2);
  status = produce(context, null_out ? NULL : buf, capacity, &out_len, &error);
  if (capacity < n) {
    ok = status == U8GUARD_BUFFER_TOO_SMALL &&
         error.status == U8GUARD_BUFFER_TOO_SMALL && out_len == n &&
         (capacity == 0 ? untouched(buf, 0, n + 2)
                        : buf[0] == '\0' && untouched(buf, 1, n + 2));
  } else {
    ok = status == U8GUARD_OK && error.status == U8GUARD_OK && out_len == n &&
         memcmp(buf, expected, n) == 0 &&
         (capacity == n ? untouched(buf, n, n + 2)
                        : buf[n] == '\0' && untouched(buf, n + 1, n + 2));
  }
  if (!ok) {
    snprintf(message, sizeof message,
             "capacity %zu (needed %zu)%s: status %s, out_len %zu, "
             "message \"%.80s\"",
             capacity, n, null_out ? " with out = NULL" : "",
             u8guard_status_name(status), out_len, error.message);
    capi_fail(file, line, message);
  }
  return ok;
}

void capi_check_every_capacity(const char *file, int line,
                               capi_producer produce, const void *context,
                               const char *expected, size_t expected_len) {
  char *buf = malloc(expected_len + 2);
  size_t capacity;
  if (buf == NULL) {
    capi_fail(file, line, "out of memory");
    return;
  }
  check_capacity(file, line, produce, context, expected, expected_len, 0, 1,
                 buf);
  for (capacity = 0; capacity <= expected_len + 1; ++capacity) {
    /* Stop at the first failure: one message, not hundreds. */
    if (!check_capacity(file, line, produce, context, expected, expected_len,
                        capacity, 0, buf)) {
      break;
    }
  }
  free(buf);
}

void capi_check_same_error(const char *file, int line, const u8guard_error *a,
                           const u8guard_error *b) {
  capi_check_int(file, line, b->status, a->status, "status", "old status");
  capi_check_int(file, line, b->rule, a->rule, "rule", "old rule");
  capi_check_int(file, line, b->source, a->source, "source", "old source");
  capi_check_int(file, line, (long long)b->offset, (long long)a->offset,
                 "offset", "old offset");
  capi_check_int(file, line, b->code_point, a->code_point, "code_point",
                 "old code_point");
  capi_check_string(file, line, b->message, a->message, "message");
}

u8guard_status capi_check_same_text(const char *file, int line,
                                    capi_text_function old_name,
                                    capi_text_function alias,
                                    const u8guard_profile *profile,
                                    const char *input, size_t input_len,
                                    size_t capacity) {
  char a[256], b[256];
  size_t a_len = 7, b_len = 9;
  u8guard_error ea, eb;
  u8guard_status sa, sb;
  if (capacity > sizeof a) capacity = sizeof a;
  memset(a, kSentinel, sizeof a);
  memset(b, kSentinel, sizeof b);
  sa = old_name(profile, input, input_len, a, capacity, &a_len, &ea);
  sb = alias(profile, input, input_len, b, capacity, &b_len, &eb);
  capi_check_int(file, line, sb, sa, "the alias's status", "the old name's");
  capi_check_int(file, line, (long long)b_len, (long long)a_len,
                 "the alias's length", "the old name's");
  capi_check(file, line, memcmp(a, b, sizeof a) == 0,
             "the alias writes the bytes the old name writes");
  capi_check_same_error(file, line, &ea, &eb);
  return sa;
}
