// SPDX-License-Identifier: Apache-2.0
// The extension's scripts against a role that can create objects in the
// schema they run in. CREATE and ALTER EXTENSION run a script with the
// extension's schema (public, or the one named by SCHEMA) on its
// search_path, as the superuser who runs them; PostgreSQL prefers an exact
// match there to pg_catalog's operator or function that needs a cast. The
// last statement of u8guard--0.2--0.3.sql compared `p.oid =
// pg_catalog.to_regprocedure(...)` unqualified, so a planted
// =(oid, regprocedure) ran as that superuser.
//
// Here the attacker (the database's owner, or a role granted CREATE on
// public and on the extension's schema) plants, in public and in the
// extension's schema, an exact-match overload for every plausible pair of
// argument types of every operator, and for every function, aggregate and
// cast the scripts name (the names come from the scripts themselves,
// through the lint's parser: tests/lint/pg_search_path.py --list-names;
// the functions' result types from the catalog). Each trap logs that it ran
// and makes the attacker a superuser. Then a superuser installs every
// version and takes every update path, and each step either runs no trap
// and leaves the attacker as it was (every path that ends at 0.4, through
// the scripts PostgreSQL picks), or, for the old script of 0.3, must run
// one: the test would pass vacuously otherwise.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "integrations/postgresql/tests/pg_test_support.h"

