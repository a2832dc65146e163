/* SPDX-License-Identifier: Apache-2.0 */
/* Comparison keys, enforced forms, equivalence, skeletons and rejections of
 * names under a built-in profile. */

/* clang-format off: postgres.h comes first in every PostgreSQL source. */
#include "postgres.h"
/* clang-format on */

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "integrations/postgresql/src/u8guard_pg.h"
#include "utils/array.h"
#include "utils/builtins.h"

/* The first buffer for a result: most keys are no longer than their name. */
static size_t first_guess(size_t input_len) { return input_len + 16; }

/* Fills *in from the name and profile arguments (0 and 1). */
static void read_arguments(FunctionCallInfo fcinfo, pgext_profile_input *in) {
  const text *name = pgext_bounded_text_arg(fcinfo, 0);
  in->profile = pgext_profile(pgext_bounded_text_arg(fcinfo, 1));
  in->data = VARDATA_ANY(name);
  in->len = VARSIZE_ANY_EXHDR(name);
}

/* The text `write` makes of the arguments. A rejection returns SQL NULL
 * when `null_when_rejected`, and raises u8guard's error otherwise, as every
 * other failure does. */
static Datum text_result(FunctionCallInfo fcinfo, pgext_writer write,
                         bool null_when_rejected) {
  pgext_profile_input in;
  u8guard_error error;
  text *result;
  read_arguments(fcinfo, &in);
  result = pgext_write_text(write, &in, first_guess(in.len), &error);
  if (result != NULL) PG_RETURN_TEXT_P(result);
  if (null_when_rejected && error.status == U8GUARD_REJECTED) PG_RETURN_NULL();
  pgext_raise(&error);
}

PG_FUNCTION_INFO_V1(u8guard_pg_key);
Datum u8guard_pg_key(PG_FUNCTION_ARGS) {
  return text_result(fcinfo, pgext_write_key, false);
}

PG_FUNCTION_INFO_V1(u8guard_pg_try_key);
Datum u8guard_pg_try_key(PG_FUNCTION_ARGS) {
  return text_result(fcinfo, pgext_write_key, true);
}

PG_FUNCTION_INFO_V1(u8guard_pg_enforce);
Datum u8guard_pg_enforce(PG_FUNCTION_ARGS) {
  return text_result(fcinfo, pgext_write_enforced, false);
}

PG_FUNCTION_INFO_V1(u8guard_pg_skeleton);
Datum u8guard_pg_skeleton(PG_FUNCTION_ARGS) {
  return text_result(fcinfo, pgext_write_skeleton, false);
}

/* The context of write_bidi_skeleton: the name and profile, and the order
 * (a U8GUARD_SKELETON_ORDER_*). */
typedef struct bidi_input {
  pgext_profile_input in;
  int order;
} bidi_input;

static u8guard_status write_bidi_skeleton(const void *context, char *out,
                                          size_t out_capacity, size_t *out_len,
                                          u8guard_error *error) {
  const bidi_input *b = context;
  return u8guard_bidi_skeleton(b->in.profile, b->order, b->in.data, b->in.len,
                               out, out_capacity, out_len, error);
}

PG_FUNCTION_INFO_V1(u8guard_pg_bidi_skeleton);
Datum u8guard_pg_bidi_skeleton(PG_FUNCTION_ARGS) {
  bidi_input b;
  u8guard_error error;
  text *result;
  read_arguments(fcinfo, &b.in);
  if (u8guard_skeleton_order_from_name(
          text_to_cstring(pgext_bounded_text_arg(fcinfo, 2)), &b.order,
          &error) != U8GUARD_OK) {
    pgext_raise(&error);
  }
  result =
      pgext_write_text(write_bidi_skeleton, &b, first_guess(b.in.len), &error);
  if (result == NULL) pgext_raise(&error);
  PG_RETURN_TEXT_P(result);
}

