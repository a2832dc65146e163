// SPDX-License-Identifier: Apache-2.0

package u8guard_test

import (
	"errors"
	"fmt"

	"github.com/u8guard/u8guard/integrations/go/u8guard"
)

// An IRC server's nickname registry, as ergo builds one by hand from
// x/text (casefolding until stable, width folding, a confusables skeleton,
// casefolding again): the key is what two nicknames share when they are
// the same nickname, the look-alike keys what they share when they only
// look alike. docs/go.md shows this example.
func Example_nicknames() {
	profile, err := u8guard.Builtin("username-case-mapped")
	if err != nil {
		panic(err)
	}
	byKey := map[string]string{}       // key -> nickname as registered
	byLookalike := map[string]string{} // look-alike key -> nickname
	register := func(nick string) string {
		key, err := profile.Key(nick)
		var rej *u8guard.Rejected
		if errors.As(err, &rej) {
			return fmt.Sprintf("refused: %s at byte %d", rej.Rule, rej.Offset)
		} else if err != nil {
			return "error: " + err.Error()
		}
		if owner, taken := byKey[key]; taken {
			return "refused: that is " + owner
		}
		lookalikeKeys, _ := profile.LookalikeKeys(nick)
		for _, lk := range lookalikeKeys {
			if owner, taken := byLookalike[lk]; taken {
				return "refused: looks like " + owner
			}
		}
		byKey[key] = nick
		for _, lk := range lookalikeKeys {
			byLookalike[lk] = nick
		}
		return fmt.Sprintf("registered, key %q", key)
	}
	for _, nick := range []string{"Dan", "DAN", "Ｄａｎ", "D\u0430n", "rnike", "mike", "Zoë", "zoe\u0308", "dan\u200b"} {
		fmt.Printf("%+q: %s\n", nick, register(nick))
	}
	// Output:
	// "Dan": registered, key "dan"
	// "DAN": refused: that is Dan
	// "\uff24\uff41\uff4e": refused: that is Dan
	// "D\u0430n": refused: looks like Dan
	// "rnike": registered, key "rnike"
	// "mike": refused: looks like rnike
	// "Zo\u00eb": registered, key "zoë"
	// "zoe\u0308": refused: that is Zoë
	// "dan\u200b": refused: DISALLOWED/precis_ignorable_properties at byte 3
}