namespace u8guard {
namespace {

using pgtest::Connection;
using pgtest::Result;
using pgtest::Row;
using pgtest::TestDatabase;

// The operators, functions (with the numbers of arguments they are called
// with) and types that the scripts name, pinned or not, as the lint's
// parser reads them.
struct ScriptNames {
  std::vector<std::string> operators;
  std::map<std::string, std::set<int>> functions;
  std::vector<std::string> types;
};

ScriptNames NamesTheScriptsUse() {
  ScriptNames names;
  const std::string command =
      absl::StrCat(U8GUARD_PYTHON3, " ", U8GUARD_PG_SCRIPT_LINT,
                   " --list-names ", U8GUARD_PG_SQL_DIR);
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) {
    ADD_FAILURE() << command << ": cannot run";
    return names;
  }
  std::string out;
  char buffer[4096];
  size_t got;
  while ((got = fread(buffer, 1, sizeof buffer, pipe)) > 0) {
    out.append(buffer, got);
  }
  EXPECT_EQ(pclose(pipe), 0) << command;
  for (absl::string_view line : absl::StrSplit(out, '\n', absl::SkipEmpty())) {
    std::vector<std::string> words = absl::StrSplit(line, ' ');
    if (words[0] == "operator" && words.size() == 2) {
      names.operators.push_back(words[1]);
    } else if (words[0] == "function" && words.size() >= 3) {
      for (size_t i = 2; i < words.size(); ++i) {
        names.functions[words[1]].insert(std::stoi(words[i]));
      }
    } else if (words[0] == "type" && words.size() == 2) {
      names.types.push_back(words[1]);
    } else {
      ADD_FAILURE() << command << ": " << line;
    }
  }
  return names;
}

// Argument types a script's expression may have where an overload of the
// attacker's is an exact match and pg_catalog's needs a cast.
constexpr const char* kOperandTypes[] = {
    "oid",     "regprocedure", "regproc",   "regclass", "regtype",
    "regrole", "regnamespace", "text",      "name",     "\"char\"",
    "int2",    "int4",         "int8",      "bool",     "timestamptz",
    "text[]",  "aclitem",      "aclitem[]", "bytea",    "varchar"};
// The same for function arguments (fewer: pairs of them are planted for
// every function of two arguments).
constexpr const char* kArgumentTypes[] = {
    "oid",  "regprocedure", "regclass", "regrole", "regnamespace",
    "text", "name",         "\"char\"", "int4",    "int8",
    "bool", "text[]",       "aclitem[]"};

// SQL that plants the traps in the schema named by the placeholder SCHEMA,
// as the attacker: built once from the scripts' names and, for each
// function, the result type of the catalog's (or the extension's)
// function of that name and number of arguments, looked up in `probe` (a
// database with the extension installed).
std::string TrapSql(Connection& probe, const ScriptNames& names) {
  // The catalog's spelling of each type, to leave out the signatures of
  // the extension's own functions (planted in its schema before CREATE
  // EXTENSION, they would stop it: no escalation, but no test either).
  std::map<std::string, std::string> canonical;
  std::vector<std::string> operand_types(std::begin(kOperandTypes),
                                         std::end(kOperandTypes));
  std::vector<std::string> argument_types(std::begin(kArgumentTypes),
                                          std::end(kArgumentTypes));
  const auto spelling = [&probe](const std::string& type) {
    return *probe.Query(
        "SELECT pg_catalog.format_type(pg_catalog.to_regtype($1), NULL)",
        {type})[0][0];
  };
  for (const std::string& type : operand_types) {
    canonical[type] = spelling(type);
  }
  for (const std::string& type : names.types) {
    // A type the scripts cast to, if arguments may have it (not record),
    // and unless it is there already.
    const std::vector<Row> kind = probe.Query(
        "SELECT t.typtype::text FROM pg_catalog.pg_type t "
        "WHERE t.oid OPERATOR(pg_catalog.=) pg_catalog.to_regtype($1)",
        {type});
    if (kind.empty() || kind[0][0] == "p") continue;
    const std::string spelled = spelling(type);
    bool known = false;
    for (const auto& [name, canonical_name] : canonical) {
      known = known || canonical_name == spelled;
    }
    if (known) continue;
    canonical[type] = spelled;
    operand_types.push_back(type);
    argument_types.push_back(type);
  }
  std::set<std::string> own;  // "name(type, type)" of the extension's
  for (const Row& row : probe.Query(
           "SELECT p.proname::text, pg_catalog.oidvectortypes(p.proargtypes) "
           "FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_depend d "
           "  ON d.objid OPERATOR(pg_catalog.=) p.oid "
           " AND d.deptype OPERATOR(pg_catalog.=) 'e' "
           " AND d.refobjid OPERATOR(pg_catalog.=) (SELECT x.oid FROM "
           "   pg_catalog.pg_extension x WHERE x.extname "
           "   OPERATOR(pg_catalog.=) 'u8guard')")) {
    own.insert(absl::StrCat(*row[0], "(", *row[1], ")"));
  }

  std::string sql;
  int n = 0;
  // Operators: every pair of operand types, for every operator the
  // scripts name. Each computes what pg_catalog's would (when there is
  // one), so that a script that runs it goes on as before.
  for (const std::string& op : names.operators) {
    for (const std::string& left : operand_types) {
      for (const std::string& right : operand_types) {
        const std::string function = absl::StrCat("SCHEMA.u8g_op_", n++);
        absl::StrAppendFormat(&sql, R"sql(
CREATE FUNCTION %1$s(a %3$s, b %4$s) RETURNS boolean
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $f$
  DECLARE r boolean;
  BEGIN
    PERFORM public.u8g_trap('SCHEMA.%2$s(%3$s, %4$s)');
    BEGIN
      EXECUTE 'SELECT $1 OPERATOR(pg_catalog.%2$s) $2' INTO r USING a, b;
    EXCEPTION WHEN OTHERS THEN r := NULL;
    END;
    RETURN r;
  END $f$;
CREATE OPERATOR SCHEMA.%2$s (LEFTARG = %3$s, RIGHTARG = %4$s,
                             FUNCTION = %1$s);
)sql",
                              function, op, left, right);
      }
    }
  }
  // Functions: for each name and number of arguments the scripts call it
  // with, every type (one argument), every pair (two), or every type in
  // each place with text in the others (more); with the result of the
  // catalog's function of that name and number of arguments. Functions
  // named like the types the scripts cast to too (regclass(x)).
  std::map<std::string, std::set<int>> functions = names.functions;
  for (const std::string& type : names.types) functions[type].insert(1);
  for (const auto& [name, arities] : functions) {
    const std::vector<Row> templates = probe.Query(
        R"sql(
SELECT p.pronargs::text, p.prokind::text, p.proretset::text,
       pg_catalog.pg_get_function_result(p.oid),
       (SELECT pg_catalog.string_agg(pg_catalog.format('OUT %I %s', a.n,
                 pg_catalog.format_type(a.t, NULL)), ', ' ORDER BY a.o)
        FROM ROWS FROM (pg_catalog.unnest(p.proallargtypes),
                        pg_catalog.unnest(p.proargmodes::text[]),
                        pg_catalog.unnest(p.proargnames))
             WITH ORDINALITY a(t, m, n, o)
        WHERE a.m OPERATOR(pg_catalog.=) 'o'),
       (p.provariadic OPERATOR(pg_catalog.<>) 0)::text,
       ((t.typtype OPERATOR(pg_catalog.=) 'p' AND t.typname
          OPERATOR(pg_catalog.<>) ALL ('{void,record}')) OR EXISTS (
         SELECT FROM pg_catalog.pg_type u
         WHERE (u.oid OPERATOR(pg_catalog.=) p.prorettype
                OR u.oid OPERATOR(pg_catalog.=) ANY (p.proallargtypes))
           AND (u.typnamespace OPERATOR(pg_catalog.<>)
                  'pg_catalog'::pg_catalog.regnamespace
                OR (u.typtype OPERATOR(pg_catalog.=) 'p' AND u.typname
                    OPERATOR(pg_catalog.<>) ALL ('{void,record}')))))::text
FROM pg_catalog.pg_proc p
JOIN pg_catalog.pg_type t ON t.oid OPERATOR(pg_catalog.=) p.prorettype
WHERE p.proname OPERATOR(pg_catalog.=) $1
ORDER BY p.pronamespace OPERATOR(pg_catalog.<>)
           'pg_catalog'::pg_catalog.regnamespace, p.pronargs, p.oid
)sql",
        {name});
    bool aggregate = false;
    for (const Row& t : templates) aggregate = aggregate || *t[1] == "a";
    for (const int arity : arities) {
      if (aggregate) {
        if (arity != 1) continue;
        for (const std::string& type : argument_types) {
          const std::string function = absl::StrCat("SCHEMA.u8g_agg_", n++);
          absl::StrAppendFormat(&sql, R"sql(
CREATE FUNCTION %1$s(s %3$s, v %3$s) RETURNS %3$s
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $f$
  BEGIN
    PERFORM public.u8g_trap('SCHEMA.%2$s(%3$s)');
    RETURN v;
  END $f$;
CREATE AGGREGATE SCHEMA.%2$s(%3$s) (SFUNC = %1$s, STYPE = %3$s);
)sql",
                                function, name, type);
        }
        continue;
      }
      const Row* model = nullptr;
      for (const Row& t : templates) {
        const int nargs = std::stoi(*t[0]);
        if (*t[1] != "f") continue;
        if (nargs == arity || (*t[5] == "true" && nargs <= arity)) {
          model = &t;
          break;
        }
      }
      std::string result = "text", outs, ret = "RETURN NULL;";
      if (model != nullptr && (*model)[6] == "false" &&
          (*model)[3]->find("trigger") == std::string::npos) {
        result = *(*model)[3];
        if ((*model)[4].has_value()) outs = ", " + *(*model)[4];
        if (*(*model)[2] == "true" || !outs.empty() || result == "void" ||
            absl::StartsWith(result, "TABLE")) {
          ret = "RETURN;";
        }
      }
      std::vector<std::vector<std::string>> signatures;
      if (arity == 0) {
        signatures.push_back({});
      } else if (arity == 1) {
        for (const std::string& a : argument_types) signatures.push_back({a});
      } else if (arity == 2) {
        for (const std::string& a : argument_types) {
          for (const std::string& b : argument_types) {
            signatures.push_back({a, b});
          }
        }
      } else {
        signatures.push_back(std::vector<std::string>(arity, "text"));
        for (int place = 0; place < arity; ++place) {
          for (const std::string& a : argument_types) {
            if (a == "text") continue;
            std::vector<std::string> s(arity, "text");
            s[place] = a;
            signatures.push_back(s);
          }
        }
      }
      for (const std::vector<std::string>& s : signatures) {
        std::vector<std::string> spelled;
        std::vector<std::string> declared;
        for (const std::string& type : s) {
          spelled.push_back(canonical.count(type) ? canonical[type] : type);
          declared.push_back(absl::StrCat("a", declared.size(), " ", type));
        }
        if (own.count(
                absl::StrCat(name, "(", absl::StrJoin(spelled, ", "), ")"))) {
          continue;
        }
        absl::StrAppendFormat(
            &sql, R"sql(
CREATE FUNCTION SCHEMA.%1$s(%2$s%3$s) RETURNS %4$s
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $f$
  BEGIN
    PERFORM public.u8g_trap('SCHEMA.%1$s(%5$s)');
    %6$s
  END $f$;
)sql",
            name, absl::StrJoin(declared, ", "),
            declared.empty() && !outs.empty() ? outs.substr(2) : outs, result,
            absl::StrJoin(s, ", "), ret);
      }
    }
  }
  return sql;
}

