package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"
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
// and import (uploads past the import caps), slowbody (bodies that
// stall), csv (names that are formulas), second (a second server on the
// database), disk (a full disk, a read-only one) and lockout (wrong
// passwords beside the right one, from one address). Each is in
// attack_NAME.go; what they share to measure is in attack_measure.go.
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
var scenarioOrder = []string{"flush", "explain", "streams", "import", "slowbody", "csv", "second", "disk", "lockout", "crowd", "writes"}

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
	"crowd":    {run: crowdAttack, env: []string{"RUTHLESS_PASSWORD=" + tablePassword}},
	"writes":   {run: writesAttack, env: []string{"RUTHLESS_IMPORTED_GAMES_PER_HOUR=0"}},
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
	// The sampler asks for GET / every 10 ms, far above a phone's request
	// rate: the per-client limit is off unless a scenario sets it.
	env := append([]string{"GODEBUG=gctrace=1", "RUTHLESS_REQUESTS_PER_MINUTE=0"}, sc.env...)
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

// noRedirects makes client answer a redirect as it is (303 and its
// Set-Cookie), not follow it.
func noRedirects(client *http.Client) *http.Client {
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return client
}
