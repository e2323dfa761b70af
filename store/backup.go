package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// ErrExists is returned by Backup when the backup file already exists: a
// backup never overwrites anything.
var ErrExists = errors.New("store: file exists")

// Backup writes a consistent copy of the whole database to a new file at
// path, while the app may go on saving (SQLite's VACUUM INTO reads one
// snapshot). The copy is a complete database: to restore it, stop the
// server and put it in place of the database file.
func (s *Store) Backup(ctx context.Context, path string) (err error) {
	defer s.fault(&err)
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("store: backup to %s: %w", path, ErrExists)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("store: backup to %s: %w", path, err)
	}
	if _, err := s.db.ExecContext(ctx, "VACUUM INTO ?", path); err != nil {
		return fmt.Errorf("store: backup to %s: %w", path, err)
	}
	// A damaged database may copy without an error and yield a damaged
	// copy; such a copy is no backup, and must not push a good one out.
	if err := quickCheckFile(ctx, path); err != nil {
		os.Remove(path)
		return fmt.Errorf("store: backup to %s: the copy is damaged, so it was removed: %w", path, err)
	}
	return nil
}

// quickCheckFile runs PRAGMA quick_check on the database file at path,
// opened read-only.
func quickCheckFile(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro&_busy_timeout=5000")
	if err != nil {
		return err
	}
	defer db.Close()
	return quickCheck(ctx, db)
}

// quickCheck is SQLite's quick_check of the database: nil when it says
// "ok", else an error wrapping ErrDamaged that quotes its first finding.
func quickCheck(ctx context.Context, q interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}) error {
	var result string
	if err := q.QueryRowContext(ctx, "PRAGMA quick_check(1)").Scan(&result); err != nil {
		if sqliteDamaged(err) {
			return fmt.Errorf("%w: %v", ErrDamaged, err)
		}
		return err
	}
	if result != "ok" {
		return fmt.Errorf("%w: quick_check: %s", ErrDamaged, result)
	}
	return nil
}

// ErrDamaged is a database whose file SQLite finds damaged (its
// quick_check fails, or a read answers "database disk image is
// malformed"): restore a backup.
var ErrDamaged = errors.New("store: database file is damaged")