// Who plants the traps.
enum class Route {
  kDatabaseOwner,   // owns public (PostgreSQL 15: pg_database_owner)
  kCreateOnPublic,  // a role granted CREATE on public
};

struct Setting {
  Route route;
  bool own_schema;  // the extension in a schema of its own (CREATE on it
                    // granted to the attacker), else in public
};

// One installation or update ({schema}: " SCHEMA u8g_ext" or ""), and
// whether a trap must run in it.
struct Step {
  std::string sql;
  bool runs_a_trap;
};

// A way to a version: the version installed before the traps are planted
// (none: the traps come first), the steps, and the version at the end.
struct Path {
  const char* name;
  const char* installed_first;
  std::vector<Step> steps;
  const char* version;
};

const std::vector<Path>& Paths() {
  const auto create = [](const char* version) {
    return absl::StrCat("CREATE EXTENSION u8guard{schema} VERSION '", version,
                        "'");
  };
  const auto update = [](const char* version) {
    return absl::StrCat("ALTER EXTENSION u8guard UPDATE TO '", version, "'");
  };
  const std::string update_default = "ALTER EXTENSION u8guard UPDATE";
  static const auto* const kPaths = new std::vector<Path>{
      // CREATE EXTENSION at every version. 0.3 has no install script of
      // its own: PostgreSQL runs 0.1's, 0.1 -> 0.2 and 0.2 -> 0.3, and
      // the trap runs. 0.4 runs u8guard--0.4.sql, 0.5 and the default
      // u8guard--0.5.sql.
      {"Create01", nullptr, {{create("0.1"), false}}, "0.1"},
      {"Create02", nullptr, {{create("0.2"), false}}, "0.2"},
      {"Create03", nullptr, {{create("0.3"), true}}, "0.3"},
      {"Create04", nullptr, {{create("0.4"), false}}, "0.4"},
      {"Create05", nullptr, {{create("0.5"), false}}, "0.5"},
      {"CreateDefault",
       nullptr,
       {{"CREATE EXTENSION u8guard{schema}", false}},
       "0.5"},
      // Updates of a database that installed a release before the traps
      // were planted: the old 0.2 -> 0.3 runs the trap, and no path to 0.4
      // or 0.5 takes it (0.1 -> 0.2 -> 0.4, 0.2 -> 0.4, 0.3 -> 0.4, then
      // 0.4 -> 0.5).
      {"From01StepByStep",
       "0.1",
       {{update("0.2"), false}, {update("0.3"), true}, {update("0.4"), false}},
       "0.4"},
      {"From01To04", "0.1", {{update("0.4"), false}}, "0.4"},
      {"From01Default", "0.1", {{update_default, false}}, "0.5"},
      {"From02To03", "0.2", {{update("0.3"), true}}, "0.3"},
      {"From02To04", "0.2", {{update("0.4"), false}}, "0.4"},
      {"From02Default", "0.2", {{update_default, false}}, "0.5"},
      {"From03To04", "0.3", {{update("0.4"), false}}, "0.4"},
      {"From03Default", "0.3", {{update_default, false}}, "0.5"},
      {"From04To05", "0.4", {{update("0.5"), false}}, "0.5"},
  };
  return *kPaths;
}

