/* SPDX-License-Identifier: Apache-2.0 */
/* Registration through the C API, from C11: records, registries, every
 * outcome, other identifiers, policies, NULL arguments. */

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

static void test_record(void) {
  u8guard_profile *profile = user_names();
  u8guard_registration *r = NULL;
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_registration_record(profile, NULL, "Alice", 5, &r, &e),
                 U8GUARD_OK);
  if (r != NULL) {
    CAPI_CHECK_INT(r->outcome, U8GUARD_REGISTRATION_ACCEPTED);
    CAPI_CHECK_INT(r->has_record, 1);
    CAPI_CHECK_STR(r->enforced, "alice");
    CAPI_CHECK_STR(r->key, "alice");
    CAPI_CHECK_INT(r->lookalike_key_count, 2);
    CAPI_CHECK_STR(r->lookalike_keys[0], "alice");
    CAPI_CHECK_STR(r->lookalike_keys[1], "allce"); /* ALICE: ALlCE */
    CAPI_CHECK_INT(r->restriction_level, U8GUARD_RESTRICTION_ASCII);
    CAPI_CHECK_STR(r->scripts, "Latn");
    CAPI_CHECK_INT(r->display, U8GUARD_DISPLAY_AS_TYPED);
    CAPI_CHECK(strncmp(r->version_tag, "u8guard-", 8) == 0);
  }
  u8guard_registration_free(r);
  /* Rejected by the profile: an error, no record. */
  r = (u8guard_registration *)&e; /* overwritten with NULL */
  CAPI_CHECK_INT(u8guard_registration_record(profile, NULL, "a b", 3, &r, &e),
                 U8GUARD_REJECTED);
  CAPI_CHECK(r == NULL);
  CAPI_CHECK_INT(e.rule, U8GUARD_RULE_DISALLOWED_SPACES);
  CAPI_CHECK_INT(u8guard_registration_record(NULL, NULL, "a", 1, &r, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_registration_record(profile, NULL, NULL, 1, &r, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_registration_record(profile, NULL, "a", 1, NULL, &e),
                 U8GUARD_INVALID_ARGUMENT);
  u8guard_registration_free(NULL);
  u8guard_profile_free(profile);
}

/* Decides `name` (with `others`) and checks the outcome and conflict. */
static void expect_decision(const u8guard_registry *registry, const char *name,
                            const char *const *others, size_t other_count,
                            int32_t outcome, const char *conflict) {
  u8guard_registration *r = NULL;
  u8guard_error e;
  CAPI_CHECK_INT(u8guard_registry_decide(registry, name, strlen(name), others,
                                         NULL, other_count, &r, &e),
                 U8GUARD_OK);
  if (r == NULL) return;
  if (r->outcome != outcome) {
    char message[256];
    snprintf(message, sizeof message, "%s: %s, expected %s", name,
             u8guard_registration_outcome_name(r->outcome),
             u8guard_registration_outcome_name(outcome));
    capi_fail(__FILE__, __LINE__, message);
  }
  CAPI_CHECK_STR(r->conflict, conflict);
  u8guard_registration_free(r);
}

static void test_registry(void) {
  u8guard_profile *profile = user_names();
  u8guard_registry *registry = NULL;
  u8guard_registration *r = NULL;
  u8guard_error e;
  const char *bob_others[] = {"bob.smith"};
  const char *carol_others[] = {"BOB"};
  CAPI_CHECK_INT(u8guard_registry_new(profile, NULL, &registry, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_registry_add(registry, "paypal", 6, NULL, NULL, 0, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(
      u8guard_registry_add(registry, "bob", 3, bob_others, NULL, 1, &e),
      U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_registry_add(registry, "a b", 3, NULL, NULL, 0, &e),
                 U8GUARD_REJECTED);
  CAPI_CHECK_INT(u8guard_registry_accounts(registry), 2);
  expect_decision(registry, "alice", NULL, 0, U8GUARD_REGISTRATION_ACCEPTED,
                  "");
  expect_decision(registry, "PAYPAL", NULL, 0, U8GUARD_REGISTRATION_COLLISION,
                  "paypal");
  expect_decision(registry, "paypaI", NULL, 0, U8GUARD_REGISTRATION_LOOKALIKE,
                  "paypal");
  expect_decision(registry, "admin", NULL, 0,
                  U8GUARD_REGISTRATION_PROTECTED_NAME, "admin");
  expect_decision(registry, "p\xD0\xB0yment", NULL, 0,
                  U8GUARD_REGISTRATION_RESTRICTION_LEVEL, "");
  expect_decision(registry, "Bob.Smith", NULL, 0,
                  U8GUARD_REGISTRATION_CROSS_FIELD_CLASH, "bob.smith");
  expect_decision(registry, "carol", carol_others, 1,
                  U8GUARD_REGISTRATION_CROSS_FIELD_CLASH, "bob");
  /* Devanagari one and ASCII 1 (one script, two decimal systems); the
   * Devanagari digits alone are accepted. */
  expect_decision(registry,
                  "\xE0\xA5\xA7"
                  "1",
                  NULL, 0, U8GUARD_REGISTRATION_MIXED_NUMBERS, "");
  expect_decision(registry, "\xE0\xA5\xA7\xE0\xA5\xA8", NULL, 0,
                  U8GUARD_REGISTRATION_ACCEPTED, "");
  /* A name the profile rejects: a decision, with the rule and offset. */
  CAPI_CHECK_INT(
      u8guard_registry_decide(registry, "a b", 3, NULL, NULL, 0, &r, &e),
      U8GUARD_OK);
  if (r != NULL) {
    CAPI_CHECK_INT(r->outcome, U8GUARD_REGISTRATION_REJECTED);
    CAPI_CHECK_INT(r->has_record, 0);
    CAPI_CHECK_INT(r->rule, U8GUARD_RULE_DISALLOWED_SPACES);
    CAPI_CHECK_INT(r->offset, 1);
    CAPI_CHECK_INT(r->code_point, 0x20);
    CAPI_CHECK(strstr(r->message, "DISALLOWED/spaces") != NULL);
  }
  u8guard_registration_free(r);
  /* Register adds what it accepts only. */
  CAPI_CHECK_INT(
      u8guard_registry_register(registry, "alice", 5, NULL, NULL, 0, &r, &e),
      U8GUARD_OK);
  CAPI_CHECK(r != NULL && r->outcome == U8GUARD_REGISTRATION_ACCEPTED);
  u8guard_registration_free(r);
  CAPI_CHECK_INT(
      u8guard_registry_register(registry, "ALICE", 5, NULL, NULL, 0, &r, &e),
      U8GUARD_OK);
  CAPI_CHECK(r != NULL && r->outcome == U8GUARD_REGISTRATION_COLLISION);
  u8guard_registration_free(r);
  CAPI_CHECK_INT(u8guard_registry_accounts(registry), 3);
  /* NULL arguments. */
  CAPI_CHECK_INT(u8guard_registry_decide(NULL, "a", 1, NULL, NULL, 0, &r, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(
      u8guard_registry_decide(registry, "a", 1, NULL, NULL, 1, &r, &e),
      U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(
      u8guard_registry_decide(registry, "a", 1, NULL, NULL, 0, NULL, &e),
      U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK_INT(u8guard_registry_accounts(NULL), 0);
  u8guard_registry_free(registry);
  /* A refused call leaves *out NULL, so nothing is left to free. */
  CAPI_CHECK_INT(u8guard_registry_new(NULL, NULL, &registry, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK(registry == NULL);
  u8guard_registry_free(NULL);
  u8guard_profile_free(profile);
}

static void test_policy_and_load(void) {
  u8guard_profile *profile = user_names();
  u8guard_registration_policy *policy = NULL;
  u8guard_registry *registry = NULL;
  u8guard_error e;
  char path[512], list[512];
  FILE *f;
  snprintf(path, sizeof path, "%s/policy.toml", capi_temp_dir());
  snprintf(list, sizeof list, "%s/users.acl", capi_temp_dir());
  f = fopen(path, "w");
  fputs("protected_names = [\"acme\"]\nconfusable_exemptions = [\"rn_m\"]\n",
        f);
  fclose(f);
  f = fopen(list, "w");
  fputs("# users\nmodern\nbob\n", f);
  fclose(f);
  CAPI_CHECK_INT(u8guard_registration_policy_load(path, &policy, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_registry_load(profile, policy, list, &registry, &e),
                 U8GUARD_OK);
  CAPI_CHECK_INT(u8guard_registry_accounts(registry), 2);
  expect_decision(registry, "modem", NULL, 0, U8GUARD_REGISTRATION_ACCEPTED,
                  "");
  expect_decision(registry, "ACME", NULL, 0,
                  U8GUARD_REGISTRATION_PROTECTED_NAME, "acme");
  u8guard_registry_free(registry);
  /* The default policy: modem looks like modern. */
  CAPI_CHECK_INT(u8guard_registry_load(profile, NULL, list, &registry, &e),
                 U8GUARD_OK);
  expect_decision(registry, "modem", NULL, 0, U8GUARD_REGISTRATION_LOOKALIKE,
                  "modern");
  u8guard_registry_free(registry);
  f = fopen(path, "w");
  fputs("confusable_exemptions = [\"nope\"]\n", f);
  fclose(f);
  u8guard_registration_policy_free(policy);
  CAPI_CHECK_INT(u8guard_registration_policy_load(path, &policy, &e),
                 U8GUARD_INVALID_ARGUMENT);
  CAPI_CHECK(policy == NULL);
  CAPI_CHECK(strstr(e.message, "confusable_exemptions") != NULL);
  CAPI_CHECK_INT(
      u8guard_registry_load(profile, NULL, "/nonexistent/x", &registry, &e),
      U8GUARD_NOT_FOUND);
  CAPI_CHECK_STR(
      u8guard_registration_outcome_name(U8GUARD_REGISTRATION_CROSS_FIELD_CLASH),
      "cross_field_clash");
  CAPI_CHECK_STR(
      u8guard_registration_outcome_name(U8GUARD_REGISTRATION_MIXED_NUMBERS),
      "mixed_numbers");
  CAPI_CHECK_STR(u8guard_registration_outcome_name(8), "unknown");
  CAPI_CHECK_STR(u8guard_display_safety_name(U8GUARD_DISPLAY_ESCAPED),
                 "escaped");
  u8guard_registration_policy_free(NULL);
  u8guard_profile_free(profile);
}

const capi_test capi_registration_tests[] = {
    {"Record", test_record},
    {"Registry", test_registry},
    {"PolicyAndLoad", test_policy_and_load},
    {NULL, NULL}};
