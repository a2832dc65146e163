-- SPDX-License-Identifier: Apache-2.0
-- u8guard 0.2 -> 0.4 (ALTER EXTENSION u8guard UPDATE from 0.2, or from 0.1
-- after u8guard--0.1--0.2.sql: PostgreSQL takes the shortest chain of
-- update scripts, and this one is shorter than 0.2 -> 0.3 -> 0.4).
--
-- What u8guard--0.2--0.3.sql did (the schema u8guard_internal for
-- everything that runs SQL, SECURITY.md), without its last statement: that
-- DO block compared with unqualified operators, and an extension script runs
-- with the extension's schema (usually public) on its search_path, so an
-- exact-match operator such as =(oid, regprocedure) that a database owner
-- or a role with CREATE on public had put there ran as the superuser
-- running the update. Here every statement names its operators, functions
-- and types with their schema or runs under search_path = pg_catalog,
-- pg_temp (tests/lint/pg_search_path.py, PostgreSQL.PgScriptSecurity.*),
-- and the result is the same 0.4 as u8guard--0.4.sql and 0.3 -> 0.4
-- (PostgreSQL.PgUpdate.*: their catalogs compared object by object).
--
-- From 0.3 (u8guard--0.2--0.3.sql): the extension's schema is usually
-- public, which a database owner owns in PostgreSQL 15, and which other
-- roles may be granted CREATE on. Up to 0.2 the functions that run SQL
-- named the extension's objects as `<schema>.name`, the schema's name
-- written into their text at install; renaming that schema and creating a
-- new one of the old name with objects of those names had the SECURITY
-- DEFINER recording functions run them as the superuser who created the
-- extension. Now everything that runs SQL, the records table and the C
-- functions they call live in the schema u8guard_internal, which this
-- script creates: owned by the superuser who runs it, USAGE for PUBLIC,
-- CREATE for no one else. CREATE SCHEMA fails when a schema of that name
-- exists already (made by someone else, it could hold their objects): the
-- update stops there. The functions users call keep their names in the
-- extension's schema, as one-line wrappers, and u8guard_index_builds stays
-- readable there as a view. A statement that moves indexes to another
-- tablespace updates the records of the indexes its role owns only.

\echo Use "ALTER EXTENSION u8guard UPDATE TO '0.4'" to load this file. \quit

-- ---- the private schema ----------------------------------------------------

CREATE SCHEMA u8guard_internal;
REVOKE ALL ON SCHEMA u8guard_internal FROM PUBLIC;
GRANT USAGE ON SCHEMA u8guard_internal TO PUBLIC;

-- The records, and a view of them where they were.
ALTER TABLE @extschema@.u8guard_index_builds SET SCHEMA u8guard_internal;
CREATE VIEW @extschema@.u8guard_index_builds AS
  SELECT b.index_oid, b.relfilenode, b.library, b.icu, b.unicode,
         b.recorded_at
  FROM u8guard_internal.u8guard_index_builds b;
GRANT SELECT ON @extschema@.u8guard_index_builds TO PUBLIC;

-- The C functions that the functions below call, bound again here.
CREATE FUNCTION u8guard_internal.u8guard_versions(
    OUT library text, OUT icu text, OUT unicode text)
  AS 'MODULE_PATHNAME', 'u8guard_pg_versions'
  LANGUAGE C STABLE STRICT PARALLEL SAFE;
CREATE FUNCTION u8guard_internal.u8guard_try_key(name text, profile text)
  RETURNS text
  AS 'MODULE_PATHNAME', 'u8guard_pg_try_key'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION u8guard_internal.u8guard_lookalike_keys(name text,
                                                       profile text)
  RETURNS text[]
  AS 'MODULE_PATHNAME', 'u8guard_pg_lookalike_keys'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION u8guard_internal.u8guard_rejection(name text, profile text)
  RETURNS @extschema@.u8guard_rejection
  AS 'MODULE_PATHNAME', 'u8guard_pg_rejection'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The functions that run SQL move (their grants with them) and are
-- redefined below with bodies that name u8guard_internal's objects.
ALTER FUNCTION @extschema@.u8guard_dependent_indexes()
  SET SCHEMA u8guard_internal;
ALTER FUNCTION @extschema@.u8guard_record_index_build(regclass)
  SET SCHEMA u8guard_internal;
