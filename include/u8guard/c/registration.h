// SPDX-License-Identifier: Apache-2.0
/* u8guard's C interface: registration: one decision for a sign-up.
 * Include "u8guard/u8guard_c.h", which includes every part and states the
 * conventions they all follow (input, status, output buffers, ownership,
 * threads). */

#ifndef U8GUARD_C_REGISTRATION_H_
#define U8GUARD_C_REGISTRATION_H_

#include <stddef.h>
#include <stdint.h>

#include "u8guard/c/acl.h"
#include "u8guard/c/base.h"
#include "u8guard/c/profile.h"
#include "u8guard/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Registration (registration.h): one decision for a sign-up
 * ------------------------------------------------------------------------ */

/* A registration policy: protected names, confusable exemptions, the
 * highest restriction level. Immutable; may be shared between threads. */
typedef struct u8guard_registration_policy u8guard_registration_policy;

/* Reads a registration policy file (TOML; registration.h,
 * ParseRegistrationPolicy) into *out. U8GUARD_INVALID_ARGUMENT for NULL
 * arguments or a bad file (the message names the file, line and key),
 * U8GUARD_NOT_FOUND and the other I/O statuses when it cannot be read. */
U8GUARD_EXPORT u8guard_status u8guard_registration_policy_load(
    const char *path, u8guard_registration_policy **out, u8guard_error *error);

/* Frees a policy; NULL is ignored. */
U8GUARD_EXPORT void u8guard_registration_policy_free(
    u8guard_registration_policy *policy);

/* Outcomes (the values of the C++ u8guard::RegistrationOutcome). */
#define U8GUARD_REGISTRATION_ACCEPTED 0
#define U8GUARD_REGISTRATION_REJECTED 1 /* by the profile */
#define U8GUARD_REGISTRATION_PROTECTED_NAME 2
#define U8GUARD_REGISTRATION_RESTRICTION_LEVEL 3
#define U8GUARD_REGISTRATION_COLLISION 4
#define U8GUARD_REGISTRATION_LOOKALIKE 5
#define U8GUARD_REGISTRATION_CROSS_FIELD_CLASH 6
/* digits of more than one decimal system (UTS #39 section 5.3) */
#define U8GUARD_REGISTRATION_MIXED_NUMBERS 7

/* "accepted", "rejected", "protected_name", "restriction_level",
 * "collision", "lookalike", "cross_field_clash", "mixed_numbers";
 * "unknown" otherwise. */
U8GUARD_EXPORT const char *u8guard_registration_outcome_name(int32_t outcome);

/* Display safety (u8guard::DisplaySafety). */
#define U8GUARD_DISPLAY_AS_TYPED 0
#define U8GUARD_DISPLAY_ESCAPED 1

/* "as_typed", "escaped"; "unknown" otherwise. */
U8GUARD_EXPORT const char *u8guard_display_safety_name(int32_t display);

/* A decision and the record of the name, owned by the caller (free it with
 * u8guard_registration_free). Strings with a length may hold any bytes;
 * every string is also NUL-terminated. */
