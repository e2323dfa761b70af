package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"text/tabwriter"
	"time"

	"ruthless/scoring"
)

// attack runs the hostile clients' scenarios against the real binary, one
// fresh server (and database) each, on loopback only, as
// `loadtest attack -bin ruthless -dir TMP [-only flush,explain,...]`:
//
//   - flush: 30 games of slow pools are stored, then 20,001 different
//     cheap pools are posted to /api/solve, more than the party cache
//     holds. Does any page go back to its cold time?
//   - explain: 16 clients ask /solve, with its "why not more?", first for
//     one pool whose explanation takes most of a second, then for
//     hundreds of such pools; then /rules, a page with nothing to solve,
//     as a control.
//   - streams: 10,000 event streams from one address, then 4,000 from 250
//     addresses; with as many as were let in idle, the server's CPU and
//     its collector's, and how long one save takes to reach them all.
//
// and, in attack_more.go, import (uploads past the import caps), slowbody
// (bodies that stall), csv (names that are formulas), second (a second
// server on the database), disk (a full disk, a read-only one) and
// lockout (wrong passwords beside the right one, from one address).
//
// For each it prints GET /'s latency alone and under the attack (sampled
// every 10 ms by a client of its own), the server's RSS and CPU during
// the attack, and what the attackers got. Client and server share the
// machine's cores, so the figures include the client's own work.
func attack(args []string) error {
	fs := flag.NewFlagSet("attack", flag.ContinueOnError)
	bin := fs.String("bin", "", "the ruthless binary to attack")
	dir := fs.String("dir", "", "scratch directory for the databases and logs")
	only := fs.String("only", strings.Join(scenarioOrder, ","), "scenarios to run, separated by commas")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *bin == "" || *dir == "" {
		return errors.New("attack: -bin and -dir are required")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	for _, name := range strings.Split(*only, ",") {
		sc, ok := scenarios[strings.TrimSpace(name)]
		if !ok {
			return fmt.Errorf("attack: no scenario %q (want one of %s)", name, strings.Join(scenarioOrder, ", "))
		}
		if err := runScenario(ctx, *bin, *dir, strings.TrimSpace(name), sc); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	return nil
}

// scenario is one attack and what its server needs besides the usual.
type scenario struct {
	run func(context.Context, *target) error
	// env is added to the server's environment (a password, a shorter
	// read timeout).
	env []string
	// tmpfs puts the database on a small tmpfs of its own, mounted for
	// the scenario and unmounted after (disk).
	tmpfs bool
}

// scenarioOrder is the order -only's default runs them in: about four
// minutes in all.
var scenarioOrder = []string{"flush", "explain", "streams", "import", "slowbody", "csv", "second", "disk", "lockout"}

var scenarios = map[string]scenario{
	"flush":    {run: flushAttack},
	"explain":  {run: explainAttack},
	"streams":  {run: streamsAttack},
	"import":   {run: importAttack},
	"slowbody": {run: slowbodyAttack, env: []string{"RUTHLESS_READ_TIMEOUT=" + slowReadTimeout.String()}},
	"csv":      {run: csvAttack},
	"second":   {run: secondAttack},
	"disk":     {run: diskAttack, tmpfs: true},
	"lockout":  {run: lockoutAttack, env: []string{"RUTHLESS_PASSWORD=" + tablePassword}},
}

// target is the server a scenario attacks.
type target struct {
	srv  *server
	base string
	host string // 127.0.0.1:PORT
	log  string // the server's stderr, where its GC trace goes
	home *http.Client
	bin  string // the binary, for the scenarios that start another
	dir  string // the scenario's scratch directory
	db   string // the server's database
	env  []string
}

// runScenario starts a server of its own for the scenario, with the GC
// trace on, and stops it after; no scenario runs longer than a minute.
func runScenario(ctx context.Context, bin, dir, name string, sc scenario) error {
	// A fresh database each time: the cold figures need one.
	sub := filepath.Join(dir, name)
	if err := os.RemoveAll(sub); err != nil {
		return err
	}
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return err
	}
	dbDir := sub
	if sc.tmpfs {
		dbDir = filepath.Join(sub, "tmpfs")
		if err := mountTmpfs(dbDir, tmpfsSize); err != nil {
			fmt.Printf("== %s: skipped: cannot mount a tmpfs (%v)\n\n", name, err)
			return nil
		}
		defer unmount(dbDir)
	}
	logPath := filepath.Join(sub, "ruthless.log")
	env := append([]string{"GODEBUG=gctrace=1"}, sc.env...)
	db := filepath.Join(dbDir, "x.db")
	srv, err := startServerEnv(ctx, logPath, env, bin,
		"serve", "-addr", "127.0.0.1:0", "-db", db)
	if err != nil {
		return err
	}
	defer srv.stop()
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	t := &target{srv: srv, base: srv.base, host: strings.TrimPrefix(srv.base, "http://"), log: logPath, home: clientFrom("127.0.0.1", 2),
		bin: bin, dir: sub, db: db, env: sc.env}
	start := time.Now()
	err = sc.run(ctx, t)
	fmt.Printf("(scenario took %.1f s)\n\n", time.Since(start).Seconds())
	return err
}

// clientFrom is an HTTP client whose connections come from ip, a
// loopback address: the server tells clients apart by address.
func clientFrom(ip string, conns int) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = d.DialContext
	tr.MaxIdleConns = conns
	tr.MaxIdleConnsPerHost = conns
	return &http.Client{Transport: tr, Timeout: 30 * time.Second}
}

