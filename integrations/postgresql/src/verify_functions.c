/* SPDX-License-Identifier: Apache-2.0 */
/* Upgrade verification of a table of records: u8guard_verify_records and
 * u8guard_verify_records_groups, a shell over the C API's verifier in
 * bounded memory (u8guard_record_verifier_new_bounded): the rows are read
 * through a cursor in the order of name COLLATE "C", a batch at a time,
 * and each is added as the record at its position in that order (the line
 * of the records file `u8guard records verify` reads in the same order).
 * Memory: the verifier takes about work_mem (its external sort's runs go
 * to unnamed temporary files in the session's temporary tablespace
 * directory, which vanish with the call, on every path), plus one batch
 * and the largest group; the rows out go to a tuplestore, which spills to
 * disk past work_mem. The verifier asks pgext_interrupted every few
 * milliseconds, while the rows are read and while the groups are made,
 * and its changes and groups come to pgext_change_row and pgext_group_rows
 * at the end: each runs PostgreSQL code inside a PG_TRY, so that an ERROR
 * (a cancel) never jumps over the library's C++ frames; it is kept, the
 * verifier told to stop, and raised again once the library has returned. */

/* clang-format off: postgres.h comes first in every PostgreSQL source. */
#include "postgres.h"
/* clang-format on */

#include "access/detoast.h"
#include "access/xact.h"
#include "access/xlog.h"
#include "catalog/pg_tablespace_d.h"
#include "catalog/pg_type.h"
#include "commands/tablespace.h"
#include "executor/spi.h"
#include "funcapi.h"
#include "integrations/postgresql/src/u8guard_pg.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "optimizer/cost.h"
#include "storage/fd.h"
#include "utils/acl.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

/* Rows fetched from the cursor at a time. */
#define PGEXT_VERIFY_BATCH 256

/* One call: its verifier (freed with the call's memory, on ERROR too) and
 * where the rows out go. */
typedef struct pgext_verify {
  u8guard_record_verifier *verifier;
  u8guard_record_verification *result; /* after finish_verify */
  Oid function;
  ReturnSetInfo *rsinfo;
  bool emit_changes; /* u8guard_verify_records; else the groups */
  const char *profile_name;
  bool derived; /* the rows carry their records now (derive_in_parallel) */
  MemoryContext row_context;      /* a row's, reset after each */
  MemoryContext callback_context; /* a callback's, reset after each */
  MemoryContext call_context;
  size_t groups; /* groups written */
  /* The ERROR a callback caught, raised again once the library returns. */
  ErrorData *error;
} pgext_verify;

static void free_verifier(void *arg) {
  pgext_verify *v = (pgext_verify *)arg;
  u8guard_record_verifier_free(v->verifier);
  v->verifier = NULL;
  u8guard_record_verification_free(v->result);
  v->result = NULL;
}

/* Runs `write(v, arg)` (which writes rows out, or checks for interrupts)
 * inside a PG_TRY, in v->callback_context (reset after it): 0 when it
 * returned, 1 when it raised an ERROR, which is kept in v->error for
 * raise_kept. */
static int guarded(pgext_verify *v, void (*write)(pgext_verify *, const void *),
                   const void *arg) {
  MemoryContext caller = MemoryContextSwitchTo(v->callback_context);
  volatile int failed = 0;
  PG_TRY();
  { write(v, arg); }
  PG_CATCH();
  {
    MemoryContextSwitchTo(v->call_context);
    v->error = CopyErrorData();
    FlushErrorState();
    failed = 1;
  }
  PG_END_TRY();
  MemoryContextSwitchTo(caller);
  MemoryContextReset(v->callback_context);
  return failed;
}

/* After the library returned `status`: the ERROR a callback kept, else the
 * library's own error. */
static void raise_kept(pgext_verify *v, u8guard_status status,
                       const u8guard_error *error) {
  if (status == U8GUARD_OK) return;
  if (v->error != NULL) ReThrowError(v->error);
  pgext_raise(error);
}

static void check_interrupts(pgext_verify *v, const void *arg) {
  (void)v;
  (void)arg;
  CHECK_FOR_INTERRUPTS();
}

/* u8guard_record_verifier_options.interrupted: a cancel (or a terminate)
 * pending stops the verification. */
static int pgext_interrupted(void *context) {
  pgext_verify *v = context;
  if (!INTERRUPTS_PENDING_CONDITION()) return 0;
  return guarded(v, check_interrupts, NULL);
}

