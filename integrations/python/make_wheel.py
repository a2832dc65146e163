# SPDX-License-Identifier: Apache-2.0
"""Packs a built extension module and the package u8guard into a wheel
(`./dev wheel`: the portable wheel, whose module carries ICU, Abseil,
toml++ and the C++ runtime inside it).

    make_wheel.py --python=PYTHON --module=FILE --platform=TAG OUT_DIR

PYTHON is the interpreter the wheel is for (CPython 3.9 or newer, asked
for its version and extension suffix); FILE the module built for it
(_u8guard.cpython-311-x86_64-linux-gnu.so); TAG the platform tag
(manylinux_2_34_x86_64: `./dev wheel` names the newest glibc the module may
need, and tests/install/portable_check.py checks it needs no newer one).
Writes OUT_DIR/u8guard-VERSION-cpXY-cpXY-TAG.whl and prints its path.

What goes in is what pyproject.toml names ([tool.setuptools] packages and
package-data, the metadata of [project]) and the version of
CMakeLists.txt's project(): written once, read here as setup.py reads
them. Needs Python 3.11 (tomllib) to run; the wheel is for any PYTHON.
"""

import argparse
import base64
import hashlib
import json
import os
import re
import subprocess
import sys
import tomllib
import zipfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
# A fixed time for every member (1980-01-01, zip's first): the same inputs
# give the same wheel.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def project_version():
    with open(os.path.join(ROOT, 'CMakeLists.txt'), encoding='utf-8') as f:
        match = re.search(r'^project\(u8guard VERSION ([0-9.]+)', f.read(),
                          re.MULTILINE)
    if not match:
        sys.exit('make_wheel: no project(u8guard VERSION ...) in '
                 'CMakeLists.txt')
    return match.group(1)


def interpreter(python):
    """(python tag, extension suffix) of PYTHON: ('cp311', '.cpython-...')."""
    script = ('import json, sys, sysconfig; print(json.dumps(['
              'sys.implementation.name, sys.version_info[:2], '
              'sysconfig.get_config_var("EXT_SUFFIX"), '
              'bool(sysconfig.get_config_var("Py_GIL_DISABLED"))]))')
    out = subprocess.run([python, '-c', script], check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    name, (major, minor), suffix, free_threaded = json.loads(out)
    if name != 'cpython' or (major, minor) < (3, 9) or free_threaded:
        sys.exit('make_wheel: %s is %s %d.%d%s: the wheel is for CPython 3.9 '
                 'or newer with the GIL' %
                 (python, name, major, minor,
                  ' (free-threaded)' if free_threaded else ''))
    return 'cp%d%d' % (major, minor), suffix


def metadata(project, version):
    """The METADATA file's text (core metadata 2.1) from [project]."""
    lines = ['Metadata-Version: 2.1', 'Name: ' + project['name'],
             'Version: ' + version, 'Summary: ' + project['description'],
             'License: ' + project['license']['text'],
             'Requires-Python: ' + project['requires-python']]
    lines += ['Classifier: ' + c for c in project.get('classifiers', [])]
    return '\n'.join(lines) + '\n'


def package_files(setuptools):
    """[(path in the wheel, file)] of the pure-Python part: each package's
    .py files and its package-data files."""
    source = os.path.join(ROOT, setuptools['package-dir'][''])
    data = setuptools.get('package-data', {})
    out = []
    for package in setuptools['packages']:
        directory = os.path.join(source, *package.split('.'))
        names = sorted(n for n in os.listdir(directory) if n.endswith('.py'))
        names += data.get(package, [])
        for n in names:
            path = os.path.join(directory, n)
            if not os.path.isfile(path):
                sys.exit('make_wheel: pyproject.toml names %s, which is not '
                         'there' % path)
            out.append(('/'.join(package.split('.') + [n]), path))
    return out


def record_line(name, content):
    digest = base64.urlsafe_b64encode(
        hashlib.sha256(content).digest()).rstrip(b'=').decode('ascii')
    return '%s,sha256=%s,%d' % (name, digest, len(content))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--python', required=True)
    parser.add_argument('--module', required=True)
    parser.add_argument('--platform', required=True)
    parser.add_argument('out_dir')
    args = parser.parse_args()

    with open(os.path.join(ROOT, 'pyproject.toml'), 'rb') as f:
        pyproject = tomllib.load(f)
    project = pyproject['project']
    version = project_version()
    tag, suffix = interpreter(args.python)
    module_name = os.path.basename(args.module)
    if module_name != '_u8guard' + suffix:
        sys.exit('make_wheel: %s is not a module for %s, which loads '
                 '_u8guard%s' % (args.module, args.python, suffix))

    files = package_files(pyproject['tool']['setuptools'])
    files.append(('u8guard/' + module_name, args.module))
    dist_info = '%s-%s.dist-info' % (project['name'], version)
    members = []
    for name, path in files:
        with open(path, 'rb') as f:
            members.append((name, f.read()))
    with open(os.path.join(ROOT, 'LICENSE'), 'rb') as f:
        members.append((dist_info + '/LICENSE', f.read()))
    members.append((dist_info + '/METADATA',
                    metadata(project, version).encode('utf-8')))
    wheel_tag = '%s-%s-%s' % (tag, tag, args.platform)
    members.append((dist_info + '/WHEEL', (
        'Wheel-Version: 1.0\nGenerator: u8guard make_wheel.py\n'
        'Root-Is-Purelib: false\nTag: %s\n' % wheel_tag).encode('utf-8')))
    record = [record_line(n, c) for n, c in members]
    record.append(dist_info + '/RECORD,,')
    members.append((dist_info + '/RECORD',
                    ('\n'.join(record) + '\n').encode('utf-8')))

    os.makedirs(args.out_dir, exist_ok=True)
    out = os.path.join(args.out_dir,
                       '%s-%s-%s.whl' % (project['name'], version, wheel_tag))
    with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
        for name, content in members:
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            # rwxr-xr-x for the module, rw-r--r-- for the rest.
            mode = 0o755 if name.endswith('.so') else 0o644
            info.external_attr = (0o100000 | mode) << 16
            z.writestr(info, content)
    print(out)
    return 0


if __name__ == '__main__':
    sys.exit(main())
