// SPDX-License-Identifier: Apache-2.0

package u8guard

/*
#include "cgo_helpers.h"
*/
import "C"

import (
	"runtime"
	"strings"
	"unsafe"
)

// NameRecord returns the record of name (any bytes) under p and policy
// (nil: the default) as one JSON object without a newline ("name" or
// "name_hex", "profile", "valid", "key" and "lookalike_keys" or "rule",
// "version_tag"), derived with the versions running now: what to keep
// before an upgrade of ICU (docs/upgrading.md). A name the profile rejects
// has a record too ("valid": false).
func NameRecord(p *Profile, policy *RegistrationPolicy, name string) (string, error) {
	h := p.acquire()
	if h == nil {
		return "", errClosed
	}
	defer p.release()
	ph, ok := policy.acquire()
	if !ok {
		return "", errClosed
	}
	defer policy.release()
	capacity := 4*len(name) + 256
	for {
		buf := make([]byte, capacity)
		var n C.size_t
		var e C.u8guard_error
		C.u8guard_name_record(h, ph, cstr(name), C.size_t(len(name)), (*C.char)(unsafe.Pointer(&buf[0])), C.size_t(capacity), &n, &e)
		runtime.KeepAlive(name)
		switch e.status {
		case C.U8GUARD_OK:
			return string(buf[:n]), nil
		case C.U8GUARD_BUFFER_TOO_SMALL:
			capacity = int(n) + 1
			continue
		}
		return "", newError(&e, nil)
	}
}

// ExportRecords returns the records of names as JSON Lines (one
// NameRecord per line, each ending in "\n"), for VerifyRecords after an
// upgrade.
func ExportRecords(p *Profile, policy *RegistrationPolicy, names []string) (string, error) {
	var b strings.Builder
	for _, name := range names {
		r, err := NameRecord(p, policy, name)
		if err != nil {
			return "", err
		}
		b.WriteString(r)
		b.WriteByte('\n')
	}
	return b.String(), nil
}

// RecordChange is one change a verification finds.
type RecordChange struct {
	// Kind is "key_changed", "lookalike_keys_changed", "now_rejected",
	// "now_accepted", "new_collision" or "new_lookalike".
	Kind string
	// Line is the 1-based line of the record it is about (for pairs, the
	// later one), Name its name.
	Line int
	Name string
	// OldKey is the stored key, NewKey the key now ("" where the name is
	// or was rejected).
	OldKey, NewKey string
	// OldLookalikeKeys and NewLookalikeKeys, when the key or look-alike
	// keys changed.
	OldLookalikeKeys, NewLookalikeKeys []string
	// Rule is, for "now_rejected", the rule's id.
	Rule string
	// OtherLine, OtherName and OtherOldKey are, for pairs, the earlier
	// record: the first in the file with the key now, the only one
	// compared (a record that shared a key with it before is compared with
	// no other record of the key: Verification.Groups has those pairs);
	// SharedKey the key or look-alike key they share now.
	OtherLine                         int
	OtherName, OtherOldKey, SharedKey string
}

// RecordGroupMember is one name of a RecordGroup: what it gives now and
// what its record held.
type RecordGroupMember struct {
	// Line is its 1-based line in the records, Name its name (any bytes).
	Line int
	Name string
	// NewKey is its key now (for a "collision_group", the group's key).
	NewKey string
	// WasValid says whether the profile accepted it in the records; then
	// OldKey and OldLookalikeKeys (sorted, each once) are what they held,
	// else "" and nil.
	WasValid         bool
	OldKey           string
	OldLookalikeKeys []string
	// NewToGroup says whether its record lacked the group's key (it was
	// rejected, or had another key, or look-alike keys without the
	// group's); NewPartners is how many other members it makes a new pair
	// with.
	NewToGroup  bool
	NewPartners int
}

// RecordGroup is every name that has one key ("collision_group") or one
// look-alike key ("lookalike_group") now, reported when two of its members
// {a, b} are a new pair:
//
//   - collision_group: not (a.WasValid && b.WasValid && a.OldKey ==
//     b.OldKey);
//   - lookalike_group: a.NewKey != b.NewKey && not (a.WasValid &&
//     b.WasValid && (a.OldKey == b.OldKey || a and b have an
//     OldLookalikeKeys element in common)).
//
// Every pair of names that now has one key and did not in the records is a
// new pair of exactly one collision group; every pair with two keys now
// that shares a look-alike key and did not look alike in the records, of
// each look-alike group of a key the two share; no other pair is. So the
// new pairs derive from the groups alone (docs/upgrading.md).
type RecordGroup struct {
	// Kind is "collision_group" or "lookalike_group".
	Kind string
	// Key is the key, or look-alike key, that the members have now.
	Key string
	// Members is every record valid now that has Key, in file order (2 or
	// more).
	Members []RecordGroupMember
	// NewPairs is the number of new pairs (1 or more).
	NewPairs int
}

// RecordVerification is Verification under the name the other surfaces
// give it (docs/vocabulary.md): the same type.
type RecordVerification = Verification

