package main

import (
	"container/list"
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"ruthless/edge"
	"ruthless/handlers"
)

// Defaults of the crowd limits (connlimit.go): connections one client
// may hold open (a phone keeps about six, a table of phones behind one
// router a few dozen, each live page holding one more for its stream),
// and how many the server holds in all at most, below the open files
// limit, which leaves room for the database, backups and logs. Each open
// connection costs about 30 KB of memory whatever it does (its
// goroutine, its buffers): 20,000 of them took the server to 700 MB
// (issue 44), so the ceiling is 4,096, some 120 MB, far above what a
// club's tables hold (a few hundred) and what a proxy in front needs.
const (
	defaultConnsPerClient = 64
	maxConnsCeiling       = 4096
	filesKeptFree         = 256
)

// crowdFlags are the serve flags that bound what many clients can do at
// once: the request rate of one client and the connections it and all
// clients may hold.
type crowdFlags struct {
	requests, connsPerClient, maxConns, imports *int
}

func addCrowdFlags(fs *flag.FlagSet) *crowdFlags {
	return &crowdFlags{
		requests: fs.Int("requests-per-minute", handlers.DefaultRequestsPerMinute,
			"requests (pages, API, assets) one client may make a minute, a fifth of them at once, before it gets 429; 0: no limit (env RUTHLESS_REQUESTS_PER_MINUTE)"),
		connsPerClient: fs.Int("conns-per-client", defaultConnsPerClient,
			"connections one client (an address, an IPv6 /64) may hold open; more are closed at once; 0: no limit (env RUTHLESS_CONNS_PER_CLIENT)"),
		imports: fs.Int("imported-games-per-hour", handlers.DefaultImportedGamesPerHour,
			"games all clients together may import or make (form, API) an hour, which bounds how fast the history (and the memory the players list and records take) can grow; 0: no limit (env RUTHLESS_IMPORTED_GAMES_PER_HOUR)"),
		maxConns: fs.Int("max-conns", 0,
			"connections held open in all; more wait to be accepted; 0: the open files limit less 256, at most 4096 (env RUTHLESS_MAX_CONNS)"),
	}
}

// crowd is what the flags say, read.
type crowd struct {
	requests, connsPerClient, maxConns, imports int
}

// read reads the parsed flags, then the environment for those not given.
func (cf *crowdFlags) read(fs *flag.FlagSet) (crowd, error) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var c crowd
	for _, v := range []struct {
		name, env string
		flag      *int
		dst       *int
	}{
		{"requests-per-minute", "RUTHLESS_REQUESTS_PER_MINUTE", cf.requests, &c.requests},
		{"conns-per-client", "RUTHLESS_CONNS_PER_CLIENT", cf.connsPerClient, &c.connsPerClient},
		{"max-conns", "RUTHLESS_MAX_CONNS", cf.maxConns, &c.maxConns},
		{"imported-games-per-hour", "RUTHLESS_IMPORTED_GAMES_PER_HOUR", cf.imports, &c.imports},
	} {
		n := *v.flag
		if s := os.Getenv(v.env); !set[v.name] && s != "" {
			parsed, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil {
				return crowd{}, fmt.Errorf("%s=%q: want a whole number (0: no limit)", v.env, s)
			}
			n = parsed
		}
		if n < 0 {
			return crowd{}, fmt.Errorf("-%s %d: want 0 (no limit) or more", v.name, n)
		}
		*v.dst = n
	}
	return c, nil
}

// total is the connections to hold in all with files open files allowed
// (0: unknown).
func (c crowd) total(files uint64) int {
	if c.maxConns > 0 {
		return c.maxConns
	}
	if files == 0 || files > maxConnsCeiling+filesKeptFree {
		return maxConnsCeiling
	}
	return max(64, int(files)-filesKeptFree)
}

