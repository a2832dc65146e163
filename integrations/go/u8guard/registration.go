// SPDX-License-Identifier: Apache-2.0

package u8guard

/*
#include "cgo_helpers.h"

// The identifiers of one account: name = data[0, ends[0]), others[i] =
// data[ends[i], ends[i + 1]). Builds the arrays the C API takes.
typedef struct u8g_account {
  const char **others;
  size_t *lens;
} u8g_account;

static int u8g_account_init(u8g_account *a, const char *data,
                            const size_t *ends, size_t other_count) {
  a->others = NULL;
  a->lens = NULL;
  if (other_count == 0) return 1;
  a->others = (const char **)malloc(other_count * sizeof(char *));
  a->lens = (size_t *)malloc(other_count * sizeof(size_t));
  if (a->others == NULL || a->lens == NULL) {
    free(a->others);
    free(a->lens);
    return 0;
  }
  for (size_t i = 0; i < other_count; i++) {
    a->others[i] = data + ends[i];
    a->lens[i] = ends[i + 1] - ends[i];
  }
  return 1;
}

// op: 0 decide, 1 register, 2 add.
static u8guard_status u8g_registry_call(u8guard_registry *r, int op,
                                        const char *data, const size_t *ends,
                                        size_t other_count,
                                        u8guard_registration **out,
                                        u8guard_error *e) {
  u8g_account a;
  if (!u8g_account_init(&a, data, ends, other_count)) {
    return U8GUARD_OUT_OF_MEMORY;
  }
  u8guard_status s;
  const char *const *others = (const char *const *)a.others;
  if (op == 0) {
    s = u8guard_registry_decide(r, data, ends[0], others, a.lens, other_count,
                                out, e);
  } else if (op == 1) {
    s = u8guard_registry_register(r, data, ends[0], others, a.lens,
                                  other_count, out, e);
  } else {
    s = u8guard_registry_add(r, data, ends[0], others, a.lens, other_count, e);
  }
  free(a.others);
  free(a.lens);
  return s;
}
*/
import "C"

import (
	"runtime"
	"strings"
	"sync"
	"unsafe"
)

// RegistrationPolicy is a registration policy: protected names, confusable
// exemptions, the highest restriction level, whether mixed numbers are
// refused (refuse_mixed_numbers, true by default). nil means the library's
// default policy everywhere one is taken. Immutable; safe for concurrent
// use.
type RegistrationPolicy struct {
	mu sync.RWMutex
	h  *C.u8guard_registration_policy
}

// LoadRegistrationPolicy reads a registration policy file (TOML; see
// docs/registration.md). Errors: InvalidArgument for a bad file (the
// message names the file, line and key), the file's read errors.
func LoadRegistrationPolicy(path string) (*RegistrationPolicy, error) {
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	var h *C.u8guard_registration_policy
	var e C.u8guard_error
	_, errno := C.u8guard_registration_policy_load(cpath, &h, &e)
	if e.status != C.U8GUARD_OK {
		return nil, newError(&e, errno)
	}
	p := &RegistrationPolicy{h: h}
	runtime.SetFinalizer(p, (*RegistrationPolicy).Close)
	return p, nil
}

// Close frees the policy after the calls in flight (registries keep their
// own copy); later uses fail with status Closed. Always nil.
func (p *RegistrationPolicy) Close() error {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.h != nil {
		C.u8guard_registration_policy_free(p.h)
		p.h = nil
	}
	runtime.SetFinalizer(p, nil)
	return nil
}

// acquire returns the handle (nil for the default policy) with the read
// lock held, and false when p was closed.
func (p *RegistrationPolicy) acquire() (*C.u8guard_registration_policy, bool) {
	if p == nil {
		return nil, true
	}
	p.mu.RLock()
	if p.h == nil {
		p.mu.RUnlock()
		return nil, false
	}
	return p.h, true
}

func (p *RegistrationPolicy) release() {
	if p != nil {
		p.mu.RUnlock()
	}
}

