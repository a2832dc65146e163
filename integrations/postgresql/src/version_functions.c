/* SPDX-License-Identifier: Apache-2.0 */
/* The versions the functions compute with. */

/* clang-format off: postgres.h comes first in every PostgreSQL source. */
#include "postgres.h"
/* clang-format on */

#include "access/htup_details.h"
#include "funcapi.h"
#include "integrations/postgresql/src/u8guard_pg.h"
#include "utils/builtins.h"

PG_FUNCTION_INFO_V1(u8guard_pg_versions);
Datum u8guard_pg_versions(PG_FUNCTION_ARGS) {
  TupleDesc desc;
  Datum values[3];
  bool nulls[3] = {false, false, false};
  if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
    elog(ERROR, "u8guard_versions: the result type is not composite");
  desc = BlessTupleDesc(desc);
  values[0] = CStringGetTextDatum(u8guard_version());
  values[1] = CStringGetTextDatum(u8guard_icu_version());
  values[2] = CStringGetTextDatum(u8guard_unicode_version());
  PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(desc, values, nulls)));
}
