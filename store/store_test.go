package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

func TestOpenTwiceIsHarmless(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "twice.db")
	ms, err := migrations()
	if err != nil {
		t.Fatalf("migrations: %v", err)
	}
	if len(ms) == 0 {
		t.Fatal("no embedded migrations")
	}

	first, err := Open(path)
	if err != nil {
		t.Fatalf("first Open: %v", err)
	}
	id := create(t, first, setup("Lucy", "Craig"))
	put(t, first, id, 1, 0, entry(t, 2, "H2"), 0)
	if err := first.Close(); err != nil {
		t.Fatalf("first Close: %v", err)
	}

	// Open again while another store holds the same file, as a second
	// process starting up would.
	second, err := Open(path)
	if err != nil {
		t.Fatalf("second Open: %v", err)
	}
	defer second.Close()
	third, err := Open(path)
	if err != nil {
		t.Fatalf("third Open: %v", err)
	}
	defer third.Close()

	var applied, newest int
	err = second.db.QueryRowContext(ctx, `SELECT COUNT(*), MAX(version) FROM schema_migrations`).Scan(&applied, &newest)
	if err != nil {
		t.Fatalf("reading schema_migrations: %v", err)
	}
	if got, want := applied, len(ms); got != want {
		t.Errorf("migrations recorded = %d, want %d", got, want)
	}
	if got, want := newest, ms[len(ms)-1].version; got != want {
		t.Errorf("newest migration = %d, want %d", got, want)
	}
	g := load(t, third, id)
	if got, want := g.File.Players, []string{"Lucy", "Craig"}; len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("players after reopening = %q, want %q", got, want)
	}
	if got, want := g.EntryVersions[0][0], 1; got != want {
		t.Errorf("entry version after reopening = %d, want %d", got, want)
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	t.Parallel()
	s, path := openTest(t)
	_, err := s.db.Exec(`INSERT INTO schema_migrations (version, name, applied) VALUES (999, '999_future.sql', 0)`)
	if err != nil {
		t.Fatalf("faking a future migration: %v", err)
	}
	again, err := Open(path)
	if err == nil {
		again.Close()
		t.Fatal("Open of a database from a newer program succeeded, want an error")
	}
}

func TestOpenBadPath(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		path string
	}{
		{"empty", ""},
		{"question mark", filepath.Join(t.TempDir(), "a?b.db")},
		{"missing directory", filepath.Join(t.TempDir(), "no", "such", "dir", "x.db")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Open(tt.path)
			if err == nil {
				s.Close()
				t.Fatalf("Open(%q) succeeded, want an error", tt.path)
			}
		})
	}
}

// TestSettingsOnEveryConnection holds several pooled connections at once,
// so each is a distinct SQLite connection, and checks the DSN settings on
// each of them.
func TestSettingsOnEveryConnection(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	const n = 5
	conns := make([]*sql.Conn, 0, n)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for i := 0; i < n; i++ {
		c, err := s.db.Conn(ctx)
		if err != nil {
			t.Fatalf("conn %d: %v", i, err)
		}
		conns = append(conns, c)
	}
	if got := s.db.Stats().OpenConnections; got < n {
		t.Fatalf("open connections = %d, want at least %d", got, n)
	}
	pragmas := []struct {
		pragma string
		want   string
	}{
		{"journal_mode", "wal"},
		{"foreign_keys", "1"},
		{"busy_timeout", "5000"},
		{"synchronous", "2"}, // FULL: an acknowledged save survives a power cut
	}
	for i, c := range conns {
		for _, p := range pragmas {
			t.Run(fmt.Sprintf("conn %d %s", i, p.pragma), func(t *testing.T) {
				var got string
				if err := c.QueryRowContext(ctx, "PRAGMA "+p.pragma).Scan(&got); err != nil {
					t.Fatalf("conn %d: PRAGMA %s: %v", i, p.pragma, err)
				}
				if got != p.want {
					t.Errorf("conn %d: PRAGMA %s = %q, want %q", i, p.pragma, got, p.want)
				}
			})
		}
	}
}

// TestTransactionsTakeTheWriteLock checks _txlock=immediate: a transaction
// that has not written yet already keeps another writer out, which is what
// makes the version check and the write one atomic step.
func TestTransactionsTakeTheWriteLock(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, path := openTest(t)

	// An outside connection that gives up at once instead of waiting.
	other, err := sql.Open("sqlite3", path+"?_busy_timeout=0&_txlock=immediate")
	if err != nil {
		t.Fatalf("opening a second pool: %v", err)
	}
	defer other.Close()

	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatalf("BeginTx: %v", err)
	}
	otx, err := other.BeginTx(ctx, nil)
	if err == nil {
		otx.Rollback()
		tx.Rollback()
		t.Fatal("a second writer began while a store transaction was open, want it locked out")
	}
	if err := tx.Rollback(); err != nil {
		t.Fatalf("Rollback: %v", err)
	}
	otx, err = other.BeginTx(ctx, nil)
	if err != nil {
		t.Fatalf("second writer after the store's rollback: %v", err)
	}
	otx.Rollback()
}

func TestNewID(t *testing.T) {
	t.Parallel()
	shape := regexp.MustCompile(`^[a-z2-7]{16}$`)
	seen := map[string]bool{}
	for i := 0; i < 1000; i++ {
		id := newID()
		if !shape.MatchString(id) {
			t.Fatalf("newID() = %q, want 16 characters of lowercase base32", id)
		}
		if seen[id] {
			t.Fatalf("newID() returned %q twice", id)
		}
		seen[id] = true
	}
}

func TestUnknownGame(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	create(t, s, setup("Lucy", "Craig"))
	const id = "nosuchgame234567"
	tests := []struct {
		name string
		call func() error
	}{
		{"Game", func() error { _, err := s.Game(ctx, id); return err }},
		{"SaveEntry", func() error { _, err := s.putEntry(ctx, id, 1, 0, *entry(t, 0), 0); return err }},
		{"RevealRound", func() error { return s.RevealRound(ctx, id, 1) }},
		{"SaveFinal", func() error { _, err := s.putFinal(ctx, id, 0, finalEntry(t, 0), 0); return err }},
		{"DeleteGame", func() error { return s.DeleteGame(ctx, id) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.call(); !errors.Is(err, ErrNotFound) {
				t.Errorf("%s(unknown id) error = %v, want ErrNotFound", tt.name, err)
			}
		})
	}
}

// TestSnapshotBesideWriter checks that a read does not hold the write lock
// (a save made while a game is being loaded goes through at once) and
// that it sees one state of the database throughout.
func TestSnapshotBesideWriter(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	id := create(t, s, setup("Lucy", "Craig"))
	count := func(q queryer) int {
		t.Helper()
		var n int
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM entries WHERE game_id = ?`, id).Scan(&n); err != nil {
			t.Fatalf("counting entries: %v", err)
		}
		return n
	}
	writeCtx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	err := s.snapshot(ctx, func(q queryer) error {
		if got, want := count(q), 0; got != want {
			t.Errorf("entries before the save = %d, want %d", got, want)
		}
		if _, err := s.putEntry(writeCtx, id, 1, 0, *entry(t, 1, "H2"), 0); err != nil {
			t.Errorf("SaveEntry during a read: %v", err)
		}
		if got, want := count(q), 0; got != want {
			t.Errorf("entries seen by the read after the save = %d, want %d", got, want)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("snapshot: %v", err)
	}
	if got, want := count(s.db), 1; got != want {
		t.Errorf("entries after the read = %d, want %d", got, want)
	}
}
