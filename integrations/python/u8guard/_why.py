# SPDX-License-Identifier: Apache-2.0
"""Why the extension module u8guard._u8guard cannot be imported, in plain
words: a module built for another Python (another version, or another
implementation) beside the package, or none at all."""

import importlib.machinery
import os
import re
import sys
from typing import List, Optional


def _python_of(file_name: str) -> Optional[str]:
    """The Python a module's file name says it is for: 'CPython 3.11' for
    _u8guard.cpython-311-x86_64-linux-gnu.so; None when it does not say."""
    match = re.match(r'_u8guard\.([a-z]+)-?(\d)(\d+)', file_name)
    if not match:
        return None
    implementation = {'cpython': 'CPython', 'pypy': 'PyPy'}.get(
        match.group(1), match.group(1))
    return '%s %s.%s' % (implementation, match.group(2), match.group(3))


def _this_python() -> str:
    """'CPython 3.11 (/usr/bin/python3)'."""
    implementation = {'cpython': 'CPython', 'pypy': 'PyPy'}.get(
        sys.implementation.name, sys.implementation.name)
    return '%s %d.%d (%s)' % (implementation, sys.version_info[0],
                              sys.version_info[1], sys.executable)


def why_no_extension(package_dir: Optional[str] = None) -> str:
    """The message for a missing u8guard._u8guard, for the package in
    package_dir (this one by default)."""
    package_dir = package_dir or os.path.dirname(os.path.abspath(__file__))
    wanted = '_u8guard' + importlib.machinery.EXTENSION_SUFFIXES[0]
    try:
        built: List[str] = sorted(
            f for f in os.listdir(package_dir)
            if f.startswith('_u8guard.') and f != '_u8guard.pyi' and any(
                f.endswith(s) for s in ('.so', '.pyd')))
    except OSError:
        built = []
    rebuild = ('Build u8guard for this interpreter: `%s -m pip install .` '
               'in the u8guard checkout, or configure CMake with '
               '-DPython3_EXECUTABLE=%s.' % (sys.executable, sys.executable))
    if built:
        fors = ', '.join('%s (%s)' % (_python_of(f) or 'another Python', f)
                         for f in built)
        return ("u8guard's extension module was built for %s, but this is "
                '%s, which needs %s in %s. %s' %
                (fors, _this_python(), wanted, package_dir, rebuild))
    return ("u8guard's extension module is missing: %s has no %s (for %s). "
            '%s' % (package_dir, wanted, _this_python(), rebuild))
