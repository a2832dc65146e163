/* SPDX-License-Identifier: Apache-2.0 */
/* The verifier in bounded memory through the C API, from C11
 * (u8guard_record_verifier_new_bounded): the changes, counts and groups of
 * u8guard_verify_records on the same records, at budgets that keep
 * everything in memory and budgets that spill to temporary files; groups
 * kept or handed to a callback; a callback's stop (change, group,
 * interrupted) ends the verification with U8GUARD_CANCELLED and spends
 * it; a temporary directory that does not exist is an error naming it. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/capi/capi_harness.h"
#include "u8guard/u8guard_c.h"

static u8guard_profile *user_names(void) {
  u8guard_profile *profile = NULL;
  CAPI_CHECK_INT(
      u8guard_profile_open("username-case-mapped", NULL, &profile, NULL),
      U8GUARD_OK);
  return profile;
}

/* Records whose every name changed: "a<i/2>" and "A<i/2>" stored with
 * keys of their own, which now share one key (a new collision each), and
 * the records of the in-memory verifier's test (a look-alike new to its
 * group, a name now rejected, one now accepted). A new string; free it. */
static char *changed_records(size_t pairs) {
  static const char tail[] =
      "{\"name\":\"paypal\",\"profile\":\"username-case-mapped\","
      "\"valid\":true,\"key\":\"paypal\",\"lookalike_keys\":[\"paypal\"],"
      "\"version_tag\":\"old\"}\n"
      "{\"name\":\"p\xD0\xB0ypal\",\"profile\":\"username-case-mapped\","
      "\"valid\":true,\"key\":\"p\xD0\xB0ypal\",\"lookalike_keys\":[\"x\"],"
      "\"version_tag\":\"old\"}\n"
      "{\"name\":\"a b\",\"profile\":\"username-case-mapped\",\"valid\":true,"
      "\"key\":\"a b\",\"lookalike_keys\":[\"a b\"],\"version_tag\":\"old\"}\n"
      "{\"name\":\"BOB\",\"profile\":\"username-case-mapped\","
      "\"valid\":false,\"rule\":\"DISALLOWED/spaces\","
      "\"version_tag\":\"old\"}\n";
  const size_t line = 160;
  char *text = malloc(2 * pairs * line + sizeof tail);
  size_t at = 0;
  CAPI_CHECK(text != NULL);
  for (size_t i = 0; i < 2 * pairs; ++i) {
    at += (size_t)snprintf(
        text + at, line,
        "{\"name\":\"%c%zu\",\"profile\":\"username-case-mapped\","
        "\"valid\":true,\"key\":\"old%zu\",\"lookalike_keys\":[\"z%zu\"],"
        "\"version_tag\":\"v%zu\"}\n",
        i % 2 ? 'A' : 'a', i / 2, i, i, i % 3);
  }
  memcpy(text + at, tail, sizeof tail);
  return text;
}

/* What the callbacks see and say. */
typedef struct seen {
  const u8guard_record_verification *want;
  size_t changes;
  size_t groups;
  size_t interrupts;
  /* Stop at this change, group or interrupt call (1-based; 0: never). */
  size_t stop_change, stop_group, stop_interrupt;
} seen;

static int on_change(void *context, const u8guard_record_change *got) {
  seen *s = context;
  u8guard_record_change want;
  if (s->want == NULL) return ++s->changes == s->stop_change;
  CAPI_CHECK_INT(
      u8guard_record_verification_change(s->want, s->changes++, &want),
      U8GUARD_OK);
  CAPI_CHECK_INT(got->kind, want.kind);
  CAPI_CHECK_INT(got->line, want.line);
  CAPI_CHECK_INT(got->other_line, want.other_line);
  capi_check_bytes(__FILE__, __LINE__, got->name, got->name_len, want.name,
                   want.name_len, "name");
  capi_check_bytes(__FILE__, __LINE__, got->new_key, got->new_key_len,
                   want.new_key, want.new_key_len, "new_key");
  capi_check_bytes(__FILE__, __LINE__, got->shared_key, got->shared_key_len,
                   want.shared_key, want.shared_key_len, "shared_key");
  CAPI_CHECK_STR(got->rule, want.rule);
  return s->changes == s->stop_change;
}

