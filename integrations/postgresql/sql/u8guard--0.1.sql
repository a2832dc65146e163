-- CREATE EXTENSION u8guard: PRECIS keys, look-alike skeletons, strict UTF-8
-- and path sanitization for PostgreSQL, over u8guard's C API.
--
-- Every function is STRICT (NULL in, NULL out) and PARALLEL SAFE. Those
-- whose result depends only on their arguments and on the Unicode version
-- of the library are IMMUTABLE, so that expression indexes and CHECK
-- constraints may use them; u8guard_stale_indexes() finds the indexes to
-- rebuild after that version changes (README.md, "Upgrades and REINDEX").

\echo Use "CREATE EXTENSION u8guard" to load this file. \quit

-- ---- comparison keys under a profile ---------------------------------------

-- The comparison key of `name` under the built-in profile `profile` (e.g.
-- 'username-case-mapped'): two names are the same account exactly when their
-- keys are equal. A rejected name raises SQLSTATE 22023 with u8guard's
-- message and the rule, byte offset and code point in DETAIL; an unknown
-- profile raises 42704.
CREATE FUNCTION u8guard_key(name text, profile text) RETURNS text
  AS 'MODULE_PATHNAME', 'u8guard_pg_key'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- As u8guard_key, but NULL for a rejected name (an unknown profile is still
-- an error). For CHECK (u8guard_try_key(name, ...) IS NOT NULL).
CREATE FUNCTION u8guard_try_key(name text, profile text) RETURNS text
  AS 'MODULE_PATHNAME', 'u8guard_pg_try_key'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The enforced form: what to store and show (it keeps case under
-- 'nickname'). Errors as u8guard_key.
CREATE FUNCTION u8guard_enforce(name text, profile text) RETURNS text
  AS 'MODULE_PATHNAME', 'u8guard_pg_enforce'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- True when the profile accepts both names and their keys are equal. Fails
-- closed: a rejected name is equivalent to nothing, not even to itself.
CREATE FUNCTION u8guard_equivalent(a text, b text, profile text)
  RETURNS boolean
  AS 'MODULE_PATHNAME', 'u8guard_pg_equivalent'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The UTS #39 confusable skeleton of the name's key: 'pаypal' (Cyrillic а)
-- and 'paypal' have the same one, so a unique index on it refuses
-- look-alike sign-ups. For comparison only: never a key, never a grant.
-- Errors as u8guard_key.
CREATE FUNCTION u8guard_skeleton(name text, profile text) RETURNS text
  AS 'MODULE_PATHNAME', 'u8guard_pg_skeleton'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Why the profile rejects `name`: byte_offset (0-based, in the name's UTF-8
-- bytes), code_point (NULL when no one code point is to blame), rule (the
-- stable id, e.g. 'DISALLOWED/spaces') and message; NULL when it accepts it.
CREATE TYPE u8guard_rejection AS (
  byte_offset bigint,
  code_point integer,
  rule text,
  message text
);

CREATE FUNCTION u8guard_rejection(name text, profile text)
  RETURNS u8guard_rejection
  AS 'MODULE_PATHNAME', 'u8guard_pg_rejection'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The built-in profiles, by name.
CREATE FUNCTION u8guard_profiles() RETURNS SETOF text
  AS 'MODULE_PATHNAME', 'u8guard_pg_profiles'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ---- strict UTF-8 (RFC 3629) -----------------------------------------------

-- Validates bytes that arrived as bytea: valid, valid_up_to (the bytes
-- before the first error, or the length), kind (the rule id, e.g.
-- 'utf8/overlong'; NULL when valid) and error_len (the length of the
-- maximal ill-formed subpart; 0 when valid or truncated).
CREATE TYPE u8guard_utf8_check AS (
  valid boolean,
  valid_up_to bigint,
  kind text,
  error_len integer
);

CREATE FUNCTION u8guard_check_utf8(bytes bytea) RETURNS u8guard_utf8_check
  AS 'MODULE_PATHNAME', 'u8guard_pg_check_utf8'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ---- paths ------------------------------------------------------------------

-- An untrusted path as a normalized relative path that cannot leave its
-- root (u8guard_c.h, u8guard_sanitize_path): the options and their defaults
-- are the C API's, with the names the CLI and policy files use
-- (normalization 'NFC' or 'NFKC', dot_dot 'reject' or 'resolve'). A rejected
-- path raises 22023 (rule, offset and code point in DETAIL), a bad option
-- 22023 without a rule.
CREATE FUNCTION u8guard_sanitize_path(
    path text,
    percent_decode boolean DEFAULT false,
    dot_dot text DEFAULT 'reject',
    leading_separator_is_root boolean DEFAULT false,
    allow_hidden boolean DEFAULT false,
    windows boolean DEFAULT false,
    backslash_is_separator boolean DEFAULT false,
    normalization text DEFAULT 'NFC',
    max_depth integer DEFAULT 32,
    max_length integer DEFAULT 4096,
    root text DEFAULT '',
    segment_profile text DEFAULT 'path-segment')
  RETURNS text
  AS 'MODULE_PATHNAME', 'u8guard_pg_sanitize_path'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ---- versions ---------------------------------------------------------------

