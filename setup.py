# SPDX-License-Identifier: Apache-2.0
"""Builds the extension module u8guard._u8guard with CMake for
`pip install .` and `pip wheel .`; pyproject.toml holds the metadata.

The module is built by integrations/python/CMakeLists.txt, in a CMake build
tree of its own under build/python-setuptools/ (only the library and the
module: U8GUARD_PYTHON=ON, everything else OFF), for the interpreter that
runs pip. Environment:

    U8GUARD_CMAKE_BUILD_DIR  an existing CMake build tree of this checkout
                             (configured with U8GUARD_PYTHON for the same
                             interpreter) to build the module in instead:
                             nothing is built twice
    CMAKE_ARGS               more arguments for the configure
    CMAKE_BUILD_PARALLEL_LEVEL  parallel jobs (default: one per CPU)
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def project_version() -> str:
    """The release version, from CMakeLists.txt's project(VERSION)."""
    with open(os.path.join(HERE, 'CMakeLists.txt'), encoding='utf-8') as f:
        match = re.search(r'^project\(u8guard VERSION ([0-9.]+)', f.read(),
                          re.MULTILINE)
    if not match:
        raise RuntimeError('no project(u8guard VERSION ...) in CMakeLists.txt')
    return match.group(1)


class CMakeBuild(build_ext):
    """build_ext that builds u8guard._u8guard with CMake."""

    def build_extension(self, ext: Extension) -> None:
        cmake = shutil.which('cmake')
        if cmake is None:
            raise RuntimeError('building u8guard needs cmake (Debian: cmake)')
        build_dir = os.environ.get('U8GUARD_CMAKE_BUILD_DIR')
        if not build_dir:
            build_dir = os.path.join(os.path.abspath(self.build_temp), 'cmake')
            self.configure(cmake, build_dir)
        jobs = os.environ.get('CMAKE_BUILD_PARALLEL_LEVEL',
                              str(os.cpu_count() or 1))
        subprocess.run([
            cmake, '--build', build_dir, '--target', 'u8guard_python', '-j',
            jobs
        ],
                       check=True)
        # The module as this interpreter names it, e.g.
        # _u8guard.cpython-311-x86_64-linux-gnu.so.
        name = '_u8guard' + sysconfig.get_config_var('EXT_SUFFIX')
        built = os.path.join(build_dir, 'integrations', 'python', 'u8guard',
                             name)
        if not os.path.isfile(built):
            raise RuntimeError(
                '%s has no %s: its module is for another Python than %s '
                '(configure it with -DPython3_EXECUTABLE=%s)' %
                (build_dir, name, sys.executable, sys.executable))
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built, target)

    @staticmethod
    def configure(cmake: str, build_dir: str) -> None:
        """Configures a build tree of the library and the module alone."""
        args = [
            cmake, '-S', HERE, '-B', build_dir, '-DCMAKE_BUILD_TYPE=Release',
            '-DPython3_EXECUTABLE=' + sys.executable, '-DU8GUARD_PYTHON=ON',
            '-DU8GUARD_CLI=OFF', '-DU8GUARD_TESTS=OFF', '-DU8GUARD_BENCH=OFF',
            '-DU8GUARD_EXAMPLES=OFF', '-DU8GUARD_INSTALL=OFF',
            '-DU8GUARD_POSTGRESQL=OFF', '-DU8GUARD_BUILD_SHARED=OFF'
        ]
        if not os.path.isfile(os.path.join(build_dir, 'CMakeCache.txt')):
            if shutil.which('ninja'):
                args += ['-G', 'Ninja']
        args += shlex.split(os.environ.get('CMAKE_ARGS', ''))
        subprocess.run(args, check=True)


setup(
    version=project_version(),
    ext_modules=[Extension('u8guard._u8guard', sources=[])],
    cmdclass={'build_ext': CMakeBuild},
    # Beside CMake's own build/, not in the source tree.
    options={'build': {'build_base': 'build/python-setuptools'}},
)
