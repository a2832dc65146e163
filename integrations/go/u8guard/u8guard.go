// SPDX-License-Identifier: Apache-2.0

// Package u8guard is the Go interface of the u8guard library: strict UTF-8,
// PRECIS profiles (RFC 8264, 8265, 8266), UTS #39 look-alike skeletons,
// allow and deny lists, registration decisions, path sanitizing, opening
// files beneath a root and the export and verification of name records.
//
// It is a thin cgo layer over the installed C API (u8guard_c.h, found with
// pkg-config): every decision is the library's, and this package only
// converts arguments, results and errors.
//
// Errors are values. A rejected input is a *Rejected (errors.As) with the
// rule, the byte offset and the code point; any other failure is an *Error
// whose Status can be tested with errors.Is (errors.Is(err,
// u8guard.NotFound)) and which wraps the system call's errno where there
// is one (errors.Is(err, fs.ErrNotExist)). No input makes a function of
// this package panic.
//
// Objects that hold a C handle (Profile, AllowList, DenyList, Registry,
// RegistrationPolicy, UTF8Stream) are freed by Close, and by a finalizer when Close is
// forgotten. Each is safe for concurrent use by any number of goroutines;
// Close waits for calls in flight and later calls return an *Error with
// status Closed.
package u8guard

/*
#cgo pkg-config: u8guard
#include "cgo_helpers.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"syscall"
	"unsafe"
)

// LibraryVersion returns the release version of the library linked at run
// time, e.g. "0.1.0".
func LibraryVersion() string { return C.GoString(C.u8guard_version()) }

// Version is LibraryVersion under its 0.x name (docs/vocabulary.md: the
// root is library_version): the same function and string.
func Version() string { return LibraryVersion() }

// ICUVersion returns the version of ICU the library runs with, e.g. "72.1".
func ICUVersion() string { return C.GoString(C.u8guard_icu_version()) }

// UnicodeVersion returns the Unicode version of that ICU's data, e.g.
// "15.0": every property and normalization comes from it.
func UnicodeVersion() string { return C.GoString(C.u8guard_unicode_version()) }

// BuildTables builds now the tables the library otherwise builds when the
// process first needs them or after a few thousand calls (about a quarter
// of a second), so that no later call waits for one: for a service before
// it takes requests. Results never depend on it. Safe for concurrent use.
func BuildTables() { C.u8guard_build_tables() }

// Status is the outcome of a C API call other than success: the Status of
// an *Error, and an error itself so that errors.Is(err, u8guard.NotFound)
// works.
type Status int32

// The statuses (the values of the C API's u8guard_status, which never
// change), and Closed for an object used after Close.
const (
	OK               Status = 0
	RejectedStatus   Status = 1
	NoMatch          Status = 2
	BufferTooSmall   Status = 3
	InvalidArgument  Status = 4
	NotFound         Status = 5
	PermissionDenied Status = 6
	IOError          Status = 7
	LimitExceeded    Status = 8
	OutOfMemory      Status = 9
	Internal         Status = 10
	AlreadyExists    Status = 11
	Cancelled        Status = 12
	// Closed is this package's: the object was closed.
	Closed Status = -1
)

// String returns the status's name: "ok", "rejected", "not_found", ...,
// "closed" for Closed, "unknown" for a value the library does not know.
func (s Status) String() string {
	if s == Closed {
		return "closed"
	}
	return C.GoString(C.u8guard_status_name(C.u8guard_status(s)))
}

// Error returns the status's name, so that a Status can be the target of
// errors.Is.
func (s Status) Error() string { return "u8guard: " + s.String() }

// Error is a failure other than a rejected input: a bad argument or policy
// file, a file that cannot be read, an unknown profile name, a closed
// object. errors.Is(err, st) holds for its Status st; Unwrap returns the
// system call's errno when there is one.
type Error struct {
	// Status says what kind of failure it is.
	Status Status
	// Message is the library's message, for people and logs.
	Message string
	// Errno is the system call's error for the I/O statuses, else 0.
	Errno syscall.Errno
}

// Error returns the library's message.
func (e *Error) Error() string {
	if e.Message == "" {
		return e.Status.Error()
	}
	return "u8guard: " + e.Message
}

// Is reports whether target is e's Status.
func (e *Error) Is(target error) bool {
	s, ok := target.(Status)
	return ok && s == e.Status
}

// Unwrap returns the errno, or nil.
func (e *Error) Unwrap() error {
	if e.Errno == 0 {
		return nil
	}
	return e.Errno
}

// Rejected is a rejected input: not UTF-8, a rule of a profile, of the
// path sanitizer or of opening beneath a root.
type Rejected struct {
	// Rule is the rule's stable id, e.g. "utf8/overlong",
	// "DISALLOWED/spaces", "path/dot_dot".
	Rule string
	// RuleValue is the C API's integer for the rule (U8GUARD_RULE_*).
	RuleValue int
	// Source is the part of the library that applied it: "utf8", "bom",
	// "profile", "path", "encoder" or "open".
	Source string
	// Offset is the byte offset in the caller's input where the offending
	// part starts (0 for rules about the whole string).
	Offset int
	// CodePoint is the offending code point as the caller sent it, or -1.
	CodePoint rune
	// Message is the library's message, e.g. "username-case-mapped:
	// rejected at byte 2 (U+200B): DISALLOWED/precis_ignorable_properties".
	Message string
}

// Error returns the library's message.
func (e *Rejected) Error() string { return e.Message }

// Is reports whether target is RejectedStatus, so that errors.Is(err,
// u8guard.RejectedStatus) holds for every rejection.
func (e *Rejected) Is(target error) bool {
	s, ok := target.(Status)
	return ok && s == RejectedStatus
}

var sourceNames = map[int32]string{0: "utf8", 1: "bom", 2: "profile", 3: "path", 4: "encoder", 5: "open"}

// RuleDescription returns a short English description of the rule with
// the stable id `id` ("overlong encoding" for "utf8/overlong"), or "" when
// there is no such rule.
func RuleDescription(id string) string {
	cid := C.CString(id)
	defer C.free(unsafe.Pointer(cid))
	r := C.u8guard_rule_from_id(cid)
	if r == 0 {
		return ""
	}
	return C.GoString(C.u8guard_rule_description(r))
}

func ruleID(r C.u8guard_rule_t) string { return C.GoString(C.u8guard_rule_id(r)) }

// newError converts a filled-in u8guard_error to a Go error (nil for OK).
func newError(e *C.u8guard_error, errno error) error {
	st := Status(e.status)
	msg := C.GoString(&e.message[0])
	switch st {
	case OK:
		return nil
	case RejectedStatus:
		return &Rejected{
			Rule:      ruleID(e.rule),
			RuleValue: int(e.rule),
			Source:    sourceNames[int32(e.source)],
			Offset:    int(e.offset),
			CodePoint: rune(e.code_point),
			Message:   msg,
		}
	}
	err := &Error{Status: st, Message: msg}
	var no syscall.Errno
	if st == NotFound || st == PermissionDenied || st == IOError || st == AlreadyExists {
		if errors.As(errno, &no) {
			err.Errno = no
		}
	}
	return err
}

func statusError(st C.u8guard_status, what string) error {
	if st == C.U8GUARD_OK {
		return nil
	}
	return &Error{Status: Status(st), Message: fmt.Sprintf("%s: %s", what, Status(st))}
}

var errClosed = &Error{Status: Closed, Message: "use of a closed object"}

// cstr returns the address of s's bytes for C (which never keeps it), or
// nil for the empty string.
func cstr(s string) *C.char {
	if len(s) == 0 {
		return nil
	}
	return (*C.char)(*(*unsafe.Pointer)(unsafe.Pointer(&s)))
}

// cbytes returns the address of b's bytes for C (which never keeps it).
func cbytes(b []byte) *C.char {
	if len(b) == 0 {
		return nil
	}
	return (*C.char)(unsafe.Pointer(&b[0]))
}

// bytesToString returns b as a string without a copy; b must never be
// written again.
func bytesToString(b []byte) string { return *(*string)(unsafe.Pointer(&b)) }

// gostr copies n bytes at p (which may be NULL when n is 0).
func gostr(p *C.char, n C.size_t) string {
	if n == 0 {
		return ""
	}
	return C.GoStringN(p, C.int(n))
}
