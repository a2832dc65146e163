// SPDX-License-Identifier: Apache-2.0
// The extension against a role that can create objects in its schema: the
// attack an outside review found in 0.1, replayed. In 0.1 the SECURITY
// DEFINER functions searched the extension's schema (public) before
// pg_catalog, so a database
// owner (who owns public in PostgreSQL 15) or any role with CREATE on public
// (older databases grant it to PUBLIC) could define public.=(oid, oid) and
// have it run as the superuser who created the extension. Here the attacker
// plants such operators and functions, triggers every function of the
// extension that runs SQL (the event trigger through its own DDL, the rest
// as a superuser whose search_path starts with public), and nothing it
// planted may run, with raised rights or at all.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "gtest/gtest.h"
#include "integrations/postgresql/tests/pg_test_support.h"

namespace u8guard {
namespace {

using pgtest::Connection;
using pgtest::Result;
using pgtest::Row;
using pgtest::TestDatabase;

// The functions of the extension that run as their owner. A new one must be
// attacked below before it is added here.
const std::vector<Row>& SecurityDefinerFunctions() {
  static const auto* const kFunctions = new std::vector<Row>{
      {"u8guard_internal.u8guard_record_ddl(boolean,oid)"},
      {"u8guard_internal.u8guard_record_index_build(regclass)"},
  };
  return *kFunctions;
}

// Types whose = and <> the attacker shadows, and the operators' functions.
constexpr const char* kShadowedTypes[] = {
    "oid",  "text", "name",     "regclass",    "regproc",     "int4",
    "int8", "bool", "\"char\"", "timestamptz", "regnamespace"};

// SQL that plants, as the current role, the attacker's log and traps:
// operators = and <> for kShadowedTypes (and oid/regclass mixed), and
// functions named like the catalog's (format, now, pg_partition_tree)
// in public. Each trap logs the role it runs as, whether that role is a
// superuser, and what was called, then tries to make `attacker` a
// superuser, and then does what the catalog's would.
std::string PlantTraps(const std::string& attacker) {
  std::string sql = absl::StrFormat(
      R"sql(
CREATE FUNCTION public.u8g_trap(what text) RETURNS void
  LANGUAGE plpgsql AS $f$
  BEGIN
    INSERT INTO public.u8g_trap_log
      SELECT current_user, r.rolsuper, what
      FROM pg_catalog.pg_roles r WHERE r.rolname = current_user;
    BEGIN
      EXECUTE 'ALTER ROLE %s SUPERUSER';
    EXCEPTION WHEN OTHERS THEN NULL;
    END;
  END $f$;
CREATE FUNCTION public.format(f text, r regclass) RETURNS text
  LANGUAGE plpgsql AS $f$
  BEGIN
    PERFORM public.u8g_trap('format(text, regclass)');
    RETURN pg_catalog.format(f, r);
  END $f$;
CREATE FUNCTION public.now() RETURNS timestamptz
  LANGUAGE plpgsql AS $f$
  BEGIN
    PERFORM public.u8g_trap('now()');
    RETURN pg_catalog.now();
  END $f$;
CREATE FUNCTION public.pg_partition_tree(r regclass)
  RETURNS TABLE (relid regclass, parentrelid regclass, isleaf boolean,
                 level integer)
  LANGUAGE plpgsql AS $f$
  BEGIN
    PERFORM public.u8g_trap('pg_partition_tree(regclass)');
    RETURN QUERY SELECT * FROM pg_catalog.pg_partition_tree(r);
  END $f$;
)sql",
      attacker);
  int n = 0;
  const auto trap_operator = [&](const char* op, const char* left,
                                 const char* right) {
    const std::string function = absl::StrCat("public.u8g_op_", n++);
    absl::StrAppendFormat(&sql, R"sql(
CREATE FUNCTION %1$s(a %3$s, b %4$s) RETURNS boolean
  LANGUAGE plpgsql AS $f$
  BEGIN
    PERFORM public.u8g_trap('%2$s(%3$s, %4$s)');
    RETURN a OPERATOR(pg_catalog.%2$s) b;
  END $f$;
CREATE OPERATOR public.%2$s (LEFTARG = %3$s, RIGHTARG = %4$s,
                             FUNCTION = %1$s);
)sql",
                          function, op, left, right);
  };
  for (const char* type : kShadowedTypes) {
    trap_operator("=", type, type);
    trap_operator("<>", type, type);
  }
  trap_operator("=", "oid", "regclass");
  trap_operator("=", "regclass", "oid");
  return sql;
}

