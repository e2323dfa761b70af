//go:build !unix

package store

import (
	"errors"
	"io/fs"
	"os"
)

// writableProblem finds nothing where access(2) is missing: SQLite's own
// errors say why a write failed.
func writableProblem(path string) error { return nil }

// lockFileProblem says why this user could not write the lock file, if
// it is there. Here it is opened: closing it drops no lock of SQLite's
// on other systems than POSIX ones.
func lockFileProblem(name string) error {
	f, err := os.OpenFile(name, os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return writeProblem("the database's lock file "+name, false, err)
	}
	return f.Close()
}
