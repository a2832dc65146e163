// SPDX-License-Identifier: Apache-2.0

package u8guard

/*
#include "cgo_helpers.h"
*/
import "C"

import (
	"fmt"
	"os"
	"runtime"
	"unsafe"
)

// PathOptions says how SanitizePath reads a path. The zero value (or nil)
// means the library's defaults, which suit a relative file name from an
// untrusted source on a POSIX system.
type PathOptions struct {
	// BackslashIsSeparator: '\' separates segments as '/' does; otherwise
	// a '\' is rejected.
	BackslashIsSeparator bool
	// Normalization is "NFC" (the default when "") or "NFKC".
	Normalization string
	// PercentDecode decodes %XX escapes once per segment, strictly.
	PercentDecode bool
	// DotDot is "reject" (the default when "") or "resolve" (remove the
	// previous segment, never rising above the root).
	DotDot string
	// LeadingSeparatorIsRoot: a leading separator means the root (a
	// request path) instead of path/absolute.
	LeadingSeparatorIsRoot bool
	// AllowHidden allows segments that start with '.'.
	AllowHidden bool
	// Windows applies Windows' rules: reserved names, trailing '.' or ' ',
	// < > : " | ? * rejected; '\' separates.
	Windows bool
	// MaxDepth is the most segments in the result (0: 32).
	MaxDepth int
	// MaxLength is the most bytes in the relative result (0: 4096).
	MaxLength int
	// Root, when not "", is prepended: the result is Root + "/" + the
	// relative path. It must be absolute, valid UTF-8, without control
	// characters, ".", ".." or empty segments.
	Root string
	// SegmentProfile is applied to each segment (nil: the built-in
	// "path-segment"); its normalization is replaced by Normalization.
	SegmentProfile *Profile
}

// cPathOptions fills o from opts; free releases what it allocated, and
// the segment profile's lock.
func cPathOptions(opts *PathOptions, o *C.u8guard_path_options) (free func(), err error) {
	C.u8guard_path_options_init(o)
	var allocs []unsafe.Pointer
	var locked *Profile
	free = func() {
		for _, p := range allocs {
			C.free(p)
		}
		if locked != nil {
			locked.release()
		}
	}
	if opts == nil {
		return free, nil
	}
	flag := func(b bool) C.int {
		if b {
			return 1
		}
		return 0
	}
	o.backslash_is_separator = flag(opts.BackslashIsSeparator)
	o.percent_decode = flag(opts.PercentDecode)
	o.leading_separator_is_root = flag(opts.LeadingSeparatorIsRoot)
	o.allow_hidden = flag(opts.AllowHidden)
	o.windows = flag(opts.Windows)
	if opts.MaxDepth > 0 {
		o.max_depth = C.size_t(opts.MaxDepth)
	}
	if opts.MaxLength > 0 {
		o.max_length = C.size_t(opts.MaxLength)
	}
	var e C.u8guard_error
	if opts.Normalization != "" {
		n := C.CString(opts.Normalization)
		allocs = append(allocs, unsafe.Pointer(n))
		var v C.int
		if C.u8guard_normalization_from_name(n, &v, &e) != C.U8GUARD_OK {
			free()
			return nil, newError(&e, nil)
		}
		o.normalization = v
	}
	if opts.DotDot != "" {
		n := C.CString(opts.DotDot)
		allocs = append(allocs, unsafe.Pointer(n))
		var v C.int
		if C.u8guard_dot_dot_from_name(n, &v, &e) != C.U8GUARD_OK {
			free()
			return nil, newError(&e, nil)
		}
		o.dot_dot = v
	}
	if opts.Root != "" {
		r := C.CString(opts.Root)
		allocs = append(allocs, unsafe.Pointer(r))
		o.root = r
	}
	if opts.SegmentProfile != nil {
		h := opts.SegmentProfile.acquire()
		if h == nil {
			free()
			return nil, errClosed
		}
		locked = opts.SegmentProfile
		o.segment_profile = h
	}
	return free, nil
}