// The roles and log of one attack; dropped with the database's objects.
class Attack {
 public:
  // A new role `attacker` that can create objects in public: as the
  // database's owner, or through CREATE on public granted to PUBLIC.
  enum class Route { kDatabaseOwner, kCreateOnPublic };

  Attack(TestDatabase& db, Route route)
      : db_(db),
        // Roles are the cluster's: one per test (names keep 63 bytes).
        attacker_(absl::StrFormat(
            "u8g_attacker_%08x",
            static_cast<uint32_t>(std::hash<std::string>()(db.name())))) {
    Connection& conn = db_.conn();
    conn.Query(absl::StrFormat(
        "DROP ROLE IF EXISTS %1$s; CREATE ROLE %1$s LOGIN;"
        "CREATE TABLE public.u8g_trap_log (who name, super boolean, "
        "  what text);"
        "GRANT ALL ON public.u8g_trap_log TO PUBLIC",
        attacker_));
    if (route == Route::kDatabaseOwner) {
      // PostgreSQL 15: public belongs to pg_database_owner.
      conn.Query(absl::StrFormat("ALTER DATABASE %s OWNER TO %s", db_.name(),
                                 attacker_));
    } else {
      conn.Query("GRANT CREATE ON SCHEMA public TO PUBLIC");
    }
    BecomeAttacker();
    conn.Query(PlantTraps(attacker_));
    BecomeSuperuser();
  }

  ~Attack() {
    Connection& conn = db_.conn();
    conn.Exec("RESET SESSION AUTHORIZATION");
    conn.Exec(
        absl::StrFormat("ALTER DATABASE %s OWNER TO postgres", db_.name()));
    conn.Exec(absl::StrFormat("DROP OWNED BY %1$s CASCADE; DROP ROLE %1$s",
                              attacker_));
  }

  const std::string& attacker() const { return attacker_; }

  void BecomeAttacker() {
    db_.conn().Query(absl::StrCat("SET SESSION AUTHORIZATION ", attacker_,
                                  "; SET search_path = \"$user\", public"));
  }
  // A superuser with the default search_path, public in it.
  void BecomeSuperuser() {
    db_.conn().Query(
        "RESET SESSION AUTHORIZATION; SET search_path = \"$user\", public");
  }

  // Checks the outcome: the attacker is no superuser and no trap ran.
  void ExpectNothingRan() {
    Connection& conn = db_.conn();
    EXPECT_EQ(
        conn.Query(absl::StrFormat(
            "SELECT rolsuper FROM pg_roles WHERE rolname = '%s'", attacker_)),
        (std::vector<Row>{{"f"}}));
    EXPECT_EQ(conn.Query("SELECT who, super, what FROM public.u8g_trap_log"),
              (std::vector<Row>{}));
  }

 private:
  TestDatabase& db_;
  const std::string attacker_;
};

// Runs, as the attacker, DDL that fires the event trigger on each of its
// paths, and then, as a superuser, every other function that runs SQL.
void ExerciseEveryFunctionThatRunsSql(Attack& attack, Connection& conn) {
  attack.BecomeAttacker();
  conn.Query(
      "CREATE TABLE t (name text);"
      "INSERT INTO t VALUES ('alice'), ('bob');"
      "CREATE INDEX t_key ON t (u8guard_key(name, 'username-case-mapped'));"
      "CREATE TABLE p (tenant int, name text) PARTITION BY LIST (tenant);"
      "CREATE INDEX p_key ON p (u8guard_key(name, 'nickname'));"
      "CREATE TABLE p_1 PARTITION OF p FOR VALUES IN (1);"
      "CREATE TABLE p_2 (tenant int, name text);"
      "ALTER TABLE p ATTACH PARTITION p_2 FOR VALUES IN (2);"
      "ALTER TABLE t ALTER COLUMN name TYPE varchar(40);"
      "ALTER INDEX t_key SET TABLESPACE pg_default;"
      "CREATE TABLE l (LIKE t INCLUDING INDEXES)");
  // t's (rebuilt by ALTER COLUMN TYPE), l's (LIKE), p's and its
  // partitions' (CREATE TABLE ... PARTITION OF, ATTACH PARTITION).
  EXPECT_EQ(conn.Query("SELECT count(*) FROM u8guard_index_builds"),
            (std::vector<Row>{{"5"}}));
  attack.BecomeSuperuser();
  conn.Query(
      "CREATE INDEX t_skeleton ON t "
      "  (u8guard_skeleton(name, 'username-case-mapped'));"
      "SELECT * FROM u8guard_internal.u8guard_dependent_indexes();"
      "SELECT u8guard_internal.u8guard_require_dependent_index('t_key');"
      "UPDATE u8guard_index_builds SET unicode = '14.0';"
      "SELECT * FROM u8guard_stale_indexes();"
      "SELECT u8guard_reindex_stale();"
      "SELECT u8guard_reindex('t_key');"
      "SELECT u8guard_internal.u8guard_record_index_build('t_key')");
  // REINDEX CONCURRENTLY cannot run in the implicit transaction of a
  // multi-statement string.
  conn.Query("REINDEX INDEX CONCURRENTLY t_key");
  conn.Query("SELECT u8guard_record_rebuilt('t_key')");
  EXPECT_EQ(conn.Query("SELECT count(*) FROM u8guard_stale_indexes()"),
            (std::vector<Row>{{"0"}}));
}

