package main

import (
	"container/list"
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"sync"

	"ruthless/handlers"
)

// Defaults of the crowd limits (connlimit.go): connections one client
// may hold open (a phone keeps about six, a table of phones behind one
// router a few dozen, each live page holding one more for its stream),
// and how many the server holds in all at most, below the open files
// limit, which leaves room for the database, backups and logs.
const (
	defaultConnsPerClient = 64
	maxConnsCeiling       = 20_000
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
			"games all clients together may import an hour, which bounds how fast the history (and the memory the players list and records take) can grow; 0: no limit (env RUTHLESS_IMPORTED_GAMES_PER_HOUR)"),
		maxConns: fs.Int("max-conns", 0,
			"connections held open in all; more wait to be accepted; 0: the open files limit less 256, at most 20000 (env RUTHLESS_MAX_CONNS)"),
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
// many open files"). At the total it keeps accepting: a crowd of many
// addresses, each under its cap, would otherwise hold every place and
// leave new phones in the kernel's accept queue. Instead the connection
// that has waited longest without a request inside a handler (a stalled
// half-request, or an idle keep-alive) is closed to make room. A
// connection inside a handler (an export, a live stream) is never closed
// for room; only when every place is in a handler does Accept wait.
type limitListener struct {
	net.Listener
	perClient, max int
	mu             sync.Mutex
	freed          *sync.Cond // signalled when a connection closes
	n              int        // connections open
	open           map[string]int
	waiting        list.List // of *limitedConn outside any handler, oldest first
}

func newLimitListener(ln net.Listener, perClient, total int) *limitListener {
	l := &limitListener{Listener: ln, perClient: perClient, max: total, open: map[string]int{}}
	l.freed = sync.NewCond(&l.mu)
	return l
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err // http.Server retries what is temporary
		}
		key := connClient(c.RemoteAddr())
		l.mu.Lock()
		if l.perClient > 0 && l.open[key] >= l.perClient {
			l.mu.Unlock()
			c.Close()
			continue
		}
		for l.n >= l.max {
			e := l.waiting.Front()
			if e == nil {
				l.freed.Wait() // every place is inside a handler
				continue
			}
			victim := l.waiting.Remove(e).(*limitedConn)
			victim.elem = nil
			l.mu.Unlock()
			victim.Close() // gives its place back (done)
			l.mu.Lock()
		}
		l.n++
		l.open[key]++
		lc := &limitedConn{Conn: c, l: l, key: key}
		lc.elem = l.waiting.PushBack(lc)
		l.mu.Unlock()
		return lc, nil
	}
}

func (l *limitListener) done(c *limitedConn) {
	l.mu.Lock()
	if c.elem != nil {
		l.waiting.Remove(c.elem)
		c.elem = nil
	}
	if l.open[c.key]--; l.open[c.key] <= 0 {
		delete(l.open, c.key)
	}
	l.n--
	c.closed = true
	l.mu.Unlock()
	l.freed.Signal()
}

// limitedConn gives its places back when it closes, once.
type limitedConn struct {
	net.Conn
	l    *limitListener
	key  string
	once sync.Once
	// Guarded by l.mu: where it waits in l.waiting (nil while inside a
	// handler or closed), how many requests of it are inside a handler,
	// and whether it closed.
	elem    *list.Element
	serving int
	closed  bool
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.done(c) })
	return err
}

// inHandler marks c as inside a handler, safe from being closed for room,
// until the returned func marks it out again, as the newest waiting.
func (c *limitedConn) inHandler() (out func()) {
	l := c.l
	l.mu.Lock()
	c.serving++
	if c.elem != nil {
		l.waiting.Remove(c.elem)
		c.elem = nil
	}
	l.mu.Unlock()
	return func() {
		l.mu.Lock()
		if c.serving--; c.serving == 0 && !c.closed {
			c.elem = l.waiting.PushBack(c)
		}
		l.mu.Unlock()
	}
}

type connKey struct{}

// connContext is http.Server's ConnContext: it keeps the connection in
// the context of its requests, for guardHandlers.
func connContext(ctx context.Context, c net.Conn) context.Context {
	if lc, ok := c.(*limitedConn); ok {
		return context.WithValue(ctx, connKey{}, lc)
	}
	return ctx
}

// guardHandlers marks a connection as inside a handler while h serves a
// request of it, so that making room for new connections never cuts an
// answer (a download, a live stream) short.
func guardHandlers(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if lc, ok := r.Context().Value(connKey{}).(*limitedConn); ok {
			defer lc.inHandler()()
		}
		h.ServeHTTP(w, r)
	})
}

// connClient is who a connection is counted for: its address, an IPv6
// one by its /64. (Behind a reverse proxy every connection is the
// proxy's: give it -conns-per-client 0 and let the proxy bound clients.)
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
