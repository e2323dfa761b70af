package handlers

import (
	"math"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"golang.org/x/time/rate"
)

// Game creation is limited per client: a table starts a game every hour or
// so, while a script creating games by the thousand would bury the home
// page and the database. Ten a minute, ten at once, is far above the one
// and far below the other.
const (
	gamesPerMinute = 10
	gamesBurst     = 10
	// maxClients bounds the limiter's memory. A client idle for a minute
	// has its whole burst back, so forgetting it changes nothing; only when
	// more clients than this were active within a minute is the one seen
	// longest ago forgotten early.
	maxClients = 10_000
)

// buckets is a token bucket per client, in a map bounded to max clients.
// A client idle long enough to have refilled its bucket is forgotten
// (that changes nothing); when the map is full of busier clients, the one
// seen longest ago goes. Its owner holds the lock.
type buckets struct {
	every   rate.Limit
	burst   int
	max     int
	clients map[string]*bucket
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

func newBuckets(perMinute, burst, maxClients int) buckets {
	return buckets{
		every:   rate.Limit(float64(perMinute) / 60),
		burst:   burst,
		max:     maxClients,
		clients: map[string]*bucket{},
	}
}

// get returns the client's bucket, seen now, making one (and room for it)
// when the client has none.
func (bs *buckets) get(client string, now time.Time) *bucket {
	b := bs.clients[client]
	if b == nil {
		if len(bs.clients) >= bs.max {
			bs.evict(now)
		}
		b = &bucket{lim: rate.NewLimiter(bs.every, bs.burst)}
		bs.clients[client] = b
	}
	b.seen = now
	return b
}

// evict forgets every client idle long enough to have refilled its
// bucket, and if that frees nothing, the one seen longest ago.
func (bs *buckets) evict(now time.Time) {
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

// clientLimiter limits what each client address may do a minute.
type clientLimiter struct {
	mu        sync.Mutex
	buckets   buckets
	now       func() time.Time
	perMinute int // as configured, for the message of a refusal
}

// newClientLimiter lets each client do perMinute things a minute, burst
// at once; perMinute below 0 means no limit.
func newClientLimiter(perMinute, burst, maxClients int) *clientLimiter {
	if perMinute < 0 {
		return nil
	}
	return &clientLimiter{buckets: newBuckets(perMinute, burst, maxClients), now: time.Now, perMinute: perMinute}
}

// reserve takes one token for the client. When none is left it takes
// nothing and says how long until one is back; otherwise the caller gets
// a cancel func that gives the token back (for a request that turns out
// to create nothing, such as a resubmitted form).
func (l *clientLimiter) reserve(client string) (cancel func(), wait time.Duration) {
	if l == nil {
		return func() {}, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	r := l.buckets.get(client, now).lim.ReserveN(now, 1)
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
		r.CancelAt(l.now())
	}, 0
}

// errTooManyGames is a client over its game-creation rate of perMinute,
// or, when perHour is set, every client together over the hourly cap on
// new history (importVolume).
type errTooManyGames struct {
	wait      time.Duration
	perMinute int
	perHour   int
}

func (e *errTooManyGames) Error() string { return "too many new games from this client" }

// message is what the client is told, form or API.
func (e *errTooManyGames) message() string {
	if e.perHour > 0 {
		return "The server takes at most " + strconv.Itoa(e.perHour) +
			" new games an hour, from everyone together. Try again in " + seconds(e.wait) + "."
	}
	return "Too many new games from this device: at most " + strconv.Itoa(e.perMinute) +
		" a minute. Try again in " + seconds(e.wait) + "."
}

// retryAfter is the Retry-After header value: whole seconds, rounded up.
func (e *errTooManyGames) retryAfter() string {
	return strconv.Itoa(max(1, int(math.Ceil(e.wait.Seconds()))))
}

func seconds(d time.Duration) string {
	n := max(1, int(math.Ceil(d.Seconds())))
	if n == 1 {
		return "1 second"
	}
	return strconv.Itoa(n) + " seconds"
}

// reserveGame takes one game from the client's allowance and from the
// hourly cap on new history that imports share (issue 44: 1,600
// addresses at 10 a minute each once stored 16,000 games in 42 s), or
// returns the error to answer with (its Retry-After comes with it). A request that
// sends the table password itself (a script importing a club's history)
// is not held by the client's allowance: whoever knows the password could
// lift it anyway; the hourly cap, like an import's, counts it.
func (a *app) reserveGame(c *gin.Context) (cancel func(), err *errTooManyGames) {
	mine := func() {}
	if !a.sentPassword(c.Request) {
		var wait time.Duration
		if mine, wait = a.games.reserve(clientKey(c.Request)); mine == nil {
			limited := &errTooManyGames{wait: wait, perMinute: a.games.perMinute}
			a.logger(c.Request.Context()).Warn("game creation limited", "client", clientAddr(c.Request), "retry", wait)
			return nil, limited
		}
	}
	all, wait := a.importVolume.reserve(1)
	if all == nil {
		mine()
		limited := &errTooManyGames{wait: wait, perHour: a.importVolume.perHour}
		a.logger(c.Request.Context()).Warn("new history limited", "client", clientAddr(c.Request), "retry", wait)
		return nil, limited
	}
	return func() { mine(); all() }, nil
}

// sentPassword reports whether r carries the table password as a bearer
// token. An open app has no password, so nothing proves a script's.
func (a *app) sentPassword(r *http.Request) bool {
	if a.auth.open() {
		return false
	}
	token, ok := bearer(r.Header.Get("Authorization"))
	return ok && a.auth.matches(token)
}

// clientKey is who a per-client limit counts for: the client's address
// (clientAddr: the connection's, or a trusted proxy's word), an IPv6 one
// by its /64, which one machine or home network usually has whole: 30
// addresses of one /64 are one client, not 30.
func clientKey(r *http.Request) string {
	host := clientAddr(r)
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
