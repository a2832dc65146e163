/* SPDX-License-Identifier: Apache-2.0 */
/* Profiles, comparison keys, enforced forms and equivalence through the C
 * API, from C11. capi_test.cc compares every result with the C++ API on
 * the PRECIS corpora. */

#define _GNU_SOURCE /* mkfifo, mkdir */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "tests/capi/capi_harness.h"
#include "u8guard/u8guard_c.h"

/* A deployment's own profile: identifiers, case kept, at most 8 bytes. */
static const char kShoutyPolicy[] =
    "name = \"shouty\"\n"
    "description = \"test profile\"\n"
    "bom = \"reject\"\n"
    "string_class = \"identifier\"\n"
    "width_mapping = true\n"
    "additional_mapping = \"none\"\n"
    "case_mapping = \"none\"\n"
    "key_case_mapping = \"none\"\n"
    "normalization = \"NFC\"\n"
    "directionality = \"bidi_rule\"\n"
    "confusables = \"none\"\n"
    "max_input_bytes = 64\n"
    "max_output_bytes = 8\n"
    "max_output_code_points = 8\n";

static u8guard_profile *open_builtin(const char *name) {
  u8guard_profile *p = NULL;
  u8guard_error e;
  if (u8guard_profile_open(name, NULL, &p, &e) != U8GUARD_OK) {
    capi_fail(__FILE__, __LINE__, e.message);
  }
  return p;
}

static void test_builtin_profiles(void) {
  size_t i, n = u8guard_builtin_profile_count();
  int have_mapped = 0;
  CAPI_CHECK(n >= 8);
  for (i = 0; i < n; ++i) {
    const char *name = u8guard_builtin_profile_name(i);
    u8guard_profile *p = NULL;
    CAPI_CHECK(name != NULL);
    if (name == NULL) continue;
    have_mapped |= strcmp(name, "username-case-mapped") == 0;
    /* In name order. */
    CAPI_CHECK(i == 0 || strcmp(u8guard_builtin_profile_name(i - 1), name) < 0);
    CAPI_CHECK_INT(u8guard_profile_open(name, NULL, &p, NULL), U8GUARD_OK);
    CAPI_CHECK_STR(u8guard_profile_name(p), name);
    u8guard_profile_free(p);
  }
  CAPI_CHECK(have_mapped);
  CAPI_CHECK(u8guard_builtin_profile_name(n) == NULL);
  CAPI_CHECK(u8guard_profile_name(NULL) == NULL);
}

/* The RFC 9839 repertoires: the string kept as it is, or the first code
 * point outside named with its rule and offset. */
static void test_repertoires(void) {
  static const char kText[] =
      "\xEF\xBB\xBF"
      "A\t\xC2\x85\xEF\xB7\x90";
  u8guard_profile *xml = NULL;
  u8guard_profile *assignables = NULL;
  char out[64];
  size_t out_len = 0;
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_profile_open("xml-characters", NULL, &xml, NULL),
                 U8GUARD_OK);
  CAPI_CHECK_INT(
      u8guard_profile_open("unicode-assignables", NULL, &assignables, NULL),
      U8GUARD_OK);
  CAPI_CHECK_INT(
      u8guard_key(xml, kText, sizeof kText - 1, out, sizeof out, &out_len, &e),
      U8GUARD_OK);
  CAPI_CHECK_BYTES(out, out_len, kText);
  CAPI_CHECK_INT(u8guard_key(assignables, kText, sizeof kText - 1, out,
                             sizeof out, &out_len, &e),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_REPERTOIRE_CONTROL);
  CAPI_CHECK_INT(e.offset, 5);
  CAPI_CHECK_INT(e.code_point, 0x85);
  CAPI_CHECK_INT(
      u8guard_key(xml, "ok\xEF\xBF\xBF", 5, out, sizeof out, &out_len, &e),
      U8GUARD_REJECTED);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_REPERTOIRE_NONCHARACTER);
  CAPI_CHECK_INT(e.offset, 2);
  u8guard_profile_free(xml);
  u8guard_profile_free(assignables);
}

