/* SPDX-License-Identifier: Apache-2.0 */
/* The event trigger that records the versions indexes over u8guard
 * functions are built under (u8guard_index_builds).
 *
 * It fires after every CREATE INDEX, CREATE TABLE, ALTER TABLE and ALTER
 * INDEX, temporary tables included, so it first decides from the statement
 * and the relation cache whether the command can have built an index over
 * an expression (the only kind that can call a u8guard function) or moved
 * an index's storage; most DDL did neither and costs no query. Otherwise it
 * calls the SQL function u8guard_record_ddl(moved) of the extension's schema,
 * which does the recording as the extension's owner (SECURITY DEFINER). */

/* clang-format off: postgres.h comes first in every PostgreSQL source. */
#include "postgres.h"
/* clang-format on */

#include "access/htup_details.h"
#include "access/relation.h"
#include "catalog/namespace.h"
#include "catalog/pg_index.h"
#include "catalog/pg_type.h"
#include "commands/event_trigger.h"
#include "integrations/postgresql/src/u8guard_pg.h"
#include "miscadmin.h"
#include "nodes/parsenodes.h"
#include "nodes/value.h"
#include "parser/parse_func.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"
#include "utils/relcache.h"
#include "utils/syscache.h"

/* What a statement can do to the indexes over u8guard functions. */
typedef struct ddl_effect {
  bool builds; /* build an index over an expression */
  bool moves;  /* give an existing index new storage without rebuilding it */
} ddl_effect;

/* True when `elements` (IndexElem) hold an expression. */
static bool has_expression(const List *elements) {
  const ListCell *cell;
  foreach (cell, elements) {
    const IndexElem *e = lfirst_node(IndexElem, cell);
    if (e->expr != NULL) return true;
  }
  return false;
}

/* True when the relation `rv` names (a table or an index; NULL or gone:
 * false) has an index over an expression or with a predicate: only such an
 * index can call a u8guard function. For CREATE TABLE and ALTER TABLE the
 * statement cannot say (PostgreSQL rewrites it before the event trigger
 * sees it: LIKE ... INCLUDING INDEXES and EXCLUDE constraints are gone from
 * it), and the relation can: a partition, a copy made by LIKE, a column
 * whose type changed, a partition attached to a parent with such an index,
 * all have one after the command. Reads the relation cache only; the
 * command holds the relation's lock. */
static bool has_expression_index(RangeVar *rv) {
  const Oid relid =
      rv == NULL ? InvalidOid : RangeVarGetRelid(rv, NoLock, true);
  Relation rel;
  List *indexes;
  ListCell *cell;
  bool found = false;

  if (!OidIsValid(relid)) return false;
  rel = relation_open(relid, NoLock);
  indexes = rel->rd_rel->relkind == RELKIND_INDEX ||
                    rel->rd_rel->relkind == RELKIND_PARTITIONED_INDEX
                ? list_make1_oid(relid)
                : RelationGetIndexList(rel);
  foreach (cell, indexes) {
    HeapTuple tuple =
        SearchSysCache1(INDEXRELID, ObjectIdGetDatum(lfirst_oid(cell)));
    if (!HeapTupleIsValid(tuple)) continue;
    found = !heap_attisnull(tuple, Anum_pg_index_indexprs, NULL) ||
            !heap_attisnull(tuple, Anum_pg_index_indpred, NULL);
    ReleaseSysCache(tuple);
    if (found) break;
  }
  list_free(indexes);
  relation_close(rel, NoLock);
  return found;
}

/* True when `cmds` (AlterTableCmd) move a relation's storage. */
static bool moves_storage(const List *cmds) {
  const ListCell *cell;
  foreach (cell, cmds) {
    if (lfirst_node(AlterTableCmd, cell)->subtype == AT_SetTableSpace)
      return true;
  }
  return false;
}

static ddl_effect effect_of(const Node *parsetree) {
  ddl_effect effect = {false, false};
  switch (nodeTag(parsetree)) {
    case T_IndexStmt: {
      const IndexStmt *stmt = castNode(IndexStmt, parsetree);
      effect.builds = has_expression(stmt->indexParams) ||
                      has_expression(stmt->indexIncludingParams) ||
                      stmt->whereClause != NULL;
      break;
    }
    case T_CreateStmt:
      effect.builds =
          has_expression_index(castNode(CreateStmt, parsetree)->relation);
      break;
    case T_AlterTableStmt: {
      const AlterTableStmt *stmt = castNode(AlterTableStmt, parsetree);
      /* SET TABLESPACE copies the storage of a table or an index. */
      effect.moves = moves_storage(stmt->cmds);
      effect.builds = has_expression_index(stmt->relation);
      break;
    }
    case T_AlterTableMoveAllStmt:
      /* ALTER INDEX ALL IN TABLESPACE ... */
      effect.moves = true;
      break;
    case T_RenameStmt:
    case T_AlterObjectSchemaStmt:
    case T_AlterOwnerStmt:
    case T_AlterObjectDependsStmt:
    case T_CommentStmt:
      break;
    default:
      /* A statement this filter does not know: let the query decide. */
      effect.builds = true;
      effect.moves = true;
      break;
  }
  return effect;
}

/* The OID of the worker u8guard_record_ddl in the schema of the function
 * being called: u8guard_internal's (boolean, oid) from SQL 0.3 on (the
 * schema only its superuser owner can rename or create objects in), or
 * the extension schema's (boolean) of SQL 0.2, before ALTER EXTENSION
 * u8guard UPDATE. *takes_mover says which. */
static Oid worker_function(FunctionCallInfo fcinfo, bool *takes_mover) {
  const Oid schema = get_func_namespace(fcinfo->flinfo->fn_oid);
  Oid argument_types[2] = {BOOLOID, OIDOID};
  List *name = list_make2(makeString(get_namespace_name(schema)),
                          makeString(pstrdup("u8guard_record_ddl")));
  const Oid worker = LookupFuncName(name, 2, argument_types, true);
  *takes_mover = OidIsValid(worker);
  return *takes_mover ? worker : LookupFuncName(name, 1, argument_types, false);
}

PG_FUNCTION_INFO_V1(u8guard_pg_ddl_end);
Datum u8guard_pg_ddl_end(PG_FUNCTION_ARGS) {
  const EventTriggerData *data;
  ddl_effect effect;

  if (!CALLED_AS_EVENT_TRIGGER(fcinfo)) {
    ereport(ERROR, (errcode(ERRCODE_E_R_I_E_EVENT_TRIGGER_PROTOCOL_VIOLATED),
                    errmsg("u8guard_ddl_end() is an event trigger function")));
  }
  data = (const EventTriggerData *)fcinfo->context;
  effect = effect_of(data->parsetree);
  elog(DEBUG1, "u8guard: %s (node %d) can build an index: %d, move one: %d",
       GetCommandTagName(data->tag), (int)nodeTag(data->parsetree),
       effect.builds, effect.moves);
  if (effect.builds || effect.moves) {
    /* Called through the function manager, not a query: the worker's
     * EXECUTE is revoked from PUBLIC, and SECURITY DEFINER still applies. */
    bool takes_mover;
    const Oid worker = worker_function(fcinfo, &takes_mover);
    if (takes_mover) {
      /* The role running the statement: the worker updates the records of
       * moved indexes it owns only. */
      (void)OidFunctionCall2(worker, BoolGetDatum(effect.moves),
                             ObjectIdGetDatum(GetUserId()));
    } else {
      (void)OidFunctionCall1(worker, BoolGetDatum(effect.moves));
    }
  }
  PG_RETURN_NULL();
}
