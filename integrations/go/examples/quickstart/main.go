// SPDX-License-Identifier: Apache-2.0
// signup: user names compare as PRECIS UsernameCaseMapped (the API of
// golang.org/x/text/secure/precis, u8guard's decisions), and a name that
// looks like a registered one is refused.
package main

import (
	"fmt"
	"os"

	"github.com/u8guard/u8guard/integrations/go/precis"
	"github.com/u8guard/u8guard/integrations/go/u8guard"
)

func main() {
	profile, _ := u8guard.Builtin("username-case-mapped")
	registry, err := u8guard.NewRegistry(profile, nil)
	if err != nil {
		fmt.Println(err)
		os.Exit(2)
	}
	for _, name := range os.Args[1:] {
		key, err := precis.UsernameCaseMapped.CompareKey(name)
		d, _ := registry.Register(name)
		switch {
		case err != nil:
			fmt.Printf("%q refused: %v (%v)\n", name, err, d.Rejection.Rule)
		case d.Accepted():
			fmt.Printf("%q accepted: key %q\n", name, key)
		case d.Conflict != "":
			fmt.Printf("%q refused: %s %q\n", name, d.Outcome, d.Conflict)
		default:
			fmt.Printf("%q refused: %s\n", name, d.Outcome)
		}
	}
}
