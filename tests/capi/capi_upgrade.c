/* SPDX-License-Identifier: Apache-2.0 */
/* Upgrade verification through the C API, from C11: name records, a
 * verification of records an older version could have written, its groups
 * (every new pair, where the pair summary leaves some out), malformed
 * records, NULL arguments. */

#include <stdio.h>
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

static void test_name_record(void) {
  u8guard_profile *profile = user_names();
  char out[512];
  size_t len = 0;
  u8guard_error e;
  CAPI_CHECK_INT(
      u8guard_name_record(profile, NULL, "Alice", 5, out, sizeof out, &len, &e),
      U8GUARD_OK);
  CAPI_CHECK_INT(strlen(out), len);
  CAPI_CHECK(strncmp(out,
                     "{\"name\":\"Alice\",\"profile\":\"username-case-mapped\","
                     "\"valid\":true,\"key\":\"alice\",\"lookalike_keys\":"
                     "[\"alice\",\"allce\"],\"version_tag\":\"u8guard-",
                     134) == 0);
  /* A rejected name has a record; bytes that are not UTF-8 go in hex. */
  CAPI_CHECK_INT(
      u8guard_name_record(profile, NULL, "\xFF", 1, out, sizeof out, &len, &e),
      U8GUARD_OK);
  CAPI_CHECK(strstr(out, "\"name_hex\":\"ff\"") != NULL);
  CAPI_CHECK(strstr(out, "\"valid\":false,\"rule\":\"utf8/invalid_byte\"") !=
             NULL);
  /* Too small: the length needed. */
  CAPI_CHECK_INT(
      u8guard_name_record(profile, NULL, "Alice", 5, out, 10, &len, &e),
      U8GUARD_BUFFER_TOO_SMALL);
  CAPI_CHECK(len > 100);
  CAPI_CHECK_INT(
      u8guard_name_record(NULL, NULL, "a", 1, out, sizeof out, &len, &e),
      U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(
      u8guard_name_record(profile, NULL, NULL, 1, out, sizeof out, &len, &e),
      U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(
      u8guard_name_record(profile, NULL, "a", 1, out, sizeof out, NULL, &e),
      U8GUARD_INVALID_ARGUMENT);
  u8guard_profile_free(profile);
}

static void test_verify(void) {
  static const char records[] =
      "{\"name\":\"bob\",\"profile\":\"username-case-mapped\",\"valid\":true,"
      "\"key\":\"b0b\",\"lookalike_keys\":[\"b0b\"],\"version_tag\":\"old\"}\n"
      "{\"name\":\"a b\",\"profile\":\"username-case-mapped\",\"valid\":true,"
      "\"key\":\"a b\",\"lookalike_keys\":[\"a b\"],\"version_tag\":\"old\"}\n"
      "\n"
      "{\"name\":\"Erin\",\"profile\":\"username-case-mapped\",\"valid\":true,"
      "\"key\":\"erin\",\"lookalike_keys\":[\"erin\",\"erln\"],"
      "\"version_tag\":\"old\"}\n"
      "{\"name\":\"ERIN\",\"profile\":\"username-case-mapped\",\"valid\":"
      "false,\"rule\":\"DISALLOWED/unassigned\",\"version_tag\":\"old\"}\n";
  u8guard_profile *profile = user_names();
  u8guard_record_verification *v = NULL;
  u8guard_record_change c;
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_records_verify(profile, NULL, records,
                                        sizeof records - 1, &v, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_record_verification_records(v), 4);
  CAPI_CHECK_INT(u8guard_record_verification_valid(v), 3);
  CAPI_CHECK_INT(u8guard_record_verification_changed_names(v), 3);
  CAPI_CHECK_INT(u8guard_record_verification_change_count(v), 4);
  CAPI_CHECK_INT(u8guard_record_verification_change(v, 0, &c), U8GUARD_OK);
  CAPI_CHECK_INT(c.kind, U8GUARD_RECORD_KEY_CHANGED);
  CAPI_CHECK_INT(c.line, 1);
  CAPI_CHECK_BYTES(c.name, c.name_len, "bob");
  CAPI_CHECK_BYTES(c.old_key, c.old_key_len, "b0b");
  CAPI_CHECK_BYTES(c.new_key, c.new_key_len, "bob");
  CAPI_CHECK_INT(c.old_lookalike_key_count, 1);
  CAPI_CHECK_BYTES(c.old_lookalike_keys[0], c.old_lookalike_key_lens[0], "b0b");
  CAPI_CHECK_INT(c.new_lookalike_key_count, 1);
  CAPI_CHECK_BYTES(c.new_lookalike_keys[0], c.new_lookalike_key_lens[0], "bob");
  CAPI_CHECK_STR(c.rule, "");
  CAPI_CHECK_INT(u8guard_record_verification_change(v, 1, &c), U8GUARD_OK);
  CAPI_CHECK_INT(c.kind, U8GUARD_RECORD_NOW_REJECTED);
  CAPI_CHECK_STR(c.rule, "DISALLOWED/spaces");
  CAPI_CHECK_INT(c.new_key_len, 0);
  CAPI_CHECK_INT(u8guard_record_verification_change(v, 2, &c), U8GUARD_OK);
  CAPI_CHECK_INT(c.kind, U8GUARD_RECORD_NOW_ACCEPTED);
  CAPI_CHECK_INT(c.line, 5);
  CAPI_CHECK_INT(u8guard_record_verification_change(v, 3, &c), U8GUARD_OK);
  CAPI_CHECK_INT(c.kind, U8GUARD_RECORD_NEW_COLLISION);
  CAPI_CHECK_BYTES(c.name, c.name_len, "ERIN");
  CAPI_CHECK_INT(c.other_line, 4);
  CAPI_CHECK_BYTES(c.other_name, c.other_name_len, "Erin");
  CAPI_CHECK_BYTES(c.other_old_key, c.other_old_key_len, "erin");
  CAPI_CHECK_BYTES(c.shared_key, c.shared_key_len, "erin");
  CAPI_CHECK_INT(u8guard_record_verification_change(v, 4, &c),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_record_verification_change(v, 0, NULL),
                 U8GUARD_INVALID_ARGUMENT);
  u8guard_record_verification_free(v);
  CAPI_CHECK_STR(u8guard_record_change_kind_name(U8GUARD_RECORD_NEW_LOOKALIKE),
                 "new_lookalike");
  CAPI_CHECK_STR(u8guard_record_change_kind_name(6), "unknown");
  CAPI_CHECK_STR(u8guard_record_change_kind_name(-1), "unknown");
  u8guard_profile_free(profile);
}

/* The number of changes of `kind` in `v`. */
static size_t count_changes(const u8guard_record_verification *v,
                            int32_t kind) {
  size_t n = 0;
  u8guard_record_change c;
  for (size_t i = 0; i < u8guard_record_verification_change_count(v); ++i) {
    CAPI_CHECK_INT(u8guard_record_verification_change(v, i, &c), U8GUARD_OK);
    if (c.kind == kind) ++n;
  }
  return n;
}

/* Checks member `index` of group `group` of `v`: its line, new_to_group
 * and new_partners; writes it to *m. */
static void check_member(const u8guard_record_verification *v, size_t group,
                         size_t index, size_t line, int new_to_group,
                         size_t new_partners, u8guard_record_group_member *m) {
  CAPI_CHECK_INT(u8guard_record_verification_group_member(v, group, index, m),
                 U8GUARD_OK);
  CAPI_CHECK_INT(m->line, line);
  CAPI_CHECK_INT(m->new_to_group, new_to_group);
  CAPI_CHECK_INT(m->new_partners, new_partners);
}

/* The cases of upgrade_test.cc's VerifyGroups where the pair summary
 * misses a pair. pa(Cyrillic a)ypal, paypal and (Cyrillic r)aypal all have
 * the look-alike key "paypal" now; the first and the third shared
 * "(thorn)aypal" in the records, so the summary compares the third with
 * the first only and loses (Cyrillic r)aypal ~ paypal. Erin and ERIN had
 * one key ("e-old"), erin another; now all three have "erin": the summary
 * gives erin ~ Erin only, and loses erin ~ ERIN. */
static void test_verify_groups(void) {
  static const char records[] =
      "{\"name\":\"p\xD0\xB0ypal\",\"profile\":\"username-case-mapped\","
      "\"valid\":true,\"key\":\"p\xD0\xB0ypal\",\"lookalike_keys\":"
      "[\"\xC3\xBE"
      "aypal\"],\"version_tag\":\"old\"}\n"
      "{\"name\":\"paypal\",\"profile\":\"username-case-mapped\","
      "\"valid\":true,\"key\":\"paypal\",\"lookalike_keys\":[\"paypal\"],"
      "\"version_tag\":\"old\"}\n"
      "{\"name\":\"\xD1\x80"
      "aypal\",\"profile\":\"username-case-mapped\","
      "\"valid\":true,\"key\":\"\xD1\x80"
      "aypal\",\"lookalike_keys\":"
      "[\"\xC3\xBE"
      "aypal\"],\"version_tag\":\"old\"}\n"
      "{\"name\":\"Erin\",\"profile\":\"username-case-mapped\",\"valid\":true,"
      "\"key\":\"e-old\",\"lookalike_keys\":[\"erin\",\"erln\"],"
      "\"version_tag\":\"old\"}\n"
      "{\"name\":\"ERIN\",\"profile\":\"username-case-mapped\",\"valid\":true,"
      "\"key\":\"e-old\",\"lookalike_keys\":[\"erin\",\"erln\"],"
      "\"version_tag\":\"old\"}\n"
      "{\"name\":\"erin\",\"profile\":\"username-case-mapped\",\"valid\":true,"
      "\"key\":\"erin\",\"lookalike_keys\":[\"erin\",\"erln\"],"
      "\"version_tag\":\"old\"}\n";
  u8guard_profile *profile = user_names();
  u8guard_record_verification *v = NULL;
  u8guard_record_group g;
  u8guard_record_group_member m;
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_records_verify(profile, NULL, records,
                                        sizeof records - 1, &v, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_record_verification_records(v), 6);
  /* The summary: one pair of each kind. */
  CAPI_CHECK_INT(count_changes(v, U8GUARD_RECORD_NEW_COLLISION), 1);
  CAPI_CHECK_INT(count_changes(v, U8GUARD_RECORD_NEW_LOOKALIKE), 1);
  /* The groups: two new pairs of each kind. */
  CAPI_CHECK_INT(u8guard_record_verification_group_count(v), 2);
  CAPI_CHECK_INT(u8guard_record_verification_new_collision_pairs(v), 2);
  CAPI_CHECK_INT(u8guard_record_verification_new_lookalike_pairs(v), 2);

  /* The collision groups first: "erin", all three. */
  CAPI_CHECK_INT(u8guard_record_verification_group(v, 0, &g), U8GUARD_OK);
  CAPI_CHECK_INT(g.kind, U8GUARD_RECORD_COLLISION_GROUP);
  CAPI_CHECK_BYTES(g.key, g.key_len, "erin");
  CAPI_CHECK_INT(g.member_count, 3);
  CAPI_CHECK_INT(g.new_pairs, 2);
  check_member(v, 0, 0, 4, 1, 1, &m);
  CAPI_CHECK_BYTES(m.name, m.name_len, "Erin");
  CAPI_CHECK_BYTES(m.new_key, m.new_key_len, "erin");
  CAPI_CHECK_INT(m.was_valid, 1);
  CAPI_CHECK_BYTES(m.old_key, m.old_key_len, "e-old");
  CAPI_CHECK_INT(m.old_lookalike_key_count, 2);
  CAPI_CHECK_BYTES(m.old_lookalike_keys[0], m.old_lookalike_key_lens[0],
                   "erin");
  CAPI_CHECK_BYTES(m.old_lookalike_keys[1], m.old_lookalike_key_lens[1],
                   "erln");
  check_member(v, 0, 1, 5, 1, 1, &m);
  CAPI_CHECK_BYTES(m.name, m.name_len, "ERIN");
  check_member(v, 0, 2, 6, 0, 2, &m);
  CAPI_CHECK_BYTES(m.name, m.name_len, "erin");
  CAPI_CHECK_BYTES(m.old_key, m.old_key_len, "erin");
  /* Every two members with other stored keys are a new pair: 4-6 and 5-6
   * (the summary has 6 ~ 4 only). */

  /* Then the look-alike groups: "paypal", all three. */
  CAPI_CHECK_INT(u8guard_record_verification_group(v, 1, &g), U8GUARD_OK);
  CAPI_CHECK_INT(g.kind, U8GUARD_RECORD_LOOKALIKE_GROUP);
  CAPI_CHECK_BYTES(g.key, g.key_len, "paypal");
  CAPI_CHECK_INT(g.member_count, 3);
  CAPI_CHECK_INT(g.new_pairs, 2);
  check_member(v, 1, 0, 1, 1, 1, &m);
  CAPI_CHECK_BYTES(m.name, m.name_len, "p\xD0\xB0ypal");
  check_member(v, 1, 1, 2, 0, 2, &m);
  CAPI_CHECK_BYTES(m.name, m.name_len, "paypal");
  CAPI_CHECK_INT(m.old_lookalike_key_count, 1);
  CAPI_CHECK_BYTES(m.old_lookalike_keys[0], m.old_lookalike_key_lens[0],
                   "paypal");
  check_member(v, 1, 2, 3, 1, 1, &m);
  CAPI_CHECK_BYTES(m.name, m.name_len,
                   "\xD1\x80"
                   "aypal");
  CAPI_CHECK_BYTES(m.new_key, m.new_key_len,
                   "\xD1\x80"
                   "aypal");
  CAPI_CHECK_INT(m.was_valid, 1);
  CAPI_CHECK_BYTES(m.old_key, m.old_key_len,
                   "\xD1\x80"
                   "aypal");
  CAPI_CHECK_INT(m.old_lookalike_key_count, 1);
  CAPI_CHECK_BYTES(m.old_lookalike_keys[0], m.old_lookalike_key_lens[0],
                   "\xC3\xBE"
                   "aypal");
  /* 1-2 and 2-3 are new (the summary has 2 ~ 1 only); 1-3 looked alike
   * in the records. */

  /* Out of range, NULL. */
  CAPI_CHECK_INT(u8guard_record_verification_group(v, 2, &g),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_record_verification_group(v, 0, NULL),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_record_verification_group(NULL, 0, &g),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_record_verification_group_member(v, 1, 3, &m),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_record_verification_group_member(v, 2, 0, &m),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_record_verification_group_member(v, 0, 0, NULL),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_record_verification_group_member(NULL, 0, 0, &m),
                 U8GUARD_INVALID_ARGUMENT);
  u8guard_record_verification_free(v);
  CAPI_CHECK_INT(u8guard_record_verification_group_count(NULL), 0);
  CAPI_CHECK_INT(u8guard_record_verification_new_collision_pairs(NULL), 0);
  CAPI_CHECK_INT(u8guard_record_verification_new_lookalike_pairs(NULL), 0);
  CAPI_CHECK_STR(u8guard_record_group_kind_name(U8GUARD_RECORD_COLLISION_GROUP),
                 "collision_group");
  CAPI_CHECK_STR(u8guard_record_group_kind_name(U8GUARD_RECORD_LOOKALIKE_GROUP),
                 "lookalike_group");
  CAPI_CHECK_STR(u8guard_record_group_kind_name(2), "unknown");
  CAPI_CHECK_STR(u8guard_record_group_kind_name(-1), "unknown");
  u8guard_profile_free(profile);
}

static void test_verify_errors(void) {
  u8guard_profile *profile = user_names();
  u8guard_record_verification *v = NULL;
  u8guard_error e;
  char out[512];
  size_t len = 0;
  /* The running version's own records: no change. */
  CAPI_CHECK_INT(
      u8guard_name_record(profile, NULL, "zoe", 3, out, sizeof out, &len, &e),
      U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_records_verify(profile, NULL, out, len, &v, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_record_verification_records(v), 1);
  CAPI_CHECK_INT(u8guard_record_verification_change_count(v), 0);
  u8guard_record_verification_free(v);
  /* A malformed record: the line and column. */
  v = (u8guard_record_verification *)&e; /* overwritten with NULL */
  CAPI_CHECK_INT(
      u8guard_records_verify(profile, NULL, "\n{\"name\":1}", 11, &v, &e),
      U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK(v == NULL);
  CAPI_CHECK(strstr(e.message, "line 2: column 9") != NULL);
  CAPI_CHECK_INT(u8guard_records_verify(NULL, NULL, "", 0, &v, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_records_verify(profile, NULL, NULL, 1, &v, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_records_verify(profile, NULL, "", 0, NULL, &e),
                 U8GUARD_INVALID_ARGUMENT);
  /* No records: nothing to report. */
  CAPI_CHECK_INT(u8guard_records_verify(profile, NULL, NULL, 0, &v, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_record_verification_records(v), 0);
  u8guard_record_verification_free(v);
  CAPI_CHECK_INT(u8guard_record_verification_records(NULL), 0);
  CAPI_CHECK_INT(u8guard_record_verification_valid(NULL), 0);
  CAPI_CHECK_INT(u8guard_record_verification_changed_names(NULL), 0);
  CAPI_CHECK_INT(u8guard_record_verification_change_count(NULL), 0);
  u8guard_record_verification_free(NULL);
  u8guard_profile_free(profile);
}

/* u8guard_verify_records is u8guard_records_verify under the vocabulary's
 * name: the same answers, field for field, on changes, groups and errors. */
static void check_same_verification(const char *records, size_t len) {
  u8guard_profile *profile = user_names();
  u8guard_record_verification *a = NULL, *b = NULL;
  u8guard_error ea, eb;
  const u8guard_status sa =
      u8guard_records_verify(profile, NULL, records, len, &a, &ea);
  CAPI_CHECK_INT(u8guard_verify_records(profile, NULL, records, len, &b, &eb),
                 sa);
  if (sa != U8GUARD_OK) {
    CAPI_CHECK_STR(eb.message, ea.message);
    CAPI_CHECK(a == NULL && b == NULL);
    u8guard_profile_free(profile);
    return;
  }
  CAPI_CHECK_INT(u8guard_record_verification_records(b),
                 u8guard_record_verification_records(a));
  CAPI_CHECK_INT(u8guard_record_verification_valid(b),
                 u8guard_record_verification_valid(a));
  CAPI_CHECK_INT(u8guard_record_verification_change_count(b),
                 u8guard_record_verification_change_count(a));
  CAPI_CHECK_INT(u8guard_record_verification_group_count(b),
                 u8guard_record_verification_group_count(a));
  CAPI_CHECK_INT(u8guard_record_verification_new_lookalike_pairs(b),
                 u8guard_record_verification_new_lookalike_pairs(a));
  for (size_t i = 0; i < u8guard_record_verification_change_count(a); ++i) {
    u8guard_record_change ca, cb;
    CAPI_CHECK_INT(u8guard_record_verification_change(a, i, &ca), U8GUARD_OK);
    CAPI_CHECK_INT(u8guard_record_verification_change(b, i, &cb), U8GUARD_OK);
    CAPI_CHECK_INT(cb.kind, ca.kind);
    CAPI_CHECK_INT(cb.line, ca.line);
    capi_check_bytes(__FILE__, __LINE__, cb.name, cb.name_len, ca.name,
                     ca.name_len, "name");
  }
  for (size_t i = 0; i < u8guard_record_verification_group_count(a); ++i) {
    u8guard_record_group ga, gb;
    CAPI_CHECK_INT(u8guard_record_verification_group(a, i, &ga), U8GUARD_OK);
    CAPI_CHECK_INT(u8guard_record_verification_group(b, i, &gb), U8GUARD_OK);
    CAPI_CHECK_INT(gb.kind, ga.kind);
    capi_check_bytes(__FILE__, __LINE__, gb.key, gb.key_len, ga.key, ga.key_len,
                     "key");
    CAPI_CHECK_INT(gb.member_count, ga.member_count);
    CAPI_CHECK_INT(gb.new_pairs, ga.new_pairs);
  }
  u8guard_record_verification_free(a);
  u8guard_record_verification_free(b);
  u8guard_profile_free(profile);
}

static void test_verify_alias(void) {
  static const char groups[] =
      "{\"name\":\"paypal\",\"profile\":\"username-case-mapped\","
      "\"valid\":true,\"key\":\"paypal\",\"lookalike_keys\":[\"paypal\"],"
      "\"version_tag\":\"old\"}\n"
      "{\"name\":\"p\xD0\xB0ypal\",\"profile\":\"username-case-mapped\","
      "\"valid\":true,\"key\":\"p\xD0\xB0ypal\",\"lookalike_keys\":[\"x\"],"
      "\"version_tag\":\"old\"}\n"
      "{\"name\":\"Bob\",\"profile\":\"username-case-mapped\","
      "\"valid\":true,\"key\":\"b0b\",\"lookalike_keys\":[\"b0b\"],"
      "\"version_tag\":\"old\"}\n"
      "{\"name\":\"BOB\",\"profile\":\"username-case-mapped\","
      "\"valid\":false,\"rule\":\"DISALLOWED/spaces\","
      "\"version_tag\":\"old\"}\n";
  check_same_verification(groups, sizeof groups - 1);
  check_same_verification("", 0);
  check_same_verification("\n{\"name\":1}", 11);
  check_same_verification("{\"name\":\"a\",\"profile\":\"other\"}", 30);
}

/* The records of `text` (one per line, no blank lines) fed one by one to a
 * verifier, alternately as JSON lines and by their fields, give the
 * changes, counts and groups of u8guard_verify_records on the text; with
 * `work` > 0, the groups made first by u8guard_record_verifier_finish_some
 * calls of that much work. */
static void check_streamed(const char *text, size_t work) {
  u8guard_profile *profile = user_names();
  u8guard_record_verification *want = NULL, *got = NULL;
  u8guard_record_verifier *v = NULL;
  u8guard_error e;
  CAPI_CHECK_INT(
      u8guard_verify_records(profile, NULL, text, strlen(text), &want, &e),
      U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_record_verifier_new(profile, NULL, &v, &e),
                 U8GUARD_OK);
  size_t line = 1, next_change = 0;
  for (const char *p = text; *p != '\0'; ++line) {
    const char *end = strchr(p, '\n');
    CAPI_CHECK_INT(
        u8guard_record_verifier_add(v, p, (size_t)(end - p), line, &e),
        U8GUARD_OK);
    for (size_t i = 0; i < u8guard_record_verifier_change_count(v); ++i) {
      u8guard_record_change a, b;
      CAPI_CHECK_INT(u8guard_record_verifier_change(v, i, &a), U8GUARD_OK);
      CAPI_CHECK_INT(
          u8guard_record_verification_change(want, next_change++, &b),
          U8GUARD_OK);
      CAPI_CHECK_INT(a.kind, b.kind);
      CAPI_CHECK_INT(a.line, line);
      CAPI_CHECK_INT(a.line, b.line);
      CAPI_CHECK_INT(a.other_line, b.other_line);
      capi_check_bytes(__FILE__, __LINE__, a.name, a.name_len, b.name,
                       b.name_len, "name");
      capi_check_bytes(__FILE__, __LINE__, a.shared_key, a.shared_key_len,
                       b.shared_key, b.shared_key_len, "shared_key");
      CAPI_CHECK_STR(a.rule, b.rule);
    }
    p = end + 1;
  }
  CAPI_CHECK_INT(next_change, u8guard_record_verification_change_count(want));
  if (work > 0) {
    size_t calls = 0;
    int done = 0;
    while (!done) {
      CAPI_CHECK_INT(u8guard_record_verifier_finish_some(v, work, &done, &e),
                     U8GUARD_OK);
      ++calls;
      /* Finishing: no add, no changes to hand out. */
      CAPI_CHECK_INT(u8guard_record_verifier_add(v, "{}", 2, 9, &e),
                     U8GUARD_INVALID_ARGUMENT);
      CAPI_CHECK(strstr(e.message, "finishing") != NULL);
      CAPI_CHECK_INT(u8guard_record_verifier_change_count(v), 0);
    }
    /* A unit a call: at least a call per record, each freed in turn. */
    if (work == 1) CAPI_CHECK(calls >= line - 1);
    CAPI_CHECK_INT(u8guard_record_verifier_finish_some(v, work, NULL, &e),
                   U8GUARD_INVALID_ARGUMENT);
  }
  CAPI_CHECK_INT(u8guard_record_verifier_finish(v, &got, &e), U8GUARD_OK);
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
  CAPI_CHECK_INT(u8guard_record_verification_group_count(got),
                 u8guard_record_verification_group_count(want));
  for (size_t g = 0; g < u8guard_record_verification_group_count(want); ++g) {
    u8guard_record_group a, b;
    CAPI_CHECK_INT(u8guard_record_verification_group(got, g, &a), U8GUARD_OK);
    CAPI_CHECK_INT(u8guard_record_verification_group(want, g, &b), U8GUARD_OK);
    CAPI_CHECK_INT(a.kind, b.kind);
    capi_check_bytes(__FILE__, __LINE__, a.key, a.key_len, b.key, b.key_len,
                     "key");
    CAPI_CHECK_INT(a.member_count, b.member_count);
    CAPI_CHECK_INT(a.new_pairs, b.new_pairs);
    for (size_t m = 0; m < a.member_count; ++m) {
      u8guard_record_group_member ma, mb;
      CAPI_CHECK_INT(u8guard_record_verification_group_member(got, g, m, &ma),
                     U8GUARD_OK);
      CAPI_CHECK_INT(u8guard_record_verification_group_member(want, g, m, &mb),
                     U8GUARD_OK);
      CAPI_CHECK_INT(ma.line, mb.line);
      CAPI_CHECK_INT(ma.new_to_group, mb.new_to_group);
      CAPI_CHECK_INT(ma.new_partners, mb.new_partners);
    }
  }
  /* Spent: no add, no second finish. */
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

static void test_verifier(void) {
  /* paypal, a Cyrillic look-alike new to its group, a key changed, a name
   * now rejected, one now accepted that collides. */
  static const char records[] =
      "{\"name\":\"paypal\",\"profile\":\"username-case-mapped\","
      "\"valid\":true,\"key\":\"paypal\",\"lookalike_keys\":[\"paypal\"],"
      "\"version_tag\":\"old\"}\n"
      "{\"name\":\"p\xD0\xB0ypal\",\"profile\":\"username-case-mapped\","
      "\"valid\":true,\"key\":\"p\xD0\xB0ypal\",\"lookalike_keys\":[\"x\"],"
      "\"version_tag\":\"old\"}\n"
      "{\"name\":\"Bob\",\"profile\":\"username-case-mapped\","
      "\"valid\":true,\"key\":\"b0b\",\"lookalike_keys\":[\"b0b\"],"
      "\"version_tag\":\"old\"}\n"
      "{\"name\":\"a b\",\"profile\":\"username-case-mapped\",\"valid\":true,"
      "\"key\":\"a b\",\"lookalike_keys\":[\"a b\"],\"version_tag\":\"old\"}\n"
      "{\"name\":\"BOB\",\"profile\":\"username-case-mapped\","
      "\"valid\":false,\"rule\":\"DISALLOWED/spaces\","
      "\"version_tag\":\"old\"}\n";
  check_streamed(records, 0);
  check_streamed(records, 1);
  check_streamed(records, 3);
  check_streamed(records, 65536);
  check_streamed("", 0);
  check_streamed("", 1);
}

/* Records by their fields: what a table's row gives. */
static void test_verifier_fields(void) {
  u8guard_profile *profile = user_names();
  u8guard_record_verifier *v = NULL;
  u8guard_record_verification *done = NULL;
  u8guard_record_change c;
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_record_verifier_new(profile, NULL, &v, &e),
                 U8GUARD_OK);
  const char *keys[] = {"paypal", "a", "b", "c"};
  const size_t lens[] = {6, 1, 1, 1};
  u8guard_record_fields r;
  memset(&r, 0, sizeof r);
  r.name = "paypal";
  r.name_len = 6;
  r.valid = 1;
  r.key = "paypal";
  r.key_len = 6;
  r.lookalike_keys = keys;
  r.lookalike_key_lens = lens;
  r.lookalike_key_count = 1;
  CAPI_CHECK_INT(u8guard_record_verifier_add_fields(v, &r, 1, &e), U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_record_verifier_change_count(v), 0);
  /* More look-alike keys than a record holds: refused, naming the line. */
  r.lookalike_key_count = 4;
  CAPI_CHECK_INT(u8guard_record_verifier_add_fields(v, &r, 2, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_STR(e.message, "line 2: more than 3 look-alike keys");
  CAPI_CHECK_INT(u8guard_record_verifier_change_count(v), 0);
  /* Rejected when stored (no key), accepted now: it collides with paypal. */
  r.name = "PayPal";
  r.valid = 0;
  r.key = NULL;
  r.key_len = 0;
  r.lookalike_key_count = 0;
  CAPI_CHECK_INT(u8guard_record_verifier_add_fields(v, &r, 3, &e), U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_record_verifier_change_count(v), 2);
  CAPI_CHECK_INT(u8guard_record_verifier_change(v, 0, &c), U8GUARD_OK);
  CAPI_CHECK_INT(c.kind, U8GUARD_RECORD_NOW_ACCEPTED);
  CAPI_CHECK_INT(u8guard_record_verifier_change(v, 1, &c), U8GUARD_OK);
  CAPI_CHECK_INT(c.kind, U8GUARD_RECORD_NEW_COLLISION);
  CAPI_CHECK_INT(c.line, 3);
  CAPI_CHECK_INT(c.other_line, 1);
  CAPI_CHECK_INT(u8guard_record_verifier_change(v, 2, &c),
                 U8GUARD_INVALID_ARGUMENT);
  /* A malformed line names its line; a NULL string with a length. */
  CAPI_CHECK_INT(u8guard_record_verifier_add(v, "{", 1, 4, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK(strncmp(e.message, "line 4: column 2:", 17) == 0);
  CAPI_CHECK_INT(u8guard_record_verifier_change_count(v), 0);
  r.name = NULL;
  CAPI_CHECK_INT(u8guard_record_verifier_add_fields(v, &r, 5, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_record_verifier_add_fields(v, NULL, 5, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_record_verifier_add(NULL, "{}", 2, 5, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_record_verifier_finish(v, &done, &e), U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_record_verification_records(done), 2);
  CAPI_CHECK_INT(u8guard_record_verification_group_count(done), 1);
  u8guard_record_verification_free(done);
  u8guard_record_verifier_free(v);
  CAPI_CHECK_INT(u8guard_record_verifier_new(NULL, NULL, &v, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK(v == NULL);
  CAPI_CHECK_INT(u8guard_record_verifier_new(profile, NULL, NULL, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_record_verifier_change_count(NULL), 0);
  u8guard_record_verifier_free(NULL);
  u8guard_profile_free(profile);
}

const capi_test capi_upgrade_tests[] = {
    {"NameRecord", test_name_record},
    {"VerifyAlias", test_verify_alias},
    {"Verify", test_verify},
    {"VerifyGroups", test_verify_groups},
    {"VerifyErrors", test_verify_errors},
    {"Verifier", test_verifier},
    {"VerifierFields", test_verifier_fields},
    {NULL, NULL}};
