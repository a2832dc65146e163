// SPDX-License-Identifier: Apache-2.0
/* u8guard's C interface: upgrade verification: name records and what an upgrade
 * changes in them. Include "u8guard/u8guard_c.h", which includes every part and
 * states the conventions they all follow (input, status, output buffers,
 * ownership, threads). */

#ifndef U8GUARD_C_UPGRADE_H_
#define U8GUARD_C_UPGRADE_H_

#include <stddef.h>
#include <stdint.h>

#include "u8guard/c/base.h"
#include "u8guard/c/profile.h"
#include "u8guard/c/registration.h"
#include "u8guard/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Upgrade verification (upgrade.h): what an upgrade of ICU changes in the
 * stored names. Before it, write each name's record (u8guard_name_record);
 * after it, verify the records (u8guard_records_verify). docs/upgrading.md.
 * ------------------------------------------------------------------------ */

/* Writes the record of name[0, name_len) (any bytes) under `profile` and
 * `policy` (NULL: the default policy, whose exemptions shape the look-alike
 * keys), derived with the versions running now, as one JSON object without
 * a newline (u8guard::FormatNameRecord: "name" or "name_hex", "profile",
 * "valid", "key" and "lookalike_keys" or "rule", "version_tag"; every
 * string escaped) to out, NUL-terminated when there is room. A name the
 * profile rejects has a record too ("valid": false): U8GUARD_OK.
 * U8GUARD_BUFFER_TOO_SMALL (with *out_len the length needed) as
 * u8guard_canonicalize; U8GUARD_INVALID_ARGUMENT for NULL arguments;
 * U8GUARD_INTERNAL when ICU fails. */
U8GUARD_EXPORT u8guard_status u8guard_name_record(
    const u8guard_profile *profile, const u8guard_registration_policy *policy,
    const char *name, size_t name_len, char *out, size_t out_capacity,
    size_t *out_len, u8guard_error *error);

/* What a verification finds (the values of u8guard::RecordChangeKind):
 * changes of one name, then the pair summary (one key now; a shared
 * look-alike key now), which can leave pairs out: the groups
 * (u8guard_record_verification_group) have every new pair. */
#define U8GUARD_RECORD_KEY_CHANGED 0
#define U8GUARD_RECORD_LOOKALIKE_KEYS_CHANGED 1
#define U8GUARD_RECORD_NOW_REJECTED 2
#define U8GUARD_RECORD_NOW_ACCEPTED 3
#define U8GUARD_RECORD_NEW_COLLISION 4
#define U8GUARD_RECORD_NEW_LOOKALIKE 5

/* "key_changed", "lookalike_keys_changed", "now_rejected", "now_accepted",
 * "new_collision", "new_lookalike"; "unknown" otherwise. */
U8GUARD_EXPORT const char *u8guard_record_change_kind_name(int32_t kind);

/* The result of a verification. Immutable; may be shared between threads. */
typedef struct u8guard_record_verification u8guard_record_verification;

/* One change. The pointers point into the verification: valid until it is
 * freed. Strings with a length are not NUL-terminated; rule is. */
