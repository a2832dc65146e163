// SPDX-License-Identifier: Apache-2.0

// Package precis is a drop-in for golang.org/x/text/secure/precis over the
// u8guard library: the same profiles, methods and option names, so that
// changing the import path is the migration, with every decision made by
// u8guard (its ICU's Unicode version, its bounds, its BOM policy).
//
// Where it answers differently from x/text 0.7.0 (docs/go.md lists every
// difference with its reason and counts; the tests run x/text's own test
// tables and compare both on every code point, asserting each reason):
//
//   - Unicode: ICU's version (UnicodeVersion, 15.0 with ICU 72), not 13.0:
//     code points assigned since are accepted where PRECIS allows them.
//   - The Bidi Rule applies to strings that hold a right-to-left code point
//     (RFC 8265); x/text applies it to every string, so "０９" or a lone
//     combining mark fail there.
//   - Order of checks: where x/text reports the Bidi Rule first, this
//     package may report the disallowed code point; both reject.
//   - Case mapping: a word-final capital sigma lower-cases to U+03C2
//     (Unicode's toLowerCase); x/text gives U+03C3.
//   - Bounds: inputs over 4,096 bytes, user names and nicknames over 1,024
//     bytes or 256 code points, more than 30 combining marks in a row are
//     rejected (ErrTooLong, ErrStreamUnsafe); x/text has no bounds.
//   - A leading U+FEFF is rejected as a signature; bytes that are not UTF-8
//     are rejected, where x/text turns them into U+FFFD; TAG characters
//     (U+E0001..U+E007F) are rejected, where x/text's case mapping drops
//     them; halfwidth Hangul maps to conjoining jamo.
//   - Errors: each error is an *Error that errors.Is matches against
//     ErrDisallowedRune, ErrContext, ErrEmptyString or ErrBidiRule (the text
//     of x/text's errors; ErrBidiRule is not bidirule.ErrInvalid, so
//     err == bidirule.ErrInvalid becomes errors.Is(err, precis.ErrBidiRule))
//     and that wraps the *u8guard.Rejected with the rule, offset and code
//     point.
//   - Options: Norm takes this package's NormForm, AdditionalMapping (an
//     arbitrary transform) is not offered, FoldCase and LowerCase take no
//     cases.Option; UnicodeVersion is a variable.
//   - Transformer: PRECIS rules apply to the whole string, so a Transformer
//     buffers its input until atEOF and then writes the result (never a
//     partial one).
//
// No input makes it panic (x/text 0.7.0 panics on 41 single code points
// under Nickname, e.g. U+2057).
package precis

import (
	"errors"
	"fmt"
	"sync"
	"unicode/utf8"

	"github.com/u8guard/u8guard/integrations/go/u8guard"
)

// UnicodeVersion is the Unicode version of the library's ICU, e.g. "15.0"
// (x/text: the constant "13.0.0").
var UnicodeVersion = u8guard.UnicodeVersion()

// The errors, with x/text's texts; match them with errors.Is.
var (
	// ErrDisallowedRune: a code point the string class or the profile
	// disallows, or bytes that are not UTF-8.
	ErrDisallowedRune = errors.New("precis: disallowed rune encountered")
	// ErrContext: a CONTEXTJ or CONTEXTO code point whose RFC 5892 rule
	// fails.
	ErrContext = errors.New("precis: contextual rule violated")
	// ErrEmptyString: the result would be empty.
	ErrEmptyString = errors.New("precis: transformation resulted in empty string")
	// ErrBidiRule: the Bidi Rule of RFC 5893 fails (x/text returns
	// bidirule.ErrInvalid, whose text this is).
	ErrBidiRule = errors.New("bidirule: failed Bidi Rule")
	// ErrTooLong: an input or result over the profile's bounds (u8guard's;
	// x/text has none).
	ErrTooLong = errors.New("precis: string too long")
	// ErrStreamUnsafe: more combining marks in a row than the profile
	// allows (UAX #15 Stream-Safe Text Format; u8guard's).
	ErrStreamUnsafe = errors.New("precis: too many combining marks in a row")
	// ErrUnstable: applying the profile's rules again changes the result
	// (u8guard's stability check; RFC 8266 section 2.1 for Nickname).
	ErrUnstable = errors.New("precis: result not stable")
)