// latencies are GET /'s times in one phase.
type latencies []time.Duration

func (l latencies) row(name string) string {
	if len(l) == 0 {
		return name + "\t0\t-\t-\t-\t"
	}
	d := slices.Clone(l)
	slices.Sort(d)
	q := func(p float64) string { return ms(d[min(len(d)-1, int(p*float64(len(d))))]) }
	return fmt.Sprintf("%s\t%d\t%s\t%s\t%s\t", name, len(d), q(0.5), q(0.99), ms(d[len(d)-1]))
}

// timeGet is one GET and how long it took, body read; an error for
// anything but 200.
func timeGet(ctx context.Context, client *http.Client, u string) (time.Duration, error) {
	start := time.Now()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return 0, err
	}
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if _, err := io.Copy(io.Discard, res.Body); err != nil {
		return 0, err
	}
	if res.StatusCode != http.StatusOK {
		return time.Since(start), fmt.Errorf("GET %s: %s", u, res.Status)
	}
	return time.Since(start), nil
}

// sampleHome gets / every 10 ms until stop is closed (or for d when stop
// is nil) and counts the answers that were not 200.
func sampleHome(ctx context.Context, t *target, d time.Duration, stop <-chan struct{}) (latencies, int) {
	var l latencies
	bad := 0
	end := time.Now().Add(d)
	for ctx.Err() == nil {
		if stop == nil && time.Now().After(end) {
			break
		}
		if stop != nil {
			select {
			case <-stop:
				return l, bad
			default:
			}
		}
		took, err := timeGet(ctx, t.home, t.base+"/")
		if err != nil {
			bad++
		} else {
			l = append(l, took)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return l, bad
}

// usage is what the server used during a phase: its CPU time (user and
// system) and its peak RSS.
type usage struct {
	cpu, wall time.Duration
	rss       rssStats
}

func (u usage) String() string {
	return fmt.Sprintf("server RSS peak %s (last %s), CPU %.2f s in %.1f s (%.0f%% of one core)",
		mib(u.rss.peakKB), mib(u.rss.lastKB), u.cpu.Seconds(), u.wall.Seconds(), 100*u.cpu.Seconds()/u.wall.Seconds())
}

// measure runs phase while sampling GET / and the server's RSS and CPU.
func measure(ctx context.Context, t *target, phase func()) (latencies, int, usage) {
	pid := t.srv.cmd.Process.Pid
	stopRSS := make(chan struct{})
	rss := sampleRSS(pid, stopRSS)
	cpu0, _ := cpuTime(pid)
	start := time.Now()
	done := make(chan struct{})
	var l latencies
	var bad int
	sampled := make(chan struct{})
	go func() { l, bad = sampleHome(ctx, t, 0, done); close(sampled) }()
	phase()
	close(done)
	<-sampled
	cpu1, _ := cpuTime(pid)
	close(stopRSS)
	return l, bad, usage{cpu: cpu1 - cpu0, wall: time.Since(start), rss: <-rss}
}

// cpuTime is a process's user and system CPU time, from /proc/PID/stat.
func cpuTime(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command name may hold spaces; the fields after it do not.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+2:]))
	if len(f) < 13 {
		return 0, errors.New("short /proc stat")
	}
	ut, _ := strconv.Atoi(f[11])
	st, _ := strconv.Atoi(f[12])
	const hz = 100 // USER_HZ on Linux
	return time.Duration(ut+st) * time.Second / hz, nil
}

