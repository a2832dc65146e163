#!/usr/bin/python3
"""Generates precis_corpus.tsv: a conformance corpus judged by precis_i18n.

Run with Debian's Python, which has python3-precis-i18n installed:

    /usr/bin/python3 tests/data/gen_precis_corpus.py

The strings are built deterministically (the only randomness is
random.Random(SEED)), so re-running gives the same file byte for byte. Each
string goes through precis_i18n's profiles UsernameCasePreserved,
UsernameCaseMapped, OpaqueString, NicknameCasePreserved, NicknameCaseMapped,
IdentifierClass and FreeFormClass. The output has the format of
precis_golden.tsv (see gen_precis_golden_tsv.py), one case a line:

    profile <TAB> input as UTF-8 hex <TAB> output hex or - <TAB> error or -
            <TAB> -

("" stands for the empty string.) Lines starting with '#' name the group of
the cases that follow. tests/precis/precis_corpus_test.cc reads the file; it needs
no Python.

NOTE: Python 3.11's unicodedata is Unicode 14.0, our ICU 72 is Unicode 15.0.
Characters new in 15.0 (taken from /usr/share/unicode/DerivedAge.txt, which
is the 15.0 file) are unassigned for precis_i18n; the C++ test explains those
cases by the code point's age.
"""
import os
import random
import sys
import unicodedata

from precis_i18n import get_profile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, 'precis_corpus.tsv')
DERIVED_AGE = '/usr/share/unicode/DerivedAge.txt'
SEED = 20240515

PROFILES = [
    'UsernameCasePreserved',
    'UsernameCaseMapped',
    'OpaqueString',
    'NicknameCasePreserved',
    'NicknameCaseMapped',
    'IdentifierClass',
    'FreeFormClass',
]

# The code points that are General_Category Zs (all of them, from Python's
# database; none was added in Unicode 15.0).
ZS = [chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) == 'Zs']


def read_ages():
    """Returns [(first, last, age)] from DerivedAge.txt (Unicode 15.0)."""
    ranges = []
    with open(DERIVED_AGE, encoding='utf-8') as f:
        for line in f:
            line = line.split('#', 1)[0].strip()
            if not line:
                continue
            cps, age = [x.strip() for x in line.split(';')]
            first, _, last = cps.partition('..')
            ranges.append((int(first, 16), int(last or first, 16), age))
    return ranges


AGES = read_ages()


def age_of(cp):
    for first, last, age in AGES:
        if first <= cp <= last:
            return age
    return None


class Corpus:
    """An ordered set of strings, grouped."""

    def __init__(self):
        self.groups = []  # [(name, [strings])]
        self.seen = set()

    def group(self, name, strings):
        fresh = []
        for s in strings:
            if s not in self.seen:
                self.seen.add(s)
                fresh.append(s)
        self.groups.append((name, fresh))

    def size(self):
        return sum(len(g) for _, g in self.groups)


def fullwidth(s):
    """ASCII letters, digits and punctuation to their fullwidth forms."""
    return ''.join(chr(ord(c) - 0x21 + 0xFF01) if '!' <= c <= '~' else c
                   for c in s)


NAMES = ['admin', 'alice', 'bob', 'root', 'juliet', 'kevin', 'mike',
         'paypal', 'user1', 'Admin', 'ROOT', 'JuLiEt']


