package handlers

import (
	"math"
	"net"
	"net/http"
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
	mu      sync.Mutex
	buckets buckets
	now     func() time.Time
}

// newClientLimiter lets each client do perMinute things a minute, burst
// at once; perMinute below 0 means no limit.
func newClientLimiter(perMinute, burst, maxClients int) *clientLimiter {
	if perMinute < 0 {
		return nil
	}
	return &clientLimiter{buckets: newBuckets(perMinute, burst, maxClients), now: time.Now}
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

// clientAddr is the address a request came from, without its port. It is
// the connection's own address: the app is served directly (no proxy), so
// X-Forwarded-For would only let a client pick its own key.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// errTooManyGames is a client over its game-creation rate.
type errTooManyGames struct{ wait time.Duration }

func (e *errTooManyGames) Error() string { return "too many new games from this client" }

// message is what the client is told, form or API.
func (e *errTooManyGames) message() string {
	return "Too many new games from this device: at most " + strconv.Itoa(gamesPerMinute) +
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

// reserveGame takes one game from the client's allowance, or sets
// Retry-After and returns the error to answer with.
func (a *app) reserveGame(c *gin.Context) (cancel func(), err *errTooManyGames) {
	cancel, wait := a.games.reserve(clientAddr(c.Request))
	if cancel == nil {
		c.Header("Retry-After", (&errTooManyGames{wait}).retryAfter())
		a.logger(c.Request.Context()).Warn("game creation limited", "client", clientAddr(c.Request), "retry", wait)
		return nil, &errTooManyGames{wait}
	}
	return cancel, nil
}
