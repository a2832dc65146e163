// SPDX-License-Identifier: Apache-2.0

package precis

import (
	"errors"
	"sync"
)

// ErrShortDst is Transform's error for a destination too short for the
// rest of the result. Its text is transform.ErrShortDst's, but it is not
// that value (this module does not depend on x/text): transform.String,
// transform.Bytes and transform.NewReader, which compare with
// transform.ErrShortDst, stop with an error when the result outgrows their
// first buffer. Use the Transformer's own String and Bytes.
var ErrShortDst = errors.New("transform: short destination buffer")

// Transformer applies a profile as a transform.Transformer does. PRECIS
// rules apply to the whole string (the Bidi Rule, contextual rules, the
// empty check), so it reads all of its input before writing anything:
// Transform consumes src until atEOF, then writes the result, over as many
// calls as dst needs, or returns the rejection. It never writes a partial
// result. Safe for use by one goroutine at a time, as x/text's.
type Transformer struct {
	t *transformer
}

type transformer struct {
	mu   sync.Mutex
	p    *Profile
	in   []byte
	out  []byte
	pos  int
	done bool
	err  error
}

// NewTransformer returns a Transformer that applies p (the enforced form,
// as String).
func (p *Profile) NewTransformer() *Transformer {
	return &Transformer{t: &transformer{p: p}}
}

// Reset forgets the input read so far, for a new string.
func (t Transformer) Reset() {
	t.t.mu.Lock()
	defer t.t.mu.Unlock()
	s := t.t
	s.in, s.out, s.pos, s.done, s.err = nil, nil, 0, false, nil
}

// Transform implements transform.Transformer's method: it consumes all of
// src; at atEOF it applies the profile and copies the result to dst,
// returning ErrShortDst while some is left, or the rejection (*Error).
func (t Transformer) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	s := t.t
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.done {
		s.in = append(s.in, src...)
		nSrc = len(src)
		if !atEOF {
			return 0, nSrc, nil
		}
		out, err := s.p.enforce(string(s.in))
		s.done, s.out, s.err = true, []byte(out), err
	}
	if s.err != nil {
		return 0, nSrc, s.err
	}
	nDst = copy(dst, s.out[s.pos:])
	s.pos += nDst
	if s.pos < len(s.out) {
		return nDst, nSrc, ErrShortDst
	}
	return nDst, nSrc, nil
}

// Bytes returns a new byte slice with the result of applying the profile
// to b, or nil when b is rejected (x/text returns what it had written).
func (t Transformer) Bytes(b []byte) []byte {
	out, err := t.t.p.enforce(string(b))
	if err != nil {
		return nil
	}
	return []byte(out)
}

// String returns the result of applying the profile to s, or "" when s is
// rejected.
func (t Transformer) String(s string) string {
	out, _ := t.t.p.enforce(s)
	return out
}
