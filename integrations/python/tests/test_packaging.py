# SPDX-License-Identifier: Apache-2.0
"""`pip install .` and `pip wheel .` from the checkout (pyproject.toml,
setup.py), offline, into a virtual environment; and an import of a package
whose extension module was built for another Python says so in plain
words.

The module is not built again: U8GUARD_CMAKE_BUILD_DIR points setup.py at
this build tree (a fresh `pip install .` configures and builds the library
and the module, about a minute and a half on two cores). The checkout is
copied first, so that setuptools' files go to a temporary directory."""

import base64
import hashlib
import importlib.machinery
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import zipfile

import pytest

from conftest import BUILD_DIR, ROOT

MODULE = '_u8guard' + importlib.machinery.EXTENSION_SUFFIXES[0]
BUILT_PACKAGE = os.path.join(BUILD_DIR, 'integrations', 'python', 'u8guard')


def project_version() -> str:
    with open(os.path.join(ROOT, 'CMakeLists.txt'), encoding='utf-8') as f:
        return re.search(r'^project\(u8guard VERSION ([0-9.]+)', f.read(),
                         re.MULTILINE).group(1)


def require_packaging_tools() -> None:
    for module, package in (('pip', 'python3-pip'),
                            ('setuptools', 'python3-setuptools'),
                            ('wheel', 'python3-wheel'),
                            ('ensurepip', 'python3-venv')):
        if importlib.util.find_spec(module) is None:
            pytest.skip('no %s (Debian: %s)' % (module, package))
    if not os.path.isfile(os.path.join(BUILT_PACKAGE, MODULE)):
        pytest.skip('no %s in %s' % (MODULE, BUILT_PACKAGE))


def copy_checkout(to: str) -> str:
    """The checkout's files copied under `to` (in a git checkout the tracked
    and new ones git does not ignore; otherwise all but build trees);
    returns the copy's root."""
    root = os.path.join(to, 'u8guard')
    if shutil.which('git') is None or subprocess.run(
        ['git', 'rev-parse'], cwd=ROOT,
            stderr=subprocess.DEVNULL).returncode != 0:
        shutil.copytree(ROOT,
                        root,
                        ignore=shutil.ignore_patterns('build', 'build-*',
                                                      '.git', '*.egg-info'))
        return root
    files = subprocess.run(
        ['git', 'ls-files', '-z', '--cached', '--others', '--exclude-standard'],
        cwd=ROOT,
        check=True,
        stdout=subprocess.PIPE).stdout.decode().split('\0')
    for f in filter(None, files):
        source = os.path.join(ROOT, f)
        if os.path.isfile(source):  # not a file deleted from the tree
            os.makedirs(os.path.dirname(os.path.join(root, f)), exist_ok=True)
            shutil.copy2(source, os.path.join(root, f))
    return root


def tool_environment() -> dict:
    """The environment for pip and CMake: offline, this build tree, no
    PYTHONPATH (the build tree's package must not be what is imported) and
    no sanitizer runtime preloaded into the tools."""
    env = dict(os.environ,
               PIP_NO_INDEX='1',
               PIP_NO_CACHE_DIR='1',
               PIP_DISABLE_PIP_VERSION_CHECK='1',
               U8GUARD_CMAKE_BUILD_DIR=BUILD_DIR)
    for name in ('PYTHONPATH', 'LD_PRELOAD'):
        env.pop(name, None)
    return env


def run_in_venv(venv, cwd, code: str) -> list:
    """The lines `code` prints, run by the venv's python in `cwd`: imported
    in the venv (with the test's environment: a sanitizer build's module
    needs its runtime), not from the build tree."""
    env = dict(os.environ)
    env.pop('PYTHONPATH', None)
    return subprocess.run([str(venv / 'bin' / 'python'), '-c', code],
                          cwd=str(cwd),
                          check=True,
                          env=env,
                          stdout=subprocess.PIPE,
                          text=True).stdout.split('\n')


@pytest.fixture
def checkout(tmp_path):
    require_packaging_tools()
    return copy_checkout(str(tmp_path))


