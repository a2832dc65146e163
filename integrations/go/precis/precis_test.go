// SPDX-License-Identifier: Apache-2.0

package precis_test

import (
	"bytes"
	"errors"
	"math/rand"
	"testing"

	"github.com/u8guard/u8guard/integrations/go/precis"
	"github.com/u8guard/u8guard/integrations/go/u8guard"
)

func TestErrorsCarryTheRejection(t *testing.T) {
	_, err := precis.UsernameCaseMapped.String("jürgen\u200b")
	if !errors.Is(err, precis.ErrDisallowedRune) || err.Error() != "precis: disallowed rune encountered" {
		t.Fatalf("got %v", err)
	}
	var rej *u8guard.Rejected
	if !errors.As(err, &rej) || rej.CodePoint != 0x200B || rej.Offset != len("jürgen") {
		t.Errorf("the *u8guard.Rejected: %+v", rej)
	}
	for in, want := range map[string]error{"": precis.ErrEmptyString, "\u05d0a": precis.ErrBidiRule} {
		p := precis.UsernameCaseMapped
		if in == "" {
			p = precis.OpaqueString
		}
		if _, err := p.String(in); !errors.Is(err, want) {
			t.Errorf("%+q: %v, want %v", in, err, want)
		}
	}
}

func TestProfilesMatchTheLibrary(t *testing.T) {
	// The facade adds no rule: String is the library's enforced form and
	// CompareKey its key.
	lib, _ := u8guard.Builtin("nickname")
	for _, s := range []string{"  Swan  of   Avon ", "Richard \u2163", "ΣΑΣ", "x"} {
		e, _ := lib.Enforce(s)
		k, _ := lib.Key(s)
		if got, _ := precis.Nickname.String(s); got != e {
			t.Errorf("String(%+q) = %q, library %q", s, got, e)
		}
		if got, _ := precis.Nickname.CompareKey(s); got != k {
			t.Errorf("CompareKey(%+q) = %q, library %q", s, got, k)
		}
		if got, _ := precis.Nickname.AppendCompareKey([]byte("pre:"), []byte(s)); string(got) != "pre:"+k {
			t.Errorf("AppendCompareKey(%+q) = %q", s, got)
		}
	}
	if precis.Nickname.Library() != lib {
		t.Error("Library() is not the built-in")
	}
}

func TestOptions(t *testing.T) {
	p := precis.NewIdentifier(precis.FoldWidth, precis.LowerCase(), precis.Norm(precis.NFC), precis.BidiRule, precis.DisallowEmpty)
	for _, s := range []string{"ＡＢ", "juliet@example.com", "\u05d0a", "", "a b"} {
		got, err := p.String(s)
		want, werr := precis.UsernameCaseMapped.String(s)
		if got != want || (err == nil) != (werr == nil) {
			t.Errorf("%+q: options %q %v, UsernameCaseMapped %q %v", s, got, err, want, werr)
		}
	}
	if got, _ := precis.NewFreeform(precis.Norm(precis.NFKC)).String("\ufb00"); got != "ff" {
		t.Errorf("NFKC: %q", got)
	}
	if got, _ := precis.NewFreeform(precis.IgnoreCase).CompareKey("ABC"); got != "abc" {
		t.Errorf("IgnoreCase key: %q", got)
	}
	if got, _ := precis.NewFreeform(precis.IgnoreCase).String("ABC"); got != "ABC" {
		t.Errorf("IgnoreCase enforced form: %q", got)
	}
	if _, err := precis.NewFreeform(precis.Norm(42)).String("x"); err == nil {
		t.Error("an unknown normalization form works")
	}
	r := precis.NewRestrictedProfile(precis.UsernameCaseMapped, precis.Predicate(func(r rune) bool { return r == '@' }))
	if _, err := r.String("a@b"); !errors.Is(err, precis.ErrDisallowedRune) {
		t.Errorf("restricted: %v", err)
	}
	if r.Compare("A", "a") != true || r.Compare("a@", "a@") {
		t.Error("restricted Compare")
	}
	if precis.NewFreeform(precis.Disallow(precis.Predicate(func(r rune) bool { return r == 'x' }))).Allowed().Contains('x') {
		t.Error("Allowed() holds a disallowed rune")
	}
}

func TestAllowed(t *testing.T) {
	id, free := precis.UsernameCaseMapped.Allowed(), precis.OpaqueString.Allowed()
	for _, c := range []struct {
		r        rune
		id, free bool
	}{{'a', true, true}, {' ', false, true}, {'\u2163', false, true}, {'\u200b', false, false}, {-1, false, false}, {0x110000, false, false}} {
		if id.Contains(c.r) != c.id || free.Contains(c.r) != c.free {
			t.Errorf("U+%04X: identifier %v, freeform %v", c.r, id.Contains(c.r), free.Contains(c.r))
		}
	}
}

func TestTransformer(t *testing.T) {
	src := bytes.Repeat([]byte("a\u0300cce\u0301nts"), 16)
	want, _ := precis.NewFreeform().Bytes(src)
	tr := precis.NewFreeform().NewTransformer()
	for _, dstLen := range []int{5, 7, 13, 4096} {
		for _, srcLen := range []int{5, 7, 13, 4096} {
			tr.Reset()
			var out []byte
			dst := make([]byte, dstLen)
			s := 0
			for {
				end := s + srcLen
				if end > len(src) {
					end = len(src)
				}
				nDst, nSrc, err := tr.Transform(dst, src[s:end], end == len(src))
				out = append(out, dst[:nDst]...)
				s += nSrc
				if err == nil && s == len(src) {
					break
				}
				if err != nil && err != precis.ErrShortDst {
					t.Fatalf("dst %d, src %d: %v", dstLen, srcLen, err)
				}
			}
			if !bytes.Equal(out, want) {
				t.Errorf("dst %d, src %d: %q, want %q", dstLen, srcLen, out, want)
			}
		}
	}
	tr = precis.UsernameCaseMapped.NewTransformer()
	if _, _, err := tr.Transform(make([]byte, 10), []byte("a b"), true); !errors.Is(err, precis.ErrDisallowedRune) {
		t.Errorf("rejection: %v", err)
	}
	if tr.String("a b") != "" || tr.Bytes([]byte("a b")) != nil || tr.String("AB") != "ab" {
		t.Error("Transformer.String/Bytes")
	}
}

func TestNeverPanics(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	profiles := []*precis.Profile{precis.Nickname, precis.UsernameCaseMapped, precis.UsernameCasePreserved, precis.OpaqueString}
	for i := 0; i < 5000; i++ {
		b := make([]byte, rng.Intn(24))
		rng.Read(b)
		for _, p := range profiles {
			p.String(string(b))
			p.Bytes(b)
			p.CompareKey(string(b))
			p.Compare(string(b), "x")
		}
	}
	var zero precis.Profile // made without a constructor: errors, no panic
	if _, err := zero.String("a"); err == nil || zero.Compare("a", "a") {
		t.Error("a zero Profile answers")
	}
	if _, err := zero.CompareKey("a"); err == nil {
		t.Error("a zero Profile has keys")
	}
	// x/text 0.7.0 panics on these under Nickname.
	for _, s := range []string{"\u2057", "\u2a0c", "\u3300"} {
		if out, err := precis.Nickname.String(s); out == "" && err == nil {
			t.Errorf("%+q: no answer", s)
		}
	}
}
