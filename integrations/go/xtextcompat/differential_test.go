// SPDX-License-Identifier: Apache-2.0

package xtextcompat

// The facade against x/text 0.7.0 on every code point alone and on the
// shared corpora (tests/data/precis_*.tsv), under the four profiles. Each
// difference is given a reason; the test fails on a difference without
// one, on a panic of the facade, and lists x/text's own panics (which it
// survives). U8GUARD_GO_DIFF_OUT=FILE writes every difference to FILE.

import (
	"bufio"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"

	fp "github.com/u8guard/u8guard/integrations/go/precis"
	"github.com/u8guard/u8guard/integrations/go/u8guard"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/bidi"
)

type pair struct {
	name string
	x    *precis.Profile
	f    *fp.Profile
}

var pairs = []pair{
	{"UsernameCaseMapped", precis.UsernameCaseMapped, fp.UsernameCaseMapped},
	{"UsernameCasePreserved", precis.UsernameCasePreserved, fp.UsernameCasePreserved},
	{"OpaqueString", precis.OpaqueString, fp.OpaqueString},
	{"Nickname", precis.Nickname, fp.Nickname},
}

// answer is one implementation's answer: a result, an error or a panic.
type answer struct {
	out      string
	err      error
	panicked interface{}
}

func callXText(f func(string) (string, error), s string) (a answer) {
	defer func() {
		if r := recover(); r != nil {
			a = answer{panicked: r}
		}
	}()
	out, err := f(s)
	return answer{out: out, err: err}
}

// sameVerdict: both accept with the same result, or both reject.
func sameVerdict(x, f answer) bool {
	if x.err == nil && f.err == nil {
		return x.out == f.out
	}
	return x.err != nil && f.err != nil
}

// sameError: both reject with the same x/text error value.
func sameError(x, f answer) bool {
	return x.err != nil && f.err != nil && x.err.Error() == f.err.Error()
}

func rule(err error) string {
	var rej *u8guard.Rejected
	if errors.As(err, &rej) {
		return rej.Rule
	}
	return ""
}

// assigned13 reports whether r is assigned in Go's unicode tables (Unicode
// 13.0.0 in Go 1.19, the version of x/text 0.7.0's PRECIS tables).
func assigned13(r rune) bool {
	for _, t := range unicode.Categories {
		if unicode.Is(t, r) {
			return true
		}
	}
	return false
}

// hasRTL reports whether s holds a code point of bidi class R, AL or AN.
func hasRTL(s string) bool {
	for _, r := range s {
		p, _ := bidi.LookupRune(r)
		switch p.Class() {
		case bidi.R, bidi.AL, bidi.AN:
			return true
		}
	}
	return false
}

// Reasons for a difference.
const (
	reasonPanic    = "x/text panics (slice bounds out of range in transform); the facade answers"
	reasonUnicode  = "newer Unicode: the input holds a code point unassigned in Unicode 13.0 (x/text's tables), assigned in the library's ICU"
	reasonBOM      = "BOM: u8guard rejects a leading U+FEFF as a signature (bom_not_allowed, RFC 3629 section 6)"
	reasonBounds   = "bounds: u8guard's length and Stream-Safe limits (input_too_long, too_long, stream_unsafe); x/text has none"
	reasonOrder    = "both reject, for another reason: the checks run in another order (x/text: Bidi Rule first) or u8guard names the precise rule"
	reasonBidiLTR  = "Bidi Rule without right-to-left text: x/text applies RFC 5893's rules to every string, so one that starts with a digit, a mark or punctuation fails; u8guard applies them to strings that hold an R, AL or AN code point, as RFC 8265 sections 3.3.2 and 3.4.2 say ('to strings that contain right-to-left characters')"
	reasonSigma    = "final sigma: u8guard lower-cases a word-final capital sigma to U+03C2 (the Unicode toLowerCase() operation RFC 8265 section 3.3.2 names, with its Final_Sigma condition); x/text maps every one to U+03C3 (cases.HandleFinalSigma(false))"
	reasonHangulHW = "halfwidth Hangul: u8guard's width mapping gives the conjoining jamo (U+FFA1 to U+1100), which NFC composes; x/text's gives the compatibility jamo (U+3131), which the IdentifierClass disallows"
	reasonTag      = "TAG characters: x/text's case mapping removes them (U+E0001..U+E007F); u8guard rejects them as PRECIS-ignorable (RFC 8264 section 9.13)"
	reasonUTF8     = "invalid UTF-8: x/text replaces ill-formed bytes with U+FFFD and may accept the result; u8guard rejects them (utf8/*, RFC 3629)"
)