TEST(PgSecurity, TheDatabaseOwnerCannotHijackTheExtensionsFunctions) {
  TestDatabase db;
  Attack attack(db, Attack::Route::kDatabaseOwner);
  ExerciseEveryFunctionThatRunsSql(attack, db.conn());
  attack.ExpectNothingRan();
}

TEST(PgSecurity, ARoleWithCreateOnPublicCannotHijackTheExtensionsFunctions) {
  TestDatabase db;
  Attack attack(db, Attack::Route::kCreateOnPublic);
  ExerciseEveryFunctionThatRunsSql(attack, db.conn());
  attack.ExpectNothingRan();
}

// What the attack relies on, checked in the catalog for every function, so
// that a new function cannot bring the hole back: every function in SQL or
// PL/pgSQL pins search_path to pg_catalog, pg_temp, and the SECURITY
// DEFINER ones are the ones attacked above.
TEST(PgSecurity, EveryFunctionThatRunsSqlPinsItsSearchPath) {
  TestDatabase db;
  Connection& conn = db.conn();
  const std::string members =
      "FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass "
      "  AND d.objid = p.oid AND d.deptype = 'e' "
      "JOIN pg_extension x ON x.oid = d.refobjid AND x.extname = 'u8guard' ";
  EXPECT_EQ(conn.Query(absl::StrCat(
                "SELECT p.oid::regprocedure::text, p.proconfig::text ", members,
                "WHERE p.prolang IN (SELECT oid FROM pg_language "
                "                    WHERE lanname IN ('sql', 'plpgsql')) "
                "  AND p.proconfig IS DISTINCT FROM "
                "      ARRAY['search_path=pg_catalog, pg_temp']")),
            (std::vector<Row>{}));
  EXPECT_EQ(conn.Query(absl::StrCat("SELECT p.oid::regprocedure::text ",
                                    members, "WHERE p.prosecdef ORDER BY 1")),
            SecurityDefinerFunctions());
  // Neither may be called by PUBLIC: the event trigger's worker is reached
  // through the function manager only.
  EXPECT_EQ(conn.Query(absl::StrCat(
                "SELECT p.oid::regprocedure::text ", members,
                "WHERE p.prosecdef AND has_function_privilege('public', "
                "  p.oid, 'EXECUTE')")),
            (std::vector<Row>{}));
}

