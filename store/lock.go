package store

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// LockPath is the lock file of the database at path: the file beside it
// that a server holds locked for as long as it serves that database.
//
// The path is resolved first (symbolic links followed, the file or, for a
// database not made yet, its folder), so that a server given a link to
// the database takes the same lock as one given the file.
func LockPath(path string) string {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		return real + ".lock"
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(path)); err == nil {
		return filepath.Join(dir, filepath.Base(path)) + ".lock"
	}
	return path + ".lock"
}

// Lock is a server's hold on a database: an advisory lock (flock on Unix,
// LockFileEx on Windows) on its lock file, which also names the holder's
// pid and address for the server that is refused. SQLite itself lets
// several programs write one file safely; the lock is about the phones: a
// second server's saves would never reach the live pages of the first.
// The operating system drops the lock when the process ends, however it
// ends, so a crash leaves no stale lock behind.
type Lock struct {
	f    *os.File
	path string
	// same holds the database file itself locked (lockSameFile), nil
	// where the platform has no such lock.
	same *os.File
}

// LockedError is the refusal to lock a database another server holds.
type LockedError struct {
	// DB is the database, Path its lock file.
	DB, Path string
	// PID and Addr are what the holder wrote there: its process id (0 if
	// unknown) and the address it listens on ("" if not known yet).
	PID  int
	Addr string
	// OtherName is set when the lock file was free but the database file
	// itself is held: the other server opened it by another name (a hard
	// link, a bind mount), whose lock file this one cannot see.
	OtherName bool
}

func (e *LockedError) Error() string {
	if e.OtherName {
		return fmt.Sprintf("another ruthless server is serving %s under another name (a hard link or another mount of the same file): the file itself is locked", e.DB)
	}
	holder := "another ruthless server"
	switch {
	case e.PID != 0 && e.Addr != "":
		holder += fmt.Sprintf(" (pid %d, listening on %s)", e.PID, e.Addr)
	case e.PID != 0:
		holder += fmt.Sprintf(" (pid %d, still starting)", e.PID)
	}
	return fmt.Sprintf("%s is serving %s: it holds the lock file %s", holder, e.DB, e.Path)
}

// errHeld is what the platform's tryLock returns for a lock held by
// another open file.
var errHeld = errors.New("lock held")

// Acquire takes the lock of the database at path for this process, or
// returns a *LockedError naming the server that holds it. The lock file
// then holds this process's pid; Announce adds the address.
func Acquire(path string) (*Lock, error) {
	name := LockPath(path)
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		if problem := diagnose(path); problem != nil {
			return nil, fmt.Errorf("store: open %s: %w", path, problem)
		}
		return nil, fmt.Errorf("store: lock: %w", err)
	}
	if err := tryLock(f); err != nil {
		defer f.Close()
		if errors.Is(err, errHeld) {
			le := &LockedError{DB: path, Path: name}
			le.PID, le.Addr = readHolder(f)
			return nil, le
		}
		return nil, fmt.Errorf("store: lock %s: %w", name, err)
	}
	l := &Lock{f: f, path: name}
	// The lock file goes by the name; the database file's own lock goes
	// by its identity (device and inode), which every name of it shares.
	same, err := lockSameFile(path)
	if err != nil {
		f.Truncate(0)
		f.Close()
		if errors.Is(err, errHeld) {
			return nil, &LockedError{DB: path, Path: name, OtherName: true}
		}
		if problem := diagnose(path); problem != nil {
			return nil, fmt.Errorf("store: open %s: %w", path, problem)
		}
		return nil, fmt.Errorf("store: lock %s: %w", path, err)
	}
	l.same = same
	if err := l.write(""); err != nil {
		l.Release()
		return nil, err
	}
	return l, nil
}

// Announce records the address the holder listens on, for the message of
// a server that is refused.
func (l *Lock) Announce(addr string) error { return l.write(addr) }

func (l *Lock) write(addr string) error {
	text := "pid " + strconv.Itoa(os.Getpid()) + "\n"
	if addr != "" {
		text += "addr " + addr + "\n"
	}
	if err := l.f.Truncate(0); err != nil {
		return fmt.Errorf("store: lock %s: %w", l.path, err)
	}
	if _, err := l.f.WriteAt([]byte(text), 0); err != nil {
		return fmt.Errorf("store: lock %s: %w", l.path, err)
	}
	return nil
}

// Release empties the lock file and lets it go. The file itself stays:
// removing it would let a server that had opened it just before lock an
// unlinked file while a third locked a new one, both serving.
//
// The store must be closed first: closing the database file's own lock
// closes a descriptor of that file, and POSIX drops every lock SQLite's
// descriptors hold on it in this process when any of them closes.
func (l *Lock) Release() error {
	if l.same != nil {
		l.same.Close()
	}
	terr := l.f.Truncate(0)
	if err := l.f.Close(); err != nil {
		return fmt.Errorf("store: unlock %s: %w", l.path, err)
	}
	if terr != nil {
		return fmt.Errorf("store: unlock %s: %w", l.path, terr)
	}
	return nil
}

// readHolder reads the pid and address a holder wrote; zero values for
// what it has not written (yet).
func readHolder(f *os.File) (pid int, addr string) {
	b, err := io.ReadAll(io.NewSectionReader(f, 0, 4096))
	if err != nil {
		return 0, ""
	}
	for line := range bytes.Lines(b) {
		key, value, _ := strings.Cut(strings.TrimSpace(string(line)), " ")
		switch key {
		case "pid":
			pid, _ = strconv.Atoi(value)
		case "addr":
			addr = value
		}
	}
	return pid, addr
}
