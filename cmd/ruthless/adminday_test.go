package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"ruthless/scoring"
	"ruthless/store"
)

// loggedServer is the real binary serving a database file, with its log
// (standard error) kept for the test to read.
type loggedServer struct {
	*server
	log *lockedBuffer
}

// startLogged starts `ruthless serve` on a free loopback port with extra
// flags, as startBinary does, keeping what it logs.
func startLogged(t *testing.T, db string, flags ...string) *loggedServer {
	t.Helper()
	args := append([]string{"serve", "-addr", "127.0.0.1:0", "-db", db}, flags...)
	log := &lockedBuffer{}
	s := runServer(t, exec.Command(binary(t), args...), log)
	return &loggedServer{server: s, log: log}
}

// stop ends the server with SIGTERM, as systemd does, and waits for it.
func (s *loggedServer) stop(t *testing.T) {
	t.Helper()
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(time.Minute):
		t.Fatal("the server did not stop within a minute of SIGTERM")
	}
}

// saver saves one seat's round-1 entry through the API without pause
// (a new coin count each time, on the version last acknowledged) until
// stop closes. It keeps every save the server acknowledged (200), when
// it was sent, and the answer of every one it refused.
type saver struct {
	mu      sync.Mutex
	acked   []ack
	sentAt  []time.Time // when each acknowledged save was sent
	refused []string
}

func (sv *saver) run(base, id string, seat int, stop <-chan struct{}) {
	client := &http.Client{Timeout: 30 * time.Second}
	card := scoring.Deck(4)[seat].String() // a card of this seat's own (R4.1)
	last := ack{}
	for i := 1; ; i++ {
		select {
		case <-stop:
			return
		default:
		}
		coins := i % 100
		body := fmt.Sprintf(`{"pool": [%q], "coins": %d, "version": %d}`, card, coins, last.version)
		req, _ := http.NewRequest(http.MethodPut, fmt.Sprintf("%s/api/games/%s/rounds/1/entries/%d", base, id, seat), strings.NewReader(body))
		sent := time.Now()
		resp, err := client.Do(req)
		if err != nil {
			sv.mu.Lock()
			sv.refused = append(sv.refused, err.Error())
			sv.mu.Unlock()
			continue
		}
		var out struct {
			Version int
			Error   string
		}
		json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		sv.mu.Lock()
		if resp.StatusCode == http.StatusOK {
			last = ack{out.Version, coins}
			sv.acked = append(sv.acked, last)
			sv.sentAt = append(sv.sentAt, sent)
		} else {
			sv.refused = append(sv.refused, fmt.Sprintf("%d %s", resp.StatusCode, out.Error))
		}
		sv.mu.Unlock()
	}
}

// lastAck is the seat's last acknowledged save (zero for none).
func (sv *saver) lastAck() ack {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	if len(sv.acked) == 0 {
		return ack{}
	}
	return sv.acked[len(sv.acked)-1]
}

// monitor asks /healthz every 100 ms, as a supervisor does, until stop
// closes, and counts the answers that were not 200.
func monitor(base string, stop <-chan struct{}) (polls, unhealthy *atomic.Int64, done <-chan struct{}) {
	polls, unhealthy = new(atomic.Int64), new(atomic.Int64)
	ch := make(chan struct{})
	go func() {
		defer close(ch)
		client := &http.Client{Timeout: 10 * time.Second}
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			polls.Add(1)
			resp, err := client.Get(base + "/healthz")
			if err != nil {
				unhealthy.Add(1)
				continue
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				unhealthy.Add(1)
			}
		}
	}()
	return polls, unhealthy, ch
}

