-- SPDX-License-Identifier: Apache-2.0
-- u8guard 0.4 -> 0.5 (ALTER EXTENSION u8guard UPDATE).
--
-- 0.5 leaves every decision to the library. u8guard_verify_records
-- re-derived the verification's rules as a query, a second copy of them
-- that had drifted (its pairs named the first record by name where the
-- library takes the first in the records' order, and it gave no groups):
-- it is now a C function over the library's streaming verifier, with the
-- same columns, reading the rows in the order of name COLLATE "C".
-- u8guard_verify_records_groups gives the verification's groups.
-- u8guard_validate_utf8 is u8guard_check_utf8 under the vocabulary's name
-- (docs/vocabulary.md). u8guard_bidi_skeleton is UTS #39's bidi skeleton. The defaults of u8guard_sanitize_path's max_depth
-- and max_length are read from the C API instead of restated here. The
-- functions 0.4's query called (u8guard_internal.u8guard_try_key,
-- u8guard_lookalike_keys, u8guard_rejection) stay, unused, as a fresh 0.5
-- has them too.
--
-- Every statement names its functions and types with their schema
-- (tests/lint/pg_search_path.py); the result equals a fresh install of 0.5
-- (PostgreSQL.PgUpdate.*).

\echo Use "ALTER EXTENSION u8guard UPDATE TO '0.5'" to load this file. \quit

-- u8guard_registration's fields under the names every other surface gives
-- them (docs/vocabulary.md), beside the 0.x names, which stay: outcome
-- (= verdict), conflict (= protected_name), code_point (the rejected code
-- point's scalar value, NULL when none) and shared_key (NULL when none).
-- Added last, in the order of a fresh 0.5 (PostgreSQL.PgUpdate.*).
ALTER TYPE @extschema@.u8guard_registration
  ADD ATTRIBUTE outcome text,
  ADD ATTRIBUTE conflict text,
  ADD ATTRIBUTE code_point integer,
  ADD ATTRIBUTE shared_key text;

CREATE FUNCTION @extschema@.u8guard_validate_utf8(bytes bytea)
  RETURNS @extschema@.u8guard_utf8_check
  AS 'MODULE_PATHNAME', 'u8guard_pg_check_utf8'
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
CREATE OR REPLACE FUNCTION @extschema@.u8guard_sanitize_path(
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
CREATE OR REPLACE FUNCTION @extschema@.u8guard_verify_records(
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
