# SPDX-License-Identifier: Apache-2.0
"""The module is a shell over the public headers: its C++ files include
u8guard's public headers (include/u8guard/), their own headers, pybind11,
Python, Abseil and the standard library, never the library's internals
(src/) or ICU and toml++ directly. (tests/layering/check_includes.py checks
src/ and include/ the same way.)"""

import glob
import os
import re

from conftest import ROOT

HERE = os.path.join(ROOT, 'integrations', 'python')
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def allowed(header: str) -> bool:
    if header.startswith('u8guard/'):
        return os.path.isfile(os.path.join(ROOT, 'include', header))
    if header.startswith('integrations/python/'):
        return os.path.isfile(os.path.join(ROOT, header))
    if header.startswith(('pybind11/', 'absl/')) or header == 'Python.h':
        return True
    return '/' not in header and not header.startswith(('unicode', 'toml'))


def test_sources_include_only_public_headers():
    sources = glob.glob(os.path.join(HERE, '*.cc')) + glob.glob(
        os.path.join(HERE, '*.h'))
    assert len(sources) >= 5
    bad = []
    for path in sources:
        with open(path, encoding='utf-8') as f:
            for _, header in INCLUDE.findall(f.read()):
                if not allowed(header):
                    bad.append('%s: %s' % (os.path.basename(path), header))
    assert not bad


def test_the_check_catches_internal_headers():
    for header in ('src/precis/pipeline.h', 'unicode/uchar.h',
                   'toml++/toml.h', 'u8guard/no_such.h',
                   'integrations/python/missing.h'):
        assert not allowed(header), header
    for header in ('u8guard/acl.h', 'pybind11/stl.h', 'Python.h', 'string',
                   'absl/status/status.h', 'integrations/python/convert.h'):
        assert allowed(header), header
