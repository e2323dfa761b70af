package main

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"ruthless/store"
)

// TestRestoreKeepsOwner: restore run as root leaves the database with
// the owner, group and mode of the one it replaced (or, with none, the
// owner of its folder), so the service's user can still open it; the
// lock file it made, where there was none, belongs to that user too.
func TestRestoreKeepsOwner(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Skip("giving a file to another user needs root (CI runs this as root)")
	}
	const uid, gid = 65534, 65534 // nobody, standing for the service's user
	tests := []struct {
		name     string
		existing bool
		wantMode os.FileMode
	}{
		{"replacing a database", true, 0o600},
		{"no database before", false, 0o640},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "data")
			os.Mkdir(dir, 0o750)
			if err := os.Chown(dir, uid, gid); err != nil {
				t.Fatal(err)
			}
			db := filepath.Join(dir, "ruthless.db")
			if tt.existing {
				writeGames(t, db, 1).Close()
				for _, f := range []string{db, db + "-wal", db + "-shm"} {
					os.Chown(f, uid, gid)
				}
				os.Chmod(db, 0o600)
			}
			backup := backupOf(t, 2)
			var stdout, stderr bytes.Buffer
			if code := run([]string{"restore", "-db", db, backup}, nil, &stdout, &stderr); code != exitOK {
				t.Fatalf("restore: exit %d, %s", code, stderr.String())
			}
			info, err := os.Stat(db)
			if err != nil {
				t.Fatal(err)
			}
			st := info.Sys().(*syscall.Stat_t)
			if st.Uid != uid || st.Gid != gid || info.Mode().Perm() != tt.wantMode {
				t.Errorf("restored database: owner %d:%d, mode %v; want %d:%d, %v", st.Uid, st.Gid, info.Mode().Perm(), uid, gid, tt.wantMode)
			}
			// There was no lock file: restore made it, as root, and must
			// have given it to the database's owner, or the service's
			// next start could not lock it.
			lock, err := os.Stat(store.LockPath(db))
			if err != nil {
				t.Fatal(err)
			}
			if st := lock.Sys().(*syscall.Stat_t); st.Uid != uid || st.Gid != gid {
				t.Errorf("the lock file restore made: owner %d:%d, want %d:%d", st.Uid, st.Gid, uid, gid)
			}
		})
	}
}
