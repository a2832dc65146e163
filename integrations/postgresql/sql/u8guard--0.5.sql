-- SPDX-License-Identifier: Apache-2.0
-- CREATE EXTENSION u8guard (0.5): PRECIS keys, look-alike skeletons, strict
-- UTF-8 and path sanitization for PostgreSQL, over u8guard's C API.
--
-- The install script of 0.5, which PostgreSQL prefers to a chain of
-- updates: what it creates is what u8guard--0.4.sql and then
-- u8guard--0.4--0.5.sql make of a database, object by object
-- (PostgreSQL.PgUpdate.*). 0.5 leaves every decision to the library:
-- u8guard_verify_records runs the C verifier (u8guard_record_verifier_*)
-- instead of re-deriving its rules in SQL, u8guard_verify_records_groups
-- gives its groups, and the defaults of u8guard_sanitize_path are the C
-- API's. The scripts of released versions never change (SECURITY.md for
-- 0.3's). Every statement here names its operators, functions and types
-- with their schema, and every function written in SQL or PL/pgSQL runs
-- with search_path = pg_catalog, pg_temp (tests/lint/pg_search_path.py).
--
-- Every function is STRICT (NULL in, NULL out) and PARALLEL SAFE but the
-- verification's. Those whose result depends only on their arguments and
-- on the Unicode version of the library are IMMUTABLE, so that expression
-- indexes and CHECK constraints may use them; u8guard_stale_indexes() finds
-- the indexes to rebuild after that version changes (docs/postgresql.md,
-- "Upgrades and REINDEX").

\echo Use "CREATE EXTENSION u8guard" to load this file. \quit

-- ---- comparison keys under a profile ---------------------------------------

-- The comparison key of `name` under the built-in profile `profile` (e.g.
-- 'username-case-mapped'): two names are the same account exactly when their
-- keys are equal. A rejected name raises SQLSTATE 22023 with u8guard's
-- message and the rule, byte offset and code point in DETAIL; an unknown
-- profile raises 42704.
CREATE FUNCTION @extschema@.u8guard_key(name text, profile text) RETURNS text
  AS 'MODULE_PATHNAME', 'u8guard_pg_key'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- As u8guard_key, but NULL for a rejected name (an unknown profile is still
-- an error). For CHECK (u8guard_try_key(name, ...) IS NOT NULL).
CREATE FUNCTION @extschema@.u8guard_try_key(name text, profile text) RETURNS text
  AS 'MODULE_PATHNAME', 'u8guard_pg_try_key'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The enforced form: what to store and show (it keeps case under
-- 'nickname'). Errors as u8guard_key.
CREATE FUNCTION @extschema@.u8guard_enforce(name text, profile text) RETURNS text
  AS 'MODULE_PATHNAME', 'u8guard_pg_enforce'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- True when the profile accepts both names and their keys are equal. Fails
-- closed: a rejected name is equivalent to nothing, not even to itself.
CREATE FUNCTION @extschema@.u8guard_equivalent(a text, b text, profile text)
  RETURNS boolean
  AS 'MODULE_PATHNAME', 'u8guard_pg_equivalent'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The UTS #39 confusable skeleton of the name's key: 'pаypal' (Cyrillic а)
-- and 'paypal' have the same one, so a unique index on it refuses
-- look-alike sign-ups. For comparison only: never a key, never a grant.
-- Errors as u8guard_key.
CREATE FUNCTION @extschema@.u8guard_skeleton(name text, profile text) RETURNS text
  AS 'MODULE_PATHNAME', 'u8guard_pg_skeleton'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The skeleton of the name's key read in skeleton_order (UTS #39 section
