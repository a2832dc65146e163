#!/usr/bin/python3
"""Generates the precis_i18n reference data for tests/unicode/precis_context_test.cc
and tests/unicode/bidi_rule_test.cc.

Run once, from the repository root, with Debian's python3-precis-i18n:

    /usr/bin/python3 tests/data/gen_precis_context_cases.py

It writes two files next to itself:

  precis_context_cases.tsv  class, code points, precis_i18n's verdict for
      IdentifierClass / FreeFormClass enforce() (string class + context
      rules of RFC 5892 Appendix A; no mapping, no normalization).
  precis_bidi_cases.tsv     code points, precis_i18n's has_rtl() and
      bidi_rule() (RFC 5893 section 2).

Inputs are made of characters assigned long before Unicode 14.0 (the
version of this Python's unicodedata) whose properties are the same in
Unicode 15.0 (ICU 72's version), so both sides look at the same data.
The output is deterministic (fixed random seed).
"""

import os
import random
import unicodedata

import precis_i18n
from precis_i18n.bidi import bidi_rule, has_rtl
from precis_i18n.unicode import UnicodeData

HERE = os.path.dirname(os.path.abspath(__file__))

# Hand-written cases: (comment, string). Real words first.
NAMED = [
    ('Persian mikhaham (I want), ZWNJ between yeh and khah',
     '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645'),
    ('Persian ZWNJ after right-joining alef: no L/D before',
     '\u0645\u0627\u200c\u062e'),
    ('Persian ZWNJ before hamza (U): no R/D after', '\u0645\u06cc\u200c\u0621'),
    ('Persian ZWNJ with fatha (T) on both sides',
     '\u0628\u064e\u200c\u064e\u0628'),
    ('Persian ZWNJ at start', '\u200c\u0628'),
    ('Persian ZWNJ at end', '\u0628\u200c'),
    ('Phags-pa left-joining A872 then ZWNJ then beh', '\ua872\u200c\u0628'),
    ('ZWNJ between Latin letters', 'a\u200cb'),
    ('ZWNJ between two ZWNJ-joined Arabic (double ZWNJ)',
     '\u0628\u200c\u200c\u0628'),
    ('Devanagari ksha with virama + ZWJ (half form)',
     '\u0915\u094d\u200d\u0937'),
    ('Devanagari virama + ZWNJ (explicit virama)', '\u0915\u094d\u200c\u0937'),
    ('Devanagari ZWJ without virama', '\u0915\u200d\u0937'),
    ('Devanagari ZWNJ without virama', '\u0915\u200c\u0937'),
    ('Bengali virama + ZWJ', '\u0995\u09cd\u200d\u09b7'),
    ('ZWJ at start', '\u200d\u0915'),
    ('ZWJ after Latin', 'a\u200d'),
    ('Catalan col.legi with ela geminada', 'col\u00b7legi'),
    ('Catalan l.l', 'l\u00b7l'),
    ('middle dot after L (upper)', 'L\u00b7l'),
    ('middle dot between a and l', 'a\u00b7l'),
    ('middle dot at start', '\u00b7l'),
    ('middle dot at end', 'l\u00b7'),
    ('middle dot alone', '\u00b7'),
    ('Greek keraia numeral alpha', '\u0375\u03b1'),
    ('Greek keraia before capital', '\u0375\u0391'),
    ('Greek keraia before Latin', '\u0375a'),
    ('Greek keraia at end', '\u03b1\u0375'),
    ('Greek keraia before tonos-alpha', '\u0375\u03ac'),
    ('Hebrew geresh after alef', '\u05d0\u05f3'),
    ('Hebrew gershayim in tsahal', '\u05e6\u05d4\u05f4\u05dc'),
    ('Hebrew geresh at start', '\u05f3\u05d0'),
    ('Hebrew geresh after Latin', 'a\u05f3'),
    ('Hebrew gershayim after hiriq point (Script=Hebrew)',
     '\u05d0\u05b4\u05f4'),
    ('Hebrew gershayim after combining acute (Script=Inherited)',
     '\u05d0\u0301\u05f4'),
    ('Japanese a-middle-dot-i (Katakana)', '\u30a2\u30fb\u30a4'),
    ('Katakana middle dot with Hiragana', '\u3042\u30fb'),
    ('Katakana middle dot with Han far away', '\u30fbab\u6f22'),
    ('Katakana middle dot with Latin only', 'a\u30fbb'),
    ('Katakana middle dot alone', '\u30fb'),
    ('Katakana middle dot with prolonged mark (Common)', '\u30fc\u30fb'),
    ('two Katakana middle dots and Han', '\u30fb\u6f22\u30fb'),
    ('Arabic-Indic digits 123', '\u0661\u0662\u0663'),
    ('Extended Arabic-Indic digits 123', '\u06f1\u06f2\u06f3'),
    ('Arabic-Indic then Extended digit', '\u0661\u06f2'),
    ('Extended then Arabic-Indic digit', '\u06f1\u0662'),
    ('Arabic-Indic digits with European digits', '\u06611'),
    ('Arabic word with Arabic-Indic digit', '\u0628\u0627\u0628\u0665'),
    ('Persian word with Extended digit', '\u0645\u06cc\u06f5'),
]

