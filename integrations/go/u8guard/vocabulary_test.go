// SPDX-License-Identifier: Apache-2.0

package u8guard_test

// The vocabulary's names (docs/vocabulary.md) beside the 0.x names they
// join: each gives the same answers and the same errors as the old name.

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/u8guard/u8guard/integrations/go/u8guard"
)

// sameError fails unless a and b are both nil or both errors with the same
// text, the same *Rejected fields and the same status.
func sameError(t *testing.T, what string, a, b error) {
	t.Helper()
	if (a == nil) != (b == nil) {
		t.Fatalf("%s: %v beside %v", what, a, b)
	}
	if a == nil {
		return
	}
	if a.Error() != b.Error() {
		t.Errorf("%s: %q beside %q", what, a, b)
	}
	var ra, rb *u8guard.Rejected
	if errors.As(a, &ra) != errors.As(b, &rb) || (ra != nil && *ra != *rb) {
		t.Errorf("%s: rejections %+v beside %+v", what, ra, rb)
	}
	for _, s := range []u8guard.Status{u8guard.InvalidArgument, u8guard.NotFound, u8guard.RejectedStatus} {
		if errors.Is(a, s) != errors.Is(b, s) {
			t.Errorf("%s: errors.Is(%v) differs", what, s)
		}
	}
}

func TestVocabularyKeyAllIsKeys(t *testing.T) {
	names := []string{"Alice", "ＡＤＭＩＮ", "al\u200bice", "a b", "", "  Foo\u00a0Bar "}
	for _, profile := range []string{"username-case-mapped", "nickname"} {
		p := builtin(t, profile)
		keys, errs := p.KeyAll(names)
		oldKeys, oldErrs := p.Keys(names)
		forms, ferrs := p.EnforceAll(names)
		oldForms, oldFerrs := p.Enforced(names)
		if !reflect.DeepEqual(keys, oldKeys) || !reflect.DeepEqual(forms, oldForms) {
			t.Errorf("%s: KeyAll %q, EnforceAll %q beside %q, %q", profile, keys, forms, oldKeys, oldForms)
		}
		if len(errs) != len(oldErrs) || len(ferrs) != len(oldFerrs) {
			t.Fatalf("%s: %d and %d errors beside %d and %d", profile, len(errs), len(ferrs), len(oldErrs), len(oldFerrs))
		}
		for i := range errs {
			sameError(t, profile+" KeyAll", errs[i], oldErrs[i])
			sameError(t, profile+" EnforceAll", ferrs[i], oldFerrs[i])
		}
	}
	user := builtin(t, "username-case-mapped")
	keys, errs := user.KeyAll([]string{"Alice", "a b"})
	if keys[0] != "alice" || errs == nil || errs[0] != nil || errs[1] == nil {
		t.Errorf("KeyAll = %q, %v", keys, errs)
	}
	if forms, _ := builtin(t, "nickname").EnforceAll([]string{" Ann "}); forms[0] != "Ann" {
		t.Errorf("EnforceAll = %q", forms)
	}
}