ALTER FUNCTION @extschema@.u8guard_stale_indexes()
  SET SCHEMA u8guard_internal;
ALTER FUNCTION @extschema@.u8guard_require_dependent_index(regclass)
  SET SCHEMA u8guard_internal;
ALTER FUNCTION @extschema@.u8guard_reindex(regclass)
  SET SCHEMA u8guard_internal;
ALTER FUNCTION @extschema@.u8guard_reindex_stale()
  SET SCHEMA u8guard_internal;
ALTER FUNCTION @extschema@.u8guard_record_rebuilt(regclass)
  SET SCHEMA u8guard_internal;
-- The event trigger calls it by OID; it finds its worker in its own schema.
ALTER FUNCTION @extschema@.u8guard_ddl_end() SET SCHEMA u8guard_internal;
-- Replaced by u8guard_internal.u8guard_record_ddl(boolean, oid).
DROP FUNCTION @extschema@.u8guard_record_ddl(boolean);

-- ---- u8guard_internal: the records -----------------------------------------

CREATE OR REPLACE FUNCTION u8guard_internal.u8guard_record_index_build(
    index regclass)
  RETURNS void
  LANGUAGE sql VOLATILE STRICT SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
  AS $$
    INSERT INTO u8guard_internal.u8guard_index_builds
      (index_oid, relfilenode, library, icu, unicode)
    SELECT c.oid, c.relfilenode, v.library, v.icu, v.unicode
    FROM pg_catalog.pg_class c, u8guard_internal.u8guard_versions() v
    WHERE c.oid = index
    ON CONFLICT (index_oid) DO UPDATE
      SET relfilenode = excluded.relfilenode, library = excluded.library,
          icu = excluded.icu, unicode = excluded.unicode,
          recorded_at = excluded.recorded_at
  $$;

CREATE OR REPLACE FUNCTION u8guard_internal.u8guard_stale_indexes()
  RETURNS TABLE (index regclass, table_name regclass, built_library text,
                 built_icu text, built_unicode text, reason text)
  LANGUAGE sql STABLE PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT d.index_oid::pg_catalog.regclass, d.table_oid::pg_catalog.regclass,
           b.library, b.icu, b.unicode,
           CASE WHEN b.index_oid IS NULL THEN 'no record of its build'
                ELSE 'built under other versions' END
    FROM u8guard_internal.u8guard_dependent_indexes() d
    CROSS JOIN u8guard_internal.u8guard_versions() v
    LEFT JOIN u8guard_internal.u8guard_index_builds b
      ON b.index_oid = d.index_oid
    WHERE b.index_oid IS NULL
       OR (b.library, b.icu, b.unicode) IS DISTINCT FROM
          (v.library, v.icu, v.unicode)
    ORDER BY d.table_oid::pg_catalog.regclass::pg_catalog.text,
             d.index_oid::pg_catalog.regclass::pg_catalog.text
  $$;

CREATE OR REPLACE FUNCTION u8guard_internal.u8guard_require_dependent_index(
    index regclass)
  RETURNS void
  LANGUAGE plpgsql STABLE STRICT
  SET search_path = pg_catalog, pg_temp
  AS $$
  BEGIN
    IF NOT EXISTS (SELECT FROM u8guard_internal.u8guard_dependent_indexes() d
                   WHERE d.index_oid = index) THEN
      RAISE EXCEPTION 'index % does not use u8guard', index
        USING ERRCODE = 'invalid_parameter_value';
    END IF;
  END
  $$;

CREATE OR REPLACE FUNCTION u8guard_internal.u8guard_reindex(index regclass)
  RETURNS regclass
  LANGUAGE plpgsql VOLATILE STRICT
  SET search_path = pg_catalog, pg_temp
  AS $$
  DECLARE
    member regclass;
  BEGIN
    PERFORM u8guard_internal.u8guard_require_dependent_index(index);
    FOR member IN
      SELECT t.relid FROM pg_catalog.pg_partition_tree(index) t
      UNION
      SELECT index
    LOOP
      IF (SELECT c.relkind FROM pg_catalog.pg_class c
          WHERE c.oid = member) = 'i' THEN
        -- regclass prints schema-qualified here: no schema is on the path.
        EXECUTE pg_catalog.format('REINDEX INDEX %s', member);
      END IF;
      PERFORM u8guard_internal.u8guard_record_index_build(member);
    END LOOP;
    RETURN index;
  END
  $$;