// Drops the test's role when it goes out of scope, after the databases
// that hold its objects (declare it before them).
class RoleGuard {
 public:
  explicit RoleGuard(std::string name) : name_(std::move(name)) {}
  ~RoleGuard() {
    Connection admin("postgres");
    if (admin.ok()) admin.Exec("DROP ROLE IF EXISTS " + name_);
  }
  RoleGuard(const RoleGuard&) = delete;
  RoleGuard& operator=(const RoleGuard&) = delete;
  const std::string& name() const { return name_; }

 private:
  std::string name_;
};

void PrintTo(const Setting& setting, std::ostream* os) {
  *os << (setting.route == Route::kDatabaseOwner ? "the database's owner"
                                                 : "a role with CREATE")
      << (setting.own_schema ? ", extension in u8g_ext" : ", in public");
}

void PrintTo(const Path& path, std::ostream* os) { *os << path.name; }

class PgScriptSecurity
    : public ::testing::TestWithParam<std::tuple<Setting, Path>> {};

TEST_P(PgScriptSecurity, OnlyTheOldScriptOf03RunsATrap) {
  const auto& [setting, path] = GetParam();
  const std::string schema_clause = setting.own_schema ? " SCHEMA u8g_ext" : "";
  const ScriptNames names = NamesTheScriptsUse();
  // Not a vacuous plant: what the finding of 0.3 used is among them.
  ASSERT_NE(std::find(names.operators.begin(), names.operators.end(), "="),
            names.operators.end());
  ASSERT_TRUE(names.functions.count("to_regprocedure"));
  std::string traps;
  {
    TestDatabase probe(/*with_extension=*/true, "UTF8", "_probe");
    traps = TrapSql(probe.conn(), names);
  }

  // Roles are the cluster's: one per test (names keep 63 bytes).
  const ::testing::TestInfo* info =
      ::testing::UnitTest::GetInstance()->current_test_info();
  const RoleGuard role(absl::StrFormat(
      "u8g_planter_%08x",
      static_cast<uint32_t>(std::hash<std::string>()(
          absl::StrCat(info->name(), "/", info->test_suite_name())))));
  const std::string& attacker = role.name();
  TestDatabase db(/*with_extension=*/false);
  Connection& conn = db.conn();
  conn.Query(
      absl::StrFormat("DROP ROLE IF EXISTS %1$s; CREATE ROLE %1$s;"
                      "CREATE TABLE public.u8g_trap_log (what text, who name, "
                      "  super boolean);"
                      "GRANT ALL ON public.u8g_trap_log TO PUBLIC",
                      attacker));
  if (setting.route == Route::kDatabaseOwner) {
    conn.Query(
        absl::StrFormat("ALTER DATABASE %s OWNER TO %s", db.name(), attacker));
  } else {
    conn.Query(absl::StrCat("GRANT CREATE ON SCHEMA public TO ", attacker));
  }
  std::vector<std::string> schemas = {"public"};
  if (setting.own_schema) {
    conn.Query(
        absl::StrCat("CREATE SCHEMA u8g_ext;"
                     "GRANT CREATE, USAGE ON SCHEMA u8g_ext TO ",
                     attacker));
    schemas.push_back("u8g_ext");
  }
  if (path.installed_first != nullptr) {
    conn.Query(absl::StrFormat("CREATE EXTENSION u8guard%s VERSION '%s'",
                               schema_clause, path.installed_first));
  }

  // The attacker plants.
  conn.Query(absl::StrCat("SET SESSION AUTHORIZATION ", attacker,
                          "; SET search_path = pg_catalog, pg_temp"));
  conn.Query(absl::StrFormat(R"sql(
CREATE FUNCTION public.u8g_trap(what text) RETURNS void
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $f$
  BEGIN
    -- Once per trap and role (a join may call one for every row).
    IF EXISTS (SELECT FROM public.u8g_trap_log l
               WHERE l.what OPERATOR(pg_catalog.=) u8g_trap.what
                 AND l.who OPERATOR(pg_catalog.=) current_user) THEN
      RETURN;
    END IF;
    INSERT INTO public.u8g_trap_log
      SELECT what, current_user, r.rolsuper FROM pg_catalog.pg_roles r
      WHERE r.rolname OPERATOR(pg_catalog.=) current_user;
    BEGIN
      EXECUTE 'ALTER ROLE %s SUPERUSER';
    EXCEPTION WHEN OTHERS THEN NULL;
    END;
  END $f$;
)sql",
                             attacker));
  for (const std::string& schema : schemas) {
    const Result planted =
        conn.Exec(absl::StrReplaceAll(traps, {{"SCHEMA", schema}}));
    ASSERT_TRUE(planted.ok)
        << "planting in " << schema << ": " << planted.Describe();
  }
  // A superuser with the default search_path (public first, where the
  // extension goes). What the test asks below names pg_catalog's operators.
  conn.Query("RESET SESSION AUTHORIZATION; RESET search_path");
  EXPECT_EQ(conn.Query(absl::StrFormat(
                "SELECT pg_catalog.count(*) OPERATOR(pg_catalog.>) 1000 "
                "FROM pg_catalog.pg_operator "
                "WHERE oprowner OPERATOR(pg_catalog.=) '%s'::regrole",
                attacker)),
            (std::vector<Row>{{"t"}}));

  const std::string is_superuser = absl::StrFormat(
      "SELECT rolsuper FROM pg_catalog.pg_roles "
      "WHERE rolname OPERATOR(pg_catalog.=) '%s'",
      attacker);
  // The rights of the attacker and of the roles initdb made, and the roles
  // they are members of (other tests make and drop roles meanwhile).
  const std::string roles = absl::StrFormat(
      "SELECT r.rolname::text, pg_catalog.concat_ws(' ', r.rolsuper, "
      "  r.rolinherit, r.rolcreaterole, r.rolcreatedb, r.rolcanlogin, "
      "  r.rolreplication, r.rolbypassrls, r.rolconfig::text, "
      "  (SELECT pg_catalog.string_agg(m.roleid::regrole::text, ',' "
      "     ORDER BY 1) FROM pg_catalog.pg_auth_members m "
      "   WHERE m.member OPERATOR(pg_catalog.=) r.oid)) "
      "FROM pg_catalog.pg_roles r "
      "WHERE r.oid OPERATOR(pg_catalog.<) 16384 "
      "   OR r.rolname OPERATOR(pg_catalog.=) '%s' ORDER BY 1",
      attacker);
  for (const Step& step : path.steps) {
    const std::vector<Row> roles_before = conn.Query(roles);
    const std::string sql =
        absl::StrReplaceAll(step.sql, {{"{schema}", schema_clause}});
    SCOPED_TRACE(sql);
    const Result ran = conn.Exec(sql);
    ASSERT_TRUE(ran.ok) << ran.Describe();
    const std::vector<Row> log = conn.Query(
        "SELECT what, who, super FROM public.u8g_trap_log ORDER BY 1");
    if (step.runs_a_trap) {
      // The finding of 0.3, replayed: the planted =(oid, regprocedure) ran
      // as the superuser running the script, and made the attacker one.
      const std::string trap = absl::StrCat(
          setting.own_schema ? "u8g_ext" : "public", ".=(oid, regprocedure)");
      EXPECT_NE(std::find(log.begin(), log.end(), Row{trap, "postgres", "t"}),
                log.end())
          << log.size() << " traps ran";
      EXPECT_EQ(conn.Query(is_superuser), (std::vector<Row>{{"t"}}));
      conn.Query(absl::StrFormat(
          "ALTER ROLE %s NOSUPERUSER; TRUNCATE public.u8g_trap_log", attacker));
    } else {
      EXPECT_EQ(log, (std::vector<Row>{}));
      EXPECT_EQ(conn.Query(is_superuser), (std::vector<Row>{{"f"}}));
      EXPECT_EQ(conn.Query(roles), roles_before);
    }
  }
  EXPECT_EQ(conn.Query("SELECT extversion FROM pg_catalog.pg_extension "
                       "WHERE extname OPERATOR(pg_catalog.=) 'u8guard'"),
            (std::vector<Row>{{path.version}}));

  conn.Query("ALTER ROLE " + attacker + " NOSUPERUSER");
}

std::string SettingName(
    const ::testing::TestParamInfo<std::tuple<Setting, Path>>& info) {
  const auto& [setting, path] = info.param;
  return absl::StrCat(
      setting.route == Route::kDatabaseOwner ? "Owner" : "CreateOnPublic",
      setting.own_schema ? "OwnSchema" : "Public", "_", path.name);
}

INSTANTIATE_TEST_SUITE_P(
    , PgScriptSecurity,
    ::testing::Combine(::testing::Values(Setting{Route::kDatabaseOwner, false},
                                         Setting{Route::kCreateOnPublic, false},
                                         Setting{Route::kDatabaseOwner, true},
                                         Setting{Route::kCreateOnPublic, true}),
                       ::testing::ValuesIn(Paths())),
    SettingName);

}  // namespace
}  // namespace u8guard