// classify returns why x (x/text) and f (the facade) differ on s, or ""
// when no reason applies.
func classify(profile, s string, x, f answer) string {
	if x.panicked != nil {
		return reasonPanic
	}
	for _, r := range s {
		if !assigned13(r) && r != utf8.RuneError {
			return reasonUnicode
		}
	}
	switch rule(f.err) {
	case "bom_not_allowed":
		return reasonBOM
	case "input_too_long", "too_long", "stream_unsafe":
		return reasonBounds
	}
	if x.err != nil && f.err != nil {
		return reasonOrder
	}
	if x.err != nil && x.err.Error() == fp.ErrBidiRule.Error() && f.err == nil && !hasRTL(f.out) {
		return reasonBidiLTR
	}
	if x.err == nil && f.err == nil && x.out != f.out && strings.ReplaceAll(f.out, "\u03c2", "\u03c3") == x.out {
		return reasonSigma
	}
	for _, r := range s {
		if r >= 0xFFA0 && r <= 0xFFDC && x.err != nil && f.err == nil {
			return reasonHangulHW
		}
		if r >= 0xE0001 && r <= 0xE007F && x.err == nil && rule(f.err) == "DISALLOWED/precis_ignorable_properties" {
			return reasonTag
		}
	}
	if !utf8.ValidString(s) && x.err == nil && strings.HasPrefix(rule(f.err), "utf8/") {
		return reasonUTF8
	}
	return ""
}

type difference struct {
	profile, op, input, reason string
	x, f                       answer
}

func (d difference) String() string {
	show := func(a answer) string {
		switch {
		case a.panicked != nil:
			return fmt.Sprintf("panic: %v", a.panicked)
		case a.err != nil:
			if r := rule(a.err); r != "" {
				return fmt.Sprintf("error %q (%s)", a.err, r)
			}
			return fmt.Sprintf("error %q", a.err)
		}
		return fmt.Sprintf("%+q", a.out)
	}
	return fmt.Sprintf("%s.%s(%+q): x/text %s, u8guard %s", d.profile, d.op, d.input, show(d.x), show(d.f))
}

type report struct {
	t        *testing.T
	cases    int
	sameErr  int
	diffs    []difference
	byReason map[string]int
}

func newReport(t *testing.T) *report { return &report{t: t, byReason: map[string]int{}} }

// check compares one input under one profile: String and, for Nickname
// (whose key differs from its enforced form), CompareKey.
func (r *report) check(p pair, s string) {
	ops := []struct {
		name string
		x    func(string) (string, error)
		f    func(string) (string, error)
	}{{"String", p.x.String, p.f.String}}
	if p.name == "Nickname" {
		ops = append(ops, struct {
			name string
			x    func(string) (string, error)
			f    func(string) (string, error)
		}{"CompareKey", p.x.CompareKey, p.f.CompareKey})
	}
	for _, op := range ops {
		r.cases++
		x := callXText(op.x, s)
		out, err := op.f(s) // a panic here fails the test
		f := answer{out: out, err: err}
		if x.panicked == nil && sameVerdict(x, f) {
			if x.err == nil || sameError(x, f) {
				r.sameErr++
				continue
			}
		}
		reason := classify(p.name, s, x, f)
		r.byReason[reason]++
		r.diffs = append(r.diffs, difference{p.name, op.name, s, reason, x, f})
	}
}

