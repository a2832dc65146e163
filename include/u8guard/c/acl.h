// SPDX-License-Identifier: Apache-2.0
/* u8guard's C interface: allow lists, deny lists and their audits.
 * Include "u8guard/u8guard_c.h", which includes every part and states the
 * conventions they all follow (input, status, output buffers, ownership,
 * threads). */

#ifndef U8GUARD_C_ACL_H_
#define U8GUARD_C_ACL_H_

#include <stddef.h>
#include <stdint.h>

#include "u8guard/c/base.h"
#include "u8guard/c/profile.h"
#include "u8guard/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Allow lists and deny lists
 * ------------------------------------------------------------------------ */

/* An allow list grants access only on exact canonical equality; a deny list
 * finds the entries a credential looks like (UTS #39 confusable skeletons:
 * "pаypal" with a Cyrillic "а" resembles "paypal") and must never be used
 * to grant. Both are immutable once built and may be shared between
 * threads. Entries the profile rejects match nothing (see the audit).
 *
 * ACL files hold one entry per line ("\n" or "\r\n"); empty lines, lines of
 * spaces and tabs, and lines starting with '#' are skipped; nothing else is
 * trimmed. A leading EF BB BF on the first line is the file's signature
 * and is removed. */
typedef struct u8guard_allow_list u8guard_allow_list;
typedef struct u8guard_deny_list u8guard_deny_list;

/* The entry a lookup matched. The pointers point into the list: valid
 * until it is freed; the strings are not NUL-terminated. */
typedef struct u8guard_acl_match {
  /* Position among all entries (0-based; comments and blank lines are not
   * entries, invalid entries are). */
  size_t index;
  /* 1-based line in the ACL file; 0 for a list built from strings. */
  size_t line;
  /* The entry as written. */
  const char *original;
  size_t original_len;
  /* Its canonical key under the list's profile. */
  const char *key;
  size_t key_len;
} u8guard_acl_match;

/* Builds an allow list from the ACL file at `path`, canonicalizing every
 * entry under `profile` (which the list copies: it may be freed after).
 * Returns the file's read errors (U8GUARD_NOT_FOUND,
 * U8GUARD_PERMISSION_DENIED, U8GUARD_IO_ERROR), U8GUARD_LIMIT_EXCEEDED when
 * the keys exceed 4 GiB, U8GUARD_INVALID_ARGUMENT for NULL arguments. Free
 * the list with u8guard_allow_list_free. */
U8GUARD_EXPORT u8guard_status
u8guard_allow_list_load(const u8guard_profile *profile, const char *path,
                        u8guard_allow_list **out, u8guard_error *error);

/* Builds an allow list from `count` strings, each one entry as is (no
 * comments, no file signature): entries[i] of lengths[i] bytes, or, when
 * `lengths` is NULL, NUL-terminated. entries may be NULL when count is 0;
 * entries[i] may be NULL when lengths[i] is 0. Errors as
 * u8guard_allow_list_load, without the read errors. */
U8GUARD_EXPORT u8guard_status u8guard_allow_list_new(
    const u8guard_profile *profile, const char *const *entries,
    const size_t *lengths, size_t count, u8guard_allow_list **out,
    u8guard_error *error);

/* Frees an allow list; NULL is ignored. */
U8GUARD_EXPORT void u8guard_allow_list_free(u8guard_allow_list *list);

/* The number of valid entries (those that can match); 0 for NULL. */
U8GUARD_EXPORT size_t u8guard_allow_list_size(const u8guard_allow_list *list);

/* Canonicalizes the credential once and looks for an entry with the same
 * key. Returns U8GUARD_OK and fills *match (which may be NULL) with the
 * first such entry in list order; U8GUARD_NO_MATCH when there is none;
 * U8GUARD_REJECTED when the profile rejects the credential (it matches
 * nothing; the error says why); U8GUARD_INVALID_ARGUMENT for a NULL list,
 * or NULL credential with credential_len > 0. Only U8GUARD_OK grants. */
U8GUARD_EXPORT u8guard_status u8guard_allow_list_grants(
    const u8guard_allow_list *list, const char *credential,
    size_t credential_len, u8guard_acl_match *match, u8guard_error *error);

/* As u8guard_allow_list_load, for a deny list. */
U8GUARD_EXPORT u8guard_status
u8guard_deny_list_load(const u8guard_profile *profile, const char *path,
                       u8guard_deny_list **out, u8guard_error *error);

/* As u8guard_allow_list_new, for a deny list. */
U8GUARD_EXPORT u8guard_status u8guard_deny_list_new(
    const u8guard_profile *profile, const char *const *entries,
    const size_t *lengths, size_t count, u8guard_deny_list **out,
    u8guard_error *error);

