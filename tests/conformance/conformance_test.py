#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs one surface of the cross-surface conformance test, or its self-test.

    conformance_test.py cxx|c|python|go|sql|cli
    conformance_test.py --self-test

Runs the C++ driver on cases.tsv (the reference), then the surface's
driver, and compares the two with compare.py. `cxx` checks the reference
itself: every case answered once, no call failing otherwise than by a
rejection, a few answers known by heart, and cases.tsv what gen_cases.py
writes from the library's rule ids and the shared test data. Exit status 0 when the surface
agrees, 1 with a report (case, operation, surface, expected, got), 77 when
the surface is not built here (no Python module, no PostgreSQL extension or
server, no Go tests' prefix).

The self-test plants, in a copy of the reference, one difference per
operation (and an unanswered case, an answer to an operation the surface
lacks, a listed exception that no longer holds) and expects each reported,
and the unchanged copy to agree.

Environment (tests/conformance/CMakeLists.txt): U8GUARD_SOURCE_DIR,
U8GUARD_BUILD_DIR, U8GUARD_WORK_DIR, U8GUARD_CONFORMANCE_DRIVER, U8GUARD_CLI,
U8GUARD_PYTHON_MODULE, U8GUARD_PG_MODULE, U8GUARD_GO, U8GUARD_GO_PREFIX,
U8GUARD_LIBDIR, U8GUARD_ICU_LIBDIR, U8GUARD_SHARED_TESTDATA.
"""

import copy
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare  # noqa: E402

CASES = os.path.join(HERE, "cases.tsv")
SKIP = 77

# Answers known by heart, checked in the reference: (op, profile, input)
# -> answer.
ANCHORS = [
    ("key", "username-case-mapped", "Alice", {"ok": True, "value": "alice"}),
    ("key", "username-case-mapped", "a b",
     {"ok": False, "rule": "DISALLOWED/spaces", "offset": 1,
      "code_point": 0x20}),
    ("enforce", "nickname", "  Nick   Name  ",
     {"ok": True, "value": "Nick Name"}),
    ("path", "-", "a/./b", {"ok": True, "value": "a/b"}),
    ("utf8", "-", b"\xc0\x80".hex(),
     {"valid": False, "valid_up_to": 0, "rule": "utf8/overlong",
      "error_len": 1}),
]


def env(name, default=""):
    return os.environ.get(name, default)


def work_dir(surface):
    path = os.path.join(env("U8GUARD_WORK_DIR", "/tmp/u8guard-conformance"),
                        surface)
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def run_driver(argv, surface, **kwargs):
    """The answers (JSON lines) the driver `argv` prints."""
    start = time.monotonic()
    p = subprocess.run(argv, stdout=subprocess.PIPE, check=False, **kwargs)
    print(f"conformance: the {surface} driver took "
          f"{time.monotonic() - start:.1f} s", file=sys.stderr)
    if p.returncode == SKIP:
        sys.exit(SKIP)  # (the driver said why)
    if p.returncode != 0:
        raise SystemExit(f"conformance: {argv[0]} exited {p.returncode}")
    return p.stdout.decode("utf-8", "surrogateescape").split("\n")


def reference():
    return compare.read_answers(run_driver(
        [env("U8GUARD_CONFORMANCE_DRIVER"), "cxx", CASES], "cxx"))


def check_generated():
    """"" when cases.tsv is what gen_cases.py writes from the library's rules
    and the shared test data, else why not (not checked, with a message,
    without the shared files)."""
    shared = env("U8GUARD_SHARED_TESTDATA")
    needed = ["UTF-8-test.txt", "fuzzdb-traversals-8-deep-exotic-encoding.txt"]
    if not all(os.path.exists(os.path.join(shared, f)) for f in needed):
        print(f"conformance: no {needed} in '{shared}': cases.tsv not "
              "regenerated", file=sys.stderr)
        return ""
    rules = os.path.join(work_dir("rules"), "rules.txt")
    with open(rules, "wb") as f:
        f.write(subprocess.run([env("U8GUARD_CONFORMANCE_DRIVER"), "rules"],
                               stdout=subprocess.PIPE, check=True).stdout)
    generated = subprocess.run(
        [sys.executable, os.path.join(HERE, "gen_cases.py"), "--rules", rules,
         shared], stdout=subprocess.PIPE, check=True).stdout
    with open(CASES, "rb") as f:
        if f.read() != generated:
            return ("cases.tsv is not what gen_cases.py writes now: run it "
                    "(see its usage) and commit the result")
    return ""


def check_reference(ref, notes):
    """The reference's own problems: unanswered cases, failed calls, wrong
    anchors."""
    problems = [f"case {i}: C++ gives no answer" for i in notes
                if i not in ref]
    problems += [f"case {i}: C++ failed: {a['answer']['error']}"
                 for i, a in ref.items() if "error" in a["answer"]]
    by_input = {}
    with open(CASES, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                fields = line.split("\t")
                by_input[(fields[1], fields[2], fields[3])] = fields[0]
    for op, profile, text, expected in ANCHORS:
        hexed = text if op == "utf8" else text.encode().hex()
        case_id = by_input.get((op, profile, hexed))
        got = ref.get(case_id, {}).get("answer")
        if got != expected:
            problems.append(f"anchor {op} {profile} '{text}': expected "
                            f"{expected}, got {got}")
    return problems


# ---- the surfaces' drivers --------------------------------------------------

def c_answers():
    return run_driver([env("U8GUARD_CONFORMANCE_DRIVER"), "c", CASES], "c")


def python_answers():
    module = env("U8GUARD_PYTHON_MODULE")
    if not module or not os.path.exists(module):
        print("conformance: the Python module is not built", file=sys.stderr)
        sys.exit(SKIP)
    python = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") \
        else sys.executable
    environment = dict(os.environ,
                       PYTHONPATH=os.path.dirname(os.path.dirname(module)))
    return run_driver([python, os.path.join(HERE, "drivers",
                                            "python_surface.py"), CASES],
                      "python", env=environment)


def cli_answers():
    return run_driver([sys.executable, os.path.join(HERE, "drivers",
                                                    "cli_surface.py"),
                       env("U8GUARD_CLI"), CASES, work_dir("cli")], "cli")


def sql_answers():
    return run_driver([sys.executable, os.path.join(HERE, "drivers",
                                                    "sql_surface.py"),
                       CASES, work_dir("sql")], "sql")


def go_answers():
    return run_driver([sys.executable, os.path.join(HERE, "drivers",
                                                    "go_surface.py"),
                       CASES, work_dir("go")], "go")


DRIVERS = {"c": c_answers, "python": python_answers, "cli": cli_answers,
           "sql": sql_answers, "go": go_answers}


def run_surface(surface):
    notes = compare.read_notes(CASES)
    ref = reference()
    if surface == "cxx":
        problems = check_reference(ref, notes)
        stale = check_generated()
        if stale:
            problems.append(stale)
        compare.print_report("cxx", problems, len(notes))
        return 1 if problems else 0
    lines = DRIVERS[surface]()
    with open(os.path.join(work_dir(surface + ".answers"), "answers.jsonl"),
              "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write("\n".join(lines) + "\n")
    lacks = compare.lacking_operations(env("U8GUARD_SOURCE_DIR"))[surface]
    not_text = []
    problems = compare.compare(ref, compare.read_answers(lines), surface,
                               lacks, notes, not_text=not_text)
    compare.print_report(surface, problems, len(ref), not_text)
    return 1 if problems else 0


# ---- the self-test ------------------------------------------------------------

def perturb(answer):
    """A copy of `answer` with one field changed."""
    changed = copy.deepcopy(answer)
    for field, value in changed.items():
        if isinstance(value, bool):
            changed[field] = not value
        elif isinstance(value, int):
            changed[field] = value + 1
        elif isinstance(value, str):
            changed[field] = value + "x"
        elif isinstance(value, list):
            changed[field] = value + ["x"]
        else:
            continue
        # A rejection whose "ok" flipped to true: change its rule instead.
        if field == "ok" and not value:
            changed = copy.deepcopy(answer)
            changed["rule"] += "x"
        return changed
    raise SystemExit(f"conformance: cannot perturb {answer}")


class SelfTest:
    """Plants differences in copies of the reference and expects compare.py
    to report each, exactly once."""

    def __init__(self):
        self.notes = compare.read_notes(CASES)
        self.ref = reference()
        self.lacks = compare.lacking_operations(env("U8GUARD_SOURCE_DIR"))
        self.same = {i: dict(a, surface="cxx") for i, a in self.ref.items()}
        self.failures = []

    def expect(self, what, answers, surface, count, **kwargs):
        problems = compare.compare(self.ref, answers, surface,
                                   self.lacks[surface], self.notes, **kwargs)
        if len(problems) != count:
            self.failures.append(f"{what}: expected {count} reported, got "
                                 f"{len(problems)}: {problems[:3]}")

    def first(self, predicate):
        return next(i for i, a in self.same.items() if predicate(a, i))

    def changed_answers(self):
        """One changed answer per operation, and one changed offset per
        operation that rejects."""
        self.expect("the reference against itself", self.same, "cxx", 0)
        ops = sorted({a["op"] for a in self.ref.values()})
        if sorted(compare.OPERATION_ROWS) != ops:
            self.failures.append(f"cases.tsv's operations {ops} are not "
                                 "compare.py's")
        for op in ops:
            first = self.first(lambda a, _: a["op"] == op)
            planted = copy.deepcopy(self.same)
            planted[first]["answer"] = perturb(self.ref[first]["answer"])
            self.expect(f"a changed {op} answer ({first})", planted, "cxx", 1)
            rejected = [i for i, a in self.ref.items() if a["op"] == op and
                        a["answer"].get("ok") is False]
            if rejected:
                planted = copy.deepcopy(self.same)
                planted[rejected[0]]["answer"]["offset"] += 1
                self.expect(f"a changed {op} offset ({rejected[0]})", planted,
                            "cxx", 1)
        missing = dict(self.same)
        missing.pop(next(iter(missing)))
        self.expect("an unanswered case", missing, "cxx", 1)
        return len(ops)

    def lacking_surfaces(self):
        """The operations the table says a surface lacks, SQL's cases
        that are not text, and a registration answer of SQL's without the
        code point (its type has the column since extension 0.5)."""
        if ("restriction" not in self.lacks["sql"] or
                "rule" not in self.lacks["cli"]):
            self.failures.append("docs/vocabulary.md: SQL should lack the "
                                 "restriction level, the tool rule "
                                 "descriptions")
        cli = {i: a for i, a in self.same.items()
               if a["op"] not in self.lacks["cli"]}
        self.expect("the tool without the operations it lacks", cli, "cli", 0)
        some = self.first(lambda a, _: a["op"] == "restriction")
        self.expect("an answer to an operation the tool lacks",
                    dict(cli, **{some: self.same[some]}), "cli", 1)
        sql = {i: copy.deepcopy(a) for i, a in self.same.items()
               if a["op"] not in self.lacks["sql"] and
               (a["op"] == "utf8" or self.notes[i][3])}
        self.expect("SQL without bytes", sql, "sql", 0)
        some = self.first(lambda a, i: a["op"] == "register" and i in sql)
        lacking = copy.deepcopy(sql[some])
        lacking["answer"].pop("code_point")
        self.expect("SQL's registration without the code point",
                    dict(sql, **{some: lacking}), "sql", 1)
        some = self.first(lambda a, i: a["op"] == "key" and
                          not self.notes[i][3])
        self.expect("SQL answering a case that is not text",
                    dict(sql, **{some: self.same[some]}), "sql", 1)

    def exceptions(self):
        """A listed exception agrees while the surface keeps its answer."""
        case_id = next(iter(self.same))
        recorded = perturb(self.same[case_id]["answer"])
        exceptions = {("cxx", case_id): (recorded, "planted")}
        planted = copy.deepcopy(self.same)
        planted[case_id]["answer"] = recorded
        self.expect("a listed exception that holds", planted, "cxx", 0,
                    exceptions=exceptions)
        self.expect("a listed exception that no longer holds", self.same,
                    "cxx", 1, exceptions=exceptions)

    def run(self):
        ops = self.changed_answers()
        self.lacking_surfaces()
        self.exceptions()
        for f in self.failures:
            print("FAILED: " + f, file=sys.stderr)
        if not self.failures:
            print(f"conformance self-test: {ops} operations, every planted "
                  "difference reported", file=sys.stderr)
        return 1 if self.failures else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return SelfTest().run()
    if len(sys.argv) != 2 or sys.argv[1] not in compare.SURFACES:
        sys.exit(__doc__)
    return run_surface(sys.argv[1])


if __name__ == "__main__":
    sys.exit(main())
