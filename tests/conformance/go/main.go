// SPDX-License-Identifier: Apache-2.0

// Command conformance is the Go surface of the cross-surface conformance
// test (tests/conformance): each case of CASES through the Go module, one
// JSON line per case on standard output, in the answers' one
// representation (compare.py).
//
//	conformance CASES.tsv
package main

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/u8guard/u8guard/integrations/go/u8guard"
)

type testCase struct{ id, op, profile, a, b string }

func readCases(path string) ([]testCase, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var cases []testCase
	s := bufio.NewScanner(f)
	s.Buffer(make([]byte, 1<<20), 1<<20)
	for s.Scan() {
		line := s.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) < 5 {
			return nil, fmt.Errorf("bad line %q", line)
		}
		var in [2]string
		for i, h := range fields[3:5] {
			if h == `""` {
				continue
			}
			b, err := hex.DecodeString(h)
			if err != nil {
				return nil, err
			}
			in[i] = string(b)
		}
		cases = append(cases, testCase{fields[0], fields[1], fields[2], in[0], in[1]})
	}
	return cases, s.Err()
}

type object = map[string]any

// failure is the answer of a failed call: its rejection, or the error.
func failure(err error) object {
	var r *u8guard.Rejected
	if !errors.As(err, &r) {
		return object{"error": err.Error()}
	}
	return rejection(r)
}

func rejection(r *u8guard.Rejected) object {
	var cp any
	if r.CodePoint >= 0 {
		cp = int(r.CodePoint)
	}
	return object{"ok": false, "rule": r.Rule, "offset": r.Offset, "code_point": cp}
}

func okOr(value any, err error) object {
	if err != nil {
		return failure(err)
	}
	return object{"ok": true, "value": value}
}

type surface struct {
	profiles   map[string]*u8guard.Profile
	registries map[string]*u8guard.Registry
}

func (s *surface) profile(name string) (*u8guard.Profile, error) {
	if p, ok := s.profiles[name]; ok {
		return p, nil
	}
	p, err := u8guard.Builtin(name)
	if err != nil {
		return nil, err
	}
	r, err := u8guard.NewRegistry(p, nil)
	if err != nil {
		return nil, err
	}
	s.profiles[name], s.registries[name] = p, r
	return p, nil
}

func register(r *u8guard.Registry, name string) object {
	d, err := r.Decide(name)
	if err != nil {
		return object{"error": err.Error()}
	}
	a := object{"outcome": d.Outcome, "rule": nil, "offset": nil, "code_point": nil,
		"key": nil, "restriction_level": nil, "lookalike_keys": nil, "conflict": nil,
		"enforced": nil, "scripts": nil, "display": nil, "version_tag": nil}
	if d.Rejection != nil {
		rej := rejection(d.Rejection)
		a["rule"], a["offset"], a["code_point"] = rej["rule"], rej["offset"], rej["code_point"]
	}
	if d.Record != nil {
		a["key"], a["restriction_level"] = d.Record.Key, d.Record.RestrictionLevel.String()
		a["lookalike_keys"] = d.Record.LookalikeKeys
		scripts := d.Record.Scripts
		if scripts == nil {
			scripts = []string{}
		}
		a["enforced"], a["scripts"] = d.Record.Enforced, scripts
		a["display"], a["version_tag"] = d.Record.Display, d.Record.VersionTag
	}
	if d.Conflict != "" {
		a["conflict"] = d.Conflict
	}
	return a
}

func (s *surface) answer(c testCase) object {
	switch c.op {
	case "utf8":
		r := u8guard.ValidateUTF8([]byte(c.a))
		var rule any
		if r.Kind != "" {
			rule = r.Kind
		}
		return object{"valid": r.Kind == "", "valid_up_to": r.ValidUpTo, "rule": rule,
			"error_len": r.ErrorLen}
	case "path":
		return okOr(u8guard.SanitizePath(c.a, nil))
	case "rule":
		return object{"value": u8guard.RuleDescription(c.a)}
	}
	p, err := s.profile(c.profile)
	if err != nil {
		return object{"error": err.Error()}
	}
	switch c.op {
	case "key":
		return okOr(p.Key(c.a))
	case "enforce":
		return okOr(p.Enforce(c.a))
	case "skeleton":
		return okOr(p.Skeleton(c.a))
	case "lookalike":
		return okOr(p.LookalikeKeys(c.a))
	case "restriction":
		level, err := p.RestrictionLevel(c.a)
		return okOr(level.String(), err)
	case "equivalent":
		return object{"value": p.Equivalent(c.a, c.b)}
	case "register":
		return register(s.registries[c.profile], c.a)
	}
	return object{"error": "unknown operation " + c.op}
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: conformance CASES.tsv")
		os.Exit(2)
	}
	cases, err := readCases(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		os.Exit(2)
	}
	s := &surface{map[string]*u8guard.Profile{}, map[string]*u8guard.Registry{}}
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for _, c := range cases {
		line := object{"id": c.id, "op": c.op, "surface": "go", "answer": s.answer(c)}
		if err := enc.Encode(line); err != nil {
			fmt.Fprintln(os.Stderr, "conformance:", err)
			os.Exit(2)
		}
	}
	if err := out.Flush(); err != nil {
		os.Exit(2)
	}
}