// tally counts answers by status.
type tally struct {
	mu sync.Mutex
	m  map[string]int
}

func (t *tally) add(k string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil {
		t.m = map[string]int{}
	}
	t.m[k]++
}

func (t *tally) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	keys := make([]string, 0, len(t.m))
	for k := range t.m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s ×%d", k, t.m[k])
	}
	return strings.Join(parts, ", ")
}

// statusOf labels an answer for the tally: the status, with Retry-After
// when a refusal carries one.
func statusOf(res *http.Response, err error) string {
	if err != nil {
		return "error"
	}
	s := strconv.Itoa(res.StatusCode)
	if res.StatusCode >= 400 && res.Header.Get("Retry-After") != "" {
		s += "+Retry-After"
	}
	return s
}

// postGame stores a game file through the API, from client.
func postGame(client *http.Client, base string, g any) (string, error) {
	body, err := json.Marshal(g)
	if err != nil {
		return "", err
	}
	res, err := client.Post(base+"/api/games", "application/json", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var out struct{ ID, Error, Field string }
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != http.StatusCreated {
		return "", fmt.Errorf("POST /api/games: %s: %s (%s) %v", res.Status, out.Error, out.Field, err)
	}
	return out.ID, nil
}

// slowestPool is the costliest pool of scoring/testdata/adversarial.txt
// (handlers/load_test.go): about 0.1–0.2 s on one core.
const slowestPool = "A2 A3 A6 A7 AP H2 H5 H6 H7 HP K1 K7 KC* KP X1 X4 X5 XQ XC XP S4 SQ SC* SP"

// slowGames are n three-player games, one round each, whose first seat
// holds the slowest pool less two of its pirates (a different two each,
// so no game's solve serves another's).
func slowGames(n int) []map[string]any {
	cards := strings.Fields(slowestPool)
	var fixed []int
	for i, c := range cards {
		if !strings.HasSuffix(c, "P") && !strings.HasSuffix(c, "*") {
			fixed = append(fixed, i)
		}
	}
	var games []map[string]any
	for a := 0; a < len(fixed) && len(games) < n; a++ {
		for b := a + 1; b < len(fixed) && len(games) < n; b++ {
			var pool []string
			for i, c := range cards {
				if i != fixed[a] && i != fixed[b] {
					pool = append(pool, c)
				}
			}
			games = append(games, map[string]any{
				"version": 1, "players": []string{"Lucy", "Craig", "Julie"}, "start_player": 0,
				"achievements": []string{"richest", "merciless"},
				"rounds": [][]map[string]any{{
					{"pool": pool, "coins": 1}, {"pool": []string{"A1"}, "coins": 0}, {"pool": []string{"H1"}, "coins": 2},
				}},
			})
		}
	}
	return games
}

// cheapPools are n different pools of 6–10 cards with at most 2 wilds:
// solved in microseconds, each a new entry in the party cache.
func cheapPools(n int) [][]string {
	deck := scoring.Deck(4)
	rng := rand.New(rand.NewPCG(3, 5))
	seen := map[string]bool{}
	var pools [][]string
	for len(pools) < n {
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		size := 6 + rng.IntN(5)
		var pool []string
		wilds := 0
		for _, c := range deck {
			if len(pool) == size {
				break
			}
			if c.Rank == scoring.Parrot {
				if wilds == 2 {
					continue
				}
				wilds++
			}
			pool = append(pool, c.String())
		}
		key := slices.Clone(pool)
		slices.Sort(key)
		if k := strings.Join(key, ","); !seen[k] {
			seen[k] = true
			pools = append(pools, pool)
		}
	}
	return pools
}

// flushAttack: 30 games of slow pools; GET / cold, warm, while 20,001
// different cheap pools are posted, and after.
func flushAttack(ctx context.Context, t *target) error {
	fmt.Println("== flush: 30 games of slow pools stored; 20,001 different cheap pools posted to /api/solve by 8 workers")
	games := slowGames(30)
	var ids []string
	for i, g := range games {
		// Ten new games a minute per address: three addresses.
		id, err := postGame(clientFrom(fmt.Sprintf("127.0.1.%d", 1+i/10), 1), t.base, g)
		if err != nil {
			return err
		}
		ids = append(ids, id)
	}
	cold, err := timeGet(ctx, t.home, t.base+"/")
	if err != nil {
		return err
	}
	// The other games' pages, so that every game is warm.
	for _, id := range ids {
		if _, err := timeGet(ctx, t.home, t.base+"/games/"+id); err != nil {
			return err
		}
	}
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)

	pools := cheapPools(20_001)
	var next atomic.Int64
	var answers tally
	client := clientFrom("127.0.2.1", 8)
	during, bad, use := measure(ctx, t, func() {
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				for ctx.Err() == nil {
					i := int(next.Add(1)) - 1
					if i >= len(pools) {
						return
					}
					body, _ := json.Marshal(map[string]any{"cards": pools[i], "players": 4})
					res, err := client.Post(t.base+"/api/solve", "application/json", bytes.NewReader(body))
					answers.add(statusOf(res, err))
					if err == nil {
						_, _ = io.Copy(io.Discard, res.Body)
						res.Body.Close()
					}
				}
			})
		}
		wg.Wait()
	})
	afterHome, err := timeGet(ctx, t.home, t.base+"/")
	if err != nil {
		return err
	}
	var afterGames latencies
	for _, id := range ids {
		d, err := timeGet(ctx, t.home, t.base+"/games/"+id)
		if err != nil {
			return err
		}
		afterGames = append(afterGames, d)
	}
	after, afterBad := sampleHome(ctx, t, 2*time.Second, nil)

	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "GET /\tn\tp50\tp99\tmax\t")
	fmt.Fprintf(tw, "cold (new server, first request)\t1\t%s\t%s\t%s\t\n", ms(cold), ms(cold), ms(cold))
	fmt.Fprintln(tw, base.row("baseline (warm)"))
	fmt.Fprintln(tw, during.row("during the attack"))
	fmt.Fprintf(tw, "first after the attack\t1\t%s\t%s\t%s\t\n", ms(afterHome), ms(afterHome), ms(afterHome))
	fmt.Fprintln(tw, after.row("after the attack"))
	fmt.Fprintln(tw, afterGames.row("GET /games/{id}, each game once after"))
	_ = tw.Flush()
	fmt.Printf("%s\nattack answers: %s; GET / not 200: %d baseline, %d during, %d after\n", use, &answers, baseBad, bad, afterBad)
	return nil
}