typedef struct u8guard_record_change {
  int32_t kind; /* U8GUARD_RECORD_* */
  /* The record it is about (for pairs, the later one): its 1-based line in
   * the records and its name (any bytes). */
  size_t line;
  const char *name;
  size_t name_len;
  /* The stored key and the key now (empty where the name is or was
   * rejected). */
  const char *old_key;
  size_t old_key_len;
  const char *new_key;
  size_t new_key_len;
  /* Key or look-alike keys changed: the stored and the new look-alike
   * keys; otherwise counts 0. */
  size_t old_lookalike_key_count;
  const char *old_lookalike_keys[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  size_t old_lookalike_key_lens[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  size_t new_lookalike_key_count;
  const char *new_lookalike_keys[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  size_t new_lookalike_key_lens[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  /* U8GUARD_RECORD_NOW_REJECTED: the id of the rule ("DISALLOWED/spaces");
   * otherwise "". */
  const char *rule;
  /* Pairs: the earlier record (the first in the file with the key now:
   * only that one is compared, so a record that shared a key with it
   * before is compared with no other record of the key), its stored key,
   * and the shared key or look-alike key; otherwise 0 and empty. */
  size_t other_line;
  const char *other_name;
  size_t other_name_len;
  const char *other_old_key;
  size_t other_old_key_len;
  const char *shared_key;
  size_t shared_key_len;
} u8guard_record_change;

/* Derives every name of records[0, records_len) (JSON Lines of
 * u8guard_name_record; blank lines skipped) again under `profile` and
 * `policy` (NULL: the default) with the versions running now, and
 * collects into a new *out every name whose key or look-alike keys
 * changed, that is now rejected or now accepted, the pair summary (each
 * later record against the first one with the key: it can leave pairs
 * out), and the groups, from which every pair that now collides or looks
 * alike and did not in the records derives (u8guard::VerifyRecords).
 * U8GUARD_INVALID_ARGUMENT for NULL arguments, a malformed record (the
 * message names its line and column) or a record of another profile;
 * U8GUARD_INTERNAL when ICU fails. Free it with
 * u8guard_record_verification_free. */
U8GUARD_EXPORT u8guard_status u8guard_records_verify(
    const u8guard_profile *profile, const u8guard_registration_policy *policy,
    const char *records, size_t records_len, u8guard_record_verification **out,
    u8guard_error *error);

/* u8guard_records_verify under the name every other surface gives it
 * (docs/vocabulary.md: VerifyRecords, verify_records,
 * u8guard_verify_records in SQL): the same function, arguments, result and
 * errors. u8guard_records_verify stays, for the programs of 0.1. */
U8GUARD_EXPORT u8guard_status u8guard_verify_records(
    const u8guard_profile *profile, const u8guard_registration_policy *policy,
    const char *records, size_t records_len, u8guard_record_verification **out,
    u8guard_error *error);

/* Frees a verification; NULL is ignored. */
U8GUARD_EXPORT void u8guard_record_verification_free(
    u8guard_record_verification *verification);

/* The number of records read, of names the profile accepts now, of names
 * with a change of their own, and of changes (those and the pair summary);
 * 0 for NULL. */
U8GUARD_EXPORT size_t u8guard_record_verification_records(
    const u8guard_record_verification *verification);
U8GUARD_EXPORT size_t u8guard_record_verification_valid(
    const u8guard_record_verification *verification);
U8GUARD_EXPORT size_t u8guard_record_verification_changed_names(
    const u8guard_record_verification *verification);
U8GUARD_EXPORT size_t u8guard_record_verification_change_count(
    const u8guard_record_verification *verification);

/* Writes change number `index` (0-based, in the order found: per record in
 * file order) to *change. U8GUARD_INVALID_ARGUMENT for NULL arguments or
 * index >= the count. */
U8GUARD_EXPORT u8guard_status u8guard_record_verification_change(
    const u8guard_record_verification *verification, size_t index,
    u8guard_record_change *change);

/* Groups (u8guard::RecordGroup; docs/upgrading.md): every key
 * (U8GUARD_RECORD_COLLISION_GROUP) and every look-alike key
 * (U8GUARD_RECORD_LOOKALIKE_GROUP) that names of the records have now,
 * listed when two of them are a new pair, with every record valid now
 * that has it, in file order. Two members {a, b} are a new pair when
 *   collision group: not (a.was_valid and b.was_valid and a.old_key ==
 *     b.old_key);
 *   look-alike group: a.new_key != b.new_key, and not (a.was_valid and
 *     b.was_valid and (a.old_key == b.old_key or a and b have an old
 *     look-alike key in common)).
 * Every pair of names that now has one key and did not in the records is a
 * new pair of exactly one collision group; every pair with two keys now
 * that shares a look-alike key and did not look alike in the records is a
 * new pair of each look-alike group of a key they share (1 to 3). No other
 * pair is: the new pairs derive from the groups alone. The values of
 * u8guard::RecordGroupKind. */
#define U8GUARD_RECORD_COLLISION_GROUP 0
#define U8GUARD_RECORD_LOOKALIKE_GROUP 1

/* "collision_group", "lookalike_group"; "unknown" otherwise. */
U8GUARD_EXPORT const char *u8guard_record_group_kind_name(int32_t kind);

/* One group. The pointers point into the verification: valid until it is
 * freed. Strings with a length are not NUL-terminated. */
typedef struct u8guard_record_group {
  int32_t kind; /* U8GUARD_RECORD_*_GROUP */
  /* The key, or look-alike key, that the members have now. */
  const char *key;
  size_t key_len;
  /* Its members (2 or more: u8guard_record_verification_group_member) and
   * its new pairs (1 or more: half the sum of the members' new_partners). */
  size_t member_count;
  size_t new_pairs;
} u8guard_record_group;

/* One member of a group: what its name gives now and what its record
 * held. The pointers point into the verification: valid until it is freed.
 * Strings with a length are not NUL-terminated. */
typedef struct u8guard_record_group_member {
  /* Its 1-based line in the records and its name (any bytes). */
  size_t line;
  const char *name;
  size_t name_len;
  /* Its key now (for a collision group, the group's key). */
  const char *new_key;
  size_t new_key_len;
  /* Its record: whether the profile accepted the name (1) or not (0), and
   * then its key and look-alike keys (sorted, each once; empty and count 0
   * when it was rejected). */
  int was_valid;
  const char *old_key;
  size_t old_key_len;
  size_t old_lookalike_key_count;
  const char *old_lookalike_keys[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  size_t old_lookalike_key_lens[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  /* 1 when its record lacks the group's key (was rejected, or had another
   * key, or look-alike keys without the group's), else 0. */
  int new_to_group;
  /* How many other members it makes a new pair with. */
  size_t new_partners;
} u8guard_record_group_member;

/* The number of groups (the collision groups, then the look-alike groups,
 * each in the order of their first member's line), and of the new pairs
 * of the collision groups and of the look-alike groups (a pair that shares
 * two look-alike keys is counted in each group); 0 for NULL. */
U8GUARD_EXPORT size_t u8guard_record_verification_group_count(
    const u8guard_record_verification *verification);
U8GUARD_EXPORT size_t u8guard_record_verification_new_collision_pairs(
    const u8guard_record_verification *verification);
U8GUARD_EXPORT size_t u8guard_record_verification_new_lookalike_pairs(
    const u8guard_record_verification *verification);

/* Writes group number `index` (0-based) to *group. U8GUARD_INVALID_ARGUMENT
 * for NULL arguments or index >= the count. */
U8GUARD_EXPORT u8guard_status u8guard_record_verification_group(
    const u8guard_record_verification *verification, size_t index,
    u8guard_record_group *group);

/* Writes member number `member_index` (0-based, in file order) of group
 * number `group_index` to *member. U8GUARD_INVALID_ARGUMENT for NULL
 * arguments or an index past the end. */
U8GUARD_EXPORT u8guard_status u8guard_record_verification_group_member(
    const u8guard_record_verification *verification, size_t group_index,
    size_t member_index, u8guard_record_group_member *member);

/* ------------------------------------------------------------------------
 * A verification fed one record at a time (u8guard::RecordVerifier), for
 * records that are not a text: the rows of a table, read in an order the
 * caller states. The same rules as u8guard_verify_records (which runs the
 * same verifier over the lines of a text): the same records, added in the
 * text's order with their line numbers, give the same changes, counts and
 * groups. Memory is the verifier's own (the stored and the new keys of each
 * record, never a list of pairs): the changes are handed out record by
 * record, not kept.
 *
 *   u8guard_record_verifier_new(profile, NULL, &v, &e);
 *   for each record, with its line (or row number) n:
 *     u8guard_record_verifier_add_fields(v, &record, n, &e);
 *     for (i = 0; i < u8guard_record_verifier_change_count(v); ++i)
 *       u8guard_record_verifier_change(v, i, &change);  use it now
 *   u8guard_record_verifier_finish(v, &verification, &e);  the groups
 *     (or first: while (!done) u8guard_record_verifier_finish_some(v, 65536,
 *     &done, &e), answering a cancel between calls)
 *   u8guard_record_verifier_free(v);
 * ------------------------------------------------------------------------ */

/* A verifier. Not thread-safe: one thread at a time. */
typedef struct u8guard_record_verifier u8guard_record_verifier;

/* A stored record given by its fields (what u8guard_name_record writes,
 * without the profile, which is the verifier's). Strings are not
 * NUL-terminated; NULL with length 0 is the empty string. */
typedef struct u8guard_record_fields {
  const char *name; /* any bytes */
  size_t name_len;
  /* 1 when the profile accepted the name, and then its key and its
   * look-alike keys (1 to 3; none: they changed); 0 and no key when it
   * rejected it. */
  int valid;
  const char *key;
  size_t key_len;
  const char *const *lookalike_keys; /* lookalike_key_count of them */
  const size_t *lookalike_key_lens;
  size_t lookalike_key_count;
  /* The version tag it was made with; NULL with 0: unknown (""). */
  const char *version_tag;
  size_t version_tag_len;
} u8guard_record_fields;

/* Starts a verification under `profile` (which must outlive it) and
 * `policy` (NULL: the default; copied) into a new *out; free it with
 * u8guard_record_verifier_free. U8GUARD_INVALID_ARGUMENT for a NULL
 * profile or out. */
U8GUARD_EXPORT u8guard_status u8guard_record_verifier_new(
    const u8guard_profile *profile, const u8guard_registration_policy *policy,
    u8guard_record_verifier **out, u8guard_error *error);

/* How a verifier in bounded memory runs (u8guard_record_verifier_new_bounded).
 * Zero-initialise it and set what you need. */
typedef struct u8guard_record_verifier_options {
  /* About the most bytes of memory the verification takes, at any number
   * of records (0: 64 MiB, `u8guard records verify`'s default); beyond it
   * the largest group while it is made, and the distinct version tags. The
   * rest goes to temporary files. */
  size_t memory_budget;
  /* Where the temporary files go (NUL-terminated; copied): NULL or "" for
   * $TMPDIR, or /tmp. They have no name (O_TMPFILE, or unlinked at once),
   * mode 0600, and vanish when the verifier is freed, on every path; they
   * hold about twice the records, in u8guard's own format. */
  const char *temp_dir;
  /* Receives each change of the verification (the ones
   * u8guard_record_verifier_change hands out for a verifier in memory, in
   * the same order), all during the first u8guard_record_verifier_
   * finish_some or u8guard_record_verifier_finish call; its pointers are
   * valid during the call only. 0 goes on; anything else stops the
   * verification, and that call returns U8GUARD_CANCELLED. NULL: the
   * changes are only counted. */
  int (*change)(void *context, const u8guard_record_change *change);
  /* Receives each group (with its members) instead of the verification
   * keeping it: `group` holds that one group only (index 0), valid during
   * the call. 0 goes on; anything else stops as `change` does. NULL: the
   * groups are kept in the verification u8guard_record_verifier_finish
   * returns (memory: their members). */
  int (*group)(void *context, const u8guard_record_verification *group);
  /* Asked every 65,536 units of work or so (a few milliseconds; records
   * added, keys grouped, items a merge of the temporary files moves,
   * changes and groups handed out): anything but 0 stops the
   * verification, and the call running returns U8GUARD_CANCELLED. For a
   * caller that must answer a cancel (PostgreSQL's u8guard_verify_records).
   * NULL: never asked. */
  int (*interrupted)(void *context);
  /* Passed to the three callbacks. */
  void *context;
} u8guard_record_verifier_options;

/* Starts a verification in bounded memory under `profile` (which must
 * outlive it) and `policy` (NULL: the default; copied), run as `options`
 * say (NULL: all defaults; copied), into a new *out; free it with
 * u8guard_record_verifier_free. The same adds as a verifier from
 * u8guard_record_verifier_new, with the same changes, counts and groups
 * (u8guard::BoundedRecordVerifier), but its changes are not handed out
 * after each add (u8guard_record_verifier_change_count is 0): they go to
 * options->change when it finishes. Its first u8guard_record_verifier_
 * finish_some call does all the finishing work, whatever `work` says
 * (options->interrupted is asked as it goes) and sets *done. An add or a
 * finish also fails with U8GUARD_LIMIT_EXCEEDED for a full disk and
 * U8GUARD_IO_ERROR for another failure of the temporary files (naming the
 * directory), and U8GUARD_CANCELLED when a callback stopped it; after
 * those the verifier is spent (every call but free fails).
 * U8GUARD_INVALID_ARGUMENT for a NULL profile or out. */
U8GUARD_EXPORT u8guard_status u8guard_record_verifier_new_bounded(
    const u8guard_profile *profile, const u8guard_registration_policy *policy,
    const u8guard_record_verifier_options *options,
    u8guard_record_verifier **out, u8guard_error *error);

/* Verifies record[0, record_len), one line of u8guard_name_record's JSON,
 * as the record at `line` (1-based; the changes and the group members
 * name it), and makes its changes the ones u8guard_record_verifier_change
 * hands out (its own change, then its new collision, then its new
 * look-alikes: 0 to 5). U8GUARD_INVALID_ARGUMENT ("line N: ..." with the
 * column) for NULL arguments, a malformed record, a record of another
 * profile, or a verifier already finished; U8GUARD_LIMIT_EXCEEDED past
 * 2^32 - 1 records; U8GUARD_INTERNAL when ICU fails. After a failure the
 * verifier is as it was, with no changes to hand out. */
U8GUARD_EXPORT u8guard_status u8guard_record_verifier_add(
    u8guard_record_verifier *verifier, const char *record, size_t record_len,
    size_t line, u8guard_error *error);

/* u8guard_record_verifier_add for a record given by its fields. Also
 * U8GUARD_INVALID_ARGUMENT ("line N: more than 3 look-alike keys") for a
 * record with more look-alike keys than a record holds, and for NULL
 * strings with a length. */
U8GUARD_EXPORT u8guard_status u8guard_record_verifier_add_fields(
    u8guard_record_verifier *verifier, const u8guard_record_fields *record,
    size_t line, u8guard_error *error);

/* u8guard_record_verifier_add_fields for `record`, with now[0, now_len)
 * the record of its name derived with the versions running now:
 * u8guard_name_record's JSON under the verifier's profile and policy,
 * written by the caller (in parallel, elsewhere: PostgreSQL's parallel
 * workers write it in u8guard_verify_records). The policy is not in a
 * record: one written under another policy goes unnoticed. Also
 * U8GUARD_INVALID_ARGUMENT ("line N: the record derived now ...") for a
 * `now` that is malformed, of another name, another profile or other
 * versions than the running ones ("version_tag"), or not shaped as
 * u8guard_name_record writes it. */
U8GUARD_EXPORT u8guard_status u8guard_record_verifier_add_derived(
    u8guard_record_verifier *verifier, const u8guard_record_fields *record,
    const char *now, size_t now_len, size_t line, u8guard_error *error);

/* The number of changes the last add found (0 for NULL). */
U8GUARD_EXPORT size_t
u8guard_record_verifier_change_count(const u8guard_record_verifier *verifier);

/* Writes change number `index` (0-based) of the last add to *change; its
 * pointers are valid until the next add, finish or free. Fields as
 * u8guard_record_verification_change's. U8GUARD_INVALID_ARGUMENT for NULL
 * arguments or index >= the count. */
U8GUARD_EXPORT u8guard_status
u8guard_record_verifier_change(const u8guard_record_verifier *verifier,
                               size_t index, u8guard_record_change *change);

/* Does about `work` units of u8guard_record_verifier_finish's work (a
 * unit: one key of the verification's tables, or one member of a group; at
 * least one per call) and sets *done to 1 once every group is made, else
 * 0; u8guard_record_verifier_finish then returns at once. For a caller that
 * must answer a cancel while the groups are made (PostgreSQL's
 * u8guard_verify_records checks for interrupts between calls): time per
 * call is linear in `work`. After the first call the verifier takes no
 * more records (an add is U8GUARD_INVALID_ARGUMENT) and hands out no
 * changes. U8GUARD_INVALID_ARGUMENT for NULL arguments or a verifier
 * already finished. */
U8GUARD_EXPORT u8guard_status u8guard_record_verifier_finish_some(
    u8guard_record_verifier *verifier, size_t work, int *done,
    u8guard_error *error);

/* Ends the verification: a new *out with the counts and the groups of
 * every record added (u8guard_record_verification_*), which holds no
 * changes (they were handed out by u8guard_record_verifier_change:
 * u8guard_record_verification_change_count gives 0). The verifier is spent:
 * an add after it fails; free it still. U8GUARD_INVALID_ARGUMENT for NULL
 * arguments or a verifier already finished. */
U8GUARD_EXPORT u8guard_status u8guard_record_verifier_finish(
    u8guard_record_verifier *verifier, u8guard_record_verification **out,
    u8guard_error *error);

/* Frees a verifier; NULL is ignored. */
U8GUARD_EXPORT void u8guard_record_verifier_free(
    u8guard_record_verifier *verifier);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* U8GUARD_C_UPGRADE_H_ */
