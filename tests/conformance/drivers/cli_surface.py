#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The tool's surface of the conformance test: each case of CASES through
the built u8guard with --format=json, one JSON line per case on standard
output in the answers' one representation (compare.py).

    cli_surface.py U8GUARD CASES.tsv WORK_DIR

The inputs are arguments after "--" (a few hundred per run), and again
lines of standard input (the co-process mode), whose answers must be the
same; the UTF-8 cases are files of WORK_DIR given to `u8guard check`. The operations the tool
lacks (restriction, rule: docs/vocabulary.md says "—") are not asked.
"""

import concurrent.futures
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

# The command of each operation that takes a profile.
COMMANDS = {
    "key": ["canon"], "enforce": ["enforce"], "skeleton": ["skeleton"],
    "lookalike": ["skeleton", "--lookalike-keys"], "register": ["register"],
}
CHUNK = 200


def run(tool, args, inputs, answers_per_chunk=None):
    """The JSON objects `u8guard ARGS -f json -- INPUTS` prints, one per
    input (or answers_per_chunk)."""
    out = []
    for i in range(0, len(inputs), CHUNK):
        chunk = inputs[i:i + CHUNK]
        expected = answers_per_chunk or len(chunk)
        p = subprocess.run([tool] + args + ["--format=json", "--"] +
                           [os.fsencode(i) for i in chunk],
                           stdout=subprocess.PIPE, check=False)
        if p.returncode not in (0, 1):
            sys.exit(f"cli_surface: {args} exited {p.returncode}")
        lines = [l for l in p.stdout.decode("utf-8", "surrogateescape")
                 .split("\n") if l]
        if len(lines) != expected:
            sys.exit(f"cli_surface: {args}: {len(lines)} answers for "
                     f"{len(chunk)} inputs")
        out += [json.loads(l) for l in lines]
    return out


def code_point(j):
    """"U+0020" as 32; None when there is none."""
    cp = j.get("code_point")
    return int(cp[2:], 16) if cp else None


def text_answer(op, j):
    if "rule" in j:
        return common.rejected(j["rule"], j["offset"], code_point(j))
    value = {"key": "output", "enforce": "output", "path": "output",
             "skeleton": "skeleton", "lookalike": "lookalike_keys"}[op]
    return common.ok(j[value])


def register_answer(j):
    return common.register(
        j["outcome"], j.get("rule"), j.get("offset"), code_point(j),
        j.get("key"), j.get("restriction_level"), j.get("lookalike_keys"),
        j.get("conflict"), j if "key" in j else None)


def utf8_answers(tool, cases, work):
    os.makedirs(work, exist_ok=True)
    files = []
    for c in cases:
        path = os.path.join(work, c["id"])
        with open(path, "wb") as f:
            f.write(c["a"])
        files.append(path)
    answers = []
    for j in run(tool, ["check"], files):
        # The tool names the kind without the rule's "utf8/" prefix
        # ("overlong"): its rule id is "utf8/" + the name; a valid file has
        # no "error_len" (0 on the other surfaces).
        kind = j.get("error")
        answers.append(common.utf8(j["valid"], j["valid_up_to"],
                                   "utf8/" + kind if kind else None,
                                   j.get("error_len", 0)))
    return answers


def run_lines(tool, args, inputs):
    """The JSON objects `u8guard ARGS -f json` prints for INPUTS given as
    lines of its standard input (the co-process mode)."""
    p = subprocess.run([tool] + args + ["--format=json"],
                       input=b"".join(i + b"\n" for i in inputs),
                       stdout=subprocess.PIPE, check=False)
    if p.returncode not in (0, 1):
        sys.exit(f"cli_surface: {args} on standard input exited "
                 f"{p.returncode}")
    return [json.loads(l) for l in
            p.stdout.decode("utf-8", "surrogateescape").split("\n") if l]


def group_answers(tool, op, profile, group, work):
    """The answers to the cases of one operation under one profile, given
    as arguments; a case whose answer differs when its input comes as a
    line of standard input answers {"error": ...} saying so."""
    if op == "utf8":
        return utf8_answers(tool, group, work)
    args = (["path", "sanitize"] if op == "path" else
            COMMANDS[op] + ["--profile=" + profile])
    inputs = [c["a"] for c in group]
    by_line = run_lines(tool, args, inputs)
    answers = []
    for i, j in enumerate(run(tool, args, inputs)):
        if i >= len(by_line) or by_line[i] != j:
            answers.append({"error": "as a line of standard input: " +
                            json.dumps(by_line[i] if i < len(by_line)
                                       else None, ensure_ascii=False)})
        else:
            answers.append(register_answer(j) if op == "register" else
                           text_answer(op, j))
    return answers


def equivalent_answer(tool, case):
    j = run(tool, ["compare", "--profile=" + case["profile"]],
            [case["a"], case["b"]], 1)
    return [{"value": j[0]["equivalent"]}]


def main():
    tool, cases_path, work = sys.argv[1:4]
    sys.stdout.reconfigure(encoding="utf-8", errors="surrogateescape")
    cases = common.read_cases(cases_path)
    groups = {}
    for c in cases:
        if c["op"] not in ("restriction", "rule", "equivalent"):
            groups.setdefault((c["op"], c["profile"]), []).append(c)
    # One process per operation and profile, one per pair to compare; a
    # few at once.
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        jobs = [(group, pool.submit(group_answers, tool, op, profile, group,
                                    work))
                for (op, profile), group in groups.items()]
        jobs += [([c], pool.submit(equivalent_answer, tool, c))
                 for c in cases if c["op"] == "equivalent"]
        answers = {}
        for group, job in jobs:
            answers.update({c["id"]: a for c, a in zip(group, job.result())})
    for c in cases:
        if c["id"] in answers:
            common.emit(c, "cli", answers[c["id"]])

if __name__ == "__main__":
    main()