/* Frees a deny list; NULL is ignored. */
U8GUARD_EXPORT void u8guard_deny_list_free(u8guard_deny_list *list);

/* The number of valid entries; 0 for NULL. */
U8GUARD_EXPORT size_t u8guard_deny_list_size(const u8guard_deny_list *list);

/* Canonicalizes the credential once and returns U8GUARD_OK with the first
 * entry (in list order) that looks like it in *match (which may be NULL):
 * one whose skeletons (UTS #39, of its key, of the entry as written and of
 * its enforced form) share one with the credential's, so that look-alikes
 * hidden by case mapping ("paypaI", "ADMİN") are found too; an exact match
 * is also a resemblance. U8GUARD_NO_MATCH when none; U8GUARD_REJECTED when the
 * profile rejects the credential; U8GUARD_INTERNAL when ICU fails;
 * U8GUARD_INVALID_ARGUMENT as u8guard_allow_list_grants. */
U8GUARD_EXPORT u8guard_status u8guard_deny_list_resembles(
    const u8guard_deny_list *list, const char *credential,
    size_t credential_len, u8guard_acl_match *match, u8guard_error *error);

/* ------------------------------------------------------------------------
 * Audits of allow and deny lists
 * ------------------------------------------------------------------------ */

/* What an audit finds (the values of the C++ u8guard::AclFindingKind). */
#define U8GUARD_FINDING_FILE_SIGNATURE 0 /* the file began with EF BB BF */
#define U8GUARD_FINDING_BOM 1            /* an entry begins with EF BB BF */
#define U8GUARD_FINDING_INVALID 2        /* the profile rejects an entry */
#define U8GUARD_FINDING_COLLISION 3      /* two entries, one key */
#define U8GUARD_FINDING_LOOKALIKE 4      /* two keys, one skeleton */
#define U8GUARD_FINDING_MIXED_SCRIPT 5   /* restriction level too loose */
#define U8GUARD_FINDING_MIXED_NUMBERS 6  /* digits of two decimal systems */

/* UTS #39 restriction levels, strictest first (the values of the C++
 * u8guard::RestrictionLevel). */
#define U8GUARD_RESTRICTION_ASCII 0
#define U8GUARD_RESTRICTION_SINGLE_SCRIPT_RESTRICTIVE 1
#define U8GUARD_RESTRICTION_HIGHLY_RESTRICTIVE 2
#define U8GUARD_RESTRICTION_MODERATELY_RESTRICTIVE 3
#define U8GUARD_RESTRICTION_MINIMALLY_RESTRICTIVE 4
#define U8GUARD_RESTRICTION_UNRESTRICTIVE 5

/* The name of a restriction level: "ascii", "single_script_restrictive",
 * "highly_restrictive", "moderately_restrictive", "minimally_restrictive",
 * "unrestrictive"; "unknown" otherwise. */
U8GUARD_EXPORT const char *u8guard_restriction_level_name(int32_t level);

/* Writes the UTS #39 confusable skeleton (ICU's spoof checker) of the
 * comparison key of input[0, input_len) under `profile` into `out` (see
 * "Output buffers"). Two accepted strings look alike when their skeletons
 * are equal ("p\xD0\xB0ypal", with a Cyrillic a, and "paypal"); a unique
 * index on skeletons refuses look-alike registrations. A skeleton is a
 * loose fold for comparison only: never a key, never a reason to grant.
 * Returns U8GUARD_REJECTED when the profile rejects the input,
 * U8GUARD_INTERNAL when ICU's confusable data cannot be loaded, and the
 * other errors of u8guard_canonicalize. */
U8GUARD_EXPORT u8guard_status u8guard_skeleton(
    const u8guard_profile *profile, const char *input, size_t input_len,
    char *out, size_t out_capacity, size_t *out_len, u8guard_error *error);

/* The order in which a skeleton reads a string (UTS #39 section 4), for
 * u8guard_bidi_skeleton: as stored, or as shown on one line of a
 * left-to-right or right-to-left paragraph. */
#define U8GUARD_SKELETON_ORDER_LOGICAL 0
#define U8GUARD_SKELETON_ORDER_LTR 1
#define U8GUARD_SKELETON_ORDER_RTL 2

/* Parses a skeleton order's name as policy files and the CLI spell it
 * ("logical", "ltr", "rtl") into *value (a U8GUARD_SKELETON_ORDER_*).
 * U8GUARD_INVALID_ARGUMENT for another name (the message lists the
 * accepted ones) or NULL arguments, and *value is left as it was. */
U8GUARD_EXPORT u8guard_status u8guard_skeleton_order_from_name(
    const char *name, int *value, u8guard_error *error);

