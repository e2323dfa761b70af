package store

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"testing"
)

// TestBackup: the backup opens as a database holding the same games, and
// a second backup to the same file is refused rather than overwriting.
func TestBackup(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	g := setup("Ann", "Bob")
	id := create(t, s, g)
	put(t, s, id, 1, 0, entry(t, 2, "H2", "H3", "H4"), 0)

	path := filepath.Join(t.TempDir(), "copy.db")
	if err := s.Backup(ctx, path); err != nil {
		t.Fatalf("Backup: %v", err)
	}
	if err := s.Backup(ctx, path); !errors.Is(err, ErrExists) {
		t.Errorf("second Backup to the same file: err = %v, want ErrExists", err)
	}
	copied, err := Open(path)
	if err != nil {
		t.Fatalf("opening the backup: %v", err)
	}
	defer copied.Close()
	got, want := load(t, copied, id), load(t, s, id)
	if !reflect.DeepEqual(got.File, want.File) || !reflect.DeepEqual(got.EntryVersions, want.EntryVersions) {
		t.Errorf("backup holds %+v, want %+v", got.File, want.File)
	}
	var integrity string
	if err := copied.db.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&integrity); err != nil || integrity != "ok" {
		t.Errorf("integrity_check of the backup = %q, %v", integrity, err)
	}
}