-- The versions the functions compute with now: u8guard's, ICU's and the
-- Unicode data's. STABLE, not IMMUTABLE: an upgrade changes them.
CREATE FUNCTION u8guard_versions(OUT library text, OUT icu text,
                                 OUT unicode text)
  AS 'MODULE_PATHNAME', 'u8guard_pg_versions'
  LANGUAGE C STABLE STRICT PARALLEL SAFE;

-- ---- the Unicode-version hazard: indexes built under other versions --------

-- The versions each index over a u8guard function was built under, recorded
-- when it is created (the event trigger below) or rebuilt through
-- u8guard_reindex(). `relfilenode` is the index's storage at that time: a
-- REINDEX, VACUUM FULL or CLUSTER gives it new storage.
CREATE TABLE u8guard_index_builds (
  index_oid oid PRIMARY KEY,
  relfilenode oid NOT NULL,
  library text NOT NULL,
  icu text NOT NULL,
  unicode text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
-- Anyone may read it; only the functions below (SECURITY DEFINER) write it.
GRANT SELECT ON u8guard_index_builds TO PUBLIC;

-- The indexes whose definition calls a function of this extension.
CREATE FUNCTION u8guard_dependent_indexes()
  RETURNS TABLE (index_oid oid, table_oid oid, relfilenode oid)
  LANGUAGE sql STABLE PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT DISTINCT i.indexrelid, i.indrelid, c.relfilenode
    FROM pg_depend d
    JOIN pg_depend e ON e.classid = 'pg_proc'::regclass
                    AND e.objid = d.refobjid
                    AND e.refclassid = 'pg_extension'::regclass
                    AND e.deptype = 'e'
    JOIN pg_extension x ON x.oid = e.refobjid AND x.extname = 'u8guard'
    JOIN pg_index i ON i.indexrelid = d.objid
    JOIN pg_class c ON c.oid = i.indexrelid
    WHERE d.classid = 'pg_class'::regclass
      AND d.refclassid = 'pg_proc'::regclass
  $$;

-- Records the current versions for `index` (its current storage).
CREATE FUNCTION u8guard_record_index_build(index regclass) RETURNS void
  LANGUAGE sql VOLATILE STRICT SECURITY DEFINER
  SET search_path = @extschema@, pg_catalog, pg_temp
  AS $$
    INSERT INTO @extschema@.u8guard_index_builds
      (index_oid, relfilenode, library, icu, unicode)
    SELECT c.oid, c.relfilenode, v.library, v.icu, v.unicode
    FROM pg_catalog.pg_class c, @extschema@.u8guard_versions() v
    WHERE c.oid = index
    ON CONFLICT (index_oid) DO UPDATE
      SET relfilenode = excluded.relfilenode, library = excluded.library,
          icu = excluded.icu, unicode = excluded.unicode,
          recorded_at = excluded.recorded_at
  $$;

-- Recording is for the event trigger and for operators: superusers, or
-- roles granted EXECUTE on these functions (README.md, "Upgrades and
-- REINDEX").
REVOKE ALL ON FUNCTION u8guard_record_index_build(regclass) FROM PUBLIC;

-- Event trigger: after CREATE INDEX (and CREATE/ALTER TABLE, which create
-- the indexes of new partitions), records every index over a u8guard
-- function that has no record yet: it was just built, with the library
-- loaded now. Records of dropped indexes are removed on the way.
CREATE FUNCTION u8guard_record_new_indexes() RETURNS event_trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = @extschema@, pg_catalog, pg_temp
  AS $$
  BEGIN
    DELETE FROM @extschema@.u8guard_index_builds b
      WHERE NOT EXISTS (SELECT 1 FROM pg_catalog.pg_class c
                        WHERE c.oid = b.index_oid);
    PERFORM @extschema@.u8guard_record_index_build(d.index_oid::regclass)
      FROM @extschema@.u8guard_dependent_indexes() d
      WHERE NOT EXISTS (SELECT 1 FROM @extschema@.u8guard_index_builds b
                        WHERE b.index_oid = d.index_oid);
  END
  $$;

CREATE EVENT TRIGGER u8guard_record_new_indexes ON ddl_command_end
  WHEN TAG IN ('CREATE INDEX', 'CREATE TABLE', 'ALTER TABLE')
  EXECUTE FUNCTION u8guard_record_new_indexes();

-- The indexes over u8guard functions that may not match the library running
-- now, with the versions they were built under and why they are listed:
--   'built under other versions'       recorded versions differ from now;
--   'no record of its build'            built before the records began, or
--                                       the record was lost.
-- An index rebuilt by a plain REINDEX after an upgrade keeps its old record
-- (PostgreSQL 15 gives event triggers no REINDEX): rebuild through
-- u8guard_reindex() instead, or call u8guard_record_rebuilt() after
-- REINDEX ... CONCURRENTLY.
CREATE FUNCTION u8guard_stale_indexes()
  RETURNS TABLE (index regclass, table_name regclass, built_library text,
                 built_icu text, built_unicode text, reason text)
  LANGUAGE sql STABLE PARALLEL SAFE
  SET search_path = @extschema@, pg_catalog, pg_temp
  AS $$
    SELECT d.index_oid::regclass, d.table_oid::regclass,
           b.library, b.icu, b.unicode,
           CASE WHEN b.index_oid IS NULL THEN 'no record of its build'
                ELSE 'built under other versions' END
    FROM @extschema@.u8guard_dependent_indexes() d
    CROSS JOIN @extschema@.u8guard_versions() v
    LEFT JOIN @extschema@.u8guard_index_builds b
      ON b.index_oid = d.index_oid
    WHERE b.index_oid IS NULL
       OR (b.library, b.icu, b.unicode) IS DISTINCT FROM
          (v.library, v.icu, v.unicode)
    ORDER BY d.table_oid::regclass::text, d.index_oid::regclass::text
  $$;

-- Raises 22023 unless `index` is an index over a u8guard function.
CREATE FUNCTION u8guard_require_dependent_index(index regclass) RETURNS void
  LANGUAGE plpgsql STABLE STRICT
  SET search_path = @extschema@, pg_catalog, pg_temp
  AS $$
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM @extschema@.u8guard_dependent_indexes() d
                   WHERE d.index_oid = index) THEN
      RAISE EXCEPTION 'index % does not use u8guard', index
        USING ERRCODE = 'invalid_parameter_value';
    END IF;
  END
  $$;

-- Rebuilds `index` (REINDEX INDEX: it locks the table against writes while
-- it runs) and records the versions it was rebuilt under. Only for indexes
-- over u8guard functions. Returns the index.
CREATE FUNCTION u8guard_reindex(index regclass) RETURNS regclass
  LANGUAGE plpgsql VOLATILE STRICT
  SET search_path = @extschema@, pg_catalog, pg_temp
  AS $$
  BEGIN
    PERFORM @extschema@.u8guard_require_dependent_index(index);
    EXECUTE format('REINDEX INDEX %s', index);
    PERFORM @extschema@.u8guard_record_index_build(index);
    RETURN index;
  END
  $$;

-- Rebuilds every index u8guard_stale_indexes() lists; returns them.
CREATE FUNCTION u8guard_reindex_stale() RETURNS SETOF regclass
  LANGUAGE sql VOLATILE
  SET search_path = @extschema@, pg_catalog, pg_temp
  AS $$
    SELECT @extschema@.u8guard_reindex(s.index)
    FROM @extschema@.u8guard_stale_indexes() s
  $$;

-- Records that `index` was rebuilt under the versions running now, after a
-- REINDEX INDEX CONCURRENTLY (which cannot run inside a function). Refused
-- when the index's storage is the one recorded: it was not rebuilt since.
CREATE FUNCTION u8guard_record_rebuilt(index regclass) RETURNS regclass
  LANGUAGE plpgsql VOLATILE STRICT
  SET search_path = @extschema@, pg_catalog, pg_temp
  AS $$
  BEGIN
    PERFORM @extschema@.u8guard_require_dependent_index(index);
    IF EXISTS (SELECT 1 FROM @extschema@.u8guard_index_builds b
               JOIN pg_class c ON c.oid = b.index_oid
               WHERE b.index_oid = index
                 AND b.relfilenode = c.relfilenode) THEN
      RAISE EXCEPTION 'index % was not rebuilt since its build was recorded',
        index
        USING ERRCODE = 'object_not_in_prerequisite_state',
              HINT = 'REINDEX INDEX CONCURRENTLY it first, or call u8guard_reindex()';
    END IF;
    PERFORM @extschema@.u8guard_record_index_build(index);
    RETURN index;
  END
  $$;

REVOKE ALL ON FUNCTION u8guard_reindex(regclass) FROM PUBLIC;
REVOKE ALL ON FUNCTION u8guard_reindex_stale() FROM PUBLIC;
REVOKE ALL ON FUNCTION u8guard_record_rebuilt(regclass) FROM PUBLIC;
