// SPDX-License-Identifier: Apache-2.0

package u8guard

/*
#include "cgo_helpers.h"
*/
import "C"

import (
	"runtime"
	"sync"
)

// UTF8Stream validates a stream delivered in chunks of any size (a
// sequence may straddle chunks), with offsets in the whole stream. It
// holds at most 3 bytes of an unfinished sequence. Safe for concurrent
// use (a mutex orders the calls; the C validator is one thread's at a
// time).
type UTF8Stream struct {
	mu sync.Mutex
	h  *C.u8guard_utf8_stream
}

// NewUTF8Stream returns a validator at the start of a stream. Close it
// when done (a finalizer frees it otherwise). Errors: OutOfMemory.
func NewUTF8Stream() (*UTF8Stream, error) {
	var h *C.u8guard_utf8_stream
	if st := C.u8guard_utf8_stream_new(&h); st != C.U8GUARD_OK {
		return nil, statusError(st, "u8guard_utf8_stream_new")
	}
	s := &UTF8Stream{h: h}
	runtime.SetFinalizer(s, (*UTF8Stream).Close)
	return s, nil
}

// Close frees the validator; later calls fail with status Closed. Always
// nil.
func (s *UTF8Stream) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.h != nil {
		C.u8guard_utf8_stream_free(s.h)
		s.h = nil
	}
	runtime.SetFinalizer(s, nil)
	return nil
}

func resultFrom(r *C.u8guard_utf8_result) UTF8Result {
	out := UTF8Result{ValidUpTo: int(r.valid_up_to), ErrorLen: int(r.error_len)}
	if r.kind != 0 {
		out.Kind = ruleID(r.kind)
	}
	return out
}

// Feed validates the next chunk. While the stream is valid so far it
// returns a result with an empty Kind (ValidUpTo: the bytes consumed, all
// known valid but at most 3 of a sequence the chunk leaves unfinished); at
// the first error and for every later call, the error's kind and its
// offset in the whole stream. The error is for a closed validator only.
func (s *UTF8Stream) Feed(chunk []byte) (UTF8Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.h == nil {
		return UTF8Result{}, errClosed
	}
	var r C.u8guard_utf8_result
	C.u8guard_utf8_stream_feed(s.h, cbytes(chunk), C.size_t(len(chunk)), &r)
	runtime.KeepAlive(chunk)
	return resultFrom(&r), nil
}

// Finish ends the stream: ValidUpTo is the stream's length when it is
// valid; an unfinished sequence at the end is "utf8/truncated".
func (s *UTF8Stream) Finish() (UTF8Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.h == nil {
		return UTF8Result{}, errClosed
	}
	var r C.u8guard_utf8_result
	C.u8guard_utf8_stream_finish(s.h, &r)
	return resultFrom(&r), nil
}

// Reset returns the validator to the start of a new stream.
func (s *UTF8Stream) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	C.u8guard_utf8_stream_reset(s.h)
}

// BytesFed returns the number of bytes fed since the start (0 once
// closed).
func (s *UTF8Stream) BytesFed() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return int64(C.u8guard_utf8_stream_bytes_fed(s.h))
}
