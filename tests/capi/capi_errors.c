/* SPDX-License-Identifier: Apache-2.0 */
/* The C API's versions, names and error struct, from C11. */

#include <stdio.h>
#include <string.h>

#include "tests/capi/capi_harness.h"
#include "u8guard/u8guard_c.h"

static void test_versions(void) {
  char expected[64];
  CAPI_CHECK_STR(u8guard_version(), U8GUARD_VERSION_STRING);
  snprintf(expected, sizeof expected, "%d.%d.%d", U8GUARD_VERSION_MAJOR,
           U8GUARD_VERSION_MINOR, U8GUARD_VERSION_PATCH);
  CAPI_CHECK_STR(u8guard_version(), expected);
  CAPI_CHECK_INT(U8GUARD_VERSION_NUMBER, U8GUARD_VERSION_MAJOR * 10000 +
                                             U8GUARD_VERSION_MINOR * 100 +
                                             U8GUARD_VERSION_PATCH);
  /* u8guard_library_version: the vocabulary's name, the same string. */
  CAPI_CHECK_STR(u8guard_library_version(), u8guard_version());
  CAPI_CHECK(u8guard_library_version() == u8guard_version());
  CAPI_CHECK_INT(u8guard_abi_version(), U8GUARD_ABI_VERSION);
  /* "72.1", "15.0": digits, a dot, digits; the same pointer every time. */
  CAPI_CHECK(strchr(u8guard_icu_version(), '.') != NULL);
  CAPI_CHECK(u8guard_icu_version()[0] >= '1' &&
             u8guard_icu_version()[0] <= '9');
  CAPI_CHECK(strchr(u8guard_unicode_version(), '.') != NULL);
  CAPI_CHECK(u8guard_icu_version() == u8guard_icu_version());
  CAPI_CHECK(u8guard_unicode_version() == u8guard_unicode_version());
}

static void test_status_names(void) {
  CAPI_CHECK_STR(u8guard_status_name(U8GUARD_OK), "ok");
  CAPI_CHECK_STR(u8guard_status_name(U8GUARD_REJECTED), "rejected");
  CAPI_CHECK_STR(u8guard_status_name(U8GUARD_NO_MATCH), "no_match");
  CAPI_CHECK_STR(u8guard_status_name(U8GUARD_BUFFER_TOO_SMALL),
                 "buffer_too_small");
  CAPI_CHECK_STR(u8guard_status_name(U8GUARD_INVALID_ARGUMENT),
                 "invalid_argument");
  CAPI_CHECK_STR(u8guard_status_name(U8GUARD_NOT_FOUND), "not_found");
  CAPI_CHECK_STR(u8guard_status_name(U8GUARD_PERMISSION_DENIED),
                 "permission_denied");
  CAPI_CHECK_STR(u8guard_status_name(U8GUARD_IO_ERROR), "io_error");
  CAPI_CHECK_STR(u8guard_status_name(U8GUARD_LIMIT_EXCEEDED), "limit_exceeded");
  CAPI_CHECK_STR(u8guard_status_name(U8GUARD_OUT_OF_MEMORY), "out_of_memory");
  CAPI_CHECK_STR(u8guard_status_name(U8GUARD_INTERNAL), "internal");
  CAPI_CHECK_STR(u8guard_status_name(U8GUARD_ALREADY_EXISTS), "already_exists");
  CAPI_CHECK_STR(u8guard_status_name(U8GUARD_CANCELLED), "cancelled");
  CAPI_CHECK_STR(u8guard_status_name((u8guard_status)13), "unknown");
  CAPI_CHECK_STR(u8guard_status_name((u8guard_status)-1), "unknown");
}

static void test_rule_ids(void) {
  u8guard_rule_t rule;
  CAPI_CHECK_STR(u8guard_rule_id(U8GUARD_RULE_UTF8_INVALID_BYTE),
                 "utf8/invalid_byte");
  CAPI_CHECK_STR(u8guard_rule_id(U8GUARD_RULE_UTF8_OVERLONG), "utf8/overlong");
  CAPI_CHECK_STR(u8guard_rule_id(U8GUARD_RULE_BOM_NOT_ALLOWED),
                 "bom_not_allowed");
  CAPI_CHECK_STR(u8guard_rule_id(U8GUARD_RULE_DISALLOWED_PRECIS_IGNORABLE),
                 "DISALLOWED/precis_ignorable_properties");
  CAPI_CHECK_STR(u8guard_rule_id(U8GUARD_RULE_PATH_DOT_DOT), "path/dot_dot");
  CAPI_CHECK_STR(u8guard_rule_id(U8GUARD_RULE_PATH_TOO_LONG), "path/too_long");
  CAPI_CHECK_STR(u8guard_rule_id(U8GUARD_RULE_NONE), "unknown");
  CAPI_CHECK_STR(u8guard_rule_id(-1), "unknown");
  CAPI_CHECK_STR(u8guard_rule_id(U8GUARD_RULE_MAX + 1), "unknown");
  CAPI_CHECK_STR(u8guard_rule_id(100000), "unknown");
  /* Every id names its rule, and only that one. */
  for (rule = 1; rule <= U8GUARD_RULE_MAX; ++rule) {
    CAPI_CHECK_INT(u8guard_rule_from_id(u8guard_rule_id(rule)), rule);
  }
  CAPI_CHECK_INT(u8guard_rule_from_id("UTF8/OVERLONG"), U8GUARD_RULE_NONE);
  CAPI_CHECK_INT(u8guard_rule_from_id("unknown"), U8GUARD_RULE_NONE);
  CAPI_CHECK_INT(u8guard_rule_from_id(""), U8GUARD_RULE_NONE);
  CAPI_CHECK_INT(u8guard_rule_from_id(NULL), U8GUARD_RULE_NONE);
  CAPI_CHECK_STR(u8guard_rule_description(U8GUARD_RULE_UTF8_OVERLONG),
                 "overlong encoding");
  CAPI_CHECK_STR(u8guard_rule_description(U8GUARD_RULE_NONE), "unknown rule");
  CAPI_CHECK_STR(u8guard_rule_description(U8GUARD_RULE_MAX + 1),
                 "unknown rule");
  CAPI_CHECK_STR(u8guard_rule_description(-3), "unknown rule");
}

