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

// clientLimiter is a token bucket per client address, in a bounded map.
type clientLimiter struct {
	mu      sync.Mutex
	every   rate.Limit
	burst   int
	max     int
	clients map[string]*clientBucket
	now     func() time.Time
}

type clientBucket struct {
	lim  *rate.Limiter
	seen time.Time
}

// newClientLimiter lets each client do perMinute things a minute, burst
// at once; perMinute below 0 means no limit.
func newClientLimiter(perMinute, burst, maxClients int) *clientLimiter {
	if perMinute < 0 {
		return nil
	}
	return &clientLimiter{
		every:   rate.Limit(float64(perMinute) / 60),
		burst:   burst,
		max:     maxClients,
		clients: map[string]*clientBucket{},
		now:     time.Now,
	}
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
	b, ok := l.clients[client]
	if !ok {
		if len(l.clients) >= l.max {
			l.evict(now)
		}
		b = &clientBucket{lim: rate.NewLimiter(l.every, l.burst)}
		l.clients[client] = b
	}
	b.seen = now
	r := b.lim.ReserveN(now, 1)
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

// evict forgets every client idle long enough to have refilled its
// bucket, and if that frees nothing, the one seen longest ago.
func (l *clientLimiter) evict(now time.Time) {
	full := time.Duration(float64(l.burst) / float64(l.every) * float64(time.Second))
	var oldest string
	var oldestSeen time.Time
	for k, b := range l.clients {
		if now.Sub(b.seen) >= full {
			delete(l.clients, k)
			continue
		}
		if oldest == "" || b.seen.Before(oldestSeen) {
			oldest, oldestSeen = k, b.seen
		}
	}
	if len(l.clients) >= l.max && oldest != "" {
		delete(l.clients, oldest)
	}
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
