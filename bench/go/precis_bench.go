// SPDX-License-Identifier: Apache-2.0
// The Go peer of BM_Canonicalize and BM_Equivalent: golang.org/x/text's
// PRECIS implementation (precis.UsernameCaseMapped, Debian's
// golang-golang-x-text-dev) on the same names (bench/data/names.txt),
// paired the same way as u8guard's benchmark (x = names[i & 15], y =
// names[(i*7+3) & 15]). Prints one line per benchmark in Google Benchmark's
// text shape, e.g. "BM_Equivalent/go_precis/nonascii 412.3 ns", for
// ./dev bench-go to set beside u8guard's figures.
//
// With a second argument, a directory of word pools (u8guard_bench
// --dump_words=DIR: one string per line), it also times the peers of
// BM_CanonicalizeWords and BM_AclLookupWords on each pool, one string after
// the other: "BM_CanonicalizeWords/go_precis/<family>" (profile.String) and
// "BM_AclLookupWords/go_precis/<family>" (profile.String, then a Go map of
// the pool's keys), with the share of strings the profile accepts.
//
// Run: GO111MODULE=off GOPATH=/usr/share/gocode go run bench/go/precis_bench.go bench/data/names.txt [WORDS_DIR]
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/text/secure/precis"
)

func readNames(path string) (map[string][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	names := map[string][]string{}
	scanner := bufio.NewScanner(f)
	for scanner.Scan() {
		line := scanner.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		kind, name, ok := strings.Cut(line, "\t")
		if ok {
			names[kind] = append(names[kind], name)
		}
	}
	return names, scanner.Err()
}

// benchWords times canonicalization and allow-list lookups of each pool in
// dir (one string per line; the number of lines a power of two).
func benchWords(dir string) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return err
	}
	sort.Strings(files)
	profile := precis.UsernameCaseMapped
	for _, file := range files {
		family := strings.TrimSuffix(filepath.Base(file), ".txt")
		data, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		pool := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		if len(pool)&(len(pool)-1) != 0 {
			return fmt.Errorf("%s: %d strings, not a power of two", file, len(pool))
		}
		mask := len(pool) - 1
		keys := map[string]bool{}
		accepted := 0
		for _, w := range pool {
			if k, err := profile.String(w); err == nil {
				keys[k] = true
				accepted++
			}
		}
		canon := testing.Benchmark(func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				_, _ = profile.String(pool[i&mask])
			}
		})
		lookup := testing.Benchmark(func(b *testing.B) {
			hits := 0
			for i := 0; i < b.N; i++ {
				if k, err := profile.String(pool[i&mask]); err == nil && keys[k] {
					hits++
				}
			}
		})
		share := float64(accepted) / float64(len(pool))
		fmt.Printf("BM_CanonicalizeWords/go_precis/%s %.1f ns accepted=%.3f\n",
			family, float64(canon.T.Nanoseconds())/float64(canon.N), share)
		fmt.Printf("BM_AclLookupWords/go_precis/%s %.1f ns hits=%.3f\n",
			family, float64(lookup.T.Nanoseconds())/float64(lookup.N), share)
	}
	return nil
}

func main() {
	if len(os.Args) != 2 && len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: precis_bench NAMES.txt [WORDS_DIR]")
		os.Exit(2)
	}
	names, err := readNames(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	profile := precis.UsernameCaseMapped
	for _, kind := range []string{"ascii", "nonascii"} {
		pool := names[kind]
		if len(pool) != 16 {
			fmt.Fprintf(os.Stderr, "want 16 %s names, have %d\n", kind, len(pool))
			os.Exit(2)
		}
		for _, n := range pool {
			if _, err := profile.String(n); err != nil {
				fmt.Fprintf(os.Stderr, "Go's precis rejects %q: %v\n", n, err)
				os.Exit(2)
			}
		}
		canon := testing.Benchmark(func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				_, _ = profile.String(pool[i&15])
			}
		})
		compare := testing.Benchmark(func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				_ = profile.Compare(pool[i&15], pool[(i*7+3)&15])
			}
		})
		fmt.Printf("BM_Canonicalize/go_precis/%s %.1f ns\n", kind,
			float64(canon.T.Nanoseconds())/float64(canon.N))
		fmt.Printf("BM_Equivalent/go_precis/%s %.1f ns\n", kind,
			float64(compare.T.Nanoseconds())/float64(compare.N))
	}
	if len(os.Args) == 3 {
		if err := benchWords(os.Args[2]); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
}
