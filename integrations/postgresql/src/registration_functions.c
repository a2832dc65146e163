/* SPDX-License-Identifier: Apache-2.0 */
/* Registration records: u8guard_registration(name, profile). */

/* clang-format off: postgres.h comes first in every PostgreSQL source. */
#include "postgres.h"
/* clang-format on */

#include <string.h>

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "integrations/postgresql/src/u8guard_pg.h"
#include "utils/array.h"
#include "utils/builtins.h"

/* An empty registry under the default registration policy per profile,
 * made on first use and kept for the backend's life: deciding against it
 * gives the verdicts that do not depend on other accounts (the profile's,
 * protected names, restriction level). Collisions and look-alikes are the
 * table's unique indexes' to decide. */
typedef struct profile_registry {
  const u8guard_profile *profile;
  u8guard_registry *registry;
} profile_registry;

static profile_registry *registries = NULL;
static size_t registry_count = 0;

static const u8guard_registry *registry_for(const u8guard_profile *profile) {
  size_t i;
  u8guard_registry *registry = NULL;
  u8guard_error error;
  for (i = 0; i < registry_count; ++i) {
    if (registries[i].profile == profile) return registries[i].registry;
  }
  if (registries == NULL) {
    /* Profiles are the built-in ones, each cached once (common.c). */
    registries = MemoryContextAllocZero(
        TopMemoryContext,
        sizeof(profile_registry) * u8guard_builtin_profile_count());
  }
  if (registry_count == u8guard_builtin_profile_count())
    elog(ERROR, "u8guard: more registries than built-in profiles");
  if (u8guard_registry_new(profile, NULL, &registry, &error) != U8GUARD_OK)
    pgext_raise(&error);
  registries[registry_count].profile = profile;
  registries[registry_count].registry = registry;
  ++registry_count;
  return registry;
}

/* The record's look-alike keys as text[]. */
static Datum lookalike_array(const u8guard_registration *r) {
  Datum elements[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  size_t i;
  for (i = 0; i < r->lookalike_key_count; ++i) {
    elements[i] = PointerGetDatum(cstring_to_text_with_len(
        r->lookalike_keys[i], (int)r->lookalike_key_lens[i]));
  }
  return PointerGetDatum(construct_array(elements, (int)r->lookalike_key_count,
                                         TEXTOID, -1, false, TYPALIGN_INT));
}

/* "Cyrl Latn" as text[]. */
static Datum scripts_array(const char *scripts) {
  Datum *elements;
  int n = 0;
  const char *p = scripts;
  size_t words = 1;
  for (; *p != '\0'; ++p) words += *p == ' ';
  elements = palloc(sizeof(Datum) * words);
  p = scripts;
  while (*p != '\0') {
    const char *space = strchr(p, ' ');
    const size_t len = space != NULL ? (size_t)(space - p) : strlen(p);
    elements[n++] = PointerGetDatum(cstring_to_text_with_len(p, (int)len));
    p += len;
    if (*p == ' ') ++p;
  }
  return PointerGetDatum(
      construct_array(elements, n, TEXTOID, -1, false, TYPALIGN_INT));
}

/* The number of columns of the result in 0.5; the type of an older
 * version has the first 12, and heap_form_tuple reads as many as its
 * descriptor has. */
enum { kRegistrationColumns = 16 };

/* The columns 0.5 added, under the names every other surface gives them
 * (docs/vocabulary.md): outcome and conflict repeat verdict and
 * protected_name; code_point and shared_key are the C API's (NULL when
 * -1 or ""). */
static void fill_vocabulary_values(const u8guard_registration *r, Datum *values,
                                   bool *nulls) {
  values[12] = values[0];
  nulls[12] = nulls[0];
  values[13] = values[8];
  nulls[13] = nulls[8];
  values[14] = Int32GetDatum(r->code_point);
  nulls[14] = r->code_point < 0;
  values[15] = pgext_text_or_null(r->shared_key, r->shared_key_len,
                                  r->shared_key_len > 0, &nulls[15]);
}

/* The columns of the result, from `r`. */
static void fill_values(const u8guard_registration *r, Datum *values,
                        bool *nulls) {
  bool has = r->has_record != 0;
  memset(nulls, 0, sizeof(bool) * kRegistrationColumns);
  values[0] =
      CStringGetTextDatum(u8guard_registration_outcome_name(r->outcome));
  values[1] = pgext_text_or_null(r->enforced, r->enforced_len, has, &nulls[1]);
  values[2] = pgext_text_or_null(r->key, r->key_len, has, &nulls[2]);
  values[3] = has ? lookalike_array(r) : (Datum)0;
  nulls[3] = !has;
  values[4] = has ? CStringGetTextDatum(
                        u8guard_restriction_level_name(r->restriction_level))
                  : (Datum)0;
  nulls[4] = !has;
  values[5] = has ? scripts_array(r->scripts) : (Datum)0;
  nulls[5] = !has;
  values[6] = has ? CStringGetTextDatum(u8guard_display_safety_name(r->display))
                  : (Datum)0;
  nulls[6] = !has;
  values[7] = has ? CStringGetTextDatum(r->version_tag) : (Datum)0;
  nulls[7] = !has;
  values[8] = pgext_text_or_null(
      r->conflict, r->conflict_len,
      r->outcome == U8GUARD_REGISTRATION_PROTECTED_NAME, &nulls[8]);
  has = r->outcome == U8GUARD_REGISTRATION_REJECTED;
  values[9] = has ? CStringGetTextDatum(u8guard_rule_id(r->rule)) : (Datum)0;
  nulls[9] = !has;
  values[10] = Int64GetDatum((int64)r->offset);
  nulls[10] = !has;
  values[11] = has ? CStringGetTextDatum(r->message) : (Datum)0;
  nulls[11] = !has;
  fill_vocabulary_values(r, values, nulls);
}

/* u8guard_registration(name, profile): (verdict, enforced, key,
 * lookalike_keys, restriction_level, scripts, display, version_tag,
 * protected_name, rule, byte_offset, message, outcome, conflict,
 * code_point, shared_key). */
PG_FUNCTION_INFO_V1(u8guard_pg_registration);
Datum u8guard_pg_registration(PG_FUNCTION_ARGS) {
  const text *name = pgext_bounded_text_arg(fcinfo, 0);
  const u8guard_profile *profile =
      pgext_profile(pgext_bounded_text_arg(fcinfo, 1));
  const u8guard_registry *registry = registry_for(profile);
  u8guard_registration *r = NULL;
  u8guard_error error;
  TupleDesc desc;
  Datum values[kRegistrationColumns];
  bool nulls[kRegistrationColumns];
  HeapTuple tuple;

  if (u8guard_registry_decide(registry, VARDATA_ANY(name),
                              VARSIZE_ANY_EXHDR(name), NULL, NULL, 0, &r,
                              &error) != U8GUARD_OK) {
    pgext_raise(&error);
  }
  /* r is malloc'd by the C API: freed however the rest ends. */
  PG_TRY();
  {
    if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
      elog(ERROR, "u8guard_registration: the result type is not composite");
    desc = BlessTupleDesc(desc);
    fill_values(r, values, nulls);
  }
  PG_FINALLY();
  { u8guard_registration_free(r); }
  PG_END_TRY();
  tuple = heap_form_tuple(desc, values, nulls);
  PG_RETURN_DATUM(HeapTupleGetDatum(tuple));
}
