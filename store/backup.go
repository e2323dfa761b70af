package store

import (
	"context"
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
	defer fault(&err)
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("store: backup to %s: %w", path, ErrExists)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("store: backup to %s: %w", path, err)
	}
	if _, err := s.db.ExecContext(ctx, "VACUUM INTO ?", path); err != nil {
		return fmt.Errorf("store: backup to %s: %w", path, err)
	}
	return nil
}
