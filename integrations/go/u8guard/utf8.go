// SPDX-License-Identifier: Apache-2.0

package u8guard

/*
#include "cgo_helpers.h"
*/
import "C"

import "runtime"

// UTF8Result is the outcome of strict UTF-8 validation (RFC 3629), with
// the meaning of Rust's Utf8Error.
type UTF8Result struct {
	// ValidUpTo is the length of the valid prefix: the input's length when
	// it is valid.
	ValidUpTo int
	// Kind is "" when valid, else the first error's rule id:
	// "utf8/invalid_byte", "utf8/overlong", "utf8/truncated", ...
	Kind string
	// ErrorLen is the length (1 to 3) of the maximal ill-formed subpart at
	// ValidUpTo; 0 when valid or when the input ends inside a sequence.
	ErrorLen int
}

// OK reports whether the input was valid.
func (r UTF8Result) OK() bool { return r.Kind == "" }

// ValidateUTF8 validates b strictly: anything outside RFC 3629's ABNF
// (overlongs, surrogates, values above U+10FFFF, C0, C1, F5 to FF, stray
// or missing continuation bytes, a truncated sequence) is an error, and
// the result says where and of which kind. It never allocates in C.
func ValidateUTF8(b []byte) UTF8Result {
	var r C.u8guard_utf8_result
	C.u8guard_utf8_validate(cbytes(b), C.size_t(len(b)), &r)
	runtime.KeepAlive(b)
	out := UTF8Result{ValidUpTo: int(r.valid_up_to), ErrorLen: int(r.error_len)}
	if r.kind != 0 {
		out.Kind = ruleID(r.kind)
	}
	return out
}

// ValidUTF8 reports whether b is valid UTF-8 under ValidateUTF8's rules.
func ValidUTF8(b []byte) bool {
	ok := C.u8guard_utf8_is_valid(cbytes(b), C.size_t(len(b))) == 1
	runtime.KeepAlive(b)
	return ok
}

// CheckUTF8 is ValidateUTF8 as an error: nil when b is valid, else a
// *Rejected with the rule, the offset and a message such as "invalid
// UTF-8 at byte 1: overlong encoding (C0 AE)".
func CheckUTF8(b []byte) error {
	var e C.u8guard_error
	C.u8guard_utf8_check(cbytes(b), C.size_t(len(b)), &e)
	runtime.KeepAlive(b)
	return newError(&e, nil)
}