// Error is the error of every method: Error() is the text of one of the
// values above, errors.Is(err, that value) holds, and Unwrap returns the
// library's error (a *u8guard.Rejected with rule, offset and code point,
// or a *u8guard.Error).
type Error struct {
	kind  error
	cause error
}

// Error returns the text of the error value it matches.
func (e *Error) Error() string { return e.kind.Error() }

// Is reports whether target is the error value it matches.
func (e *Error) Is(target error) bool { return target == e.kind }

// Unwrap returns the library's error.
func (e *Error) Unwrap() error { return e.cause }

// wrap turns the library's error into an *Error.
func wrap(err error) error {
	var rej *u8guard.Rejected
	if !errors.As(err, &rej) {
		return &Error{kind: ErrDisallowedRune, cause: err}
	}
	// The C API's rule values (U8GUARD_RULE_*), which never change.
	kind := ErrDisallowedRune
	switch v := rej.RuleValue; {
	case v >= 27 && v <= 34: // the CONTEXTJ and CONTEXTO rules
		kind = ErrContext
	case v == 13: // DISALLOWED/empty
		kind = ErrEmptyString
	case v == 14: // DISALLOWED/bidi_rule
		kind = ErrBidiRule
	case v == 9 || v == 10 || v == 11: // input_too_long, too_short, too_long
		kind = ErrTooLong
	case v == 49: // stream_unsafe
		kind = ErrStreamUnsafe
	case v == 12: // unstable
		kind = ErrUnstable
	}
	return &Error{kind: kind, cause: err}
}

// Set is a set of code points: runes.Set's method, so that a Set is a
// runes.Set and a runes.Set is a Set.
type Set interface {
	Contains(r rune) bool
}

// Predicate is a Set of the code points for which it returns true (as
// runes.Predicate).
type Predicate func(rune) bool

// Contains returns f(r).
func (f Predicate) Contains(r rune) bool { return f(r) }

// A Profile is a set of rules for normalizing and validating strings: one
// of the library's profiles, with an optional set of code points disallowed
// beyond it (NewRestrictedProfile). Safe for concurrent use.
type Profile struct {
	p        *u8guard.Profile
	class    string // "identifier" or "freeform"
	disallow Set
	err      error // a profile that could not be opened: every call fails
}

func builtin(name, class string) *Profile {
	p, err := u8guard.Builtin(name)
	return &Profile{p: p, class: class, err: err}
}

var (
	// Nickname implements the Nickname profile of RFC 8266 (u8guard's
	// "nickname").
	Nickname = builtin("nickname", "freeform")
	// UsernameCaseMapped implements the UsernameCaseMapped profile of RFC
	// 8265 (u8guard's "username-case-mapped").
	UsernameCaseMapped = builtin("username-case-mapped", "identifier")
	// UsernameCasePreserved implements the UsernameCasePreserved profile of
	// RFC 8265 (u8guard's "username-case-preserved").
	UsernameCasePreserved = builtin("username-case-preserved", "identifier")
	// OpaqueString implements the OpaqueString profile of RFC 8265 for
	// passwords and other secure labels (u8guard's "opaque-string").
	OpaqueString = builtin("opaque-string", "freeform")
)

// Library returns the u8guard profile behind p, for what this package
// lacks (skeletons, look-alike keys, ACLs, registration), or nil when p
// could not be opened.
func (p *Profile) Library() *u8guard.Profile { return p.p }

func (p *Profile) checkDisallowed(s string) error {
	if p.disallow == nil {
		return nil
	}
	for _, r := range s {
		if p.disallow.Contains(r) {
			return &Error{kind: ErrDisallowedRune, cause: fmt.Errorf("precis: %U is disallowed by the restricted profile", r)}
		}
	}
	return nil
}

// errNoProfile is the error of a Profile made without a constructor.
var errNoProfile = errors.New("precis: a Profile made without a constructor")

func (p *Profile) enforce(s string) (string, error) {
	if p.p == nil && p.err == nil {
		return "", &Error{kind: ErrDisallowedRune, cause: errNoProfile}
	}
	if p.err != nil {
		return "", &Error{kind: ErrDisallowedRune, cause: p.err}
	}
	out, err := p.p.Enforce(s)
	if err != nil {
		return "", wrap(err)
	}
	if err := p.checkDisallowed(out); err != nil {
		return "", err
	}
	return out, nil
}