// SanitizePath returns raw, an untrusted path or file name, as a
// normalized relative path that cannot leave its root (or opts.Root + "/"
// + it): decoded strictly (the IIS/Nimda input "/\xc0\xae./" is an
// overlong at byte 1), split on the separators, each segment
// canonicalized and checked again after normalization, "." and empty
// segments dropped, ".." rejected or resolved. A rejection is a *Rejected
// (a path/... rule, a UTF-8 rule or the segment profile's, the offset in
// raw); InvalidArgument for bad options.
func SanitizePath(raw string, opts *PathOptions) (string, error) {
	var o C.u8guard_path_options
	free, err := cPathOptions(opts, &o)
	if err != nil {
		return "", err
	}
	defer free()
	capacity := len(raw) + len(opts.root()) + 64
	for {
		buf := make([]byte, capacity)
		var n C.size_t
		var e C.u8guard_error
		C.u8guard_sanitize_path(cstr(raw), C.size_t(len(raw)), &o, (*C.char)(unsafe.Pointer(&buf[0])), C.size_t(capacity), &n, &e)
		runtime.KeepAlive(raw)
		switch e.status {
		case C.U8GUARD_OK:
			return string(buf[:n]), nil
		case C.U8GUARD_BUFFER_TOO_SMALL:
			capacity = int(n) + 1
			continue
		}
		return "", newError(&e, nil)
	}
}

func (o *PathOptions) root() string {
	if o == nil {
		return ""
	}
	return o.Root
}

// OpenOptions says how OpenBeneath and CreateBeneath read and open a
// path; the zero value (or nil) means the defaults.
type OpenOptions struct {
	// Path is the sanitizer's options; its Root must be "" (the root is
	// the directory).
	Path PathOptions
	// Symlinks is "none" (the default when "": a link is refused,
	// open/symlink) or "inside" (followed while it stays beneath).
	Symlinks string
	// NoXDev refuses to cross a mount point (open/cross_device).
	NoXDev bool
	// Flags is os.O_RDONLY (0, the default), os.O_WRONLY or os.O_RDWR, and
	// any of os.O_APPEND, os.O_TRUNC, os.O_SYNC, syscall.O_DIRECTORY,
	// O_NOFOLLOW, O_NONBLOCK, O_NOATIME, O_DSYNC, O_DIRECT, O_PATH (with
	// O_DIRECTORY and O_NOFOLLOW only). os.O_CREATE and os.O_EXCL are
	// InvalidArgument: CreateBeneath creates.
	Flags int
	// Flag is Flags under its 0.x name (docs/vocabulary.md: flags, as
	// PathOptions elsewhere). Either may be set; both set to different
	// values is InvalidArgument.
	//
	// Deprecated: use Flags.
	Flag int
	// Resolver is "auto" (the default when ""), "openat2" or "walk" (the
	// O_PATH walk, for tests).
	Resolver string
	// AnyFileType opens any type, as open(2) does (a FIFO may then block);
	// by default only a regular file is opened, without blocking, and
	// anything else is a *Rejected (open/fifo, open/socket, open/device,
	// open/directory).
	AnyFileType bool
}

var resolvers = map[string]C.int{"": C.U8GUARD_RESOLVER_AUTO, "auto": C.U8GUARD_RESOLVER_AUTO,
	"openat2": C.U8GUARD_RESOLVER_OPENAT2, "walk": C.U8GUARD_RESOLVER_WALK}

func cOpenOptions(opts *OpenOptions, o *C.u8guard_open_options) (func(), error) {
	C.u8guard_open_options_init(o)
	if opts == nil {
		return func() {}, nil
	}
	free, err := cPathOptions(&opts.Path, &o.path)
	if err != nil {
		return nil, err
	}
	if opts.Symlinks != "" {
		n := C.CString(opts.Symlinks)
		defer C.free(unsafe.Pointer(n))
		var v C.int
		var e C.u8guard_error
		if C.u8guard_symlinks_from_name(n, &v, &e) != C.U8GUARD_OK {
			free()
			return nil, newError(&e, nil)
		}
		o.symlinks = v
	}
	r, ok := resolvers[opts.Resolver]
	if !ok {
		free()
		return nil, &Error{Status: InvalidArgument, Message: "unknown resolver \"" + opts.Resolver + "\" (expected auto, openat2 or walk)"}
	}
	o.resolver = r
	if opts.NoXDev {
		o.no_xdev = 1
	}
	if opts.AnyFileType {
		o.any_file_type = 1
	}
	flags, err := opts.flags()
	if err != nil {
		free()
		return nil, err
	}
	o.flags = C.int(flags)
	return free, nil
}

