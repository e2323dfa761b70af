//go:build unix

package store

import (
	"errors"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// writableProblem says why this user could not write the database at
// path: its folder (where SQLite creates the -wal and -shm files), the
// file, or its -wal or -shm file. It asks access(2), which opens nothing
// (see guard.go), and which answers for this user as an open would,
// root's exemptions, read-only file systems and immutable files included.
func writableProblem(path string) error {
	dir := filepath.Dir(path)
	if err := unix.Access(dir, unix.W_OK|unix.X_OK); err != nil {
		return writeProblem("the directory "+dir, true, err)
	}
	for _, f := range []struct{ name, what string }{
		{path, "the database file"},
		{path + "-wal", "the database's file"},
		{path + "-shm", "the database's file"},
	} {
		if err := unix.Access(f.name, unix.W_OK); err != nil && !errors.Is(err, unix.ENOENT) {
			return writeProblem(f.what+" "+f.name, false, err)
		}
	}
	return nil
}

// lockFileProblem says why this user could not write the lock file, if
// it is there.
func lockFileProblem(name string) error {
	if err := unix.Access(name, unix.W_OK); err != nil && !errors.Is(err, unix.ENOENT) {
		return writeProblem("the database's lock file "+name, false, err)
	}
	return nil
}
