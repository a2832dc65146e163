// SPDX-License-Identifier: Apache-2.0

package u8guard_test

import (
	"errors"
	"math/rand"
	"testing"

	"github.com/u8guard/u8guard/integrations/go/u8guard"
)

// TestUTF8Stream feeds random inputs in random chunks: the stream's
// verdict must be ValidateUTF8's on the whole input.
func TestUTF8Stream(t *testing.T) {
	s, err := u8guard.NewUTF8Stream()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rng := rand.New(rand.NewSource(4))
	seed := []byte("héllo ✓ 日本 \U0001F600 wörld")
	for i := 0; i < 3000; i++ {
		b := append([]byte(nil), seed...)
		if i%2 == 1 {
			b[rng.Intn(len(b))] = byte(rng.Intn(256))
		}
		b = b[:rng.Intn(len(b)+1)]
		want := u8guard.ValidateUTF8(b)
		s.Reset()
		var got u8guard.UTF8Result
		for at := 0; at < len(b); {
			n := 1 + rng.Intn(5)
			if at+n > len(b) {
				n = len(b) - at
			}
			got, _ = s.Feed(b[at : at+n])
			at += n
		}
		if got.OK() {
			got, _ = s.Finish()
		}
		if got != want {
			t.Fatalf("%+q: stream %+v, whole %+v", b, got, want)
		}
		if s.BytesFed() != int64(len(b)) {
			t.Fatalf("%+q: BytesFed %d", b, s.BytesFed())
		}
	}
	s.Close()
	if _, err := s.Feed([]byte("a")); !errors.Is(err, u8guard.Closed) {
		t.Errorf("Feed after Close: %v", err)
	}
}
