# SPDX-License-Identifier: Apache-2.0
"""What the loader reads of an ELF file: whether it is an executable or a
shared object, and its RUNPATH and RPATH (readelf -d). One copy, for the
build tree's check (tests/build/runpath_test.py) and the install tree's
(tests/install/runpath_check.py)."""

import re
import subprocess

_DYNAMIC = re.compile(
    r'\((RUNPATH|RPATH)\)\s+Library (?:runpath|rpath): \[(.*)\]')


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
