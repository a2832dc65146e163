/* SPDX-License-Identifier: Apache-2.0 */
/* Allow lists, deny lists and audits through the C API, from C11.
 * capi_test.cc compares every answer with the C++ API on
 * examples/acl/users.acl. */

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tests/capi/capi_harness.h"
#include "u8guard/u8guard_c.h"

/* "pаypal" with U+0430 CYRILLIC SMALL LETTER A. */
#define CYRILLIC_PAYPAL "p\xD0\xB0ypal"

static u8guard_profile *open_mapped(void) {
  u8guard_profile *p = NULL;
  u8guard_error e;
  if (u8guard_profile_open("username-case-mapped", NULL, &p, &e) !=
      U8GUARD_OK) {
    capi_fail(__FILE__, __LINE__, e.message);
  }
  return p;
}

static void test_allow_list_from_strings(void) {
  /* NUL-terminated entries (lengths NULL). */
  static const char *const kEntries[] = {
      "alice", "Bob", "al\xE2\x80\x8Bice",
      "\xEF\xBC\xA2\xEF\xBC\xAF\xEF\xBC\xA2"};
  u8guard_profile *profile = open_mapped();
  u8guard_allow_list *list = NULL;
  u8guard_acl_match m;
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_allow_list_new(profile, kEntries, NULL, 4, &list, &e),
                 U8GUARD_OK);
  /* The list keeps its own copy of the profile. */
  u8guard_profile_free(profile);
  if (list == NULL) return;
  CAPI_CHECK_INT(u8guard_allow_list_size(list), 3); /* one is invalid */
  CAPI_CHECK_INT(u8guard_allow_list_grants(list, "BOB", 3, &m, &e), U8GUARD_OK);
  CAPI_CHECK_INT(m.index, 1);
  CAPI_CHECK_INT(m.line, 0);
  CAPI_CHECK_BYTES(m.original, m.original_len, "Bob");
  CAPI_CHECK_BYTES(m.key, m.key_len, "bob");
  CAPI_CHECK_INT(e.status, U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_allow_list_grants(list, "carol", 5, &m, &e),
                 U8GUARD_NO_MATCH);
  CAPI_CHECK_INT(e.status, U8GUARD_NO_MATCH);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_NONE);
  /* The invalid entry matches nothing, not even itself. */
  CAPI_CHECK_INT(
      u8guard_allow_list_grants(list, "al\xE2\x80\x8Bice", 8, &m, &e),
      U8GUARD_REJECTED);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_DISALLOWED_PRECIS_IGNORABLE);
  CAPI_CHECK_INT(e.offset, 2);
  CAPI_CHECK_INT(m.original_len, 0);
  /* A look-alike never grants. */
  CAPI_CHECK_INT(u8guard_allow_list_grants(list, "ALlCE", 5, NULL, NULL),
                 U8GUARD_NO_MATCH);
  CAPI_CHECK_INT(u8guard_allow_list_grants(list, "alice", 5, NULL, NULL),
                 U8GUARD_OK);
  u8guard_allow_list_free(list);
}

static void test_allow_list_with_lengths(void) {
  /* Lengths: an entry with a NUL (a control: invalid), an empty entry
   * given as NULL (invalid), and a plain one. */
  static const char *const kEntries[] = {"x\0y", NULL, "zoe"};
  static const size_t kLengths[] = {3, 0, 3};
  u8guard_profile *profile = open_mapped();
  u8guard_allow_list *list = NULL;
  u8guard_acl_match m;
  CAPI_CHECK_INT(
      u8guard_allow_list_new(profile, kEntries, kLengths, 3, &list, NULL),
      U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_allow_list_size(list), 1);
  CAPI_CHECK_INT(u8guard_allow_list_grants(list, "ZOE", 3, &m, NULL),
                 U8GUARD_OK);
  CAPI_CHECK_INT(m.index, 2);
  CAPI_CHECK_INT(u8guard_allow_list_grants(list, "x\0y", 3, &m, NULL),
                 U8GUARD_REJECTED);
  u8guard_allow_list_free(list);
  /* No entries at all. */
  CAPI_CHECK_INT(u8guard_allow_list_new(profile, NULL, NULL, 0, &list, NULL),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_allow_list_size(list), 0);
  CAPI_CHECK_INT(u8guard_allow_list_grants(list, "zoe", 3, NULL, NULL),
                 U8GUARD_NO_MATCH);
  u8guard_allow_list_free(list);
  u8guard_profile_free(profile);
}

