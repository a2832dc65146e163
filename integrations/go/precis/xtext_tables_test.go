// SPDX-License-Identifier: Apache-2.0

package precis_test

// x/text's own test tables, run against this package at test time: the
// tables are read from Debian's golang-golang-x-text-dev
// (/usr/share/gocode/src/golang.org/x/text/secure/precis/*_test.go, or
// $U8GUARD_XTEXT_PRECIS_DIR), parsed with go/parser and evaluated here;
// nothing of them is copied into this tree. Every case where this package
// answers differently is listed in xtextDifferences with its reason, and
// the test fails on a difference not listed or a listed one that is gone.

import (
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/u8guard/u8guard/integrations/go/precis"
	"github.com/u8guard/u8guard/integrations/go/u8guard"
)

// xtextDir is where x/text's precis sources are.
func xtextDir(t testing.TB) string {
	dir := os.Getenv("U8GUARD_XTEXT_PRECIS_DIR")
	if dir == "" {
		dir = "/usr/share/gocode/src/golang.org/x/text/secure/precis"
	}
	if _, err := os.Stat(filepath.Join(dir, "enforce_test.go")); err != nil {
		if os.Getenv("U8GUARD_REQUIRE_XTEXT") != "" {
			t.Fatalf("x/text's precis tests not found: %v", err)
		}
		t.Skipf("x/text's precis tests not found (install golang-golang-x-text-dev): %v", err)
	}
	return dir
}

// xtextTables parses the test files of dir that the build constraints of
// this toolchain select (enforce10.0.0_test.go with Go >= 1.10) and returns
// their top-level declarations and functions by name.
func xtextTables(t testing.TB) (vars map[string]ast.Expr, funcs map[string]*ast.FuncDecl) {
	dir := xtextDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	vars = map[string]ast.Expr{}
	funcs = map[string]*ast.FuncDecl{}
	fset := token.NewFileSet()
	for _, file := range files {
		ok, err := build.Default.MatchFile(dir, filepath.Base(file))
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if vs, ok := s.(*ast.ValueSpec); ok && len(vs.Values) == len(vs.Names) {
						for i, n := range vs.Names {
							vars[n.Name] = vs.Values[i]
						}
					}
				}
			case *ast.FuncDecl:
				funcs[d.Name.Name] = d
			}
		}
	}
	return vars, funcs
}

// evaluator evaluates the expressions x/text's tables are made of: string
// and rune literals, nil, the error values, the profiles, NewFreeform(),
// NewIdentifier(), NewRestrictedProfile(p, runes.Predicate(func(r rune)
// bool { return strings.ContainsRune("...", r) })), []rune("..."),
// composite literals. Anything else is an error, so that a new construct
// in a newer x/text is noticed rather than skipped.
type evaluator struct{}

var errorValues = map[string]error{
	"errContext":          precis.ErrContext,
	"errEmptyString":      precis.ErrEmptyString,
	"errDisallowedRune":   precis.ErrDisallowedRune,
	"bidirule.ErrInvalid": precis.ErrBidiRule,
}

var profiles = map[string]*precis.Profile{
	"Nickname":              precis.Nickname,
	"UsernameCaseMapped":    precis.UsernameCaseMapped,
	"UsernameCasePreserved": precis.UsernameCasePreserved,
	"OpaqueString":          precis.OpaqueString,
}

// classes are TestClassContains' classes, as the Allowed set of a profile
// of that class without options.
var classes = map[string]func() precis.Set{
	"identifier": func() precis.Set { return precis.NewIdentifier().Allowed() },
	"freeform":   func() precis.Set { return precis.NewFreeform().Allowed() },
}

func exprString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return exprString(e.X) + "." + e.Sel.Name
	}
	return fmt.Sprintf("%T", e)
}