CREATE OR REPLACE FUNCTION u8guard_internal.u8guard_reindex_stale()
  RETURNS SETOF regclass
  LANGUAGE plpgsql VOLATILE
  SET search_path = pg_catalog, pg_temp
  AS $$
  DECLARE
    stale regclass;
  BEGIN
    FOR stale IN SELECT s.index FROM u8guard_internal.u8guard_stale_indexes() s
    LOOP
      IF EXISTS (SELECT FROM u8guard_internal.u8guard_stale_indexes() s
                 WHERE s.index = stale) THEN
        RETURN NEXT u8guard_internal.u8guard_reindex(stale);
      END IF;
    END LOOP;
  END
  $$;

CREATE OR REPLACE FUNCTION u8guard_internal.u8guard_record_rebuilt(
    index regclass)
  RETURNS regclass
  LANGUAGE plpgsql VOLATILE STRICT
  SET search_path = pg_catalog, pg_temp
  AS $$
  BEGIN
    PERFORM u8guard_internal.u8guard_require_dependent_index(index);
    IF EXISTS (SELECT FROM u8guard_internal.u8guard_index_builds b
               JOIN pg_catalog.pg_class c ON c.oid = b.index_oid
               WHERE b.index_oid = index
                 AND b.relfilenode = c.relfilenode) THEN
      RAISE EXCEPTION 'index % was not rebuilt since its build was recorded',
        index
        USING ERRCODE = 'object_not_in_prerequisite_state',
              HINT = 'REINDEX INDEX CONCURRENTLY it first, or call u8guard_reindex()';
    END IF;
    PERFORM u8guard_internal.u8guard_record_index_build(index);
    RETURN index;
  END
  $$;

-- What the event trigger does when a command can build or move an index
-- (u8guard_ddl_end decides that from the statement). As the extension's
-- owner, inside the command's event trigger:
--   moved: an index whose storage changed without a rebuild (SET
--     TABLESPACE) keeps its record's versions, with its new storage, when
--     `mover` (the role that ran the statement) owns it;
--   every index over a u8guard function that the command created (CREATE
--     INDEX, also inside CREATE TABLE ... LIKE), or that tables and indexes
--     it created or altered gained without a record yet (partitions, ALTER
--     COLUMN TYPE, ATTACH PARTITION, EXCLUDE), is recorded: with the
--     versions running now,
--     or with the versions of a dropped index whose storage it took over
--     (ALTER COLUMN TYPE without a rewrite keeps the storage);
--   records of dropped indexes are forgotten (their OIDs may come back).
-- Returns the number of indexes recorded.
CREATE FUNCTION u8guard_internal.u8guard_record_ddl(moved boolean,
                                                 mover oid)
  RETURNS integer
  LANGUAGE plpgsql VOLATILE STRICT SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
  AS $$
  DECLARE
    recorded integer;
  BEGIN
    IF moved THEN
      -- Only indexes the statement's role could move: it owns them.
      UPDATE u8guard_internal.u8guard_index_builds b
        SET relfilenode = c.relfilenode
        FROM pg_catalog.pg_class c
        WHERE c.oid = b.index_oid AND c.relfilenode <> b.relfilenode
          AND pg_catalog.pg_has_role(mover, c.relowner, 'MEMBER');
    END IF;
    WITH command AS (
      SELECT c.objid, r.relkind, c.command_tag = 'CREATE INDEX' AS creates
      FROM pg_catalog.pg_event_trigger_ddl_commands() c
      JOIN pg_catalog.pg_class r ON r.oid = c.objid
      WHERE c.classid = 'pg_catalog.pg_class'::pg_catalog.regclass
    ), tree AS (
      -- each relation with the partitions below it (pg_partition_tree()
      -- lists nothing for one that is not partitioned)
      SELECT c.objid, c.relkind, c.creates, t.relid
      FROM command c
      CROSS JOIN LATERAL (
        SELECT c.objid AS relid
        UNION
        SELECT p.relid FROM pg_catalog.pg_partition_tree(c.objid) p) t
    ), candidate AS (
      SELECT t.relid AS index_oid, t.creates AND t.relid = t.objid AS created
      FROM tree t
      WHERE t.relkind IN ('i', 'I')
      UNION ALL
      SELECT i.indexrelid, false
      FROM tree t
      JOIN pg_catalog.pg_index i ON i.indrelid = t.relid
      WHERE t.relkind IN ('r', 'p')
    ), built AS (
      SELECT n.index_oid, pg_catalog.bool_or(n.created) AS created
      FROM candidate n
      GROUP BY n.index_oid
    )
    INSERT INTO u8guard_internal.u8guard_index_builds AS b
      (index_oid, relfilenode, library, icu, unicode)
    SELECT n.index_oid, r.relfilenode,
           COALESCE(o.library, v.library),
           COALESCE(o.icu, v.icu),
           COALESCE(o.unicode, v.unicode)
    FROM built n
    JOIN pg_catalog.pg_class r ON r.oid = n.index_oid
    CROSS JOIN u8guard_internal.u8guard_versions() v
    LEFT JOIN LATERAL (
      SELECT d.library, d.icu, d.unicode
      FROM u8guard_internal.u8guard_index_builds d
      WHERE d.relfilenode = r.relfilenode
        AND NOT EXISTS (SELECT FROM pg_catalog.pg_class x
                        WHERE x.oid = d.index_oid)
      LIMIT 1) o ON true
    WHERE EXISTS (
        SELECT FROM pg_catalog.pg_depend d
        JOIN pg_catalog.pg_depend e
          ON e.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass
         AND e.objid = d.refobjid
         AND e.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass
         AND e.deptype = 'e'
        JOIN pg_catalog.pg_extension x
          ON x.oid = e.refobjid AND x.extname = 'u8guard'
        WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass
          AND d.objid = n.index_oid
          AND d.refclassid = 'pg_catalog.pg_proc'::pg_catalog.regclass)
      AND (n.created OR NOT EXISTS (
        SELECT FROM u8guard_internal.u8guard_index_builds k
        WHERE k.index_oid = n.index_oid))
    ON CONFLICT (index_oid) DO UPDATE
      SET relfilenode = excluded.relfilenode, library = excluded.library,
          icu = excluded.icu, unicode = excluded.unicode,
          recorded_at = excluded.recorded_at;
    GET DIAGNOSTICS recorded = ROW_COUNT;
    DELETE FROM u8guard_internal.u8guard_index_builds b
      WHERE NOT EXISTS (SELECT FROM pg_catalog.pg_class c
                        WHERE c.oid = b.index_oid);
    RETURN recorded;
  END
  $$;
