package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"
)

// ErrDetached is a write refused because the database file at the
// store's path is no longer the one the store has open: it was deleted,
// moved or replaced while the server ran. A save then would go into a
// file nobody will open again, so every write is refused from then on
// (handlers answer 503 with Retry-After) and what the store still holds
// open is written back to disk (see DetachedError).
var ErrDetached = errors.New("store: the database file at its path is no longer the one open")

// DetachedError says why the store stopped writing and where it wrote
// what it still held open. It wraps ErrDetached, and ErrIO so that
// callers that know only the older faults still answer 503.
type DetachedError struct {
	// Cause is what was found at the path ("deleted", "replaced").
	Cause string
	// SavedTo is the file the data was written back to; "" while the
	// write-back is under way, or when it failed (WriteErr).
	SavedTo  string
	WriteErr error
}

func (e *DetachedError) Error() string {
	switch {
	case e.SavedTo != "":
		return fmt.Sprintf("%s: %s; its data was written back to %s", ErrDetached, e.Cause, e.SavedTo)
	case e.WriteErr != nil:
		return fmt.Sprintf("%s: %s; writing its data back failed: %v", ErrDetached, e.Cause, e.WriteErr)
	}
	return fmt.Sprintf("%s: %s", ErrDetached, e.Cause)
}

func (e *DetachedError) Unwrap() []error { return []error{ErrDetached, ErrIO} }

// errDetachedFault marks a commit the file watch refused: ErrDetached,
// and ErrIO for callers that know only the older faults.
var errDetachedFault = errors.Join(ErrDetached, ErrIO)

// connHooks are what the file watch does on every connection.
type connHooks struct {
	// refuseCommit, called inside each commit, turns it into a rollback.
	refuseCommit func() bool
	// beforeConnect may refuse to open a new connection.
	beforeConnect func() error
	// onStatement, if set, is told of every statement sent (Options.OnStatement).
	onStatement func(string)
}

// hooks are the store's connHooks: no commit, and no new connection
// (which would create an empty database at a deleted file's path), once
// the path names other files than the ones opened.
func (s *Store) hooks() connHooks {
	return connHooks{
		refuseCommit: func() bool { return s.watch.refuse(s) || s.refuseDamagedCommit() },
		beforeConnect: func() error {
			if s.watch.refuse(s) {
				return s.watch.errDetached()
			}
			return nil
		},
	}
}

// fileWatch remembers which files the store opened at its path (the
// database and its -wal), and notices when the path names others.
type fileWatch struct {
	path    string
	db, wal os.FileInfo // nil before the store has opened them

	detached atomic.Bool
	once     sync.Once
	done     chan struct{} // closed once the write-back ended
	result   atomic.Pointer[DetachedError]
}

func newFileWatch(path string) *fileWatch {
	return &fileWatch{path: path, done: make(chan struct{})}
}

// remember takes the identity of the files now at the path as the ones
// the store has open.
func (w *fileWatch) remember() {
	if fi, err := os.Stat(w.path); err == nil {
		w.db = fi
	}
	if fi, err := os.Stat(w.path + "-wal"); err == nil {
		w.wal = fi
	}
}

// moved is why the path no longer names the open files, "" when it
// still does (or nothing was remembered yet).
func (w *fileWatch) moved() string {
	for _, f := range []struct {
		path string
		open os.FileInfo
		what string
	}{{w.path, w.db, "the database file"}, {w.path + "-wal", w.wal, "its -wal file"}} {
		if f.open == nil {
			continue
		}
		fi, err := os.Stat(f.path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return f.what + " " + f.path + " was deleted or moved"
		case err != nil:
			return fmt.Sprintf("%s %s cannot be looked at: %v", f.what, f.path, err)
		case !os.SameFile(fi, f.open):
			return f.what + " " + f.path + " was replaced by another file"
		}
	}
	return ""
}