typedef struct u8guard_registration {
  int32_t outcome; /* U8GUARD_REGISTRATION_* */
  /* The record: set when has_record (the profile accepted the name). */
  int has_record;
  const char *enforced; /* the form to store and show */
  size_t enforced_len;
  const char *key; /* the comparison key */
  size_t key_len;
  size_t lookalike_key_count; /* 1 to U8GUARD_MAX_LOOKALIKE_SKELETONS */
  const char *lookalike_keys[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  size_t lookalike_key_lens[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  int32_t restriction_level; /* U8GUARD_RESTRICTION_* */
  const char *scripts;       /* ISO 15924 codes, space-separated: "Cyrl Latn" */
  int32_t display;           /* U8GUARD_DISPLAY_* */
  const char *version_tag;   /* e.g. "u8guard-0.1.0+icu-72.1+unicode-15.0" */
  /* What the name clashes with, as registered, and the shared key ("" when
   * none); which identifier clashed: 0 the name, i + 1 others[i]. */
  const char *conflict;
  size_t conflict_len;
  const char *shared_key;
  size_t shared_key_len;
  size_t identifier;
  /* U8GUARD_REGISTRATION_REJECTED: the profile's rule, the byte offset in
   * the rejected identifier, the code point (-1 when none) and message. */
  u8guard_rule_t rule;
  size_t offset;
  int32_t code_point;
  const char *message;
  void *internal; /* the library's: do not touch */
} u8guard_registration;

/* Frees a registration; NULL is ignored. */
U8GUARD_EXPORT void u8guard_registration_free(u8guard_registration *r);

/* Computes the record of name[0, name_len) under `profile` and `policy`
 * (NULL: the default policy) into a new *out, whose outcome is
 * U8GUARD_REGISTRATION_ACCEPTED. U8GUARD_REJECTED (the error says why, *out
 * NULL) when the profile rejects the name; U8GUARD_INVALID_ARGUMENT for
 * NULL arguments. */
U8GUARD_EXPORT u8guard_status u8guard_registration_record(
    const u8guard_profile *profile, const u8guard_registration_policy *policy,
    const char *name, size_t name_len, u8guard_registration **out,
    u8guard_error *error);

/* The names (and other identifiers) of a service's accounts, in memory.
 * Any number of threads may call u8guard_registry_decide at once; _add and
 * _register need the caller's exclusive lock. */
typedef struct u8guard_registry u8guard_registry;

/* An empty registry under `profile` (copied) and `policy` (NULL: the
 * default policy; copied). */
U8GUARD_EXPORT u8guard_status u8guard_registry_new(
    const u8guard_profile *profile, const u8guard_registration_policy *policy,
    u8guard_registry **out, u8guard_error *error);

/* A registry of the names of an ACL-format file, one account each (names
 * the profile rejects are skipped). Errors as u8guard_allow_list_load. */
U8GUARD_EXPORT u8guard_status u8guard_registry_load(
    const u8guard_profile *profile, const u8guard_registration_policy *policy,
    const char *path, u8guard_registry **out, u8guard_error *error);

/* Frees a registry; NULL is ignored. */
U8GUARD_EXPORT void u8guard_registry_free(u8guard_registry *registry);

/* The number of accounts; 0 for NULL. */
U8GUARD_EXPORT size_t
u8guard_registry_accounts(const u8guard_registry *registry);

/* Adds an account as is: name[0, name_len) and others[i][0,
 * other_lens[i]) for i < other_count (other_lens NULL: NUL-terminated).
 * U8GUARD_REJECTED when the profile rejects one of them (nothing is
 * added); U8GUARD_INVALID_ARGUMENT for NULL arguments. */
U8GUARD_EXPORT u8guard_status u8guard_registry_add(
    u8guard_registry *registry, const char *name, size_t name_len,
    const char *const *others, const size_t *other_lens, size_t other_count,
    u8guard_error *error);

/* Decides whether the account may be added, into a new *out: U8GUARD_OK
 * for every decision, a refusal included (outcome says which; a name the
 * profile rejects is U8GUARD_REGISTRATION_REJECTED with rule, offset and
 * message). Errors: U8GUARD_INVALID_ARGUMENT for NULL arguments,
 * U8GUARD_INTERNAL when ICU fails, U8GUARD_OUT_OF_MEMORY. */
U8GUARD_EXPORT u8guard_status u8guard_registry_decide(
    const u8guard_registry *registry, const char *name, size_t name_len,
    const char *const *others, const size_t *other_lens, size_t other_count,
    u8guard_registration **out, u8guard_error *error);

/* As u8guard_registry_decide, and adds the account when it is accepted. */
U8GUARD_EXPORT u8guard_status u8guard_registry_register(
    u8guard_registry *registry, const char *name, size_t name_len,
    const char *const *others, const size_t *other_lens, size_t other_count,
    u8guard_registration **out, u8guard_error *error);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* U8GUARD_C_REGISTRATION_H_ */
