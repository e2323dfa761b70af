package store

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// MinFreeBytes is the free space below which the database's disk is
// reported unhealthy: a save needs a few pages and the WAL grows between
// checkpoints, so the server says so before SQLite answers "disk full".
const MinFreeBytes = 1 << 20

// QuickCheckEvery is how old the last PRAGMA quick_check may be before
// Health runs it again; it also runs it whenever the database file has
// changed on disk since (under WAL the file changes only at checkpoints,
// so this is rare unless something else writes it).
const QuickCheckEvery = 24 * time.Hour

// HealthError is a failed health check: which check, and why, in words
// that name no game (a health check is open without the password).
type HealthError struct {
	// Check is one of "file", "integrity", "database", "writable",
	// "disk_space".
	Check  string
	Reason string
	Err    error
}

func (e *HealthError) Error() string { return "store: health: " + e.Check + ": " + e.Reason }
func (e *HealthError) Unwrap() error { return e.Err }

// integrity is the last quick_check's outcome, and the database file's
// size and time of change it was run on.
type integrity struct {
	mu    sync.Mutex
	at    time.Time
	size  int64
	mtime time.Time
	err   error
}

// QuickCheck runs PRAGMA quick_check on the database file and remembers
// its outcome for Health; a damaged database wraps ErrDamaged. It reads
// through a connection of its own: the pool's connections may hold the
// pages in memory and never see what changed on the disk.
func (s *Store) QuickCheck(ctx context.Context) error {
	info, _ := os.Stat(s.path)
	err := quickCheckFile(ctx, s.path)
	if err != nil && ctx.Err() != nil {
		return err // cut short, which says nothing of the file
	}
	s.integrity.mu.Lock()
	s.integrity.at, s.integrity.err = time.Now(), err
	if info != nil {
		s.integrity.size, s.integrity.mtime = info.Size(), info.ModTime()
	}
	s.integrity.mu.Unlock()
	return err
}

// integrityStale reports whether the last quick_check is too old, or
// was run on a file that has changed since.
func (s *Store) integrityStale() bool {
	s.integrity.mu.Lock()
	defer s.integrity.mu.Unlock()
	if time.Since(s.integrity.at) > QuickCheckEvery {
		return true
	}
	info, err := os.Stat(s.path)
	return err == nil && (info.Size() != s.integrity.size || !info.ModTime().Equal(s.integrity.mtime))
}

// Health says whether a save would succeed now, checking in turn that
// the file at the path is the one open, that the database's files are
// whole (the last quick_check, and the header against the file's
// length), that it answers, that it can still be opened for writing by
// this user and a write transaction can begin, and that its disk has
// MinFreeBytes free. It returns nil or a *HealthError.
func (s *Store) Health(ctx context.Context) error {
	if s.watch.detached.Load() {
		return &HealthError{"file", "the database file at its path is no longer the one open; writes are refused", s.watch.errDetached()}
	}
	if cause := s.watch.moved(); cause != "" {
		go s.CheckFile() // refuses writes and writes the data back
		return &HealthError{"file", "the database file at its path is no longer the one open (deleted, moved or replaced); writes are refused", ErrDetached}
	}
	if err := headerCheck(s.path); err != nil {
		return &HealthError{"integrity", "the database file is damaged: " + err.Error(), ErrDamaged}
	}
	s.integrity.mu.Lock()
	lastErr := s.integrity.err
	s.integrity.mu.Unlock()
	if s.integrityStale() {
		lastErr = s.QuickCheck(ctx)
	}
	if lastErr != nil {
		if errors.Is(lastErr, ErrDamaged) {
			return &HealthError{"integrity", "the database file is damaged (quick_check); restore a backup", lastErr}
		}
		return &HealthError{"database", "the database does not answer", lastErr}
	}
	if err := s.Ping(ctx); err != nil {
		if sqliteDamaged(err) {
			return &HealthError{"integrity", "the database file is damaged; restore a backup", err}
		}
		return &HealthError{"database", "the database does not answer", err}
	}
	if p := diagnose(s.path); p != nil {
		return &HealthError{"writable", "the database could not be opened again for writing: " + reasonOf(p), p}
	}
	if err := s.CheckWritable(ctx); err != nil {
		return &HealthError{"writable", "a write transaction cannot begin", err}
	}
	if free, ok := freeBytes(filepath.Dir(s.path)); ok && free < MinFreeBytes {
		return &HealthError{"disk_space", fmt.Sprintf("the disk holding the database has %d KiB free, below %d MiB", free>>10, MinFreeBytes>>20), ErrDiskFull}
	}
	return nil
}

// reasonOf is the kind of a diagnose problem without its paths.
func reasonOf(err error) string {
	switch {
	case errors.Is(err, ErrReadOnly):
		return "it is read-only"
	case errors.Is(err, ErrDiskFull):
		return "its disk is full"
	}
	return "its file or folder cannot be used"
}

// headerCheck compares a database file's header with its length: a file
// cut short (truncated) is shorter than the pages its header counts.
// The WAL may hold newer pages, never fewer, so this cannot be wrong
// about a whole file.
func headerCheck(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return nil // the file watch and diagnose say why
	}
	defer f.Close()
	var h [100]byte
	if _, err := io.ReadFull(f, h[:]); err != nil {
		return errors.New("its header is cut short")
	}
	if string(h[:16]) != "SQLite format 3\x00" {
		return errors.New("it does not start as a SQLite database")
	}
	pageSize := int64(binary.BigEndian.Uint16(h[16:18]))
	if pageSize == 1 {
		pageSize = 65536
	}
	pages := int64(binary.BigEndian.Uint32(h[28:32]))
	if binary.BigEndian.Uint32(h[92:96]) != binary.BigEndian.Uint32(h[24:28]) {
		return nil // the count is stale (an old writer); nothing to compare
	}
	info, err := f.Stat()
	if err != nil {
		return nil
	}
	if size := info.Size(); size < pages*pageSize {
		return fmt.Errorf("it is %d bytes long, its header counts %d pages of %d", size, pages, pageSize)
	}
	return nil
}

// SchemaVersion is the schema version of the open database.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	return schemaVersion(ctx, s.db)
}

// SchemaWritten is the schema version this program brings a database
// to: a database of a higher one is refused (written by a newer
// program), a lower one is migrated, after a -before-vN copy.
func SchemaWritten() int {
	v, err := newestVersion()
	if err != nil {
		return 0 // the embedded migrations are broken; tests catch it
	}
	return v
}

// CountGames is how many games the database holds, not counting the
// trash.
func (s *Store) CountGames(ctx context.Context) (n int, err error) {
	defer fault(&err)
	err = s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE deleted IS NULL`).Scan(&n)
	return n, err
}