-- Called by u8guard_ddl_end through the function manager only.
REVOKE ALL ON FUNCTION u8guard_internal.u8guard_record_ddl(boolean, oid)
  FROM PUBLIC;

-- ---- the extension's schema: what users call --------------------------------

-- One-line wrappers of u8guard_internal's functions, with the same grants.
CREATE FUNCTION @extschema@.u8guard_stale_indexes()
  RETURNS TABLE (index regclass, table_name regclass, built_library text,
                 built_icu text, built_unicode text, reason text)
  LANGUAGE sql STABLE PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
  AS $$ SELECT * FROM u8guard_internal.u8guard_stale_indexes() $$;

CREATE FUNCTION @extschema@.u8guard_reindex(index regclass)
  RETURNS regclass
  LANGUAGE sql VOLATILE STRICT
  SET search_path = pg_catalog, pg_temp
  AS $$ SELECT u8guard_internal.u8guard_reindex(index) $$;
REVOKE ALL ON FUNCTION @extschema@.u8guard_reindex(regclass) FROM PUBLIC;

CREATE FUNCTION @extschema@.u8guard_reindex_stale()
  RETURNS SETOF regclass
  LANGUAGE sql VOLATILE
  SET search_path = pg_catalog, pg_temp
  AS $$ SELECT * FROM u8guard_internal.u8guard_reindex_stale() $$;
REVOKE ALL ON FUNCTION @extschema@.u8guard_reindex_stale() FROM PUBLIC;

CREATE FUNCTION @extschema@.u8guard_record_rebuilt(index regclass)
  RETURNS regclass
  LANGUAGE sql VOLATILE STRICT
  SET search_path = pg_catalog, pg_temp
  AS $$ SELECT u8guard_internal.u8guard_record_rebuilt(index) $$;
REVOKE ALL ON FUNCTION @extschema@.u8guard_record_rebuilt(regclass)
  FROM PUBLIC;

