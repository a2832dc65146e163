-- SPDX-License-Identifier: Apache-2.0
-- u8guard 0.3 -> 0.4 (ALTER EXTENSION u8guard UPDATE).
--
-- Security fix (SECURITY.md): the 0.2 -> 0.3 script ended with a DO block
-- that compared `p.oid = pg_catalog.to_regprocedure(...)` and
-- `g.grantee = 0` with unqualified operators. An extension script runs
-- with the extension's schema (usually public) on its search_path, and an
-- operator =(oid, regprocedure) or =(oid, integer) there is an exact match
-- that PostgreSQL prefers to pg_catalog's =(oid, oid): whoever could
-- create objects in that schema (a database's owner owns public in
-- PostgreSQL 15) had its operator run as the superuser who ran CREATE
-- EXTENSION u8guard or the update to 0.3. 0.4 runs no such statement:
-- `CREATE EXTENSION u8guard` runs u8guard--0.4.sql alone, an update from
-- 0.1 or 0.2 takes u8guard--0.2--0.4.sql instead of the 0.2 -> 0.3 script,
-- and every statement of these scripts names its operators, functions and
-- types with their schema or runs under search_path = pg_catalog, pg_temp
-- (tests/lint/pg_search_path.py, PostgreSQL.PgScriptSecurity.*).
--
-- The objects 0.3 installed pin their search_path already and stay as
-- they are. What 0.3's DO block did, copy the grants of the functions that
-- moved to u8guard_internal onto their wrappers, is done again here, safely,
-- in case an operator planted then made it copy the wrong ones or none. A
-- database where such an operator existed when 0.3 was installed may have
-- run it as a superuser: see SECURITY.md for what to check.

\echo Use "ALTER EXTENSION u8guard UPDATE TO '0.4'" to load this file. \quit

-- The wrappers take over the grants the moved functions had (an operator
-- role granted EXECUTE on u8guard_reindex_stale(), say); the moved ones
-- keep theirs, which the wrappers' callers need too. An extension script
-- runs with the extension's schema on its search_path, and a role that can
-- create objects there could put an operator of its own, an exact match
-- such as =(oid, regprocedure), in front of pg_catalog's: this block pins
-- search_path first and names every operator, function and type with its
-- schema as well (tests/lint/pg_search_path.py checks both). Granting again
-- what a wrapper has already is a no-op.
DO $$
DECLARE
  g pg_catalog.record;
BEGIN
  -- To the end of the script: PostgreSQL restores search_path after it.
  -- Keep this block last.
  SET LOCAL search_path = pg_catalog, pg_temp;
  FOR g IN
    SELECT f.wrapper, a.grantee, a.is_grantable
    FROM (VALUES
        ('@extschema@.u8guard_stale_indexes()',
         'u8guard_internal.u8guard_stale_indexes()'),
        ('@extschema@.u8guard_reindex(regclass)',
         'u8guard_internal.u8guard_reindex(regclass)'),
        ('@extschema@.u8guard_reindex_stale()',
         'u8guard_internal.u8guard_reindex_stale()'),
        ('@extschema@.u8guard_record_rebuilt(regclass)',
         'u8guard_internal.u8guard_record_rebuilt(regclass)')) f(wrapper, moved)
    JOIN pg_catalog.pg_proc p
      ON p.oid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure(f.moved)
    CROSS JOIN LATERAL pg_catalog.aclexplode(p.proacl) a
    WHERE a.privilege_type OPERATOR(pg_catalog.=) 'EXECUTE'
      AND a.grantee OPERATOR(pg_catalog.<>) p.proowner
  LOOP
    EXECUTE pg_catalog.format('GRANT EXECUTE ON FUNCTION %s TO %s%s',
      g.wrapper,
      CASE WHEN g.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid
           THEN 'PUBLIC'
           ELSE pg_catalog.quote_ident(
             (SELECT r.rolname FROM pg_catalog.pg_roles r
              WHERE r.oid OPERATOR(pg_catalog.=) g.grantee)) END,
      CASE WHEN g.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END);
  END LOOP;
END
$$;