func (ev evaluator) eval(e ast.Expr) (interface{}, error) {
	switch e := e.(type) {
	case *ast.BasicLit:
		switch e.Kind {
		case token.STRING:
			return strconv.Unquote(e.Value)
		case token.CHAR:
			v, _, _, err := strconv.UnquoteChar(e.Value[1:len(e.Value)-1], '\'')
			return v, err
		case token.INT:
			return strconv.Atoi(e.Value)
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			x, err := ev.eval(e.X)
			if err != nil {
				return nil, err
			}
			y, err := ev.eval(e.Y)
			if err != nil {
				return nil, err
			}
			xs, ok1 := x.(string)
			ys, ok2 := y.(string)
			if ok1 && ok2 {
				return xs + ys, nil
			}
		}
	case *ast.Ident, *ast.SelectorExpr:
		name := exprString(e)
		switch name {
		case "nil":
			return nil, nil
		case "true", "false":
			return name == "true", nil
		}
		if v, ok := errorValues[name]; ok {
			return v, nil
		}
		if v, ok := profiles[name]; ok {
			return v, nil
		}
		if v, ok := classes[name]; ok {
			return v(), nil
		}
	case *ast.ParenExpr:
		return ev.eval(e.X)
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return ev.eval(e.X)
		}
	case *ast.CallExpr:
		return ev.call(e)
	case *ast.CompositeLit:
		var list []interface{}
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
				// Keyed struct fields: kept in order, with their names.
				v, err := ev.eval(el)
				if err != nil {
					return nil, err
				}
				list = append(list, keyed{exprString(kv.Key), v})
				continue
			}
			v, err := ev.eval(el)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		return list, nil
	}
	return nil, fmt.Errorf("cannot evaluate %T at %v", e, e.Pos())
}

type keyed struct {
	key   string
	value interface{}
}

func (ev evaluator) call(e *ast.CallExpr) (interface{}, error) {
	if at, ok := e.Fun.(*ast.ArrayType); ok && exprString(at.Elt) == "rune" && len(e.Args) == 1 {
		v, err := ev.eval(e.Args[0])
		if s, ok := v.(string); ok && err == nil {
			return []rune(s), nil
		}
	}
	name := exprString(e.Fun)
	switch {
	case (name == "NewFreeform" || name == "NewIdentifier") && len(e.Args) == 0:
		if name == "NewFreeform" {
			return precis.NewFreeform(), nil
		}
		return precis.NewIdentifier(), nil
	case name == "NewRestrictedProfile" && len(e.Args) == 2:
		p, err := ev.eval(e.Args[0])
		if err != nil {
			return nil, err
		}
		set, err := ev.eval(e.Args[1])
		if err != nil {
			return nil, err
		}
		pp, ok1 := p.(*precis.Profile)
		ss, ok2 := set.(precis.Set)
		if ok1 && ok2 {
			return precis.NewRestrictedProfile(pp, ss), nil
		}
	case name == "runes.Predicate" && len(e.Args) == 1:
		// func(r rune) bool { return strings.ContainsRune(LIT, r) }
		if fl, ok := e.Args[0].(*ast.FuncLit); ok && len(fl.Body.List) == 1 {
			if ret, ok := fl.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
				if c, ok := ret.Results[0].(*ast.CallExpr); ok && exprString(c.Fun) == "strings.ContainsRune" && len(c.Args) == 2 {
					v, err := ev.eval(c.Args[0])
					if s, ok := v.(string); ok && err == nil {
						return precis.Predicate(func(r rune) bool { return strings.ContainsRune(s, r) }), nil
					}
				}
			}
		}
	}
	return nil, fmt.Errorf("cannot evaluate the call of %s at %v", name, e.Pos())
}

// A case that answers differently, and why.
type outcome struct {
	output string
	err    error
}

func describe(o outcome) string {
	if o.err != nil {
		var rej *u8guard.Rejected
		if errors.As(o.err, &rej) {
			return fmt.Sprintf("error %q (%s)", o.err.Error(), rej.Rule)
		}
		return "error " + strconv.Quote(o.err.Error())
	}
	return strconv.QuoteToASCII(o.output)
}

func same(got, want outcome) bool {
	if want.err == nil {
		return got.err == nil && got.output == want.output
	}
	return errors.Is(got.err, want.err) && got.output == ""
}

// xtextDifferences lists every case of x/text's tables where this package
// answers differently, keyed "Table/Group:index", with the reason.
var xtextDifferences = map[string]string{
	// The same verdict (rejected), another reason.
	"enforce/UsernameCaseMapped:12": orderOfChecks, // U+265A: DISALLOWED/symbols
	"enforce/UsernameCaseMapped:16": orderOfChecks, // U+00B2: DISALLOWED/has_compat
	"enforce/UsernameCaseMapped:19": orderOfChecks, // U+26D6: DISALLOWED/symbols
	"enforce/UsernameCaseMapped:20": orderOfChecks, // U+26FF: DISALLOWED/symbols
	"enforce/UsernameCaseMapped:22": orderOfChecks, // U+1680: DISALLOWED/spaces
	"enforce/UsernameCaseMapped:27": orderOfChecks, // U+0488: DISALLOWED/other_letter_digits
}

const orderOfChecks = "both reject it: x/text applies the Bidi Rule before the string class and reports bidirule.ErrInvalid; u8guard reports the code point the IdentifierClass disallows (the rule is in the *u8guard.Rejected)"

