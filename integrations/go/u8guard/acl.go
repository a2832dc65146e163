// SPDX-License-Identifier: Apache-2.0

package u8guard

/*
#include "cgo_helpers.h"

static u8guard_status u8g_allow_new(const u8guard_profile *p, const char *data,
                                    const size_t *ends, size_t count, int deny,
                                    void **out, u8guard_error *e) {
  const char **entries = NULL;
  size_t *lengths = NULL;
  if (count > 0) {
    entries = (const char **)malloc(count * sizeof(char *));
    lengths = (size_t *)malloc(count * sizeof(size_t));
    if (entries == NULL || lengths == NULL) {
      free(entries);
      free(lengths);
      return U8GUARD_OUT_OF_MEMORY;
    }
    for (size_t i = 0; i < count; i++) {
      size_t begin = i == 0 ? 0 : ends[i - 1];
      entries[i] = data + begin;
      lengths[i] = ends[i] - begin;
    }
  }
  u8guard_status s;
  if (deny) {
    s = u8guard_deny_list_new(p, entries, lengths, count,
                              (u8guard_deny_list **)out, e);
  } else {
    s = u8guard_allow_list_new(p, entries, lengths, count,
                               (u8guard_allow_list **)out, e);
  }
  free(entries);
  free(lengths);
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

// Match is the entry a lookup matched.
type Match struct {
	// Index is the entry's position among all entries (0-based; comments
	// and blank lines are not entries, invalid entries are).
	Index int
	// Line is the 1-based line in the ACL file; 0 for a list built from
	// strings.
	Line int
	// Original is the entry as written.
	Original string
	// Key is its key under the list's profile.
	Key string
}

// AclEntry is Match under the name the other surfaces give it
// (docs/vocabulary.md): the same type.
type AclEntry = Match

func matchFrom(m *C.u8guard_acl_match) Match {
	return Match{Index: int(m.index), Line: int(m.line),
		Original: gostr(m.original, m.original_len), Key: gostr(m.key, m.key_len)}
}

// list is what AllowList and DenyList share: a handle, its lock and its
// finalizer.
type list struct {
	mu   sync.RWMutex
	h    unsafe.Pointer // *C.u8guard_allow_list or *C.u8guard_deny_list
	deny bool
}

func (l *list) free() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.h == nil {
		return
	}
	if l.deny {
		C.u8guard_deny_list_free((*C.u8guard_deny_list)(l.h))
	} else {
		C.u8guard_allow_list_free((*C.u8guard_allow_list)(l.h))
	}
	l.h = nil
}

// AllowList grants access only on exact equality of keys under its
// profile. Immutable; safe for concurrent use.
type AllowList struct{ l list }

// DenyList finds the entries a credential looks like (UTS #39 look-alike
// keys): "pаypal" with a Cyrillic "а" resembles "paypal". Never use it to
// grant. Immutable; safe for concurrent use.
type DenyList struct{ l list }

func loadList(p *Profile, path string, deny bool) (unsafe.Pointer, error) {
	h := p.acquire()
	if h == nil {
		return nil, errClosed
	}
	defer p.release()
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	var e C.u8guard_error
	var out unsafe.Pointer
	var errno error
	if deny {
		var d *C.u8guard_deny_list
		_, errno = C.u8guard_deny_list_load(h, cpath, &d, &e)
		out = unsafe.Pointer(d)
	} else {
		var a *C.u8guard_allow_list
		_, errno = C.u8guard_allow_list_load(h, cpath, &a, &e)
		out = unsafe.Pointer(a)
	}
	if e.status != C.U8GUARD_OK {
		return nil, newError(&e, errno)
	}
	return out, nil
}

func newList(p *Profile, entries []string, deny bool) (unsafe.Pointer, error) {
	h := p.acquire()
	if h == nil {
		return nil, errClosed
	}
	defer p.release()
	var data []byte
	ends := make([]C.size_t, len(entries)+1)
	for i, s := range entries {
		data = append(data, s...)
		ends[i] = C.size_t(len(data))
	}
	data = append(data, 0)
	d := C.int(0)
	if deny {
		d = 1
	}
	var out unsafe.Pointer
	var e C.u8guard_error
	C.u8g_allow_new(h, (*C.char)(unsafe.Pointer(&data[0])), &ends[0], C.size_t(len(entries)), d, &out, &e)
	if e.status != C.U8GUARD_OK {
		return nil, newError(&e, nil)
	}
	return out, nil
}

// LoadAllowList builds an allow list from the ACL file at path (one entry
// per line; blank lines and lines starting with '#' skipped; a leading
// EF BB BF removed), each entry's key under p (the list keeps its own
// copy of p). Errors: the file's read errors (NotFound, PermissionDenied,
// IOError, wrapping the errno), LimitExceeded.
func LoadAllowList(p *Profile, path string) (*AllowList, error) {
	h, err := loadList(p, path, false)
	if err != nil {
		return nil, err
	}
	a := &AllowList{list{h: h}}
	runtime.SetFinalizer(a, (*AllowList).Close)
	return a, nil
}

// NewAllowList builds an allow list from entries, each one entry as is (no
// comments). Entries p rejects match nothing (see Audit).
func NewAllowList(p *Profile, entries []string) (*AllowList, error) {
	h, err := newList(p, entries, false)
	if err != nil {
		return nil, err
	}
	a := &AllowList{list{h: h}}
	runtime.SetFinalizer(a, (*AllowList).Close)
	return a, nil
}

// LoadDenyList is LoadAllowList for a deny list.
func LoadDenyList(p *Profile, path string) (*DenyList, error) {
	h, err := loadList(p, path, true)
	if err != nil {
		return nil, err
	}
	d := &DenyList{list{h: h, deny: true}}
	runtime.SetFinalizer(d, (*DenyList).Close)
	return d, nil
}

// NewDenyList is NewAllowList for a deny list.
func NewDenyList(p *Profile, entries []string) (*DenyList, error) {
	h, err := newList(p, entries, true)
	if err != nil {
		return nil, err
	}
	d := &DenyList{list{h: h, deny: true}}
	runtime.SetFinalizer(d, (*DenyList).Close)
	return d, nil
}

// Close frees the list after the calls in flight; later lookups fail
// with status Closed. Always nil.
func (a *AllowList) Close() error {
	a.l.free()
	runtime.SetFinalizer(a, nil)
	return nil
}

// Close frees the list after the calls in flight; later lookups fail
// with status Closed. Always nil.
func (d *DenyList) Close() error {
	d.l.free()
	runtime.SetFinalizer(d, nil)
	return nil
}

// Len returns the number of valid entries (those that can match); 0 once
// closed.
func (a *AllowList) Len() int {
	a.l.mu.RLock()
	defer a.l.mu.RUnlock()
	return int(C.u8guard_allow_list_size((*C.u8guard_allow_list)(a.l.h)))
}

// Len returns the number of valid entries; 0 once closed.
func (d *DenyList) Len() int {
	d.l.mu.RLock()
	defer d.l.mu.RUnlock()
	return int(C.u8guard_deny_list_size((*C.u8guard_deny_list)(d.l.h)))
}

func (l *list) lookup(credential string) (Match, bool, error) {
	l.mu.RLock()
	defer l.mu.RUnlock()
	if l.h == nil {
		return Match{}, false, errClosed
	}
	var m C.u8guard_acl_match
	var e C.u8guard_error
	if l.deny {
		C.u8guard_deny_list_resembles((*C.u8guard_deny_list)(l.h), cstr(credential), C.size_t(len(credential)), &m, &e)
	} else {
		C.u8guard_allow_list_grants((*C.u8guard_allow_list)(l.h), cstr(credential), C.size_t(len(credential)), &m, &e)
	}
	runtime.KeepAlive(credential)
	switch e.status {
	case C.U8GUARD_OK:
		return matchFrom(&m), true, nil
	case C.U8GUARD_NO_MATCH:
		return Match{}, false, nil
	}
	return Match{}, false, newError(&e, nil)
}

// Grants looks for an entry whose key equals the credential's. It returns
// the first such entry and true; false and a nil error when there is none;
// false and a *Rejected when the profile rejects the credential (it
// matches nothing). Only true grants.
func (a *AllowList) Grants(credential string) (Match, bool, error) {
	return a.l.lookup(credential)
}

// Resembles looks for the first entry that looks like the credential (they
// share a look-alike key; an exact match is also a resemblance). Results
// as Grants; a resemblance is a reason to refuse or review, never to
// grant.
func (d *DenyList) Resembles(credential string) (Match, bool, error) {
	return d.l.lookup(credential)
}

// Finding is one finding of an audit.
type Finding struct {
	// Kind is "file_signature", "bom", "invalid", "collision", "lookalike",
	// "mixed_script" or "mixed_numbers".
	Kind string
	// Entry is the entry it is about (for collisions and look-alikes, the
	// later one).
	Entry Match
	// Other is, for collisions and look-alikes, the first entry it
	// collides with or resembles.
	Other Match
	// Skeleton is, for look-alikes, the shared look-alike key.
	Skeleton string
	// Rejection is, for invalid entries, why the profile rejects it.
	Rejection *Rejected
	// OriginalSize is the whole entry's length in bytes (Entry.Original
	// holds its first 1,024 bytes for a longer invalid entry).
	OriginalSize int
	// RestrictionLevel is, for mixed-script entries, the entry's level.
	RestrictionLevel RestrictionLevel
}

// AclFinding is Finding under the name the other surfaces give it: the
// same type.
type AclFinding = Finding

// AclAudit is Audit under the name the other surfaces give it: the same
// type.
type AclAudit = Audit

// Audit is the result of auditing a list.
type Audit struct {
	// Entries and ValidEntries count the list's entries, valid or not,
	// and its valid ones.
	Entries, ValidEntries int
	// Findings, per entry in list order: the file signature, BOMs, invalid
	// entries, collisions, look-alikes, restriction levels looser than
	// asked.
	Findings []Finding
}

func (l *list) audit(max RestrictionLevel) (*Audit, error) {
	l.mu.RLock()
	defer l.mu.RUnlock()
	if l.h == nil {
		return nil, errClosed
	}
	var a *C.u8guard_acl_audit
	var e C.u8guard_error
	if l.deny {
		C.u8guard_deny_list_audit((*C.u8guard_deny_list)(l.h), C.int32_t(max), &a, &e)
	} else {
		C.u8guard_allow_list_audit((*C.u8guard_allow_list)(l.h), C.int32_t(max), &a, &e)
	}
	if e.status != C.U8GUARD_OK {
		return nil, newError(&e, nil)
	}
	return auditOf(a), nil
}

// auditOf converts and frees the C audit a.
func auditOf(a *C.u8guard_acl_audit) *Audit {
	defer C.u8guard_acl_audit_free(a)
	out := &Audit{Entries: int(C.u8guard_acl_audit_entries(a)), ValidEntries: int(C.u8guard_acl_audit_valid_entries(a))}
	n := int(C.u8guard_acl_audit_finding_count(a))
	out.Findings = make([]Finding, n)
	for i := range out.Findings {
		var f C.u8guard_acl_finding
		C.u8guard_acl_audit_finding(a, C.size_t(i), &f)
		g := Finding{
			Kind:             C.GoString(C.u8guard_acl_finding_kind_name(f.kind)),
			Entry:            Match{Index: int(f.index), Line: int(f.line), Original: gostr(f.original, f.original_len), Key: gostr(f.key, f.key_len)},
			Skeleton:         gostr(f.skeleton, f.skeleton_len),
			OriginalSize:     int(C.u8guard_acl_audit_finding_original_size(a, C.size_t(i))),
			RestrictionLevel: RestrictionLevel(f.restriction_level),
		}
		if f.kind == C.U8GUARD_FINDING_COLLISION || f.kind == C.U8GUARD_FINDING_LOOKALIKE {
			g.Other = Match{Index: int(f.other_index), Line: int(f.other_line), Original: gostr(f.other_original, f.other_original_len), Key: gostr(f.other_key, f.other_key_len)}
		}
		if f.rejection_rule != 0 {
			g.Rejection = &Rejected{Rule: ruleID(f.rejection_rule), RuleValue: int(f.rejection_rule), Source: "profile",
				Offset: int(f.rejection_offset), CodePoint: rune(f.rejection_code_point), Message: C.GoString(f.rejection_message)}
		}
		out.Findings[i] = g
	}
	return out
}

// AuditFile audits the ACL file at path under p as
// LoadAllowList(p, path) then Audit(max) would (the same findings in the
// same order), in about memoryBudget bytes of memory for its tables
// whatever the file's size (0: 64 MiB): the file is read in pieces, its
// entries sorted by key and by look-alike skeleton in temporary files in
// tempDir ("": $TMPDIR, else /tmp; nameless, mode 0600, gone when it
// returns). Errors: NotFound, PermissionDenied, IOError for the file;
// LimitExceeded for a full disk or a line longer than
// max(memoryBudget/8, 1 MiB); InvalidArgument for a level out of range or
// a path or tempDir holding a NUL byte.
func AuditFile(p *Profile, path string, max RestrictionLevel, memoryBudget uint64, tempDir string) (*Audit, error) {
	if strings.IndexByte(path, 0) >= 0 || strings.IndexByte(tempDir, 0) >= 0 {
		return nil, &Error{Status: InvalidArgument, Message: "a path holds a NUL byte"}
	}
	h := p.acquire()
	if h == nil {
		return nil, errClosed
	}
	defer p.release()
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	var ctemp *C.char
	if tempDir != "" {
		ctemp = C.CString(tempDir)
		defer C.free(unsafe.Pointer(ctemp))
	}
	var a *C.u8guard_acl_audit
	var e C.u8guard_error
	_, errno := C.u8guard_acl_audit_file(h, cpath, C.int32_t(max), C.size_t(memoryBudget), ctemp, &a, &e)
	if e.status != C.U8GUARD_OK {
		return nil, newError(&e, errno)
	}
	return auditOf(a), nil
}

// Audit checks the list: the file signature, entries that begin with a
// BOM, invalid entries, collisions (one key), look-alikes (one look-alike
// key, different keys) and entries whose restriction level is looser than
// max (SingleScriptRestrictive reports every entry that mixes scripts).
// Errors: InvalidArgument for a level out of range.
func (a *AllowList) Audit(max RestrictionLevel) (*Audit, error) { return a.l.audit(max) }

// Audit is AllowList.Audit for a deny list.
func (d *DenyList) Audit(max RestrictionLevel) (*Audit, error) { return d.l.audit(max) }
