#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The Python surface of the conformance test: each case of CASES through
the u8guard package (PYTHONPATH: the build's integrations/python), one JSON
line per case on standard output.

    python_surface.py CASES.tsv
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
import u8guard  # noqa: E402

_profiles = {}
_registries = {}


def profile(name):
    if name not in _profiles:
        _profiles[name] = u8guard.Profile(name)
        _registries[name] = u8guard.Registry(_profiles[name])
    return _profiles[name]


def text(data):
    """`data` as str, or as bytes when it is not UTF-8 (the package takes
    both)."""
    try:
        return data.decode()
    except UnicodeDecodeError:
        return data


def of(e):
    return common.rejected(e.rule, e.offset, e.code_point)


def register(case):
    profile(case["profile"])
    d = _registries[case["profile"]].decide(text(case["a"]))
    r, rec = d.rejection, d.record
    return common.register(
        d.outcome, r.rule if r else None, r.offset if r else None,
        r.code_point if r else None, rec.key if rec else None,
        rec.restriction_level if rec else None,
        list(rec.lookalike_keys) if rec else None, d.conflict,
        rec and {"enforced": rec.enforced, "scripts": list(rec.scripts),
                 "display": rec.display, "version_tag": rec.version_tag})


def answer(case):
    op, a = case["op"], case["a"]
    if op == "utf8":
        r = u8guard.validate_utf8(a)
        return common.utf8(r.ok, r.valid_up_to, r.rule, r.error_len)
    if op == "rule":
        return {"value": u8guard.rule_description(a.decode())}
    if op == "register":
        return register(case)
    try:
        if op == "path":
            return common.ok(u8guard.sanitize_path(text(a)))
        p = profile(case["profile"])
        s = text(a)
        if op == "equivalent":
            return {"value": p.equivalent(s, text(case["b"]))}
        method = {"key": p.key, "enforce": p.enforce, "skeleton": p.skeleton,
                  "lookalike": p.lookalike_keys,
                  "restriction": p.restriction_level}[op]
        value = method(s)
        return common.ok(list(value) if op == "lookalike" else value)
    except u8guard.Rejected as e:
        return of(e)


def main():
    sys.stdout.reconfigure(encoding="utf-8", errors="surrogateescape")
    for case in common.read_cases(sys.argv[1]):
        common.emit(case, "python", answer(case))


if __name__ == "__main__":
    main()
