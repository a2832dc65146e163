/* SPDX-License-Identifier: Apache-2.0 */
/* Path sanitization. */

/* clang-format off: postgres.h comes first in every PostgreSQL source. */
#include "postgres.h"
/* clang-format on */

#include "integrations/postgresql/src/u8guard_pg.h"
#include "utils/builtins.h"

/* The context of the path writer. */
typedef struct path_input {
  const char *data;
  size_t len;
  const u8guard_path_options *options;
} path_input;

static u8guard_status write_path(const void *context, char *out,
                                 size_t out_capacity, size_t *out_len,
                                 u8guard_error *error) {
  const path_input *in = context;
  return u8guard_sanitize_path(in->data, in->len, in->options, out,
                               out_capacity, out_len, error);
}

/* The non-negative integer argument `arg` (named `name` in errors). */
static size_t size_argument(FunctionCallInfo fcinfo, int arg,
                            const char *name) {
  const int32 value = PG_GETARG_INT32(arg);
  if (value < 0) {
    ereport(ERROR,
            (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
             errmsg("u8guard_sanitize_path: %s must not be negative", name)));
  }
  return (size_t)value;
}

/* Parses a name argument with `parse` (a u8guard_*_from_name function).
 * Bounded as every text argument is: the name is escaped into the error
 * message, four bytes for each. */
static int name_argument(FunctionCallInfo fcinfo, int arg,
                         u8guard_status (*parse)(const char *, int *,
                                                 u8guard_error *)) {
  char *name = text_to_cstring(pgext_bounded_text_arg(fcinfo, arg));
  int value = 0;
  u8guard_error error;
  if (parse(name, &value, &error) != U8GUARD_OK) pgext_raise(&error);
  pfree(name);
  return value;
}

/* u8guard_sanitize_path(path, percent_decode, dot_dot,
 * leading_separator_is_root, allow_hidden, windows, backslash_is_separator,
 * normalization, max_depth, max_length, root, segment_profile) */
PG_FUNCTION_INFO_V1(u8guard_pg_sanitize_path);
Datum u8guard_pg_sanitize_path(PG_FUNCTION_ARGS) {
  const text *path = pgext_bounded_text_arg(fcinfo, 0);
  u8guard_path_options options;
  path_input in;
  u8guard_error error;
  text *result;

  pgext_require_utf8();
  u8guard_path_options_init(&options);
  options.percent_decode = PG_GETARG_BOOL(1);
  options.dot_dot = name_argument(fcinfo, 2, u8guard_dot_dot_from_name);
  options.leading_separator_is_root = PG_GETARG_BOOL(3);
  options.allow_hidden = PG_GETARG_BOOL(4);
  options.windows = PG_GETARG_BOOL(5);
  options.backslash_is_separator = PG_GETARG_BOOL(6);
  options.normalization =
      name_argument(fcinfo, 7, u8guard_normalization_from_name);
  options.max_depth = size_argument(fcinfo, 8, "max_depth");
  options.max_length = size_argument(fcinfo, 9, "max_length");
  options.root = text_to_cstring(pgext_bounded_text_arg(fcinfo, 10));
  options.segment_profile = pgext_profile(pgext_bounded_text_arg(fcinfo, 11));

  in.data = VARDATA_ANY(path);
  in.len = VARSIZE_ANY_EXHDR(path);
  in.options = &options;
  result = pgext_write_text(write_path, &in, in.len + strlen(options.root) + 16,
                            &error);
  if (result == NULL) pgext_raise(&error);
  PG_RETURN_TEXT_P(result);
}

/* The defaults of u8guard_sanitize_path's max_depth and max_length, the
 * C API's (u8guard_path_options_init), for the SQL defaults. */
PG_FUNCTION_INFO_V1(u8guard_pg_path_default_max_depth);
Datum u8guard_pg_path_default_max_depth(PG_FUNCTION_ARGS) {
  u8guard_path_options options;
  (void)fcinfo;
  u8guard_path_options_init(&options);
  PG_RETURN_INT32((int32)options.max_depth);
}

PG_FUNCTION_INFO_V1(u8guard_pg_path_default_max_length);
Datum u8guard_pg_path_default_max_length(PG_FUNCTION_ARGS) {
  u8guard_path_options options;
  (void)fcinfo;
  u8guard_path_options_init(&options);
  PG_RETURN_INT32((int32)options.max_length);
}