def build():
    c = Corpus()

    c.group('incidents', [
        '\u1D2E\u1D35\u1D33\u1D2E\u1D35\u1D3F\u1D30',  # ᴮᴵᴳᴮᴵᴿᴰ
        'bigbird', 'BIGBIRD',
        'm\u0131ke', 'mike', 'MIKE',
        '\u212Aevin', 'kevin', 'Kevin',
        '\uFF21\uFF24\uFF2D\uFF29\uFF2E', 'admin', 'ADMIN',
        'ad\u00ADmin', 'al\u200Bice', 'alice', '\uFEFFadmin',
        'p\u0430ypal', 'paypal',
    ])

    c.group('empty and only spaces', [
        '', ' ', '   ', '\u00A0', '\u3000\u3000', ' \u2003 ', '\u200B',
        '\u00AD', '\uFEFF', '\u0301', '\u3164'])

    # Fullwidth and halfwidth forms: every code point of U+FF01..U+FFEE
    # inside a name, whole fullwidth names, mixed widths.
    c.group('width: every FF01..FFEE inside a name',
            ['a' + chr(cp) + 'b' for cp in range(0xFF01, 0xFFEF)
             if unicodedata.category(chr(cp)) != 'Cn'])
    c.group('width: names', [fullwidth(n) for n in NAMES] + [
        fullwidth(n[:2]) + n[2:] for n in NAMES] + [
        'ad\uFF2Din', '\uFF41dmin', 'user\uFF11', '\uFF10\uFF19',
        '\uFF76\uFF80\uFF76\uFF85', '\uFF8A\uFF9F\uFF9D',  # ｶﾀｶﾅ ﾊﾟﾝ
        '\uFFA1\uFFC2', '\u3000admin', 'ad\u3000min',
        '\uFF01\uFF01', '\uFF5Ftest\uFF60', '\uFFE3x', '\uFFE0\uFFE1',
        fullwidth('John Smith'), fullwidth('a@b.c'),
    ])

    c.group('ligatures and compatibility letters', [
        '\uFB01', '\uFB00', '\uFB03', '\uFB04', '\uFB05', '\uFB06',
        '\uFB01nance', 'o\uFB00ice', 'a\uFB03x', 'e\uFB04e',
        'fi', 'ff', 'ffi', '\u0132', '\u0133', '\u01C7', '\u01C8', '\u01C9',
        '\u01CA', '\u01CB', '\u01CC', '\u01F1', '\u01F2', '\u01F3',
        '\u1D2C\u1D30\u1D39\u1D35\u1D3A', '\u00B2', '\u2460', '\u00BD',
        '\u2122', '\u210C', '\U0001D400\U0001D401', '\U0001D5BA\U0001D5BB',
        '\u1D00\u1D05\u1D0D\u026A\u0274', '\u00AA', '\u00B5', '\u017F',
        '\u1E9B', '\u2168', '\u2178', '\u3371', '\u33A1', '\u2105',
        '\u0149', 'x\u02B0', '\u02B9', '\u0374',
    ])

    c.group('Kelvin, Angstrom, Ohm', [
        '\u212A', '\u212B', '\u2126', '\u212Aevin', 'K\u212A', 'k\u212A',
        '\u212Bngstr\u00F6m', '\u00C5ngstr\u00F6m', 'A\u030Angstr\u00F6m',
        '\u2126m', '\u03A9m', '\u03C9m', '\u212A\u212B\u2126',
    ])

    c.group('DZ digraphs', [
        '\u01C4', '\u01C5', '\u01C6', '\u01C4ak', '\u01C5ak', '\u01C6ak',
        'D\u017D', 'D\u017E', 'd\u017E', 'DZ\u030C', 'Dz\u030C', 'dz\u030C',
    ])

    c.group('sharp s', [
        '\u00DF', '\u1E9E', 'stra\u00DFe', 'STRA\u1E9EE', 'STRASSE',
        'strasse', 'Stra\u00DFe', '\u00DF\u00DF', '\u1E9E\u1E9E', 'ss',
    ])

    c.group('Greek sigma', [
        '\u03A3\u0391\u03A3', '\u03C3\u03B1\u03C2', '\u03C3\u03B1\u03C3',
        '\u03BF\u03B4\u03CC\u03C2', '\u039F\u0394\u039F\u03A3',
        '\u039F\u0394\u038C\u03A3', '\u03A3', '\u03C3', '\u03C2',
        '\u03A3\u0391\u03A3 \u039F\u0394\u039F\u03A3',
        '\u03A3\u0391\u03A3.\u039F\u0394\u039F\u03A3', '\u03A3\u03A3',
        '\u03B1\u03A3', '\u03B1\u03A3\u03B1', '\u03B1\u03A31',
        '\u03B1\u03A3\u0301', '\u039F\u0394\u039F\u03A3 ',
        'x\u03A3', '\u03B1\u03A3\u00AD',
    ])

    c.group('dotted and dotless i', [
        '\u0130', '\u0131', 'i\u0307', 'I\u0307', '\u0130stanbul',
        'ISTANBUL', 'istanbul', '\u0131stanbul', 'D\u0130YARBAKIR',
        'diyarbak\u0131r', 'm\u0131ke', 'M\u0130KE', '\u0131i', 'I\u0131',
        '\u0130\u0131Ii', '\u00CC', '\u0128', 'i\u0307\u0301',
        '\u0130\u0301', 'j\u0307', '\u012F\u0307',
    ])

    c.group('combining mark order and NFC/NFD', [
        'a\u0323\u0307', 'a\u0307\u0323', '\u1EA1\u0307', '\u0227\u0323',
        'e\u0301', '\u00E9', 'caf\u00E9', 'cafe\u0301', 'CAF\u00C9',
        'CAFE\u0301', 'q\u0307\u0323', 'q\u0323\u0307', 'o\u031B\u0323',
        'o\u0323\u031B', '\u1EE3', 'a\u0301\u0301', '\u0301', '\u0301a',
        '\u0958', '\u0915\u093C', '\u2ADC', '\u2ADD\u0338', '\u0344',
        '\u0F73', '\u0F71\u0F72', '\u1E0B\u0323', '\u1E0D\u0307',
        'd\u0307\u0323', 'A\u030A', '\u00C5', '\u212B', 'u\u0308\u0304',
        '\u01D6', '\u00FC\u0304', 'n\u0303', '\u00F1', 'N\u0303',
        'a\u034F\u0301', 'a\u0315\u0301', 'a\u0301\u0315',
        '\u05D0\u05B7', '\uFB2E', '\u1100\u1161\u11A8',
    ])

    c.group('Hangul', [
        '\uD55C\uAD6D\uC5B4', '\u1112\u1161\u11AB\u1100\u116E\u11A8',
        '\u110B\u1165', '\uAC00', '\u1100\u1161', '\u1100', '\u1161',
        '\u11A8', '\u3131', '\u314F', '\u3131\u314F', '\uFFA1',
        '\uAC00\u11A8', '\uAC01', '\u1100\u1161\u11A8\u11A8',
        '\u115F\u1161', '\u1160', '\u3164', '\uA960', '\uD7B0', '\u11FF',
        '\u321C', '\u3200',
    ])

    c.group('joiners in context', [
        # Persian: ZWNJ after a dual-joining letter, before one.
        '\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645',
        '\u0646\u0627\u200C\u0645\u0645\u06A9\u0646',  # after R-joining alef
        '\u0628\u200C\u0628', '\u0628\u200C', '\u200C\u0628',
        '\u0628\u064E\u200C\u0628', '\u0628\u200D\u0628',
        '\u0627\u200C\u0627', '\u0644\u200C\u0627',
        # Devanagari: ZWJ/ZWNJ after a virama.
        '\u0915\u094D\u200D\u0937', '\u0915\u094D\u200C\u0937',
        '\u0915\u200D\u0937', '\u0915\u200C\u0937',
        '\u0915\u094D\u0937', '\u0915\u094D\u200D',
        '\u0915\u093C\u094D\u200D\u0937',
        # Malayalam and Tamil viramas.
        '\u0D28\u0D4D\u200D', '\u0B95\u0BCD\u200C\u0BB7',
        'a\u200Db', 'a\u200Cb', '\u200D', '\u200C', '\u200Dabc',
        'abc\u200C',
    ])

    rtl_words = ['\u05D0\u05D1\u05D2', '\u05E9\u05DC\u05D5\u05DD',
                 '\u0627\u0644\u0639\u0631\u0628\u064A\u0629',
                 '\u0633\u0644\u0627\u0645', '\u0641\u0627\u0631\u0633\u06CC']
    rtl = []
    for w in rtl_words:
        rtl += [w, w + '123', '123' + w, w + '\u0661\u0662', '\u0661' + w,
                w + '1\u0661', w + '\u06F1\u06F2', 'abc' + w, w + 'abc',
                w + '.' + w, w + '-1', '1' + w + '1', w + '\u0301',
                w + '\u200E', w + ' 12', w.upper() + 'A']
    rtl += ['\u05D0', '\u0627', '1', '\u0661', '\u06F1', '\u0661\u0662',
            '\u06F1\u06F2', '\u05D0\u05B4', '\u05D01\u05D1', '\u05D0 ',
            '\u0627\u0020\u0628', '\u05D0%', '%\u05D0', '\u0660\u05D0',
            '\u0710\u0711', '\u07C0\u07CA', '\u0780\u07A6']
    c.group('right to left with digits', rtl)

    ignorables = ['\uFEFF', '\u200B', '\u00AD', '\uFE0F', '\U000E0100',
                  '\u2060', '\u180E', '\u034F', '\u061C', '\u200E',
                  '\u200F', '\u202A', '\u202E', '\u2066', '\u2069',
                  '\uFE00', '\u1160', '\u3164', '\uFFA0', '\U0001D173',
                  '\U000E0001', '\U000E0041', '\u115F', '\u17B4']
    ign = []
    for ch in ignorables:
        ign += [ch + 'admin', 'ad' + ch + 'min', 'admin' + ch, ch,
                '\u00E9' + ch + 'x']
    c.group('default ignorables and variation selectors', ign)

    spaces = []
    for sp in ZS:
        spaces += [sp + 'Juliet', 'Juliet' + sp, 'Juliet' + sp + 'Capulet',
                   'Juliet' + sp + sp + 'Capulet', sp, sp * 3,
                   sp + 'Juliet' + sp + 'Capulet' + sp,
                   ' ' + sp + 'x', 'x' + sp + ' ']
    spaces += ['  Juliet   Capulet ', ' ', '  ', ' ' * 40,
               '\u00A0\u00A0', '\u3000', 'a b', 'a  b', ' a', 'a ',
               '\u2028', 'a\u2028b', '\u2029', '\u200B \u200B']
    c.group('spaces of every Zs kind', spaces)

    controls = []
    for cp in list(range(0x00, 0x20)) + [0x7F] + list(range(0x80, 0xA0)):
        ch = chr(cp)
        controls += ['ab' + ch + 'cd', ch, ch + 'Juliet', 'Juliet' + ch,
                     ' ' + ch + ' x']
    controls += ['\t', 'a\tb', '\tJuliet Capulet\t', 'Juliet\r\n',
                 '\u2028Juliet', 'Juliet\u2029', '\u0085Juliet ',
                 ' \u001cJuliet\u001f ']
    c.group('controls', controls)

    c.group('emoji', [
        '\U0001F600', '\U0001F44D', '\U0001F44D\U0001F3FD', '\U0001F3FD',
        '\U0001F468\u200D\U0001F469\u200D\U0001F467',
        '\U0001F468\u200D\U0001F4BB', '\U0001F1EB\U0001F1F7',
        '\U0001F1FA\U0001F1F8\U0001F1EF\U0001F1F5', '\U0001F1EB',
        '\u2764\uFE0F', '\u2764', '\u263A', '#\uFE0F\u20E3', '1\u20E3',
        '\U0001F3F3\uFE0F\u200D\U0001F308', '\U0001F3F4\U000E0067\U000E0062'
        '\U000E0073\U000E0063\U000E0074\U000E007F', 'bob\U0001F600',
        '\U0001F600bob', 'I \u2764 NY', '\u00A9', '\u00AE', '\u2122',
        '\U0001F46E\u200D\u2640\uFE0F', '\u261D\U0001F3FB',
        '\U0001F9D1\U0001F3FF\u200D\U0001F91D\u200D\U0001F9D1\U0001F3FB',
        '\U0001F004', '\U0001F0CF', '\u2600', '\u26A1', '\u00A9\uFE0F',
    ])

    # Unicode 15.0 additions (unassigned for Python 3.11's Unicode 14.0) and
    # code points unassigned in 15.0, private use and noncharacters.
    new15 = []
    for first, last, age in AGES:
        if age == '15.0':
            new15.append(first)
            if last != first:
                new15.append(last)
    for cp in new15:
        assert unicodedata.category(chr(cp)) == 'Cn', hex(cp)
    u15 = []
    for cp in new15:
        ch = chr(cp)
        u15 += [ch, 'a' + ch + 'b']
    u15 += ['\U0001F426\u200D\u2B1B',  # black bird, a 15.0 ZWJ sequence
            '\U0001E030\U0001E031', 'x\U0001E06D', '\u0CB9\u0CF3',
            '\U0001FABF', 'goose\U0001FABF']
    unassigned = [0x0378, 0x0379, 0x0380, 0x058B, 0x0CFF, 0x1FAF9,
                  0x1FAFF, 0xE0080, 0x2FFFD, 0x3FFFD, 0xEFFFD]
    for cp in unassigned:
        assert age_of(cp) is None, hex(cp)
    other = []
    for cp in unassigned:
        other += [chr(cp), 'a' + chr(cp)]
    other += ['\uE000', 'a\uE000', '\U000F0000', '\U0010FFFD', '\uFDD0',
              'a\uFDEF', '\uFFFE', '\uFFFF', '\U0001FFFE', '\U0010FFFF',
              'a\uFFFD']
    c.group('Unicode 15.0 additions', u15)
    c.group('unassigned, private use, noncharacters', other)

    c.group('case pairs', [
        '\u0391\u0392\u0393', '\u03B1\u03B2\u03B3', '\u0399\u0394\u0391',
        '\u0418\u0412\u0410\u041D', '\u0438\u0432\u0430\u043D',
        '\u0401\u0416', '\u0451\u0436', '\u0531\u0532\u0533',
        '\u0561\u0562\u0563', '\u0587', '\u0535\u0552', '\u0565\u0582',
        '\u13A0\u13A1', '\uAB70\uAB71', '\u13F5', '\u13FD', '\u13F8',
        '\u1C90\u1C91', '\u10D0\u10D1', '\u10A0', '\u2D00',
        '\U00010400', '\U00010428', '\U000104B0', '\U000104D8',
        '\u01C5', '\u1F88', '\u1F80', '\u1FBC', '\u1FB3', '\u0390',
        '\u03B0', '\u1E9E', '\u0049\u0307', '\u2C65', '\u023A', '\uA7AE',
        '\u0265', '\u1E96', '\u1F50', '\u0345', '\u03F4', '\u03D1',
        '\u03F5', '\u1E9B\u0323', 'Ǉubljana', 'ǈubljana', 'ǉubljana',
        '\U0001E900', '\U0001E922', '\u24B6', '\u24D0', '\uFF21\u0301',
    ])

    c.group('CJK and Japanese', [
        '\u4E2D\u6587', '\u65E5\u672C\u8A9E', '\u6771\u4EAC', '\u6F22\u5B57',
        '\uF900', '\uF91D', '\u2F00', '\u3005', '\u3007', '\u30FC',
        '\u30AB\u30BF\u30FB\u30AB\u30CA', '\u30FB', 'abc\u30FBdef',
        '\u3072\u3089\u30FB\u304C\u306A', '\u6F22\u30FB\u5B57',
        '\u30FBabc\u30AB', '\uFF65', '\u30AB\uFF65\u30AB', '\u309B',
        '\u30AC', '\u30AB\u3099', '\uFF76\uFF9E', '\u3042\u3044',
        '\U00020000', '\U0002A6D6', '\U00030000', '\u3400', '\u9FFF',
        '\u32FF', '\u337B', '\u3300',
    ])

    c.group('context rules: middle dot, keraia, geresh, digits', [
        'col\u00B7lecci\u00F3', 'l\u00B7l', 'L\u00B7L', 'l\u00B7L',
        'l\u00B7', '\u00B7l', 'a\u00B7l', 'l\u00B7a', '\u00B7',
        'paral\u00B7lel', 'l\u00B7\u00B7l', '\u0140', 'l\u00B7l\u00B7l',
        '\u0375\u03B1', '\u0375a', '\u03B1\u0375', '\u0375', '\u0375\u0391',
        '\u0374\u03B1', '\u03B1\u0374',
        '\u05E6\u05F3', 'a\u05F3', '\u05F3', '\u05D7\u05F4\u05DB',
        '\u05F4', 'a\u05F4b',
        '\u0661\u0662\u0663', '\u06F1\u06F2\u06F3', '\u0661\u06F1',
        '\u06F1\u0661', '\u0628\u0661\u0662', '\u0628\u06F1\u06F2',
        '\u0628\u0661\u06F2', '\u0661', '\u06F9\u0669',
    ])

    c.group('confusables and look-alikes', [
        'p\u0430ypal', '\u0440\u0430ypal', 'paypa\u04CF', 'g\u043E\u043Egle',
        '\u0435x\u0430mple', 'appl\u0435', '\u0251pple', 'micr\u03BFsoft',
        'r\u043E\u043Et', '\u0455cript', 'adm\u0456n', '\u0391DMIN',
        '\u0410DMIN', '\u13AA\u13B7\u13AB', '\u0261oogle', 'rn', 'm',
        '\u217Dlient', '\u2170', 'I', 'l', '1', '0', 'O', '\u041E',
    ])

    c.group('ASCII: every printable byte and friends', [
        'a' + chr(b) + 'b' for b in range(0x21, 0x7F)] + [
        chr(b) for b in range(0x21, 0x7F)] + [
        'user_name', 'user-name', 'user.name', 'a@b.c', 'a+b', 'x=1&y=2',
        '../etc/passwd', 'C:\\Windows', 'Robert\'); DROP TABLE--',
        'foo bar', 'Foo Bar', 'FOO BAR', '\u00E9t\u00E9', 'na\u00EFve',
    ])

    # Around the built-in bounds: 256 code points (user names), 1024 bytes
    # (output), 4096 bytes (input). precis_i18n has no length limits.
    long_strings = [
        'a' * 1000, 'A' * 1000, 'a' * 1025, 'a' * 256, 'a' * 257,
        '\u00E9' * 600, '\u00E9' * 256, 'e\u0301' * 300,
        ('Juliet ' * 150).strip(), ' ' * 1100 + 'x', 'x' + '\u00A0' * 500,
        '\u4E2D' * 340, '\uFF41' * 340, 'ab' * 520, '\U0001F600' * 260,
        '\u05D0' * 500 + '1', 'a' * 999 + '\u200B', '\u212A' * 341,
        '\u0130' * 500, '\u03A3' * 510, 'a' + '\u0301' * 500,
        'ab\u00ADcd' * 100, 'x' * 4097,
    ]
    c.group('long strings', long_strings)


    # Deterministic random combinations: a name with one or two special
    # characters from the pools above inserted at random positions, and
    # random sequences of pool characters.
    rng = random.Random(SEED)
    pool = (ignorables + ZS + ['\u00E9', 'e\u0301', '\u212A', '\u0130',
                               '\u0131', '\u00DF', '\u1E9E', '\u03A3',
                               '\u200C', '\u200D', '\u00B7', '\u0375',
                               '\u05F3', '\u30FB', '\u0661', '\u06F1',
                               '\uFF21', '\uFF41', '\uFF76', '\u1D2E',
                               '\uFB01', '\u01C5', '\u05D0', '\u0627',
                               '\u0915\u094D', '\t', '\x85', '\u2028',
                               '\U0001F600', '\U0001F3FD', '\u0323',
                               '\u0307', '\u1100', '\u1161', '\uAC00',
                               '\u0430', '\u03BF', '\U0001FABF', '\u0378',
                               '\uE000', '1', '-', '.', '_', ' '])
    combos = []
    while len(combos) < 400:
        name = rng.choice(NAMES + rtl_words + ['\u00E9t\u00E9',
                                               '\u4E2D\u6587', 'x'])
        chars = list(name)
        for _ in range(rng.randint(1, 3)):
            chars.insert(rng.randint(0, len(chars)), rng.choice(pool))
        s = ''.join(chars)
        if rng.random() < 0.25:
            s = s.upper()
        combos.append(s)
    while len(combos) < 550:
        combos.append(''.join(rng.choice(pool)
                              for _ in range(rng.randint(1, 6))))
    c.group('random combinations (seeded)', combos)
    return c


def run(profile, s):
    """Returns (output or None, error or None)."""
    try:
        return profile.enforce(s), None
    except UnicodeEncodeError as e:
        return None, e.reason


def hexify(s):
    return s.encode('utf-8').hex().upper() or '""'


def main():
    corpus = build()
    profiles = [(name, get_profile(name)) for name in PROFILES]
    lines = 0
    with open(OUT, 'w', encoding='ascii', newline='\n') as f:
        f.write('# generated by gen_precis_corpus.py with precis_i18n %s, '
                'Python unicodedata %s; %d strings x %d profiles\n' %
                (getattr(sys.modules['precis_i18n'], '__version__', '?'),
                 unicodedata.unidata_version, corpus.size(), len(PROFILES)))
        for group, strings in corpus.groups:
            f.write('# group: %s (%d strings)\n' % (group, len(strings)))
            for s in strings:
                for name, profile in profiles:
                    out, err = run(profile, s)
                    f.write('\t'.join([
                        name, hexify(s),
                        '-' if out is None else hexify(out),
                        err or '-', '-']) + '\n')
                    lines += 1
    print('%d strings, %d cases -> %s' % (corpus.size(), lines, OUT))


if __name__ == '__main__':
    main()