// explainPool is a pool whose "why not more?" takes most of a second of
// one core, though cheap to solve (15 pirates, 3 wilds).
const explainPool = "X5 K4 K6 H1 H5 H2 HQ XP KQ X2 HC A7 XC* H4 AP K2 K3 S3"

// explainPools are pools like explainPool, each with one of its plain
// pirates swapped for one it lacks: as hard to explain, or nearly, and
// none in the cache before.
func explainPools() []string {
	cards := strings.Fields(explainPool)
	in := map[string]bool{}
	for _, c := range cards {
		in[strings.TrimSuffix(c, "*")] = true
	}
	var out []string
	for _, swap := range scoring.Deck(4) {
		code := swap.String()
		if in[code] || swap.Rank == scoring.Parrot || swap.Rank == scoring.Cpt {
			continue
		}
		for i, c := range cards {
			if strings.HasSuffix(c, "P") || strings.HasSuffix(c, "*") || strings.HasSuffix(c, "C") {
				continue
			}
			pool := slices.Clone(cards)
			pool[i] = code
			out = append(out, strings.Join(pool, ","))
		}
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// explainAttack: 16 clients on /solve, one pool, then many.
func explainAttack(ctx context.Context, t *target) error {
	fmt.Println("== explain: 16 clients GET /solve (best party and \"why not more?\"), 8 s on one pool, then 8 s on many; then 8 s of GET /rules as a control")
	if _, err := postGame(t.home, t.base, smallGame()); err != nil {
		return err
	}
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)
	fmt.Printf("one such explanation alone: ")
	one, err := timeGet(ctx, clientFrom("127.0.3.1", 1), t.base+"/solve?players=4&cards="+strings.ReplaceAll(explainPool, " ", ","))
	if err != nil {
		fmt.Println(err)
	} else {
		fmt.Println(ms(one))
	}
	many := explainPools()
	solve := "/solve?players=4&cards="
	phases := []struct {
		name string
		path func(i int) string
	}{
		{"one pool", func(int) string { return solve + strings.ReplaceAll(explainPool, " ", ",") }},
		{fmt.Sprintf("%d pools", len(many)), func(i int) string { return solve + many[i%len(many)] }},
		// The same flood on a page with nothing to solve: what 16 clients
		// asking back to back cost whatever they ask.
		{"GET /rules (control)", func(int) string { return "/rules" }},
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "GET /\tn\tp50\tp99\tmax\t")
	fmt.Fprintln(tw, base.row("baseline"))
	var notes []string
	for _, ph := range phases {
		var answers tally
		var next atomic.Int64
		client := clientFrom("127.0.3.2", 16)
		during, bad, use := measure(ctx, t, func() {
			ctx, cancel := context.WithTimeout(ctx, 8*time.Second)
			defer cancel()
			var wg sync.WaitGroup
			for range 16 {
				wg.Go(func() {
					for ctx.Err() == nil {
						u := t.base + ph.path(int(next.Add(1)))
						req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
						res, err := client.Do(req)
						if ctx.Err() != nil {
							if err == nil {
								res.Body.Close()
							}
							return // cut short by the phase's end: no answer
						}
						answers.add(statusOf(res, err))
						if err == nil {
							_, _ = io.Copy(io.Discard, res.Body)
							res.Body.Close()
						}
					}
				})
			}
			wg.Wait()
		})
		fmt.Fprintln(tw, during.row("16 clients, "+ph.name))
		notes = append(notes, fmt.Sprintf("%s: %s; answers: %s; GET / not 200: %d", ph.name, use, &answers, bad))
	}
	_ = tw.Flush()
	fmt.Printf("%s\nGET / not 200 in the baseline: %d\n", strings.Join(notes, "\n"), baseBad)
	return nil
}

// smallGame is a three-player game in its first round, the last seat not
// entered yet.
func smallGame() map[string]any {
	return map[string]any{
		"version": 1, "players": []string{"Lucy", "Craig", "Julie"}, "start_player": 0,
		"achievements": []string{"richest", "merciless"},
		"rounds": [][]map[string]any{{
			{"pool": []string{"H2", "H3", "A4", "S6", "K6"}, "coins": 3}, {"pool": []string{"S1", "S7", "SP"}, "coins": 1}, nil,
		}},
	}
}

// stream is an event stream the attacker holds open.
type stream struct {
	conn net.Conn
	body *bufio.Reader
}

// openStream asks for a game's event stream from address ip, over a
// connection of its own; it returns the stream when let in, and the
// status either way.
func openStream(ctx context.Context, t *target, ip, path string) (*stream, string) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", t.host)
	if err != nil {
		return nil, "dial error"
	}
	_ = conn.SetDeadline(time.Now().Add(15 * time.Second))
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\n\r\n", path, t.host)
	br := bufio.NewReader(conn)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		conn.Close()
		return nil, "error"
	}
	status := statusOf(res, nil)
	if res.StatusCode != http.StatusOK {
		conn.Close()
		return nil, status
	}
	s := &stream{conn: conn, body: bufio.NewReader(res.Body)}
	// The first event, the game's version, says the stream is live.
	if _, err := s.next(); err != nil {
		conn.Close()
		return nil, "200, no event"
	}
	_ = conn.SetDeadline(time.Time{})
	return s, status
}

