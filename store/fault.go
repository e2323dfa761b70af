package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"syscall"
)

// The faults of the machine rather than of the program, which a caller
// tells apart from a bug: the operator can mend them, and the phones
// should say so rather than "something went wrong".
var (
	// ErrDiskFull is a write that found the disk full (SQLITE_FULL).
	ErrDiskFull = errors.New("store: disk full")
	// ErrReadOnly is a write to a database that can only be read: its
	// file, directory or file system is read-only (SQLITE_READONLY).
	ErrReadOnly = errors.New("store: database is read-only")
	// ErrIO is a database file that cannot be opened, read or written
	// any more (SQLITE_CANTOPEN, SQLITE_IOERR): a failing disk, a
	// removed or unmounted directory.
	ErrIO = errors.New("store: database file cannot be read or written")
)

// faultError is a SQLite error that also is one of the faults above:
// its message stays SQLite's, errors.Is finds the fault.
type faultError struct {
	err, fault error
}

func (e *faultError) Error() string   { return e.err.Error() }
func (e *faultError) Unwrap() []error { return []error{e.err, e.fault} }

// fault marks *err with its fault, if SQLite's error says it is one. The
// exported methods defer it, so that every error they return is marked.
func fault(err *error) {
	if *err == nil {
		return
	}
	f := sqliteFault(*err)
	if f == nil || errors.Is(*err, f) {
		return
	}
	*err = &faultError{err: *err, fault: f}
}

// fsProblem is what diagnose found, in words for the operator.
type fsProblem struct {
	msg  string
	kind error
}

func (p *fsProblem) Error() string { return p.msg }
func (p *fsProblem) Unwrap() error { return p.kind }

// diagnose looks, in the file system, for why the database at path (and
// the files SQLite and the lock keep beside it) cannot be opened or
// written; nil when it finds nothing wrong. It is run only after such a
// failure: SQLite's own words ("unable to open database file: no such
// file or directory" for a directory that cannot be written) mislead.
func diagnose(path string) error {
	dir := filepath.Dir(path)
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &fsProblem{fmt.Sprintf("the directory %s does not exist", dir), fs.ErrNotExist}
	case errors.Is(err, syscall.ENOTDIR):
		return &fsProblem{fmt.Sprintf("a part of %s is not a directory", dir), err}
	case err != nil:
		return &fsProblem{fmt.Sprintf("the directory %s cannot be read: %v", dir, err), err}
	case !info.IsDir():
		return &fsProblem{fmt.Sprintf("%s is not a directory", dir), syscall.ENOTDIR}
	}
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return &fsProblem{fmt.Sprintf("%s is a directory, not a database file", path), syscall.EISDIR}
	}
	// Asked without opening them (guard.go): closing a descriptor of
	// the database in a serving process would drop SQLite's locks.
	if p := writableProblem(path); p != nil {
		return p
	}
	if p := lockFileProblem(LockPath(path)); p != nil {
		return p
	}
	// SQLite creates the -wal and -shm files beside the database (and the
	// database itself the first time), the server its lock file.
	probe, err := os.CreateTemp(dir, ".ruthless-write-test-*")
	if err != nil {
		return writeProblem("the directory "+dir, true, err)
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}

// writeProblem names why what (a file, or a directory, where SQLite and
// the server must create files) cannot be written.
func writeProblem(what string, isDir bool, err error) error {
	need := ""
	if isDir {
		need = "; the server creates the database's -wal, -shm and .lock files there (and the database itself the first time)"
	}
	switch {
	case errors.Is(err, syscall.EROFS):
		return &fsProblem{what + " is on a read-only file system" + need, ErrReadOnly}
	case errors.Is(err, fs.ErrPermission):
		return &fsProblem{what + " is read-only for " + whoami() + " (permission denied)" + need, ErrReadOnly}
	case errors.Is(err, syscall.ENOSPC):
		return &fsProblem{"the disk holding " + what + " is full", ErrDiskFull}
	}
	return &fsProblem{fmt.Sprintf("%s cannot be written: %v", what, err), ErrIO}
}

// whoami names the user the server runs as, whose permissions count.
func whoami() string {
	if u, err := user.Current(); err == nil && u.Username != "" {
		return "the user " + u.Username
	}
	return "this user"
}