static void write_change(pgext_verify *v, const void *arg);
static void write_group(pgext_verify *v, const void *arg);

static int pgext_change_row(void *context,
                            const u8guard_record_change *change) {
  return guarded(context, write_change, change);
}

/* u8guard_verify_records' group callback: the groups are
 * u8guard_verify_records_groups'. */
static int pgext_drop_group(void *context,
                            const u8guard_record_verification *group) {
  (void)context;
  (void)group;
  return 0;
}

static int pgext_group_rows(void *context,
                            const u8guard_record_verification *group) {
  return guarded(context, write_group, group);
}

/* The directory of the session's temporary files (temp_tablespaces, else
 * the database's tablespace: base/pgsql_tmp), made when missing. A path
 * relative to the data directory, the backend's working directory. */
static char *temp_dir(void) {
  char path[MAXPGPATH];
  Oid tablespace;
  PrepareTempTablespaces();
  tablespace = GetNextTempTableSpace();
  if (!OidIsValid(tablespace)) {
    tablespace = OidIsValid(MyDatabaseTableSpace) ? MyDatabaseTableSpace
                                                  : DEFAULTTABLESPACE_OID;
  }
  TempTablespacePath(path, tablespace);
  if (MakePGDirectory(path) < 0 && errno != EEXIST) {
    ereport(ERROR, (errcode_for_file_access(),
                    errmsg("could not create directory \"%s\": %m", path)));
  }
  return pstrdup(path);
}

/* Sets up the call: the result's tuplestore, the profile, the verifier. */
static pgext_verify *start_verify(FunctionCallInfo fcinfo, bool emit_changes) {
  pgext_verify *v = palloc0(sizeof(pgext_verify));
  MemoryContextCallback *callback = palloc0(sizeof(MemoryContextCallback));
  const u8guard_profile *profile = pgext_profile(PG_GETARG_TEXT_PP(1));
  u8guard_record_verifier_options options;
  u8guard_error error;
  InitMaterializedSRF(fcinfo, 0);
  v->function = fcinfo->flinfo->fn_oid;
  v->profile_name = text_to_cstring(PG_GETARG_TEXT_PP(1));
  v->rsinfo = (ReturnSetInfo *)fcinfo->resultinfo;
  v->emit_changes = emit_changes;
  v->call_context = CurrentMemoryContext;
  v->row_context =
      AllocSetContextCreate(CurrentMemoryContext, "u8guard_verify_records row",
                            ALLOCSET_DEFAULT_SIZES);
  v->callback_context = AllocSetContextCreate(CurrentMemoryContext,
                                              "u8guard_verify_records callback",
                                              ALLOCSET_DEFAULT_SIZES);
  memset(&options, 0, sizeof options);
  /* work_mem is in kB. */
  options.memory_budget = (size_t)work_mem * 1024;
  options.temp_dir = temp_dir();
  options.interrupted = pgext_interrupted;
  /* Each call writes its rows as they come; u8guard_verify_records
   * drops the groups (kept, they would grow with the rows). */
  options.change = emit_changes ? pgext_change_row : NULL;
  options.group = emit_changes ? pgext_drop_group : pgext_group_rows;
  options.context = v;
  if (u8guard_record_verifier_new_bounded(profile, NULL, &options, &v->verifier,
                                          &error) != U8GUARD_OK) {
    pgext_raise(&error);
  }
  callback->func = free_verifier;
  callback->arg = v;
  MemoryContextRegisterResetCallback(CurrentMemoryContext, callback);
  return v;
}

/* Text `value` detoasted, after the u8guard.max_input_bytes check. */
static text *bounded_text(pgext_verify *v, Datum value) {
  pgext_check_input_size(toast_raw_datum_size(value) - VARHDRSZ, v->function);
  return DatumGetTextPP(value);
}

/* Points `fields` at the elements of the text[] `value` (lookalike_keys). */
static void set_lookalike_keys(pgext_verify *v, Datum value,
                               u8guard_record_fields *fields) {
  Datum *elements;
  bool *nulls;
  int count;
  const char **keys;
  size_t *lens;
  deconstruct_array(DatumGetArrayTypeP(value), TEXTOID, -1, false, TYPALIGN_INT,
                    &elements, &nulls, &count);
  keys = palloc0(sizeof(char *) * (count + 1));
  lens = palloc0(sizeof(size_t) * (count + 1));
  for (int i = 0; i < count; ++i) {
    text *key;
    if (nulls[i]) {
      ereport(ERROR, (errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
                      errmsg("%s: lookalike_keys holds a NULL",
                             get_func_name(v->function))));
    }
    key = bounded_text(v, elements[i]);
    keys[i] = VARDATA_ANY(key);
    lens[i] = VARSIZE_ANY_EXHDR(key);
  }
  fields->lookalike_keys = keys;
  fields->lookalike_key_lens = lens;
  fields->lookalike_key_count = (size_t)count;
}