// next reads the stream to its next version and returns it.
func (s *stream) next() (string, error) {
	for {
		line, err := s.body.ReadString('\n')
		if err != nil {
			return "", err
		}
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "data:"); ok {
			return v, nil
		}
	}
}

// openStreams opens n streams, 128 at a time, from the addresses given in
// turn (ip(i) for the i-th), and returns those let in.
func openStreams(ctx context.Context, t *target, path string, n int, ip func(i int) string, answers *tally) []*stream {
	var mu sync.Mutex
	var open []*stream
	sem := make(chan struct{}, 128)
	var wg sync.WaitGroup
	for i := range n {
		if ctx.Err() != nil {
			break
		}
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			s, status := openStream(ctx, t, ip(i), path)
			answers.add(status)
			if s != nil {
				mu.Lock()
				open = append(open, s)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return open
}

func closeAll(streams []*stream) {
	for _, s := range streams {
		s.conn.Close()
	}
}

// gcTrace sums the GC trace lines the server wrote to its log after
// offset: how many collections, the CPU of their assists, dedicated
// workers and pauses (work), and of their idle workers (idle: CPU that
// nothing else wanted), and the last line's heap sizes.
func gcTrace(path string, offset int64) (n int, work, idle time.Duration, last string) {
	b, err := os.ReadFile(path)
	if err != nil || int64(len(b)) < offset {
		return 0, 0, 0, ""
	}
	for l := range strings.Lines(string(b[offset:])) {
		m := gcLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		n++
		for i, f := range m[1:6] {
			v, _ := strconv.ParseFloat(f, 64)
			d := time.Duration(v * float64(time.Millisecond))
			if i == 3 {
				idle += d
			} else {
				work += d
			}
		}
		last = strings.TrimSpace(m[6])
	}
	return n, work, idle, last
}

// gcLine is a line of GODEBUG=gctrace=1: the five CPU figures (the first
// stop-the-world pause, assists, background workers, idle workers and the
// second pause) and the heap sizes and goal.
var gcLine = regexp.MustCompile(`^gc \d+ @\S+ \S+: \S+ ms clock, ([\d.]+)\+([\d.]+)/([\d.]+)/([\d.]+)\+([\d.]+) ms cpu, (\S+ MB, \S+ MB goal)`)

func logSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// streamsAttack: 10,000 streams from one address, then 4,000 from 250;
// those let in sit idle for 10 s, then one save reaches them all.
func streamsAttack(ctx context.Context, t *target) error {
	fmt.Println("== streams: 10,000 event streams from one address; then 4,000 from 250 addresses, idle 10 s, then one save")
	id, err := postGame(t.home, t.base, smallGame())
	if err != nil {
		return err
	}
	path := "/games/" + id + "/events"
	base, baseBad := sampleHome(ctx, t, 3*time.Second, nil)

	var one tally
	var oneOpen []*stream
	duringOne, badOne, useOne := measure(ctx, t, func() {
		oneOpen = openStreams(ctx, t, path, 10_000, func(int) string { return "127.0.4.1" }, &one)
	})
	closeAll(oneOpen)
	fmt.Printf("one address: %d streams asked in %.1f s\n", 10_000, useOne.wall.Seconds())
	time.Sleep(2 * time.Second) // the server notices them gone

	var many tally
	var manyOpen []*stream
	duringMany, badMany, useMany := measure(ctx, t, func() {
		manyOpen = openStreams(ctx, t, path, 4_000, func(i int) string { return fmt.Sprintf("127.0.%d.%d", 10+i/16/250, 1+i/16%250) }, &many)
	})
	defer closeAll(manyOpen)
	fmt.Printf("250 addresses: %d streams asked in %.1f s\n", 4_000, useMany.wall.Seconds())

	// Idle: nothing but the streams (and GET / every 10 ms).
	pid := t.srv.cmd.Process.Pid
	off := logSize(t.log)
	cpu0, _ := cpuTime(pid)
	idle, badIdle := sampleHome(ctx, t, 10*time.Second, nil)
	cpu1, _ := cpuTime(pid)
	idleRSS, _ := rssKB(pid)
	gcs, gcWork, gcIdle, heap := gcTrace(t.log, off)

	// One save, to every stream let in.
	got := make(chan time.Duration, len(manyOpen))
	start := time.Now()
	for _, s := range manyOpen {
		go func() {
			_ = s.conn.SetReadDeadline(time.Now().Add(20 * time.Second))
			if _, err := s.next(); err == nil {
				got <- time.Since(start)
				return
			}
			got <- -1
		}()
	}
	body := `{"pool": ["H5", "H6", "H7"], "coins": 0, "version": 0}`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPut, t.base+"/api/games/"+id+"/rounds/1/entries/2", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	res, err := t.home.Do(req)
	saved := time.Since(start)
	if err != nil {
		return err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	var fan latencies
	lost := 0
	for range manyOpen {
		if d := <-got; d >= 0 {
			fan = append(fan, d)
		} else {
			lost++
		}
	}

	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "GET /\tn\tp50\tp99\tmax\t")
	fmt.Fprintln(tw, base.row("baseline"))
	fmt.Fprintln(tw, duringOne.row("10,000 streams asked from one address"))
	fmt.Fprintln(tw, duringMany.row("4,000 streams asked from 250 addresses"))
	fmt.Fprintln(tw, idle.row(fmt.Sprintf("%d streams open, idle", len(manyOpen))))
	_ = tw.Flush()
	fmt.Printf("one address: %d let in; answers: %s; %s; GET / not 200: %d\n", len(oneOpen), &one, useOne, badOne)
	fmt.Printf("250 addresses: %d let in; answers: %s; %s; GET / not 200: %d\n", len(manyOpen), &many, useMany, badMany)
	fmt.Printf("idle 10 s with %d streams (and GET / every 10 ms): server CPU %.2f s (%.1f%% of one core); %d GCs, their CPU %.0f ms (%.2f%% of one core) besides %.0f ms of idle workers (last: %s); RSS %s; GET / not 200: %d (baseline %d)\n",
		len(manyOpen), (cpu1 - cpu0).Seconds(), 100*(cpu1-cpu0).Seconds()/10, gcs, float64(gcWork)/float64(time.Millisecond),
		100*gcWork.Seconds()/10, float64(gcIdle)/float64(time.Millisecond), heap, mib(idleRSS), badIdle, baseBad)
	if len(fan) > 0 {
		tw = tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "one save → its version on every stream\tn\tp50\tp99\tmax\t")
		fmt.Fprintln(tw, fan.row(fmt.Sprintf("save answered %s (%s)", ms(saved), res.Status)))
		_ = tw.Flush()
	}
	if lost > 0 {
		fmt.Printf("%d streams saw no new version within 20 s\n", lost)
	}
	return nil
}