/* Group number g of `got` (index gi) is group number wi of `want`. */
static void check_group(const u8guard_record_verification *got, size_t gi,
                        const u8guard_record_verification *want, size_t wi) {
  u8guard_record_group a, b;
  CAPI_CHECK_INT(u8guard_record_verification_group(got, gi, &a), U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_record_verification_group(want, wi, &b), U8GUARD_OK);
  CAPI_CHECK_INT(a.kind, b.kind);
  capi_check_bytes(__FILE__, __LINE__, a.key, a.key_len, b.key, b.key_len,
                   "key");
  CAPI_CHECK_INT(a.member_count, b.member_count);
  CAPI_CHECK_INT(a.new_pairs, b.new_pairs);
  for (size_t m = 0; m < a.member_count; ++m) {
    u8guard_record_group_member ma, mb;
    CAPI_CHECK_INT(u8guard_record_verification_group_member(got, gi, m, &ma),
                   U8GUARD_OK);
    CAPI_CHECK_INT(u8guard_record_verification_group_member(want, wi, m, &mb),
                   U8GUARD_OK);
    CAPI_CHECK_INT(ma.line, mb.line);
    CAPI_CHECK_INT(ma.new_to_group, mb.new_to_group);
    CAPI_CHECK_INT(ma.new_partners, mb.new_partners);
  }
}

static int on_group(void *context, const u8guard_record_verification *got) {
  seen *s = context;
  CAPI_CHECK_INT(u8guard_record_verification_group_count(got), 1);
  if (s->want == NULL) return ++s->groups == s->stop_group;
  check_group(got, 0, s->want, s->groups++);
  return s->groups == s->stop_group;
}

static int on_interrupt(void *context) {
  seen *s = context;
  return ++s->interrupts == s->stop_interrupt;
}

/* Feeds the lines of `text` to a verifier of `budget` bytes (alternately
 * as JSON and, for the first line of each three, by finish_some first) and
 * checks it against u8guard_verify_records, changes through the callback
 * and groups kept or (group_callback) handed out. */
