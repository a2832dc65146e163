# SPDX-License-Identifier: Apache-2.0
"""u8guard.open_beneath and its kin: untrusted paths opened beneath a root
directory only, every case through both resolvers (openat2 where the kernel
has it, and the O_PATH walk). The attacks at length are in the C++ suites
(tests/path/open_beneath_*_test.cc)."""

import os
import pathlib
import socket
import stat
import subprocess
import sys
import threading

import pytest

import u8guard
from u8guard import (Profile, Rejected, create_beneath_fd, mkdir_beneath,
                     open_beneath, open_beneath_fd)

SECRET = 'SECRET: outside the root'


@pytest.fixture(params=['openat2', 'walk'])
def resolver(request):
    if request.param == 'openat2' and not u8guard.openat2_available():
        pytest.skip('openat2 is not available to this process: the walk '
                    'instance runs every case')
    return request.param


@pytest.fixture
def tree(tmp_path):
    """tmp/secret.txt, tmp/outside/, tmp/root/{public.txt, dir/inner.txt,
    uploads/, out -> ../secret.txt, alias -> public.txt,
    uploads/avatar -> ../../outside}; returns the root."""
    (tmp_path / 'secret.txt').write_text(SECRET)
    (tmp_path / 'outside').mkdir()
    (tmp_path / 'outside' / 'secret.txt').write_text(SECRET)
    root = tmp_path / 'root'
    root.mkdir()
    (root / 'public.txt').write_text('public')
    (root / 'dir').mkdir()
    (root / 'dir' / 'inner.txt').write_bytes(b'inner\xff')
    (root / 'uploads').mkdir()
    os.symlink('../secret.txt', root / 'out')
    os.symlink('public.txt', root / 'alias')
    os.symlink('../../outside', root / 'uploads' / 'avatar')
    return root


def refusal(*args, **kwargs) -> Rejected:
    with pytest.raises(Rejected) as info:
        open_beneath(*args, **kwargs)
    return info.value


def test_reads_files_beneath_the_root(tree, resolver):
    with open_beneath(tree, 'public.txt', resolver=resolver) as f:
        assert f.read() == 'public'
    with open_beneath(str(tree), 'dir/inner.txt', 'rb',
                      resolver=resolver) as f:
        assert f.read() == b'inner\xff'
    with open_beneath(os.fsencode(str(tree)), b'dir//./inner.txt', 'rb',
                      resolver=resolver) as f:
        assert f.read() == b'inner\xff'
    # An open descriptor as the root: not consumed.
    root = os.open(tree, os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for _ in range(3):
            with open_beneath(root, 'public.txt', resolver=resolver) as f:
                assert f.read() == 'public'
        assert os.fstat(root)  # still open
    finally:
        os.close(root)


def test_refuses_links_out_of_the_root(tree, resolver):
    e = refusal(tree, 'out', resolver=resolver)
    assert (e.rule, e.source, e.offset, e.detail) == ('open/symlink', 'open',
                                                      0, 'out')
    assert e.rule_value == 52
    assert str(e) == ('open beneath root: refused at "out": open/symlink: a '
                      'symbolic link where the options allow none')
    e = refusal(tree, 'out', symlinks='inside', resolver=resolver)
    assert e.rule == 'open/escapes_root'
    e = refusal(tree, 'uploads/avatar/secret.txt', symlinks='inside',
                resolver=resolver)
    assert (e.rule, e.detail) == ('open/escapes_root', 'uploads/avatar')
    os.symlink(str(tree.parent / 'secret.txt'), tree / 'abs')
    assert refusal(tree, 'abs', symlinks='inside',
                   resolver=resolver).rule == 'open/escapes_root'
    # Links that stay inside: only with symlinks="inside".
    assert refusal(tree, 'alias', resolver=resolver).rule == 'open/symlink'
    with open_beneath(tree, 'alias', symlinks='inside',
                      resolver=resolver) as f:
        assert f.read() == 'public'


def test_the_sanitizer_comes_first(tree, resolver):
    e = refusal(tree, '../secret.txt', resolver=resolver)
    assert (e.rule, e.source) == ('path/dot_dot', 'path')
    assert refusal(tree, '/etc/passwd',
                   resolver=resolver).rule == 'path/absolute'
    assert refusal(tree, b'/\xc0\xae./', resolver=resolver).rule == (
        'utf8/overlong')
    with open_beneath(tree,
                      '/dir/%2e%2e/public.txt',
                      percent_decode=True,
                      dot_dot='resolve',
                      leading_separator_is_root=True,
                      resolver=resolver) as f:
        assert f.read() == 'public'
    user = Profile('username-case-mapped')
    with open_beneath(tree,
                      'PUBLIC.TXT',
                      segment_profile=user,
                      resolver=resolver) as f:
        assert f.read() == 'public'


def test_magic_links(resolver):
    for path in ('root/etc/passwd', 'fd/0', 'cwd', 'exe'):
        for symlinks in ('none', 'inside'):
            e = refusal('/proc/self', path, symlinks=symlinks,
                        resolver=resolver)
            assert e.rule == 'open/magic_link', path
    with open_beneath('/proc', 'self/status', symlinks='inside',
                      resolver=resolver) as f:
        assert 'Name:' in f.read()


def test_missing_is_not_refused(tree, resolver):
    with pytest.raises(FileNotFoundError) as info:
        open_beneath(tree, 'missing', resolver=resolver)
    assert info.value.errno == 2
    assert not isinstance(info.value, Rejected)
    with pytest.raises(NotADirectoryError):
        open_beneath(tree, 'public.txt/x', resolver=resolver)
    with pytest.raises(IsADirectoryError):
        open_beneath(tree, 'dir', 'r+', resolver=resolver)
    with pytest.raises(FileNotFoundError):
        open_beneath(tree / 'nowhere', 'public.txt', resolver=resolver)
    with pytest.raises(NotADirectoryError):
        open_beneath(tree / 'public.txt', 'x', resolver=resolver)
    if os.geteuid() != 0:
        os.chmod(tree / 'dir', 0)
        try:
            with pytest.raises(PermissionError):
                open_beneath(tree, 'dir/inner.txt', resolver=resolver)
        finally:
            os.chmod(tree / 'dir', 0o755)


def test_creates_new_files_only(tree, resolver):
    name = 'uploads/new-%s.txt' % resolver
    old = os.umask(0o022)
    try:
        with open_beneath(tree, name, 'x', file_mode=0o640,
                          resolver=resolver) as f:
            f.write('uploaded')
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tree / name).st_mode) == 0o640
    with open_beneath(tree, name, 'r+', resolver=resolver) as f:
        assert f.read() == 'uploaded'
    with pytest.raises(FileExistsError):
        open_beneath(tree, name, 'xb', resolver=resolver)
    # Never over a link, never through one.
    with pytest.raises(FileExistsError):
        open_beneath(tree, 'out', 'x', symlinks='inside', resolver=resolver)
    assert refusal(tree, 'uploads/avatar/planted', 'x', symlinks='inside',
                   resolver=resolver).rule == 'open/escapes_root'
    assert not (tree.parent / 'outside' / 'planted').exists()
    assert (tree.parent / 'secret.txt').read_text() == SECRET
    fd = create_beneath_fd(tree, 'uploads/raw-%s' % resolver, 0o600,
                           os.O_RDWR, resolver=resolver)
    try:
        assert not os.get_inheritable(fd)
        assert os.write(fd, b'x') == 1
    finally:
        os.close(fd)