# Characters the random strings are built from: the contextual code points
# and the neighbours their rules look at.
POOL = [
    'l', 'L', 'a', '1', ' ',
    '\u03b1', '\u0391', '\u03ac',  # Greek
    '\u05d0', '\u05e9', '\u05b4',  # Hebrew letters, Hebrew point
    '\u3042', '\u30a2', '\u6f22', '\u30fc',  # Hiragana, Katakana, Han, Common
    '\u0915', '\u0937', '\u094d', '\u09cd',  # Devanagari, viramas
    '\u0628', '\u0627', '\u0621', '\u0644', '\u06cc', '\u064e', '\ua872',
    '\u0301',  # combining acute (T, Inherited)
    '\u0640',  # tatweel (Join_Causing, DISALLOWED)
]
CONTEXTUAL = ['\u200c', '\u200d', '\u00b7', '\u0375', '\u05f3', '\u05f4',
              '\u30fb', '\u0660', '\u0664', '\u0669', '\u06f0', '\u06f4',
              '\u06f9']

# Characters by Bidi_Class.
BIDI = {
    'L': ['a', 'Z', '\u00e9', '\u3042'],
    'R': ['\u05d0', '\u05e9'],
    'AL': ['\u0628', '\u0627', '\u06cc'],
    'AN': ['\u0661', '\u0665', '\u066b'],
    'EN': ['1', '9', '\u06f1', '\u00b2'],
    'ES': ['+', '-'],
    'CS': [',', '.', ':', '\u00a0'],
    'ET': ['$', '%', '#', '\u00b0'],
    'ON': ['!', '&', '*', '\u00b7'],
    'BN': ['\u00ad', '\u200b'],
    'NSM': ['\u0301', '\u064e', '\u05b4', '\u094d'],
    'WS': [' '],
    'S': ['\t'],
    'B': ['\u2029'],
    'LRE': ['\u202a'],
    'LRI': ['\u2066'],
}
BIDI_POOL = [c for chars in BIDI.values() for c in chars]
NEUTRAL = ['EN', 'ES', 'CS', 'ET', 'ON', 'BN', 'NSM']

def hex_cps(s):
    return ' '.join('%04X' % ord(c) for c in s)


def enforce(profile, s):
    try:
        profile.enforce(s)
        return 'ok'
    except UnicodeEncodeError as e:
        kind = e.reason.split('/', 1)[1]
        return '%d %s' % (e.start, kind)


def random_context_strings(rng, count):
    out = []
    for i in range(count):
        c = CONTEXTUAL[i % len(CONTEXTUAL)]
        left = ''.join(rng.choice(POOL) for _ in range(rng.randint(0, 3)))
        right = ''.join(rng.choice(POOL) for _ in range(rng.randint(0, 3)))
        s = left + c + right
        if rng.random() < 0.25:  # a second contextual code point
            pos = rng.randint(0, len(s))
            s = s[:pos] + rng.choice(CONTEXTUAL) + s[pos:]
        out.append(('random', s))
    return out


