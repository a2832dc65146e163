// SPDX-License-Identifier: Apache-2.0

package precis

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/u8guard/u8guard/integrations/go/u8guard"
)

// An Option sets one rule of a profile made by NewIdentifier or
// NewFreeform. The library applies the rules: an Option only writes the
// profile's policy.
type Option func(*options)

type options struct {
	foldWidth     bool
	ignoreCase    bool
	caseMapping   string
	norm          NormForm
	bidiRule      bool
	disallowEmpty bool
	disallow      Set
}

var (
	// IgnoreCase makes the comparison key lower-case (CompareKey, Compare).
	IgnoreCase Option = func(o *options) { o.ignoreCase = true }
	// FoldWidth maps fullwidth and halfwidth characters to their
	// decomposition (both the enforced form and the key; x/text folds the
	// key's width under IgnoreCase too).
	FoldWidth Option = func(o *options) { o.foldWidth = true }
	// DisallowEmpty rejects an empty result (ErrEmptyString).
	DisallowEmpty Option = func(o *options) { o.disallowEmpty = true }
	// BidiRule applies the Bidi Rule of RFC 5893 (ErrBidiRule).
	BidiRule Option = func(o *options) { o.bidiRule = true }
)

// NormForm is a Unicode normalization form for Norm (x/text takes a
// norm.Form).
type NormForm int

// The normalization forms.
const (
	NFC NormForm = iota
	NFD
	NFKC
	NFKD
)

var normNames = [...]string{"NFC", "NFD", "NFKC", "NFKD"}

// Norm sets the profile's normalization form (NFC by default). A value
// other than NFC, NFD, NFKC and NFKD makes every call fail.
func Norm(f NormForm) Option { return func(o *options) { o.norm = f } }

// FoldCase sets the case mapping to full case folding (x/text's takes
// cases.Options; this one takes none).
func FoldCase() Option { return func(o *options) { o.caseMapping = "fold" } }

// LowerCase sets the case mapping to lower-casing (x/text's takes
// cases.Options; this one takes none).
func LowerCase() Option { return func(o *options) { o.caseMapping = "lower" } }

// Disallow rejects (ErrDisallowedRune) any result that holds a code point
// of set, beyond what the string class disallows.
func Disallow(set Set) Option { return func(o *options) { o.disallow = set } }

// NewIdentifier returns a profile of the IdentifierClass (RFC 8264 section
// 4.2) with the options' rules; errors opening it are returned by every
// call of the profile.
func NewIdentifier(opts ...Option) *Profile { return newProfile("identifier", opts) }

// NewFreeform returns a profile of the FreeformClass (RFC 8264 section
// 4.3) with the options' rules, as NewIdentifier.
func NewFreeform(opts ...Option) *Profile { return newProfile("freeform", opts) }

var madeProfiles sync.Map // policy text -> *u8guard.Profile

func newProfile(class string, opts []Option) *Profile {
	o := options{caseMapping: "none"}
	for _, opt := range opts {
		opt(&o)
	}
	p := &Profile{class: class, disallow: o.disallow}
	if o.norm < 0 || int(o.norm) >= len(normNames) {
		p.err = fmt.Errorf("precis: unknown normalization form %d", o.norm)
		return p
	}
	keyCase := o.caseMapping
	if o.ignoreCase && keyCase == "none" {
		keyCase = "lower"
	}
	minOut := 0
	if o.disallowEmpty {
		minOut = 1
	}
	dir := "none"
	if o.bidiRule {
		dir = "bidi_rule"
	}
	policy := fmt.Sprintf(`name = "go-precis-%s"
description = "made by the Go precis package"
bom = "literal"
string_class = %q
width_mapping = %t
additional_mapping = "none"
case_mapping = %q
key_case_mapping = %q
normalization = %q
directionality = %q
max_input_bytes = 65536
min_output_bytes = %d
max_output_bytes = 262144
max_output_code_points = 262144
`, class, class, o.foldWidth, o.caseMapping, keyCase, normNames[o.norm], dir, minOut)
	if v, ok := madeProfiles.Load(policy); ok {
		p.p = v.(*u8guard.Profile)
		return p
	}
	lib, err := openPolicy(policy)
	if err != nil {
		p.err = err
		return p
	}
	v, _ := madeProfiles.LoadOrStore(policy, lib)
	p.p = v.(*u8guard.Profile)
	return p
}

// openPolicy opens a profile from policy text, through a temporary file
// (the C API opens policy files).
func openPolicy(policy string) (*u8guard.Profile, error) {
	dir, err := os.MkdirTemp("", "u8guard-precis-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "profile.toml")
	if err := os.WriteFile(path, []byte(policy), 0o600); err != nil {
		return nil, err
	}
	return u8guard.OpenProfileFile(path)
}