static void check_bounded(const char *text, size_t budget, int group_callback,
                          int finish_some) {
  u8guard_profile *profile = user_names();
  u8guard_record_verification *want = NULL, *got = NULL;
  u8guard_record_verifier *v = NULL;
  u8guard_error e;
  seen s;
  u8guard_record_verifier_options options;
  memset(&s, 0, sizeof s);
  memset(&options, 0, sizeof options);
  CAPI_CHECK_INT(
      u8guard_verify_records(profile, NULL, text, strlen(text), &want, &e),
      U8GUARD_OK);
  s.want = want;
  options.memory_budget = budget;
  options.change = on_change;
  if (group_callback) options.group = on_group;
  options.interrupted = on_interrupt;
  options.context = &s;
  CAPI_CHECK_INT(
      u8guard_record_verifier_new_bounded(profile, NULL, &options, &v, &e),
      U8GUARD_OK);
  size_t line = 1;
  for (const char *p = text; *p != '\0'; ++line) {
    const char *end = strchr(p, '\n');
    CAPI_CHECK_INT(
        u8guard_record_verifier_add(v, p, (size_t)(end - p), line, &e),
        U8GUARD_OK);
    /* The changes wait for the end. */
    CAPI_CHECK_INT(u8guard_record_verifier_change_count(v), 0);
    CAPI_CHECK_INT(s.changes, 0);
    p = end + 1;
  }
  if (finish_some) {
    int done = 0;
    CAPI_CHECK_INT(u8guard_record_verifier_finish_some(v, 1, &done, &e),
                   U8GUARD_OK);
    CAPI_CHECK_INT(done, 1);
    CAPI_CHECK_INT(u8guard_record_verifier_add(v, "{}", 2, 9, &e),
                   U8GUARD_INVALID_ARGUMENT);
    CAPI_CHECK(strstr(e.message, "finishing") != NULL);
  }
  CAPI_CHECK_INT(u8guard_record_verifier_finish(v, &got, &e), U8GUARD_OK);
  CAPI_CHECK_INT(s.changes, u8guard_record_verification_change_count(want));
  CAPI_CHECK_INT(u8guard_record_verification_records(got),
                 u8guard_record_verification_records(want));
  CAPI_CHECK_INT(u8guard_record_verification_valid(got),
                 u8guard_record_verification_valid(want));
  CAPI_CHECK_INT(u8guard_record_verification_changed_names(got),
                 u8guard_record_verification_changed_names(want));
  CAPI_CHECK_INT(u8guard_record_verification_change_count(got), 0);
  CAPI_CHECK_INT(u8guard_record_verification_new_collision_pairs(got),
                 u8guard_record_verification_new_collision_pairs(want));
  CAPI_CHECK_INT(u8guard_record_verification_new_lookalike_pairs(got),
                 u8guard_record_verification_new_lookalike_pairs(want));
  if (group_callback) {
    CAPI_CHECK_INT(s.groups, u8guard_record_verification_group_count(want));
    CAPI_CHECK_INT(u8guard_record_verification_group_count(got), 0);
  } else {
    CAPI_CHECK_INT(u8guard_record_verification_group_count(got),
                   u8guard_record_verification_group_count(want));
    for (size_t g = 0; g < u8guard_record_verification_group_count(want); ++g) {
      check_group(got, g, want, g);
    }
  }
  /* Spent. */
  u8guard_record_verification_free(got);
  got = NULL;
  CAPI_CHECK_INT(u8guard_record_verifier_add(v, "{}", 2, 9, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_record_verifier_finish(v, &got, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK(got == NULL);
  u8guard_record_verifier_free(v);
  u8guard_record_verification_free(want);
  u8guard_profile_free(profile);
}

static void test_same_as_in_memory(void) {
  char *text = changed_records(2000);
  /* 1 byte: every sort spills (runs of a KiB) and merges in passes; 0:
   * the default 64 MiB, all in memory. */
  const size_t budgets[] = {1, 64 << 10, 0};
  for (size_t b = 0; b < sizeof budgets / sizeof budgets[0]; ++b) {
    check_bounded(text, budgets[b], 0, 0);
    check_bounded(text, budgets[b], 1, 1);
  }
  check_bounded("", 1, 0, 1);
  free(text);
}

/* Adds the lines of `text` to `v` until one fails, then finishes it into
 * *got: the first status that is not U8GUARD_OK, else the finish's. */
static u8guard_status feed_and_finish(u8guard_record_verifier *v,
                                      const char *text,
                                      u8guard_record_verification **got,
                                      u8guard_error *e) {
  size_t line = 1;
  for (const char *p = text; *p != '\0'; ++line) {
    const char *end = strchr(p, '\n');
    const u8guard_status status =
        u8guard_record_verifier_add(v, p, (size_t)(end - p), line, e);
    if (status != U8GUARD_OK) return status;
    p = end + 1;
  }
  return u8guard_record_verifier_finish(v, got, e);
}

/* Verifies `text` in a verifier of `budget` bytes whose callbacks stop as
 * `stops` says (counting only: SameAsInMemory checks what they receive);
 * the add or finish that meets the stop returns U8GUARD_CANCELLED, and the
 * verifier is spent. Returns the callbacks' counts. */
static seen stopped(const char *text, size_t budget, seen stops) {
  u8guard_profile *profile = user_names();
  u8guard_record_verification *got = NULL;
  u8guard_record_verifier *v = NULL;
  u8guard_error e;
  u8guard_record_verifier_options options;
  u8guard_status status;
  memset(&options, 0, sizeof options);
  stops.want = NULL;
  options.memory_budget = budget;
  options.change = on_change;
  options.group = on_group;
  options.interrupted = on_interrupt;
  options.context = &stops;
  CAPI_CHECK_INT(
      u8guard_record_verifier_new_bounded(profile, NULL, &options, &v, &e),
      U8GUARD_OK);
  status = feed_and_finish(v, text, &got, &e);
  CAPI_CHECK_INT(status, U8GUARD_CANCELLED);
  CAPI_CHECK(strstr(e.message, "stopped") != NULL);
  CAPI_CHECK(got == NULL);
  /* Spent: nothing more is asked of the callbacks. */
  const seen after = stops;
  CAPI_CHECK_INT(u8guard_record_verifier_add(v, "{}", 2, 9, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_record_verifier_finish(v, &got, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(stops.changes, after.changes);
  CAPI_CHECK_INT(stops.groups, after.groups);
  u8guard_record_verifier_free(v);
  u8guard_profile_free(profile);
  return stops;
}

static void test_callbacks_stop(void) {
  char *small = changed_records(500);
  /* 70,000 records: the interrupt is asked within the adds too. */
  char *text = changed_records(35000);
  seen stops;
  memset(&stops, 0, sizeof stops);
  stops.stop_change = 3;
  seen s = stopped(small, 1 << 20, stops);
  CAPI_CHECK_INT(s.changes, 3);
  CAPI_CHECK_INT(s.groups, 0);
  memset(&stops, 0, sizeof stops);
  stops.stop_group = 2;
  s = stopped(small, 1 << 20, stops);
  CAPI_CHECK_INT(s.groups, 2);
  /* The first interrupt call, in the adds (every 65,536 units). */
  memset(&stops, 0, sizeof stops);
  stops.stop_interrupt = 1;
  s = stopped(text, 1 << 20, stops);
  CAPI_CHECK_INT(s.interrupts, 1);
  CAPI_CHECK_INT(s.changes, 0);
  /* A later one: while the groups are made or the runs merged. */
  memset(&stops, 0, sizeof stops);
  stops.stop_interrupt = 3;
  s = stopped(text, 4096, stops);
  CAPI_CHECK_INT(s.interrupts, 3);
  free(small);
  free(text);
}

static void test_bad_temp_dir(void) {
  u8guard_profile *profile = user_names();
  u8guard_record_verifier *v = NULL;
  u8guard_record_verification *got = NULL;
  u8guard_error e;
  u8guard_record_verifier_options options;
  char *text = changed_records(500);
  u8guard_status status;
  memset(&options, 0, sizeof options);
  options.memory_budget = 1; /* spills at once */
  options.temp_dir = "/nonexistent/u8guard-tmp";
  CAPI_CHECK_INT(
      u8guard_record_verifier_new_bounded(profile, NULL, &options, &v, &e),
      U8GUARD_OK);
  status = feed_and_finish(v, text, &got, &e);
  CAPI_CHECK_INT(status, U8GUARD_NOT_FOUND);
  CAPI_CHECK(strstr(e.message, "/nonexistent/u8guard-tmp") != NULL);
  CAPI_CHECK(got == NULL);
  u8guard_record_verifier_free(v);
  /* NULL arguments. */
  CAPI_CHECK_INT(
      u8guard_record_verifier_new_bounded(NULL, NULL, &options, &v, &e),
      U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK(v == NULL);
  CAPI_CHECK_INT(
      u8guard_record_verifier_new_bounded(profile, NULL, NULL, NULL, &e),
      U8GUARD_INVALID_ARGUMENT);
  free(text);
  u8guard_profile_free(profile);
}

const capi_test capi_bounded_verifier_tests[] = {
    {"SameAsInMemory", test_same_as_in_memory},
    {"CallbacksStop", test_callbacks_stop},
    {"BadTempDir", test_bad_temp_dir},
    {NULL, NULL}};
