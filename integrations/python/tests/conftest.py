# SPDX-License-Identifier: Apache-2.0
"""Shared set-up for the u8guard Python tests.

ctest runs each test_*.py with PYTHONPATH set to the build tree's
integrations/python (where the package u8guard/ is laid out) and these
environment variables (integrations/python/CMakeLists.txt):

    U8GUARD_SHARED_DIR      the shared/ folder with public suites (testdata/)
    U8GUARD_TEST_DATA_DIR   the repository's tests/data
    U8GUARD_BUILD_DIR       the CMake build tree (for the install test)
    U8GUARD_CMAKE           the cmake executable
    U8GUARD_ICU_VERSION     the ICU the build uses (test_profile.py checks
                            that the module reports it)

By hand: PYTHONPATH=build/integrations/python /usr/bin/python3 -m pytest
integrations/python/tests (the defaults below assume that layout).

Tests that need a file of ../shared/testdata are skipped, naming the file,
when it is absent; with U8GUARD_REQUIRE_SHARED_DATA=1 they fail instead.
"""

import os
import sys
from typing import List

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..',
                                    '..'))
SHARED_DIR = os.environ.get('U8GUARD_SHARED_DIR',
                            os.path.join(ROOT, '..', 'shared'))
TEST_DATA_DIR = os.environ.get('U8GUARD_TEST_DATA_DIR',
                               os.path.join(ROOT, 'tests', 'data'))
BUILD_DIR = os.environ.get('U8GUARD_BUILD_DIR', os.path.join(ROOT, 'build'))

try:
    import u8guard  # noqa: F401
except ImportError:
    sys.path.insert(0, os.path.join(BUILD_DIR, 'integrations', 'python'))


def shared_file(relative: str) -> str:
    """Returns the path of ../shared/<relative>, or skips the test.

    The skip names the missing file; when U8GUARD_REQUIRE_SHARED_DATA=1 the
    test fails instead (CI must not pass without the conformance data).
    """
    path = os.path.join(SHARED_DIR, relative)
    if os.path.isfile(path):
        return path
    message = 'missing shared test data: %s' % os.path.normpath(path)
    if os.environ.get('U8GUARD_REQUIRE_SHARED_DATA') == '1':
        pytest.fail(message + ' (U8GUARD_REQUIRE_SHARED_DATA=1)')
    pytest.skip(message)


def data_file(relative: str) -> str:
    """Returns the path of the repository's tests/data/<relative>."""
    return os.path.join(TEST_DATA_DIR, relative)


def under_asan() -> bool:
    """True when the ASan runtime is preloaded (the ASan+UBSan build)."""
    return 'libasan' in os.environ.get('LD_PRELOAD', '')


def hex_bytes(text: str) -> bytes:
    """'C0 AE' -> b'\\xc0\\xae'; 'nothing' -> b''."""
    return b'' if text.strip() == 'nothing' else bytes.fromhex(text)


def non_ascii_names(count: int) -> List[str]:
    """`count` distinct user names that PRECIS accepts, most not ASCII."""
    stems = [
        'J\u00fcrgen', '\uff2a\uff55\uff4c\uff49\uff45', 'Jos\u00e9',
        '\u0391\u03b8\u03b7\u03bd\u03ac', '\u041c\u0430\u0448\u0430',
        '\u5c71\u7530', 'Zo\u00eb', 'admin'
    ]
    return ['%s%d' % (stems[i % len(stems)], i) for i in range(count)]
