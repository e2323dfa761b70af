package backups

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"ruthless/scoring"
	"ruthless/store"
)

// openDB opens a real store with one game in a temp dir.
func openDB(t *testing.T) (*store.Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ruthless.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	g := scoring.Game{Version: 1, Players: []string{"Ann", "Bob"}, Rounds: [][]*scoring.Entry{}}
	if _, err := st.CreateGame(context.Background(), g); err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	return st, path
}

// listDir is the names in dir, sorted.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("ReadDir: %v", err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	slices.Sort(names)
	return names
}

func TestNames(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 25, 19, 48, 0, 0, time.FixedZone("CET", 3600))
	tests := []struct {
		name, db, regular, before string
	}{
		{"default database", "ruthless.db", "ruthless-2026-11-25T184800Z.db", "ruthless-2026-11-25T184800Z-before-v5.db"},
		{"other name and folder", "/srv/club/games.sqlite", "games-2026-11-25T184800Z.db", "games-2026-11-25T184800Z-before-v5.db"},
		{"no extension", "data/club", "club-2026-11-25T184800Z.db", "club-2026-11-25T184800Z-before-v5.db"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := NewDir("backups", tt.db)
			if got := d.Name(at); got != tt.regular {
				t.Errorf("Name = %q, want %q", got, tt.regular)
			}
			if got := d.BeforeMigrationName(at, 5); got != tt.before {
				t.Errorf("BeforeMigrationName = %q, want %q", got, tt.before)
			}
			if !d.regular.MatchString(tt.regular) || d.regular.MatchString(tt.before) {
				t.Errorf("the pattern of regular backups must match %q and not %q", tt.regular, tt.before)
			}
		})
	}
}

// TestRotateKeepsNewest: of this database's regular backups the newest
// keep stay; the copies before migrations, other databases' backups,
// partial copies and foreign files are never touched nor counted.
func TestRotateKeepsNewest(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	d := NewDir(dir, "ruthless.db")
	start := time.Date(2026, 1, 1, 3, 0, 0, 0, time.UTC)
	var regular []string
	for i := range 6 {
		regular = append(regular, d.Name(start.AddDate(0, 0, i)))
	}
	foreign := []string{
		d.BeforeMigrationName(start, 5),
		"games-2026-01-01T030000Z.db",             // another database's backup
		tempPrefix + "0123456789ab-" + regular[0], // a copy cut short
		"ruthless-2026-01-01T030000Z.db.txt",
		"notes.txt",
		"ruthless.db",
	}
	for _, name := range append(slices.Clone(regular), foreign...) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, d.Name(start.AddDate(-1, 0, 0))), 0o755); err != nil {
		t.Fatal(err) // a folder with a backup's name is not a backup
	}
	deleted, err := d.Rotate(4)
	if err != nil {
		t.Fatalf("Rotate: %v", err)
	}
	if want := regular[:2]; !slices.Equal(deleted, want) {
		t.Errorf("deleted %q, want %q", deleted, want)
	}
	got, err := d.Regular()
	if err != nil || !slices.Equal(got, regular[2:]) {
		t.Errorf("regular backups left %q, %v; want %q", got, err, regular[2:])
	}
	for _, name := range foreign {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("foreign file %s: %v", name, err)
		}
	}
	if deleted, err := d.Rotate(4); err != nil || len(deleted) != 0 {
		t.Errorf("second Rotate deleted %q, %v; want nothing", deleted, err)
	}
}

// TestTakeWritesWholeFile: a backup is made through a temporary file
// that does not stay; it opens as the database; an existing name is
// never overwritten; a failed copy leaves nothing behind.
func TestTakeWritesWholeFile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, dbPath := openDB(t)
	dir := filepath.Join(t.TempDir(), "made", "on", "demand")
	d := NewDir(dir, dbPath)
	name := d.Name(time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC))
	path, err := d.Take(ctx, name, st.Backup)
	if err != nil {
		t.Fatalf("Take: %v", err)
	}
	if got := listDir(t, dir); !slices.Equal(got, []string{name}) {
		t.Errorf("folder holds %q, want only %q", got, name)
	}
	copied, err := store.Open(path)
	if err != nil {
		t.Fatalf("opening the backup: %v", err)
	}
	games, err := copied.Games(ctx)
	copied.Close()
	if err != nil || len(games) != 1 {
		t.Errorf("backup holds %d games, %v; want 1", len(games), err)
	}
	before, _ := os.ReadFile(path)
	if _, err := d.Take(ctx, name, st.Backup); err == nil || !strings.Contains(err.Error(), "exists already") {
		t.Errorf("Take onto an existing backup: err = %v, want exists already", err)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("the existing backup was changed")
	}
	st.Close() // a closed store cannot copy: the copy fails
	other := d.Name(time.Date(2026, 3, 5, 5, 6, 7, 0, time.UTC))
	if _, err := d.Take(ctx, other, st.Backup); err == nil {
		t.Fatal("Take through a closed store succeeded")
	}
	if got := listDir(t, dir); !slices.Equal(got, []string{name}) {
		t.Errorf("after a failed copy the folder holds %q, want only %q", got, name)
	}
}

// Rotate deletes the oldest daily backups so that keep remain, and
// returns the names it deleted. It touches only files named as this
// database's daily backups: start-up backups, copies taken before a
// migration, other databases' backups and anything else in the folder
// stay.
func (d Dir) Rotate(keep int) ([]string, error) {
	names, err := d.Regular()
	if err != nil {
		return nil, err
	}
	return d.removeOldest(names, keep)
}