// Record is what to store for an accepted name.
type Record struct {
	// Enforced is the form to store and show; Key the comparison key.
	Enforced, Key string
	// LookalikeKeys are the name's look-alike keys (1 to 3; the key's
	// skeleton first): store each in a unique index.
	LookalikeKeys []string
	// RestrictionLevel is the name's UTS #39 level.
	RestrictionLevel RestrictionLevel
	// Scripts are the ISO 15924 codes of its scripts, e.g. ["Cyrl", "Latn"].
	Scripts []string
	// Display is "as_typed" or "escaped" (show it escaped).
	Display string
	// VersionTag names the library, ICU and Unicode versions that derived
	// it, e.g. "u8guard-0.1.0+icu-72.1+unicode-15.0": store it too.
	VersionTag string
}

// Decision is a registration decision.
type Decision struct {
	// Outcome is "accepted", "rejected" (by the profile), "protected_name",
	// "restriction_level", "collision", "lookalike", "cross_field_clash" or
	// "mixed_numbers" (digits of more than one decimal system).
	Outcome string
	// Record is the name's record when the profile accepted it.
	Record *Record
	// Rejection is, for "rejected", why the profile rejects the
	// identifier (Offset is into that identifier).
	Rejection *Rejected
	// Conflict is what the name clashes with, as registered, and SharedKey
	// the key or look-alike key they share ("" when none).
	Conflict, SharedKey string
	// Identifier says which identifier the outcome is about: 0 the name,
	// i+1 others[i].
	Identifier int
}

// RegistrationRecord is Record under the name the other surfaces give it
// (docs/vocabulary.md): the same type.
type RegistrationRecord = Record

// RegistrationDecision is Decision under the name the other surfaces give
// it: the same type.
type RegistrationDecision = Decision

// Accepted reports whether the outcome is "accepted".
func (d *Decision) Accepted() bool { return d.Outcome == "accepted" }

func decisionFrom(r *C.u8guard_registration) *Decision {
	d := &Decision{
		Outcome:    C.GoString(C.u8guard_registration_outcome_name(r.outcome)),
		Conflict:   gostr(r.conflict, r.conflict_len),
		SharedKey:  gostr(r.shared_key, r.shared_key_len),
		Identifier: int(r.identifier),
	}
	if r.has_record != 0 {
		rec := &Record{
			Enforced:         gostr(r.enforced, r.enforced_len),
			Key:              gostr(r.key, r.key_len),
			RestrictionLevel: RestrictionLevel(r.restriction_level),
			Display:          C.GoString(C.u8guard_display_safety_name(r.display)),
			VersionTag:       C.GoString(r.version_tag),
		}
		if scripts := C.GoString(r.scripts); scripts != "" {
			rec.Scripts = strings.Fields(scripts)
		}
		for i := 0; i < int(r.lookalike_key_count) && i < len(r.lookalike_keys); i++ {
			rec.LookalikeKeys = append(rec.LookalikeKeys, gostr(r.lookalike_keys[i], r.lookalike_key_lens[i]))
		}
		d.Record = rec
	}
	if r.outcome == C.U8GUARD_REGISTRATION_REJECTED {
		d.Rejection = &Rejected{Rule: ruleID(r.rule), RuleValue: int(r.rule), Source: "profile",
			Offset: int(r.offset), CodePoint: rune(r.code_point), Message: C.GoString(r.message)}
	}
	return d
}

// MakeRegistrationRecord returns the record of name under p and policy
// (nil: the default), or a *Rejected when p rejects the name.
func MakeRegistrationRecord(p *Profile, policy *RegistrationPolicy, name string) (*Record, error) {
	h := p.acquire()
	if h == nil {
		return nil, errClosed
	}
	defer p.release()
	ph, ok := policy.acquire()
	if !ok {
		return nil, errClosed
	}
	defer policy.release()
	var r *C.u8guard_registration
	var e C.u8guard_error
	C.u8guard_registration_record(h, ph, cstr(name), C.size_t(len(name)), &r, &e)
	runtime.KeepAlive(name)
	if e.status != C.U8GUARD_OK {
		return nil, newError(&e, nil)
	}
	defer C.u8guard_registration_free(r)
	return decisionFrom(r).Record, nil
}

// MakeRecord is MakeRegistrationRecord under its 0.x name: the same
// function, records and errors.
func MakeRecord(p *Profile, policy *RegistrationPolicy, name string) (*Record, error) {
	return MakeRegistrationRecord(p, policy, name)
}

