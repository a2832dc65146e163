// SPDX-License-Identifier: Apache-2.0

package u8guard_test

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"github.com/u8guard/u8guard/integrations/go/u8guard"
)

// repo is the repository's root (integrations/go/u8guard/../../..).
var repo = filepath.Join("..", "..", "..")

func builtin(t testing.TB, name string) *u8guard.Profile {
	t.Helper()
	p, err := u8guard.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// rejected returns err as a *Rejected, failing the test when it is not
// one, and checks that its offset and code point point into input.
func rejected(t *testing.T, err error, input string) *u8guard.Rejected {
	t.Helper()
	var rej *u8guard.Rejected
	if !errors.As(err, &rej) {
		t.Fatalf("%+q: want a *Rejected, got %v", input, err)
	}
	if !errors.Is(err, u8guard.RejectedStatus) {
		t.Errorf("%+q: errors.Is(err, RejectedStatus) is false", input)
	}
	if rej.Offset < 0 || rej.Offset > len(input) {
		t.Errorf("%+q: offset %d outside the input", input, rej.Offset)
	}
	if rej.CodePoint >= 0 {
		r, _ := utf8.DecodeRuneInString(input[rej.Offset:])
		if r != rej.CodePoint {
			t.Errorf("%+q: code point U+%04X at offset %d, the input has U+%04X there", input, rej.CodePoint, rej.Offset, r)
		}
	}
	if rej.Rule == "" || rej.Rule == "unknown" || u8guard.RuleDescription(rej.Rule) == "" {
		t.Errorf("%+q: rule %q has no description", input, rej.Rule)
	}
	if !strings.Contains(rej.Error(), rej.Rule) && !strings.Contains(rej.Error(), u8guard.RuleDescription(rej.Rule)) {
		t.Errorf("%+q: message %q names neither the rule %q nor its description", input, rej.Error(), rej.Rule)
	}
	return rej
}

func TestVersions(t *testing.T) {
	for name, v := range map[string]string{"Version": u8guard.Version(), "ICUVersion": u8guard.ICUVersion(), "UnicodeVersion": u8guard.UnicodeVersion()} {
		if v == "" || !strings.Contains(v, ".") {
			t.Errorf("%s() = %q", name, v)
		}
	}
}

// BuildTables changes no answer: look-alike keys and restriction levels of
// names with accents, other scripts and mixed scripts, before and after.
func TestBuildTablesChangesNoAnswer(t *testing.T) {
	user := builtin(t, "username-case-mapped")
	names := []string{"paypal", "P\u00e1ypal", "\u0142ukasz.m\u00fcller", "\u0434\u043c\u0438\u0442\u0440\u0438\u0439", "p\u0430ypal", "\u5c71\u7530\u3072\u308d"}
	type answer struct {
		keys  []string
		level u8guard.RestrictionLevel
	}
	ask := func() []answer {
		var out []answer
		for _, n := range names {
			keys, err := user.LookalikeKeys(n)
			if err != nil {
				t.Fatalf("LookalikeKeys(%+q): %v", n, err)
			}
			level, err := user.RestrictionLevel(n)
			if err != nil {
				t.Fatalf("RestrictionLevel(%+q): %v", n, err)
			}
			out = append(out, answer{keys, level})
		}
		return out
	}
	before := ask()
	u8guard.BuildTables()
	u8guard.BuildTables() // a second call returns at once
	if after := ask(); !reflect.DeepEqual(before, after) {
		t.Errorf("answers changed: %v, then %v", before, after)
	}
}

func TestProfiles(t *testing.T) {
	names := u8guard.BuiltinProfiles()
	if len(names) < 4 {
		t.Fatalf("BuiltinProfiles() = %v", names)
	}
	for _, n := range names {
		p, err := u8guard.OpenProfile(n, "")
		if err != nil {
			t.Fatalf("OpenProfile(%q): %v", n, err)
		}
		if p.Name() != n {
			t.Errorf("OpenProfile(%q).Name() = %q", n, p.Name())
		}
		p.Close()
		p.Close() // twice: nothing
	}
	// The RFCs' spelling opens the same profile.
	p, err := u8guard.OpenProfile("UsernameCaseMapped", "")
	if err != nil || p.Name() != "username-case-mapped" {
		t.Fatalf("OpenProfile(UsernameCaseMapped) = %v, %v", p, err)
	}
	_, err = u8guard.OpenProfile("no-such-profile", "")
	if !errors.Is(err, u8guard.NotFound) {
		t.Errorf("unknown profile: want NotFound, got %v", err)
	}
	_, err = u8guard.OpenProfileFile(filepath.Join(t.TempDir(), "missing.toml"))
	if !errors.Is(err, fs.ErrNotExist) || !errors.Is(err, u8guard.NotFound) {
		t.Errorf("missing policy file: want NotFound wrapping ENOENT, got %v", err)
	}
	bad := filepath.Join(t.TempDir(), "bad.toml")
	os.WriteFile(bad, []byte("name = \"x\"\nnormalization = \"NFKD2\"\n"), 0o600)
	_, err = u8guard.OpenProfileFile(bad)
	if !errors.Is(err, u8guard.InvalidArgument) || !strings.Contains(err.Error(), "bad.toml") {
		t.Errorf("bad policy file: want InvalidArgument naming the file, got %v", err)
	}
	// A policy file of the repository opens as the built-in of its name.
	f, err := u8guard.OpenProfileFile(filepath.Join(repo, "policies", "username-case-mapped.toml"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := builtin(t, "username-case-mapped")
	for _, s := range []string{"Admin", "ＡＤＭＩＮ", "jürgen\u200b", "Kevin"} {
		k1, e1 := f.Key(s)
		k2, e2 := b.Key(s)
		if k1 != k2 || (e1 == nil) != (e2 == nil) {
			t.Errorf("%+q: file profile %q %v, built-in %q %v", s, k1, e1, k2, e2)
		}
	}
}

func TestKeyAndRejections(t *testing.T) {
	user := builtin(t, "username-case-mapped")
	k, err := user.Key("ＡＤＭＩＮ")
	if err != nil {
		t.Fatal(err)
	}
	k2, _ := user.Key("admin")
	if k != k2 {
		t.Errorf("Key(ＡＤＭＩＮ) = %q, Key(admin) = %q", k, k2)
	}
	if !user.Equivalent("Kevin", "\u212aevin") {
		t.Error("Kevin and KELVIN SIGN evin are not equivalent")
	}
	if user.Equivalent("x\u200b", "x\u200b") {
		t.Error("a rejected input is equivalent to itself")
	}
	for _, s := range []string{"jürgen\u200b", "a b", "\xc0\xae", "", "\ufeffadmin", strings.Repeat("a", 5000), "x\u0301\u0301"[:3] + "\xff"} {
		_, err := user.Key(s)
		if err == nil {
			t.Errorf("%+q accepted", s)
			continue
		}
		rejected(t, err, s)
		_, err2 := user.KeyBytes([]byte(s))
		_, err3 := user.Enforce(s)
		if err2 == nil || err3 == nil {
			t.Errorf("%+q: Key rejects it, KeyBytes %v, Enforce %v", s, err2, err3)
		}
	}
	rej := rejected(t, func() error { _, e := user.Key("jürgen\u200b"); return e }(), "jürgen\u200b")
	if rej.CodePoint != 0x200B || rej.Source != "profile" {
		t.Errorf("jürgen+ZWSP: %+v", rej)
	}
	nick := builtin(t, "nickname")
	e, err := nick.Enforce("  Swan  of   Avon ")
	if err != nil {
		t.Fatal(err)
	}
	k, _ = nick.Key("  Swan  of   Avon ")
	if e == k || strings.ToLower(e) != k {
		t.Errorf("nickname: enforced %q, key %q", e, k)
	}
}

func TestKeysBatchEqualsKey(t *testing.T) {
	// The batch must give exactly what Key gives, rejections included, and
	// grow its buffer for results longer than the input (U+FDFA is 18
	// code points under NFKC).
	var names []string
	for i := 0; i < 300; i++ {
		names = append(names, "user"+strings.Repeat("\ufdfa", i%7), "Ａｄｍｉｎ", "x\u200b", "", "ünïcödé", "\xff")
	}
	for _, pname := range []string{"username-case-mapped", "nickname", "opaque-string"} {
		p := builtin(t, pname)
		keys, errs := p.Keys(names)
		forms, ferrs := p.Enforced(names)
		for i, s := range names {
			k, err := p.Key(s)
			if k != keys[i] || (err == nil) != (errs == nil || errs[i] == nil) {
				t.Fatalf("%s %+q: Key %q %v, Keys %q", pname, s, k, err, keys[i])
			}
			if err != nil && errs[i].Error() != err.Error() {
				t.Fatalf("%s %+q: Key error %v, Keys error %v", pname, s, err, errs[i])
			}
			f, err := p.Enforce(s)
			if f != forms[i] || (err == nil) != (ferrs == nil || ferrs[i] == nil) {
				t.Fatalf("%s %+q: Enforce %q %v, Enforced %q", pname, s, f, err, forms[i])
			}
		}
	}
	if k, e := builtin(t, "nickname").Keys(nil); len(k) != 0 || e != nil {
		t.Errorf("Keys(nil) = %v, %v", k, e)
	}
}

// BidiSkeleton reads the key as a page of the order's direction shows it:
// alef then "1" and "1" then alef look alike on a left-to-right page only.
func TestBidiSkeleton(t *testing.T) {
	nick := builtin(t, "nickname")
	skel := func(s string, o u8guard.SkeletonOrder) string {
		k, err := nick.BidiSkeleton(s, o)
		if err != nil {
			t.Fatalf("BidiSkeleton(%+q, %d): %v", s, o, err)
		}
		return k
	}
	alefOne, oneAlef := "\u05d01", "1\u05d0"
	if skel(alefOne, u8guard.SkeletonLTR) != skel(oneAlef, u8guard.SkeletonLTR) {
		t.Errorf("LTR skeletons of %+q and %+q differ", alefOne, oneAlef)
	}
	for _, o := range []u8guard.SkeletonOrder{u8guard.SkeletonLogical, u8guard.SkeletonRTL} {
		if skel(alefOne, o) == skel(oneAlef, o) {
			t.Errorf("order %d: skeletons of %+q and %+q are equal", o, alefOne, oneAlef)
		}
	}
	if got := skel("abc!", u8guard.SkeletonRTL); got != "!abc" {
		t.Errorf("RTL skeleton of abc! = %q, want !abc", got)
	}
	if plain, _ := nick.Skeleton("rnike"); skel("rnike", u8guard.SkeletonLogical) != plain {
		t.Errorf("logical skeleton of rnike is not Skeleton's %q", plain)
	}
	for _, bad := range []u8guard.SkeletonOrder{-1, 3, 1 << 20} {
		if _, err := nick.BidiSkeleton("a", bad); !errors.Is(err, u8guard.InvalidArgument) {
			t.Errorf("order %d: err = %v, want InvalidArgument", bad, err)
		}
	}
	if _, err := nick.BidiSkeleton("a\x80", u8guard.SkeletonLTR); !errors.Is(err, u8guard.RejectedStatus) {
		t.Errorf("a\\x80: err = %v, want a rejection", err)
	}
}

func TestSkeletonsAndLevels(t *testing.T) {
	user := builtin(t, "username-case-mapped")
	s1, err := user.Skeleton("p\u0430ypal")
	if err != nil {
		t.Fatal(err)
	}
	s2, _ := user.Skeleton("paypal")
	if s1 != s2 {
		t.Errorf("skeletons of pаypal %q and paypal %q differ", s1, s2)
	}
	lk, err := user.LookalikeKeys("paypaI")
	if err != nil || len(lk) < 1 || len(lk) > 3 {
		t.Fatalf("LookalikeKeys(paypaI) = %q, %v", lk, err)
	}
	mine, _ := user.LookalikeKeys("paypal")
	shared := false
	for _, a := range lk {
		for _, b := range mine {
			shared = shared || a == b
		}
	}
	if !shared {
		t.Errorf("paypaI %q and paypal %q share no look-alike key", lk, mine)
	}
	if l, err := user.RestrictionLevel("admin"); err != nil || l != u8guard.ASCII || l.String() != "ascii" {
		t.Errorf("RestrictionLevel(admin) = %v, %v", l, err)
	}
	if l, _ := user.RestrictionLevel("p\u0430ypal"); l <= u8guard.HighlyRestrictive {
		t.Errorf("RestrictionLevel(pаypal) = %v", l)
	}
	if _, err := user.LookalikeKeys("a b"); err == nil {
		t.Error("LookalikeKeys of a rejected name")
	}
}

func TestClosed(t *testing.T) {
	p, err := u8guard.OpenProfile("nickname", "")
	if err != nil {
		t.Fatal(err)
	}
	p.Close()
	if _, err := p.Key("x"); !errors.Is(err, u8guard.Closed) {
		t.Errorf("Key after Close: %v", err)
	}
	if _, errs := p.Keys([]string{"a"}); !errors.Is(errs[0], u8guard.Closed) {
		t.Errorf("Keys after Close: %v", errs)
	}
	if p.Equivalent("a", "a") {
		t.Error("Equivalent after Close")
	}
	if _, err := u8guard.NewAllowList(p, []string{"a"}); !errors.Is(err, u8guard.Closed) {
		t.Errorf("NewAllowList with a closed profile: %v", err)
	}
	b := builtin(t, "nickname")
	b.Close() // a Builtin's Close does nothing
	if _, err := b.Key("x"); err != nil {
		t.Errorf("Builtin after Close: %v", err)
	}
}

func TestLists(t *testing.T) {
	user := builtin(t, "username-case-mapped")
	acl := filepath.Join(repo, "examples", "acl", "users.acl")
	allow, err := u8guard.LoadAllowList(user, acl)
	if err != nil {
		t.Fatal(err)
	}
	defer allow.Close()
	m, ok, err := allow.Grants("ＡＤＭＩＮ")
	if !ok || err != nil || m.Original != "admin" || m.Line == 0 {
		t.Errorf("Grants(ＡＤＭＩＮ) = %+v, %v, %v", m, ok, err)
	}
	if _, ok, err := allow.Grants("rnike"); ok || err != nil {
		t.Errorf("Grants(rnike) = %v, %v: a look-alike must not grant", ok, err)
	}
	if _, ok, err := allow.Grants("al\u200bice"); ok || err == nil {
		t.Errorf("Grants(al+ZWSP+ice) = %v, %v", ok, err)
	} else {
		rejected(t, err, "al\u200bice")
	}
	deny, err := u8guard.LoadDenyList(user, acl)
	if err != nil {
		t.Fatal(err)
	}
	defer deny.Close()
	m, ok, err = deny.Resembles("p\u0430ypal")
	if !ok || err != nil || m.Original != "paypal" {
		t.Errorf("Resembles(pаypal) = %+v, %v, %v", m, ok, err)
	}
	if _, ok, _ := deny.Resembles("nobody-like-this"); ok {
		t.Error("Resembles(nobody-like-this)")
	}
	if allow.Len() == 0 || allow.Len() != deny.Len() {
		t.Errorf("Len: allow %d, deny %d", allow.Len(), deny.Len())
	}
	audit, err := allow.Audit(u8guard.HighlyRestrictive)
	if err != nil {
		t.Fatal(err)
	}
	if audit.Entries < audit.ValidEntries || audit.ValidEntries != allow.Len() || len(audit.Findings) == 0 {
		t.Errorf("audit: %d entries, %d valid, %d findings", audit.Entries, audit.ValidEntries, len(audit.Findings))
	}
	for _, f := range audit.Findings {
		switch f.Kind {
		case "invalid":
			if f.Rejection == nil || f.Entry.Key != "" {
				t.Errorf("invalid finding %+v", f)
			}
		case "collision", "lookalike":
			if f.Other.Original == "" || f.Other.Index >= f.Entry.Index {
				t.Errorf("%s finding %+v", f.Kind, f)
			}
			if f.Kind == "lookalike" && f.Skeleton == "" {
				t.Errorf("look-alike without a skeleton %+v", f)
			}
		case "file_signature", "bom", "mixed_script", "mixed_numbers":
		default:
			t.Errorf("unknown finding kind %q", f.Kind)
		}
	}
	if _, err := allow.Audit(99); !errors.Is(err, u8guard.InvalidArgument) {
		t.Errorf("Audit(99): %v", err)
	}
	// From strings.
	a2, err := u8guard.NewAllowList(user, []string{"Alice", "bob", "x y", ""})
	if err != nil {
		t.Fatal(err)
	}
	if m, ok, _ := a2.Grants("ALICE"); !ok || m.Index != 0 || m.Line != 0 {
		t.Errorf("NewAllowList Grants(ALICE) = %+v %v", m, ok)
	}
	if a2.Len() != 2 {
		t.Errorf("NewAllowList Len = %d, want the 2 valid entries", a2.Len())
	}
	a2.Close()
	if _, _, err := a2.Grants("alice"); !errors.Is(err, u8guard.Closed) {
		t.Errorf("Grants after Close: %v", err)
	}
	if _, err := u8guard.LoadAllowList(user, filepath.Join(t.TempDir(), "none.acl")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing ACL: %v", err)
	}
}

// AuditFile, in bounded memory, finds what the audit of the loaded list
// finds, finding for finding.
func TestAuditFileGivesTheAuditOfTheLoadedList(t *testing.T) {
	user := builtin(t, "username-case-mapped")
	acl := filepath.Join(repo, "examples", "acl", "users.acl")
	allow, err := u8guard.LoadAllowList(user, acl)
	if err != nil {
		t.Fatal(err)
	}
	defer allow.Close()
	want, err := allow.Audit(u8guard.ModeratelyRestrictive)
	if err != nil || len(want.Findings) < 5 {
		t.Fatalf("Audit: %v, %v", want, err)
	}
	dir := t.TempDir()
	for _, budget := range []uint64{0, 4096} {
		got, err := u8guard.AuditFile(user, acl, u8guard.ModeratelyRestrictive, budget, dir)
		if err != nil {
			t.Fatalf("AuditFile(%d): %v", budget, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("AuditFile(%d) = %+v, want %+v", budget, got, want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("temporary files left: %v", entries)
	}
	if _, err := u8guard.AuditFile(user, filepath.Join(dir, "none.acl"), u8guard.ModeratelyRestrictive, 0, ""); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing ACL: %v", err)
	}
	if _, err := u8guard.AuditFile(user, acl+"\x00.txt", u8guard.ModeratelyRestrictive, 0, ""); err == nil {
		t.Errorf("a path with a NUL byte was accepted")
	}
}

func TestRegistration(t *testing.T) {
	user := builtin(t, "username-case-mapped")
	reg, err := u8guard.LoadRegistry(user, nil, filepath.Join(repo, "examples", "acl", "users.acl"))
	if err != nil {
		t.Fatal(err)
	}
	defer reg.Close()
	n := reg.Accounts()
	d, err := reg.Register("rnike")
	if err != nil {
		t.Fatal(err)
	}
	if d.Accepted() || d.Outcome != "lookalike" || d.Conflict != "mike" || d.SharedKey == "" {
		t.Errorf("Register(rnike) = %+v", d)
	}
	d, err = reg.Register("robert")
	if err != nil || !d.Accepted() || d.Record == nil || reg.Accounts() != n+1 {
		t.Fatalf("Register(robert) = %+v, %v", d, err)
	}
	rec := d.Record
	if k, _ := user.Key("robert"); rec.Key != k || rec.Enforced != "robert" || len(rec.LookalikeKeys) == 0 || rec.VersionTag == "" || rec.Display == "" {
		t.Errorf("record %+v", rec)
	}
	if lk, _ := user.LookalikeKeys("robert"); strings.Join(lk, " ") != strings.Join(rec.LookalikeKeys, " ") {
		t.Errorf("record's look-alike keys %q, LookalikeKeys %q", rec.LookalikeKeys, lk)
	}
	d, _ = reg.Decide("ROBERT")
	if d.Outcome != "collision" || d.Conflict != "robert" {
		t.Errorf("Decide(ROBERT) after registering robert = %+v", d)
	}
	d, _ = reg.Decide("ok-name", "bad\u200bother")
	if d.Outcome != "rejected" || d.Identifier != 1 || d.Rejection == nil {
		t.Errorf("Decide with a rejected other identifier = %+v", d)
	} else {
		rejected(t, d.Rejection, "bad\u200bother")
	}
	if err := reg.Add("x y"); err == nil {
		t.Error("Add(x y) accepted")
	}
	if err := reg.Add("zed", "zed-display"); err != nil || reg.Accounts() != n+2 {
		t.Errorf("Add(zed) = %v, %d accounts", err, reg.Accounts())
	}
	r, err := u8guard.MakeRecord(user, nil, "Zoë")
	if err != nil || r.Key != "zoë" {
		t.Errorf("MakeRecord(Zoë) = %+v, %v", r, err)
	}
	if _, err := u8guard.MakeRecord(user, nil, "a b"); err == nil {
		t.Error("MakeRecord(a b)")
	}
	if _, err := u8guard.LoadRegistrationPolicy(filepath.Join(t.TempDir(), "none.toml")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing policy: %v", err)
	}
	empty, err := u8guard.NewRegistry(user, nil)
	if err != nil || empty.Accounts() != 0 {
		t.Fatal(err)
	}
	empty.Close()
	if _, err := empty.Decide("x"); !errors.Is(err, u8guard.Closed) {
		t.Errorf("Decide after Close: %v", err)
	}
}

// TestMixedNumbers: a name whose digits are of two decimal systems
// (Devanagari one, ASCII 2) is refused with "mixed_numbers" by the default
// policy, let in by a policy that says so, and reported by the audit.
func TestMixedNumbers(t *testing.T) {
	user := builtin(t, "username-case-mapped")
	const ram = "\u0930\u093e\u092e"
	reg, err := u8guard.NewRegistry(user, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer reg.Close()
	for name, want := range map[string]string{
		ram + "\u0967\u0968": "accepted",
		ram + "12":           "accepted",
		ram + "\u09672":      "mixed_numbers",
	} {
		if d, err := reg.Decide(name); err != nil || d.Outcome != want || d.Conflict != "" {
			t.Errorf("Decide(%q) = %+v, %v; want %s", name, d, err, want)
		}
	}
	path := filepath.Join(t.TempDir(), "policy.toml")
	if err := os.WriteFile(path, []byte("refuse_mixed_numbers = false\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	policy, err := u8guard.LoadRegistrationPolicy(path)
	if err != nil {
		t.Fatal(err)
	}
	defer policy.Close()
	lax, err := u8guard.NewRegistry(user, policy)
	if err != nil {
		t.Fatal(err)
	}
	defer lax.Close()
	if d, err := lax.Decide(ram + "\u09672"); err != nil || !d.Accepted() {
		t.Errorf("Decide under refuse_mixed_numbers = false: %+v, %v", d, err)
	}
	allow, err := u8guard.NewAllowList(user, []string{"room101", ram + "\u09672"})
	if err != nil {
		t.Fatal(err)
	}
	defer allow.Close()
	audit, err := allow.Audit(u8guard.SingleScriptRestrictive)
	if err != nil {
		t.Fatal(err)
	}
	if len(audit.Findings) != 1 || audit.Findings[0].Kind != "mixed_numbers" || audit.Findings[0].Entry.Index != 1 {
		t.Errorf("audit findings %+v", audit.Findings)
	}
}

// TestRepertoires: the RFC 9839 subsets are built-in profiles that keep a
// string as it is and name the first code point outside.
func TestRepertoires(t *testing.T) {
	const text = "\ufeffA\t\u0085\ufdd0"
	for _, name := range []string{"unicode-scalars", "xml-characters"} {
		if k, err := builtin(t, name).Key(text); err != nil || k != text {
			t.Errorf("%s: Key = %q, %v", name, k, err)
		}
	}
	_, err := builtin(t, "unicode-assignables").Key(text)
	var r *u8guard.Rejected
	if !errors.As(err, &r) || r.Rule != "repertoire/legacy_control" || r.Offset != 5 || r.CodePoint != 0x85 {
		t.Errorf("unicode-assignables: %v", err)
	}
	_, err = builtin(t, "xml-characters").Enforce("ok\uffff")
	if !errors.As(err, &r) || r.Rule != "repertoire/noncharacter" || r.Offset != 2 {
		t.Errorf("xml-characters: %v", err)
	}
}

func TestRecords(t *testing.T) {
	user := builtin(t, "username-case-mapped")
	names := []string{"alice", "Bob", "x y", "\xff", "p\u0430ypal", "paypal"}
	out, err := u8guard.ExportRecords(user, nil, names)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(out, "\n") != len(names) || !strings.Contains(out, `"valid":false`) {
		t.Errorf("ExportRecords = %s", out)
	}
	v, err := u8guard.VerifyRecords(user, nil, []byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if v.Records != len(names) || v.ChangedNames != 0 || len(v.Changes) != 0 || v.Valid != 4 {
		t.Errorf("verification of records made now: %+v", v)
	}
	// A record whose stored key is not the key now.
	one, _ := u8guard.NameRecord(user, nil, "alice")
	k, _ := user.Key("alice")
	changed := strings.Replace(one, `"key":"`+k+`"`, `"key":"alicf"`, 1)
	if changed == one {
		t.Fatalf("record %s holds no key %q", one, k)
	}
	v, err = u8guard.VerifyRecords(user, nil, []byte(changed+"\n"))
	if err != nil || len(v.Changes) == 0 || v.Changes[0].Kind != "key_changed" || v.Changes[0].OldKey != "alicf" || v.Changes[0].NewKey != k {
		t.Errorf("verification of a changed key: %+v, %v", v, err)
	}
	if _, err := u8guard.VerifyRecords(user, nil, []byte("{not json\n")); !errors.Is(err, u8guard.InvalidArgument) {
		t.Errorf("malformed records: %v", err)
	}
}

// oldRecord is the line of a record an older version could have written:
// valid, with key and look-alike keys.
func oldRecord(name, key string, lookalikeKeys ...string) string {
	return `{"name":"` + name + `","profile":"username-case-mapped","valid":true,"key":"` + key +
		`","lookalike_keys":["` + strings.Join(lookalikeKeys, `","`) + `"],"version_tag":"old"}` + "\n"
}

// groupPairs returns the new pairs (by line) that the groups of kind give,
// by the rule RecordGroup states: what a reader of the groups does.
func groupPairs(groups []u8guard.RecordGroup, kind string) map[[2]int]bool {
	pairs := map[[2]int]bool{}
	for _, g := range groups {
		if g.Kind != kind {
			continue
		}
		for i, a := range g.Members {
			for _, b := range g.Members[i+1:] {
				if kind == "lookalike_group" && a.NewKey == b.NewKey {
					continue
				}
				if a.WasValid && b.WasValid {
					shared := a.OldKey == b.OldKey
					for _, k := range a.OldLookalikeKeys {
						for _, o := range b.OldLookalikeKeys {
							if kind == "lookalike_group" && k == o {
								shared = true
							}
						}
					}
					if shared {
						continue
					}
				}
				pairs[[2]int{a.Line, b.Line}] = true
			}
		}
	}
	return pairs
}

// The cases of upgrade_test.cc's VerifyGroups where the pair summary misses
// a pair: pаypal, paypal and рaypal (a Cyrillic а, a Cyrillic р) all look
// like paypal now, and the first and the third shared "þaypal" before, so
// the summary compares the third with the first only (рaypal ~ paypal is
// lost); Erin and ERIN had one key, erin another, and all three have "erin"
// now (the summary has erin ~ Erin only).
func TestRecordGroups(t *testing.T) {
	user := builtin(t, "username-case-mapped")
	records := oldRecord("p\u0430ypal", "p\u0430ypal", "\u00feaypal") +
		oldRecord("paypal", "paypal", "paypal") +
		oldRecord("\u0440aypal", "\u0440aypal", "\u00feaypal") +
		oldRecord("Erin", "e-old", "erin", "erln") +
		oldRecord("ERIN", "e-old", "erin", "erln") +
		oldRecord("erin", "erin", "erin", "erln")
	v, err := u8guard.VerifyRecords(user, nil, []byte(records))
	if err != nil {
		t.Fatal(err)
	}
	var summary []string
	for _, c := range v.Changes {
		if c.Kind == "new_collision" || c.Kind == "new_lookalike" {
			summary = append(summary, fmt.Sprintf("%s %d-%d", c.Kind, c.OtherLine, c.Line))
		}
	}
	if want := []string{"new_lookalike 1-2", "new_collision 4-6"}; !reflect.DeepEqual(summary, want) {
		t.Errorf("pair summary = %v, want %v", summary, want)
	}
	if v.NewCollisionPairs != 2 || v.NewLookalikePairs != 2 || len(v.Groups) != 2 {
		t.Fatalf("groups: %+v", v)
	}
	c, l := v.Groups[0], v.Groups[1]
	if c.Kind != "collision_group" || c.Key != "erin" || c.NewPairs != 2 || len(c.Members) != 3 {
		t.Errorf("collision group: %+v", c)
	}
	want := u8guard.RecordGroupMember{Line: 4, Name: "Erin", NewKey: "erin", WasValid: true, OldKey: "e-old",
		OldLookalikeKeys: []string{"erin", "erln"}, NewToGroup: true, NewPartners: 1}
	if !reflect.DeepEqual(c.Members[0], want) {
		t.Errorf("member = %+v, want %+v", c.Members[0], want)
	}
	if l.Kind != "lookalike_group" || l.Key != "paypal" || l.NewPairs != 2 || len(l.Members) != 3 {
		t.Errorf("look-alike group: %+v", l)
	}
	want = u8guard.RecordGroupMember{Line: 3, Name: "\u0440aypal", NewKey: "\u0440aypal", WasValid: true,
		OldKey: "\u0440aypal", OldLookalikeKeys: []string{"\u00feaypal"}, NewToGroup: true, NewPartners: 1}
	if !reflect.DeepEqual(l.Members[2], want) {
		t.Errorf("member = %+v, want %+v", l.Members[2], want)
	}
	// The pairs the summary missed are in the groups.
	if got := groupPairs(v.Groups, "collision_group"); !reflect.DeepEqual(got, map[[2]int]bool{{4, 6}: true, {5, 6}: true}) {
		t.Errorf("collision pairs = %v", got)
	}
	if got := groupPairs(v.Groups, "lookalike_group"); !reflect.DeepEqual(got, map[[2]int]bool{{1, 2}: true, {2, 3}: true}) {
		t.Errorf("look-alike pairs = %v", got)
	}
	// A member that was rejected: no stored keys.
	rejected := `{"name":"ZOE","profile":"username-case-mapped","valid":false,"rule":"DISALLOWED/unassigned","version_tag":"old"}` + "\n"
	v, err = u8guard.VerifyRecords(user, nil, []byte(oldRecord("zoe", "zoe", "zoe")+rejected))
	if err != nil || len(v.Groups) != 1 || len(v.Groups[0].Members) != 2 {
		t.Fatalf("verification with a rejected member: %+v, %v", v, err)
	}
	if m := v.Groups[0].Members[1]; m.Name != "ZOE" || m.WasValid || m.OldKey != "" || m.OldLookalikeKeys != nil || !m.NewToGroup {
		t.Errorf("rejected member = %+v", m)
	}
}

func TestSanitizePath(t *testing.T) {
	got, err := u8guard.SanitizePath("a/b/../c", &u8guard.PathOptions{DotDot: "resolve", Root: "/srv/www"})
	if err != nil || got != "/srv/www/a/c" {
		t.Errorf("SanitizePath = %q, %v", got, err)
	}
	for _, in := range []string{"/\xc0\xae./", "../etc/passwd", "a/../../b", "/abs", "a\x00b", ".hidden"} {
		if _, err := u8guard.SanitizePath(in, nil); err == nil {
			t.Errorf("SanitizePath(%+q) accepted", in)
		} else {
			rejected(t, err, in)
		}
	}
	_, err = u8guard.SanitizePath("/\xc0\xae./", nil)
	if rej := rejected(t, err, "/\xc0\xae./"); rej.Rule != "utf8/overlong" || rej.Offset != 1 {
		t.Errorf("the IIS input: %+v", rej)
	}
	if _, err := u8guard.SanitizePath("a", &u8guard.PathOptions{DotDot: "sideways"}); !errors.Is(err, u8guard.InvalidArgument) {
		t.Errorf("bad dot_dot: %v", err)
	}
	if got, err := u8guard.SanitizePath("%41/b", &u8guard.PathOptions{PercentDecode: true, Normalization: "NFKC"}); err != nil || got != "A/b" {
		t.Errorf("percent-decoded = %q, %v", got, err)
	}
}

func TestOpenBeneath(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "report.txt"), []byte("hello"), 0o600)
	os.Mkdir(filepath.Join(dir, "sub"), 0o700)
	os.Symlink("/etc/passwd", filepath.Join(dir, "out"))
	os.Symlink("report.txt", filepath.Join(dir, "in"))
	syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o600)
	root, err := u8guard.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	f, err := u8guard.OpenBeneath(root, "report.txt", nil)
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 16)
	n, _ := f.Read(b)
	f.Close()
	if string(b[:n]) != "hello" {
		t.Errorf("read %q", b[:n])
	}
	for path, rule := range map[string]string{"out": "open/symlink", "fifo": "open/fifo", "sub": "open/directory", "../x": "path/dot_dot"} {
		_, err := u8guard.OpenBeneath(root, path, nil)
		if rej := rejected(t, err, path); rej.Rule != rule {
			t.Errorf("OpenBeneath(%q): rule %q, want %q", path, rej.Rule, rule)
		}
	}
	if f, err := u8guard.OpenBeneath(root, "in", &u8guard.OpenOptions{Symlinks: "inside"}); err != nil {
		t.Errorf("a link inside with symlinks=inside: %v", err)
	} else {
		f.Close()
	}
	if _, err := u8guard.OpenBeneath(root, "out", &u8guard.OpenOptions{Symlinks: "inside"}); err == nil {
		t.Error("a link out of the root opened")
	}
	if _, err := u8guard.OpenBeneath(root, "missing", nil); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
	w, err := u8guard.CreateBeneath(root, "sub/new.txt", 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.WriteString("data")
	w.Close()
	if data, _ := os.ReadFile(filepath.Join(dir, "sub", "new.txt")); string(data) != "data" {
		t.Errorf("created file holds %q", data)
	}
	if _, err := u8guard.CreateBeneath(root, "report.txt", 0o600, nil); !errors.Is(err, fs.ErrExist) || !errors.Is(err, u8guard.AlreadyExists) {
		t.Errorf("CreateBeneath of an existing name: %v", err)
	}
	if err := u8guard.MkdirBeneath(root, "made", 0o700, nil); err != nil {
		t.Error(err)
	}
	if st, err := os.Stat(filepath.Join(dir, "made")); err != nil || !st.IsDir() {
		t.Errorf("MkdirBeneath made %v, %v", st, err)
	}
	if _, err := u8guard.OpenBeneath(root, "report.txt", &u8guard.OpenOptions{Resolver: "teleport"}); !errors.Is(err, u8guard.InvalidArgument) {
		t.Errorf("bad resolver: %v", err)
	}
	if _, err := u8guard.OpenBeneath(root, "report.txt", &u8guard.OpenOptions{Flag: os.O_CREATE}); !errors.Is(err, u8guard.InvalidArgument) {
		t.Errorf("O_CREATE: %v", err)
	}
	if _, err := u8guard.OpenRoot(filepath.Join(dir, "none")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("OpenRoot(missing): %v", err)
	}
}

// utf8tests is Go's strict decoder's verdict on b: the offset of the first
// ill-formed sequence, or len(b).
func goValidUpTo(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

func TestUTF8AgainstGo(t *testing.T) {
	// Go's decoder is strict too (no overlongs, surrogates or values above
	// U+10FFFF): both must agree on every input.
	var inputs [][]byte
	if data, err := os.ReadFile(filepath.Join(repo, "..", "shared", "testdata", "UTF-8-test.txt")); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			inputs = append(inputs, []byte(line))
		}
	}
	rng := rand.New(rand.NewSource(1))
	seed := []byte("héllo wörld ✓ 日本 \U0001F600")
	for i := 0; i < 20000; i++ {
		b := append([]byte(nil), seed...)
		for j := 0; j < 1+rng.Intn(3); j++ {
			b[rng.Intn(len(b))] = byte(rng.Intn(256))
		}
		inputs = append(inputs, b[:rng.Intn(len(b)+1)])
	}
	for _, b := range inputs {
		r := u8guard.ValidateUTF8(b)
		want := goValidUpTo(b)
		if r.ValidUpTo != want || r.OK() != (want == len(b)) || u8guard.ValidUTF8(b) != r.OK() {
			t.Fatalf("%+q: u8guard %+v, Go valid up to %d", b, r, want)
		}
		err := u8guard.CheckUTF8(b)
		if r.OK() != (err == nil) {
			t.Fatalf("%+q: CheckUTF8 %v", b, err)
		}
		if err != nil {
			var rej *u8guard.Rejected
			if !errors.As(err, &rej) || rej.Offset != r.ValidUpTo || rej.Rule != r.Kind {
				t.Fatalf("%+q: CheckUTF8 %v, ValidateUTF8 %+v", b, err, r)
			}
		}
	}
	if r := u8guard.ValidateUTF8([]byte("/\xc0\xae./")); r.ValidUpTo != 1 || r.Kind != "utf8/overlong" || r.ErrorLen != 1 {
		t.Errorf("the IIS input: %+v", r)
	}
}

func TestNoPanicOnAnyInput(t *testing.T) {
	// Random bytes through every function that takes untrusted text.
	user := builtin(t, "username-case-mapped")
	nick := builtin(t, "nickname")
	allow, _ := u8guard.NewAllowList(user, []string{"admin", "paypal"})
	deny, _ := u8guard.NewDenyList(user, []string{"admin", "paypal"})
	reg, _ := u8guard.NewRegistry(user, nil)
	rng := rand.New(rand.NewSource(2))
	for i := 0; i < 3000; i++ {
		b := make([]byte, rng.Intn(40))
		rng.Read(b)
		s := string(b)
		for _, p := range []*u8guard.Profile{user, nick} {
			p.Key(s)
			p.Enforce(s)
			p.Skeleton(s)
			p.LookalikeKeys(s)
			p.RestrictionLevel(s)
			p.Equivalent(s, "admin")
		}
		allow.Grants(s)
		deny.Resembles(s)
		reg.Decide(s, s)
		u8guard.SanitizePath(s, nil)
		u8guard.NameRecord(user, nil, s)
		u8guard.VerifyRecords(user, nil, b)
		u8guard.ValidateUTF8(b)
	}
}
