# SPDX-License-Identifier: Apache-2.0
"""What every Python-written driver of the conformance test shares: the
cases of cases.tsv and the answers' one representation (compare.py)."""

import json
import sys


def read_cases(path):
    """The cases of cases.tsv: dicts with id, op, profile, a and b (bytes)."""
    cases = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            a, b = (b"" if h == '""' else bytes.fromhex(h)
                    for h in fields[3:5])
            cases.append({"id": fields[0], "op": fields[1],
                          "profile": fields[2], "a": a, "b": b})
    return cases


def rejected(rule, offset, code_point):
    return {"ok": False, "rule": rule, "offset": offset,
            "code_point": code_point}


def ok(value):
    return {"ok": True, "value": value}


def utf8(valid, valid_up_to, rule, error_len):
    return {"valid": valid, "valid_up_to": valid_up_to, "rule": rule,
            "error_len": error_len}


def register(outcome, rule=None, offset=None, code_point=None, key=None,
             restriction_level=None, lookalike_keys=None, conflict=None,
             record=None):
    """A decision; `record` the record's enforced form, scripts, display
    safety and version tag, as a dict, when it has one."""
    answer = {"outcome": outcome, "rule": rule, "offset": offset,
              "code_point": code_point, "key": key,
              "restriction_level": restriction_level,
              "lookalike_keys": lookalike_keys, "conflict": conflict or None}
    for field in ("enforced", "scripts", "display", "version_tag"):
        answer[field] = record[field] if record else None
    return answer


def emit(case, surface, answer, out=sys.stdout):
    out.write(json.dumps({"id": case["id"], "op": case["op"],
                          "surface": surface, "answer": answer},
                         ensure_ascii=False) + "\n")