// Registry holds the names (and other identifiers) of a service's
// accounts in memory and decides sign-ups against them. Safe for
// concurrent use: Decide runs in any number of goroutines at once; Add and
// Register take the registry's own lock, and Register decides and adds in
// one step, so two goroutines never both register clashing names.
type Registry struct {
	mu sync.RWMutex
	h  *C.u8guard_registry
}

// NewRegistry returns an empty registry under p and policy (nil: the
// default); it keeps its own copies of both.
func NewRegistry(p *Profile, policy *RegistrationPolicy) (*Registry, error) {
	return openRegistry(p, policy, "")
}

// LoadRegistry returns a registry of the names of an ACL-format file, one
// account each (names the profile rejects are skipped). Errors as
// LoadAllowList.
func LoadRegistry(p *Profile, policy *RegistrationPolicy, path string) (*Registry, error) {
	return openRegistry(p, policy, path)
}

func openRegistry(p *Profile, policy *RegistrationPolicy, path string) (*Registry, error) {
	h := p.acquire()
	if h == nil {
		return nil, errClosed
	}
	defer p.release()
	ph, ok := policy.acquire()
	if !ok {
		return nil, errClosed
	}
	defer policy.release()
	var r *C.u8guard_registry
	var e C.u8guard_error
	var errno error
	if path == "" {
		C.u8guard_registry_new(h, ph, &r, &e)
	} else {
		cpath := C.CString(path)
		defer C.free(unsafe.Pointer(cpath))
		_, errno = C.u8guard_registry_load(h, ph, cpath, &r, &e)
	}
	if e.status != C.U8GUARD_OK {
		return nil, newError(&e, errno)
	}
	reg := &Registry{h: r}
	runtime.SetFinalizer(reg, (*Registry).Close)
	return reg, nil
}

// Close frees the registry after the calls in flight; later calls fail
// with status Closed. Always nil.
func (r *Registry) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.h != nil {
		C.u8guard_registry_free(r.h)
		r.h = nil
	}
	runtime.SetFinalizer(r, nil)
	return nil
}

// Accounts returns the number of accounts; 0 once closed.
func (r *Registry) Accounts() int {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return int(C.u8guard_registry_accounts(r.h))
}

func (r *Registry) call(op C.int, name string, others []string) (*Decision, error) {
	data := make([]byte, 0, len(name)+1)
	data = append(data, name...)
	ends := make([]C.size_t, len(others)+1)
	ends[0] = C.size_t(len(data))
	for i, o := range others {
		data = append(data, o...)
		ends[i+1] = C.size_t(len(data))
	}
	data = append(data, 0)
	if op == 0 {
		r.mu.RLock()
		defer r.mu.RUnlock()
	} else {
		r.mu.Lock()
		defer r.mu.Unlock()
	}
	if r.h == nil {
		return nil, errClosed
	}
	var out *C.u8guard_registration
	var e C.u8guard_error
	C.u8g_registry_call(r.h, op, (*C.char)(unsafe.Pointer(&data[0])), &ends[0], C.size_t(len(others)), &out, &e)
	if e.status != C.U8GUARD_OK {
		return nil, newError(&e, nil)
	}
	if out == nil {
		return nil, nil
	}
	defer C.u8guard_registration_free(out)
	return decisionFrom(out), nil
}

// Decide decides whether the account (name, and other identifiers such as
// a display name or an e-mail's local part) may be added, without adding
// it. A refusal is a Decision, not an error (its Outcome says why); the
// error is for failures (status Internal, OutOfMemory, Closed).
func (r *Registry) Decide(name string, others ...string) (*Decision, error) {
	return r.call(0, name, others)
}

// Register is Decide, and adds the account when it is accepted, in one
// step under the registry's lock.
func (r *Registry) Register(name string, others ...string) (*Decision, error) {
	return r.call(1, name, others)
}

// Add adds an account as is, without deciding (an import of existing
// accounts). Errors: a *Rejected when the profile rejects one of the
// identifiers (nothing is added).
func (r *Registry) Add(name string, others ...string) error {
	_, err := r.call(2, name, others)
	return err
}