func (r *report) finish(what string) {
	t := r.t
	var unexplained []string
	var panics []string
	panicked := map[string]bool{}
	for _, d := range r.diffs {
		if d.reason == "" {
			unexplained = append(unexplained, d.String())
		}
		if d.x.panicked != nil && !panicked[d.input] {
			panicked[d.input] = true
			panics = append(panics, fmt.Sprintf("%U", []rune(d.input)))
		}
	}
	if len(unexplained) > 0 {
		max := len(unexplained)
		if max > 40 {
			max = 40
		}
		t.Errorf("%s: %d differences without a reason, e.g.:\n%s", what, len(unexplained), strings.Join(unexplained[:max], "\n"))
	}
	var reasons []string
	for k, n := range r.byReason {
		if k != "" {
			reasons = append(reasons, fmt.Sprintf("  %6d  %s", n, k))
		}
	}
	sort.Strings(reasons)
	examples := map[string][]string{}
	for _, d := range r.diffs {
		if d.reason != "" && len(examples[d.reason]) < 3 {
			examples[d.reason] = append(examples[d.reason], d.String())
		}
	}
	for k, e := range examples {
		t.Logf("%s: e.g.\n    %s", k, strings.Join(e, "\n    "))
	}
	t.Logf("%s: %d calls, %d the same answer (same result or same error), %d differ:\n%s",
		what, r.cases, r.sameErr, len(r.diffs), strings.Join(reasons, "\n"))
	if len(panics) > 0 {
		t.Logf("%s: x/text 0.7.0 panics on %d inputs: %s", what, len(panics), strings.Join(panics, " "))
	}
	if out := os.Getenv("U8GUARD_GO_DIFF_OUT"); out != "" {
		f, err := os.OpenFile(out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err == nil {
			w := bufio.NewWriter(f)
			for _, d := range r.diffs {
				fmt.Fprintf(w, "%s\t%s\t%s\n", what, d.reason, d)
			}
			w.Flush()
			f.Close()
		}
	}
}

func TestEveryCodePointAlone(t *testing.T) {
	if testing.Short() {
		t.Skip("1.1 million code points x 4 profiles: not in -short")
	}
	// One goroutine per profile: both implementations are safe for
	// concurrent use.
	reports := make([]*report, len(pairs))
	var wg sync.WaitGroup
	for i, p := range pairs {
		reports[i] = newReport(t)
		wg.Add(1)
		go func(rep *report, p pair) {
			defer wg.Done()
			for c := rune(0); c <= unicode.MaxRune; c++ {
				if c >= 0xD800 && c <= 0xDFFF {
					continue // no UTF-8 form
				}
				rep.check(p, string(c))
			}
		}(reports[i], p)
	}
	wg.Wait()
	rep := newReport(t)
	for _, r := range reports {
		rep.cases += r.cases
		rep.sameErr += r.sameErr
		rep.diffs = append(rep.diffs, r.diffs...)
		for k, n := range r.byReason {
			rep.byReason[k] += n
		}
	}
	rep.finish("every code point alone")
	// x/text's Nickname panics on single code points (U+2057 among them):
	// the facade answered every one of them above.
	if rep.byReason[reasonPanic] == 0 {
		t.Log("x/text did not panic on any single code point (a newer x/text?)")
	}
}

// corpusInputs reads the distinct inputs (hex, column 2) of the shared
// PRECIS corpora.
func corpusInputs(t *testing.T) []string {
	dir := os.Getenv("U8GUARD_TEST_DATA_DIR")
	if dir == "" {
		dir = "../../../tests/data"
	}
	files, _ := filepath.Glob(filepath.Join(dir, "precis_*.tsv"))
	if len(files) == 0 {
		t.Fatalf("no precis_*.tsv in %s", dir)
	}
	seen := map[string]bool{}
	var inputs []string
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			fields := strings.Split(line, "\t")
			if len(fields) < 2 {
				continue
			}
			b, err := hex.DecodeString(fields[1])
			if err != nil || seen[string(b)] {
				continue
			}
			seen[string(b)] = true
			inputs = append(inputs, string(b))
		}
	}
	return inputs
}

func TestCorpora(t *testing.T) {
	inputs := corpusInputs(t)
	rep := newReport(t)
	for _, p := range pairs {
		for _, s := range inputs {
			rep.check(p, s)
		}
	}
	rep.finish(fmt.Sprintf("corpora (%d distinct strings)", len(inputs)))
}