/* Writes the skeleton of the comparison key of input[0, input_len) under
 * `profile` read in `order` into `out` (see "Output buffers"):
 * U8GUARD_SKELETON_ORDER_LTR or _RTL, UTS #39's bidi skeleton (the key
 * reordered by the Unicode Bidirectional Algorithm for a paragraph of that
 * direction, right-to-left characters mirrored, then its skeleton; ICU 74's
 * uspoof_getBidiSkeleton, on every ICU); _LOGICAL, u8guard_skeleton's.
 * Hebrew "×" "1" and "1" "×" have one LTR skeleton.
 * U8GUARD_INVALID_ARGUMENT for another order; the other errors as
 * u8guard_skeleton. */
U8GUARD_EXPORT u8guard_status u8guard_bidi_skeleton(
    const u8guard_profile *profile, int32_t order, const char *input,
    size_t input_len, char *out, size_t out_capacity, size_t *out_len,
    u8guard_error *error);

/* The most skeletons u8guard_lookalike_skeletons writes. */
#define U8GUARD_MAX_LOOKALIKE_SKELETONS 3

/* How many skeletons u8guard_lookalike_skeletons wrote, and their lengths:
 * length[0, count). */
typedef struct u8guard_skeleton_lengths {
  size_t count;
  size_t length[U8GUARD_MAX_LOOKALIKE_SKELETONS];
} u8guard_skeleton_lengths;

/* Writes the look-alike skeletons of input[0, input_len) under `profile`:
 * the UTS #39 skeletons of its comparison key, of the input as written and
 * of its enforced form, without repeats (1 to
 * U8GUARD_MAX_LOOKALIKE_SKELETONS, the key's first), one after the other
 * into `out` (see "Output buffers": *out_len is their total length), their
 * count and lengths into *lengths. Two accepted strings look alike, as
 * u8guard_deny_list_resembles and the audit decide it, exactly when their
 * sets share a skeleton: a registry that stores every skeleton of every
 * name at most once (a unique index over one row per skeleton) also
 * refuses the look-alikes that case mapping hides ("paypaI" beside
 * "paypal"). *lengths is written on U8GUARD_OK and U8GUARD_BUFFER_TOO_SMALL
 * (its count is 0 otherwise). U8GUARD_INVALID_ARGUMENT when lengths is
 * NULL; the other errors as u8guard_skeleton. */
U8GUARD_EXPORT u8guard_status u8guard_lookalike_skeletons(
    const u8guard_profile *profile, const char *input, size_t input_len,
    char *out, size_t out_capacity, size_t *out_len,
    u8guard_skeleton_lengths *lengths, u8guard_error *error);

/* u8guard_lookalike_skeletons under the name every other surface gives
 * them (docs/vocabulary.md: LookalikeKeys, Profile.lookalike_keys,
 * u8guard_registration.lookalike_keys): the same function, arguments,
 * result and errors. u8guard_lookalike_skeletons stays, for the programs
 * of 0.1. */
U8GUARD_EXPORT u8guard_status u8guard_lookalike_keys(
    const u8guard_profile *profile, const char *input, size_t input_len,
    char *out, size_t out_capacity, size_t *out_len,
    u8guard_skeleton_lengths *lengths, u8guard_error *error);

/* Writes the UTS #39 restriction level (U8GUARD_RESTRICTION_*) of the
 * comparison key of input[0, input_len) under `profile` to *level (-1 on
 * failure): how many scripts it mixes, and how. Errors as
 * u8guard_skeleton; U8GUARD_INVALID_ARGUMENT when level is NULL. */
U8GUARD_EXPORT u8guard_status u8guard_restriction_level(
    const u8guard_profile *profile, const char *input, size_t input_len,
    int32_t *level, u8guard_error *error);

/* The result of an audit. Immutable; may be shared between threads. */
typedef struct u8guard_acl_audit u8guard_acl_audit;

/* One finding. The pointers point into the audit: valid until it is freed.
 * Strings with a length are not NUL-terminated; rejection_message is. */
typedef struct u8guard_acl_finding {
  int32_t kind; /* U8GUARD_FINDING_* */
  /* The entry it is about (for collisions and look-alikes, the later one);
   * for the file signature: index 0, line 1, empty original. */
  size_t index;
  size_t line;
  const char *original;
  size_t original_len;
  const char *key; /* its key; empty for invalid entries */
  size_t key_len;
  /* Collisions, look-alikes: the first entry it collides with or
   * resembles; otherwise 0 and empty. */
  size_t other_index;
  size_t other_line;
  const char *other_original;
  size_t other_original_len;
  const char *other_key;
  size_t other_key_len;
  /* Look-alikes: the shared skeleton; otherwise empty. */
  const char *skeleton;
  size_t skeleton_len;
  /* Invalid entries: why the profile rejects it (rule, offset in the
   * entry, code point or -1, message); otherwise U8GUARD_RULE_NONE, 0, -1
   * and "". */
  u8guard_rule_t rejection_rule;
  size_t rejection_offset;
  int32_t rejection_code_point;
  const char *rejection_message;
  /* Mixed-script entries: the entry's U8GUARD_RESTRICTION_*; otherwise 0. */
  int32_t restriction_level;
} u8guard_acl_finding;

