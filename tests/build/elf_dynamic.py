# SPDX-License-Identifier: Apache-2.0
"""What the loader reads of an ELF file: whether it is an executable or a
shared object, its RUNPATH and RPATH and the libraries it needs (readelf
-d), and the symbol versions it asks of them (readelf -V). One copy, for
the build tree's check (tests/build/runpath_test.py), the install tree's
(tests/install/runpath_check.py) and the portable artifacts'
(tests/install/portable_check.py)."""

import re
import subprocess

_DYNAMIC = re.compile(
    r'\((RUNPATH|RPATH)\)\s+Library (?:runpath|rpath): \[(.*)\]')
_NEEDED = re.compile(r'\(NEEDED\)\s+Shared library: \[(.*)\]')
_VERSION_NEED = re.compile(r'Name: ([A-Za-z_]+)_([0-9][0-9.]*)\s')


def elf_kind(path):
    """'exec' or 'dyn' for an ELF executable or shared object, else None (a
    link is followed)."""
    try:
        with open(path, 'rb') as f:
            header = f.read(18)
    except OSError:
        return None
    if len(header) < 18 or header[:4] != b'\x7fELF':
        return None
    e_type = int.from_bytes(header[16:18],
                            'little' if header[5] == 1 else 'big')
    return {2: 'exec', 3: 'dyn'}.get(e_type)


def search_paths(path):
    """[(tag, value)] of the RUNPATH and RPATH entries of the ELF file, each
    value whole (entries separated by ':')."""
    out = subprocess.run(['readelf', '-d', '-W', path],
                         capture_output=True,
                         text=True,
                         errors='replace',
                         check=False).stdout
    return [(m.group(1), m.group(2)) for m in _DYNAMIC.finditer(out)]


def _readelf(flag, path):
    return subprocess.run(['readelf', flag, '-W', path],
                          capture_output=True,
                          text=True,
                          errors='replace',
                          check=False).stdout


def needed_libraries(path):
    """The sonames the ELF file's DT_NEEDED entries name, in order."""
    return _NEEDED.findall(_readelf('-d', path))


def required_versions(path):
    """{'GLIBC': (2, 34), 'GLIBCXX': (3, 4, 30), ...}: the newest version of
    each versioned library interface the ELF file asks for (its
    .gnu.version_r section)."""
    newest = {}
    for name, version in _VERSION_NEED.findall(_readelf('-V', path)):
        v = tuple(int(x) for x in version.strip('.').split('.') if x)
        if v > newest.get(name, ()):
            newest[name] = v
    return newest