def test_pip_install_into_a_venv(tmp_path, checkout):
    venv = tmp_path / 'venv'
    env = tool_environment()
    subprocess.run(
        [sys.executable, '-m', 'venv', '--system-site-packages',
         str(venv)],
        check=True,
        env=env)
    subprocess.run(
        [str(venv / 'bin' / 'pip'), 'install', '--no-build-isolation', '.'],
        cwd=checkout,
        check=True,
        env=env,
        stdout=subprocess.PIPE)
    out = run_in_venv(
        venv, tmp_path, 'import importlib.metadata as m, u8guard; '
        'print(m.version("u8guard")); print(u8guard.__file__); '
        'print(u8guard.__version__); '
        'print(sorted(str(f) for f in m.files("u8guard") '
        '      if str(f).startswith("u8guard/_u8guard."))); '
        'print(u8guard.Profile("UsernameCaseMapped").canonicalize('
        '"\\uff21dmin"))')
    version = project_version()
    assert out[0] == version
    assert out[1].startswith(str(venv)), out[1]
    assert out[2] == version
    assert out[3] == str(['u8guard/' + MODULE, 'u8guard/_u8guard.pyi'])
    assert out[4] == 'admin'


def pip_wheel(checkout: str, wheels) -> str:
    """`pip wheel .` of the checkout into the directory `wheels`: the path
    of the one wheel it makes."""
    subprocess.run([
        sys.executable, '-m', 'pip', 'wheel', '--no-build-isolation',
        '--no-deps', '-w',
        str(wheels), '.'
    ],
                   cwd=checkout,
                   check=True,
                   env=tool_environment(),
                   stdout=subprocess.PIPE)
    built = os.listdir(wheels)
    assert len(built) == 1, built
    return os.path.join(str(wheels), built[0])


def test_pip_wheel(tmp_path, checkout):
    built = os.path.basename(pip_wheel(checkout, tmp_path / 'wheels'))
    version = project_version()
    assert built.startswith(
        'u8guard-%s-cp%d%d-' % ((version, ) + sys.version_info[:2])), built
    names = zipfile.ZipFile(str(tmp_path / 'wheels' / built)).namelist()
    for name in ('u8guard/__init__.py', 'u8guard/' + MODULE,
                 'u8guard/_u8guard.pyi', 'u8guard/py.typed',
                 'u8guard/precis/codec.py',
                 'u8guard-%s.dist-info/METADATA' % version):
        assert name in names, names


def import_error(package_parent: str) -> str:
    """What `import u8guard` prints from package_parent (in a fresh
    interpreter), which must fail."""
    env = dict(os.environ, PYTHONPATH=package_parent)
    r = subprocess.run([sys.executable, '-c', 'import u8guard'],
                       cwd=package_parent,
                       env=env,
                       stderr=subprocess.PIPE,
                       text=True)
    assert r.returncode != 0
    return r.stderr


def test_a_module_for_another_python_is_named(tmp_path):
    if not os.path.isfile(os.path.join(BUILT_PACKAGE, MODULE)):
        pytest.skip('no %s in %s' % (MODULE, BUILT_PACKAGE))
    package = tmp_path / 'u8guard'
    shutil.copytree(BUILT_PACKAGE, str(package))
    # As a CPython 3.9 build would name it.
    other = '_u8guard.cpython-39-x86_64-linux-gnu.so'
    os.rename(str(package / MODULE), str(package / other))
    message = import_error(str(tmp_path))
    this = 'CPython %d.%d' % sys.version_info[:2]
    assert ("ImportError: u8guard's extension module was built for CPython "
            "3.9 (%s), but this is %s (%s), which needs %s in %s." %
            (other, this, sys.executable, MODULE, package)) in message
    assert 'No module named' not in message
    # And none at all.
    os.remove(str(package / other))
    message = import_error(str(tmp_path))
    assert ("ImportError: u8guard's extension module is missing: %s has no "
            "%s (for %s (%s))." %
            (package, MODULE, this, sys.executable)) in message


def wheel_members(path: str) -> dict:
    """{name: content} of a wheel."""
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist()}


