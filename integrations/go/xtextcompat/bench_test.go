// SPDX-License-Identifier: Apache-2.0

package xtextcompat

// The Go module beside x/text in one `go test -bench` run:
//
//	BenchmarkCgoCall            the cost of one cgo call (a C function that
//	                            does nothing with an empty input)
//	BenchmarkKey/POOL/IMPL      the key of one string: x/text's
//	                            UsernameCaseMapped.CompareKey (xtext), the
//	                            facade's (precis), u8guard.Profile.Key
//	                            (key), and Profile.Keys over the whole pool,
//	                            per string (keys: one cgo call per pool)
//	BenchmarkLookalike/POOL     DenyList.Resembles of each string against a
//	                            deny list of the pool (look-alike lookups)
//	BenchmarkDecide/POOL        Registry.Decide of each string against a
//	                            registry of the pool (registration decisions)
//
// POOL: bench/data/names.txt's ascii and nonascii names (16 each), and the
// word pools `u8guard_bench --dump_words=DIR` writes, when
// U8GUARD_WORDS_DIR=DIR is set. ns/op is per string.

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	fp "github.com/u8guard/u8guard/integrations/go/precis"
	"github.com/u8guard/u8guard/integrations/go/u8guard"
	"golang.org/x/text/secure/precis"
)

type pool struct {
	name  string
	words []string
}

func pools(b *testing.B) []pool {
	var out []pool
	names := os.Getenv("U8GUARD_NAMES")
	if names == "" {
		names = "../../../bench/data/names.txt"
	}
	f, err := os.Open(names)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	byKind := map[string][]string{}
	s := bufio.NewScanner(f)
	for s.Scan() {
		line := s.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if kind, name, ok := strings.Cut(line, "\t"); ok {
			byKind[kind] = append(byKind[kind], name)
		}
	}
	for _, k := range []string{"ascii", "nonascii"} {
		out = append(out, pool{"names_" + k, byKind[k]})
	}
	if dir := os.Getenv("U8GUARD_WORDS_DIR"); dir != "" {
		files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
		sort.Strings(files)
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				b.Fatal(err)
			}
			words := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
			out = append(out, pool{strings.TrimSuffix(filepath.Base(file), ".txt"), words})
		}
	}
	return out
}

func BenchmarkCgoCall(b *testing.B) {
	var empty []byte
	for i := 0; i < b.N; i++ {
		u8guard.ValidUTF8(empty)
	}
}

var sink string

func BenchmarkKey(b *testing.B) {
	lib, err := u8guard.Builtin("username-case-mapped")
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range pools(b) {
		words, mask := p.words, len(p.words)-1
		if len(words)&mask != 0 {
			b.Fatalf("%s: %d strings, not a power of two", p.name, len(words))
		}
		// Warm up: ICU loads its data on first use.
		for _, w := range words {
			precis.UsernameCaseMapped.CompareKey(w)
			fp.UsernameCaseMapped.CompareKey(w)
		}
		b.Run(p.name+"/xtext", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				sink, _ = precis.UsernameCaseMapped.CompareKey(words[i&mask])
			}
		})
		b.Run(p.name+"/precis", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				sink, _ = fp.UsernameCaseMapped.CompareKey(words[i&mask])
			}
		})
		b.Run(p.name+"/key", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				sink, _ = lib.Key(words[i&mask])
			}
		})
		b.Run(p.name+"/keys", func(b *testing.B) {
			// One call per pool: ns/op is per string.
			for i := 0; i < b.N; i += len(words) {
				keys, _ := lib.Keys(words)
				sink = keys[0]
			}
		})
	}
}

func BenchmarkLookalike(b *testing.B) {
	lib, _ := u8guard.Builtin("username-case-mapped")
	for _, p := range pools(b) {
		deny, err := u8guard.NewDenyList(lib, p.words)
		if err != nil {
			b.Fatal(err)
		}
		mask := len(p.words) - 1
		b.Run(p.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				deny.Resembles(p.words[i&mask])
			}
		})
		deny.Close()
	}
}

func BenchmarkDecide(b *testing.B) {
	lib, _ := u8guard.Builtin("username-case-mapped")
	for _, p := range pools(b) {
		reg, err := u8guard.NewRegistry(lib, nil)
		if err != nil {
			b.Fatal(err)
		}
		for _, w := range p.words {
			reg.Register(w)
		}
		mask := len(p.words) - 1
		b.Run(p.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				reg.Decide(p.words[i&mask] + "x")
			}
		})
		reg.Close()
	}
}
