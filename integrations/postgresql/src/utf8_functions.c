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

/* Validates data[0, len) into *result a chunk at a time, answering a cancel
 * or statement_timeout between chunks (bytea values reach 1 GB). A chunk
 * that ends inside a sequence is cut before it, and the next one starts
 * there. */
static void validate_in_chunks(const char *data, size_t len,
                               u8guard_utf8_result *result) {
  size_t done = 0;
  for (;;) {
    const size_t n = Min(CHUNK_BYTES, len - done);
    CHECK_FOR_INTERRUPTS();
    if (u8guard_utf8_validate(data + done, n, result) ==
        U8GUARD_INVALID_ARGUMENT) {
      elog(ERROR, "u8guard_check_utf8: invalid argument");
    }
    if (result->kind == U8GUARD_RULE_UTF8_TRUNCATED && done + n < len) {
      /* At least 1 MiB - 3 bytes were valid: progress. */
      done += result->valid_up_to;
      continue;
    }
    result->valid_up_to += done;
    if (result->kind != U8GUARD_RULE_NONE || done + n == len) return;
    done += n;
  }
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