// limitListener caps the connections of ln: per client (an address, an
// IPv6 /64), a connection over perClient is closed as soon as it is
// accepted, so that one client's stalled connections (a slowloris crowd)
// cannot take the places of the phones; in all, at most total are open,
// so that the server never runs out of file descriptors ("accept: too
// many open files") nor memory. At the total it keeps accepting: a crowd
// of many addresses, each under its cap, would otherwise hold every place
// and leave new phones in the kernel's accept queue. Instead one open
// connection is closed to make room, never a phone's if it can help it
// (issue 44): first one that waits on its client (half a request, a body
// that does not arrive, a held wrong password), of a client not answered
// lately and holding the most places, the oldest among equals
// (waitingVictim); then an idle keep-alive of a client not answered
// lately; last an idle keep-alive of a phone in use. A connection inside a handler that
// works (an export, a live stream, a save) is never closed for room; only
// when every place is in one does Accept wait.
//
// A trusted reverse proxy's connections carry every client behind it:
// they are never capped as one client (each counts as its own), and the
// app caps the forwarded clients' requests and streams instead.
type limitListener struct {
	net.Listener
	perClient, max int
	proxies        []netip.Prefix
	mu             sync.Mutex
	freed          *sync.Cond // signalled when a connection closes
	n              int        // connections open
	clients        map[string]*connClientState
	// waitingOnClient are the connections waiting on their client,
	// idle those between requests after one was answered; oldest first.
	waitingOnClient, idle list.List
	now                   func() time.Time
	// Counted for /metrics: connections closed at once over a client's
	// cap, and closed to make room at the total.
	overCap, forRoom atomic.Int64
}

// connClientState is what the listener knows of one client.
type connClientState struct {
	open     int
	answered time.Time // when it was last answered below 400
}

// answeredLately is how long after its last good answer a client counts
// as a phone in use: the server's idle timeout, beyond which its
// keep-alives are closed anyway.
const answeredLately = 2 * time.Minute

// phonePatience is how long Accept waits for a place to free itself
// before it closes a phone's keep-alive, in steps of phonePatienceStep.
const (
	phonePatience     = 500 * time.Millisecond
	phonePatienceStep = 20 * time.Millisecond
)

// idleScan bounds the idle connections looked at for one of a client
// not answered lately, so that making room costs little however many
// are open.
const idleScan = 256

func newLimitListener(ln net.Listener, perClient, total int, proxies []netip.Prefix) *limitListener {
	l := &limitListener{Listener: ln, perClient: perClient, max: total, proxies: proxies,
		clients: map[string]*connClientState{}, now: time.Now}
	l.freed = sync.NewCond(&l.mu)
	return l
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err // http.Server retries what is temporary
		}
		key, capped := l.clientOf(c.RemoteAddr())
		l.mu.Lock()
		cs := l.clients[key]
		if capped && l.perClient > 0 && cs != nil && cs.open >= l.perClient {
			l.mu.Unlock()
			l.overCap.Add(1)
			c.Close()
			continue
		}
		for patience := phonePatience; l.n >= l.max; {
			victim, phone := l.roomVictim()
			switch {
			case victim == nil:
				l.freed.Wait() // every place is inside a working handler
				continue
			case phone && patience > 0:
				// Only a phone in use is left to close: a place may be
				// freed in a moment (a crowd's connections come and go).
				l.mu.Unlock()
				time.Sleep(phonePatienceStep)
				patience -= phonePatienceStep
				l.mu.Lock()
				continue
			}
			victim.unlist()
			l.mu.Unlock()
			l.forRoom.Add(1)
			victim.Close() // gives its place back (done)
			l.mu.Lock()
		}
		if cs = l.clients[key]; cs == nil {
			cs = &connClientState{}
			l.clients[key] = cs
		}
		l.n++
		cs.open++
		lc := &limitedConn{Conn: c, l: l, key: key, client: cs}
		lc.place()
		l.mu.Unlock()
		return lc, nil
	}
}

// clientOf is who a connection from a is counted for, and whether the
// per-client cap applies: a trusted proxy's connection is its own client,
// uncapped.
func (l *limitListener) clientOf(a net.Addr) (key string, capped bool) {
	if ap, err := netip.ParseAddrPort(a.String()); err == nil {
		ip := ap.Addr().WithZone("").Unmap()
		for _, p := range l.proxies {
			if p.Contains(ip) {
				return a.String(), false
			}
		}
	}
	return connClient(a), true
}

