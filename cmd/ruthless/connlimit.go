package main

import (
	"flag"
	"fmt"
	"net"
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
// and past that Accept waits for one to close, so that the server never
// runs out of file descriptors ("accept: too many open files") and the
// connections over the total wait in the kernel's queue instead.
type limitListener struct {
	net.Listener
	perClient int
	sem       chan struct{} // one token per open connection
	mu        sync.Mutex
	open      map[string]int
}

func newLimitListener(ln net.Listener, perClient, total int) *limitListener {
	return &limitListener{Listener: ln, perClient: perClient, sem: make(chan struct{}, total), open: map[string]int{}}
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		l.sem <- struct{}{}
		c, err := l.Listener.Accept()
		if err != nil {
			<-l.sem
			return nil, err // http.Server retries what is temporary
		}
		key := connClient(c.RemoteAddr())
		l.mu.Lock()
		if l.perClient > 0 && l.open[key] >= l.perClient {
			l.mu.Unlock()
			c.Close()
			<-l.sem
			continue
		}
		l.open[key]++
		l.mu.Unlock()
		return &limitedConn{Conn: c, l: l, key: key}, nil
	}
}

func (l *limitListener) done(key string) {
	l.mu.Lock()
	if l.open[key]--; l.open[key] <= 0 {
		delete(l.open, key)
	}
	l.mu.Unlock()
	<-l.sem
}

// limitedConn gives its places back when it closes, once.
type limitedConn struct {
	net.Conn
	l    *limitListener
	key  string
	once sync.Once
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.done(c.key) })
	return err
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