/* A text Datum of s[0, len), or a NULL for an empty string (a key is never
 * empty: "" stands for none). */
static Datum key_or_null(const char *s, size_t len, bool *null) {
  return pgext_text_or_null(s, len, len != 0, null);
}

/* Writes one change (a u8guard_record_change): (kind, name, old_key,
 * new_key, rule, other_name, shared_key), as 0.4 did. */
static void write_change(pgext_verify *v, const void *arg) {
  const u8guard_record_change *c = arg;
  Datum values[7];
  bool nulls[7] = {false, false, false, false, false, false, false};
  const bool pair = c->kind == U8GUARD_RECORD_NEW_COLLISION ||
                    c->kind == U8GUARD_RECORD_NEW_LOOKALIKE;
  values[0] = CStringGetTextDatum(u8guard_record_change_kind_name(c->kind));
  values[1] = PointerGetDatum(cstring_to_text_with_len(c->name, c->name_len));
  values[2] = key_or_null(c->old_key, c->old_key_len, &nulls[2]);
  values[3] = key_or_null(c->new_key, c->new_key_len, &nulls[3]);
  values[4] = key_or_null(c->rule, strlen(c->rule), &nulls[4]);
  values[5] = key_or_null(c->other_name, c->other_name_len, &nulls[5]);
  nulls[5] = !pair;
  values[6] = key_or_null(c->shared_key, c->shared_key_len, &nulls[6]);
  tuplestore_putvalues(v->rsinfo->setResult, v->rsinfo->setDesc, values, nulls);
}

/* Adds the row `tuple` as the record at `position` (its changes come at
 * the end). */
static void add_row(pgext_verify *v, HeapTuple tuple, TupleDesc desc,
                    uint64 position) {
  u8guard_record_fields fields;
  u8guard_error error;
  u8guard_status status;
  bool null;
  Datum value;
  text *name;
  memset(&fields, 0, sizeof fields);
  name = bounded_text(v, SPI_getbinval(tuple, desc, 1, &null));
  fields.name = VARDATA_ANY(name);
  fields.name_len = VARSIZE_ANY_EXHDR(name);
  value = SPI_getbinval(tuple, desc, 2, &null);
  if (!null) {
    const text *key = bounded_text(v, value);
    fields.valid = 1;
    fields.key = VARDATA_ANY(key);
    fields.key_len = VARSIZE_ANY_EXHDR(key);
  }
  value = SPI_getbinval(tuple, desc, 3, &null);
  if (!null) set_lookalike_keys(v, value, &fields);
  if (v->derived) {
    /* The record of the name now, u8guard_name_record's, never NULL. */
    const text *now = DatumGetTextPP(SPI_getbinval(tuple, desc, 4, &null));
    if (null) elog(ERROR, "u8guard_verify_records: a row without its record");
    status = u8guard_record_verifier_add_derived(
        v->verifier, &fields, VARDATA_ANY(now), VARSIZE_ANY_EXHDR(now),
        position, &error);
  } else {
    status = u8guard_record_verifier_add_fields(v->verifier, &fields, position,
                                                &error);
  }
  raise_kept(v, status, &error);
}

/* Whether the records of the names now are derived by a statement of
 * their own, which PostgreSQL may give parallel workers (derive_records):
 * when u8guard.parallel_verify is on, PostgreSQL plans parallel queries at
 * all (max_parallel_workers_per_gather) and the session may create a
 * temporary table (not on a standby, not in a read-only transaction, TEMP
 * on the database). Else the verifier derives each record as it reads the
 * row. */
static bool derive_in_parallel(void) {
  return pgext_parallel_verify && max_parallel_workers_per_gather > 0 &&
         !RecoveryInProgress() && !XactReadOnly &&
         pg_database_aclcheck(MyDatabaseId, GetUserId(), ACL_CREATE_TEMP) ==
             ACLCHECK_OK;
}