// Verification is the result of VerifyRecords: empty Changes mean the
// upgrade changes nothing for these names.
type Verification struct {
	// Records read, names the profile accepts now, names with a change of
	// their own.
	Records, Valid, ChangedNames int
	// Changes, per record in file order. The "new_collision" and
	// "new_lookalike" changes are a summary that can leave pairs out.
	Changes []RecordChange
	// Groups is every RecordGroup with a new pair, from which every new
	// pair derives: the collision groups, then the look-alike groups, each
	// in the order of its first member's line.
	Groups []RecordGroup
	// NewCollisionPairs and NewLookalikePairs are the new pairs of the
	// collision groups and of the look-alike groups (a pair that shares
	// two look-alike keys is counted in each group).
	NewCollisionPairs, NewLookalikePairs int
}

func keys(ps *[C.U8GUARD_MAX_LOOKALIKE_SKELETONS]*C.char, ls *[C.U8GUARD_MAX_LOOKALIKE_SKELETONS]C.size_t, n C.size_t) []string {
	var out []string
	for i := 0; i < int(n) && i < len(ps); i++ {
		out = append(out, gostr(ps[i], ls[i]))
	}
	return out
}

// VerifyRecords derives every name of records (JSON Lines of NameRecord;
// blank lines skipped) again under p and policy with the versions running
// now, and returns every name whose key or look-alike keys changed, that
// is now rejected or now accepted, the pair summary ("new_collision",
// "new_lookalike": each later record against the first one with the key,
// which can leave pairs out), and the groups, from which every pair that
// now collides or looks alike and did not in the records derives. Errors: InvalidArgument for a malformed record (the message
// names its line and column) or a record of another profile.
func VerifyRecords(p *Profile, policy *RegistrationPolicy, records []byte) (*Verification, error) {
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
	var v *C.u8guard_record_verification
	var e C.u8guard_error
	C.u8guard_records_verify(h, ph, cbytes(records), C.size_t(len(records)), &v, &e)
	runtime.KeepAlive(records)
	if e.status != C.U8GUARD_OK {
		return nil, newError(&e, nil)
	}
	defer C.u8guard_record_verification_free(v)
	out := &Verification{
		Records:      int(C.u8guard_record_verification_records(v)),
		Valid:        int(C.u8guard_record_verification_valid(v)),
		ChangedNames: int(C.u8guard_record_verification_changed_names(v)),
	}
	n := int(C.u8guard_record_verification_change_count(v))
	out.Changes = make([]RecordChange, n)
	for i := range out.Changes {
		var c C.u8guard_record_change
		C.u8guard_record_verification_change(v, C.size_t(i), &c)
		out.Changes[i] = RecordChange{
			Kind:             C.GoString(C.u8guard_record_change_kind_name(c.kind)),
			Line:             int(c.line),
			Name:             gostr(c.name, c.name_len),
			OldKey:           gostr(c.old_key, c.old_key_len),
			NewKey:           gostr(c.new_key, c.new_key_len),
			OldLookalikeKeys: keys(&c.old_lookalike_keys, &c.old_lookalike_key_lens, c.old_lookalike_key_count),
			NewLookalikeKeys: keys(&c.new_lookalike_keys, &c.new_lookalike_key_lens, c.new_lookalike_key_count),
			Rule:             C.GoString(c.rule),
			OtherLine:        int(c.other_line),
			OtherName:        gostr(c.other_name, c.other_name_len),
			OtherOldKey:      gostr(c.other_old_key, c.other_old_key_len),
			SharedKey:        gostr(c.shared_key, c.shared_key_len),
		}
	}
	out.NewCollisionPairs = int(C.u8guard_record_verification_new_collision_pairs(v))
	out.NewLookalikePairs = int(C.u8guard_record_verification_new_lookalike_pairs(v))
	out.Groups = make([]RecordGroup, int(C.u8guard_record_verification_group_count(v)))
	for i := range out.Groups {
		var g C.u8guard_record_group
		C.u8guard_record_verification_group(v, C.size_t(i), &g)
		group := RecordGroup{
			Kind:     C.GoString(C.u8guard_record_group_kind_name(g.kind)),
			Key:      gostr(g.key, g.key_len),
			Members:  make([]RecordGroupMember, int(g.member_count)),
			NewPairs: int(g.new_pairs),
		}
		for j := range group.Members {
			var m C.u8guard_record_group_member
			C.u8guard_record_verification_group_member(v, C.size_t(i), C.size_t(j), &m)
			group.Members[j] = RecordGroupMember{
				Line:             int(m.line),
				Name:             gostr(m.name, m.name_len),
				NewKey:           gostr(m.new_key, m.new_key_len),
				WasValid:         m.was_valid != 0,
				OldKey:           gostr(m.old_key, m.old_key_len),
				OldLookalikeKeys: keys(&m.old_lookalike_keys, &m.old_lookalike_key_lens, m.old_lookalike_key_count),
				NewToGroup:       m.new_to_group != 0,
				NewPartners:      int(m.new_partners),
			}
		}
		out.Groups[i] = group
	}
	return out, nil
}
