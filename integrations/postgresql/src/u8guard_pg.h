// SPDX-License-Identifier: Apache-2.0
/* Shared parts of the PostgreSQL extension u8guard (internal: pgext_*;
 * the SQL functions are u8guard_pg_*, the only symbols the module exports
 * with Pg_magic_func and their pg_finfo_ records): profiles by name,
 * errors, and text results written by the C API.
 *
 * The extension calls u8guard only through its C API (u8guard_c.h), which
 * lets no C++ exception out: every ereport(ERROR) here jumps over C frames
 * only. */

#ifndef U8GUARD_PG_H_
#define U8GUARD_PG_H_

/* clang-format off: postgres.h comes first in every PostgreSQL source. */
#include "postgres.h"
/* clang-format on */

#include "fmgr.h"
#include "u8guard/u8guard_c.h"

/* The default and the largest value of the setting u8guard.max_input_bytes:
 * the longest text argument a function takes. At the largest, the slowest
 * input there is (U+FDFA repeated, whose skeleton is ten times longer)
 * takes u8guard_skeleton under half a second on the project's machine
 * (bench/README.md, "PostgreSQL"): every call answers a cancel or a
 * statement_timeout within about a second, and its memory is a bounded
 * multiple of that. */
#define PGEXT_DEFAULT_MAX_INPUT_BYTES (1024 * 1024)
#define PGEXT_MAX_MAX_INPUT_BYTES (2 * 1024 * 1024)

/* Raises ERROR 54000 (program_limit_exceeded) naming the SQL function
 * `function` (InvalidOid: "u8guard") when an input of `len` bytes is longer
 * than u8guard.max_input_bytes. */
void pgext_check_input_size(size_t len, Oid function);

/* Returns text argument `arg` of the call, detoasted, after checking its
 * length with pgext_check_input_size before detoasting it. */
text *pgext_bounded_text_arg(FunctionCallInfo fcinfo, int arg);

/* u8guard.parallel_verify: u8guard_verify_records derives the records in
 * parallel workers (verify_functions.c). Off by default. */
extern bool pgext_parallel_verify;

/* Returns a text Datum of s[0, len) and sets *null false when `present`,
 * else (Datum)0 with *null true: a result column that may be NULL. */
Datum pgext_text_or_null(const char *s, size_t len, bool present, bool *null);

/* Raises ERROR (SQLSTATE 0A000) unless the database encoding is UTF8: the
 * functions read text as UTF-8. */
void pgext_require_utf8(void);

/* Returns the built-in profile called `name`, opened once per backend and
 * kept for its life. Raises ERROR 42704 (undefined_object) naming the
 * built-in profiles when there is none by that name, and the UTF8 check's
 * error. */
const u8guard_profile *pgext_profile(const text *name);

/* Raises the ERROR that `error` describes (never returns):
 *   U8GUARD_REJECTED          22023 invalid_parameter_value, u8guard's
 *                             message, DETAIL "rule RULE_ID, byte offset N,
 *                             code point U+XXXX" (no code point part when
 *                             none is to blame);
 *   U8GUARD_INVALID_ARGUMENT  22023, the message;
 *   U8GUARD_NOT_FOUND         42704 undefined_object;
 *   U8GUARD_LIMIT_EXCEEDED    54000 program_limit_exceeded;
 *   U8GUARD_OUT_OF_MEMORY     53200 out_of_memory;
 *   anything else             XX000 internal_error. */
void pgext_raise(const u8guard_error *error) pg_attribute_noreturn();

/* Something that writes a result into a buffer as the C API's functions do
 * (u8guard_c.h, "Output buffers"); `context` holds its inputs. */
typedef u8guard_status (*pgext_writer)(const void *context, char *out,
                                       size_t out_capacity, size_t *out_len,
                                       u8guard_error *error);

/* Runs `write` into a new text value (a first buffer of `guess` bytes, a
 * second of the exact size when that is too small) and returns it; NULL
 * when `write` fails, with *error saying why. */
text *pgext_write_text(pgext_writer write, const void *context, size_t guess,
                       u8guard_error *error);

/* A profile and a text argument: the context of the profile writers. */
typedef struct pgext_profile_input {
  const u8guard_profile *profile;
  const char *data;
  size_t len;
} pgext_profile_input;

/* Writers over pgext_profile_input. */
u8guard_status pgext_write_key(const void *context, char *out,
                               size_t out_capacity, size_t *out_len,
                               u8guard_error *error);
u8guard_status pgext_write_enforced(const void *context, char *out,
                                    size_t out_capacity, size_t *out_len,
                                    u8guard_error *error);
u8guard_status pgext_write_skeleton(const void *context, char *out,
                                    size_t out_capacity, size_t *out_len,
                                    u8guard_error *error);

#endif /* U8GUARD_PG_H_ */
