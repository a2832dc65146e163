#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes tests/conformance/cases.tsv, the cross-surface conformance inputs.

    build/tests/conformance/conformance_driver rules > rules.txt
    gen_cases.py --rules rules.txt [SHARED_TESTDATA_DIR] \\
      > tests/conformance/cases.tsv

One line per case: id, operation, profile, input a and input b (hex, so
that every driver reads them alike, invalid UTF-8 included) and a note for
people (the input, escaped and quoted). The operations are those of docs/vocabulary.md
that at least two surfaces have: utf8 (validate), key, enforce, equivalent,
skeleton, lookalike (the look-alike keys), restriction (the restriction
level), register (the decision of the default registration policy on an
empty registry), path (sanitize with the default options) and rule (a rule
id's description).

The inputs: hand-picked names that reach every rejection rule a profile can
report, BOMs, non-ASCII, right-to-left text and look-alikes; a sample of
tests/data/precis_golden.tsv under its own profile; every kind of invalid
UTF-8 and lines of Markus Kuhn's UTF-8 stress test (from
SHARED_TESTDATA_DIR, ../shared/testdata, when given); path traversals,
encodings and Windows names; every rule id. Profile operations and paths
get no NUL or newline (command-line arguments and the tool's input lines
cannot hold them), and a few inputs that are not UTF-8 (BAD_NAMES).
"""

import os
import sys

PROFILES = [
    "username-case-mapped", "username-case-preserved", "opaque-string",
    "nickname", "identifier-class", "freeform-class", "path-segment",
    "text-document", "unicode-scalars", "xml-characters",
    "unicode-assignables",
]
# The look-alike operations run under fewer profiles: their answers depend
# on the key, which `key` covers under all of them.
LOOKALIKE_PROFILES = ["username-case-mapped", "nickname", "opaque-string"]

NAMES = [
    "alice", "Alice", "ALICE", "user_name", "user.name", "user@example.com",
    "admin", "Admin", "\u0430dmin", "root", "r00t", "paypal", "paypaI",
    "\u0440\u0430\u0443\u0440\u0430l", "\u0440\u0430\u0443\u0440\u0430\u04cf",
    "",                               # DISALLOWED/empty
    " ", "a b", "  Nick   Name  ",    # spaces
    "a\tb", "a\u0007b",               # controls
    "a\u007fb", "a\u0085b",           # DEL, C1 (RFC 9839 legacy controls)
    "a\ufdd0b", "a\uffffb", "a\U0001fffeb",  # noncharacters
    "a!b", "a+b", "\u263a", "\U0001f600",  # punctuation, symbols
    "a\u00bfb", "a\u2020b", "a\u20dd", "\u16ee",  # other letter digits
    "x\u00b2", "\u2168", "\ufb01", "\u210c", "\u212b",  # has_compat
    "\uff46\uff55\uff4c\uff4c",       # fullwidth (width mapping)
    "\u0378", "a\U000e0001",          # unassigned, tags
    "\u1100\u1161", "\u1180",         # Hangul jamo, old jamo
    "a\u00adb", "a\u034fb",           # default ignorables
    "\u01c4", "\u01c5", "\u00df", "\u03c2", "\u0130stanbul",
    "caf\u00e9", "cafe\u0301", "e" + "\u0301" * 40,  # NFC, non-starters
    "a\u200db", "\u0915\u094d\u200d\u0937",  # zero width joiner
    "a\u200cb", "\u0915\u094d\u200c\u0937",  # zero width non-joiner
    "l\u00b7l", "a\u00b7b",           # middle dot (CONTEXTO)
    "\u0375\u03b1", "\u0375a",        # Greek keraia
    "\u05d0\u05f3", "a\u05f3",        # Hebrew geresh
    "\u30fb\u30a2", "a\u30fbb",       # katakana middle dot
    "\u0660\u0661", "\u0660\u06f1",   # Arabic-Indic digits, mixed
    "\u05e9\u05dc\u05d5\u05dd", "\u0645\u0631\u062d\u0628\u0627",  # RTL
    "a\u05d0", "\u05d0a", "1\u05d0", "\u05d01",  # Bidi Rule
    "\u03b1\u03b2\u03b3", "\u0395\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac",
    "\u65e5\u672c\u8a9e", "\ud55c\uad6d\uc5b4", "\u0928\u092e\u0938\u094d\u0924\u0947",
    "\ufeffbob", "bo\ufeffb", "\ufeff",  # BOMs
    "\u2028x", "a\u3000b", "\u00a0a",  # other spaces
    "x" * 5000,                       # input_too_long
    "y" * 1100,                       # too_long (identifiers)
]

# Not UTF-8: each kind of error inside a name (the profile operations and
# paths reject them with the utf8/ rule and its offset). SQL text cannot
# hold them (compare.py: TEXT_ONLY).
BAD_NAMES = [
    b"ab\xc0\xafc", b"\xff", b"a\xed\xa0\x80", b"caf\xc3", b"\x80abc",
    b"x\xf4\x90\x80\x80", b"\xef\xbb\xbf\xe2\x82(", b"\xf0\x9f\x98",
]

PAIRS = [
    ("alice", "Alice"), ("alice", "ALICE"), ("alice", "bob"),
    ("\uff41", "a"), ("caf\u00e9", "cafe\u0301"), ("\u00df", "ss"),
    ("\u03a3", "\u03c3"), ("\u03c2", "\u03c3"), ("paypal", "\u0440\u0430\u0443\u0440\u0430l"),
    ("  Nick  ", "nick"), ("a b", "a b"), ("", ""), ("\ufeffbob", "bob"),
    ("\u212b", "\u00c5"), ("\u01c4", "\u01c6"), ("\u05e9\u05dc\u05d5\u05dd", "\u05e9\u05dc\u05d5\u05dd"),
]

UTF8 = [
    b"", b"hello", "caf\u00e9 \u65e5\u672c \U0001f600".encode(), b"\xef\xbb\xbfbom",
    b"a\x00b", b"\x7f", b"\x80", b"a\xbfb", b"\xc0\x80", b"\xc1\xbf",
    b"\xe0\x80\x80", b"\xe0\x9f\xbf", b"\xf0\x80\x80\x80", b"\xf0\x8f\xbf\xbf",
    b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xed\x9f\xbf", b"\xf4\x90\x80\x80",
    b"\xf5\x80\x80\x80", b"\xf8\x88\x80\x80\x80", b"\xfc\x84\x80\x80\x80\x80",
    b"\xfe", b"\xff", b"\xc3", b"ab\xc3", b"\xe2\x82", b"\xf0\x9f\x98",
    b"\xc3(", b"\xe2(\xa1", b"\xe2\x82(", b"\xf0(\x8c\xbc", b"\xf0\x90(\xbc",
    b"\xf0\x90\x8c(", b"\xf4\x8f\xbf\xbf", b"\xef\xbf\xbf", b"\xef\xbf\xbe",
    b"\xc2\x80\xdf\xbf", b"x" * 100 + b"\xc0", b"\xef\xbb\xbf\xef\xbb\xbf",
    b"\xef\xbb", b"\xe0\xa0", b"\xed\xa0", b"\xf0\x90\x80", b"\xf4\x90",
]

PATHS = [
    "a", "a/b/c", "a/./b", "a//b", "a/b/", "./a", "..", "../a", "a/../b",
    "a/b/..", "/etc/passwd", "\\windows\\system32", "a\\b", "C:\\x", "c:x",
    ".hidden", "a/.git/config", "%2e%2e/x", "..%2fx", "a%00b", "CON",
    "nul.txt", "a/COM1/b", "file:stream", "a b/c d", "caf\u00e9/\u65e5\u672c",
    "cafe\u0301", "\uff0e\uff0e/x", "a\u2215b", "\u2024\u2024/x", "x\ufeffy",
    "\u202ea", "a\tb", "", "/", "a/" * 40 + "z", "x" * 5000, "a:b",
    "trailing.", "trailing ", "\u05e9\u05dc\u05d5\u05dd/\u0645\u0631\u062d",
]


def golden_sample(path, every):
    """Every `every`-th case of precis_golden.tsv: (profile, bytes)."""
    rfc_names = {
        "UsernameCaseMapped": "username-case-mapped",
        "UsernameCasePreserved": "username-case-preserved",
        "OpaqueString": "opaque-string", "Nickname": "nickname",
        "IdentifierClass": "identifier-class",
        "FreeformClass": "freeform-class",
    }
    out = []
    with open(path, encoding="utf-8") as f:
        rows = [l.rstrip("\n").split("\t") for l in f if not l.startswith("#")]
    for i, row in enumerate(rows):
        if i % every or row[0] not in rfc_names:
            continue
        data = b"" if row[1] == '""' else bytes.fromhex(row[1])
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        if "\x00" in text or "\n" in text or "\r" in text:
            continue
        out.append((rfc_names[row[0]], data))
    return out


def kuhn_lines(shared):
    """The lines of Markus Kuhn's UTF-8-test.txt, with their line ends."""
    path = os.path.join(shared, "UTF-8-test.txt")
    if not os.path.exists(path):
        return []
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    return [l for l in lines[60:] if l.strip()][::2]


