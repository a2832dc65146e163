/* SPDX-License-Identifier: Apache-2.0 */
/* Strict UTF-8 validation of bytea values. */

/* clang-format off: postgres.h comes first in every PostgreSQL source. */
#include "postgres.h"
/* clang-format on */

#include "access/htup_details.h"
#include "funcapi.h"
#include "integrations/postgresql/src/u8guard_pg.h"
#include "miscadmin.h"
#include "utils/builtins.h"

/* Bytes validated between two checks for a cancel (a few hundred
 * microseconds of work at the slowest kernel). */
#define CHUNK_BYTES ((size_t)1 << 20)

/* Validates data[0, len) into *result with the library's stream validator,
 * a chunk at a time, answering a cancel or statement_timeout between chunks
 * (bytea values reach 1 GB). The validator is freed on every way out, a
 * cancel (an error thrown from CHECK_FOR_INTERRUPTS) included. */
/* Feeds data[0, len) to `stream` CHUNK_BYTES at a time, answering a cancel
 * between chunks, and finishes it: the stream's status. */
static u8guard_status feed_in_chunks(u8guard_utf8_stream *stream,
                                     const char *data, size_t len,
                                     u8guard_utf8_result *result) {
  size_t done = 0;
  u8guard_status status = U8GUARD_OK;
  while (status == U8GUARD_OK && done < len) {
    const size_t n = Min(CHUNK_BYTES, len - done);
    CHECK_FOR_INTERRUPTS();
    status = u8guard_utf8_stream_feed(stream, data + done, n, result);
    done += n;
  }
  if (status == U8GUARD_OK) status = u8guard_utf8_stream_finish(stream, result);
  return status;
}

static void validate_in_chunks(const char *data, size_t len,
                               u8guard_utf8_result *result) {
  /* Not changed inside PG_TRY, so it needs no volatile. */
  u8guard_utf8_stream *stream = NULL;
  if (u8guard_utf8_stream_new(&stream) != U8GUARD_OK)
    ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY),
                    errmsg("u8guard_check_utf8: out of memory")));
  PG_TRY();
  {
    const u8guard_status status = feed_in_chunks(stream, data, len, result);
    if (status != U8GUARD_OK && status != U8GUARD_REJECTED)
      elog(ERROR, "u8guard_check_utf8: %s", u8guard_status_name(status));
  }
  PG_FINALLY();
  { u8guard_utf8_stream_free(stream); }
  PG_END_TRY();
}

PG_FUNCTION_INFO_V1(u8guard_pg_check_utf8);
Datum u8guard_pg_check_utf8(PG_FUNCTION_ARGS) {
  const bytea *bytes = PG_GETARG_BYTEA_PP(0);
  u8guard_utf8_result result;
  TupleDesc desc;
  Datum values[4];
  bool nulls[4] = {false, false, false, false};

  validate_in_chunks(VARDATA_ANY(bytes), VARSIZE_ANY_EXHDR(bytes), &result);
  if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
    elog(ERROR, "u8guard_check_utf8: the result type is not composite");
  desc = BlessTupleDesc(desc);
  values[0] = BoolGetDatum(result.kind == U8GUARD_RULE_NONE);
  values[1] = Int64GetDatum((int64)result.valid_up_to);
  if (result.kind == U8GUARD_RULE_NONE) {
    nulls[2] = true;
    values[2] = (Datum)0;
  } else {
    values[2] = CStringGetTextDatum(u8guard_rule_id(result.kind));
  }
  values[3] = Int32GetDatum(result.error_len);
  PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(desc, values, nulls)));
}
