package edge

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestClientLimiter: each client has its own allowance; a token given
// back counts no more; past the allowance the wait until the next token
// is told; a nil limiter limits nothing.
func TestClientLimiter(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 29, 21, 0, 0, 0, time.UTC)
	l := NewClientLimiter(2, 2, MaxClients)
	l.now = func() time.Time { return now }
	for i := range 2 {
		if cancel, wait := l.Reserve("a"); cancel == nil {
			t.Fatalf("try %d of a: refused (wait %v) within its burst of 2", i+1, wait)
		}
	}
	if cancel, wait := l.Reserve("a"); cancel != nil || wait != 30*time.Second {
		t.Errorf("third try of a: let in %v, wait %v; want refused, 30s (2 a minute)", cancel != nil, wait)
	}
	cancel, _ := l.Reserve("b")
	if cancel == nil {
		t.Fatal("b refused: a's tries counted for it")
	}
	// The token is given back a moment after it was taken, as a handler
	// does once it knows the request created nothing.
	now = now.Add(50 * time.Millisecond)
	cancel()
	for i := range 2 {
		if c, _ := l.Reserve("b"); c == nil {
			t.Errorf("b's try %d after giving one back: refused", i+1)
		}
	}
	if got := l.PerMinute(); got != 2 {
		t.Errorf("PerMinute %d, want 2", got)
	}
	var none *ClientLimiter = NewClientLimiter(-1, 0, 0)
	if none != nil {
		t.Fatal("NewClientLimiter(-1, …) is a limiter, want nil: no limit")
	}
	if c, wait := none.Reserve("a"); c == nil || wait != 0 || none.PerMinute() != 0 {
		t.Errorf("nil limiter: refused or waits (%v)", wait)
	}
}

// TestBucketsForgetIdleClients: when the map is full, clients idle long
// enough to have their burst back go first, else the one seen longest
// ago.
func TestBucketsForgetIdleClients(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 11, 29, 21, 0, 0, 0, time.UTC)
	bs := NewBuckets(60, 1, 2) // a token a second: idle 1 s is full again
	bs.Get("old", t0)
	bs.Get("busy", t0.Add(1500*time.Millisecond))
	bs.Get("new", t0.Add(1600*time.Millisecond)) // "old" idle 1.6 s: forgotten
	if bs.Knows("old") || !bs.Knows("busy") || !bs.Knows("new") {
		t.Errorf("after one idle client: old %v busy %v new %v; want old forgotten", bs.Knows("old"), bs.Knows("busy"), bs.Knows("new"))
	}
	bs.Get("newest", t0.Add(1700*time.Millisecond)) // none idle: the oldest, "busy", goes
	if bs.Knows("busy") || !bs.Knows("new") || !bs.Knows("newest") {
		t.Errorf("with none idle: busy %v new %v newest %v; want busy forgotten", bs.Knows("busy"), bs.Knows("new"), bs.Knows("newest"))
	}
}

// TestClientKey: an IPv4 client is its address, an IPv6 one its /64,
// and the port never counts.
func TestClientKey(t *testing.T) {
	t.Parallel()
	for remote, want := range map[string]string{
		"203.0.113.7:5124":           "203.0.113.7",
		"[2001:db8:1:2:aaaa::1]:443": "2001:db8:1:2::/64",
		"[2001:db8:1:2:bbbb::9]:80":  "2001:db8:1:2::/64",
		"[::ffff:203.0.113.7]:80":    "203.0.113.7",
		"not an address":             "not an address",
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = remote
		if got := ClientKey(r); got != want {
			t.Errorf("ClientKey from %q = %q, want %q", remote, got, want)
		}
	}
}

// TestVolume: n at once within the hour's bound, then a wait; more than
// the bound at once waits an hour.
func TestVolume(t *testing.T) {
	t.Parallel()
	v := NewVolume(10)
	if wait := v.Take(6); wait != 0 {
		t.Fatalf("6 of 10: wait %v", wait)
	}
	if wait := v.Take(6); wait <= 0 {
		t.Errorf("12 of 10: no wait")
	}
	if _, wait := v.Reserve(11); wait != time.Hour {
		t.Errorf("11 at once with a bound of 10: wait %v, want an hour", wait)
	}
	cancel, wait := v.Reserve(4)
	if cancel == nil {
		t.Fatalf("the last 4 of 10 refused (wait %v)", wait)
	}
	// Given back after the moment it was taken (real time has moved on
	// by the time a handler knows nothing was created): they count no
	// more.
	for start := time.Now(); !time.Now().After(start); {
	}
	cancel()
	if again, wait := v.Reserve(4); again == nil {
		t.Errorf("4 again after giving the 4 back: refused (wait %v)", wait)
	}
	if NewVolume(0) != nil || (*Volume)(nil).Take(1000) != 0 || (*Volume)(nil).PerHour() != 0 {
		t.Error("a bound of 0 bounds something")
	}
}

// TestSlots: a turn while one is free; none past them until one is
// released, or the request ends.
func TestSlots(t *testing.T) {
	t.Parallel()
	s := NewSlots(1)
	release, ok := s.Take(context.Background(), time.Second)
	if !ok {
		t.Fatal("the free slot was not given")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, ok := s.Take(ctx, time.Hour); ok {
		t.Error("a slot was given while the only one was taken")
	}
	release()
	if release, ok := s.Take(context.Background(), time.Second); !ok {
		t.Error("the released slot was not given again")
	} else {
		release()
	}
}