// refuse reports whether a commit must be refused: the store is detached
// already, or is found so now (then the write-back starts beside it).
// It runs inside SQLite's commit, with the write lock held, so that no
// save is acknowledged once the path names another file.
func (w *fileWatch) refuse(s *Store) bool {
	if w.detached.Load() {
		return true
	}
	if cause := w.moved(); cause != "" {
		w.detached.Store(true)
		go s.detach(cause)
		return true
	}
	return false
}

// errDetached is the error for a write refused while detached.
func (w *fileWatch) errDetached() error {
	if r := w.result.Load(); r != nil {
		return r
	}
	return &DetachedError{Cause: "writes refused"}
}

// CheckFile makes sure the database file at the store's path is still
// the one it has open. When it is not, the store refuses every write from
// then on and writes what it still holds open back to disk (to the path
// if nothing is there, else beside it); CheckFile then returns the
// *DetachedError saying why and where, every time. A server calls it on
// a short timer, and the store before every commit.
func (s *Store) CheckFile() error {
	w := s.watch
	if !w.detached.Load() {
		cause := w.moved()
		if cause == "" {
			return nil
		}
		w.detached.Store(true)
		s.detach(cause)
	}
	<-w.done
	return w.result.Load()
}

// detach writes back, once, what the store holds open. It first waits
// for the write lock, so that a save that passed its check before the
// store was detached has committed, and is in the copy.
func (s *Store) detach(cause string) {
	w := s.watch
	w.once.Do(func() {
		defer close(w.done)
		res := &DetachedError{Cause: cause}
		res.SavedTo, res.WriteErr = s.writeBack()
		w.result.Store(res)
	})
}

// writeBack copies the database from the store's own connection (which
// still reads the deleted or replaced file) to a new file, and returns
// its path.
func (s *Store) writeBack() (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if s.keeper == nil {
		return "", errors.New("no connection was kept open")
	}
	// Waits out a commit in progress; none can succeed after it.
	if _, err := s.keeper.ExecContext(ctx, "BEGIN IMMEDIATE"); err == nil {
		s.keeper.ExecContext(ctx, "ROLLBACK")
	}
	target := s.path
	if !pathFree(s.path) {
		target = besidePath(s.path, time.Now())
	}
	tmp := target + ".writing"
	os.Remove(tmp)
	if err := backupConn(ctx, s.keeper, tmp); err != nil {
		removeDatabaseFiles(tmp)
		return "", err
	}
	if err := quickCheckFile(ctx, tmp); err != nil {
		removeDatabaseFiles(tmp)
		return "", err
	}
	// The read-only quick_check leaves an empty -wal and -shm beside the
	// copy (the copy is in WAL mode, like the database); they would be
	// strays once the copy is renamed.
	removeEmptyWAL(tmp)
	if !pathFree(target) {
		// Something appeared meanwhile: never overwrite it.
		target = besidePath(s.path, time.Now().Add(time.Second))
	}
	if err := os.Rename(tmp, target); err != nil {
		os.Remove(tmp)
		return "", err
	}
	if d, err := os.Open(filepath.Dir(target)); err == nil {
		d.Sync()
		d.Close()
	}
	return target, nil
}

// removeEmptyWAL removes the -wal and -shm beside path when the -wal
// holds nothing (or is not there): a -wal with frames is data, and stays.
func removeEmptyWAL(path string) {
	if info, err := os.Stat(path + "-wal"); err == nil && info.Size() > 0 {
		return
	}
	os.Remove(path + "-wal")
	os.Remove(path + "-shm")
}

// pathFree reports whether nothing is at path nor at its -wal and -shm
// (a -wal left there would be read into a database put at path).
func pathFree(path string) bool {
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			return false
		}
	}
	return true
}

// besidePath is where the write-back goes when something else is at the
// path: the same folder, a name that says what it is.
func besidePath(path string, t time.Time) string {
	return path + ".rescued-" + t.UTC().Format("2006-01-02T150405Z") + ".db"
}

// keepConn holds one connection of the pool for the store's life: it
// keeps the files the store opened open, whatever happens at the path,
// so that their data can be written back (writeBack).
func keepConn(db *sql.DB) (*sql.Conn, error) {
	return db.Conn(context.Background())
}