func TestXTextTables(t *testing.T) {
	vars, funcs := xtextTables(t)
	ev := evaluator{}
	found := map[string]string{}
	count := 0

	// enforce_test.go: TestString, TestBytes, TestAppend over
	// enforceTestCases.
	raw, ok := vars["enforceTestCases"]
	if !ok {
		t.Fatal("no enforceTestCases in x/text's tests")
	}
	v, err := ev.eval(raw)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range v.([]interface{}) {
		group := g.([]interface{})
		name, p, cases := group[0].(string), group[1].(*precis.Profile), group[2].([]interface{})
		for i, c := range cases {
			tc := c.([]interface{})
			in := tc[0].(string)
			want := outcome{output: tc[1].(string)}
			if tc[2] != nil {
				want.err = tc[2].(error)
			}
			count++
			s, err := p.String(in)
			b, errB := p.Bytes([]byte(in))
			a, errA := p.Append(nil, []byte(in))
			got := outcome{s, err}
			key := fmt.Sprintf("enforce/%s:%d", name, i)
			if !same(got, want) {
				found[key] = fmt.Sprintf("%+q: x/text %s, u8guard %s", in, describe(want), describe(got))
				continue
			}
			if !same(outcome{string(b), errB}, want) || !same(outcome{string(a), errA}, want) {
				t.Errorf("%s: String agrees with x/text but Bytes (%q, %v) or Append (%q, %v) does not", key, b, errB, a, errA)
			}
		}
	}

	// profile_test.go: TestCompare, TestCompareString over
	// compareTestCases.
	raw, ok = vars["compareTestCases"]
	if !ok {
		t.Fatal("no compareTestCases in x/text's tests")
	}
	if v, err = ev.eval(raw); err != nil {
		t.Fatal(err)
	}
	for _, g := range v.([]interface{}) {
		group := g.([]interface{})
		name, p, cases := group[0].(string), group[1].(*precis.Profile), group[2].([]interface{})
		for i, c := range cases {
			tc := c.([]interface{})
			a, b, want := tc[0].(string), tc[1].(string), tc[2].(bool)
			count++
			key := fmt.Sprintf("compare/%s:%d", name, i)
			got := p.Compare(a, b)
			ka, errA := p.CompareKey(a)
			kb, errB := p.CompareKey(b)
			keysEqual := errA == nil && errB == nil && ka == kb
			if got != want {
				found[key] = fmt.Sprintf("%+q vs %+q: x/text %v, u8guard %v (keys %+q %v, %+q %v)", a, b, want, got, ka, errA, kb, errB)
				continue
			}
			if keysEqual != want {
				t.Errorf("%s: Compare agrees with x/text, CompareKey (%+q %v, %+q %v) does not", key, ka, errA, kb, errB)
			}
		}
	}

	// class_test.go: TestClassContains's table, as Allowed().
	if fn, ok := funcs["TestClassContains"]; ok {
		var lit ast.Expr
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && exprString(as.Lhs[0]) == "tests" {
				lit = as.Rhs[0]
			}
			return lit == nil
		})
		if lit == nil {
			t.Fatal("no tests table in TestClassContains")
		}
		if v, err = ev.eval(lit); err != nil {
			t.Fatal(err)
		}
		for _, c := range v.([]interface{}) {
			fields := map[string]interface{}{}
			for _, f := range c.([]interface{}) {
				kv := f.(keyed)
				fields[kv.key] = kv.value
			}
			name, set := fields["name"].(string), fields["class"].(precis.Set)
			for _, member := range []string{"allowed", "disallowed"} {
				for _, r := range fields[member].([]rune) {
					count++
					want := member == "allowed"
					if got := set.Contains(r); got != want {
						key := fmt.Sprintf("class/%s:%U", name, r)
						found[key] = fmt.Sprintf("x/text %v, u8guard %v", want, got)
					}
				}
			}
		}
	} else {
		t.Fatal("no TestClassContains in x/text's tests")
	}

	var keys []string
	for k := range found {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		reason, listed := xtextDifferences[k]
		if !listed {
			t.Errorf("%s differs and is not listed: %s", k, found[k])
			continue
		}
		t.Logf("%s: %s; because %s", k, found[k], reason)
	}
	for k := range xtextDifferences {
		if _, ok := found[k]; !ok {
			t.Errorf("%s is listed as a difference but agrees with x/text now", k)
		}
	}
	t.Logf("%d cases of x/text's tables: %d agree, %d differ (listed)", count, count-len(found), len(found))
}
