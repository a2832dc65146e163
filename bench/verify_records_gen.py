#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generates a records file for `u8guard records verify` benchmarks.

    bench/verify_records_gen.py U8GUARD N OUT [--seed=S]
    bench/verify_records_gen.py --names N OUT [--seed=S]

(--names: only the N names, one per line, an ACL file for `u8guard acl
audit` benchmarks.)

writes N records (JSON Lines, as `u8guard records export` writes them) to
OUT: N user names ("first.last<N>" shapes, one in eight with capitals, one
in twenty with a Cyrillic or Greek look-alike letter, one in fifty a case
variant of an earlier name, one in twenty an earlier name with a digit or
letter that looks alike: "1" for "l", "0" for "o", "rn" for "m"),
exported with U8GUARD (the CLI binary) under username-case-mapped, then
edited as an older ICU could have written them: a third of the look-alike
variants get other look-alike keys (their UTS #39 data "changed": new
look-alike pairs), 1% of the other records too, 0.2% another key, 0.2%
are marked rejected, and 0.1% of the valid ones rejected now are marked
valid.
So a verification finds changes, collisions (the case variants, the
edited keys) and look-alike groups of several members, as after a real
upgrade. The names file is written beside OUT (OUT.names) and removed.
"""

import json
import os
import random
import subprocess
import sys

FIRST = ("anna alex bob carol dave eve frank grace heidi ivan judy karl "
         "lena mike nina oscar paul quinn rosa sam tina uma victor wendy "
         "xena yuri zoe liam olga piotr jan ida ole sven maria jose").split()
LAST = ("smith jones brown miller davis garcia wilson moore taylor thomas "
        "white harris martin thompson clark lewis walker hall allen young "
        "king wright scott green baker adams nelson hill campbell mitchell "
        "roberts carter phillips evans turner torres parker collins").split()
# Latin letters and a look-alike from another script.
LOOKALIKE = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440",
             "c": "\u0441", "x": "\u0445", "y": "\u0443", "i": "\u0456",
             "k": "\u03ba", "v": "\u03bd"}


SWAPS = (("l", "1"), ("o", "0"), ("m", "rn"), ("i", "l"))


def names(n, rng):
    """(name, is a look-alike variant) pairs."""
    made = []
    for i in range(n):
        r = rng.random()
        variant = False
        if made and r < 0.02:
            # A case variant of an earlier name: one key.
            name = made[rng.randrange(len(made))].upper()
        elif made and r < 0.07:
            # A look-alike of an earlier name: one look-alike key.
            name = made[rng.randrange(len(made))]
            swaps = [s for s in SWAPS if s[0] in name]
            if swaps:
                a, b = rng.choice(swaps)
                name = name.replace(a, b, 1)
                variant = True
        else:
            name = "%s.%s%d" % (rng.choice(FIRST), rng.choice(LAST),
                                rng.randrange(100000))
            if r < 0.12:
                letters = [k for k in LOOKALIKE if k in name]
                if letters:
                    k = rng.choice(letters)
                    name = name.replace(k, LOOKALIKE[k], 1)
            elif r < 0.25:
                name = name.capitalize()
        made.append(name)
        yield name, variant


def edit(line, variant, rng):
    r = rng.random()
    if variant and r < 0.33:
        r = 0  # other look-alike keys
    elif r >= 0.015:
        return line
    rec = json.loads(line)
    if rec["valid"]:
        if r < 0.01:
            rec["lookalike_keys"] = ["old-%d" % rng.randrange(1000)]
        elif r < 0.012:
            rec["key"] = "old-%d" % rng.randrange(1000)
        elif r < 0.014:
            rec["valid"] = False
            rec["rule"] = "DISALLOWED/unassigned"
            del rec["key"]
            del rec["lookalike_keys"]
    elif r < 0.001:
        rec["valid"] = True
        del rec["rule"]
        rec["key"] = "old-rejected"
        rec["lookalike_keys"] = ["old-rejected"]
    return json.dumps(rec, ensure_ascii=False, separators=(",", ":"))


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--seed=")]
    seeds = [a for a in argv[1:] if a.startswith("--seed=")]
    if len(args) != 3:
        sys.exit(__doc__)
    u8guard, n, out = args[0], int(args[1]), args[2]
    rng = random.Random(int(seeds[0][7:]) if seeds else 36)
    if u8guard == "--names":
        with open(out, "w", encoding="utf-8") as f:
            for name, _ in names(n, rng):
                f.write(name + "\n")
        return
    names_file = out + ".names"
    variants = bytearray(n)
    with open(names_file, "w", encoding="utf-8") as f:
        for i, (name, variant) in enumerate(names(n, rng)):
            f.write(name + "\n")
            variants[i] = variant
    try:
        with open(out, "w", encoding="utf-8") as f:
            export = subprocess.Popen(
                [u8guard, "records", "export", "--no-progress",
                 "--profile=username-case-mapped", "--max-acl-bytes=" +
                 str(1 << 40), names_file],
                stdout=subprocess.PIPE, text=True, encoding="utf-8")
            for i, line in enumerate(export.stdout):
                f.write(edit(line.rstrip("\n"), variants[i], rng) + "\n")
            if export.wait() != 0:
                sys.exit("u8guard records export failed")
    finally:
        os.unlink(names_file)


if __name__ == "__main__":
    main(sys.argv)
