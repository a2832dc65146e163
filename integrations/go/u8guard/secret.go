// SPDX-License-Identifier: Apache-2.0

package u8guard

/*
#include "cgo_helpers.h"
*/
import "C"

import (
	"runtime"
	"unsafe"
)

// SecretKey returns the comparison key of a secret (normally under
// "opaque-string", RFC 8265 section 4.2: what a password hash should be
// fed) in a new slice. The library wipes every copy it makes; the caller
// wipes secret and the key with Wipe when done (Go may have copied a
// string elsewhere: pass secrets as []byte). A rejection is a *Rejected
// that names the rule and offset but never a code point (-1) or byte of
// the secret.
func (p *Profile) SecretKey(secret []byte) ([]byte, error) {
	h := p.acquire()
	if h == nil {
		return nil, errClosed
	}
	defer p.release()
	capacity := len(secret) + len(secret)/2 + 16
	for {
		buf := make([]byte, capacity)
		var n C.size_t
		var e C.u8guard_error
		C.u8guard_canonicalize_secret(h, cbytes(secret), C.size_t(len(secret)), (*C.char)(unsafe.Pointer(&buf[0])), C.size_t(capacity), &n, &e)
		runtime.KeepAlive(secret)
		switch e.status {
		case C.U8GUARD_OK:
			return buf[:n], nil
		case C.U8GUARD_BUFFER_TOO_SMALL:
			Wipe(buf)
			capacity = int(n) + 1
			continue
		}
		Wipe(buf)
		return nil, newError(&e, nil)
	}
}

// Wipe sets b's bytes to zero in a way the compiler may not remove
// (explicit_bzero in the library).
func Wipe(b []byte) {
	if len(b) == 0 {
		return
	}
	C.u8guard_secure_wipe(unsafe.Pointer(&b[0]), C.size_t(len(b)))
	runtime.KeepAlive(b)
}

// ConstantTimeEquals reports whether a and b hold the same bytes, in time
// that depends on the lengths only, never on the content (inputs of
// different lengths return false at once: the length may leak).
func ConstantTimeEquals(a, b []byte) bool {
	r := C.u8guard_constant_time_equals(unsafe.Pointer(cbytes(a)), C.size_t(len(a)), unsafe.Pointer(cbytes(b)), C.size_t(len(b)))
	runtime.KeepAlive(a)
	runtime.KeepAlive(b)
	return r == 1
}