// The attack an outside review found in 0.2: the database owner renames
// public (the
// extension's schema, which it owns) and makes a new public holding a
// u8guard_versions() and a u8guard_index_builds of its own. Up to 0.2 the
// recording functions named "public.u8guard_versions()" in their text and
// ran the attacker's as the superuser. Since 0.3 they name u8guard_internal
// only: nothing planted runs, through the event trigger or the functions a
// superuser calls in the renamed schema, and the records land where they
// belong.
TEST(PgSecurity, RenamingTheExtensionsSchemaHijacksNothing) {
  TestDatabase db;
  Connection& conn = db.conn();
  Attack attack(db, Attack::Route::kDatabaseOwner);
  attack.BecomeAttacker();
  conn.Query(
      R"sql(
ALTER SCHEMA public RENAME TO moved;
CREATE SCHEMA public;
CREATE FUNCTION public.u8guard_versions(OUT library text, OUT icu text,
                                        OUT unicode text)
  LANGUAGE plpgsql AS $f$
  BEGIN
    PERFORM moved.u8g_trap('public.u8guard_versions()');
    library := 'x'; icu := 'x'; unicode := 'x';
  END $f$;
CREATE FUNCTION public.u8guard_dependent_indexes()
  RETURNS TABLE (index_oid oid, table_oid oid, relfilenode oid)
  LANGUAGE plpgsql AS $f$
  BEGIN
    PERFORM moved.u8g_trap('public.u8guard_dependent_indexes()');
  END $f$;
CREATE TABLE public.u8guard_index_builds (index_oid oid PRIMARY KEY,
  relfilenode oid, library text, icu text, unicode text,
  recorded_at timestamptz DEFAULT pg_catalog.now());
CREATE FUNCTION public.u8g_row_trap() RETURNS trigger
  LANGUAGE plpgsql AS $f$
  BEGIN
    PERFORM moved.u8g_trap('a row written to public.u8guard_index_builds');
    RETURN NEW;
  END $f$;
CREATE TRIGGER u8g_row_trap BEFORE INSERT OR UPDATE OR DELETE
  ON public.u8guard_index_builds
  FOR EACH ROW EXECUTE FUNCTION public.u8g_row_trap();
-- The traps (moved.u8g_trap) log into public.u8g_trap_log: this one now.
CREATE TABLE public.u8g_trap_log (who name, super boolean, what text);
GRANT ALL ON public.u8g_trap_log TO PUBLIC;
CREATE TABLE public.t (name text);
INSERT INTO public.t VALUES ('alice');
CREATE INDEX t_key ON public.t (moved.u8guard_key(name, 'nickname'));
ALTER INDEX public.t_key SET TABLESPACE pg_default;
)sql");
  attack.BecomeSuperuser();
  EXPECT_EQ(conn.Query("SELECT index_oid::regclass::text "
                       "FROM u8guard_internal.u8guard_index_builds"),
            (std::vector<Row>{{"t_key"}}));
  EXPECT_EQ(conn.Query("SELECT count(*) FROM public.u8guard_index_builds"),
            (std::vector<Row>{{"0"}}));
  conn.Query(
      "UPDATE u8guard_internal.u8guard_index_builds SET unicode = '14.0';"
      "SELECT * FROM moved.u8guard_stale_indexes();"
      "SELECT moved.u8guard_reindex_stale();"
      "SELECT moved.u8guard_reindex('public.t_key');"
      "CREATE TABLE public.records AS SELECT name, "
      "  moved.u8guard_key(name, 'nickname') AS key, "
      "  moved.u8guard_lookalike_keys(name, 'nickname') AS lookalike_keys "
      "  FROM public.t;"
      "SELECT * FROM moved.u8guard_verify_records('public.records', "
      "  'nickname')");
  EXPECT_EQ(conn.Query("SELECT count(*) FROM moved.u8guard_stale_indexes()"),
            (std::vector<Row>{{"0"}}));
  attack.ExpectNothingRan();
}

// A role with CREATE on the extension's schema plants an overload that
// makes "u8guard_versions()" ambiguous. Up to 0.2 every CREATE INDEX over
// an expression then failed, the superuser's too ("not unique"), and so
// did u8guard_stale_indexes(); u8guard_internal's functions cannot be
// overloaded by anyone else.
TEST(PgSecurity, AnOverloadInTheExtensionsSchemaBreaksNothing) {
  TestDatabase db;
  Connection& conn = db.conn();
  Attack attack(db, Attack::Route::kCreateOnPublic);
  attack.BecomeAttacker();
  conn.Query(
      "CREATE FUNCTION public.u8guard_versions(x int DEFAULT 0, "
      "  OUT library text, OUT icu text, OUT unicode text) "
      "  LANGUAGE plpgsql AS $f$ BEGIN "
      "  PERFORM public.u8g_trap('u8guard_versions(int)'); END $f$;"
      "CREATE FUNCTION public.u8guard_stale_indexes(x int DEFAULT 0) "
      "  RETURNS SETOF regclass LANGUAGE plpgsql AS $f$ BEGIN "
      "  PERFORM public.u8g_trap('u8guard_stale_indexes(int)'); END $f$");
  attack.BecomeSuperuser();
  conn.Query(
      "CREATE TABLE t (name text);"
      "CREATE INDEX t_key ON t (u8guard_key(name, 'nickname'));"
      "UPDATE u8guard_index_builds SET unicode = '14.0';"
      "SELECT u8guard_reindex_stale()");
  EXPECT_EQ(conn.Query("SELECT count(*) FROM u8guard_internal."
                       "u8guard_stale_indexes()"),
            (std::vector<Row>{{"0"}}));
  attack.ExpectNothingRan();
}

