package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"time"
)

// OpenReadOnly opens the database at path for reading only, for the
// commands that rescue data from a disk that can no longer be written
// (an SD card gone read-only): SQLite's mode=ro, so nothing is created
// beside it. A database in WAL mode whose -wal and -shm files were
// removed at its last close cannot have them made on a read-only disk;
// it is then opened immutable, which is safe only because no -wal file
// holds pages the file lacks. The schema must be this program's: it
// cannot be migrated.
func OpenReadOnly(path string) (*Store, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	if _, err := os.Stat(abs); err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	uri := (&url.URL{Scheme: "file", Path: abs}).String()
	st, err := openReadOnly(path, uri+"?mode=ro&_busy_timeout=5000")
	if err == nil {
		return st, nil
	}
	if _, werr := os.Stat(abs + "-wal"); !errors.Is(werr, fs.ErrNotExist) {
		return nil, err
	}
	return openReadOnly(path, uri+"?mode=ro&immutable=1")
}

func openReadOnly(path, dsn string) (*Store, error) {
	s := &Store{path: path, watch: newFileWatch(path), now: time.Now}
	// mode=ro is enough: query_only would refuse VACUUM INTO too, which
	// writes only the backup.
	db, err := openDB(dsn, nil, connHooks{})
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	ctx := context.Background()
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, openError(path, err)
	}
	if err := checkSchema(ctx, db); err != nil {
		db.Close()
		return nil, openError(path, err)
	}
	s.db = db
	return s, nil
}
