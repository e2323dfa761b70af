package edge

import (
	"net/http"
	"sync"
)

// The caps on live event streams. Each open stream holds a connection, a
// descriptor and two goroutines, about 20 KB of heap and 50 KB of RSS: a
// client that opens them by the thousand (nothing else limits it) would
// take the server's memory and descriptors, and with 4,000 of them the
// heap sits at the soft memory limit and the collector runs back to
// back. So streams are capped per client address and in all.
//
// A phone holds one stream per game: a second one for the same game
// (another tab, a page brought back, a reconnect before the server saw
// the old connection drop) ends the first.
const (
	// DefaultStreamsPerClient: a phone holds one stream per open game
	// page; a whole table behind one address (a guest network's NAT)
	// is four to six phones, with a tab or two each.
	DefaultStreamsPerClient = 16
	// DefaultStreams: a table needs a handful and a busy club a few
	// dozen; a thousand is far above that, and costs at most about 50 MB
	// of RSS and a thousand descriptors (serve raises the soft limit to
	// the hard one, which here is 20,000 or more).
	DefaultStreams = 1000
)

// StreamGate counts the open streams per client address and in all, and
// knows each phone's stream per game. Its zero caps mean no limit.
type StreamGate struct {
	mu        sync.Mutex
	perClient int
	total     int
	byClient  map[string]int
	open      int
	phones    map[string]*Stream // a phone's key: its id and the game
}

// Stream is one stream let in.
type Stream struct {
	client  string
	phone   string // its key in phones, "" once replaced
	counted bool   // still counted in byClient and open
	// refetch: the phone may fetch the game's page once without its
	// request rate counting it (TakeRefetch). Guarded by the gate's mu.
	refetch bool
	// replaced is closed when the same phone opens another stream for the
	// same game.
	replaced chan struct{}
}

// NewStreamGate caps streams at perClient per address and total in all:
// 0 takes the default, below 0 no limit.
func NewStreamGate(perClient, total int) *StreamGate {
	or := func(n, def int) int {
		switch {
		case n == 0:
			return def
		case n < 0:
			return 0
		}
		return n
	}
	return &StreamGate{perClient: or(perClient, DefaultStreamsPerClient), total: or(total, DefaultStreams),
		byClient: map[string]int{}, phones: map[string]*Stream{}}
}

// Enter lets a stream of client in, or answers the status that refuses
// it: 429 past the client's cap, 503 past the server's. phone (the phone's
// id and the game) ends that phone's earlier stream for the game first,
// which then counts no more.
func (g *StreamGate) Enter(client, phone string) (*Stream, int) {
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
	s := &Stream{client: client, phone: phone, counted: true, replaced: make(chan struct{})}
	g.byClient[client]++
	g.open++
	g.phones[phone] = s
	return s, 0
}

// Leave is the end of a stream let in.
func (g *StreamGate) Leave(s *Stream) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.release(s)
	if s.phone != "" && g.phones[s.phone] == s {
		delete(g.phones, s.phone)
	}
}

func (g *StreamGate) release(s *Stream) {
	if !s.counted {
		return
	}
	s.counted = false
	g.open--
	if g.byClient[s.client]--; g.byClient[s.client] <= 0 {
		delete(g.byClient, s.client)
	}
}

// TakeRefetch takes the refetch the phone's stream for a game was given
// by its last event, if it has one: the one fetch of the game's page
// after an event, which the phone's request rate does not count.
func (g *StreamGate) TakeRefetch(phone string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	s := g.phones[phone]
	if s == nil || !s.refetch {
		return false
	}
	s.refetch = false
	return true
}

// GaveEvent gives the stream's phone its refetch.
func (g *StreamGate) GaveEvent(s *Stream) {
	g.mu.Lock()
	s.refetch = true
	g.mu.Unlock()
}

// Replaced is closed when the same phone opens another stream for the
// same game: this one should end.
func (s *Stream) Replaced() <-chan struct{} { return s.replaced }

// Open is how many streams are open, over all clients.
func (g *StreamGate) Open() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.open
}
