package handlers

import (
	"net/http"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
)

// The caps on live event streams (live.go). Each open stream holds a
// connection, a descriptor and two goroutines, about 20 KB of heap and
// 50 KB of RSS: a client that opens them by the thousand (nothing else
// limits it) would take the server's memory and descriptors, and with
// 4,000 of them the heap sits at the soft memory limit and the collector
// runs back to back. So streams are capped per client address and in
// all; a refused stream gets 429 (the address's cap) or 503 (the
// server's), with Retry-After, and the page (static/live.js) then checks
// the game page for changes every few seconds instead, through its ETag
// (a 304 costs one small read of the database).
//
// A phone (its cookie ruthless_phone) holds one stream per game: a second
// one for the same game (another tab, a page brought back, a reconnect
// before the server saw the old connection drop) ends the first, which
// is told so (event "replaced") and polls instead of reconnecting.
const (
	// defaultStreamsPerClient: a phone holds one stream per open game
	// page; a whole table behind one address (a guest network's NAT)
	// is four to six phones, with a tab or two each.
	defaultStreamsPerClient = 16
	// defaultStreams: a table needs a handful and a busy club a few
	// dozen; a thousand is far above that, and costs at most about 50 MB
	// of RSS and a thousand descriptors (serve raises the soft limit to
	// the hard one, which here is 20,000 or more).
	defaultStreams = 1000
	// streamRetryAfter is the Retry-After of a refused stream: the page
	// polls meanwhile, so it need not ask again soon.
	streamRetryAfter = "60"
	phoneCookie      = "ruthless_phone"
	phoneAge         = 365 * 24 * time.Hour
)

// streamGate counts the open streams per client address and in all, and
// knows each phone's stream per game. Its zero caps mean no limit.
type streamGate struct {
	mu        sync.Mutex
	perClient int
	total     int
	byClient  map[string]int
	open      int
	phones    map[string]*liveStream // phone id + " " + game id
}

// liveStream is one stream let in.
type liveStream struct {
	client  string
	phone   string // its key in phones, "" once replaced
	counted bool   // still counted in byClient and open
	// refetch: the phone may fetch the game's page once without its
	// request rate counting it (livecalm.go). Guarded by the gate's mu.
	refetch bool
	// replaced is closed when the same phone opens another stream for the
	// same game.
	replaced chan struct{}
}

// newStreamGate caps streams at perClient per address and total in all:
// 0 takes the default, below 0 no limit.
func newStreamGate(perClient, total int) *streamGate {
	or := func(n, def int) int {
		switch {
		case n == 0:
			return def
		case n < 0:
			return 0
		}
		return n
	}
	return &streamGate{perClient: or(perClient, defaultStreamsPerClient), total: or(total, defaultStreams),
		byClient: map[string]int{}, phones: map[string]*liveStream{}}
}

// enter lets a stream of client in, or answers the status that refuses
// it: 429 past the client's cap, 503 past the server's. phone (the phone's
// id and the game) ends that phone's earlier stream for the game first,
// which then counts no more.
func (g *streamGate) enter(client, phone string) (*liveStream, int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if old := g.phones[phone]; old != nil {
		close(old.replaced)
		delete(g.phones, phone)
		old.phone = ""
		g.release(old)
	}
	switch {
	case g.perClient > 0 && g.byClient[client] >= g.perClient:
		return nil, http.StatusTooManyRequests
	case g.total > 0 && g.open >= g.total:
		return nil, http.StatusServiceUnavailable
	}
	s := &liveStream{client: client, phone: phone, counted: true, replaced: make(chan struct{})}
	g.byClient[client]++
	g.open++
	g.phones[phone] = s
	return s, 0
}

// leave is the end of a stream let in.
func (g *streamGate) leave(s *liveStream) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.release(s)
	if s.phone != "" && g.phones[s.phone] == s {
		delete(g.phones, s.phone)
	}
}

func (g *streamGate) release(s *liveStream) {
	if !s.counted {
		return
	}
	s.counted = false
	g.open--
	if g.byClient[s.client]--; g.byClient[s.client] <= 0 {
		delete(g.byClient, s.client)
	}
}

// enterStream lets the request's stream for game in; when it is refused,
// it has answered (429 or 503, with Retry-After) and returns nil. A phone
// without its cookie gets one (set only on a stream let in), so that its
// next stream for the game replaces this one.
func (a *app) enterStream(c *gin.Context, game string) *liveStream {
	phone, fresh := "", false
	if phone = phoneID(c.Request); phone == "" {
		phone, fresh = newToken(), true
	}
	s, status := a.streams.enter(clientKey(c.Request), phone+" "+game)
	if s == nil {
		msg := "too many live streams from this address: this page checks for changes every few seconds instead"
		if status == http.StatusServiceUnavailable {
			msg = "the server holds as many live streams as it allows: this page checks for changes every few seconds instead"
		}
		c.Set(answersText, true) // an EventSource shows no page
		a.fail(c, &refusal{status: status, message: msg, retryAfter: streamRetryAfter})
		return nil
	}
	if fresh {
		http.SetCookie(c.Writer, &http.Cookie{
			Name: phoneCookie, Value: phone, Path: "/",
			MaxAge: int(phoneAge.Seconds()), Expires: time.Now().Add(phoneAge),
			HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: secureCookie(c.Request),
		})
	}
	return s
}
