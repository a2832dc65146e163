// SPDX-License-Identifier: Apache-2.0

package u8guard

/*
#include "cgo_helpers.h"
*/
import "C"

import (
	"runtime"
	"sync"
	"unsafe"
)

// Profile is the policy of one protocol element (a PRECIS profile with
// u8guard's BOM policy, bounds and confusable settings), from the library's
// built-in ones or a policy file. Safe for concurrent use.
type Profile struct {
	mu     sync.RWMutex
	h      *C.u8guard_profile // nil once closed
	name   string
	shared bool // a Builtin: never closed, used without the lock
}

func newProfile(h *C.u8guard_profile) *Profile {
	p := &Profile{h: h, name: C.GoString(C.u8guard_profile_name(h))}
	runtime.SetFinalizer(p, (*Profile).Close)
	return p
}

// OpenProfile opens the profile called name, in either spelling
// ("username-case-mapped" or the RFCs' "UsernameCaseMapped"): from the
// policy files (*.toml) in dir when dir is not "", else the built-in one.
// Errors: NotFound for an unknown name, InvalidArgument for a bad policy
// file (the message names the file, line and key), the directory's read
// errors. Close it when done (a finalizer frees it otherwise).
func OpenProfile(name, dir string) (*Profile, error) {
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	var cdir *C.char
	if dir != "" {
		cdir = C.CString(dir)
		defer C.free(unsafe.Pointer(cdir))
	}
	var h *C.u8guard_profile
	var e C.u8guard_error
	_, errno := C.u8guard_profile_open(cname, cdir, &h, &e)
	if e.status != C.U8GUARD_OK {
		return nil, newError(&e, errno)
	}
	return newProfile(h), nil
}

// LoadProfile loads the profile defined by the policy file at path
// (policies/*.toml show the format). Errors as OpenProfile.
func LoadProfile(path string) (*Profile, error) {
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	var h *C.u8guard_profile
	var e C.u8guard_error
	_, errno := C.u8guard_profile_open_file(cpath, &h, &e)
	if e.status != C.U8GUARD_OK {
		return nil, newError(&e, errno)
	}
	return newProfile(h), nil
}

// OpenProfileFile is LoadProfile under its 0.x name (docs/vocabulary.md:
// load is the verb for a file): the same function, profiles and errors.
func OpenProfileFile(path string) (*Profile, error) { return LoadProfile(path) }

var builtins sync.Map // canonical name -> *Profile

// Builtin returns the built-in profile called name (either spelling), one
// shared object per name for the life of the process: its Close does
// nothing. Errors: NotFound for a name that is not built in.
func Builtin(name string) (*Profile, error) {
	if p, ok := builtins.Load(name); ok {
		return p.(*Profile), nil
	}
	p, err := OpenProfile(name, "")
	if err != nil {
		return nil, err
	}
	runtime.SetFinalizer(p, nil)
	p.shared = true
	actual, _ := builtins.LoadOrStore(name, p)
	if actual != p {
		C.u8guard_profile_free(p.h)
	}
	return actual.(*Profile), nil
}

// BuiltinProfileNames returns the names of the built-in profiles, in name
// order: "freeform-class", ..., "username-case-preserved".
func BuiltinProfileNames() []string {
	n := int(C.u8guard_builtin_profile_count())
	names := make([]string, n)
	for i := range names {
		names[i] = C.GoString(C.u8guard_builtin_profile_name(C.size_t(i)))
	}
	return names
}

// BuiltinProfiles is BuiltinProfileNames under its 0.x name, kept until the
// module's next major version (docs/vocabulary.md: a function called
// "profiles" returns profiles elsewhere; this one returns names).
func BuiltinProfiles() []string { return BuiltinProfileNames() }

// Name returns the profile's name, e.g. "username-case-mapped".
func (p *Profile) Name() string { return p.name }