def note(data):
    text = data.decode("utf-8", "backslashreplace")
    if len(text) > 40:
        text = text[:37] + "..."
    return "'" + text.encode("unicode_escape").decode("ascii") + "'"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    shared = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        here, "..", "..", "..", "shared", "testdata")
    rows = []
    counters = {}

    def add(op, profile, a, b=b""):
        counters[op] = counters.get(op, 0) + 1
        shown = note(a) + (" | " + note(b) if op == "equivalent" else "")
        rows.append((f"{op}.{counters[op]:04d}", op, profile or "-",
                     a.hex() or '""', b.hex() or '""', shown))

    for data in UTF8 + kuhn_lines(shared):
        add("utf8", None, data)
    names = [n.encode() for n in NAMES]
    golden = golden_sample(os.path.join(here, "..", "data",
                                        "precis_golden.tsv"), 25)
    for op in ("key", "enforce"):
        for profile in PROFILES:
            for name in names:
                add(op, profile, name)
        for profile, data in golden:
            add(op, profile, data)
    for op in ("skeleton", "lookalike", "restriction", "register"):
        for profile in LOOKALIKE_PROFILES:
            for name in names:
                add(op, profile, name)
    for op in ("key", "enforce", "skeleton", "lookalike", "restriction",
               "register"):
        for profile in LOOKALIKE_PROFILES:
            for name in BAD_NAMES:
                add(op, profile, name)
    add("equivalent", "opaque-string", b"a\xff", b"a\xff")
    for profile in PROFILES:
        for a, b in PAIRS:
            add("equivalent", profile, a.encode(), b.encode())
    fuzz = os.path.join(shared, "fuzzdb-traversals-8-deep-exotic-encoding.txt")
    paths = [p.encode() for p in PATHS] + BAD_NAMES
    if os.path.exists(fuzz):
        with open(fuzz, "rb") as f:
            paths += [l for l in f.read().split(b"\n") if l][::97]
    for p in paths:
        add("path", None, p)
    for rule in RULE_IDS:
        add("rule", None, rule.encode())
    print("# generated by gen_cases.py: id, op, profile, a (hex), b (hex), "
          f"note; {len(rows)} cases")
    for row in rows:
        print("\t".join(row))


RULE_IDS = []  # filled from the library's rule table by --rules

if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--rules":
        with open(sys.argv[2], encoding="utf-8") as f:
            RULE_IDS = [l.strip() for l in f if l.strip()]
        del sys.argv[1:3]
    main()