def random_bidi_strings(rng, count):
    """Half uniformly random, half shaped like a label of one direction
    (first, middle, end, NSM*) with an occasional out-of-place class."""
    out = []
    for i in range(count):
        if i % 2 == 0:
            n = rng.randint(1, 6)
            out.append(''.join(rng.choice(BIDI_POOL) for _ in range(n)))
            continue
        rtl = rng.random() < 0.6
        first = rng.choice(['R', 'AL'] if rtl else ['L'])
        middle = NEUTRAL + (['R', 'AL', 'AN'] if rtl else ['L'])
        end = ['R', 'AL', 'EN', 'AN'] if rtl else ['L', 'EN']
        classes = [first]
        classes += [rng.choice(middle) for _ in range(rng.randint(0, 4))]
        classes.append(rng.choice(end))
        classes += ['NSM'] * rng.randint(0, 2)
        if rng.random() < 0.2:  # one class from anywhere
            classes[rng.randrange(len(classes))] = rng.choice(list(BIDI))
        out.append(''.join(rng.choice(BIDI[c]) for c in classes))
    return out


BIDI_NAMED = [
    'abc', '\u05d0\u05d1\u05d2', '\u0628\u0627\u0628', '1abc', 'abc1',
    '\u05d0123', '123\u05d0', '\u05d01\u05d0', '\u0628\u0661\u0662',
    '\u06281\u0661', '\u0628\u0661a', 'a\u05d0', '\u05d0a',
    '\u05d0\u05b4', 'a\u0301', '\u0301a', '\u05d0 \u05d1', 'a b',
    '\u0628.1', '\u0628\u0661.', '\u05d0\u00ad\u05d1', '\u0661', '1',
    '\u0628\u06f1\u06f2', '\u0628\u06f1\u0661', '\u05d0\u202a\u05d1',
    'a\u0628', '\u0628-\u0628', '\u05d0%', '\u05d01%',
]


def main():
    ucd_version = unicodedata.unidata_version
    rng = random.Random(8264)
    ident = precis_i18n.get_profile('IdentifierClass')
    free = precis_i18n.get_profile('FreeFormClass')
    cases = NAMED + random_context_strings(rng, 260)
    header = ('# precis_i18n %s (Python unicodedata %s): IdentifierClass and '
              'FreeFormClass\n# enforce() on code point strings. Generated by '
              'tests/data/gen_precis_context_cases.py\n# (run with '
              '/usr/bin/python3); do not edit.\n'
              '# class<TAB>code points<TAB>expected ("ok" or "OFFSET KIND")'
              '<TAB>comment\n' % (precis_i18n.__version__, ucd_version))
    seen = set()
    with open(os.path.join(HERE, 'precis_context_cases.tsv'), 'w',
              encoding='ascii') as f:
        f.write(header)
        for comment, s in cases:
            if s in seen:
                continue
            seen.add(s)
            for name, profile in (('identifier', ident), ('freeform', free)):
                f.write('%s\t%s\t%s\t%s\n' %
                        (name, hex_cps(s), enforce(profile, s), comment))

    ucd = UnicodeData()
    bidi = BIDI_NAMED + random_bidi_strings(rng, 300)
    seen = set()
    with open(os.path.join(HERE, 'precis_bidi_cases.tsv'), 'w',
              encoding='ascii') as f:
        f.write('# precis_i18n %s (Python unicodedata %s): has_rtl() and '
                'bidi_rule()\n# of precis_i18n.bidi. Generated by '
                'tests/data/gen_precis_context_cases.py\n# (run with '
                '/usr/bin/python3); do not edit.\n'
                '# code points<TAB>has_rtl (0/1)<TAB>bidi_rule (0/1)\n' %
                (precis_i18n.__version__, ucd_version))
        for s in bidi:
            if s in seen:
                continue
            seen.add(s)
            f.write('%s\t%d\t%d\n' % (hex_cps(s), int(has_rtl(s, ucd)),
                                      int(bidi_rule(s, ucd))))


if __name__ == '__main__':
    main()