def metadata_fields(text: bytes) -> dict:
    """The METADATA header fields: {name: [values]}."""
    fields: dict = {}
    for line in text.decode('utf-8').split('\n\n')[0].split('\n'):
        name, _, value = line.partition(': ')
        fields.setdefault(name, []).append(value)
    return fields


def test_make_wheel_packs_what_pip_wheel_packs(tmp_path, checkout):
    """integrations/python/make_wheel.py (./dev wheel's packer) against
    setuptools' wheel of the same module: the same package files, the same
    metadata, a RECORD that holds every member's hash, and pip installs it
    offline into a virtual environment, where it imports."""
    if sys.version_info < (3, 11):
        pytest.skip('make_wheel.py needs Python 3.11 (tomllib)')
    reference = wheel_members(pip_wheel(checkout, tmp_path / 'reference'))
    made = subprocess.run([
        sys.executable,
        os.path.join(checkout, 'integrations', 'python', 'make_wheel.py'),
        '--python', sys.executable, '--module',
        os.path.join(BUILT_PACKAGE, MODULE), '--platform',
        'manylinux_2_34_x86_64',
        str(tmp_path / 'made')
    ],
                          check=True,
                          env=tool_environment(),
                          stdout=subprocess.PIPE,
                          text=True).stdout.strip()
    version = project_version()
    tag = 'cp%d%d' % sys.version_info[:2]
    assert os.path.basename(made) == 'u8guard-%s-%s-%s-%s.whl' % (
        version, tag, tag, 'manylinux_2_34_x86_64')
    members = wheel_members(made)
    dist_info = 'u8guard-%s.dist-info/' % version

    def package(m: dict) -> dict:
        return {n: c for n, c in m.items() if not n.startswith(dist_info)}

    assert package(members) == package(reference)
    ours = metadata_fields(members[dist_info + 'METADATA'])
    theirs = metadata_fields(reference[dist_info + 'METADATA'])
    for field in ('Name', 'Version', 'Summary', 'Requires-Python',
                  'Classifier'):
        assert ours[field] == theirs[field], field
    assert ('Tag: %s-%s-manylinux_2_34_x86_64' %
            (tag, tag)) in members[dist_info + 'WHEEL'].decode()
    assert 'Root-Is-Purelib: false' in members[dist_info +
                                               'WHEEL'].decode()
    record = members[dist_info + 'RECORD'].decode().strip().split('\n')
    assert sorted(line.split(',')[0] for line in record) == sorted(members)
    for line in record:
        name, digest, size = line.split(',')
        if name == dist_info + 'RECORD':
            assert digest == size == ''
            continue
        content = members[name]
        expected = base64.urlsafe_b64encode(
            hashlib.sha256(content).digest()).rstrip(b'=').decode()
        assert digest == 'sha256=' + expected and int(size) == len(content)

    venv = tmp_path / 'venv'
    env = tool_environment()
    subprocess.run([sys.executable, '-m', 'venv', str(venv)],
                   check=True,
                   env=env)
    subprocess.run([str(venv / 'bin' / 'pip'), 'install', made],
                   check=True,
                   env=env,
                   stdout=subprocess.PIPE)
    out = run_in_venv(
        venv, tmp_path, 'import u8guard; print(u8guard.__file__); '
        'print(u8guard.Profile("UsernameCaseMapped").canonicalize('
        '"\\uff21dmin"))')
    assert out[0].startswith(str(venv)), out[0]
    assert out[1] == 'admin'


def test_make_wheel_refuses_a_module_for_another_python(tmp_path):
    if sys.version_info < (3, 11):
        pytest.skip('make_wheel.py needs Python 3.11 (tomllib)')
    other = tmp_path / '_u8guard.cpython-39-x86_64-linux-gnu.so'
    other.write_bytes(b'')
    done = subprocess.run([
        sys.executable,
        os.path.join(ROOT, 'integrations', 'python', 'make_wheel.py'),
        '--python', sys.executable, '--module',
        str(other), '--platform', 'linux_x86_64',
        str(tmp_path / 'out')
    ],
                          stderr=subprocess.PIPE,
                          text=True,
                          check=False)
    assert done.returncode != 0
    assert 'is not a module for %s' % sys.executable in done.stderr
    assert not (tmp_path / 'out').exists()