-- 4): 'ltr' or 'rtl', the key as a page of that direction shows it
-- (reordered by the Unicode Bidirectional Algorithm, right-to-left
-- characters mirrored; ICU 74's uspoof_getBidiSkeleton), 'logical' as
-- u8guard_skeleton: Hebrew alef then '1' and '1' then alef have one 'ltr'
-- skeleton. For comparison only: never a key, never a grant. Another order
-- raises 22023 naming the accepted ones; errors otherwise as u8guard_key.
CREATE FUNCTION @extschema@.u8guard_bidi_skeleton(
    name text, profile text, skeleton_order text)
  RETURNS text
  AS 'MODULE_PATHNAME', 'u8guard_pg_bidi_skeleton'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Why the profile rejects `name`: byte_offset (0-based, in the name's UTF-8
-- bytes), code_point (NULL when no one code point is to blame), rule (the
-- stable id, e.g. 'DISALLOWED/spaces') and message; NULL when it accepts it.
CREATE TYPE @extschema@.u8guard_rejection AS (
  byte_offset bigint,
  code_point integer,
  rule text,
  message text
);

CREATE FUNCTION @extschema@.u8guard_rejection(name text, profile text)
  RETURNS @extschema@.u8guard_rejection
  AS 'MODULE_PATHNAME', 'u8guard_pg_rejection'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The built-in profiles, by name.
CREATE FUNCTION @extschema@.u8guard_profiles() RETURNS SETOF text
  AS 'MODULE_PATHNAME', 'u8guard_pg_profiles'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ---- strict UTF-8 (RFC 3629) -----------------------------------------------

-- Validates bytes that arrived as bytea: valid, valid_up_to (the bytes
-- before the first error, or the length), kind (the rule id, e.g.
-- 'utf8/overlong'; NULL when valid) and error_len (the length of the
-- maximal ill-formed subpart; 0 when valid or truncated).
CREATE TYPE @extschema@.u8guard_utf8_check AS (
  valid boolean,
  valid_up_to bigint,
  kind text,
  error_len integer
);

CREATE FUNCTION @extschema@.u8guard_check_utf8(bytes bytea) RETURNS @extschema@.u8guard_utf8_check
  AS 'MODULE_PATHNAME', 'u8guard_pg_check_utf8'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- u8guard_check_utf8 under the name every other surface gives it
-- (docs/vocabulary.md: ValidateUtf8, u8guard_validate_utf8): the same C
-- function, argument and result.
CREATE FUNCTION @extschema@.u8guard_validate_utf8(bytes bytea)
  RETURNS @extschema@.u8guard_utf8_check
  AS 'MODULE_PATHNAME', 'u8guard_pg_check_utf8'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ---- paths: below, after u8guard_internal, whose functions give the
-- defaults of u8guard_sanitize_path.

-- ---- versions ---------------------------------------------------------------

-- The versions the functions compute with now: u8guard's, ICU's and the
-- Unicode data's. STABLE, not IMMUTABLE: an upgrade changes them.
CREATE FUNCTION @extschema@.u8guard_versions(OUT library text, OUT icu text,
                                             OUT unicode text)
  AS 'MODULE_PATHNAME', 'u8guard_pg_versions'
  LANGUAGE C STABLE STRICT PARALLEL SAFE;

-- ---- look-alikes that case mapping hides ----------------------------------

-- The look-alike skeletons of `name` under `profile`: the UTS #39 skeletons
-- of its key, of the name as written and of its enforced form, without
-- repeats (1 to 3, the key's first). Two names look alike, as `u8guard acl
-- audit` and DenyList decide it, exactly when their arrays share an
-- element: store each element once (a table with a unique index, as
-- integrations/postgresql/examples/accounts.sql does) and 'paypaI' (capital
-- i) is refused beside 'paypal', which u8guard_skeleton() alone lets in.
-- For comparison only: never a key, never a grant. Errors as u8guard_key.
CREATE FUNCTION @extschema@.u8guard_lookalike_keys(name text, profile text)
  RETURNS text[]
  AS 'MODULE_PATHNAME', 'u8guard_pg_lookalike_keys'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ---- registration: the record to store with an account --------------------

-- What u8guard_registration() returns: the verdict (accepted, rejected,
-- protected_name, restriction_level) under the default registration
-- policy (registration.h: the built-in protected names, UTS #39's
-- look-alikes, at most highly_restrictive), and the record of an accepted
-- name: the enforced form to store and show, the comparison key, the
-- look-alike keys to store once each, the restriction level, the ISO 15924
-- scripts, whether it may be shown as typed, and the version tag of the
-- u8guard, ICU and Unicode that computed it (a prefix for stored keys);
-- for a protected name, the one it is or resembles; for a rejected one,
-- the rule, the byte offset and the message. Collisions and look-alikes of
-- existing accounts are the table's unique indexes' to refuse
-- (integrations/postgresql/examples/registration.sql). Since 0.5 the
-- fields also go by the names every other surface gives them
-- (docs/vocabulary.md): outcome (= verdict), conflict (= protected_name),
-- code_point (the rejected code point's scalar value, NULL when none) and
-- shared_key (the key the name shares with the protected one, NULL when
-- none); the 0.x names stay.
CREATE TYPE @extschema@.u8guard_registration AS (
  verdict text,
  enforced text,
  key text,
  lookalike_keys text[],
  restriction_level text,
  scripts text[],
  display text,
  version_tag text,
  protected_name text,
  rule text,
  byte_offset bigint,
  message text,
  outcome text,
  conflict text,
  code_point integer,
  shared_key text
);

CREATE FUNCTION @extschema@.u8guard_registration(name text, profile text)
  RETURNS @extschema@.u8guard_registration
  AS 'MODULE_PATHNAME', 'u8guard_pg_registration'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ---- u8guard_internal: everything that runs SQL ----------------------------

-- The extension's schema is usually public, which a database owner owns in
-- PostgreSQL 15 and other roles may be granted CREATE on. Everything that
-- runs SQL, the records table and the C functions they call live in the
-- schema u8guard_internal instead: owned by the superuser who runs this
-- script, USAGE for PUBLIC, CREATE for no one else, and not renamable by
-- anyone else. Their bodies name only u8guard_internal's objects and
-- pg_catalog's. CREATE SCHEMA fails when a schema of that name exists
-- already (made by someone else, it could hold their objects): the install
-- stops there.
CREATE SCHEMA u8guard_internal;
REVOKE ALL ON SCHEMA u8guard_internal FROM PUBLIC;
GRANT USAGE ON SCHEMA u8guard_internal TO PUBLIC;

-- The versions each index over a u8guard function was built under, recorded
-- when it is created (the event trigger below) or rebuilt through
-- u8guard_reindex(). `relfilenode` is the index's storage at that time: a
-- REINDEX, VACUUM FULL or CLUSTER gives it new storage.
CREATE TABLE u8guard_internal.u8guard_index_builds (
  index_oid oid PRIMARY KEY,
  relfilenode oid NOT NULL,
  library text NOT NULL,
  icu text NOT NULL,
  unicode text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT pg_catalog.now()
);
-- Anyone may read it; only the functions below (SECURITY DEFINER) write it.
GRANT SELECT ON u8guard_internal.u8guard_index_builds TO PUBLIC;

-- The records, readable in the extension's schema too.
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

-- The indexes whose definition calls a function of this extension.
CREATE FUNCTION u8guard_internal.u8guard_dependent_indexes()
  RETURNS TABLE (index_oid oid, table_oid oid, relfilenode oid)
  LANGUAGE sql STABLE PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT DISTINCT i.indexrelid, i.indrelid, c.relfilenode
    FROM pg_catalog.pg_depend d
    JOIN pg_catalog.pg_depend e
      ON e.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass
     AND e.objid = d.refobjid
     AND e.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass
     AND e.deptype = 'e'
    JOIN pg_catalog.pg_extension x
      ON x.oid = e.refobjid AND x.extname = 'u8guard'
    JOIN pg_catalog.pg_index i ON i.indexrelid = d.objid
    JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid
    WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass
      AND d.refclassid = 'pg_catalog.pg_proc'::pg_catalog.regclass
  $$;

-- Records the current versions for `index` (its current storage).
CREATE FUNCTION u8guard_internal.u8guard_record_index_build(
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

-- Recording is for the event trigger and for operators: superusers, or
-- roles granted EXECUTE on these functions (docs/postgresql.md, "Upgrades
-- and REINDEX").
REVOKE ALL ON FUNCTION u8guard_internal.u8guard_record_index_build(regclass)
  FROM PUBLIC;

-- The indexes over u8guard functions that may not match the library running
-- now, with the versions they were built under and why they are listed:
--   'built under other versions'       recorded versions differ from now;
--   'no record of its build'            built before the records began, or
--                                       the record was lost.
-- An index rebuilt by a plain REINDEX after an upgrade keeps its old record
-- (PostgreSQL 15 gives event triggers no REINDEX): rebuild through
-- u8guard_reindex() instead, or call u8guard_record_rebuilt() after
-- REINDEX ... CONCURRENTLY.
CREATE FUNCTION u8guard_internal.u8guard_stale_indexes()
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

-- Raises 22023 unless `index` is an index over a u8guard function.
CREATE FUNCTION u8guard_internal.u8guard_require_dependent_index(
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

-- Rebuilds `index` (REINDEX INDEX: it locks the table against writes while
-- it runs) and records the versions it was rebuilt under. A partitioned
-- index has no storage, and PostgreSQL 15 cannot REINDEX one inside a
-- function: the indexes of its partitions are rebuilt one by one, and all
-- are recorded. Only for indexes over u8guard functions. Returns the index.
CREATE FUNCTION u8guard_internal.u8guard_reindex(index regclass)
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

-- Rebuilds every index u8guard_stale_indexes() lists; returns them. One
-- that is no longer stale when its turn comes (a partition's index, rebuilt
-- with its partitioned index) is skipped.
CREATE FUNCTION u8guard_internal.u8guard_reindex_stale()
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

-- Records that `index` was rebuilt under the versions running now, after a
-- REINDEX INDEX CONCURRENTLY (which cannot run inside a function). Refused
-- when the index's storage is the one recorded: it was not rebuilt since
-- (a move to another tablespace updates the record, see
-- u8guard_record_ddl).
CREATE FUNCTION u8guard_internal.u8guard_record_rebuilt(
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

REVOKE ALL ON FUNCTION u8guard_internal.u8guard_reindex(regclass) FROM PUBLIC;
REVOKE ALL ON FUNCTION u8guard_internal.u8guard_reindex_stale() FROM PUBLIC;
REVOKE ALL ON FUNCTION u8guard_internal.u8guard_record_rebuilt(regclass)
  FROM PUBLIC;

-- ---- the event trigger ------------------------------------------------------

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

-- The event trigger's function: decides from the statement whether it can
-- build an index over an expression or move one, and only then calls
-- u8guard_record_ddl, which it finds in its own schema
-- (integrations/postgresql/src/ddl_trigger.c).
CREATE FUNCTION u8guard_internal.u8guard_ddl_end() RETURNS event_trigger
  AS 'MODULE_PATHNAME', 'u8guard_pg_ddl_end'
  LANGUAGE C;

CREATE EVENT TRIGGER u8guard_record_index_builds ON ddl_command_end
  WHEN TAG IN ('CREATE INDEX', 'CREATE TABLE', 'ALTER TABLE', 'ALTER INDEX')
  EXECUTE FUNCTION u8guard_internal.u8guard_ddl_end();

-- ---- paths ------------------------------------------------------------------

-- The C API's defaults of u8guard_sanitize_path's max_depth and max_length
-- (u8guard_path_options_init), for its DEFAULT clauses.
CREATE FUNCTION u8guard_internal.u8guard_path_default_max_depth()
  RETURNS integer
  AS 'MODULE_PATHNAME', 'u8guard_pg_path_default_max_depth'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION u8guard_internal.u8guard_path_default_max_length()
  RETURNS integer
  AS 'MODULE_PATHNAME', 'u8guard_pg_path_default_max_length'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- An untrusted path as a normalized relative path that cannot leave its
-- root (u8guard_c.h, u8guard_sanitize_path): the options and their defaults
-- are the C API's (max_depth's and max_length's read from
-- u8guard_path_options_init when a call is planned), with the names the CLI and policy files use
-- (normalization 'NFC' or 'NFKC', dot_dot 'reject' or 'resolve'). A rejected
-- path raises 22023 (rule, offset and code point in DETAIL), a bad option
-- 22023 without a rule.
CREATE FUNCTION @extschema@.u8guard_sanitize_path(
    path text,
    percent_decode boolean DEFAULT false,
    dot_dot text DEFAULT 'reject',
    leading_separator_is_root boolean DEFAULT false,
    allow_hidden boolean DEFAULT false,
    windows boolean DEFAULT false,
    backslash_is_separator boolean DEFAULT false,
    normalization text DEFAULT 'NFC',
    max_depth integer
      DEFAULT u8guard_internal.u8guard_path_default_max_depth(),
    max_length integer
      DEFAULT u8guard_internal.u8guard_path_default_max_length(),
    root text DEFAULT '',
    segment_profile text DEFAULT 'path-segment')
  RETURNS text
  AS 'MODULE_PATHNAME', 'u8guard_pg_sanitize_path'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

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

-- ---- upgrade verification: what re-deriving stored records changes --------

-- The record of `name` under the built-in `profile` and the default policy
-- with the versions running now (u8guard_name_record's JSON): what the
-- parallel workers of u8guard_verify_records derive for each row.
CREATE FUNCTION u8guard_internal.u8guard_name_record(name text, profile text)
  RETURNS text
  AS 'MODULE_PATHNAME', 'u8guard_pg_name_record'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Derives the name of every row of `records` again under `profile` with
-- the versions running now, and returns what changed, as `u8guard records
-- verify` does (docs/upgrading.md): the library's verifier decides
-- (u8guard_record_verifier_*), this function only reads the rows and
-- writes its findings. `records` is a table or view with the columns name
-- (text), key (text: the stored key, NULL for a name the profile rejected)
-- and lookalike_keys (text[]: 1 to 3): what u8guard_registration() returned
-- before the upgrade (examples/registration.sql stores them; a table with
-- the key only in an index exports them first). Rows with a NULL name are
-- skipped. The rows are read in the order of name COLLATE "C", and the
-- result comes in that order too, per row: its own change, then its new
-- collision, then its new look-alikes; `u8guard records verify` on the
-- same records written in that order gives the same findings. One row per
-- change, kind being
--   key_changed             the key is not the stored one: a REINDEX of an
--                           index over u8guard_key(name) changes its entry
--   lookalike_keys_changed  same key, other look-alike keys: re-claim them
--   now_rejected            the profile rejects the name now (rule says
--                           why): a REINDEX over u8guard_key(name) fails
--   now_accepted            rejected when stored, accepted now
--   new_collision           name has the key of other_name now, and did not
--                           before: a REINDEX of a unique index over
--                           u8guard_key(name) fails (23505)
--   new_lookalike           name shares the look-alike key shared_key with
--                           other_name now, and did not before: re-claiming
--                           its look-alike keys fails
-- A pair names each later name against the first one (in that order) with
-- the key, and only that one: u8guard_verify_records_groups has every
-- pair. Runs with the caller's rights (SECURITY INVOKER): the caller must
-- be able to read `records`. With u8guard.parallel_verify on, when the
-- session may create temporary tables (TEMP on the database, not in a
-- read-only transaction or on a standby) and
-- max_parallel_workers_per_gather is above 0, it first copies the rows
-- into a temporary table with each name's record now beside them
-- (u8guard_internal.u8guard_name_record), a statement PostgreSQL gives
-- parallel workers as it would a query over `records` (a partitioned table
-- too); that table spills to disk past temp_buffers and is dropped at the
-- end. Then it reads the rows in order through a cursor, a batch at a
-- time, and answers a cancel or statement_timeout at every row; its
-- memory is the verifier's (about the stored and the new keys of each row),
-- and its result spills to disk past work_mem. Each name and key is bounded
-- by u8guard.max_input_bytes, as every u8guard function's input is; a row
-- with more than 3 look-alike keys raises 22023 naming its position
-- ("line N").
CREATE FUNCTION @extschema@.u8guard_verify_records(
    records regclass, profile text)
  RETURNS TABLE (kind text, name text, old_key text, new_key text,
                 rule text, other_name text, shared_key text)
  AS 'MODULE_PATHNAME', 'u8guard_pg_verify_records'
  LANGUAGE C VOLATILE STRICT SECURITY INVOKER
  SET search_path = pg_catalog, pg_temp;

-- The groups of the same verification (u8guard::RecordGroup,
-- docs/upgrading.md): every key (kind 'collision_group') and every
-- look-alike key ('lookalike_group') that names of `records` now share
-- where two of them are a new pair, one row per member: group_number
-- (1-based; the collision groups, then the look-alike groups, each in the
-- order of their first member), the group's kind, key and number of new
-- pairs, and the member: its line (its position in the order of name
-- COLLATE "C"),
-- its name, its key now, whether its stored record was valid, its stored
-- key and look-alike keys (sorted, each once; NULL when it was not valid),
-- whether its record lacks the group's key (new_to_group) and how many
-- other members it makes a new pair with. Every pair of names that now
-- collides or looks alike and did not before is two members of a group.
-- Rights, order, limits and errors as u8guard_verify_records.
CREATE FUNCTION @extschema@.u8guard_verify_records_groups(
    records regclass, profile text)
  RETURNS TABLE (group_number bigint, kind text, key text, new_pairs bigint,
                 line bigint, name text, new_key text,
                 was_valid boolean, old_key text, old_lookalike_keys text[],
                 new_to_group boolean, new_partners bigint)
  AS 'MODULE_PATHNAME', 'u8guard_pg_verify_records_groups'
  LANGUAGE C VOLATILE STRICT SECURITY INVOKER
  SET search_path = pg_catalog, pg_temp;
