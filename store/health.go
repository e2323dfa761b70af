package store

import (
	"context"
	"errors"
	"fmt"
	"os"
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
// its outcome for Health; a damaged database wraps ErrDamaged, and the
// store refuses every write from then on. It reads through a connection
// of its own: the pool's connections may hold the pages in memory and
// never see what changed on the disk. (SQLite shares one set of locks
// between the connections of a process, so this one, opened and closed,
// drops none of the others'.)
func (s *Store) QuickCheck(ctx context.Context) error {
	var info os.FileInfo
	if s.file != nil {
		info, _ = s.file.f.Stat()
	}
	err := quickCheckFile(ctx, s.path)
	if err != nil && !errors.Is(err, ErrDamaged) {
		// Cut short or kept waiting (another program's checkpoint), which
		// says nothing of the file: not remembered, so it runs again.
		return err
	}
	s.integrity.mu.Lock()
	s.integrity.at, s.integrity.err = time.Now(), err
	if info != nil {
		s.integrity.size, s.integrity.mtime = info.Size(), info.ModTime()
	}
	s.integrity.mu.Unlock()
	if errors.Is(err, ErrDamaged) {
		s.markDamaged(err)
	}
	return err
}

// integrityStale reports whether the last quick_check is too old, or
// was run on a file that has changed since.
func (s *Store) integrityStale() bool {
	s.integrity.mu.Lock()
	old := time.Since(s.integrity.at) > QuickCheckEvery
	s.integrity.mu.Unlock()
	return old || s.fileChanged()
}

// Health says whether a save would succeed now, by the checks a save
// itself makes (guardWrite) and a few more: that the file at the path is
// the one open, that no check has found it damaged, that its header
// agrees with its length, that the last quick_check (run again when the
// file changed) passed, that it answers, that this user may write its
// files and a write transaction can begin, and that its disk has
// MinFreeBytes free. It returns nil or a *HealthError, and records the
// fault it finds, or that none remains (Options.OnFault).
func (s *Store) Health(ctx context.Context) error {
	err := s.health(ctx)
	var he *HealthError
	switch {
	case err == nil:
		s.faults.gone()
	case errors.As(err, &he) && ctx.Err() == nil:
		s.faults.seen(he.Check, he.Reason)
	}
	return err
}

func (s *Store) health(ctx context.Context) error {
	if s.watch.detached.Load() {
		return &HealthError{"file", "the database file at its path is no longer the one open; writes are refused", s.watch.errDetached()}
	}
	if cause := s.watch.moved(); cause != "" {
		go s.CheckFile() // refuses writes and writes the data back
		return &HealthError{"file", "the database file at its path is no longer the one open (deleted, moved or replaced); writes are refused", ErrDetached}
	}
	if err := s.checkHeader(ctx); err != nil {
		return &HealthError{"integrity", "the database file is damaged (cut short); writes are refused until a backup is restored", err}
	}
	if err := s.damage.found(); err != nil {
		return &HealthError{"integrity", "the database file is damaged; writes are refused until a backup is restored", err}
	}
	s.integrity.mu.Lock()
	lastErr := s.integrity.err
	s.integrity.mu.Unlock()
	if s.integrityStale() {
		lastErr = s.QuickCheck(ctx)
	}
	if lastErr != nil {
		if errors.Is(lastErr, ErrDamaged) {
			return &HealthError{"integrity", "the database file is damaged (quick_check); writes are refused until a backup is restored", lastErr}
		}
		return &HealthError{"database", "the database does not answer", lastErr}
	}
	if err := s.Ping(ctx); err != nil {
		if errors.Is(err, ErrDamaged) {
			return &HealthError{"integrity", "the database file is damaged; writes are refused until a backup is restored", err}
		}
		return &HealthError{"database", "the database does not answer", err}
	}
	if err := s.writeBlocked(); err != nil {
		if errors.Is(err, ErrDiskFull) {
			return &HealthError{"disk_space", "the disk holding the database is full (below " + fmt.Sprint(MinFreeBytes>>20) + " MiB free); writes are refused", err}
		}
		return &HealthError{"writable", "the database cannot be written: " + reasonOf(err), err}
	}
	if err := s.CheckWritable(ctx); err != nil {
		if errors.Is(err, ErrDamaged) {
			return &HealthError{"integrity", "the database file is damaged; writes are refused until a backup is restored", err}
		}
		return &HealthError{"writable", "a write transaction cannot begin", err}
	}
	return nil
}

// reasonOf is the kind of a diagnose problem without its paths.
func reasonOf(err error) string {
	switch {
	case errors.Is(err, ErrReadOnly):
		return "it is read-only for the server's user"
	case errors.Is(err, ErrDiskFull):
		return "its disk is full"
	}
	return "its file or folder cannot be used"
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
	defer s.fault(&err)
	err = s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE deleted IS NULL`).Scan(&n)
	return n, err
}