/* Copies the rows of `table` (NULL names left out) into a new temporary
 * table, dropped at commit, with each name's record now beside them
 * (u8guard_internal.u8guard_name_record, PARALLEL SAFE): a CREATE TABLE AS,
 * whose scan PostgreSQL hands to parallel workers as it would a query's
 * (over each partition of a partitioned table). Returns the new table's
 * name. Its rows spill to disk past temp_buffers. */
static const char *derive_records(pgext_verify *v, const char *table) {
  static uint32 count = 0;
  const char *derived =
      psprintf("pg_temp.u8guard_verify_%d_%u", MyProcPid, ++count);
  if (SPI_execute(
          psprintf("CREATE TEMPORARY TABLE %s ON COMMIT DROP AS "
                   "SELECT t.name::pg_catalog.text AS name, "
                   "t.key::pg_catalog.text AS key, "
                   "t.lookalike_keys::pg_catalog.text[] AS lookalike_keys, "
                   "u8guard_internal.u8guard_name_record("
                   "t.name::pg_catalog.text, %s::pg_catalog.text) AS now "
                   "FROM %s t WHERE t.name IS NOT NULL",
                   derived, quote_literal_cstr(v->profile_name), table),
          false, 0) != SPI_OK_UTILITY) {
    elog(ERROR, "u8guard_verify_records: deriving the records failed");
  }
  return derived;
}

/* Reads the rows of `relid` in the order of name COLLATE "C" through a
 * cursor, a batch at a time, and adds each (NULL names skipped), with its
 * record now when derive_in_parallel. Runs with the caller's rights. */
static void verify_rows(pgext_verify *v, Oid relid) {
  /* NULL when the table, or its schema, was dropped since the argument
   * was read. */
  const char *name = get_rel_name(relid);
  const char *schema = get_namespace_name(get_rel_namespace(relid));
  const char *table;
  uint64 position = 0;
  Portal cursor;
  if (name == NULL || schema == NULL) {
    ereport(ERROR, (errcode(ERRCODE_UNDEFINED_TABLE),
                    errmsg("%s: relation with OID %u does not exist",
                           get_func_name(v->function), relid)));
  }
  table = quote_qualified_identifier(schema, name);
  if (SPI_connect() != SPI_OK_CONNECT) elog(ERROR, "SPI_connect failed");
  v->derived = derive_in_parallel();
  if (v->derived) table = derive_records(v, table);
  cursor = SPI_cursor_open_with_args(
      NULL,
      psprintf("SELECT t.name::pg_catalog.text, t.key::pg_catalog.text, "
               "t.lookalike_keys::pg_catalog.text[]%s FROM %s t "
               "WHERE t.name IS NOT NULL "
               "ORDER BY t.name::pg_catalog.text COLLATE pg_catalog.\"C\"",
               v->derived ? ", t.now" : "", table),
      /* Not read-only after the CREATE TABLE AS: a new snapshot sees its
       * rows. */
      0, NULL, NULL, NULL, !v->derived, CURSOR_OPT_NO_SCROLL);
  for (;;) {
    SPI_cursor_fetch(cursor, true, PGEXT_VERIFY_BATCH);
    if (SPI_processed == 0) break;
    for (uint64 i = 0; i < SPI_processed; ++i) {
      MemoryContext caller = MemoryContextSwitchTo(v->row_context);
      CHECK_FOR_INTERRUPTS();
      add_row(v, SPI_tuptable->vals[i], SPI_tuptable->tupdesc, ++position);
      MemoryContextSwitchTo(caller);
      MemoryContextReset(v->row_context);
    }
    SPI_freetuptable(SPI_tuptable);
  }
  SPI_cursor_close(cursor);
  if (v->derived && SPI_execute(psprintf("DROP TABLE %s", table), false, 0) !=
                        SPI_OK_UTILITY) {
    elog(ERROR, "u8guard_verify_records: dropping %s failed", table);
  }
  SPI_finish();
}

/* Finishes the verification: the changes and groups to the callbacks
 * (pgext_change_row, pgext_group_rows), then v->result, its counts (freed
 * with the verifier). The verifier asks pgext_interrupted all through. */
static void finish_verify(pgext_verify *v) {
  u8guard_error error;
  CHECK_FOR_INTERRUPTS();
  raise_kept(v, u8guard_record_verifier_finish(v->verifier, &v->result, &error),
             &error);
}

/* Writes the record of the name of a pgext_profile_input under the default
 * policy (u8guard_name_record). */
static u8guard_status write_name_record(const void *context, char *out,
                                        size_t out_capacity, size_t *out_len,
                                        u8guard_error *error) {
  const pgext_profile_input *in = context;
  return u8guard_name_record(in->profile, NULL, in->data, in->len, out,
                             out_capacity, out_len, error);
}