PG_FUNCTION_INFO_V1(u8guard_pg_equivalent);
Datum u8guard_pg_equivalent(PG_FUNCTION_ARGS) {
  const text *a = pgext_bounded_text_arg(fcinfo, 0);
  const text *b = pgext_bounded_text_arg(fcinfo, 1);
  const u8guard_profile *profile =
      pgext_profile(pgext_bounded_text_arg(fcinfo, 2));
  PG_RETURN_BOOL(u8guard_equivalent(profile, VARDATA_ANY(a),
                                    VARSIZE_ANY_EXHDR(a), VARDATA_ANY(b),
                                    VARSIZE_ANY_EXHDR(b)) == 1);
}

/* The context of write_lookalike_skeletons: the profile writer's, and where
 * the skeletons' count and lengths go. */
typedef struct lookalike_output {
  pgext_profile_input in;
  u8guard_skeleton_lengths lengths;
} lookalike_output;

static u8guard_status write_lookalike_skeletons(const void *context, char *out,
                                                size_t out_capacity,
                                                size_t *out_len,
                                                u8guard_error *error) {
  /* pgext_writer passes a const context: the lengths are its output. */
  lookalike_output *o = (lookalike_output *)context;
  return u8guard_lookalike_skeletons(o->in.profile, o->in.data, o->in.len, out,
                                     out_capacity, out_len, &o->lengths, error);
}

/* u8guard_lookalike_keys(name, profile): the look-alike skeletons as text[]. */
PG_FUNCTION_INFO_V1(u8guard_pg_lookalike_keys);
Datum u8guard_pg_lookalike_keys(PG_FUNCTION_ARGS) {
  lookalike_output o;
  u8guard_error error;
  text *all;
  Datum elements[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  size_t i, at = 0;

  read_arguments(fcinfo, &o.in);
  all = pgext_write_text(write_lookalike_skeletons, &o,
                         first_guess(o.in.len) * 2, &error);
  if (all == NULL) pgext_raise(&error);
  for (i = 0; i < o.lengths.count; ++i) {
    elements[i] = PointerGetDatum(
        cstring_to_text_with_len(VARDATA(all) + at, (int)o.lengths.length[i]));
    at += o.lengths.length[i];
  }
  PG_RETURN_ARRAYTYPE_P(construct_array(elements, (int)o.lengths.count, TEXTOID,
                                        -1, false, TYPALIGN_INT));
}

PG_FUNCTION_INFO_V1(u8guard_pg_rejection);
Datum u8guard_pg_rejection(PG_FUNCTION_ARGS) {
  pgext_profile_input in;
  u8guard_error error;
  size_t len = 0;
  u8guard_status status;
  TupleDesc desc;
  Datum values[4];
  bool nulls[4] = {false, false, false, false};

  read_arguments(fcinfo, &in);
  /* Pre-flighting: the key's length alone, or why there is none. */
  status =
      u8guard_canonicalize(in.profile, in.data, in.len, NULL, 0, &len, &error);
  if (status == U8GUARD_OK || status == U8GUARD_BUFFER_TOO_SMALL)
    PG_RETURN_NULL();
  if (status != U8GUARD_REJECTED) pgext_raise(&error);
  if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
    elog(ERROR, "u8guard_rejection: the result type is not composite");
  desc = BlessTupleDesc(desc);
  values[0] = Int64GetDatum((int64)error.offset);
  values[1] = Int32GetDatum(error.code_point);
  nulls[1] = error.code_point < 0;
  values[2] = CStringGetTextDatum(u8guard_rule_id(error.rule));
  values[3] = CStringGetTextDatum(error.message);
  PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(desc, values, nulls)));
}

PG_FUNCTION_INFO_V1(u8guard_pg_profiles);
Datum u8guard_pg_profiles(PG_FUNCTION_ARGS) {
  FuncCallContext *call;
  if (SRF_IS_FIRSTCALL()) {
    call = SRF_FIRSTCALL_INIT();
    call->max_calls = u8guard_builtin_profile_count();
  }
  call = SRF_PERCALL_SETUP();
  if (call->call_cntr < call->max_calls) {
    /* Before SRF_RETURN_NEXT, which advances call_cntr first. */
    const Datum name =
        CStringGetTextDatum(u8guard_builtin_profile_name(call->call_cntr));
    SRF_RETURN_NEXT(call, name);
  }
  SRF_RETURN_DONE(call);
}