def test_mkdir_beneath(tree, resolver):
    name = 'uploads/album-%s' % resolver
    mkdir_beneath(tree, name, 0o750, resolver=resolver)
    assert (tree / name).is_dir()
    with pytest.raises(FileExistsError):
        mkdir_beneath(tree, name, resolver=resolver)
    with pytest.raises(Rejected) as info:
        mkdir_beneath(tree, 'uploads/avatar/x', symlinks='inside',
                      resolver=resolver)
    assert info.value.rule == 'open/escapes_root'
    assert not (tree.parent / 'outside' / 'x').exists()


def test_descriptors(tree, resolver):
    fd = open_beneath_fd(tree, 'dir', os.O_RDONLY | os.O_DIRECTORY,
                         resolver=resolver)
    try:
        assert not os.get_inheritable(fd)
        assert 'inner.txt' in os.listdir(fd)
    finally:
        os.close(fd)
    before = len(os.listdir('/proc/self/fd'))
    for _ in range(200):
        for path in ('public.txt', 'out', 'missing', '../x'):
            try:
                os.close(open_beneath_fd(str(tree), path, resolver=resolver))
            except (Rejected, OSError):
                pass
    assert len(os.listdir('/proc/self/fd')) == before


def test_bad_arguments(tree, resolver):
    for mode in ('w', 'a', 'rw', 'rbt', 'rr', 'x+b+'):
        with pytest.raises(ValueError):
            open_beneath(tree, 'public.txt', mode)
    with pytest.raises(TypeError):
        open_beneath(tree, 'public.txt', resolver=resolver, bogus=True)
    with pytest.raises(ValueError):
        open_beneath(tree, 'public.txt', symlinks='all')
    with pytest.raises(ValueError):
        open_beneath(tree, 'public.txt', resolver='magic')
    with pytest.raises(ValueError):
        open_beneath_fd(tree, 'public.txt', os.O_RDONLY | os.O_CREAT)
    with pytest.raises(TypeError):
        open_beneath(1.5, 'public.txt')
    with pytest.raises(TypeError):
        open_beneath(tree, 42)
    e = refusal(tree, 'x\ud800')
    assert (e.rule, e.source) == ('utf8/surrogate', 'encoder')