static void test_allow_list_from_file(void) {
  /* A signature, a comment, a blank line, CRLF. */
  static const char kFile[] =
      "\xEF\xBB\xBF# staff\n\nalice\r\nbob\n   \n\xEF\xBC\xA1"
      "dmin\n";
  char path[512];
  u8guard_profile *profile = open_mapped();
  u8guard_allow_list *list = NULL;
  u8guard_acl_match m;
  u8guard_error e;
  snprintf(path, sizeof path, "%s/staff.acl", capi_temp_dir());
  capi_write_file(path, kFile, sizeof kFile - 1);
  CAPI_CHECK_INT(u8guard_allow_list_load(profile, path, &list, &e), U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_allow_list_size(list), 3);
  CAPI_CHECK_INT(u8guard_allow_list_grants(list, "Bob", 3, &m, &e), U8GUARD_OK);
  CAPI_CHECK_INT(m.index, 1);
  CAPI_CHECK_INT(m.line, 4);
  CAPI_CHECK_INT(u8guard_allow_list_grants(list, "ADMIN", 5, &m, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(m.line, 6);
  CAPI_CHECK_BYTES(m.original, m.original_len,
                   "\xEF\xBC\xA1"
                   "dmin");
  CAPI_CHECK_BYTES(m.key, m.key_len, "admin");
  u8guard_allow_list_free(list);
  list = (u8guard_allow_list *)&list;
  CAPI_CHECK_INT(
      u8guard_allow_list_load(profile, "/nonexistent/x.acl", &list, &e),
      U8GUARD_NOT_FOUND);
  CAPI_CHECK(list == NULL);
  CAPI_CHECK(strstr(e.message, "/nonexistent/x.acl") != NULL);
  CAPI_CHECK_INT(errno, ENOENT);
  /* A directory is not a file. */
  CAPI_CHECK_INT(u8guard_allow_list_load(profile, capi_temp_dir(), &list, &e),
                 U8GUARD_IO_ERROR);
  /* Attack (an outside review): the status followed absl's code for the
   * errno, so a name too long for open(2) came back as
   * U8GUARD_INVALID_ARGUMENT, which says "a bad argument or policy file".
   * Now the errno decides, and errno is set. */
  {
    char long_name[5000];
    memset(long_name, 'x', sizeof long_name - 1);
    long_name[0] = '/';
    long_name[sizeof long_name - 1] = '\0';
    errno = 0;
    CAPI_CHECK_INT(u8guard_allow_list_load(profile, long_name, &list, &e),
                   U8GUARD_IO_ERROR);
    CAPI_CHECK_INT(errno, ENAMETOOLONG);
    CAPI_CHECK_INT(e.status, U8GUARD_IO_ERROR);
  }
  u8guard_profile_free(profile);
}

static void test_deny_list(void) {
  static const char *const kEntries[] = {"paypal", "admin"};
  u8guard_profile *profile = open_mapped();
  u8guard_deny_list *deny = NULL;
  u8guard_allow_list *allow = NULL;
  u8guard_acl_match m;
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_deny_list_new(profile, kEntries, NULL, 2, &deny, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_deny_list_size(deny), 2);
  CAPI_CHECK_INT(u8guard_deny_list_resembles(
                     deny, CYRILLIC_PAYPAL, sizeof CYRILLIC_PAYPAL - 1, &m, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(m.index, 0);
  CAPI_CHECK_BYTES(m.original, m.original_len, "paypal");
  CAPI_CHECK_INT(u8guard_deny_list_resembles(deny, "adrnin", 6, &m, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(m.index, 1);
  CAPI_CHECK_INT(u8guard_deny_list_resembles(deny, "mallory", 7, &m, &e),
                 U8GUARD_NO_MATCH);
  CAPI_CHECK_INT(u8guard_deny_list_resembles(deny, "a b", 3, &m, &e),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_DISALLOWED_SPACES);
  /* The same entries as an allow list grant no look-alike. */
  CAPI_CHECK_INT(u8guard_allow_list_new(profile, kEntries, NULL, 2, &allow, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_allow_list_grants(allow, CYRILLIC_PAYPAL,
                                           sizeof CYRILLIC_PAYPAL - 1, &m, &e),
                 U8GUARD_NO_MATCH);
  u8guard_allow_list_free(allow);
  u8guard_deny_list_free(deny);
  u8guard_profile_free(profile);
}

static void test_deny_list_from_file(void) {
  static const char kFile[] = "root\nadmin\n";
  char path[512];
  u8guard_profile *profile = open_mapped();
  u8guard_deny_list *deny = NULL;
  u8guard_acl_match m;
  snprintf(path, sizeof path, "%s/reserved.acl", capi_temp_dir());
  capi_write_file(path, kFile, sizeof kFile - 1);
  CAPI_CHECK_INT(u8guard_deny_list_load(profile, path, &deny, NULL),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_deny_list_resembles(deny, "adrnin", 6, &m, NULL),
                 U8GUARD_OK);
  CAPI_CHECK_INT(m.line, 2);
  u8guard_deny_list_free(deny);
  CAPI_CHECK_INT(u8guard_deny_list_load(profile, "/nonexistent", &deny, NULL),
                 U8GUARD_NOT_FOUND);
  u8guard_profile_free(profile);
}

static void test_audit(void) {
  static const char *const kEntries[] = {"paypal", CYRILLIC_PAYPAL, "admin",
                                         "Admin", "x\xC0\xAE"};
  u8guard_profile *profile = open_mapped();
  u8guard_allow_list *list = NULL;
  u8guard_acl_audit *audit = NULL;
  u8guard_acl_finding f;
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_allow_list_new(profile, kEntries, NULL, 5, &list, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(
      u8guard_allow_list_audit(
          list, U8GUARD_RESTRICTION_SINGLE_SCRIPT_RESTRICTIVE, &audit, &e),
      U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_acl_audit_entries(audit), 5);
  CAPI_CHECK_INT(u8guard_acl_audit_valid_entries(audit), 4);
  CAPI_CHECK_INT(u8guard_acl_audit_finding_count(audit), 4);
  /* Per entry in list order: look-alike, mixed script, collision, invalid. */
  CAPI_CHECK_INT(u8guard_acl_audit_finding(audit, 0, &f), U8GUARD_OK);
  CAPI_CHECK_INT(f.kind, U8GUARD_FINDING_LOOKALIKE);
  CAPI_CHECK_INT(f.index, 1);
  CAPI_CHECK_INT(f.other_index, 0);
  CAPI_CHECK_BYTES(f.original, f.original_len, CYRILLIC_PAYPAL);
  CAPI_CHECK_BYTES(f.other_original, f.other_original_len, "paypal");
  CAPI_CHECK(f.skeleton_len > 0);
  CAPI_CHECK_STR(f.rejection_message, "");
  CAPI_CHECK_INT(u8guard_acl_audit_finding(audit, 1, &f), U8GUARD_OK);
  CAPI_CHECK_INT(f.kind, U8GUARD_FINDING_MIXED_SCRIPT);
  CAPI_CHECK_INT(f.index, 1);
  CAPI_CHECK_INT(f.restriction_level,
                 U8GUARD_RESTRICTION_MINIMALLY_RESTRICTIVE);
  CAPI_CHECK_INT(u8guard_acl_audit_finding(audit, 2, &f), U8GUARD_OK);
  CAPI_CHECK_INT(f.kind, U8GUARD_FINDING_COLLISION);
  CAPI_CHECK_INT(f.index, 3);
  CAPI_CHECK_INT(f.other_index, 2);
  CAPI_CHECK_BYTES(f.key, f.key_len, "admin");
  CAPI_CHECK_BYTES(f.other_key, f.other_key_len, "admin");
  CAPI_CHECK_INT(u8guard_acl_audit_finding(audit, 3, &f), U8GUARD_OK);
  CAPI_CHECK_INT(f.kind, U8GUARD_FINDING_INVALID);
  CAPI_CHECK_INT(f.index, 4);
  CAPI_CHECK_INT(f.key_len, 0);
  CAPI_CHECK_INT(f.rejection_rule, U8GUARD_RULE_UTF8_OVERLONG);
  CAPI_CHECK_INT(f.rejection_offset, 1);
  CAPI_CHECK_INT(f.rejection_code_point, -1);
  CAPI_CHECK(strstr(f.rejection_message, "utf8") != NULL ||
             strstr(f.rejection_message, "UTF-8") != NULL);
  CAPI_CHECK_INT(u8guard_acl_audit_finding(audit, 4, &f),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_acl_audit_finding(audit, 0, NULL),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_acl_audit_finding_original_size(audit, 3),
                 f.original_len);
  CAPI_CHECK_INT(u8guard_acl_audit_finding_original_size(audit, 4), 0);
  CAPI_CHECK_INT(u8guard_acl_audit_finding_original_size(NULL, 0), 0);
  u8guard_acl_audit_free(audit);
  /* A looser bound: no mixed-script finding. */
  CAPI_CHECK_INT(u8guard_allow_list_audit(
                     list, U8GUARD_RESTRICTION_UNRESTRICTIVE, &audit, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_acl_audit_finding_count(audit), 3);
  u8guard_acl_audit_free(audit);
  audit = (u8guard_acl_audit *)&audit;
  CAPI_CHECK_INT(u8guard_allow_list_audit(list, 6, &audit, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK(audit == NULL);
  CAPI_CHECK_INT(u8guard_allow_list_audit(list, -1, &audit, &e),
                 U8GUARD_INVALID_ARGUMENT);
  /* An invalid entry keeps its first 1,024 bytes; the accessor tells its
   * whole length (the finding alone could not: its layout is fixed). */
  {
    static char long_entry[3000];
    const char *entries[1];
    size_t len = sizeof long_entry;
    memset(long_entry, 'a', sizeof long_entry);
    long_entry[0] = '\x01'; /* a control: invalid */
    entries[0] = long_entry;
    u8guard_allow_list_free(list);
    CAPI_CHECK_INT(u8guard_allow_list_new(profile, entries, &len, 1, &list, &e),
                   U8GUARD_OK);
    CAPI_CHECK_INT(u8guard_allow_list_audit(
                       list, U8GUARD_RESTRICTION_UNRESTRICTIVE, &audit, &e),
                   U8GUARD_OK);
    CAPI_CHECK_INT(u8guard_acl_audit_finding(audit, 0, &f), U8GUARD_OK);
    CAPI_CHECK_INT(f.kind, U8GUARD_FINDING_INVALID);
    CAPI_CHECK_INT(f.original_len, 1024);
    CAPI_CHECK_INT(u8guard_acl_audit_finding_original_size(audit, 0), 3000);
    u8guard_acl_audit_free(audit);
  }
  u8guard_allow_list_free(list);
  u8guard_profile_free(profile);
}

/* u8guard_acl_audit_file, in bounded memory, finds what the audit of the
 * loaded list finds, finding for finding, with a budget that spills every
 * few entries and with the default; its errors. */
static void test_audit_file(void) {
  static const char kFile[] =
      "\xEF\xBB\xBF# staff\nadmin\nAdmin\np\xD0\xB0ypal\npaypal\n"
      "a b\n\xEF\xBB\xBFroot\nmodern\nmodem\nrnodern\n\nalice\n"
      "p\xD0\xB0yp\xD0\xB0l\nx1\xE0\xA5\xA7\nADMIN\n";
  char path[512];
  u8guard_profile *profile = open_mapped();
  u8guard_allow_list *list = NULL;
  u8guard_acl_audit *want = NULL;
  u8guard_error e;
  snprintf(path, sizeof path, "%s/audit.acl", capi_temp_dir());
  capi_write_file(path, kFile, sizeof kFile - 1);
  CAPI_CHECK_INT(u8guard_allow_list_load(profile, path, &list, &e), U8GUARD_OK);
  CAPI_CHECK_INT(
      u8guard_allow_list_audit(
          list, U8GUARD_RESTRICTION_SINGLE_SCRIPT_RESTRICTIVE, &want, &e),
      U8GUARD_OK);
  CAPI_CHECK(u8guard_acl_audit_finding_count(want) >= 7);
  for (int round = 0; round < 2; ++round) {
    u8guard_acl_audit *got = NULL;
    CAPI_CHECK_INT(
        u8guard_acl_audit_file(profile, path,
                               U8GUARD_RESTRICTION_SINGLE_SCRIPT_RESTRICTIVE,
                               round == 0 ? 200 : 0,
                               round == 0 ? capi_temp_dir() : NULL, &got, &e),
        U8GUARD_OK);
    CAPI_CHECK_INT(u8guard_acl_audit_entries(got),
                   u8guard_acl_audit_entries(want));
    CAPI_CHECK_INT(u8guard_acl_audit_valid_entries(got),
                   u8guard_acl_audit_valid_entries(want));
    CAPI_CHECK_INT(u8guard_acl_audit_finding_count(got),
                   u8guard_acl_audit_finding_count(want));
    for (size_t i = 0; i < u8guard_acl_audit_finding_count(want); ++i) {
      u8guard_acl_finding a, b;
      CAPI_CHECK_INT(u8guard_acl_audit_finding(got, i, &a), U8GUARD_OK);
      CAPI_CHECK_INT(u8guard_acl_audit_finding(want, i, &b), U8GUARD_OK);
      CAPI_CHECK_INT(a.kind, b.kind);
      CAPI_CHECK_INT(a.line, b.line);
      CAPI_CHECK_INT(a.other_line, b.other_line);
      capi_check_bytes(__FILE__, __LINE__, a.original, a.original_len,
                       b.original, b.original_len, "original");
      capi_check_bytes(__FILE__, __LINE__, a.skeleton, a.skeleton_len,
                       b.skeleton, b.skeleton_len, "skeleton");
      CAPI_CHECK_INT(a.rejection_rule, b.rejection_rule);
      CAPI_CHECK_STR(a.rejection_message, b.rejection_message);
      CAPI_CHECK_INT(a.restriction_level, b.restriction_level);
    }
    u8guard_acl_audit_free(got);
  }
  {
    u8guard_acl_audit *got = NULL;
    CAPI_CHECK_INT(u8guard_acl_audit_file(profile, "/nonexistent.acl", 1, 0,
                                          NULL, &got, &e),
                   U8GUARD_NOT_FOUND);
    CAPI_CHECK(got == NULL);
    CAPI_CHECK_INT(u8guard_acl_audit_file(profile, path, 99, 0, NULL, &got, &e),
                   U8GUARD_INVALID_ARGUMENT);
    CAPI_CHECK_INT(u8guard_acl_audit_file(NULL, path, 1, 0, NULL, &got, &e),
                   U8GUARD_INVALID_ARGUMENT);
    CAPI_CHECK_INT(u8guard_acl_audit_file(profile, NULL, 1, 0, NULL, &got, &e),
                   U8GUARD_INVALID_ARGUMENT);
    CAPI_CHECK_INT(u8guard_acl_audit_file(profile, path, 1, 0, NULL, NULL, &e),
                   U8GUARD_INVALID_ARGUMENT);
  }
  u8guard_acl_audit_free(want);
  u8guard_allow_list_free(list);
  u8guard_profile_free(profile);
}

static void test_deny_list_audit(void) {
  static const char *const kEntries[] = {"admin", "Admin"};
  u8guard_profile *profile = open_mapped();
  u8guard_deny_list *list = NULL;
  u8guard_acl_audit *audit = NULL;
  u8guard_acl_finding f;
  CAPI_CHECK_INT(u8guard_deny_list_new(profile, kEntries, NULL, 2, &list, NULL),
                 U8GUARD_OK);
  CAPI_CHECK_INT(
      u8guard_deny_list_audit(
          list, U8GUARD_RESTRICTION_SINGLE_SCRIPT_RESTRICTIVE, &audit, NULL),
      U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_acl_audit_finding_count(audit), 1);
  CAPI_CHECK_INT(u8guard_acl_audit_finding(audit, 0, &f), U8GUARD_OK);
  CAPI_CHECK_INT(f.kind, U8GUARD_FINDING_COLLISION);
  u8guard_acl_audit_free(audit);
  u8guard_deny_list_free(list);
  u8guard_profile_free(profile);
}

static void test_null_arguments(void) {
  static const char *const kEntries[] = {"a", NULL};
  u8guard_profile *profile = open_mapped();
  u8guard_allow_list *allow = NULL;
  u8guard_deny_list *deny = NULL;
  u8guard_acl_audit *audit = NULL;
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_allow_list_new(NULL, kEntries, NULL, 1, &allow, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_allow_list_new(profile, kEntries, NULL, 1, NULL, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_allow_list_new(profile, NULL, NULL, 1, &allow, &e),
                 U8GUARD_INVALID_ARGUMENT);
  /* entries[1] is NULL and there are no lengths. */
  CAPI_CHECK_INT(u8guard_allow_list_new(profile, kEntries, NULL, 2, &allow, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_STR(e.message,
                 "entries[1] must not be NULL unless lengths[1] is 0");
  CAPI_CHECK(allow == NULL);
  CAPI_CHECK_INT(u8guard_deny_list_new(profile, kEntries, NULL, 2, &deny, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_allow_list_load(profile, NULL, &allow, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_allow_list_load(NULL, "x", &allow, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_deny_list_load(profile, "x", NULL, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_allow_list_grants(NULL, "a", 1, NULL, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_deny_list_resembles(NULL, "a", 1, NULL, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_allow_list_audit(NULL, 1, &audit, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_deny_list_audit(NULL, 1, &audit, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_allow_list_new(profile, kEntries, NULL, 1, &allow, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_allow_list_grants(allow, NULL, 1, NULL, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_allow_list_audit(allow, 1, NULL, &e),
                 U8GUARD_INVALID_ARGUMENT);
  /* NULL with length 0 is the empty credential, which the profile rejects. */
  CAPI_CHECK_INT(u8guard_allow_list_grants(allow, NULL, 0, NULL, &e),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_EMPTY);
  CAPI_CHECK_INT(u8guard_allow_list_size(NULL), 0);
  CAPI_CHECK_INT(u8guard_deny_list_size(NULL), 0);
  CAPI_CHECK_INT(u8guard_acl_audit_entries(NULL), 0);
  CAPI_CHECK_INT(u8guard_acl_audit_valid_entries(NULL), 0);
  CAPI_CHECK_INT(u8guard_acl_audit_finding_count(NULL), 0);
  u8guard_allow_list_free(allow);
  u8guard_allow_list_free(NULL);
  u8guard_deny_list_free(NULL);
  u8guard_acl_audit_free(NULL);
  u8guard_profile_free(profile);
}

/* capi_producer adapter: context is {profile, NUL-terminated input}. */
typedef struct skeleton_input {
  const u8guard_profile *profile;
  const char *input;
} skeleton_input;

static u8guard_status skeleton_of(const void *context, char *out, size_t cap,
                                  size_t *out_len, u8guard_error *e) {
  const skeleton_input *in = context;
  return u8guard_skeleton(in->profile, in->input, strlen(in->input), out, cap,
                          out_len, e);
}

static void test_skeletons(void) {
  u8guard_profile *profile = open_mapped();
  char a[64], b[64];
  size_t a_len = 0, b_len = 0;
  int32_t level = 0;
  u8guard_error e;
  /* Cyrillic a and Latin a look alike; the key is lower-cased first. */
  CAPI_CHECK_INT(
      u8guard_skeleton(profile, CYRILLIC_PAYPAL, 7, a, sizeof a, &a_len, &e),
      U8GUARD_OK);
  CAPI_CHECK_INT(
      u8guard_skeleton(profile, "PayPal", 6, b, sizeof b, &b_len, &e),
      U8GUARD_OK);
  CAPI_CHECK(a_len == b_len && memcmp(a, b, a_len) == 0);
  /* "rn" looks like "m". */
  CAPI_CHECK_INT(u8guard_skeleton(profile, "rnike", 5, a, sizeof a, &a_len, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_skeleton(profile, "mike", 4, b, sizeof b, &b_len, &e),
                 U8GUARD_OK);
  CAPI_CHECK(a_len == b_len && memcmp(a, b, a_len) == 0);
  CAPI_CHECK_INT(u8guard_skeleton(profile, "bob", 3, b, sizeof b, &b_len, &e),
                 U8GUARD_OK);
  CAPI_CHECK(a_len != b_len || memcmp(a, b, a_len) != 0);
  /* Pre-flighting at every capacity. */
  {
    const skeleton_input bob = {profile, "Bob"};
    CAPI_CHECK_EVERY_CAPACITY(skeleton_of, &bob, "bob");
  }
  /* A rejected input has no skeleton. */
  CAPI_CHECK_INT(u8guard_skeleton(profile, "a b", 3, a, sizeof a, &a_len, &e),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_DISALLOWED_SPACES);
  CAPI_CHECK_INT(e.offset, 1);
  CAPI_CHECK_INT(a_len, 0);
  CAPI_CHECK_INT(a[0], '\0');
  CAPI_CHECK_INT(u8guard_skeleton(NULL, "a", 1, a, sizeof a, &a_len, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_skeleton(profile, NULL, 1, a, sizeof a, &a_len, &e),
                 U8GUARD_INVALID_ARGUMENT);

  /* Restriction levels. */
  CAPI_CHECK_INT(u8guard_restriction_level(profile, "alice", 5, &level, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(level, U8GUARD_RESTRICTION_ASCII);
  CAPI_CHECK_INT(
      u8guard_restriction_level(profile, CYRILLIC_PAYPAL, 7, &level, &e),
      U8GUARD_OK);
  CAPI_CHECK_INT(level, U8GUARD_RESTRICTION_MINIMALLY_RESTRICTIVE);
  CAPI_CHECK_INT(u8guard_restriction_level(profile, "a b", 3, &level, &e),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(level, -1);
  CAPI_CHECK_INT(u8guard_restriction_level(profile, "a", 1, NULL, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_STR(u8guard_restriction_level_name(U8GUARD_RESTRICTION_ASCII),
                 "ascii");
  CAPI_CHECK_STR(
      u8guard_restriction_level_name(U8GUARD_RESTRICTION_UNRESTRICTIVE),
      "unrestrictive");
  CAPI_CHECK_STR(u8guard_restriction_level_name(-1), "unknown");
  CAPI_CHECK_STR(u8guard_restriction_level_name(6), "unknown");
  u8guard_profile_free(profile);
}

/* The look-alike skeletons of `input` under the user-name profile, as one
 * string "s1|s2|..." (skeletons of ASCII names hold no '|'). */
static void lookalike_skeletons(const char *input, char *joined,
                                size_t joined_size) {
  u8guard_profile *profile = open_mapped();
  char out[128];
  size_t out_len = 0, i, at = 0, w = 0;
  u8guard_skeleton_lengths lengths;
  u8guard_error e;
  CAPI_CHECK_INT(
      u8guard_lookalike_skeletons(profile, input, strlen(input), out,
                                  sizeof out, &out_len, &lengths, &e),
      U8GUARD_OK);
  joined[0] = '\0';
  for (i = 0; i < lengths.count && w + lengths.length[i] + 2 < joined_size;
       ++i) {
    if (i > 0) joined[w++] = '|';
    memcpy(joined + w, out + at, lengths.length[i]);
    w += lengths.length[i];
    at += lengths.length[i];
  }
  joined[w] = '\0';
  CAPI_CHECK_INT(at, out_len);
  u8guard_profile_free(profile);
}

static void test_lookalike_skeletons(void) {
  u8guard_profile *profile = open_mapped();
  char joined[256], out[8];
  size_t out_len = 1;
  u8guard_skeleton_lengths lengths = {7, {0, 0, 0}};
  u8guard_error e;
  /* The key's skeleton first, then the input's as written: "paypaI" with a
   * capital i looks like "paypal" only as written. */
  lookalike_skeletons("paypaI", joined, sizeof joined);
  CAPI_CHECK_STR(joined, "paypai|paypal");
  lookalike_skeletons("paypal", joined, sizeof joined);
  CAPI_CHECK_STR(joined, "paypal");
  /* Too small a buffer: the total length and the lengths, no bytes. */
  CAPI_CHECK_INT(u8guard_lookalike_skeletons(profile, "paypaI", 6, out, 4,
                                             &out_len, &lengths, &e),
                 U8GUARD_BUFFER_TOO_SMALL);
  CAPI_CHECK_INT(out_len, 12);
  CAPI_CHECK_INT(lengths.count, 2);
  CAPI_CHECK_INT(lengths.length[0], 6);
  /* Rejected: nothing. */
  CAPI_CHECK_INT(u8guard_lookalike_skeletons(profile, "a b", 3, out, sizeof out,
                                             &out_len, &lengths, &e),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(lengths.count, 0);
  CAPI_CHECK_INT(out_len, 0);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_DISALLOWED_SPACES);
  CAPI_CHECK_INT(u8guard_lookalike_skeletons(profile, "a", 1, out, sizeof out,
                                             &out_len, NULL, &e),
                 U8GUARD_INVALID_ARGUMENT);
  u8guard_profile_free(profile);
}

/* Calls u8guard_lookalike_skeletons and u8guard_lookalike_keys on `input`
 * with `capacity` bytes (at most 64) and checks the same answer: status,
 * bytes, lengths and error. Returns the status. */
static u8guard_status check_same_lookalike_keys(const u8guard_profile *profile,
                                                const char *input,
                                                size_t capacity) {
  char a[64], b[64];
  size_t a_len = 5, b_len = 6, i;
  u8guard_skeleton_lengths la = {9, {0, 0, 0}}, lb = {8, {0, 0, 0}};
  u8guard_error ea, eb;
  const size_t n = input == NULL ? 1 : strlen(input);
  u8guard_status sa;
  memset(a, '~', sizeof a);
  memset(b, '~', sizeof b);
  sa = u8guard_lookalike_skeletons(profile, input, n, a, capacity, &a_len, &la,
                                   &ea);
  CAPI_CHECK_INT(
      u8guard_lookalike_keys(profile, input, n, b, capacity, &b_len, &lb, &eb),
      sa);
  CAPI_CHECK_INT(b_len, a_len);
  CAPI_CHECK(memcmp(a, b, sizeof a) == 0);
  CAPI_CHECK_INT(lb.count, la.count);
  for (i = 0; i < la.count && i < U8GUARD_MAX_LOOKALIKE_SKELETONS; ++i) {
    CAPI_CHECK_INT(lb.length[i], la.length[i]);
  }
  capi_check_same_error(__FILE__, __LINE__, &ea, &eb);
  return sa;
}

/* u8guard_lookalike_keys is u8guard_lookalike_skeletons under the
 * vocabulary's name. */
static void test_lookalike_keys_alias(void) {
  u8guard_profile *profile = open_mapped();
  u8guard_skeleton_lengths lengths;
  char out[8];
  size_t out_len = 0;
  u8guard_error e;
  CAPI_CHECK_INT(check_same_lookalike_keys(profile, "paypaI", 64), U8GUARD_OK);
  CAPI_CHECK_INT(check_same_lookalike_keys(profile, CYRILLIC_PAYPAL, 64),
                 U8GUARD_OK);
  CAPI_CHECK_INT(check_same_lookalike_keys(profile, "paypaI", 4),
                 U8GUARD_BUFFER_TOO_SMALL);
  CAPI_CHECK_INT(check_same_lookalike_keys(profile, "a b", 64),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(check_same_lookalike_keys(NULL, "a", 64),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_lookalike_keys(profile, "a", 1, out, sizeof out,
                                        &out_len, NULL, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_lookalike_keys(profile, "paypal", 6, out, sizeof out,
                                        &out_len, &lengths, &e),
                 U8GUARD_OK);
  CAPI_CHECK_BYTES(out, out_len, "paypal");
  u8guard_profile_free(profile);
}

typedef struct bidi_input {
  const u8guard_profile *profile;
  int32_t order;
  const char *input;
} bidi_input;

static u8guard_status bidi_skeleton_of(const void *context, char *out,
                                       size_t cap, size_t *out_len,
                                       u8guard_error *e) {
  const bidi_input *in = context;
  return u8guard_bidi_skeleton(in->profile, in->order, in->input,
                               strlen(in->input), out, cap, out_len, e);
}

/* Hebrew alef then "1", and "1" then alef: one look on a left-to-right
 * page, so one LTR skeleton; two in logical and RTL order. */
#define ALEF_ONE "\xD7\x90\x31"
#define ONE_ALEF "1\xD7\x90"

static void test_bidi_skeleton(void) {
  u8guard_profile *profile = NULL;
  u8guard_error e;
  char a[64], b[64];
  size_t a_len = 0, b_len = 0;
  CAPI_CHECK_INT(u8guard_profile_open("nickname", NULL, &profile, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_bidi_skeleton(profile, U8GUARD_SKELETON_ORDER_LTR,
                                       ALEF_ONE, 3, a, sizeof a, &a_len, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_bidi_skeleton(profile, U8GUARD_SKELETON_ORDER_LTR,
                                       ONE_ALEF, 3, b, sizeof b, &b_len, &e),
                 U8GUARD_OK);
  CAPI_CHECK(a_len == b_len && memcmp(a, b, a_len) == 0);
  CAPI_CHECK_INT(u8guard_bidi_skeleton(profile, U8GUARD_SKELETON_ORDER_RTL,
                                       ALEF_ONE, 3, a, sizeof a, &a_len, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_bidi_skeleton(profile, U8GUARD_SKELETON_ORDER_RTL,
                                       ONE_ALEF, 3, b, sizeof b, &b_len, &e),
                 U8GUARD_OK);
  CAPI_CHECK(a_len != b_len || memcmp(a, b, a_len) != 0);
  /* Logical order is u8guard_skeleton's. */
  CAPI_CHECK_INT(u8guard_bidi_skeleton(profile, U8GUARD_SKELETON_ORDER_LOGICAL,
                                       "rnike", 5, a, sizeof a, &a_len, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_skeleton(profile, "rnike", 5, b, sizeof b, &b_len, &e),
                 U8GUARD_OK);
  CAPI_CHECK(a_len == b_len && memcmp(a, b, a_len) == 0);
  /* A right-to-left page shows "abc!" as "!abc". */
  {
    const bidi_input shown = {profile, U8GUARD_SKELETON_ORDER_RTL, "abc!"};
    CAPI_CHECK_EVERY_CAPACITY(bidi_skeleton_of, &shown, "!abc");
  }
  {
    int order = -1;
    CAPI_CHECK_INT(u8guard_skeleton_order_from_name("rtl", &order, &e),
                   U8GUARD_OK);
    CAPI_CHECK_INT(order, U8GUARD_SKELETON_ORDER_RTL);
    CAPI_CHECK_INT(u8guard_skeleton_order_from_name("ltr", &order, &e),
                   U8GUARD_OK);
    CAPI_CHECK_INT(order, U8GUARD_SKELETON_ORDER_LTR);
    CAPI_CHECK_INT(u8guard_skeleton_order_from_name("logical", &order, &e),
                   U8GUARD_OK);
    CAPI_CHECK_INT(order, U8GUARD_SKELETON_ORDER_LOGICAL);
    CAPI_CHECK_INT(u8guard_skeleton_order_from_name("LTR", &order, &e),
                   U8GUARD_INVALID_ARGUMENT);
    CAPI_CHECK(strstr(e.message, "logical") != NULL);
    CAPI_CHECK_INT(order, U8GUARD_SKELETON_ORDER_LOGICAL);
    CAPI_CHECK_INT(u8guard_skeleton_order_from_name(NULL, &order, &e),
                   U8GUARD_INVALID_ARGUMENT);
  }
  CAPI_CHECK_INT(
      u8guard_bidi_skeleton(profile, 3, "a", 1, a, sizeof a, &a_len, &e),
      U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK(strstr(e.message, "skeleton order") != NULL);
  CAPI_CHECK_INT(
      u8guard_bidi_skeleton(profile, -1, "a", 1, a, sizeof a, &a_len, &e),
      U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_bidi_skeleton(NULL, U8GUARD_SKELETON_ORDER_LTR, "a", 1,
                                       a, sizeof a, &a_len, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_bidi_skeleton(profile, U8GUARD_SKELETON_ORDER_LTR,
                                       "a\x80", 2, a, sizeof a, &a_len, &e),
                 U8GUARD_REJECTED);
  u8guard_profile_free(profile);
}

/* u8guard_build_tables changes no answer: the look-alike keys and
 * restriction levels of names with accents, other scripts and mixed
 * scripts, before and after; a second call returns at once. */
static void test_build_tables(void) {
  static const char *const kNames[] = {
      "paypal",
      "P\xC3\xA1ypal",
      "\xC5\x82ukasz.m\xC3\xBCller",
      "\xD0\xB4\xD0\xBC\xD0\xB8\xD1\x82\xD1\x80\xD0\xB8\xD0\xB9",
      CYRILLIC_PAYPAL,
      "\xE5\xB1\xB1\xE7\x94\xB0\xE3\x81\xB2"};
  enum { kCount = sizeof kNames / sizeof kNames[0] };
  u8guard_profile *profile = open_mapped();
  char keys[2][kCount][256];
  size_t keys_len[2][kCount];
  int32_t levels[2][kCount];
  u8guard_error e;
  int round;
  size_t i;
  for (round = 0; round < 2; ++round) {
    if (round == 1) {
      u8guard_build_tables();
      u8guard_build_tables();
    }
    for (i = 0; i < kCount; ++i) {
      u8guard_skeleton_lengths lengths;
      CAPI_CHECK_INT(
          u8guard_lookalike_keys(profile, kNames[i], strlen(kNames[i]),
                                 keys[round][i], sizeof keys[round][i],
                                 &keys_len[round][i], &lengths, &e),
          U8GUARD_OK);
      CAPI_CHECK_INT(
          u8guard_restriction_level(profile, kNames[i], strlen(kNames[i]),
                                    &levels[round][i], &e),
          U8GUARD_OK);
    }
  }
  for (i = 0; i < kCount; ++i) {
    CAPI_CHECK_INT(keys_len[1][i], keys_len[0][i]);
    CAPI_CHECK(memcmp(keys[1][i], keys[0][i], keys_len[0][i]) == 0);
    CAPI_CHECK_INT(levels[1][i], levels[0][i]);
  }
  u8guard_profile_free(profile);
}

const capi_test capi_acl_tests[] = {
    {"AllowListFromStrings", test_allow_list_from_strings},
    {"AllowListWithLengths", test_allow_list_with_lengths},
    {"AllowListFromFile", test_allow_list_from_file},
    {"DenyList", test_deny_list},
    {"DenyListFromFile", test_deny_list_from_file},
    {"Audit", test_audit},
    {"AuditFile", test_audit_file},
    {"DenyListAudit", test_deny_list_audit},
    {"NullArguments", test_null_arguments},
    {"Skeletons", test_skeletons},
    {"LookalikeSkeletons", test_lookalike_skeletons},
    {"LookalikeKeysAlias", test_lookalike_keys_alias},
    {"BidiSkeleton", test_bidi_skeleton},
    {"BuildTables", test_build_tables},
    {NULL, NULL}};
