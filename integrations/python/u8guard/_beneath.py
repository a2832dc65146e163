# SPDX-License-Identifier: Apache-2.0
"""u8guard.open_beneath: a file object for an untrusted path, opened beneath
a root directory only (the C++ OpenBeneath and CreateBeneath)."""

import io
import os
from typing import IO, Any, Optional

from u8guard._u8guard import create_beneath_fd, open_beneath_fd

# The modes open_beneath takes, without 'b' and 't', and the open(2) flags
# of each: it reads or updates a file that exists ('r', 'r+') or creates a
# new one ('x', 'x+'), never one that 'w' would truncate or 'a' create.
_MODES = {
    'r': (False, os.O_RDONLY),
    'r+': (False, os.O_RDWR),
    'x': (True, os.O_WRONLY),
    'x+': (True, os.O_RDWR),
}


def open_beneath(root: Any,
                 path: Any,
                 mode: str = 'r',
                 buffering: int = -1,
                 encoding: Optional[str] = None,
                 errors: Optional[str] = None,
                 newline: Optional[str] = None,
                 *,
                 file_mode: int = 0o666,
                 **options: Any) -> IO[Any]:
    """Opens the untrusted `path` beneath the directory `root` and returns a
    file object, as open() would for `mode` ('r', 'rb', 'r+', 'x', 'xb',
    'x+': the others would truncate or create through names the caller
    does not control).

    `root` is a directory's path (str, bytes, os.PathLike) or an open
    descriptor of it (not consumed); a server opens it once with
    os.open(dir, os.O_PATH | os.O_DIRECTORY). `path` is sanitized as
    sanitize_path sanitizes it (its keyword arguments apply, but root), then
    opened with the kernel's confinement: no symbolic link, "..", /proc
    magic link or concurrent rename leads out of the root. 'x' creates a new
    file with permission bits file_mode (less the umask), never following
    or replacing an existing name. Only a regular file is opened: a FIFO, a
    socket, a device or a directory is refused without blocking (a FIFO
    would make open() wait for a writer forever, /dev/zero never ends),
    unless any_file_type=True asks for any type as os.open() would.
    Keywords: symlinks="none" (any link is refused) or "inside" (followed
    while it stays beneath the root), no_xdev=False (True: never cross a
    mount point), resolver="auto", any_file_type=False.

    Raises u8guard.Rejected when the path is refused (e.rule is
    "open/escapes_root", "open/symlink", "open/magic_link",
    "open/cross_device", "open/symlink_loop"; "open/fifo", "open/socket",
    "open/device" or "open/directory" for what is not a regular file; or a
    path/ rule of the sanitizer); FileNotFoundError, PermissionError, FileExistsError, ...
    (OSError with the system call's errno) when it is not there or may not
    be opened; ValueError for a bad mode or option.
    """
    if not isinstance(mode, str):
        raise TypeError('mode must be str, not %s' % type(mode).__name__)
    kind = mode.replace('b', '').replace('t', '')
    if (kind not in _MODES or len(set(mode)) != len(mode) or
            ('b' in mode and 't' in mode)):
        raise ValueError(
            "invalid mode %r: open_beneath reads or updates a file that "
            "exists ('r', 'r+') or creates a new one ('x', 'x+'), with 'b' "
            "or 't'" % mode)
    creates, flags = _MODES[kind]
    if creates:
        fd = create_beneath_fd(root, path, file_mode, flags, **options)
    else:
        fd = open_beneath_fd(root, path, flags, **options)
    try:
        return io.open(fd, mode, buffering, encoding, errors, newline)
    except BaseException:
        os.close(fd)
        raise
