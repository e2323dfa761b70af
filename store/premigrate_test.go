package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
)

// oldDatabase makes a database with every migration but the last, and
// one game in it, as an older program left it.
func oldDatabase(t *testing.T) (path string, version int) {
	t.Helper()
	ctx := context.Background()
	path = filepath.Join(t.TempDir(), "old.db")
	raw, err := sql.Open("sqlite3", path+"?"+dsnSettings)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms[:len(ms)-1] {
		if err := applyMigration(ctx, raw, m); err != nil {
			t.Fatalf("migration %s: %v", m.name, err)
		}
	}
	_, err = raw.Exec(`INSERT INTO games (id, created, updated, version, start_player, achievements, zero_counts, rounds)
		VALUES ('old', 1, 2, 1, 0, '["richest","merciless"]', 0, 1);
		INSERT INTO players (game_id, seat, name) VALUES ('old', 0, 'Lucy'), ('old', 1, 'Craig');
		INSERT INTO entries (game_id, round, seat, pool, coins, version) VALUES ('old', 1, 0, '["H2"]', 3, 4)`)
	if err != nil {
		t.Fatalf("filling the old database: %v", err)
	}
	return path, ms[len(ms)-2].version
}

// rawVersion reads a database file's schema version without migrating it.
func rawVersion(t *testing.T, path string) int {
	t.Helper()
	raw, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	v, err := schemaVersion(context.Background(), raw)
	if err != nil {
		t.Fatalf("schema version of %s: %v", path, err)
	}
	return v
}

// TestBeforeMigrate: opening an older database calls the hook once, with
// the database not yet migrated, and its copy holds the old schema and
// the same game; a failing hook leaves the database as it was; a new or
// current database does not call the hook.
func TestBeforeMigrate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path, old := oldDatabase(t)
	newest, err := newestVersion()
	if err != nil {
		t.Fatal(err)
	}

	refuse := errors.New("no room for a copy")
	_, err = OpenWith(path, Options{BeforeMigrate: func(context.Context, PendingMigration) error { return refuse }})
	if !errors.Is(err, refuse) {
		t.Fatalf("OpenWith with a failing hook: err = %v, want the hook's error", err)
	}
	if v := rawVersion(t, path); v != old {
		t.Fatalf("after a failing hook the schema is version %d, want the old %d", v, old)
	}

	copyPath := filepath.Join(t.TempDir(), "before.db")
	var calls []PendingMigration
	hook := func(ctx context.Context, p PendingMigration) error {
		calls = append(calls, p)
		return p.Backup(ctx, copyPath)
	}
	s, err := OpenWith(path, Options{BeforeMigrate: hook})
	if err != nil {
		t.Fatalf("OpenWith: %v", err)
	}
	defer s.Close()
	if len(calls) != 1 || calls[0].From != old || calls[0].To != newest {
		t.Fatalf("hook calls %+v, want one from %d to %d", calls, old, newest)
	}
	if v := rawVersion(t, copyPath); v != old {
		t.Errorf("the copy has schema version %d, want the old %d", v, old)
	}
	copied, err := Open(copyPath)
	if err != nil {
		t.Fatalf("opening the copy: %v", err)
	}
	defer copied.Close()
	if got, want := mustJSON(t, load(t, copied, "old").File), mustJSON(t, load(t, s, "old").File); got != want {
		t.Errorf("the copy holds %s, want %s", got, want)
	}
	var integrity string
	if err := copied.db.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&integrity); err != nil || integrity != "ok" {
		t.Errorf("integrity_check of the copy = %q, %v", integrity, err)
	}

	for _, tt := range []struct{ name, path string }{
		{"current database", path},
		{"new database", filepath.Join(t.TempDir(), "new.db")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			called := false
			again, err := OpenWith(tt.path, Options{BeforeMigrate: func(context.Context, PendingMigration) error { called = true; return nil }})
			if err != nil {
				t.Fatalf("OpenWith: %v", err)
			}
			again.Close()
			if called {
				t.Error("the hook was called, but there was nothing to migrate")
			}
		})
	}
}
