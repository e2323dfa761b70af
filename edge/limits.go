package edge

import (
	"context"
	"net/http"
	"net/netip"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// MaxClients bounds a per-client limiter's memory. A client idle for a
// minute has its whole burst back, so forgetting it changes nothing; only
// when more clients than this were active within a minute is the one
// seen longest ago forgotten early.
const MaxClients = 10_000

// Buckets is a token bucket per client, in a map bounded to max clients.
// A client idle long enough to have refilled its bucket is forgotten
// (that changes nothing); when the map is full of busier clients, the one
// seen longest ago goes. Its owner holds the lock.
type Buckets struct {
	every   rate.Limit
	burst   int
	max     int
	clients map[string]*bucket
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

// NewBuckets gives each client perMinute tokens a minute, burst at once,
// and remembers at most maxClients clients.
func NewBuckets(perMinute, burst, maxClients int) Buckets {
	return Buckets{
		every:   rate.Limit(float64(perMinute) / 60),
		burst:   burst,
		max:     maxClients,
		clients: map[string]*bucket{},
	}
}

// Get returns the client's bucket, seen now, making one (and room for it)
// when the client has none.
func (bs *Buckets) Get(client string, now time.Time) *rate.Limiter {
	b := bs.clients[client]
	if b == nil {
		if len(bs.clients) >= bs.max {
			bs.evict(now)
		}
		b = &bucket{lim: rate.NewLimiter(bs.every, bs.burst)}
		bs.clients[client] = b
	}
	b.seen = now
	return b.lim
}

// Knows reports whether the client has a bucket still remembered.
func (bs *Buckets) Knows(client string) bool { return bs.clients[client] != nil }

// evict forgets every client idle long enough to have refilled its
// bucket, and if that frees nothing, the one seen longest ago.
func (bs *Buckets) evict(now time.Time) {
	full := time.Duration(float64(bs.burst) / float64(bs.every) * float64(time.Second))
	var oldest string
	var oldestSeen time.Time
	for k, b := range bs.clients {
		if now.Sub(b.seen) >= full {
			delete(bs.clients, k)
			continue
		}
		if oldest == "" || b.seen.Before(oldestSeen) {
			oldest, oldestSeen = k, b.seen
		}
	}
	if len(bs.clients) >= bs.max && oldest != "" {
		delete(bs.clients, oldest)
	}
}

// ClientLimiter limits what each client address may do a minute (new
// games, imports, seat changes): a nil one limits nothing.
type ClientLimiter struct {
	mu        sync.Mutex
	buckets   Buckets
	now       func() time.Time
	perMinute int // as configured, for the message of a refusal
}

// NewClientLimiter lets each client do perMinute things a minute, burst
// at once; perMinute below 0 means no limit (nil).
func NewClientLimiter(perMinute, burst, maxClients int) *ClientLimiter {
	if perMinute < 0 {
		return nil
	}
	return &ClientLimiter{buckets: NewBuckets(perMinute, burst, maxClients), now: time.Now, perMinute: perMinute}
}

// PerMinute is the limit as configured (0 for none), which a refusal
// names.
func (l *ClientLimiter) PerMinute() int {
	if l == nil {
		return 0
	}
	return l.perMinute
}

// Reserve takes one token for the client. When none is left it takes
// nothing and says how long until one is back; otherwise the caller gets
// a cancel func that gives the token back (for a request that turns out
// to create nothing, such as a resubmitted form).
func (l *ClientLimiter) Reserve(client string) (cancel func(), wait time.Duration) {
	if l == nil {
		return func() {}, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	r := l.buckets.Get(client, now).ReserveN(now, 1)
	if !r.OK() {
		return nil, time.Minute
	}
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return nil, d
	}
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		// At the reservation's own moment: x/time/rate gives nothing back
		// for a cancel dated after the token was due, which a token taken
		// at once always is.
		r.CancelAt(now)
	}, 0
}

// ClientKey is who a per-client limit counts for: the client's address
// (ClientAddr: the connection's, or a trusted proxy's word), an IPv6 one
// by its /64, which one machine or home network usually has whole: 30
// addresses of one /64 are one client, not 30.
func ClientKey(r *http.Request) string {
	host := ClientAddr(r)
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	ip = ip.WithZone("").Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}

// RequestRate is the per-client limit on requests (nil: none).
type RequestRate struct {
	mu      sync.Mutex
	buckets Buckets
	now     func() time.Time
}

// NewRequestRate is a limit of perMinute requests a minute per client
// (0 or below: nil, no limit), bursts of a fifth of that.
func NewRequestRate(perMinute int) *RequestRate {
	if perMinute <= 0 {
		return nil
	}
	return &RequestRate{buckets: NewBuckets(perMinute, max(1, perMinute/5), MaxClients), now: time.Now}
}

// Allow takes one request of the client's allowance, or says how long
// until one is back.
func (l *RequestRate) Allow(client string) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	r := l.buckets.Get(client, now).ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return d
	}
	return 0
}

// Volume bounds how many things all clients together may do an hour
// (nil: no bound), such as the games imported or created: imports from
// rotating addresses once added 21,500 games a minute, which no
// per-client limit stops.
type Volume struct {
	mu      sync.Mutex
	lim     *rate.Limiter
	perHour int
}

// NewVolume allows perHour an hour, all at once if need be (0 or below:
// nil, no bound).
func NewVolume(perHour int) *Volume {
	if perHour <= 0 {
		return nil
	}
	return &Volume{lim: rate.NewLimiter(rate.Limit(float64(perHour)/3600), perHour), perHour: perHour}
}

// PerHour is the bound as configured (0 for none), which a refusal
// names.
func (v *Volume) PerHour() int {
	if v == nil {
		return 0
	}
	return v.perHour
}

// Take counts n now, or says how long until they may be.
func (v *Volume) Take(n int) time.Duration {
	_, wait := v.Reserve(n)
	return wait
}

// Reserve counts n now, with a cancel func that gives them back (for a
// game that turns out to be stored already), or says how long until
// they may be.
func (v *Volume) Reserve(n int) (cancel func(), wait time.Duration) {
	if v == nil || n == 0 {
		return func() {}, 0
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if n > v.perHour {
		return nil, time.Hour
	}
	now := time.Now()
	r := v.lim.ReserveN(now, n)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return nil, d
	}
	return func() {
		v.mu.Lock()
		defer v.mu.Unlock()
		r.CancelAt(now) // at the reservation's moment, as in ClientLimiter.Reserve
	}, 0
}

// Slots is a small pool of turns at some costly work (drawing share
// images, whole-history downloads).
type Slots chan struct{}

// NewSlots is n turns.
func NewSlots(n int) Slots { return make(Slots, n) }

// Take waits up to wait (or until ctx ends) for a turn; ok false if none
// came. The caller calls release once done.
func (s Slots) Take(ctx context.Context, wait time.Duration) (release func(), ok bool) {
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case s <- struct{}{}:
		return func() { <-s }, true
	case <-t.C:
	case <-ctx.Done():
	}
	return nil, false
}
