# SPDX-License-Identifier: Apache-2.0
"""u8guard.open_beneath and its kin: untrusted paths opened beneath a root
directory only, every case through both resolvers (openat2 where the kernel
has it, and the O_PATH walk). The attacks at length are in the C++ suites
(tests/open_beneath_*_test.cc)."""

import os
import pathlib
import stat
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