/* Audits a list: the file signature, entries that begin with a BOM,
 * invalid entries, collisions (one key), look-alikes (one skeleton,
 * different keys) and entries whose restriction level is looser than
 * `max_restriction_level` (U8GUARD_RESTRICTION_SINGLE_SCRIPT_RESTRICTIVE
 * reports every entry that mixes scripts), in that order per entry, in list
 * order. Returns U8GUARD_INVALID_ARGUMENT for NULL arguments or a level out
 * of range, U8GUARD_INTERNAL when ICU's confusable data cannot be loaded.
 * Free the audit with u8guard_acl_audit_free. */
U8GUARD_EXPORT u8guard_status u8guard_allow_list_audit(
    const u8guard_allow_list *list, int32_t max_restriction_level,
    u8guard_acl_audit **out, u8guard_error *error);

/* As u8guard_allow_list_audit, for a deny list. */
U8GUARD_EXPORT u8guard_status u8guard_deny_list_audit(
    const u8guard_deny_list *list, int32_t max_restriction_level,
    u8guard_acl_audit **out, u8guard_error *error);

/* Audits the ACL file at `path` (NUL-terminated) under `profile` as
 * u8guard_allow_list_audit audits u8guard_allow_list_load of it (the same
 * findings in the same order, the same counts), in about `memory_budget`
 * bytes of memory for its tables whatever the file's size (0: 64 MiB): the
 * file is read in pieces, its entries sorted by key and by look-alike
 * skeleton in temporary files in `temp_dir` (NULL or "": $TMPDIR, else
 * /tmp; mode 0600, nameless, gone when it returns). The audit holds its
 * findings. Errors: U8GUARD_INVALID_ARGUMENT for NULL arguments or a level
 * out of range; U8GUARD_NOT_FOUND, U8GUARD_PERMISSION_DENIED,
 * U8GUARD_IO_ERROR (not a regular file, a read error) naming the path;
 * U8GUARD_LIMIT_EXCEEDED for a full disk (naming the directory) or a line
 * longer than max(memory_budget / 8, 1 MiB); U8GUARD_INTERNAL when ICU
 * fails. C++: u8guard::AuditAclFile. */
U8GUARD_EXPORT u8guard_status u8guard_acl_audit_file(
    const u8guard_profile *profile, const char *path,
    int32_t max_restriction_level, size_t memory_budget, const char *temp_dir,
    u8guard_acl_audit **out, u8guard_error *error);

/* Frees an audit; NULL is ignored. */
U8GUARD_EXPORT void u8guard_acl_audit_free(u8guard_acl_audit *audit);

/* The number of entries the audited list holds (valid or not), and of its
 * valid ones; 0 for NULL. */
U8GUARD_EXPORT size_t u8guard_acl_audit_entries(const u8guard_acl_audit *audit);
U8GUARD_EXPORT size_t
u8guard_acl_audit_valid_entries(const u8guard_acl_audit *audit);

/* The number of findings; 0 for NULL. */
U8GUARD_EXPORT size_t
u8guard_acl_audit_finding_count(const u8guard_acl_audit *audit);

/* Writes finding number `index` (0-based) to *finding. Returns
 * U8GUARD_INVALID_ARGUMENT for NULL arguments or index >= the count. */
U8GUARD_EXPORT u8guard_status u8guard_acl_audit_finding(
    const u8guard_acl_audit *audit, size_t index, u8guard_acl_finding *finding);

/* The whole length in bytes of the entry finding number `index` is about.
 * It equals the finding's original_len except for an invalid entry longer
 * than the 1,024 bytes an index keeps of one: original then holds its first
 * 1,024 bytes. 0 for NULL or index >= the count. */
U8GUARD_EXPORT size_t u8guard_acl_audit_finding_original_size(
    const u8guard_acl_audit *audit, size_t index);

/* The name of a finding kind: "file_signature", "bom", "invalid",
 * "collision", "lookalike", "mixed_script", "mixed_numbers"; "unknown"
 * otherwise. */
U8GUARD_EXPORT const char *u8guard_acl_finding_kind_name(int32_t kind);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* U8GUARD_C_ACL_H_ */