// roomVictim is the connection to close for room, nil if every one is
// inside a working handler; phone says that it is the keep-alive of a
// client answered lately. Its caller holds l.mu.
func (l *limitListener) roomVictim() (victim *limitedConn, phone bool) {
	now := l.now()
	if c := l.waitingVictim(now); c != nil {
		return c, false
	}
	i := 0
	for e := l.idle.Front(); e != nil && i < idleScan; e, i = e.Next(), i+1 {
		if c := e.Value.(*limitedConn); now.Sub(c.client.answered) >= answeredLately {
			return c, false
		}
	}
	if e := l.idle.Front(); e != nil {
		return e.Value.(*limitedConn), true
	}
	return nil, false
}

// waitingVictim is the connection waiting on its client to close first,
// among the idleScan oldest: one of a client not answered lately before
// one of a phone in use, then one of the client holding the most open
// connections, then the oldest. Oldest alone was not enough: a crowd that
// reconnects at once (a slowloris, a script of wrong passwords) made so
// many new connections that a phone's first request, not yet in its
// handler when the server was busy, became the oldest and was cut
// (EOF, seen once under make test); a crowd holds several places per
// address where a phone's save holds one. Its caller holds l.mu.
func (l *limitListener) waitingVictim(now time.Time) *limitedConn {
	var best *limitedConn
	bestQuiet := false
	i := 0
	for e := l.waitingOnClient.Front(); e != nil && i < idleScan; e, i = e.Next(), i+1 {
		c := e.Value.(*limitedConn)
		quiet := now.Sub(c.client.answered) >= answeredLately
		switch {
		case best == nil,
			quiet && !bestQuiet,
			quiet == bestQuiet && c.client.open > best.client.open:
			best, bestQuiet = c, quiet
		}
	}
	return best
}

func (l *limitListener) done(c *limitedConn) {
	l.mu.Lock()
	c.unlist()
	if c.client.open--; c.client.open <= 0 {
		delete(l.clients, c.key)
	}
	l.n--
	c.closed = true
	l.mu.Unlock()
	l.freed.Signal()
}

// limitedConn gives its places back when it closes, once.
type limitedConn struct {
	net.Conn
	l      *limitListener
	key    string
	client *connClientState
	once   sync.Once
	// busy: a request of it is inside a handler (read without the lock,
	// to spare idle reads of it).
	busy atomic.Bool
	// Guarded by l.mu: the list it is in (nil: inside a working handler,
	// or closed) and its place there; how many requests of it are inside
	// a handler, and of those how many wait on the client; whether bytes
	// of a request arrived while it was between handlers; whether it has
	// been answered once; whether it closed.
	list     *list.List
	elem     *list.Element
	serving  int
	waits    int
	partial  bool
	answered bool
	closed   bool
}

// unlist takes c out of the list it is in. Its caller holds l.mu.
func (c *limitedConn) unlist() {
	if c.list != nil {
		c.list.Remove(c.elem)
		c.list, c.elem = nil, nil
	}
}

// place puts c, as the newest, in the list that says how readily it may
// be closed for room. Its caller holds l.mu.
func (c *limitedConn) place() {
	c.unlist()
	var to *list.List
	switch {
	case c.closed:
		return
	case c.serving > c.waits:
		return // working for its client: never closed for room
	case c.waits > 0 || c.partial || !c.answered:
		to = &c.l.waitingOnClient
	default:
		to = &c.l.idle
	}
	c.list, c.elem = to, to.PushBack(c)
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.done(c) })
	return err
}

// Read notices the first bytes of a request that arrive between
// handlers: until its handler starts, the connection waits on its
// client (a slowloris sends half a request and stops there).
func (c *limitedConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if n > 0 && !c.busy.Load() {
		c.l.mu.Lock()
		if c.serving == 0 && !c.partial {
			c.partial = true
			c.place()
		}
		c.l.mu.Unlock()
	}
	return n, err
}