func (p *Profile) key(s string) (string, error) {
	if p.p == nil && p.err == nil {
		return "", &Error{kind: ErrDisallowedRune, cause: errNoProfile}
	}
	if p.err != nil {
		return "", &Error{kind: ErrDisallowedRune, cause: p.err}
	}
	out, err := p.p.Key(s)
	if err != nil {
		return "", wrap(err)
	}
	if p.disallow != nil {
		// The restriction applies to the enforced form, as x/text's
		// checker applies it after the mappings.
		if _, err := p.enforce(s); err != nil {
			return "", err
		}
	}
	return out, nil
}

// String returns the result of applying the profile to s (the enforced
// form: what to store and display), or an error (*Error) when s is
// rejected; never a partial result.
func (p *Profile) String(s string) (string, error) { return p.enforce(s) }

// Bytes returns a new byte slice with the result of applying the profile
// to b. Errors as String.
func (p *Profile) Bytes(b []byte) ([]byte, error) {
	out, err := p.enforce(string(b))
	if err != nil {
		return nil, err
	}
	return []byte(out), nil
}

// Append appends the result of applying p to src to dst. Errors as String
// (dst is then not returned: nil).
func (p *Profile) Append(dst, src []byte) ([]byte, error) {
	out, err := p.enforce(string(src))
	if err != nil {
		return nil, err
	}
	return append(dst, out...), nil
}

// AppendCompareKey appends the comparison key of src (the enforced form
// with the profile's comparison rules, such as lower-casing for Nickname)
// to dst. Errors as String.
func (p *Profile) AppendCompareKey(dst, src []byte) ([]byte, error) {
	out, err := p.key(string(src))
	if err != nil {
		return nil, err
	}
	return append(dst, out...), nil
}

// CompareKey returns a string that can be used for comparison, hashing or
// collation: the comparison key of s. Errors as String.
func (p *Profile) CompareKey(s string) (string, error) { return p.key(s) }

// Compare reports whether the profile accepts both strings and their
// comparison keys are byte-for-byte equal; false when either is rejected.
func (p *Profile) Compare(a, b string) bool {
	if p.err != nil || p.p == nil {
		return false
	}
	if p.disallow == nil {
		return p.p.Equivalent(a, b)
	}
	ka, err := p.key(a)
	if err != nil {
		return false
	}
	kb, err := p.key(b)
	return err == nil && ka == kb
}

var classProfiles sync.Map // "identifier" or "freeform" -> *u8guard.Profile

// classSet is the Set of the code points of a PRECIS string class, as the
// library's "identifier-class" or "freeform-class" profile (no mapping, no
// normalization) decides them one at a time.
type classSet struct {
	p        *u8guard.Profile
	disallow Set
}

// Contains reports whether the class profile accepts r on its own and no
// restriction disallows it.
func (c classSet) Contains(r rune) bool {
	if c.p == nil || !utf8.ValidRune(r) {
		return false
	}
	if c.disallow != nil && c.disallow.Contains(r) {
		return false
	}
	_, err := c.p.Enforce(string(r))
	return err == nil
}

// Allowed returns the Set of code points that are members of the
// profile's string class (PVALID, and for FreeformClass ID_DIS or
// FREE_PVAL) and not disallowed by NewRestrictedProfile's set, as the
// library's class profile accepts each alone: a CONTEXTO code point whose
// rule holds alone (U+0660..U+0669, U+06F0..U+06F9) is a member, where
// x/text leaves out every contextual one.
func (p *Profile) Allowed() Set {
	name := p.class + "-class"
	var cp *u8guard.Profile
	if v, ok := classProfiles.Load(name); ok {
		cp = v.(*u8guard.Profile)
	} else if b, err := u8guard.Builtin(name); err == nil {
		classProfiles.Store(name, b)
		cp = b
	}
	return classSet{p: cp, disallow: p.disallow}
}

// NewRestrictedProfile returns a profile that applies parent and then
// rejects (ErrDisallowedRune) any result holding a code point of disallow;
// it replaces a restriction parent had.
func NewRestrictedProfile(parent *Profile, disallow Set) *Profile {
	p := *parent
	p.disallow = disallow
	return &p
}
