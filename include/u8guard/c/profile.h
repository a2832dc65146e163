// SPDX-License-Identifier: Apache-2.0
/* u8guard's C interface: profiles (RFC 8264, 8265, 8266): keys, enforced forms,
 * equivalence, skeletons. Include "u8guard/u8guard_c.h", which includes every
 * part and states the conventions they all follow (input, status, output
 * buffers, ownership, threads). */

#ifndef U8GUARD_C_PROFILE_H_
#define U8GUARD_C_PROFILE_H_

#include <stddef.h>
#include <stdint.h>

#include "u8guard/c/base.h"
#include "u8guard/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Profiles (RFC 8264, 8265, 8266)
 * ------------------------------------------------------------------------ */

/* The policy of one protocol element: BOM policy, PRECIS string class,
 * mappings, normalization, Bidi Rule, length bounds. Immutable; may be
 * shared between threads. */
typedef struct u8guard_profile u8guard_profile;

/* The number of built-in profiles (compiled into the library). */
U8GUARD_EXPORT size_t u8guard_builtin_profile_count(void);

/* The name of the built-in profile number `index` (0-based, in name
 * order): "freeform-class", ..., "username-case-mapped",
 * "username-case-preserved"; NULL when index >= the count. */
U8GUARD_EXPORT const char *u8guard_builtin_profile_name(size_t index);

/* The name of the profile that `name` designates: for the RFCs' spelling
 * of a built-in ("UsernameCaseMapped", "UsernameCasePreserved",
 * "OpaqueString", "Nickname", "IdentifierClass", "FreeformClass", written
 * exactly so) the built-in's name ("username-case-mapped", ...; a static
 * string), otherwise `name` itself. NULL for NULL. u8guard_profile_open
 * accepts either spelling; u8guard_profile_name reports the kebab-case
 * one. */
U8GUARD_EXPORT const char *u8guard_canonical_profile_name(const char *name);

/* Opens the profile called `name` (either spelling above): from the policy
 * files (*.toml) in `directory` when it is neither NULL nor "" (a
 * deployment's own profiles, which may replace a built-in one of the same
 * name), else the built-in one.
 * Returns U8GUARD_NOT_FOUND when neither has it (the message lists the
 * built-in names), U8GUARD_INVALID_ARGUMENT for a bad policy file (the
 * message names the file, line and key) or a NULL name or out, the
 * directory's read errors (U8GUARD_NOT_FOUND, U8GUARD_PERMISSION_DENIED,
 * U8GUARD_IO_ERROR). Free the profile with u8guard_profile_free. */
U8GUARD_EXPORT u8guard_status u8guard_profile_open(const char *name,
                                                   const char *directory,
                                                   u8guard_profile **out,
                                                   u8guard_error *error);

/* Opens the profile defined by the policy file at `path`. Errors as
 * u8guard_profile_open. */
U8GUARD_EXPORT u8guard_status u8guard_profile_open_file(const char *path,
                                                        u8guard_profile **out,
                                                        u8guard_error *error);

/* u8guard_profile_open_file under the vocabulary's verb for "from a file"
 * (docs/vocabulary.md: load, as u8guard_allow_list_load and
 * u8guard_registration_policy_load): the same function, arguments, result
 * and errors. u8guard_profile_open_file stays, for the programs of 0.1. */
U8GUARD_EXPORT u8guard_status u8guard_profile_load(const char *path,
                                                   u8guard_profile **out,
                                                   u8guard_error *error);

/* Frees a profile; NULL is ignored. Lists built with it keep their own
 * copy: they may outlive it. */
U8GUARD_EXPORT void u8guard_profile_free(u8guard_profile *profile);

/* The profile's name, e.g. "username-case-mapped"; valid while the profile
 * lives. NULL for NULL. */
U8GUARD_EXPORT const char *u8guard_profile_name(const u8guard_profile *profile);

/* Writes the comparison key of input[0, input_len) under `profile` into
 * `out` (see "Output buffers"): two inputs are equivalent under the profile
 * exactly when their keys are byte-equal. Returns U8GUARD_REJECTED when the
 * profile rejects the input (never a partial key), with the rule, the
 * offset in `input` and the code point; U8GUARD_BUFFER_TOO_SMALL;
 * U8GUARD_INVALID_ARGUMENT for a NULL profile or out_len, or NULL input or
 * out with a non-zero length. */
U8GUARD_EXPORT u8guard_status u8guard_canonicalize(
    const u8guard_profile *profile, const char *input, size_t input_len,
    char *out, size_t out_capacity, size_t *out_len, u8guard_error *error);

/* u8guard_canonicalize under the name every other surface gives the key
 * (docs/vocabulary.md: Key, Profile.key, Profile.Key, u8guard_key in SQL):
 * the same function, arguments, result and errors. u8guard_canonicalize
 * stays, for the programs of 0.1. */
U8GUARD_EXPORT u8guard_status u8guard_key(const u8guard_profile *profile,
                                          const char *input, size_t input_len,
                                          char *out, size_t out_capacity,
                                          size_t *out_len,
                                          u8guard_error *error);

/* As u8guard_canonicalize, writing the enforced form instead: what to store
 * and display (it keeps case under the nickname profile, and an initial BOM
 * under the `ignore` BOM policy). */
U8GUARD_EXPORT u8guard_status u8guard_enforce(
    const u8guard_profile *profile, const char *input, size_t input_len,
    char *out, size_t out_capacity, size_t *out_len, u8guard_error *error);

/* Returns 1 when the profile accepts both inputs and their comparison keys
 * are equal, else 0. Fails closed: a rejected input is equivalent to
 * nothing, not even to itself; a NULL profile, or NULL data with a non-zero
 * length, gives 0. */
U8GUARD_EXPORT int u8guard_equivalent(const u8guard_profile *profile,
                                      const char *a, size_t a_len,
                                      const char *b, size_t b_len);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* U8GUARD_C_PROFILE_H_ */
