package main

import (
	"bytes"
	"database/sql"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestDamagedFileRefusesSaves damages the database file under the real
// binary while a client saves without pause: cut to half its length, or
// one page in its middle overwritten. No save sent after the damage may
// be acknowledged (it would go into a file that a restore of a backup
// replaces); they are refused with 503 and Retry-After, /healthz names
// the integrity check, and the log says so once.
func TestDamagedFileRefusesSaves(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real binary")
	}
	tests := []struct {
		name   string
		damage func(t *testing.T, db string)
	}{
		{"cut to half", func(t *testing.T, db string) {
			info, err := os.Stat(db)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(db, info.Size()/2); err != nil {
				t.Fatal(err)
			}
		}},
		{"damaged page", func(t *testing.T, db string) {
			f, err := os.OpenFile(db, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			info, _ := f.Stat()
			middle := info.Size() / 2 / 4096 * 4096
			if _, err := f.WriteAt(bytes.Repeat([]byte{0xA5}, 4096), middle); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "ruthless.db")
			srv := startLogged(t, db, "-requests-per-minute", "0")
			id := newGame(t, srv.base)
			stop := make(chan struct{})
			savers := make([]saver, 4)
			var saving sync.WaitGroup
			for seat := range savers {
				saving.Go(func() { savers[seat].run(srv.base, id, seat, stop) })
			}
			time.Sleep(time.Second) // saves over several pages
			// The test's own process moves the pages into the file (as
			// a checkpoint does now and then), so the damage hits data;
			// SQLite's locks keep this safe beside the server.
			passiveCheckpoint(t, db)
			tt.damage(t, db)
			damaged := time.Now()
			time.Sleep(1500 * time.Millisecond)
			close(stop)
			saving.Wait()

			before, after, refused := 0, 0, 0
			for i := range savers {
				for _, sent := range savers[i].sentAt {
					if sent.After(damaged) {
						after++
					} else {
						before++
					}
				}
				refused += len(savers[i].refused)
			}
			if after > 0 {
				t.Errorf("%d saves sent after the damage were acknowledged", after)
			}
			if refused == 0 {
				t.Errorf("no save was refused after the damage")
			}
			code, body := healthStatus(t, srv.base)
			if code != http.StatusServiceUnavailable || body["check"] != "integrity" {
				t.Errorf("/healthz after the damage: %d %v, want 503 integrity", code, body)
			}
			resp := putEntry(t, srv.base, id, 0, 7)
			if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
				t.Errorf("a save after the damage: %d, Retry-After %q; want 503 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"))
			}
			if n := strings.Count(srv.log.String(), `msg="database fault: `); n != 1 || !strings.Contains(srv.log.String(), "fault=integrity") {
				t.Errorf("%d fault lines, want 1 naming the integrity fault:\n%s", n, withoutRequests(srv.log.String()))
			}
			t.Logf("%s: %d saves acknowledged before the damage, %d after; %d refused", tt.name, before, after, refused)
		})
	}
}

// TestDamagedSchemaSaysRestore: a server on a file whose first page (the
// schema) is damaged stops with a line that says the file is damaged and
// how to restore a backup, not SQLite's bare "malformed".
func TestDamagedSchemaSaysRestore(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real binary")
	}
	db := filepath.Join(t.TempDir(), "ruthless.db")
	writeGames(t, db, 3).Close()
	f, err := os.OpenFile(db, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Past the 100-byte file header: the schema table's page.
	if _, err := f.WriteAt(bytes.Repeat([]byte{0xA5}, 4096-100), 100); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out, err := exec.Command(binary(t), "serve", "-addr", "127.0.0.1:0", "-db", db).CombinedOutput()
	if err == nil {
		t.Fatalf("the server started on a damaged schema:\n%s", out)
	}
	for _, want := range []string{"damaged", "ruthless restore"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the server's last words do not say %q:\n%s", want, out)
		}
	}
}

// passiveCheckpoint copies what it can of the WAL into the database file
// without waiting for the server's writes, as SQLite does now and then.
func passiveCheckpoint(t *testing.T, db string) {
	t.Helper()
	raw, err := sql.Open("sqlite3", db)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec("PRAGMA wal_checkpoint(PASSIVE)"); err != nil {
		t.Fatalf("checkpoint: %v", err)
	}
}

// putEntry saves seat's round-1 entry through the API with coins, as a
// phone does, whatever the version stored (a conflict is 409, not 503).
func putEntry(t *testing.T, base, id string, seat, coins int) *http.Response {
	t.Helper()
	body := fmt.Sprintf(`{"pool": [], "coins": %d}`, coins)
	req, _ := http.NewRequest(http.MethodPut, fmt.Sprintf("%s/api/games/%s/rounds/1/entries/%d", base, id, seat), strings.NewReader(body))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

// withoutRequests is a server's log without its access-log lines.
func withoutRequests(log string) string {
	var kept []string
	for line := range strings.Lines(log) {
		if !strings.Contains(line, "msg=request ") {
			kept = append(kept, line)
		}
	}
	return strings.Join(kept, "")
}