func TestVocabularyLoadProfileIsOpenProfileFile(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.toml")
	if err := os.WriteFile(bad, []byte("name = \"bad\"\nbom = \"sometimes\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(repo, "policies", "username-case-mapped.toml")
	missing := filepath.Join(t.TempDir(), "missing.toml")
	for _, path := range []string{good, bad, missing} {
		p, err := u8guard.LoadProfile(path)
		q, oldErr := u8guard.OpenProfileFile(path)
		sameError(t, path, err, oldErr)
		if (p == nil) != (q == nil) {
			t.Fatalf("%s: %v beside %v", path, p, q)
		}
		if p == nil {
			continue
		}
		if p.Name() != q.Name() {
			t.Errorf("%s: %q beside %q", path, p.Name(), q.Name())
		}
		k, _ := p.Key("ＡＬＩＣＥ")
		oldK, _ := q.Key("ＡＬＩＣＥ")
		if k != oldK || k != "alice" {
			t.Errorf("%s: key %q beside %q", path, k, oldK)
		}
		_, err = p.Key("a b")
		_, oldErr = q.Key("a b")
		sameError(t, path+": a b", err, oldErr)
		p.Close()
		q.Close()
	}
	if _, err := u8guard.LoadProfile(bad); !errors.Is(err, u8guard.InvalidArgument) {
		t.Errorf("LoadProfile(bad) = %v", err)
	}
	if _, err := u8guard.LoadProfile(missing); !errors.Is(err, u8guard.NotFound) {
		t.Errorf("LoadProfile(missing) = %v", err)
	}
}

func TestVocabularyBuiltinProfileNamesAndLibraryVersion(t *testing.T) {
	names := u8guard.BuiltinProfileNames()
	if !reflect.DeepEqual(names, u8guard.BuiltinProfiles()) {
		t.Errorf("BuiltinProfileNames %q beside BuiltinProfiles %q", names, u8guard.BuiltinProfiles())
	}
	found := false
	for _, n := range names {
		found = found || n == "nickname"
	}
	if !found {
		t.Errorf("BuiltinProfileNames() = %q, no nickname", names)
	}
	if v := u8guard.LibraryVersion(); v == "" || v != u8guard.Version() {
		t.Errorf("LibraryVersion %q beside Version %q", v, u8guard.Version())
	}
}

func TestVocabularyFullTypeNames(t *testing.T) {
	// The aliases are the types themselves: values move between the names
	// without a conversion.
	var decision *u8guard.RegistrationDecision = &u8guard.Decision{}
	var record *u8guard.Record = &u8guard.RegistrationRecord{}
	var verification *u8guard.RecordVerification = &u8guard.Verification{}
	var entry u8guard.AclEntry = u8guard.Match{}
	var audit *u8guard.AclAudit = &u8guard.Audit{}
	var finding u8guard.AclFinding = u8guard.Finding{Entry: entry}
	for _, pair := range [][2]interface{}{{decision, &u8guard.Decision{}}, {record, &u8guard.Record{}},
		{verification, &u8guard.Verification{}}, {audit, &u8guard.Audit{}}, {finding, u8guard.Finding{}}} {
		if reflect.TypeOf(pair[0]) != reflect.TypeOf(pair[1]) {
			t.Errorf("%T is not %T", pair[0], pair[1])
		}
	}

	user := builtin(t, "username-case-mapped")
	for _, name := range []string{"Alice", "p\u0430ypal", "a b", "al\u200bice"} {
		r, err := u8guard.MakeRegistrationRecord(user, nil, name)
		old, oldErr := u8guard.MakeRecord(user, nil, name)
		sameError(t, name, err, oldErr)
		if !reflect.DeepEqual(r, old) {
			t.Errorf("%q: %+v beside %+v", name, r, old)
		}
	}
	if r, err := u8guard.MakeRegistrationRecord(user, nil, "Alice"); err != nil || r.Key != "alice" {
		t.Errorf("MakeRegistrationRecord(Alice) = %+v, %v", r, err)
	}
	if _, err := u8guard.MakeRegistrationRecord(user, nil, "a b"); !errors.Is(err, u8guard.RejectedStatus) {
		t.Errorf("MakeRegistrationRecord(a b) = %v", err)
	}
}

func TestVocabularyOpenOptionsFlags(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "report.txt"), []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	root, err := u8guard.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	// Flags, Flag, or both alike: the same open.
	for _, opts := range []*u8guard.OpenOptions{{Flags: os.O_RDWR | os.O_TRUNC}, {Flag: os.O_RDWR | os.O_TRUNC},
		{Flags: os.O_RDWR | os.O_TRUNC, Flag: os.O_RDWR | os.O_TRUNC}} {
		f, err := u8guard.OpenBeneath(root, "report.txt", opts)
		if err != nil {
			t.Fatalf("%+v: %v", opts, err)
		}
		if _, err := f.WriteString("new"); err != nil {
			t.Errorf("%+v: not opened for writing: %v", opts, err)
		}
		f.Close()
	}
	// The same refusal under either name.
	_, err = u8guard.OpenBeneath(root, "report.txt", &u8guard.OpenOptions{Flags: os.O_CREATE})
	_, oldErr := u8guard.OpenBeneath(root, "report.txt", &u8guard.OpenOptions{Flag: os.O_CREATE})
	sameError(t, "O_CREATE", err, oldErr)
	if !errors.Is(err, u8guard.InvalidArgument) {
		t.Errorf("Flags: O_CREATE: %v", err)
	}
	// Read only by default: writing fails.
	f, err := u8guard.OpenBeneath(root, "report.txt", &u8guard.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("x"); err == nil {
		t.Error("the default open is writable")
	}
	f.Close()
	// Both set, and different: refused before anything is opened.
	_, err = u8guard.OpenBeneath(root, "report.txt", &u8guard.OpenOptions{Flags: os.O_RDWR, Flag: os.O_WRONLY})
	if !errors.Is(err, u8guard.InvalidArgument) {
		t.Errorf("Flags and Flag differ: %v", err)
	}
	_, err = u8guard.CreateBeneath(root, "new.txt", 0o600, &u8guard.OpenOptions{Flags: os.O_RDWR, Flag: os.O_WRONLY})
	if !errors.Is(err, u8guard.InvalidArgument) {
		t.Errorf("CreateBeneath, Flags and Flag differ: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "new.txt")); !os.IsNotExist(err) {
		t.Errorf("new.txt was created: %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "report.txt")); string(data) != "new" {
		t.Errorf("report.txt holds %q", data)
	}
}