// A schema u8guard_internal made before the extension (by a database owner
// who may create schemas) could hold the attacker's objects: CREATE
// EXTENSION stops instead of using it.
TEST(PgSecurity, APrecreatedInternalSchemaStopsTheInstall) {
  TestDatabase db(/*with_extension=*/false);
  Connection& conn = db.conn();
  Attack attack(db, Attack::Route::kDatabaseOwner);
  attack.BecomeAttacker();
  conn.Query("CREATE SCHEMA u8guard_internal");
  attack.BecomeSuperuser();
  EXPECT_EQ(conn.Exec("CREATE EXTENSION u8guard").sqlstate, "42P06");
  EXPECT_EQ(conn.Query("SELECT count(*) FROM pg_extension "
                       "WHERE extname = 'u8guard'"),
            (std::vector<Row>{{"0"}}));
  conn.Query("DROP SCHEMA u8guard_internal");
  attack.ExpectNothingRan();
}

// Up to 0.2 any role's ALTER TABLE own SET TABLESPACE updated the record of
// every index whose storage had changed, so that u8guard_record_rebuilt()
// then refused a superuser's real rebuild of another table's index. Moves
// update the records of the mover's own indexes only.
TEST(PgSecurity, AnotherRolesMoveKeepsARebuildRecordable) {
  TestDatabase db;
  Connection& conn = db.conn();
  Attack attack(db, Attack::Route::kCreateOnPublic);
  conn.Query(
      "CREATE TABLE t (name text); INSERT INTO t VALUES ('alice');"
      "CREATE INDEX t_key ON t (u8guard_key(name, 'nickname'))");
  conn.Query("REINDEX INDEX t_key");  // the same index, new storage
  attack.BecomeAttacker();
  conn.Query(
      "CREATE TABLE mine (name text);"
      "CREATE INDEX mine_key ON mine (u8guard_key(name, 'nickname'));"
      "ALTER TABLE mine SET TABLESPACE pg_default;"
      "ALTER INDEX mine_key SET TABLESPACE pg_default");
  attack.BecomeSuperuser();
  EXPECT_EQ(conn.Query("SELECT u8guard_record_rebuilt('t_key')::text"),
            (std::vector<Row>{{"t_key"}}));
  attack.ExpectNothingRan();
}

// The event trigger's functions are not for calling: not by PUBLIC, and
// outside an event trigger not by a superuser either.
TEST(PgSecurity, TheEventTriggerFunctionsRefuseDirectCalls) {
  TestDatabase db;
  Connection& conn = db.conn();
  EXPECT_EQ(conn.Exec("SELECT u8guard_internal.u8guard_ddl_end()").sqlstate,
            "39P03");
  EXPECT_EQ(conn.Exec("SELECT u8guard_internal.u8guard_record_ddl(true, 10)")
                .sqlstate,
            "39P03");
  Attack attack(db, Attack::Route::kCreateOnPublic);
  attack.BecomeAttacker();
  EXPECT_EQ(conn.Exec("SELECT u8guard_internal.u8guard_record_ddl(false, 10)")
                .sqlstate,
            "42501");
  attack.BecomeSuperuser();
  attack.ExpectNothingRan();
}

// An index whose expression calls the attacker's own function, rebuilt by
// a superuser through u8guard_reindex_stale(): PostgreSQL runs index
// expressions as the table's owner, so the function runs without raised
// rights.
TEST(PgSecurity, RebuildingAnAttackersIndexRunsItsFunctionsAsTheAttacker) {
  TestDatabase db;
  Connection& conn = db.conn();
  Attack attack(db, Attack::Route::kCreateOnPublic);
  attack.BecomeAttacker();
  conn.Query(
      "CREATE FUNCTION public.u8g_evil(s text) RETURNS text "
      "  LANGUAGE plpgsql IMMUTABLE AS $f$ "
      "  BEGIN PERFORM public.u8g_trap('index expression'); RETURN s; END "
      "  $f$;"
      "CREATE TABLE t (name text); INSERT INTO t VALUES ('alice');"
      "CREATE INDEX t_evil ON t (u8guard_key(public.u8g_evil(name), "
      "  'nickname'))");
  attack.BecomeSuperuser();
  conn.Query(
      "UPDATE u8guard_index_builds SET unicode = '14.0';"
      "SELECT u8guard_reindex_stale()");
  EXPECT_EQ(conn.Query(absl::StrFormat(
                "SELECT DISTINCT who::text, super FROM public.u8g_trap_log")),
            (std::vector<Row>{{attack.attacker(), "f"}}));
  EXPECT_EQ(conn.Query(absl::StrFormat(
                "SELECT rolsuper FROM pg_roles WHERE rolname = '%s'",
                attack.attacker())),
            (std::vector<Row>{{"f"}}));
}

}  // namespace
}  // namespace u8guard
