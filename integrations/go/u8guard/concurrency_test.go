// SPDX-License-Identifier: Apache-2.0

package u8guard_test

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/u8guard/u8guard/integrations/go/u8guard"
)

// TestConcurrentUse runs 8 goroutines on one Profile, AllowList, DenyList
// and Registry (run it with -race), with Close racing the last calls: each
// call must give the answer one goroutine alone gives, or Closed.
func TestConcurrentUse(t *testing.T) {
	p, err := u8guard.OpenProfile("username-case-mapped", "")
	if err != nil {
		t.Fatal(err)
	}
	allow, _ := u8guard.NewAllowList(p, []string{"admin", "paypal", "mike"})
	deny, _ := u8guard.NewDenyList(p, []string{"admin", "paypal", "mike"})
	reg, _ := u8guard.NewRegistry(p, nil)
	names := []string{"Admin", "ＰＡＹＰＡＬ", "rnike", "x\u200b", "zoë", "p\u0430ypal"}
	type answer struct {
		key      string
		granted  bool
		resemble bool
	}
	want := map[string]answer{}
	for _, n := range names {
		k, _ := p.Key(n)
		_, g, _ := allow.Grants(n)
		_, r, _ := deny.Resembles(n)
		want[n] = answer{k, g, r}
	}
	const workers, rounds = 8, 300
	var wg sync.WaitGroup
	accepted := make([]int, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < rounds; i++ {
				n := names[(i+w)%len(names)]
				k, _ := p.Key(n)
				_, g, _ := allow.Grants(n)
				_, r, _ := deny.Resembles(n)
				if got := (answer{k, g, r}); got != want[n] {
					t.Errorf("%+q: %+v, alone %+v", n, got, want[n])
					return
				}
				keys, _ := p.Keys(names)
				if keys[0] != want[names[0]].key {
					t.Errorf("Keys: %q", keys[0])
					return
				}
				// Every goroutine tries to register the same 20 names:
				// each is accepted exactly once.
				d, err := reg.Register("user" + strconv.Itoa(i%20))
				if err != nil {
					t.Error(err)
					return
				}
				if d.Accepted() {
					accepted[w]++
				}
				reg.Decide("someone" + strconv.Itoa(i))
			}
		}(w)
	}
	wg.Wait()
	total := 0
	for _, n := range accepted {
		total += n
	}
	if total != 20 || reg.Accounts() != 20 {
		t.Errorf("%d registrations accepted, %d accounts; want 20", total, reg.Accounts())
	}
	// Close while others call: they get an answer or Closed, never a crash.
	var wg2 sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			for i := 0; i < 200; i++ {
				p.Key("admin")
				allow.Grants("admin")
				deny.Resembles("admin")
				reg.Decide("admin")
			}
		}()
	}
	p.Close()
	allow.Close()
	deny.Close()
	reg.Close()
	wg2.Wait()
}

// TestFinalizers drops objects without Close: the finalizers free them
// (a leak of their C memory would show in TestNoLeak's resident size).
func TestFinalizers(t *testing.T) {
	for i := 0; i < 200; i++ {
		p, err := u8guard.OpenProfile("nickname", "")
		if err != nil {
			t.Fatal(err)
		}
		a, _ := u8guard.NewAllowList(p, []string{"a", "b"})
		r, _ := u8guard.NewRegistry(p, nil)
		_ = a
		_ = r
	}
	runtime.GC()
	runtime.GC()
}

// residentKiB reads the resident set size from /proc/self/statm.
func residentKiB(t *testing.T) int {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skip("no /proc/self/statm")
	}
	fields := strings.Fields(string(data))
	pages, _ := strconv.Atoi(fields[1])
	return pages * os.Getpagesize() / 1024
}

// TestNoLeak makes a million calls into the library (keys, rejections,
// look-ups, decisions, objects made and freed) and measures the resident
// size: after a warm-up it must not grow by more than 8 MiB.
func TestNoLeak(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("a million calls: not under -short or -race")
	}
	user, _ := u8guard.Builtin("username-case-mapped")
	allow, _ := u8guard.NewAllowList(user, []string{"admin", "paypal"})
	deny, _ := u8guard.NewDenyList(user, []string{"admin", "paypal"})
	reg, _ := u8guard.NewRegistry(user, nil)
	inputs := []string{"Admin", "jürgen\u200b", "p\u0430ypal", "\xff", "ünïcödé"}
	round := func(n int) {
		for i := 0; i < n; i++ {
			s := inputs[i%len(inputs)]
			switch i % 8 {
			case 0, 1:
				user.Key(s)
			case 2:
				allow.Grants(s)
			case 3:
				deny.Resembles(s)
			case 4:
				reg.Decide(s)
			case 5:
				user.LookalikeKeys(s)
			case 6:
				u8guard.SanitizePath(s+"/x", nil)
			case 7:
				if i%1000 == 7 {
					p, _ := u8guard.OpenProfile("nickname", "")
					p.Close()
				} else {
					user.Keys(inputs)
				}
			}
		}
	}
	round(200000)
	runtime.GC()
	before := residentKiB(t)
	round(1000000)
	runtime.GC()
	after := residentKiB(t)
	t.Logf("resident size: %d KiB after the warm-up, %d KiB after 1,000,000 more calls", before, after)
	if after-before > 8*1024 {
		t.Errorf("resident size grew by %d KiB over a million calls", after-before)
	}
}
