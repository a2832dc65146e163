// SPDX-License-Identifier: Apache-2.0

package u8guard_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/u8guard/u8guard/integrations/go/u8guard"
)

func TestSecrets(t *testing.T) {
	opaque := builtin(t, "opaque-string")
	for _, s := range []string{"correct horse", "pass\u00a0word", "Ünïcödé\u0301", "e\u0301"} {
		k, err := opaque.SecretKey([]byte(s))
		want, werr := opaque.Key(s)
		if err != nil || werr != nil || string(k) != want {
			t.Errorf("%+q: SecretKey %q %v, Key %q %v", s, k, err, want, werr)
		}
		u8guard.Wipe(k)
		if !bytes.Equal(k, make([]byte, len(k))) {
			t.Errorf("Wipe left %q", k)
		}
	}
	_, err := opaque.SecretKey([]byte("tab\there"))
	var rej *u8guard.Rejected
	if !errors.As(err, &rej) || rej.CodePoint != -1 || rej.Offset != 3 {
		t.Errorf("a rejected secret: %+v (want no code point, offset 3)", rej)
	}
	if _, err := opaque.SecretKey(nil); err == nil {
		t.Error("an empty secret accepted")
	}
	if !u8guard.ConstantTimeEquals([]byte("abc"), []byte("abc")) || u8guard.ConstantTimeEquals([]byte("abc"), []byte("abd")) ||
		u8guard.ConstantTimeEquals([]byte("abc"), []byte("ab")) || !u8guard.ConstantTimeEquals(nil, []byte{}) {
		t.Error("ConstantTimeEquals")
	}
	u8guard.Wipe(nil)
}