/* u8guard_internal.u8guard_name_record(name, profile): the record of `name`
 * under the built-in `profile` and the default policy, with the versions
 * running now, as u8guard_name_record's JSON (what derive_records writes). */
PG_FUNCTION_INFO_V1(u8guard_pg_name_record);
Datum u8guard_pg_name_record(PG_FUNCTION_ARGS) {
  const text *name = pgext_bounded_text_arg(fcinfo, 0);
  pgext_profile_input in;
  u8guard_error error;
  text *result;
  in.profile = pgext_profile(pgext_bounded_text_arg(fcinfo, 1));
  in.data = VARDATA_ANY(name);
  in.len = VARSIZE_ANY_EXHDR(name);
  /* The JSON escapes each byte of the name in at most 6, the keys in 4. */
  result = pgext_write_text(write_name_record, &in, 4 * in.len + 160, &error);
  if (result == NULL) pgext_raise(&error);
  PG_RETURN_TEXT_P(result);
}

PG_FUNCTION_INFO_V1(u8guard_pg_verify_records);
Datum u8guard_pg_verify_records(PG_FUNCTION_ARGS) {
  pgext_verify *v = start_verify(fcinfo, true);
  verify_rows(v, PG_GETARG_OID(0));
  /* The groups are u8guard_verify_records_groups'. */
  finish_verify(v);
  free_verifier(v);
  return (Datum)0;
}

/* Writes member `m` of group number `g` (0-based), `group`: (group_number,
 * kind, key, new_pairs, line, name, new_key, was_valid, old_key,
 * old_lookalike_keys, new_to_group, new_partners). */
static void emit_member(pgext_verify *v, size_t g,
                        const u8guard_record_group *group,
                        const u8guard_record_group_member *m) {
  Datum values[12];
  bool nulls[12];
  Datum keys[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  memset(nulls, 0, sizeof nulls);
  for (size_t i = 0; i < m->old_lookalike_key_count; ++i) {
    keys[i] = PointerGetDatum(cstring_to_text_with_len(
        m->old_lookalike_keys[i], m->old_lookalike_key_lens[i]));
  }
  values[0] = Int64GetDatum((int64)g + 1);
  values[1] = CStringGetTextDatum(u8guard_record_group_kind_name(group->kind));
  values[2] =
      PointerGetDatum(cstring_to_text_with_len(group->key, group->key_len));
  values[3] = Int64GetDatum((int64)group->new_pairs);
  values[4] = Int64GetDatum((int64)m->line);
  values[5] = PointerGetDatum(cstring_to_text_with_len(m->name, m->name_len));
  values[6] = key_or_null(m->new_key, m->new_key_len, &nulls[6]);
  values[7] = BoolGetDatum(m->was_valid != 0);
  values[8] = key_or_null(m->old_key, m->old_key_len, &nulls[8]);
  values[9] = PointerGetDatum(construct_array(
      keys, (int)m->old_lookalike_key_count, TEXTOID, -1, false, TYPALIGN_INT));
  nulls[9] = m->was_valid == 0;
  values[10] = BoolGetDatum(m->new_to_group != 0);
  values[11] = Int64GetDatum((int64)m->new_partners);
  tuplestore_putvalues(v->rsinfo->setResult, v->rsinfo->setDesc, values, nulls);
}

/* Writes every member of the one group of `arg` (a
 * u8guard_record_verification), as group number v->groups. */
static void write_group(pgext_verify *v, const void *arg) {
  const u8guard_record_verification *one = arg;
  u8guard_record_group group;
  if (u8guard_record_verification_group(one, 0, &group) != U8GUARD_OK) {
    elog(ERROR, "u8guard_verify_records_groups: a group is missing");
  }
  for (size_t i = 0; i < group.member_count; ++i) {
    u8guard_record_group_member m;
    u8guard_record_verification_group_member(one, 0, i, &m);
    CHECK_FOR_INTERRUPTS();
    emit_member(v, v->groups, &group, &m);
  }
  ++v->groups;
}

PG_FUNCTION_INFO_V1(u8guard_pg_verify_records_groups);
Datum u8guard_pg_verify_records_groups(PG_FUNCTION_ARGS) {
  pgext_verify *v = start_verify(fcinfo, false);
  verify_rows(v, PG_GETARG_OID(0));
  finish_verify(v);
  free_verifier(v);
  return (Datum)0;
}