/* The RFCs' names open the built-ins, which report their kebab-case names;
 * u8guard_canonical_profile_name says which. */
static void test_rfc_names(void) {
  static const char *const kNames[][2] = {
      {"UsernameCaseMapped", "username-case-mapped"},
      {"UsernameCasePreserved", "username-case-preserved"},
      {"OpaqueString", "opaque-string"},
      {"Nickname", "nickname"},
      {"IdentifierClass", "identifier-class"},
      {"FreeformClass", "freeform-class"}};
  static const char kOther[] = "usernamecasemapped";
  size_t i;
  for (i = 0; i < sizeof kNames / sizeof kNames[0]; ++i) {
    u8guard_profile *p = NULL;
    u8guard_error e;
    CAPI_CHECK_STR(u8guard_canonical_profile_name(kNames[i][0]), kNames[i][1]);
    CAPI_CHECK_INT(u8guard_profile_open(kNames[i][0], NULL, &p, &e),
                   U8GUARD_OK);
    CAPI_CHECK_STR(u8guard_profile_name(p), kNames[i][1]);
    u8guard_profile_free(p);
  }
  /* Any other name is itself. */
  CAPI_CHECK(u8guard_canonical_profile_name(kOther) == kOther);
  CAPI_CHECK(u8guard_canonical_profile_name(NULL) == NULL);
}

