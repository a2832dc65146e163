#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The SQL surface of the conformance test: each case of CASES through the
extension's functions (those of version 0.4) with psql, on a throw-away
server this starts itself with integrations/postgresql/pg_cluster.sh;
one JSON line per case on standard output.

    sql_surface.py CASES.tsv WORK_DIR

Environment: U8GUARD_SOURCE_DIR, U8GUARD_BUILD_DIR, U8GUARD_PG_MODULE (the
built module; exits 77 when empty), U8GUARD_PG_CONFIG (else pg_config of
PostgreSQL 15 or on PATH). The inputs travel as hex, decoded in SQL
(convert_from(decode(...), 'UTF8')); a rejection is the error's DETAIL
("rule R, byte offset N[, code point U+XXXX]"), caught by a PL/pgSQL
wrapper. The operations SQL lacks (restriction, rule:
docs/vocabulary.md) are not asked.
"""

import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

SKIP = 77
WRAPPER = r"""
CREATE EXTENSION u8guard;
CREATE FUNCTION pg_temp.conformance_try(q text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  result text;
  detail text;
  state text;
BEGIN
  EXECUTE q INTO result;
  RETURN json_build_object('ok', true, 'value', result::json)::text;
EXCEPTION WHEN others THEN
  GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL,
                          state = RETURNED_SQLSTATE;
  RETURN json_build_object('ok', false, 'detail', detail, 'state', state,
                           'message', SQLERRM)::text;
END $$;
"""
DETAIL = re.compile(r"^rule (\S+), byte offset (\d+)(?:, code point U\+([0-9A-F]+))?$")


def text(data):
    return f"convert_from(decode('{data.hex()}', 'hex'), 'UTF8')"


def literal(s):
    return "'" + s.replace("'", "''") + "'"


def utf8_text(data):
    try:
        data.decode()
        return True
    except UnicodeDecodeError:
        return False


def query(case):
    """The query whose one JSON value answers `case`; None when SQL lacks
    the operation, or when its text is not UTF-8 (compare.TEXT_ONLY)."""
    op, p = case["op"], literal(case["profile"])
    if op != "utf8" and not (utf8_text(case["a"]) and utf8_text(case["b"])):
        return None
    a = text(case["a"])
    if op == "utf8":
        return (f"SELECT row_to_json(c)::text FROM u8guard_check_utf8("
                f"decode('{case['a'].hex()}', 'hex')) c")
    if op == "register":
        return f"SELECT row_to_json(r)::text FROM u8guard_registration({a}, {p}) r"
    call = {
        "key": f"u8guard_key({a}, {p})",
        "enforce": f"u8guard_enforce({a}, {p})",
        "skeleton": f"u8guard_skeleton({a}, {p})",
        "lookalike": f"u8guard_lookalike_keys({a}, {p})",
        "equivalent": f"u8guard_equivalent({a}, {text(case['b'])}, {p})",
        "path": f"u8guard_sanitize_path({a})",
    }.get(op)
    return call and f"SELECT to_json({call})::text"


def answer(case, j):
    op = case["op"]
    if not j["ok"]:
        m = DETAIL.match(j["detail"] or "")
        if not m or op in ("utf8", "register", "equivalent"):
            return {"error": f"{j['state']}: {j['message']} ({j['detail']})"}
        cp = int(m.group(3), 16) if m.group(3) else None
        return common.rejected(m.group(1), int(m.group(2)), cp)
    v = j["value"]
    if op == "utf8":
        return common.utf8(v["valid"], v["valid_up_to"], v["kind"],
                           v["error_len"])
    if op == "equivalent":
        return {"value": v}
    if op == "register":
        return common.register(
            v["outcome"], v["rule"], v["byte_offset"], v["code_point"],
            v["key"], v["restriction_level"], v["lookalike_keys"],
            v["conflict"], v if v["key"] is not None else None)
    return common.ok(v)


def pg_config():
    for candidate in (os.environ.get("U8GUARD_PG_CONFIG"),
                      "/usr/lib/postgresql/15/bin/pg_config",
                      shutil.which("pg_config")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def main():
    cases_path, work = sys.argv[1:3]
    module = os.environ.get("U8GUARD_PG_MODULE", "")
    config = pg_config()
    if not module or not os.path.exists(module) or not config:
        print("sql_surface: the PostgreSQL extension is not built",
              file=sys.stderr)
        sys.exit(SKIP)
    bindir = subprocess.run([config, "--bindir"], stdout=subprocess.PIPE,
                            check=True, text=True).stdout.strip()
    cases = common.read_cases(cases_path)
    asked = [(c, query(c)) for c in cases]
    asked = [(c, q) for c, q in asked if q]
    script = os.path.join(work, "cases.sql")
    with open(script, "w", encoding="utf-8") as f:
        f.write(WRAPPER)
        for c, q in asked:
            # The answer travels as hex: psql's output drops some
            # characters it cannot show (U+1FFFE), which would look like
            # the extension losing them.
            f.write(f"SELECT {literal(c['id'])} || E'\\t' || encode("
                    f"convert_to(pg_temp.conformance_try({literal(q)}), "
                    f"'UTF8'), 'hex');\n")
    cluster = os.path.join(os.environ["U8GUARD_SOURCE_DIR"], "integrations",
                           "postgresql", "pg_cluster.sh")
    state = os.path.join(work, "pg_cluster.state")
    subprocess.run([cluster, "start", state, os.environ["U8GUARD_BUILD_DIR"],
                    bindir], check=True, stdout=sys.stderr)
    try:
        with open(state, encoding="utf-8") as f:
            server = f.read().strip()
        p = subprocess.run(
            [os.path.join(bindir, "psql"), "-X", "-q", "-A", "-t",
             "-v", "ON_ERROR_STOP=1", "-h", server, "-U", "postgres",
             "-d", "postgres", "-f", script],
            stdout=subprocess.PIPE, check=True)
    finally:
        subprocess.run([cluster, "stop", state], check=False)
    got = {}
    for line in p.stdout.decode("utf-8").split("\n"):
        if "\t" in line:
            case_id, j = line.split("\t", 1)
            got[case_id] = json.loads(bytes.fromhex(j).decode("utf-8"))
    sys.stdout.reconfigure(encoding="utf-8")
    for c, _ in asked:
        common.emit(c, "sql", answer(c, got[c["id"]]) if c["id"] in got
                    else {"error": "no row"})


if __name__ == "__main__":
    main()
