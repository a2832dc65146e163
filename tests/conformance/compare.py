#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The comparer of the cross-surface conformance test.

    compare.py SOURCE_DIR CASES.tsv REFERENCE.jsonl SURFACE ANSWERS.jsonl

Every driver writes one JSON line per case, {"id", "op", "surface",
"answer"}, with the answer in one representation:

  utf8         {"valid", "valid_up_to", "rule" (the rule id, e.g.
               "utf8/overlong", or null), "error_len"}
  key, enforce, skeleton, path
               {"ok": true, "value": the text} or a rejection:
               {"ok": false, "rule": the rule id, "offset": the byte offset,
               "code_point": an integer or null}
  lookalike    {"ok": true, "value": [the keys]} or a rejection
  restriction  {"ok": true, "value": the level's name} or a rejection
  equivalent   {"value": true or false}
  register     {"outcome", "rule", "offset", "code_point" (the rejection,
               else null), "key", "restriction_level", "lookalike_keys",
               "enforced", "scripts", "display", "version_tag" (the record,
               else null), "conflict" (the protected name it is or
               resembles, else null)}
  rule         {"value": the rule's description}
  (any)        {"error": what failed} when the call failed otherwise

The C++ answers are the reference. A surface must answer every case of
every operation it has, and none of an operation it lacks: the operations a
surface lacks are read from docs/vocabulary.md's table (a cell that starts
with "—"), never listed here. Where a surface differs on purpose, or a
difference was found and not yet fixed, EXCEPTIONS says so, with the
surface's exact answer: when that answer changes, the case is reported
again. Exit status 0 when the surface agrees, 1 with a report otherwise.
"""

import copy
import json
import os
import sys

# The row of docs/vocabulary.md's table that holds each operation.
OPERATION_ROWS = {
    "utf8": "validate: the first error, where and which",
    "key": "the key (canonicalize)",
    "enforce": "the enforced form (to store and show)",
    "equivalent": "are two strings equivalent",
    "skeleton": "the skeleton",
    "lookalike": "the look-alike keys",
    "restriction": "the restriction level",
    # C++, C, Python and Go decide on an empty registry (Registry.Decide
    # and its peers): the record and the verdict that SQL's
    # u8guard_registration and `u8guard register` give for one name.
    "register": "the record of one name, without a registry",
    "path": "sanitize a path",
    "rule": "a rule's description",
}
SURFACES = ["cxx", "c", "python", "go", "sql", "cli"]
COLUMNS = {"cxx": 1, "c": 2, "python": 3, "go": 4, "sql": 5, "cli": 6}

# Fields a surface's answer lacks on purpose: (surface, op, field) -> why.
# The field is left out of both answers before they are compared; the
# surface must not give it.
MISSING_FIELDS = {}

# Surfaces whose strings are text: the cases of the profile operations
# and paths whose inputs are not UTF-8 are not theirs to answer (their
# answers are then reported). The operation utf8 takes bytes everywhere.
TEXT_ONLY = {
    "sql": "PostgreSQL text cannot hold bytes that are not UTF-8: the "
           "server refuses them before any function of u8guard runs",
}

# Differences, case by case: (surface, case id) -> (the surface's answer,
# why). "FOUND:" marks a difference between surfaces found by this test
# and not yet fixed in the library; the others are differences on purpose.
EXCEPTIONS = {}


def lacking_operations(source_dir):
    """{surface: {op: the cell}} for the cells of docs/vocabulary.md's table
    that start with "—"."""
    rows = {}
    with open(os.path.join(source_dir, "docs", "vocabulary.md"),
              encoding="utf-8") as f:
        for line in f:
            if line.startswith("| ") and not line.startswith("| **"):
                cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
                rows[cells[0]] = cells
    lacks = {s: {} for s in SURFACES}
    for op, label in OPERATION_ROWS.items():
        cells = rows.get(label)
        if cells is None or len(cells) != 7:
            raise SystemExit(f"compare: docs/vocabulary.md has no row "
                             f"'{label}' with 7 cells (operation {op})")
        for surface, column in COLUMNS.items():
            if cells[column].startswith("—"):
                lacks[surface][op] = cells[column]
    return lacks


def read_answers(path_or_lines):
    lines = path_or_lines
    if isinstance(path_or_lines, str):
        with open(path_or_lines, encoding="utf-8",
                  errors="surrogateescape") as f:
            lines = f.read().split("\n")
    answers = {}
    for line in lines:
        if not line:
            continue
        j = json.loads(line) if isinstance(line, str) else line
        if j["id"] in answers:
            raise SystemExit(f"compare: case {j['id']} answered twice")
        answers[j["id"]] = j
    return answers


def is_utf8(hex_column):
    try:
        bytes.fromhex(hex_column.strip('"')).decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def read_notes(cases_path):
    """{id: (op, profile, note, whether its inputs are UTF-8)} of
    cases.tsv."""
    notes = {}
    with open(cases_path, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#") and line.strip():
                fields = line.rstrip("\n").split("\t")
                notes[fields[0]] = (fields[1], fields[2],
                                    fields[5] if len(fields) > 5 else "",
                                    is_utf8(fields[3]) and is_utf8(fields[4]))
    return notes


def compare(reference, answers, surface, lacks, notes,
            exceptions=EXCEPTIONS, missing_fields=MISSING_FIELDS,
            not_text=None):
    """The differences of `answers` (surface's) from `reference` (C++'s), one
    readable line each; [] when they agree. The ids of the cases left to
    TEXT_ONLY are appended to `not_text`."""
    problems = []

    def report(case_id, what):
        op, profile, note, _ = notes.get(case_id, ("?", "?", "", True))
        problems.append(f"case {case_id} ({op}, {profile}, {note}): "
                        f"{surface}: {what}")

    for case_id, ref in reference.items():
        op = ref["op"]
        got = answers.get(case_id)
        if op in lacks:
            if got is not None:
                report(case_id, f"answers an operation docs/vocabulary.md "
                       f"says it lacks ({lacks[op]})")
            continue
        if (surface in TEXT_ONLY and op != "utf8" and case_id in notes and
                not notes[case_id][3]):
            if got is not None:
                report(case_id, "answers a case that is not text "
                       f"(TEXT_ONLY: {TEXT_ONLY[surface]})")
            elif not_text is not None:
                not_text.append(case_id)
            continue
        if got is None:
            report(case_id, "no answer")
            continue
        expected = copy.deepcopy(ref["answer"])
        answer = copy.deepcopy(got["answer"])
        for (s, o, field), _ in missing_fields.items():
            if s == surface and o == op:
                expected.pop(field, None)
                if field in answer:
                    report(case_id, f"gives '{field}', listed as missing")
        if (surface, case_id) in exceptions:
            recorded, why = exceptions[(surface, case_id)]
            if answer != recorded:
                report(case_id, f"listed exception ({why}) no longer "
                       f"holds: recorded {json.dumps(recorded)}, got "
                       f"{json.dumps(answer, ensure_ascii=False)}")
            continue
        if answer != expected:
            report(case_id, f"expected {json.dumps(expected, ensure_ascii=False)}"
                   f", got {json.dumps(answer, ensure_ascii=False)}")
    for case_id in answers.keys() - reference.keys():
        report(case_id, "answers a case C++ does not")
    return problems


def print_report(surface, problems, total, not_text=(), out=sys.stderr,
                 limit=60):
    if not_text:
        print(f"conformance: {len(not_text)} cases not UTF-8 left out for "
              f"{surface}: {TEXT_ONLY[surface]}", file=out)
    if not problems:
        print(f"conformance: {surface} agrees with C++ on {total} cases",
              file=out)
        return
    print(f"conformance: {surface} differs from C++ on {len(problems)} of "
          f"{total} cases:", file=out)
    for line in problems[:limit]:
        print("  " + line, file=out)
    if len(problems) > limit:
        print(f"  ... and {len(problems) - limit} more", file=out)


def main():
    source, cases, reference, surface, answers = sys.argv[1:6]
    ref = read_answers(reference)
    not_text = []
    problems = compare(ref, read_answers(answers), surface,
                       lacking_operations(source)[surface], read_notes(cases),
                       not_text=not_text)
    print_report(surface, problems, len(ref), not_text)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
