//go:build linux

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"ruthless/store"
)

// TestServeNamesDatabaseProblem starts the real server on databases it
// cannot use and reads the one line it stops with: it names the problem
// in the terms of the file system, never SQLite's "unable to open
// database file". Permissions do not stop root, so as root the server
// runs as nobody.
func TestServeNamesDatabaseProblem(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the real binary")
	}
	// Everything nobody must reach lives in a directory of its own, open
	// to all: t.TempDir and the built binary's directory are not.
	base, err := os.MkdirTemp("", "ruthless-perm-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		filepath.WalkDir(base, func(p string, d os.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				os.Chmod(p, 0o755)
			}
			return nil
		})
		os.RemoveAll(base)
	})
	mustMode := func(p string, mode os.FileMode) {
		t.Helper()
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
	}
	mustMode(base, 0o755)
	bin := filepath.Join(base, "ruthless")
	built, err := os.ReadFile(binary(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, built, 0o755); err != nil {
		t.Fatal(err)
	}
	// newDB makes a database in dir (created with mode dirMode) as the
	// server would, then gives the file fileMode.
	newDB := func(dir string, fileMode, dirMode os.FileMode) string {
		t.Helper()
		if err := os.Mkdir(dir, 0o777); err != nil {
			t.Fatal(err)
		}
		mustMode(dir, 0o777)
		db := filepath.Join(dir, "ruthless.db")
		st, err := store.Open(db)
		if err != nil {
			t.Fatal(err)
		}
		st.Close() // the last connection removes the -wal and -shm files
		mustMode(db, fileMode)
		mustMode(dir, dirMode)
		return db
	}
	mkdir := func(dir string, mode os.FileMode) string {
		t.Helper()
		if err := os.Mkdir(dir, mode); err != nil {
			t.Fatal(err)
		}
		mustMode(dir, mode)
		return dir
	}

	who := "nobody"
	if os.Geteuid() != 0 {
		u, err := user.Current()
		if err != nil {
			t.Fatal(err)
		}
		who = u.Username
	}
	roDir := mkdir(filepath.Join(base, "ro"), 0o555)
	tests := []struct {
		name string
		db   string
		want string
	}{
		{"no such directory", filepath.Join(base, "missing", "ruthless.db"),
			"the directory " + filepath.Join(base, "missing") + " does not exist"},
		{"a new database in a read-only directory", filepath.Join(roDir, "ruthless.db"),
			"the directory " + roDir + " is read-only for the user " + who},
		{"a read-only database file", newDB(filepath.Join(base, "rofile"), 0o444, 0o777),
			"the database file " + filepath.Join(base, "rofile", "ruthless.db") + " is read-only for the user " + who},
		{"a database in a read-only directory", newDB(filepath.Join(base, "rodir"), 0o666, 0o555),
			"the directory " + filepath.Join(base, "rodir") + " is read-only for the user " + who},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(bin, "serve", "-addr", "127.0.0.1:0", "-db", tc.db)
			if os.Geteuid() == 0 {
				cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
			}
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var err error
			select {
			case err = <-done:
			case <-time.After(60 * time.Second): // a guard against a server that started, not a timing assertion
				cmd.Process.Kill()
				<-done
				t.Fatalf("the server did not stop; stdout %q", stdout.String())
			}
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 1 {
				t.Fatalf("exit %v, want status 1; stdout %q, stderr %q", err, stdout.String(), stderr.String())
			}
			line := stderr.String()
			if strings.Count(line, "\n") != 1 || !strings.HasPrefix(line, "ruthless serve: ") {
				t.Errorf("stderr %q, want one line from ruthless serve", line)
			}
			if !strings.Contains(line, tc.want) {
				t.Errorf("stderr %q, want it to say %q", line, tc.want)
			}
			if strings.Contains(line, "unable to open database file") {
				t.Errorf("stderr %q still gives SQLite's words", line)
			}
		})
	}
}