def test_threads_share_a_root(tree, resolver):
    root = os.open(tree, os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC)
    errors = []

    def reader():
        try:
            for _ in range(200):
                with open_beneath(root, 'dir/inner.txt', 'rb',
                                  resolver=resolver) as f:
                    assert f.read() == b'inner\xff'
                with pytest.raises(Rejected):
                    open_beneath(root, 'out', symlinks='inside',
                                 resolver=resolver)
        except BaseException as e:  # pylint: disable=broad-except
            errors.append(e)

    threads = [threading.Thread(target=reader) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    os.close(root)
    assert not errors


def test_pathlib_roots(tree, resolver):
    with open_beneath(pathlib.Path(tree), 'public.txt',
                      resolver=resolver) as f:
        assert f.read() == 'public'


# The child of test_fifos_and_devices_are_refused_at_once: each case's
# outcome, one line each ("rule" or "ok").
_FILE_TYPE_CASES = r'''
import os, sys
import u8guard
root, resolver = sys.argv[1], sys.argv[2]
cases = [
    (root, 'report.txt', 'r', {}), (root, 'report.txt', 'rb', {}),
    (root, 'report.txt', 'r+', {}),
    (root, 'report.txt', 'rb', {'symlinks': 'inside'}),
    (root, 'fifo_link', 'r', {'symlinks': 'inside'}),
    (root, 'sock', 'r', {}), ('/dev', 'null', 'rb', {}),
    ('/dev', 'zero', 'rb', {}), (root, 'dir', 'r', {}), (root, '', 'rb', {}),
    (root, 'public.txt', 'r', {}),
]
for where, path, mode, options in cases:
    try:
        with u8guard.open_beneath(where, path, mode, resolver=resolver,
                                  **options) as f:
            assert os.get_blocking(f.fileno()), 'O_NONBLOCK left set'
            print('ok:' + f.read(), flush=True)
    except u8guard.Rejected as e:
        assert e.detail == path and e.source == 'open', (e.detail, e.source)
        print(e.rule, flush=True)
'''


def test_fifos_and_devices_are_refused_at_once(tree, resolver):
    """Attack (an outside review): open_beneath(root, "report.txt") where
    report.txt is a FIFO never returned: the open waited for a writer. Every
    kind of file that is not a regular file is refused by its rule without
    blocking, in a child process with a timeout so that a regression fails
    instead of hanging the suite."""
    os.mkfifo(tree / 'report.txt')
    os.symlink('report.txt', tree / 'fifo_link')
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(tree / 'sock'))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    try:
        child = subprocess.run(
            [sys.executable, '-c', _FILE_TYPE_CASES, str(tree), resolver],
            env=env, capture_output=True, text=True, timeout=30, check=False)
    except subprocess.TimeoutExpired as e:
        pytest.fail('open_beneath blocked; it got as far as: %r' % e.stdout)
    finally:
        listener.close()
    assert child.returncode == 0, child.stderr
    assert child.stdout.splitlines() == [
        'open/fifo', 'open/fifo', 'open/fifo', 'open/fifo', 'open/fifo',
        'open/socket', 'open/device', 'open/device', 'open/directory',
        'open/directory', 'ok:public'
    ]


def test_any_file_type_asks_for_what_open_does(tree, resolver):
    os.mkfifo(tree / 'report.txt')
    e = refusal(tree, 'dir', resolver=resolver)
    assert (e.rule, e.rule_value) == ('open/directory', 59)
    assert str(e) == ('open beneath root: refused at "dir": open/directory: '
                      'a directory, not a regular file (O_DIRECTORY opens '
                      'one)')
    # O_DIRECTORY and any_file_type open a directory; a FIFO opens with
    # O_NONBLOCK as os.open would.
    for flags, options in ((os.O_RDONLY | os.O_DIRECTORY, {}),
                           (os.O_RDONLY, {'any_file_type': True})):
        fd = open_beneath_fd(tree, 'dir', flags, resolver=resolver, **options)
        assert stat.S_ISDIR(os.fstat(fd).st_mode)
        os.close(fd)
    fd = open_beneath_fd(tree, 'report.txt', os.O_RDONLY | os.O_NONBLOCK,
                         resolver=resolver, any_file_type=True)
    assert stat.S_ISFIFO(os.fstat(fd).st_mode)
    assert not os.get_blocking(fd)
    os.close(fd)
    with pytest.raises(Rejected) as info:
        open_beneath_fd(tree, 'report.txt', os.O_WRONLY, resolver=resolver)
    assert info.value.rule == 'open/fifo'
