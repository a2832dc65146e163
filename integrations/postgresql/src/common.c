/* SPDX-License-Identifier: Apache-2.0 */
/* The extension's module, profiles by name, errors and text results. */

/* clang-format off: postgres.h comes first in every PostgreSQL source. */
#include "postgres.h"
/* clang-format on */

#include <string.h>

#include "access/detoast.h"
#include "integrations/postgresql/src/u8guard_pg.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

PG_MODULE_MAGIC;

void _PG_init(void);

/* u8guard.max_input_bytes, in bytes (pgext_check_input_size). */
static int max_input_bytes = PGEXT_DEFAULT_MAX_INPUT_BYTES;

void pgext_check_input_size(size_t len, Oid function) {
  const char *name;
  if (len <= (size_t)max_input_bytes) return;
  name = OidIsValid(function) ? get_func_name(function) : NULL;
  ereport(ERROR,
          (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
           errmsg("%s: an input of %zu bytes is longer than "
                  "u8guard.max_input_bytes (%d)",
                  name != NULL ? name : "u8guard", len, max_input_bytes),
           errhint("Calls are bounded so that each answers a cancel or a "
                   "statement_timeout within about a second; a superuser "
                   "may raise the bound up to %d bytes.",
                   PGEXT_MAX_MAX_INPUT_BYTES)));
}

void pgext_require_utf8(void) {
  if (GetDatabaseEncoding() != PG_UTF8) {
    ereport(ERROR,
            (errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
             errmsg("u8guard needs a database whose encoding is UTF8, not %s",
                    GetDatabaseEncodingName())));
  }
}

/* The profiles opened so far in this backend (at most the built-in ones),
 * by their kebab-case names, in TopMemoryContext; the profiles themselves
 * are the C API's. */
typedef struct cached_profile {
  char *name;
  size_t name_len;
  u8guard_profile *profile;
} cached_profile;

static cached_profile *profiles = NULL;
static size_t profile_count = 0;

/* The cached profile called name[0, len), or NULL. */
static const u8guard_profile *cached_profile_find(const char *name,
                                                  size_t len) {
  size_t i;
  for (i = 0; i < profile_count; ++i) {
    if (profiles[i].name_len == len && memcmp(profiles[i].name, name, len) == 0)
      return profiles[i].profile;
  }
  return NULL;
}

/* The profile called name[0, len) (not NUL-terminated; either spelling of
 * u8guard_canonical_profile_name), opened on first use and cached under its
 * kebab-case name; raises u8guard's error for an unknown name. */
static const u8guard_profile *cached_profile_named(const char *name,
                                                   size_t len) {
  char *c_name;
  const char *canonical;
  const u8guard_profile *cached = cached_profile_find(name, len);
  u8guard_profile *profile = NULL;
  u8guard_error error;

  if (cached != NULL) return cached;
  c_name = pnstrdup(name, len);
  canonical = u8guard_canonical_profile_name(c_name);
  cached = cached_profile_find(canonical, strlen(canonical));
  if (cached != NULL) {
    pfree(c_name);
    return cached;
  }
  if (u8guard_profile_open(canonical, NULL, &profile, &error) != U8GUARD_OK)
    pgext_raise(&error);
  if (profiles == NULL) {
    /* Only built-in names open, so this many slots always suffice. */
    profiles = MemoryContextAllocZero(
        TopMemoryContext,
        sizeof(cached_profile) * u8guard_builtin_profile_count());
  }
  if (profile_count == u8guard_builtin_profile_count()) {
    u8guard_profile_free(profile);
    elog(ERROR, "u8guard: more profiles than built-in ones");
  }
  profiles[profile_count].name =
      MemoryContextStrdup(TopMemoryContext, canonical);
  profiles[profile_count].name_len = strlen(canonical);
  profiles[profile_count].profile = profile;
  ++profile_count;
  pfree(c_name);
  return profile;
}

text *pgext_bounded_text_arg(FunctionCallInfo fcinfo, int arg) {
  const Datum value = PG_GETARG_DATUM(arg);
  pgext_check_input_size(toast_raw_datum_size(value) - VARHDRSZ,
                         fcinfo->flinfo->fn_oid);
  return PG_GETARG_TEXT_PP(arg);
}

Datum pgext_text_or_null(const char *s, size_t len, bool present, bool *null) {
  *null = !present;
  return present ? PointerGetDatum(cstring_to_text_with_len(s, (int)len))
                 : (Datum)0;
}

const u8guard_profile *pgext_profile(const text *name) {
  pgext_require_utf8();
  return cached_profile_named(VARDATA_ANY(name), VARSIZE_ANY_EXHDR(name));
}

void pgext_raise(const u8guard_error *error) {
  switch (error->status) {
    case U8GUARD_REJECTED:
      if (error->code_point >= 0) {
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                        errmsg("%s", error->message),
                        errdetail("rule %s, byte offset %zu, code point U+%04X",
                                  u8guard_rule_id(error->rule), error->offset,
                                  (unsigned)error->code_point)));
      }
      ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                      errmsg("%s", error->message),
                      errdetail("rule %s, byte offset %zu",
                                u8guard_rule_id(error->rule), error->offset)));
      break;
    case U8GUARD_INVALID_ARGUMENT:
      ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                      errmsg("%s", error->message)));
      break;
    case U8GUARD_NOT_FOUND:
      ereport(ERROR, (errcode(ERRCODE_UNDEFINED_OBJECT),
                      errmsg("%s", error->message)));
      break;
    case U8GUARD_LIMIT_EXCEEDED:
      ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
                      errmsg("%s", error->message)));
      break;
    case U8GUARD_OUT_OF_MEMORY:
      ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY),
                      errmsg("u8guard: %s", error->message)));
      break;
    case U8GUARD_CANCELLED:
      ereport(ERROR, (errcode(ERRCODE_QUERY_CANCELED),
                      errmsg("u8guard: %s", error->message)));
      break;
    default:
      break;
  }
  ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR),
                  errmsg("u8guard: %s (%s)", error->message,
                         u8guard_status_name(error->status))));
  pg_unreachable();
}

