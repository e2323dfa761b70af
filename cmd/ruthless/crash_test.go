package main

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
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

// These tests run the real binary, as a table would: built once per test
// run, started on a free loopback port over a real database file.

var (
	binaryOnce sync.Once
	binaryPath string
	binaryErr  error
)

// binary builds ./cmd/ruthless into a temporary folder, once.
func binary(t *testing.T) string {
	t.Helper()
	binaryOnce.Do(func() {
		dir, err := os.MkdirTemp("", "ruthless-bin-")
		if err != nil {
			binaryErr = err
			return
		}
		binaryPath = filepath.Join(dir, "ruthless")
		out, err := exec.Command("go", "build", "-o", binaryPath, ".").CombinedOutput()
		if err != nil {
			binaryErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binaryErr != nil {
		t.Fatal(binaryErr)
	}
	return binaryPath
}

// server is the real binary serving a database file.
type server struct {
	cmd    *exec.Cmd
	base   string        // http://127.0.0.1:port
	exited chan struct{} // closed when the process has exited; then err is its end
	err    error
}

// startBinary starts `ruthless serve` on a free loopback port and waits
// for the address it prints.
func startBinary(t *testing.T, db string) *server {
	t.Helper()
	return runServer(t, exec.Command(binary(t), "serve", "-addr", "127.0.0.1:0", "-db", db), nil)
}

// runServer starts cmd, a `ruthless serve`, waits for the address it
// prints and stops it when the test ends. Its standard error goes to log,
// or nowhere when log is nil.
func runServer(t *testing.T, cmd *exec.Cmd, log *lockedBuffer) *server {
	t.Helper()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if log != nil {
		cmd.Stderr = log
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{cmd: cmd, exited: make(chan struct{})}
	lines := bufio.NewScanner(stdout)
	for lines.Scan() {
		if url, ok := strings.CutPrefix(lines.Text(), "ruthless: open "); ok {
			s.base = url
			break
		}
	}
	if s.base == "" {
		cmd.Process.Kill()
		cmd.Wait()
		if log != nil {
			t.Fatalf("the server printed no address; its log:\n%s", log)
		}
		t.Fatalf("the server printed no address")
	}
	go io.Copy(io.Discard, stdout)
	go func() {
		s.err = cmd.Wait()
		close(s.exited)
	}()
	t.Cleanup(func() {
		s.cmd.Process.Kill()
		<-s.exited
	})
	return s
}

// ack is a save the server answered 2xx: it must survive anything.
type ack struct {
	version int
	coins   int
}

// saveLoop has one client per seat save its round-1 entry over and over
// (a new coin count each time) until stop closes, and returns each seat's
// last acknowledged save and the one it had in flight. It counts the
// acknowledged saves in acks, when not nil, for a test to wait for the
// first few (a fixed sleep may see none on a busy machine).
func saveLoop(base, id string, seats int, stop <-chan struct{}, acks *atomic.Int64) (acked, inFlight []ack) {
	acked = make([]ack, seats)
	inFlight = make([]ack, seats)
	client := &http.Client{Timeout: 10 * time.Second}
	var wg sync.WaitGroup
	for seat := range seats {
		wg.Add(1)
		go func() {
			defer wg.Done()
			card := scoring.Deck(seats)[seat].String() // a card of this seat's own (R4.1)
			for i := 1; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				coins := i % 100
				body := fmt.Sprintf(`{"pool": [%q], "coins": %d, "version": %d}`, card, coins, acked[seat].version)
				inFlight[seat] = ack{acked[seat].version + 1, coins}
				req, _ := http.NewRequest(http.MethodPut, fmt.Sprintf("%s/api/games/%s/rounds/1/entries/%d", base, id, seat), strings.NewReader(body))
				resp, err := client.Do(req)
				if err != nil {
					return // the server is gone
				}
				var out struct{ Version int }
				json.NewDecoder(resp.Body).Decode(&out)
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK {
					acked[seat] = ack{out.Version, coins}
					if acks != nil {
						acks.Add(1)
					}
				}
			}
		}()
	}
	wg.Wait()
	return acked, inFlight
}

// checkDurable opens the database after the server is gone and checks that
// every acknowledged save is there (or the one in flight after it), and
// that SQLite finds the file sound.
func checkDurable(t *testing.T, db, id string, acked, inFlight []ack) {
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
	for seat, a := range acked {
		got, version := 0, 0
		if len(g.File.Rounds) > 0 && g.File.Rounds[0][seat] != nil {
			got, version = g.File.Rounds[0][seat].Coins, g.EntryVersions[0][seat]
		}
		switch {
		case version == a.version && got == a.coins:
		case version == inFlight[seat].version && got == inFlight[seat].coins:
		default:
			t.Errorf("seat %d: stored version %d with %d coins, but version %d with %d coins was acknowledged", seat, version, got, a.version, a.coins)
		}
	}
	raw, err := sql.Open("sqlite3", db)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var integrity string
	if err := raw.QueryRow("PRAGMA integrity_check").Scan(&integrity); err != nil || integrity != "ok" {
		t.Errorf("PRAGMA integrity_check = %q, %v", integrity, err)
	}
}

// newGame stores a four-player game through the API and returns its id.
func newGame(t *testing.T, base string) string {
	t.Helper()
	resp, err := http.Post(base+"/api/games", "application/json", strings.NewReader(`{"version": 1, "players": ["Ann", "Bob", "Cy", "Di"]}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct{ ID string }
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("POST /api/games: %d, %v", resp.StatusCode, err)
	}
	return out.ID
}

// TestCrashLosesNoSave kills the server with SIGKILL at random moments
// while four clients save, restarts it on the same file, and checks that
// every save it acknowledged is there and the file is sound.
func TestCrashLosesNoSave(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the real binary")
	}
	const kills = 10
	db := filepath.Join(t.TempDir(), "crash.db")
	rng := rand.New(rand.NewPCG(10, 10))
	saves := 0
	for kill := range kills {
		srv := startBinary(t, db)
		id := newGame(t, srv.base)
		stop := make(chan struct{})
		result := make(chan [2][]ack, 1)
		go func() {
			acked, inFlight := saveLoop(srv.base, id, 4, stop, nil)
			result <- [2][]ack{acked, inFlight}
		}()
		time.Sleep(time.Duration(50+rng.IntN(400)) * time.Millisecond)
		srv.cmd.Process.Signal(syscall.SIGKILL)
		<-srv.exited
		close(stop)
		r := <-result
		for _, a := range r[0] {
			saves += a.version
		}
		checkDurable(t, db, id, r[0], r[1])
		if t.Failed() {
			t.Fatalf("after kill %d", kill+1)
		}
	}
	t.Logf("%d SIGKILLs during %d acknowledged saves: none lost, integrity ok", kills, saves)
}

// TestGracefulShutdown sends SIGTERM while clients save: the server must
// finish the saves in flight, refuse new ones, exit 0 and close the
// database (SQLite removes the WAL file when the last connection closes).
func TestGracefulShutdown(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the real binary")
	}
	db := filepath.Join(t.TempDir(), "shutdown.db")
	srv := startBinary(t, db)
	id := newGame(t, srv.base)
	stop := make(chan struct{})
	result := make(chan [2][]ack, 1)
	var acks atomic.Int64
	go func() {
		acked, inFlight := saveLoop(srv.base, id, 4, stop, &acks)
		result <- [2][]ack{acked, inFlight}
	}()
	eventually(t, "4 saves acknowledged", func() bool { return acks.Load() >= 4 })
	srv.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-srv.exited:
		if srv.err != nil {
			t.Errorf("the server exited with %v after SIGTERM, want status 0", srv.err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not exit within 30 s of SIGTERM")
	}
	close(stop)
	r := <-result
	if _, err := http.Get(srv.base + "/"); err == nil {
		t.Error("the server still answers after its shutdown")
	}
	if info, err := os.Stat(db + "-wal"); err == nil && info.Size() > 0 {
		t.Errorf("a %d-byte WAL file is left: the database was not closed", info.Size())
	}
	checkDurable(t, db, id, r[0], r[1])
	saves := 0
	for _, a := range r[0] {
		saves += a.version
	}
	t.Logf("SIGTERM during %d acknowledged saves: exit 0, none lost, database closed", saves)
}
