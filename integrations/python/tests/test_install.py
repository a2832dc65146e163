# SPDX-License-Identifier: Apache-2.0
"""`cmake --install` puts an importable package into the interpreter's
platlib under the prefix."""

import os
import subprocess
import sys
import sysconfig

import pytest

from conftest import BUILD_DIR

CMAKE = os.environ.get('U8GUARD_CMAKE', 'cmake')


def debian_platlib_suffix() -> str:
    """The interpreter's platlib relative to its prefix, as CMake computes
    it (lib/python3.11/dist-packages on Debian)."""
    platlib = sysconfig.get_path('platlib')
    for base in (os.path.join(sys.exec_prefix, 'local'), sys.exec_prefix):
        if platlib.startswith(base + os.sep):
            return os.path.relpath(platlib, base)
    return platlib


def test_installed_package_imports(tmp_path):
    if not os.path.isfile(os.path.join(BUILD_DIR, 'cmake_install.cmake')):
        pytest.skip('no CMake build tree at %s' % BUILD_DIR)
    prefix = tmp_path / 'prefix'
    env = dict(os.environ)
    env.pop('LD_PRELOAD', None)  # cmake itself is not instrumented
    subprocess.run([
        CMAKE, '--install', BUILD_DIR, '--prefix',
        str(prefix), '--component', 'python'
    ],
                   check=True,
                   env=env,
                   stdout=subprocess.PIPE)
    site = prefix / debian_platlib_suffix()
    package = site / 'u8guard'
    installed = sorted(
        os.path.relpath(os.path.join(d, f), package)
        for d, _, files in os.walk(package) for f in files)
    assert [f for f in installed if not f.startswith('_u8guard.')] == [
        '__init__.py', '_beneath.py', '_rejected.py', '_why.py',
        'precis/__init__.py',
        'precis/codec.py', 'py.typed'
    ]
    assert '_u8guard.pyi' in installed
    assert any(f.startswith('_u8guard.') and f.endswith('.so')
               for f in installed)
    # Only the Python package: the library's own files are another
    # component's.
    assert sorted(os.listdir(prefix)) == ['lib']
    # Import it from there in a fresh interpreter (not from the build tree).
    env = dict(os.environ, PYTHONPATH=str(site))
    out = subprocess.run([
        sys.executable, '-c', 'import u8guard, u8guard.precis; '
        'print(u8guard.__file__); '
        'print(u8guard.precis.get_profile("Nickname").enforce(" A  B "))'
    ],
                         check=True,
                         env=env,
                         cwd=str(tmp_path),
                         stdout=subprocess.PIPE,
                         text=True).stdout.split('\n')
    assert out[0] == str(package / '__init__.py')
    assert out[1] == 'a b'