text *pgext_write_text(pgext_writer write, const void *context, size_t guess,
                       u8guard_error *error) {
  size_t len = 0;
  u8guard_status status;
  text *result;

  if (guess > MaxAllocSize - VARHDRSZ - 1) guess = MaxAllocSize - VARHDRSZ - 1;
  result = palloc(VARHDRSZ + guess + 1);
  status = write(context, VARDATA(result), guess + 1, &len, error);
  if (status == U8GUARD_BUFFER_TOO_SMALL) {
    if (len > MaxAllocSize - VARHDRSZ - 1) {
      ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
                      errmsg("u8guard: a result of %zu bytes is too long for "
                             "a text value",
                             len)));
    }
    result = repalloc(result, VARHDRSZ + len + 1);
    status = write(context, VARDATA(result), len + 1, &len, error);
  }
  if (status != U8GUARD_OK) {
    pfree(result);
    return NULL;
  }
  SET_VARSIZE(result, VARHDRSZ + len);
  return result;
}

u8guard_status pgext_write_key(const void *context, char *out,
                               size_t out_capacity, size_t *out_len,
                               u8guard_error *error) {
  const pgext_profile_input *in = context;
  return u8guard_canonicalize(in->profile, in->data, in->len, out, out_capacity,
                              out_len, error);
}

u8guard_status pgext_write_enforced(const void *context, char *out,
                                    size_t out_capacity, size_t *out_len,
                                    u8guard_error *error) {
  const pgext_profile_input *in = context;
  return u8guard_enforce(in->profile, in->data, in->len, out, out_capacity,
                         out_len, error);
}

u8guard_status pgext_write_skeleton(const void *context, char *out,
                                    size_t out_capacity, size_t *out_len,
                                    u8guard_error *error) {
  const pgext_profile_input *in = context;
  return u8guard_skeleton(in->profile, in->data, in->len, out, out_capacity,
                          out_len, error);
}

/* Loaded through shared_preload_libraries, the module does the work of a
 * backend's first calls once, in the postmaster, and every backend and
 * parallel worker inherits it: the built-in profiles, and the code point
 * tables that u8guard builds from ICU on first use or after a few thousand
 * calls (u8guard_build_tables; about a quarter of a second per process
 * otherwise; docs/postgresql.md). */
static void warm_up(void) {
  /* An upper-case letter and a non-ASCII one, and ASCII alone: every
   * table is used. */
  static const char *const kSamples[] = {"K\xC3\xA9y", "Ky"};
  size_t i, s;
  u8guard_path_options path_options;
  u8guard_error error;
  size_t len;
  char out[64];
  u8guard_build_tables();

  elog(DEBUG1, "u8guard: profiles and tables made in the postmaster");
  for (i = 0; i < u8guard_builtin_profile_count(); ++i) {
    const char *name = u8guard_builtin_profile_name(i);
    const u8guard_profile *profile = cached_profile_named(name, strlen(name));
    for (s = 0; s < sizeof kSamples / sizeof kSamples[0]; ++s) {
      const size_t n = strlen(kSamples[s]);
      /* Results do not matter here (a profile may reject a sample). */
      (void)u8guard_canonicalize(profile, kSamples[s], n, out, sizeof out, &len,
                                 &error);
      (void)u8guard_enforce(profile, kSamples[s], n, out, sizeof out, &len,
                            &error);
      (void)u8guard_skeleton(profile, kSamples[s], n, out, sizeof out, &len,
                             &error);
    }
  }
  u8guard_path_options_init(&path_options);
  (void)u8guard_sanitize_path("a/K\xC3\xA9y", 6, &path_options, out, sizeof out,
                              &len, &error);
  path_options.normalization = U8GUARD_NORMALIZATION_NFKC;
  (void)u8guard_sanitize_path("a/K\xC3\xA9y", 6, &path_options, out, sizeof out,
                              &len, &error);
}

bool pgext_parallel_verify = false;

void _PG_init(void) {
  DefineCustomBoolVariable(
      "u8guard.parallel_verify",
      "Whether u8guard_verify_records derives the records in parallel "
      "workers.",
      "On: each name's record now is derived by a CREATE TEMPORARY TABLE AS "
      "that PostgreSQL may hand to parallel workers, then verified in order; "
      "off: derived one row after the other as the rows are read.",
      &pgext_parallel_verify, false, PGC_USERSET, 0, NULL, NULL, NULL);
  DefineCustomIntVariable(
      "u8guard.max_input_bytes",
      "The longest text a u8guard function takes, in bytes.",
      "Longer inputs raise SQLSTATE 54000 before any work, so that every "
      "call ends within about a second and its memory stays bounded.",
      &max_input_bytes, PGEXT_DEFAULT_MAX_INPUT_BYTES, 0,
      PGEXT_MAX_MAX_INPUT_BYTES, PGC_SUSET, GUC_UNIT_BYTE, NULL, NULL, NULL);
  MarkGUCPrefixReserved("u8guard");
  if (process_shared_preload_libraries_in_progress) warm_up();
}