// runCommand runs the binary with args as a separate process, as an
// admin's shell or cron job does, and fails the test unless it exits 0.
func runCommand(t *testing.T, args ...string) {
	t.Helper()
	out, err := exec.Command(binary(t), args...).CombinedOutput()
	if err != nil {
		t.Fatalf("ruthless %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// TestAdminDayWhileServing is an admin's day on a live server: the real
// binary serves, a monitor polls /healthz every 100 ms, a client saves
// games without pause, and export --all, backup, trash and import run as
// separate processes, three times each. No save may be refused, none
// acknowledged may be lost, the -wal file must stay (another process
// deleting it is the sign that the server's locks were dropped), and
// /healthz must answer 200 throughout.
func TestAdminDayWhileServing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real binary")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "ruthless.db")
	// A client saving without pause would meet the per-client request
	// limit, which is not what this test is about.
	srv := startLogged(t, db, "-requests-per-minute", "0")
	if code, body := healthStatus(t, srv.base); code != http.StatusOK {
		t.Fatalf("before the admin's commands: /healthz %d %v", code, body)
	}
	id := newGame(t, srv.base)
	stop := make(chan struct{})
	savers := make([]saver, 4)
	var saving sync.WaitGroup
	for seat := range savers {
		saving.Go(func() { savers[seat].run(srv.base, id, seat, stop) })
	}
	polls, unhealthy, monitored := monitor(srv.base, stop)
	const rounds = 3
	commands := 0
	for round := range rounds {
		gameFile := filepath.Join(dir, fmt.Sprintf("import-%d.json", round))
		os.WriteFile(gameFile, fmt.Appendf(nil, `{"version": 1, "players": ["Eve", "Fay %d"]}`, round), 0o644)
		for _, args := range [][]string{
			{"export", "-db", db, "--all"},
			{"backup", "-db", db, filepath.Join(dir, fmt.Sprintf("backup-%d.db", round))},
			{"trash", "-db", db},
			{"import", "-db", db, gameFile},
		} {
			runCommand(t, args...)
			commands++
			if _, err := os.Stat(db + "-wal"); err != nil {
				t.Errorf("after ruthless %s (round %d): the -wal file is gone (%v): another process took the server's locks for none", args[0], round+1, err)
			}
			time.Sleep(200 * time.Millisecond) // saves and polls go on between commands
		}
	}
	close(stop)
	saving.Wait()
	<-monitored
	if code, body := healthStatus(t, srv.base); code != http.StatusOK {
		t.Errorf("after the admin's commands: /healthz %d %v, want 200", code, body)
	}
	acked, refused := 0, []string{}
	last := make([]ack, len(savers))
	for seat := range savers {
		acked += len(savers[seat].acked)
		refused = append(refused, savers[seat].refused...)
		last[seat] = savers[seat].lastAck()
	}
	if len(refused) > 0 {
		t.Errorf("%d of %d saves refused; the first: %s", len(refused), len(refused)+acked, refused[0])
	}
	if unhealthy.Load() > 0 {
		t.Errorf("/healthz answered other than 200 to %d of %d polls", unhealthy.Load(), polls.Load())
	}
	if acked == 0 {
		t.Fatal("no save was acknowledged")
	}
	srv.stop(t)
	lost := lostSaves(t, db, id, last)
	if lost > 0 {
		t.Errorf("%d of %d seats lost their last acknowledged save after the server stopped", lost, len(last))
	}
	t.Logf("%d admin commands while serving: %d saves acknowledged, %d refused, %d seats' last save lost; /healthz polled %d times, %d not 200",
		commands, acked, len(refused), lost, polls.Load(), unhealthy.Load())
}

// lostSaves opens the database after the server is gone and counts the
// seats whose last acknowledged save (each save supersedes the seat's
// earlier ones) is not what is stored.
func lostSaves(t *testing.T, db, id string, last []ack) int {
	t.Helper()
	st, err := store.Open(db)
	if err != nil {
		t.Fatalf("reopening the database: %v", err)
	}
	defer st.Close()
	g, err := st.Game(context.Background(), id)
	if err != nil {
		t.Fatalf("reading the game: %v", err)
	}
	lost := 0
	for seat, a := range last {
		if a.version == 0 {
			continue
		}
		got, version := 0, 0
		if len(g.File.Rounds) > 0 && g.File.Rounds[0][seat] != nil {
			got, version = g.File.Rounds[0][seat].Coins, g.EntryVersions[0][seat]
		}
		if version != a.version || got != a.coins {
			t.Errorf("seat %d: stored version %d with %d coins, but version %d with %d coins was acknowledged", seat, version, got, a.version, a.coins)
			lost++
		}
	}
	return lost
}
