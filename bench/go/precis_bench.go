// SPDX-License-Identifier: Apache-2.0
// The Go peer of BM_Canonicalize and BM_Equivalent: golang.org/x/text's
// PRECIS implementation (precis.UsernameCaseMapped, Debian's
// golang-golang-x-text-dev) on the same names (bench/data/names.txt),
// paired the same way as u8guard's benchmark (x = names[i & 15], y =
// names[(i*7+3) & 15]). Prints one line per benchmark in Google Benchmark's
// text shape, e.g. "BM_Equivalent/go_precis/nonascii 412.3 ns", for
// ./dev bench-go to set beside u8guard's figures.
//
// Run: GO111MODULE=off GOPATH=/usr/share/gocode go run bench/go/precis_bench.go bench/data/names.txt
package main

import (
	"bufio"
	"fmt"
	"os"
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

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: precis_bench NAMES.txt")
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
}
