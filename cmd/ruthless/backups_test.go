package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a log that the server's goroutines write and the test
// reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// serveBackedUp runs serve with backups as bk says, in this process, and
// returns its address and log once it serves; it stops at the test's end.
func serveBackedUp(t *testing.T, db string, bk backupConfig) (string, *lockedBuffer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	var log lockedBuffer
	done := make(chan error, 1)
	go func() {
		err := serveWith(ctx, serveConfig{addr: "127.0.0.1:0", db: db, backups: bk}, pw, slog.New(slog.NewTextHandler(&log, nil)))
		pw.Close()
		done <- err
	}()
	lines := bufio.NewScanner(pr)
	addr := ""
	for lines.Scan() {
		if u, ok := strings.CutPrefix(lines.Text(), "ruthless: open http://"); ok {
			addr = u
			break
		}
	}
	go io.Copy(io.Discard, pr)
	if addr == "" {
		cancel()
		t.Fatalf("serve stopped before serving: %v", <-done)
	}
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return addr, &log
}

// eventually waits until cond holds, failing the test after a minute.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after a minute, still not: %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// oldSchemaDB writes a database with the schema of the first three
// migrations (from the files in store/migrations, as a program of that
// time applied them) and one game.
func oldSchemaDB(t *testing.T, path string) {
	t.Helper()
	db, err := sql.Open("sqlite3", path+"?_journal_mode=WAL")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_, err = db.Exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied INTEGER NOT NULL)`)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "store", "migrations", "00[123]_*.sql"))
	if len(files) != 3 {
		t.Fatalf("migration files 1-3: found %q", files)
	}
	for i, f := range files {
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(string(body)); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if _, err := db.Exec(`INSERT INTO schema_migrations VALUES (?, ?, 0)`, i+1, filepath.Base(f)); err != nil {
			t.Fatal(err)
		}
	}
	_, err = db.Exec(`INSERT INTO games (id, created, updated, version, start_player, achievements, zero_counts, rounds)
		VALUES ('old', 1, 2, 1, 0, '["richest","merciless"]', 0, 1);
		INSERT INTO players (game_id, seat, name) VALUES ('old', 0, 'Lucy'), ('old', 1, 'Craig');
		INSERT INTO entries (game_id, round, seat, pool, coins, version) VALUES ('old', 1, 0, '["H2"]', 3, 4)`)
	if err != nil {
		t.Fatal(err)
	}
}

// schemaOf is a database file's schema version and its games' players.
func schemaOf(t *testing.T, path string) (version int, players string) {
	t.Helper()
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.QueryRow(`SELECT (SELECT MAX(version) FROM schema_migrations), (SELECT group_concat(game_id || ':' || name, ',') FROM players)`).Scan(&version, &players)
	if err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	return version, players
}

// TestServeBacksUpBeforeMigrationAndAtStart: serve -backup-dir on a
// database of an older schema first copies it as it is (named
// ...-before-vN.db for the newest schema N, holding schema 3 and its game), then migrates it,
// then takes the regular backup of the start, into a folder it makes.
func TestServeBacksUpBeforeMigrationAndAtStart(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "club.db")
	oldSchemaDB(t, db)
	dir := filepath.Join(t.TempDir(), "not", "made", "yet")
	_, log := serveBackedUp(t, db, backupConfig{Dir: dir, Keep: 14})

	before := regexp.MustCompile(`^club-\d{4}-\d\d-\d\dT\d{6}Z-before-v(\d+)\.db$`)
	regular := regexp.MustCompile(`^club-\d{4}-\d\d-\d\dT\d{6}Z\.db$`)
	var names []string
	eventually(t, "a copy before the migration, a start-up and a daily backup", func() bool {
		entries, _ := os.ReadDir(dir)
		names = names[:0]
		for _, e := range entries {
			// A backup still being written has a temporary name: it
			// is not one yet.
			if !strings.HasPrefix(e.Name(), ".partial-") {
				names = append(names, e.Name())
			}
		}
		return len(names) == 3
	})
	var beforeName, regularName string
	newest := 0 // the schema the database is migrated to, named in the copy
	for _, n := range names {
		switch {
		case before.MatchString(n):
			beforeName = n
			newest, _ = strconv.Atoi(before.FindStringSubmatch(n)[1])
		case regular.MatchString(n):
			regularName = n
		}
	}
	if beforeName == "" || regularName == "" {
		t.Fatalf("backup folder holds %q, want one before-vN copy and one regular backup", names)
	}
	if v, players := schemaOf(t, filepath.Join(dir, beforeName)); v != 3 || players != "old:Lucy,old:Craig" {
		t.Errorf("the copy before the migration has schema %d and players %q, want 3 and the old game's", v, players)
	}
	if v, players := schemaOf(t, filepath.Join(dir, regularName)); v != newest || newest <= 3 || players != "old:Lucy,old:Craig" {
		t.Errorf("the backup at start has schema %d and players %q, want %d (above 3) and the old game's", v, players, newest)
	}
	if !strings.Contains(log.String(), `msg="backup made before migrating the schema"`) {
		t.Errorf("the log does not tell of the copy before migrating:\n%s", log)
	}
}

// TestServeGoesOnWhenBackupFails: a backup folder that cannot be made
// (a file stands in its place) is logged with its reason, and the
// server serves all the same.
func TestServeGoesOnWhenBackupFails(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "ruthless.db")
	blocked := filepath.Join(t.TempDir(), "backups")
	if err := os.WriteFile(blocked, []byte("in the way"), 0o644); err != nil {
		t.Fatal(err)
	}
	addr, log := serveBackedUp(t, db, backupConfig{Dir: blocked, Keep: 14})
	// The failure and its retry are two log lines, the retry's written
	// after: wait for both (waiting for the first alone, the retry's line
	// was missing once, in make test under -race).
	eventually(t, "the failed backup and its retry logged", func() bool {
		got := log.String()
		return strings.Contains(got, `msg="backup failed"`) && strings.Contains(got, `msg="backup will be retried"`)
	})
	if got := log.String(); !strings.Contains(got, "not a directory") || !strings.Contains(got, "in=10m0s") {
		t.Errorf("the log does not give the reason and the retry:\n%s", got)
	}
	resp, err := http.Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatalf("GET /healthz: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET /healthz = %d after a failed backup, want 200", resp.StatusCode)
	}
}

// TestServeBackupFlags: -backup-dir and -backups, their variables, and
// the refusal of a count below 1.
func TestServeBackupFlags(t *testing.T) {
	tests := []struct {
		name     string
		env      map[string]string
		args     []string
		wantDir  string
		wantKeep int
		wantErr  string
	}{
		{"none", nil, nil, "", 14, ""},
		{"flags", nil, []string{"-backup-dir", "b", "-backups", "3"}, "b", 3, ""},
		{"environment", map[string]string{"RUTHLESS_BACKUP_DIR": "e", "RUTHLESS_BACKUPS": "5"}, nil, "e", 5, ""},
		{"flags win", map[string]string{"RUTHLESS_BACKUP_DIR": "e", "RUTHLESS_BACKUPS": "5"}, []string{"-backup-dir", "f", "-backups", "2"}, "f", 2, ""},
		{"zero", nil, []string{"-backups", "0"}, "", 0, "-backups must be at least 1, not 0"},
		{"bad variable", map[string]string{"RUTHLESS_BACKUPS": "many"}, nil, "", 0, `RUTHLESS_BACKUPS="many"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("RUTHLESS_BACKUP_DIR", "")
			t.Setenv("RUTHLESS_BACKUPS", "")
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			fs := newFlags("serve")
			flags := addBackupFlags(fs)
			if err := fs.Parse(tt.args); err != nil {
				t.Fatal(err)
			}
			got, err := flags.config(fs)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("config = %+v, %v; want error %q", got, err, tt.wantErr)
				}
				return
			}
			if err != nil || got.Dir != tt.wantDir || got.Keep != tt.wantKeep {
				t.Errorf("config = %+v, %v; want dir %q keep %d", got, err, tt.wantDir, tt.wantKeep)
			}
		})
	}
	code, _, stderr := runMain(t, "", "serve", "-backups", "0")
	if code != exitUsage || !strings.Contains(stderr, "-backups must be at least 1") {
		t.Errorf("serve -backups 0 = %d, %q; want 2 and the reason", code, stderr)
	}
}