// inHandler marks c as inside a handler, safe from being closed for room,
// until the returned func marks it out again, as the newest of its list.
func (c *limitedConn) inHandler() (out func()) {
	l := c.l
	l.mu.Lock()
	c.serving++
	c.partial = false
	c.busy.Store(true)
	c.place()
	l.mu.Unlock()
	return func() {
		l.mu.Lock()
		if c.serving--; c.serving == 0 {
			c.waits = 0
			c.busy.Store(false)
		}
		c.place()
		l.mu.Unlock()
	}
}

// WaitingOnClient (edge.ConnWatch) lets c be closed for room until
// resume.
func (c *limitedConn) WaitingOnClient() (resume func()) {
	l := c.l
	l.mu.Lock()
	c.waits++
	c.place()
	l.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			l.mu.Lock()
			if c.waits > 0 {
				c.waits--
			}
			c.place()
			l.mu.Unlock()
		})
	}
}

// Answered (edge.ConnWatch) marks c's client as a phone in use.
func (c *limitedConn) Answered() {
	l := c.l
	l.mu.Lock()
	c.answered = true
	c.client.answered = l.now()
	l.mu.Unlock()
}

type connKey struct{}

// connContext is http.Server's ConnContext: it keeps the connection in
// the context of its requests, for guardHandlers and the handlers.
func connContext(ctx context.Context, c net.Conn) context.Context {
	if lc, ok := c.(*limitedConn); ok {
		return edge.WithConnWatch(context.WithValue(ctx, connKey{}, lc), lc)
	}
	return ctx
}

// guardHandlers marks a connection as inside a handler while h serves a
// request of it, so that making room for new connections never cuts an
// answer (a download, a live stream) short; but while the handler waits
// for the request's body to arrive, the connection waits on its client,
// and may be closed for room (a body that never comes would otherwise
// hold its place until the read timeout, and a crowd of them every place).
func guardHandlers(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if lc, ok := r.Context().Value(connKey{}).(*limitedConn); ok {
			defer lc.inHandler()()
			if r.Body != nil && r.Body != http.NoBody && r.ContentLength != 0 {
				r.Body = &arrivingBody{ReadCloser: r.Body, conn: lc}
			}
		}
		h.ServeHTTP(w, r)
	})
}

// arrivingBody is a request body whose connection waits on its client
// while a read of it is under way: one that returns at once (the body
// came with the headers) leaves a phone's save no time to be chosen,
// while one that never returns is a stalled body.
type arrivingBody struct {
	io.ReadCloser
	conn *limitedConn
	done bool // the body has ended (or failed)
}

func (b *arrivingBody) Read(p []byte) (int, error) {
	if b.done {
		return b.ReadCloser.Read(p)
	}
	resume := b.conn.WaitingOnClient()
	n, err := b.ReadCloser.Read(p)
	resume()
	b.done = err != nil
	return n, err
}

// connClient is who a connection is counted for: its address, an IPv6
// one by its /64. (A trusted proxy's connections are not counted so:
// see clientOf.)
func connClient(a net.Addr) string {
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return a.String()
	}
	ip := ap.Addr().WithZone("").Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}

// offIfZero is a crowd limit for the log: 0 is no limit.
func offIfZero(n int) string {
	if n == 0 {
		return "off"
	}
	return strconv.Itoa(n)
}

// countIn adds the listener's refusals to the metrics: a connection
// closed is a refusal too, and one /metrics never saw (issue 44 item 7).
func (l *limitListener) countIn(m *handlers.Metrics) {
	m.Counter("ruthless_connections_over_client_cap_total", "Connections closed as soon as accepted: their client held -conns-per-client already.",
		func() float64 { return float64(l.overCap.Load()) })
	m.Counter("ruthless_connections_closed_for_room_total", "Connections closed to make room for a new one at the total (-max-conns).",
		func() float64 { return float64(l.forRoom.Load()) })
}