static void test_open_errors(void) {
  u8guard_profile *p = (u8guard_profile *)&p;
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_profile_open("Username-Case-Mapped", NULL, &p, &e),
                 U8GUARD_NOT_FOUND);
  CAPI_CHECK(p == NULL);
  /* The message lists what there is. */
  CAPI_CHECK(strstr(e.message, "username-case-mapped") != NULL);
  CAPI_CHECK_INT(u8guard_profile_open(NULL, NULL, &p, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_STR(e.message, "name must not be NULL");
  CAPI_CHECK_INT(u8guard_profile_open("nickname", NULL, NULL, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_profile_open_file(NULL, &p, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_profile_open_file("/nonexistent/x.toml", &p, &e),
                 U8GUARD_NOT_FOUND);
  CAPI_CHECK(p == NULL);
  CAPI_CHECK(strstr(e.message, "/nonexistent/x.toml") != NULL);
  u8guard_profile_free(NULL);
}

static void test_open_from_directory_and_file(void) {
  char path[512];
  u8guard_profile *p = NULL;
  u8guard_error e;
  snprintf(path, sizeof path, "%s/shouty.toml", capi_temp_dir());
  capi_write_file(path, kShoutyPolicy, sizeof kShoutyPolicy - 1);
  CAPI_CHECK_INT(u8guard_profile_open("shouty", capi_temp_dir(), &p, &e),
                 U8GUARD_OK);
  CAPI_CHECK_STR(u8guard_profile_name(p), "shouty");
  u8guard_profile_free(p);
  /* Names the directory lacks are the built-in ones. */
  CAPI_CHECK_INT(u8guard_profile_open("nickname", capi_temp_dir(), &p, &e),
                 U8GUARD_OK);
  CAPI_CHECK_STR(u8guard_profile_name(p), "nickname");
  u8guard_profile_free(p);
  /* "" is no directory. */
  CAPI_CHECK_INT(u8guard_profile_open("shouty", "", &p, &e), U8GUARD_NOT_FOUND);
  CAPI_CHECK_INT(u8guard_profile_open_file(path, &p, &e), U8GUARD_OK);
  CAPI_CHECK_STR(u8guard_profile_name(p), "shouty");
  u8guard_profile_free(p);
}

static void test_bad_policy_file(void) {
  static const char kBad[] = "name = \"bad\"\nbom = \"sometimes\"\n";
  char path[512];
  u8guard_profile *p = NULL;
  u8guard_error e;
  snprintf(path, sizeof path, "%s/bad.toml", capi_temp_dir());
  capi_write_file(path, kBad, sizeof kBad - 1);
  CAPI_CHECK_INT(u8guard_profile_open_file(path, &p, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK(p == NULL);
  CAPI_CHECK(strstr(e.message, "bad.toml") != NULL);
  CAPI_CHECK_INT(u8guard_profile_open("nickname", capi_temp_dir(), &p, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK(p == NULL);
}

/* Attack (an outside review): a file name from a policy directory reached
 * C callers raw in the "not a regular file" error. A directory and a FIFO
 * named with an escape sequence, a newline or a byte that is not UTF-8: the
 * message shows each escaped, and no control byte at all. */
static void test_directory_entry_names_are_escaped(void) {
  static const char *const kNames[][2] = {
      {"evil\x1B[31m.toml", "/evil\\u{001B}[31m.toml: not a regular file"},
      {"new\nline.toml", "/new\\u{000A}line.toml: not a regular file"},
      {"bad\xFF.toml", "/bad\\xFF.toml: not a regular file"},
  };
  size_t i, k;
  for (i = 0; i < sizeof kNames / sizeof kNames[0]; ++i) {
    for (k = 0; k < 2; ++k) {
      char dir[512], entry[600];
      u8guard_profile *p = NULL;
      u8guard_error e;
      const char *c;
      snprintf(dir, sizeof dir, "%s/policies%zu%zu", capi_temp_dir(), i, k);
      snprintf(entry, sizeof entry, "%s/%s", dir, kNames[i][0]);
      CAPI_CHECK_INT(mkdir(dir, 0755), 0);
      CAPI_CHECK_INT(k == 0 ? mkdir(entry, 0755) : mkfifo(entry, 0644), 0);
      CAPI_CHECK_INT(u8guard_profile_open("shouty", dir, &p, &e),
                     U8GUARD_IO_ERROR);
      CAPI_CHECK(p == NULL);
      CAPI_CHECK(strstr(e.message, kNames[i][1]) != NULL);
      for (c = e.message; *c != '\0'; ++c) {
        const unsigned char b = (unsigned char)*c;
        CAPI_CHECK(b >= 0x20 && b != 0x7F && b != 0xFF);
      }
    }
  }
}

/* capi_producer adapters: context is {profile, input, length}. */
typedef struct text_input {
  const u8guard_profile *profile;
  const char *bytes;
  size_t len;
} text_input;

static u8guard_status canonicalize(const void *context, char *out, size_t cap,
                                   size_t *out_len, u8guard_error *e) {
  const text_input *in = context;
  return u8guard_canonicalize(in->profile, in->bytes, in->len, out, cap,
                              out_len, e);
}

static u8guard_status enforce(const void *context, char *out, size_t cap,
                              size_t *out_len, u8guard_error *e) {
  const text_input *in = context;
  return u8guard_enforce(in->profile, in->bytes, in->len, out, cap, out_len, e);
}

static void test_canonicalize_and_enforce(void) {
  u8guard_profile *mapped = open_builtin("username-case-mapped");
  u8guard_profile *nickname = open_builtin("nickname");
  /* Fullwidth ADMIN: width-mapped and lower-cased. */
  text_input admin = {NULL,
                      "\xEF\xBC\xA1\xEF\xBC\xA4\xEF\xBC\xAD\xEF\xBC\xA9"
                      "\xEF\xBC\xAE",
                      15};
  text_input nick = {NULL,
                     "  Foo\xC2\xA0\xC2\xA0"
                     "Bar ",
                     13};
  admin.profile = mapped;
  nick.profile = nickname;
  CAPI_CHECK_EVERY_CAPACITY(canonicalize, &admin, "admin");
  /* Nickname (RFC 8266): spaces mapped, trimmed, collapsed; the key is
   * lower-cased, the enforced form keeps case. */
  CAPI_CHECK_EVERY_CAPACITY(canonicalize, &nick, "foo bar");
  CAPI_CHECK_EVERY_CAPACITY(enforce, &nick, "Foo Bar");
  u8guard_profile_free(mapped);
  u8guard_profile_free(nickname);
}

static void test_rejection(void) {
  u8guard_profile *mapped = open_builtin("username-case-mapped");
  char out[32];
  size_t n = 99;
  u8guard_error e;
  memset(out, 'X', sizeof out);
  CAPI_CHECK_INT(u8guard_canonicalize(mapped, "al\xE2\x80\x8Bice", 8, out,
                                      sizeof out, &n, &e),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(n, 0);
  CAPI_CHECK_INT(out[0], '\0');
  CAPI_CHECK_INT(e.status, U8GUARD_REJECTED);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_DISALLOWED_PRECIS_IGNORABLE);
  CAPI_CHECK_INT(e.source, U8GUARD_SOURCE_PROFILE);
  CAPI_CHECK_INT(e.offset, 2);
  CAPI_CHECK_INT(e.code_point, 0x200B);
  CAPI_CHECK_STR(e.message,
                 "username-case-mapped: rejected at byte 2 (U+200B): "
                 "DISALLOWED/precis_ignorable_properties");
  /* An embedded NUL is a character like any other: a control here. */
  CAPI_CHECK_INT(u8guard_enforce(mapped, "ab\0c", 4, out, sizeof out, &n, &e),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_DISALLOWED_CONTROLS);
  CAPI_CHECK_INT(e.offset, 2);
  CAPI_CHECK_INT(e.code_point, 0);
  /* Not UTF-8: the offset of the bad byte. */
  CAPI_CHECK_INT(
      u8guard_canonicalize(mapped, "ab\xC0\xAF", 4, out, sizeof out, &n, &e),
      U8GUARD_REJECTED);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_UTF8_OVERLONG);
  CAPI_CHECK_INT(e.offset, 2);
  /* The empty string (NULL with length 0). */
  CAPI_CHECK_INT(u8guard_canonicalize(mapped, NULL, 0, out, sizeof out, &n, &e),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_EMPTY);
  u8guard_profile_free(mapped);
}

static void test_too_long_for_a_loaded_profile(void) {
  char path[512], out[16];
  size_t n;
  u8guard_profile *p = NULL;
  u8guard_error e;
  snprintf(path, sizeof path, "%s/shouty.toml", capi_temp_dir());
  capi_write_file(path, kShoutyPolicy, sizeof kShoutyPolicy - 1);
  CAPI_CHECK_INT(u8guard_profile_open_file(path, &p, &e), U8GUARD_OK);
  CAPI_CHECK_INT(
      u8guard_canonicalize(p, "ABCDEFGH", 8, out, sizeof out, &n, &e),
      U8GUARD_OK);
  CAPI_CHECK_BYTES(out, n, "ABCDEFGH");
  CAPI_CHECK_INT(
      u8guard_canonicalize(p, "ABCDEFGHI", 9, out, sizeof out, &n, &e),
      U8GUARD_REJECTED);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_TOO_LONG);
  u8guard_profile_free(p);
}

static void test_null_arguments(void) {
  u8guard_profile *mapped = open_builtin("username-case-mapped");
  char out[8];
  size_t n = 99;
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_canonicalize(NULL, "a", 1, out, sizeof out, &n, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(n, 0);
  CAPI_CHECK_STR(e.message, "profile must not be NULL");
  CAPI_CHECK_INT(u8guard_canonicalize(mapped, NULL, 1, out, sizeof out, &n, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(
      u8guard_canonicalize(mapped, "a", 1, out, sizeof out, NULL, &e),
      U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_canonicalize(mapped, "a", 1, NULL, 4, &n, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_enforce(NULL, "a", 1, out, sizeof out, &n, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_enforce(mapped, "a", 1, out, sizeof out, NULL, NULL),
                 U8GUARD_INVALID_ARGUMENT);
  u8guard_profile_free(mapped);
}

static void test_equivalent(void) {
  u8guard_profile *mapped = open_builtin("username-case-mapped");
  CAPI_CHECK_INT(u8guard_equivalent(mapped, "Admin", 5,
                                    "\xEF\xBC\xA1\xEF\xBC\xA4\xEF\xBC\xAD"
                                    "\xEF\xBC\xA9\xEF\xBC\xAE",
                                    15),
                 1);
  CAPI_CHECK_INT(u8guard_equivalent(mapped, "admin", 5, "admins", 6), 0);
  /* Fail closed: a rejected input equals nothing, not even itself. */
  CAPI_CHECK_INT(u8guard_equivalent(mapped, "a b", 3, "a b", 3), 0);
  CAPI_CHECK_INT(u8guard_equivalent(mapped, "a\0", 2, "a\0", 2), 0);
  CAPI_CHECK_INT(u8guard_equivalent(NULL, "a", 1, "a", 1), 0);
  CAPI_CHECK_INT(u8guard_equivalent(mapped, NULL, 1, "a", 1), 0);
  CAPI_CHECK_INT(u8guard_equivalent(mapped, "a", 1, NULL, 1), 0);
  u8guard_profile_free(mapped);
}

/* u8guard_key is u8guard_canonicalize under the vocabulary's name: the
 * same keys, the same rejections (rule, offset, code point, message), the
 * same buffer and argument errors. */
static void test_key_alias(void) {
  u8guard_profile *mapped = open_builtin("username-case-mapped");
  u8guard_profile *nickname = open_builtin("nickname");
  static const char kAdmin[] =
      "\xEF\xBC\xA1\xEF\xBC\xA4\xEF\xBC\xAD\xEF\xBC\xA9\xEF\xBC\xAE";
  CAPI_CHECK_INT(CAPI_CHECK_SAME_TEXT(u8guard_canonicalize, u8guard_key, mapped,
                                      kAdmin, sizeof kAdmin - 1, 64),
                 U8GUARD_OK);
  CAPI_CHECK_INT(
      CAPI_CHECK_SAME_TEXT(u8guard_canonicalize, u8guard_key, nickname,
                           "  Foo\xC2\xA0"
                           "Bar ",
                           11, 64),
      U8GUARD_OK);
  CAPI_CHECK_INT(CAPI_CHECK_SAME_TEXT(u8guard_canonicalize, u8guard_key, mapped,
                                      "al\xE2\x80\x8Bice", 8, 64),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(CAPI_CHECK_SAME_TEXT(u8guard_canonicalize, u8guard_key, mapped,
                                      "a\xC0\xAF", 3, 64),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(CAPI_CHECK_SAME_TEXT(u8guard_canonicalize, u8guard_key, mapped,
                                      "", 0, 64),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(CAPI_CHECK_SAME_TEXT(u8guard_canonicalize, u8guard_key, mapped,
                                      "administrator", 13, 4),
                 U8GUARD_BUFFER_TOO_SMALL);
  CAPI_CHECK_INT(
      CAPI_CHECK_SAME_TEXT(u8guard_canonicalize, u8guard_key, NULL, "a", 1, 64),
      U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(CAPI_CHECK_SAME_TEXT(u8guard_canonicalize, u8guard_key, mapped,
                                      NULL, 1, 64),
                 U8GUARD_INVALID_ARGUMENT);
  u8guard_profile_free(mapped);
  u8guard_profile_free(nickname);
}

/* Opens `path` with u8guard_profile_open_file and u8guard_profile_load and
 * checks that both give the same answer; returns the status. */
static u8guard_status check_same_load(const char *path) {
  u8guard_profile *a = NULL, *b = NULL;
  u8guard_error ea, eb;
  const u8guard_status sa = u8guard_profile_open_file(path, &a, &ea);
  CAPI_CHECK_INT(u8guard_profile_load(path, &b, &eb), sa);
  capi_check_same_error(__FILE__, __LINE__, &ea, &eb);
  CAPI_CHECK((a == NULL) == (b == NULL));
  if (a != NULL && b != NULL) {
    CAPI_CHECK_STR(u8guard_profile_name(b), u8guard_profile_name(a));
    char ka[16], kb[16];
    size_t na = 0, nb = 0;
    CAPI_CHECK_INT(u8guard_key(a, "Shouty", 6, ka, sizeof ka, &na, &ea),
                   U8GUARD_OK);
    CAPI_CHECK_INT(u8guard_key(b, "Shouty", 6, kb, sizeof kb, &nb, &eb),
                   U8GUARD_OK);
    capi_check_bytes(__FILE__, __LINE__, kb, nb, ka, na, "key");
    CAPI_CHECK_INT(u8guard_equivalent(b, "ABC", 3, "ABC", 3),
                   u8guard_equivalent(a, "ABC", 3, "ABC", 3));
  }
  u8guard_profile_free(a);
  u8guard_profile_free(b);
  return sa;
}

/* u8guard_profile_load is u8guard_profile_open_file under the vocabulary's
 * verb: the same profile from a good file, the same errors otherwise. */
static void test_profile_load_alias(void) {
  static const char kBad[] = "name = \"bad\"\nbom = \"sometimes\"\n";
  char good[512], bad[512];
  u8guard_profile *p = NULL;
  u8guard_error e;
  size_t n = 0;
  char out[16];
  snprintf(good, sizeof good, "%s/shouty.toml", capi_temp_dir());
  capi_write_file(good, kShoutyPolicy, sizeof kShoutyPolicy - 1);
  snprintf(bad, sizeof bad, "%s/bad.toml", capi_temp_dir());
  capi_write_file(bad, kBad, sizeof kBad - 1);
  CAPI_CHECK_INT(check_same_load(good), U8GUARD_OK);
  CAPI_CHECK_INT(check_same_load(bad), U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(check_same_load("/nonexistent/x.toml"), U8GUARD_NOT_FOUND);
  CAPI_CHECK_INT(check_same_load(NULL), U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_profile_load(good, NULL, &e),
                 U8GUARD_INVALID_ARGUMENT);
  /* The loaded profile is the file's: case kept, at most 8 bytes. */
  CAPI_CHECK_INT(u8guard_profile_load(good, &p, &e), U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_key(p, "Shouty", 6, out, sizeof out, &n, &e),
                 U8GUARD_OK);
  CAPI_CHECK_BYTES(out, n, "Shouty");
  CAPI_CHECK_INT(u8guard_key(p, "Shouty123", 9, out, sizeof out, &n, &e),
                 U8GUARD_REJECTED);
  u8guard_profile_free(p);
}

const capi_test capi_profile_tests[] = {
    {"BuiltinProfiles", test_builtin_profiles},
    {"RfcNames", test_rfc_names},
    {"Repertoires", test_repertoires},
    {"OpenErrors", test_open_errors},
    {"OpenFromDirectoryAndFile", test_open_from_directory_and_file},
    {"BadPolicyFile", test_bad_policy_file},
    {"DirectoryEntryNamesAreEscaped", test_directory_entry_names_are_escaped},
    {"CanonicalizeAndEnforce", test_canonicalize_and_enforce},
    {"Rejection", test_rejection},
    {"TooLongForALoadedProfile", test_too_long_for_a_loaded_profile},
    {"NullArguments", test_null_arguments},
    {"Equivalent", test_equivalent},
    {"KeyAlias", test_key_alias},
    {"ProfileLoadAlias", test_profile_load_alias},
    {NULL, NULL}};