-- u8guard_verify_records (0.2) with the C functions of u8guard_internal.
CREATE OR REPLACE FUNCTION @extschema@.u8guard_verify_records(
    records regclass, profile text)
  RETURNS TABLE (kind text, name text, old_key text, new_key text,
                 rule text, other_name text, shared_key text)
  LANGUAGE plpgsql STABLE STRICT SECURITY INVOKER
  SET search_path = pg_catalog, pg_temp
  AS $$
  BEGIN
    -- `records` prints schema-qualified and quoted: no schema is on the
    -- path. Every function and operator is named with its schema.
    RETURN QUERY EXECUTE pg_catalog.format($q$
      WITH stored AS (
        SELECT t.name::pg_catalog.text AS name,
               t.key::pg_catalog.text AS old_key,
               t.lookalike_keys::pg_catalog.text[] AS old_lookalikes
        FROM %s t
        WHERE t.name IS NOT NULL
      ), now AS (
        SELECT s.*, u8guard_internal.u8guard_try_key(s.name, $1) AS new_key
        FROM stored s
      ), derived AS (
        SELECT n.*,
               CASE WHEN n.new_key IS NOT NULL THEN
                 u8guard_internal.u8guard_lookalike_keys(n.name, $1) END
                 AS new_lookalikes
        FROM now n
      ), own AS (
        SELECT CASE
                 WHEN d.old_key IS NOT NULL AND d.new_key IS NULL
                   THEN 'now_rejected'
                 WHEN d.old_key IS NULL AND d.new_key IS NOT NULL
                   THEN 'now_accepted'
                 WHEN d.old_key OPERATOR(pg_catalog.<>) d.new_key
                   THEN 'key_changed'
                 WHEN d.new_key IS NOT NULL AND (
                   SELECT pg_catalog.array_agg(k ORDER BY k COLLATE "C")
                   FROM pg_catalog.unnest(d.old_lookalikes) k)
                   IS DISTINCT FROM (
                   SELECT pg_catalog.array_agg(k ORDER BY k COLLATE "C")
                   FROM pg_catalog.unnest(d.new_lookalikes) k)
                   THEN 'lookalike_keys_changed'
               END AS kind, d.*
        FROM derived d
      ), first_with_key AS (
        SELECT DISTINCT ON (d.new_key) d.new_key, d.name, d.old_key
        FROM derived d
        WHERE d.new_key IS NOT NULL
        ORDER BY d.new_key, d.name COLLATE "C"
      ), lookalike AS (
        SELECT k AS shared_key, d.name, d.new_key, d.old_key,
               d.old_lookalikes
        FROM derived d, pg_catalog.unnest(d.new_lookalikes) k
      ), first_with_lookalike AS (
        SELECT DISTINCT ON (l.shared_key) l.*
        FROM lookalike l
        ORDER BY l.shared_key, l.name COLLATE "C"
      )
      SELECT o.kind, o.name, o.old_key, o.new_key,
             CASE WHEN o.kind = 'now_rejected' THEN
               (u8guard_internal.u8guard_rejection(o.name, $1)).rule END,
             NULL::pg_catalog.text, NULL::pg_catalog.text
      FROM own o
      WHERE o.kind IS NOT NULL
      UNION ALL
      SELECT 'new_collision', d.name, d.old_key, d.new_key, NULL,
             f.name, d.new_key
      FROM derived d
      JOIN first_with_key f ON f.new_key = d.new_key
      WHERE d.name COLLATE "C" OPERATOR(pg_catalog.<>) f.name
        AND (d.old_key IS NULL OR f.old_key IS NULL
             OR d.old_key OPERATOR(pg_catalog.<>) f.old_key)
      UNION ALL
      (SELECT DISTINCT ON (l.name, f.name)
             'new_lookalike', l.name, l.old_key, l.new_key, NULL, f.name,
             l.shared_key
      FROM lookalike l
      JOIN first_with_lookalike f ON f.shared_key = l.shared_key
      WHERE l.name COLLATE "C" OPERATOR(pg_catalog.<>) f.name
        AND l.new_key OPERATOR(pg_catalog.<>) f.new_key
        AND NOT (l.old_key IS NOT NULL AND f.old_key IS NOT NULL
                 AND (l.old_key OPERATOR(pg_catalog.=) f.old_key
                      OR l.old_lookalikes OPERATOR(pg_catalog.&&)
                         f.old_lookalikes))
      ORDER BY l.name, f.name, l.shared_key COLLATE "C")
      $q$, records) USING profile;
  END
  $$;

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
