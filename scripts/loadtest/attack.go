//go:build linux

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
// passwords beside the right one, from one address), then issue 33's
// crowds of many addresses: crowd and writes (attack_crowd.go), draw and
// flood (attack_crowd2.go, with what the later ones share), history and
// exports (attack_history.go), slowloris (attack_slowloris.go), hardlink,
// v6, bidi and rematch (attack_records.go). Each other is in
// attack_NAME.go; what they share to measure is in attack_measure.go.
// With -bin-before every scenario runs against that binary first, then
// against -bin, so before and after come from the same run.
//
// For each it prints GET /'s latency alone and under the attack (sampled
// every 10 ms by a client of its own), the server's RSS and CPU during
// the attack, and what the attackers got. Client and server share the
// machine's cores, so the figures include the client's own work.
func attack(args []string) error {
	fs := flag.NewFlagSet("attack", flag.ContinueOnError)
	bin := fs.String("bin", "", "the ruthless binary to attack")
	dir := fs.String("dir", "", "scratch directory for the databases and logs")
	before := fs.String("bin-before", "", "an older ruthless binary: each scenario runs against it first, then against -bin, in the same run (before → after)")
	only := fs.String("only", strings.Join(scenarioOrder, ","), "scenarios to run, separated by commas")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *bin == "" || *dir == "" {
		return errors.New("attack: -bin and -dir are required")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// Without -bin-before each scenario runs once; with it, twice, the
	// older binary first, so the two sets of figures come from the same
	// minute of a shared machine.
	runs := []struct{ label, bin string }{{"", *bin}}
	if *before != "" {
		runs = []struct{ label, bin string }{{"before", *before}, {"after", *bin}}
	}
	for _, name := range strings.Split(*only, ",") {
		name = strings.TrimSpace(name)
		sc, ok := scenarios[name]
		if !ok {
			return fmt.Errorf("attack: no scenario %q (want one of %s)", name, strings.Join(scenarioOrder, ", "))
		}
		for _, r := range runs {
			sub := name
			if r.label != "" {
				fmt.Printf("---- %s %s (%s)\n", name, r.label, r.bin)
				sub += "-" + r.label
			}
			if err := runScenario(ctx, r.bin, *before, *dir, sub, sc); err != nil {
				return fmt.Errorf("%s: %w", sub, err)
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
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
	// nofile, when set, is the server's open files limit (soft and hard),
	// so that it stays what a server is given while the client raises
	// its own to hold more connections than that (slowloris).
	nofile int
}

// scenarioOrder is the order -only's default runs them in: about
// fourteen minutes in all (twice that with -bin-before).
var scenarioOrder = []string{"flush", "explain", "streams", "import", "slowbody", "csv", "second", "disk", "lockout",
	"crowd", "writes", "draw", "history", "slowloris", "exports", "hardlink", "v6", "bidi", "rematch", "flood"}

// Issue 33's phases set their limits by environment variables only: a
// binary older than a variable ignores it, where an unknown flag would
// stop it from starting, so the same phase runs against both.

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
	"draw":     {run: drawAttack, env: []string{"RUTHLESS_NEW_GAMES_PER_MINUTE=0"}},
	"history":  {run: historyAttack},
	// The machine's own limit, which the client raises above for itself.
	"slowloris": {run: slowlorisAttack, nofile: 20_000},
	"exports":   {run: exportsAttack, env: []string{"RUTHLESS_IMPORTED_GAMES_PER_HOUR=0"}},
	"hardlink":  {run: hardlinkAttack, env: []string{"RUTHLESS_NEW_GAMES_PER_MINUTE=0"}},
	"v6":        {run: v6Attack, env: []string{"RUTHLESS_TRUSTED_PROXIES=127.0.0.1"}},
	"bidi":      {run: bidiAttack},
	"rematch":   {run: rematchAttack},
	// The default rate, which runScenario otherwise turns off.
	"flood": {run: floodAttack, env: []string{"RUTHLESS_REQUESTS_PER_MINUTE=1200"}},
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
	// before is -bin-before, when given: the bidi scenario makes its old
	// data with it.
	before string
	// serveEnv is all the server was started with, to start it again.
	serveEnv []string
}

// runScenario starts a server of its own for the scenario, with the GC
// trace on, and stops it after; no scenario runs longer than a minute,
// but exports (two, most of it storing the history).
func runScenario(ctx context.Context, bin, before, dir, name string, sc scenario) error {
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
	srv, err := startLimited(ctx, logPath, env, sc.nofile, bin, "serve", "-addr", "127.0.0.1:0", "-db", db)
	if err != nil {
		return err
	}
	defer srv.stop()
	ctx, cancel := context.WithTimeout(ctx, 4*time.Minute)
	defer cancel()
	t := &target{srv: srv, base: srv.base, host: strings.TrimPrefix(srv.base, "http://"), log: logPath, home: clientFrom("127.0.0.1", 2),
		bin: bin, dir: sub, db: db, env: sc.env, before: before, serveEnv: env}
	// A scenario may have restarted the server (history).
	defer func() {
		if t.srv != srv {
			t.srv.stop()
		}
	}()
	start := time.Now()
	err = sc.run(ctx, t)
	fmt.Printf("(scenario took %.1f s)\n\n", time.Since(start).Seconds())
	return err
}

// startLimited is startServerEnv with the child's open files limit set
// to nofile first (by the shell's ulimit, which then runs the binary in
// its place), or as inherited when nofile is 0.
func startLimited(ctx context.Context, logPath string, env []string, nofile int, bin string, args ...string) (*server, error) {
	if nofile <= 0 {
		return startServerEnv(ctx, logPath, env, bin, args...)
	}
	sh := []string{"-c", fmt.Sprintf(`ulimit -n %d && exec "$0" "$@"`, nofile), bin}
	return startServerEnv(ctx, logPath, env, "/bin/sh", append(sh, args...)...)
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