static void test_finding_kind_names(void) {
  CAPI_CHECK_STR(u8guard_acl_finding_kind_name(U8GUARD_FINDING_FILE_SIGNATURE),
                 "file_signature");
  CAPI_CHECK_STR(u8guard_acl_finding_kind_name(U8GUARD_FINDING_BOM), "bom");
  CAPI_CHECK_STR(u8guard_acl_finding_kind_name(U8GUARD_FINDING_INVALID),
                 "invalid");
  CAPI_CHECK_STR(u8guard_acl_finding_kind_name(U8GUARD_FINDING_COLLISION),
                 "collision");
  CAPI_CHECK_STR(u8guard_acl_finding_kind_name(U8GUARD_FINDING_LOOKALIKE),
                 "lookalike");
  CAPI_CHECK_STR(u8guard_acl_finding_kind_name(U8GUARD_FINDING_MIXED_SCRIPT),
                 "mixed_script");
  CAPI_CHECK_STR(u8guard_acl_finding_kind_name(U8GUARD_FINDING_MIXED_NUMBERS),
                 "mixed_numbers");
  CAPI_CHECK_STR(u8guard_acl_finding_kind_name(7), "unknown");
  CAPI_CHECK_STR(u8guard_acl_finding_kind_name(-1), "unknown");
}

/* Every field of an error struct is written on success too. */
static void test_error_reset_on_success(void) {
  u8guard_error error;
  memset(&error, 0x5A, sizeof error);
  CAPI_CHECK_INT(u8guard_utf8_check("ok", 2, &error), U8GUARD_OK);
  CAPI_CHECK_INT(error.status, U8GUARD_OK);
  CAPI_CHECK_INT(error.rule, U8GUARD_RULE_NONE);
  CAPI_CHECK_INT(error.source, U8GUARD_SOURCE_NONE);
  CAPI_CHECK_INT(error.code_point, -1);
  CAPI_CHECK_INT(error.offset, 0);
  CAPI_CHECK_STR(error.message, "");
}

/* A failure that is not a rejection carries no rule; NULL error is fine. */
static void test_error_without_rejection(void) {
  u8guard_error error;
  u8guard_profile *profile = (u8guard_profile *)&error; /* overwritten */
  memset(&error, 0x5A, sizeof error);
  CAPI_CHECK_INT(
      u8guard_profile_open("no-such-profile", NULL, &profile, &error),
      U8GUARD_NOT_FOUND);
  CAPI_CHECK(profile == NULL);
  CAPI_CHECK_INT(error.status, U8GUARD_NOT_FOUND);
  CAPI_CHECK_INT(error.rule, U8GUARD_RULE_NONE);
  CAPI_CHECK_INT(error.source, U8GUARD_SOURCE_NONE);
  CAPI_CHECK_INT(error.code_point, -1);
  CAPI_CHECK_INT(error.offset, 0);
  CAPI_CHECK(strstr(error.message, "no-such-profile") != NULL);
  CAPI_CHECK_INT(u8guard_profile_open("no-such-profile", NULL, &profile, NULL),
                 U8GUARD_NOT_FOUND);
}

/* A message longer than the buffer is cut at a character boundary, marked
 * with "...", NUL-terminated, and still valid UTF-8. */
static void test_long_message_is_cut_at_a_character(void) {
  char name[3 * 400 + 2];
  u8guard_error error;
  u8guard_profile *profile = NULL;
  size_t i, len;
  /* "x" then 400 x U+20AC: the cut falls in the middle of one, whatever
   * the message's prefix. */
  name[0] = 'x';
  for (i = 0; i < 400; ++i) memcpy(name + 1 + 3 * i, "\xE2\x82\xAC", 3);
  name[1 + 3 * 400] = '\0';
  CAPI_CHECK_INT(u8guard_profile_open(name, NULL, &profile, &error),
                 U8GUARD_NOT_FOUND);
  len = strlen(error.message);
  CAPI_CHECK(len <= U8GUARD_ERROR_MESSAGE_SIZE - 1);
  CAPI_CHECK(len >= U8GUARD_ERROR_MESSAGE_SIZE - 1 - 3 - 3);
  CAPI_CHECK(len >= 3 && strcmp(error.message + len - 3, "...") == 0);
  CAPI_CHECK_INT(u8guard_utf8_is_valid(error.message, len), 1);
}

const capi_test capi_errors_tests[] = {
    {"Versions", test_versions},
    {"StatusNames", test_status_names},
    {"RuleIds", test_rule_ids},
    {"FindingKindNames", test_finding_kind_names},
    {"ErrorResetOnSuccess", test_error_reset_on_success},
    {"ErrorWithoutRejection", test_error_without_rejection},
    {"LongMessageIsCutAtACharacter", test_long_message_is_cut_at_a_character},
    {NULL, NULL}};
