package store

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestLock: one holder at a time, even within one process; the refusal
// names the holder's pid and address; a lock file left by a server that
// died holds nothing; a released lock can be taken again.
func TestLock(t *testing.T) {
	t.Parallel()
	switch runtime.GOOS {
	case "linux", "darwin", "freebsd", "netbsd", "openbsd", "dragonfly", "windows":
	default:
		t.Skip("no lock on " + runtime.GOOS)
	}
	db := filepath.Join(t.TempDir(), "t.db")
	// What a server killed with SIGKILL leaves: the file, not the lock.
	if err := os.WriteFile(LockPath(db), []byte("pid 999999\naddr 10.0.0.1:8080\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	first, err := Acquire(db)
	if err != nil {
		t.Fatalf("a stale lock file refused the lock: %v", err)
	}
	tests := []struct {
		name     string
		announce string
		wantAddr string
		wantText string
	}{
		{"while starting", "", "", "still starting"},
		{"serving", "127.0.0.1:8080", "127.0.0.1:8080", "listening on 127.0.0.1:8080"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.announce != "" {
				if err := first.Announce(tc.announce); err != nil {
					t.Fatal(err)
				}
			}
			second, err := Acquire(db)
			var held *LockedError
			if !errors.As(err, &held) {
				if second != nil {
					second.Release()
				}
				t.Fatalf("second Acquire: %v, want a *LockedError", err)
			}
			if held.PID != os.Getpid() || held.Addr != tc.wantAddr || held.Path != LockPath(db) || held.DB != db {
				t.Errorf("refusal %+v, want pid %d, addr %q, path %s", held, os.Getpid(), tc.wantAddr, LockPath(db))
			}
			if !strings.Contains(err.Error(), tc.wantText) || !strings.Contains(err.Error(), LockPath(db)) {
				t.Errorf("message %q, want it to contain %q and the lock file", err, tc.wantText)
			}
		})
	}
	if err := first.Release(); err != nil {
		t.Fatal(err)
	}
	again, err := Acquire(db)
	if err != nil {
		t.Fatalf("after Release: %v", err)
	}
	again.Release()
}

// TestLockThroughALink: a server given a symbolic link to the database
// (from another folder, or to the folder) takes the same lock as one
// given the file, so it is refused too.
func TestLockThroughALink(t *testing.T) {
	t.Parallel()
	dir, other := t.TempDir(), t.TempDir()
	db := filepath.Join(dir, "table.db")
	if err := os.WriteFile(db, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	first, err := Acquire(db)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Release()
	fileLink, dirLink := filepath.Join(other, "linked.db"), filepath.Join(other, "dir")
	if err := os.Symlink(db, fileLink); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(dir, dirLink); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{fileLink, filepath.Join(dirLink, "table.db")} {
		second, err := Acquire(path)
		var held *LockedError
		if !errors.As(err, &held) {
			if second != nil {
				second.Release()
			}
			t.Errorf("Acquire(%s) through a link: %v, want a *LockedError", path, err)
		}
	}
}

// TestLockFollowsTheFile: the lock is the database file's, whatever name
// it is opened by. A second server given a hard link of the database
// (another directory, so another lock file) once started beside the
// first, each with its own -wal file, and half the acknowledged saves
// were lost; now it is refused, naming the reason.
func TestLockFollowsTheFile(t *testing.T) {
	t.Parallel()
	switch runtime.GOOS {
	case "linux", "darwin", "freebsd", "netbsd", "openbsd", "dragonfly":
	default:
		t.Skip("no lock of the file itself on " + runtime.GOOS)
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	s, err := Open(db)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	other := filepath.Join(dir, "elsewhere")
	if err := os.Mkdir(other, 0o755); err != nil {
		t.Fatal(err)
	}
	hard := filepath.Join(other, "hard.db")
	if err := os.Link(db, hard); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	soft := filepath.Join(other, "soft.db")
	if err := os.Symlink(db, soft); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, first, second string
		wantOtherName       bool
	}{
		{"hard link after the file", db, hard, true},
		{"the file after a hard link", hard, db, true},
		{"symbolic link", db, soft, false},
		{"same name", db, db, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			first, err := Acquire(tc.first)
			if err != nil {
				t.Fatalf("first Acquire(%s): %v", tc.first, err)
			}
			defer first.Release()
			second, err := Acquire(tc.second)
			var held *LockedError
			if !errors.As(err, &held) {
				if second != nil {
					second.Release()
				}
				t.Fatalf("second Acquire(%s): %v, want a *LockedError", tc.second, err)
			}
			if held.OtherName != tc.wantOtherName || held.DB != tc.second {
				t.Errorf("refusal %+v, want OtherName %v and DB %s", held, tc.wantOtherName, tc.second)
			}
			if tc.wantOtherName && !strings.Contains(err.Error(), "hard link") {
				t.Errorf("message %q does not name the hard link", err)
			}
		})
	}
	// Released, each name can be taken again.
	for _, name := range []string{db, hard} {
		l, err := Acquire(name)
		if err != nil {
			t.Fatalf("Acquire(%s) after release: %v", name, err)
		}
		l.Release()
	}
}
