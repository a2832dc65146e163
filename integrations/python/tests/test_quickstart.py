# SPDX-License-Identifier: Apache-2.0
"""README.md's Python quick start (examples/quickstart/python/example.py).

The example asserts what it shows; this runs it as a user runs it, with
this interpreter and the u8guard package under test, from its directory.
"""

import os
import subprocess
import sys

from conftest import ROOT

EXAMPLE = os.path.join(ROOT, 'examples', 'quickstart', 'python', 'example.py')


def test_quickstart_example_runs_as_shown() -> None:
    env = dict(os.environ)
    # The package under test: conftest puts the build tree on sys.path when
    # PYTHONPATH does not already lead to it.
    env['PYTHONPATH'] = os.pathsep.join(
        p for p in sys.path if p and os.path.isdir(p))
    done = subprocess.run([sys.executable, os.path.basename(EXAMPLE)],
                          cwd=os.path.dirname(EXAMPLE),
                          env=env,
                          stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE,
                          check=False)
    assert done.returncode == 0, done.stderr.decode('utf-8', 'replace')
    assert done.stdout.decode('utf-8') == (
        'username-case-mapped: rejected at byte 2 (U+200B): '
        'DISALLOWED/precis_ignorable_properties\n')