// Close frees the profile, after the calls in flight; later calls return
// an *Error with status Closed. Lists and registries built with it keep
// their own copy. Close on a Builtin does nothing. Always nil.
func (p *Profile) Close() error {
	if p.shared {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.h != nil {
		C.u8guard_profile_free(p.h)
		p.h = nil
		runtime.SetFinalizer(p, nil)
	}
	return nil
}

// acquire returns the handle with the read lock held (release it with
// p.release), or nil when closed.
func (p *Profile) acquire() *C.u8guard_profile {
	if p.shared {
		return p.h
	}
	p.mu.RLock()
	if p.h == nil {
		p.mu.RUnlock()
		return nil
	}
	return p.h
}

func (p *Profile) release() {
	if !p.shared {
		p.mu.RUnlock()
	}
	runtime.KeepAlive(p)
}

// text runs a text operation, with a first guess at the output's size and
// a second call when it is too small; the error struct is filled only on
// failure (a second call), so that the common path passes no Go pointer
// but the input and the output.
func (p *Profile) text(op C.int, in *C.char, n int) ([]byte, error) {
	return p.textIn(op, SkeletonLogical, in, n)
}

// textIn is text with the order U8G_SKELETON reads the key in.
func (p *Profile) textIn(op C.int, order SkeletonOrder, in *C.char, n int) ([]byte, error) {
	h := p.acquire()
	if h == nil {
		return nil, errClosed
	}
	defer p.release()
	capacity := n + n/2 + 16
	for {
		buf := make([]byte, capacity)
		r := C.u8g_text(h, op, C.int32_t(order), in, C.size_t(n), (*C.char)(unsafe.Pointer(&buf[0])), C.size_t(capacity))
		switch r.status {
		case C.U8GUARD_OK:
			return buf[:r.len], nil
		case C.U8GUARD_BUFFER_TOO_SMALL:
			capacity = int(r.len) + 1
			continue
		}
		return nil, resultError(&r)
	}
}

// resultError converts a failed u8g_result to a Go error and frees its
// message.
func resultError(r *C.u8g_result) error {
	msg := C.GoString(r.message)
	C.free(unsafe.Pointer(r.message))
	st := Status(r.status)
	if st != RejectedStatus {
		return &Error{Status: st, Message: msg}
	}
	return &Rejected{
		Rule:      ruleID(C.u8guard_rule_t(r.rule)),
		RuleValue: int(r.rule),
		Source:    sourceNames[int32(r.source)],
		Offset:    int(r.offset),
		CodePoint: rune(r.code_point),
		Message:   msg,
	}
}

// explain calls the library again, for the rule, offset, code point and
// message of a failure whose status the batch returned.
func explain(h *C.u8guard_profile, op C.int, in *C.char, n int, status C.int32_t) error {
	var scratch [16]byte
	r := C.u8g_text(h, op, C.U8GUARD_SKELETON_ORDER_LOGICAL, in, C.size_t(n), (*C.char)(unsafe.Pointer(&scratch[0])), C.size_t(len(scratch)))
	if r.status == C.U8GUARD_BUFFER_TOO_SMALL || r.status == C.U8GUARD_OK {
		return statusError(C.u8guard_status(status), "u8guard")
	}
	return resultError(&r)
}

// Key returns the comparison key of s: two inputs are equivalent under the
// profile exactly when their keys are equal, so it is what to index and
// compare. A rejection is a *Rejected (rule, offset into s, code point);
// never a partial key.
func (p *Profile) Key(s string) (string, error) {
	b, err := p.text(C.U8G_KEY, cstr(s), len(s))
	runtime.KeepAlive(s)
	return bytesToString(b), err
}

// KeyBytes is Key for bytes: the key of b, in a new slice.
func (p *Profile) KeyBytes(b []byte) ([]byte, error) {
	out, err := p.text(C.U8G_KEY, cbytes(b), len(b))
	runtime.KeepAlive(b)
	return out, err
}

// Enforce returns the enforced form of s: what to store and display (it
// keeps case under the nickname profile). Rejections as Key.
func (p *Profile) Enforce(s string) (string, error) {
	b, err := p.text(C.U8G_ENFORCE, cstr(s), len(s))
	runtime.KeepAlive(s)
	return bytesToString(b), err
}

// EnforceBytes is Enforce for bytes, into a new slice.
func (p *Profile) EnforceBytes(b []byte) ([]byte, error) {
	out, err := p.text(C.U8G_ENFORCE, cbytes(b), len(b))
	runtime.KeepAlive(b)
	return out, err
}

// Skeleton returns the UTS #39 confusable skeleton of s's key: strings
// whose skeletons are equal look alike. A loose fold for comparison only:
// never a key, never a reason to grant. Rejections as Key.
func (p *Profile) Skeleton(s string) (string, error) {
	b, err := p.text(C.U8G_SKELETON, cstr(s), len(s))
	runtime.KeepAlive(s)
	return bytesToString(b), err
}

// SkeletonOrder is the order in which a skeleton reads a key (UTS #39
// section 4): as stored, or as shown on one line of a left-to-right or
// right-to-left paragraph.
type SkeletonOrder int32

// The skeleton orders, the C API's U8GUARD_SKELETON_ORDER_* values.
const (
	SkeletonLogical SkeletonOrder = C.U8GUARD_SKELETON_ORDER_LOGICAL
	SkeletonLTR     SkeletonOrder = C.U8GUARD_SKELETON_ORDER_LTR
	SkeletonRTL     SkeletonOrder = C.U8GUARD_SKELETON_ORDER_RTL
)

// BidiSkeleton returns the skeleton of s's key read in order: for
// SkeletonLTR and SkeletonRTL UTS #39's bidi skeleton (the key reordered
// by the Unicode Bidirectional Algorithm as a page of that direction shows
// it, right-to-left characters mirrored, then its skeleton; ICU 74's
// uspoof_getBidiSkeleton), for SkeletonLogical Skeleton's. Hebrew alef
// then "1" and "1" then alef have one SkeletonLTR skeleton. An *Error with
// InvalidArgument for another order; rejections as Key.
func (p *Profile) BidiSkeleton(s string, order SkeletonOrder) (string, error) {
	b, err := p.textIn(C.U8G_SKELETON, order, cstr(s), len(s))
	runtime.KeepAlive(s)
	return bytesToString(b), err
}

// Equivalent reports whether the profile accepts both a and b and their
// keys are equal. It fails closed: a rejected input is equivalent to
// nothing, not even to itself; a closed profile gives false.
func (p *Profile) Equivalent(a, b string) bool {
	h := p.acquire()
	if h == nil {
		return false
	}
	defer p.release()
	r := C.u8g_equivalent(h, cstr(a), C.size_t(len(a)), cstr(b), C.size_t(len(b)))
	runtime.KeepAlive(a)
	runtime.KeepAlive(b)
	return r == 1
}

// KeyAll returns the keys of every name in one call into the library (one
// cgo crossing for the whole slice, where Key pays one per name): keys[i]
// is the key of names[i], or "" with errs[i] the *Rejected when the
// profile rejects it. errs is nil when every name was accepted.
func (p *Profile) KeyAll(names []string) (keys []string, errs []error) {
	return p.texts(C.U8G_KEY, names)
}

// EnforceAll is KeyAll for the enforced forms.
func (p *Profile) EnforceAll(names []string) (forms []string, errs []error) {
	return p.texts(C.U8G_ENFORCE, names)
}

// Keys is KeyAll under its 0.x name: the same method and results.
func (p *Profile) Keys(names []string) (keys []string, errs []error) {
	return p.KeyAll(names)
}

// Enforced is EnforceAll under its 0.x name: the same method and results.
func (p *Profile) Enforced(names []string) (forms []string, errs []error) {
	return p.EnforceAll(names)
}

func (p *Profile) texts(op C.int, names []string) ([]string, []error) {
	out := make([]string, len(names))
	if len(names) == 0 {
		return out, nil
	}
	total := 0
	for _, s := range names {
		total += len(s)
	}
	in := make([]byte, 0, total+1)
	ends := make([]C.size_t, len(names))
	for i, s := range names {
		in = append(in, s...)
		ends[i] = C.size_t(len(in))
	}
	in = append(in, 0) // never empty: &in[0] is valid
	outEnds := make([]C.size_t, len(names))
	statuses := make([]C.int32_t, len(names))
	capacity := total + total/2 + 16
	buf := make([]byte, capacity)
	h := p.acquire()
	if h == nil {
		errs := make([]error, len(names))
		for i := range errs {
			errs[i] = errClosed
		}
		return out, errs
	}
	start := 0
	for {
		done := int(C.u8g_texts(h, op, (*C.char)(unsafe.Pointer(&in[0])), &ends[0],
			C.size_t(start), C.size_t(len(names)), (*C.char)(unsafe.Pointer(&buf[0])),
			C.size_t(len(buf)), &outEnds[0], &statuses[0]))
		if done == len(names) {
			break
		}
		used := 0
		if done > 0 {
			used = int(outEnds[done-1])
		}
		grown := make([]byte, 2*len(buf)+int(outEnds[done]))
		copy(grown, buf[:used])
		buf = grown
		start = done
	}
	// The keys are substrings of one string that shares buf's bytes (buf is
	// never written again): one allocation for all of them.
	all := bytesToString(buf[:outEnds[len(names)-1]])
	var errs []error
	begin := 0
	for i, s := range names {
		end := int(outEnds[i])
		if statuses[i] == C.U8GUARD_OK {
			out[i] = all[begin:end]
		} else {
			if errs == nil {
				errs = make([]error, len(names))
			}
			errs[i] = explain(h, op, cstr(s), len(s), statuses[i])
		}
		begin = end
	}
	p.release()
	runtime.KeepAlive(names)
	return out, errs
}

// LookalikeKeys returns the look-alike keys of s (UTS #39 skeletons
// derived from its key, the key's first, without repeats): two accepted
// strings look alike exactly when their sets share one, so a registry that
// stores each at most once (a unique index over one row per key) refuses
// look-alikes. Rejections as Key.
func (p *Profile) LookalikeKeys(s string) ([]string, error) {
	h := p.acquire()
	if h == nil {
		return nil, errClosed
	}
	defer p.release()
	var lengths C.u8guard_skeleton_lengths
	capacity := 3*len(s) + 48
	for {
		buf := make([]byte, capacity)
		var e C.u8guard_error
		C.u8guard_lookalike_skeletons(h, cstr(s), C.size_t(len(s)), (*C.char)(unsafe.Pointer(&buf[0])),
			C.size_t(capacity), new(C.size_t), &lengths, &e)
		runtime.KeepAlive(s)
		if e.status == C.U8GUARD_BUFFER_TOO_SMALL {
			capacity *= 2
			continue
		}
		if e.status != C.U8GUARD_OK {
			return nil, newError(&e, nil)
		}
		all := string(buf)
		keys := make([]string, int(lengths.count))
		at := 0
		for i := range keys {
			n := int(lengths.length[i])
			keys[i] = all[at : at+n]
			at += n
		}
		return keys, nil
	}
}

// RestrictionLevel is a UTS #39 restriction level, strictest first.
type RestrictionLevel int32

// The restriction levels (the C API's U8GUARD_RESTRICTION_* values).
const (
	ASCII                   RestrictionLevel = 0
	SingleScriptRestrictive RestrictionLevel = 1
	HighlyRestrictive       RestrictionLevel = 2
	ModeratelyRestrictive   RestrictionLevel = 3
	MinimallyRestrictive    RestrictionLevel = 4
	Unrestrictive           RestrictionLevel = 5
)

// String returns the level's name: "ascii", "single_script_restrictive",
// "highly_restrictive", "moderately_restrictive", "minimally_restrictive",
// "unrestrictive"; "unknown" otherwise.
func (l RestrictionLevel) String() string {
	return C.GoString(C.u8guard_restriction_level_name(C.int32_t(l)))
}

// RestrictionLevel returns the UTS #39 restriction level of s's key: how
// many scripts it mixes, and how. Rejections as Key.
func (p *Profile) RestrictionLevel(s string) (RestrictionLevel, error) {
	h := p.acquire()
	if h == nil {
		return -1, errClosed
	}
	defer p.release()
	var level C.int32_t
	var e C.u8guard_error
	C.u8guard_restriction_level(h, cstr(s), C.size_t(len(s)), &level, &e)
	runtime.KeepAlive(s)
	if e.status != C.U8GUARD_OK {
		return -1, newError(&e, nil)
	}
	return RestrictionLevel(level), nil
}