// flags returns Flags, or Flag when only it is set; InvalidArgument when
// both are set and differ.
func (opts *OpenOptions) flags() (int, error) {
	if opts.Flag != 0 && opts.Flags != 0 && opts.Flag != opts.Flags {
		return 0, &Error{Status: InvalidArgument, Message: fmt.Sprintf(
			"OpenOptions.Flags (%#x) and its old name Flag (%#x) differ: set Flags only", opts.Flags, opts.Flag)}
	}
	return opts.Flags | opts.Flag, nil
}

// OpenRoot opens the trusted directory dir (links in it are followed) as a
// root for OpenBeneath, CreateBeneath and MkdirBeneath (O_PATH |
// O_DIRECTORY | O_CLOEXEC). Errors: NotFound, PermissionDenied, IOError,
// wrapping the errno (errors.Is(err, fs.ErrNotExist)).
func OpenRoot(dir string) (*os.File, error) {
	cdir := C.CString(dir)
	defer C.free(unsafe.Pointer(cdir))
	var fd C.int
	var e C.u8guard_error
	_, errno := C.u8guard_open_root(cdir, &fd, &e)
	if e.status != C.U8GUARD_OK {
		return nil, newError(&e, errno)
	}
	return os.NewFile(uintptr(fd), dir), nil
}

func rootName(root *os.File, path string) string { return root.Name() + "/" + path }

// OpenBeneath sanitizes path (opts.Path), then opens it beneath root
// (OpenRoot's; not consumed) with the kernel's confinement
// (openat2(RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS), or an O_PATH walk
// with the same guarantees), never leaving the root: a regular file only,
// without blocking, unless opts say otherwise. Refusals are a *Rejected
// (open/escapes_root, open/symlink, open/fifo, ..., or a path rule);
// NotFound, PermissionDenied, IOError wrap the errno.
func OpenBeneath(root *os.File, path string, opts *OpenOptions) (*os.File, error) {
	var o C.u8guard_open_options
	free, err := cOpenOptions(opts, &o)
	if err != nil {
		return nil, err
	}
	defer free()
	var fd C.int
	var e C.u8guard_error
	_, errno := C.u8guard_open_beneath(C.int(root.Fd()), cstr(path), C.size_t(len(path)), &o, &fd, &e)
	runtime.KeepAlive(root)
	runtime.KeepAlive(path)
	if e.status != C.U8GUARD_OK {
		return nil, newError(&e, errno)
	}
	return os.NewFile(uintptr(fd), rootName(root, path)), nil
}

// CreateBeneath creates a new regular file beneath root with permission
// bits perm (less the umask) and opens it for writing (read and write
// with os.O_RDWR in opts.Flags), as an upload does: the parent is resolved
// as OpenBeneath resolves a path, the file created with O_CREAT | O_EXCL |
// O_NOFOLLOW. AlreadyExists (errors.Is(err, fs.ErrExist)) when the name
// exists, a link included; other results as OpenBeneath.
func CreateBeneath(root *os.File, path string, perm os.FileMode, opts *OpenOptions) (*os.File, error) {
	var o C.u8guard_open_options
	free, err := cOpenOptions(opts, &o)
	if err != nil {
		return nil, err
	}
	defer free()
	var fd C.int
	var e C.u8guard_error
	_, errno := C.u8guard_create_beneath(C.int(root.Fd()), cstr(path), C.size_t(len(path)), C.uint(perm.Perm()), &o, &fd, &e)
	runtime.KeepAlive(root)
	runtime.KeepAlive(path)
	if e.status != C.U8GUARD_OK {
		return nil, newError(&e, errno)
	}
	return os.NewFile(uintptr(fd), rootName(root, path)), nil
}

// MkdirBeneath makes a directory beneath root with permission bits perm
// (less the umask), its parent resolved as OpenBeneath resolves a path.
// Results as CreateBeneath.
func MkdirBeneath(root *os.File, path string, perm os.FileMode, opts *OpenOptions) error {
	var o C.u8guard_open_options
	free, err := cOpenOptions(opts, &o)
	if err != nil {
		return err
	}
	defer free()
	var e C.u8guard_error
	_, errno := C.u8guard_mkdir_beneath(C.int(root.Fd()), cstr(path), C.size_t(len(path)), C.uint(perm.Perm()), &o, &e)
	runtime.KeepAlive(root)
	runtime.KeepAlive(path)
	return newError(&e, errno)
}
