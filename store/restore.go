package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// ErrBadBackup is the class of Restore's refusals of the backup file
// itself: not a SQLite database, not a ruthless one, damaged, or written
// by a newer program. Nothing was changed.
var ErrBadBackup = errors.New("not a usable backup")

// IntegrityError is a backup that fails SQLite's integrity check.
type IntegrityError struct {
	File string
	// Problems are the first lines the check reported.
	Problems []string
}

func (e *IntegrityError) Error() string {
	return fmt.Sprintf("%s fails SQLite's integrity check: %s", e.File, strings.Join(e.Problems, "; "))
}

// Unwrap makes errors.Is(err, ErrBadBackup) hold.
func (e *IntegrityError) Unwrap() error { return ErrBadBackup }

// maxProblems is how many lines of the integrity check a refusal quotes:
// enough to recognise the damage, not a screenful.
const maxProblems = 3

// Restored is what Restore did.
type Restored struct {
	// Games is how many games the restored database holds; Version its
	// schema version (older than this program's is fine: the server
	// migrates it when it opens it).
	Games, Version int
	// SetAside are the files of the database that was replaced, under
	// their new names (the database first, then its -wal or -shm if
	// they were left); empty when there was none.
	SetAside []string
}

// walSuffixes are the files SQLite keeps beside a database. A -wal or a
// hot -journal left beside a restored file would be replayed into it,
// so they go aside with the database they belong to.
var walSuffixes = []string{"-wal", "-shm", "-journal"}

// Restore puts a copy of the backup file in place of the database at
// dbPath. It refuses (wrapping ErrBadBackup) a file that is not a
// ruthless database, that fails PRAGMA integrity_check, or whose schema
// is newer than this program's. The database it replaces is not
// deleted: it is checkpointed and renamed, with any -wal and -shm, to
// dbPath.before-restore-DATE. The backup is copied to a temporary file
// beside the database, checked there, and renamed into place, so the
// database is at every moment either the old one or the whole new one;
// the backup itself is only read. The restored file keeps the owner and
// mode of the database it replaces (keepOwner), and the lock file the
// owner and group of the database (lockOwnerLikeDatabase). The caller must hold the database's
// lock (Acquire), so that no server is using it.
func Restore(ctx context.Context, backup, dbPath string, now time.Time) (Restored, error) {
	if err := checkBackupFile(backup, dbPath); err != nil {
		return Restored{}, err
	}
	tmp, err := copyBeside(backup, dbPath)
	if err != nil {
		return Restored{}, fmt.Errorf("store: restore: %w", err)
	}
	defer removeDatabaseFiles(tmp) // a no-op once it is renamed into place
	done, err := inspect(ctx, tmp, backup)
	if err != nil {
		return Restored{}, err
	}
	if err := keepOwner(tmp, dbPath); err != nil {
		return Restored{}, fmt.Errorf("store: restore: %w", err)
	}
	if done.SetAside, err = setAside(ctx, dbPath, now); err != nil {
		return Restored{}, fmt.Errorf("store: restore: %w", err)
	}
	if err := os.Rename(tmp, dbPath); err != nil {
		return Restored{}, fmt.Errorf("store: restore: %w", err)
	}
	if err := lockOwnerLikeDatabase(dbPath); err != nil {
		return Restored{}, fmt.Errorf("store: restore: %w", err)
	}
	return done, syncDir(filepath.Dir(dbPath))
}

// sqliteHeader starts every SQLite database file.
var sqliteHeader = []byte("SQLite format 3\x00")

// checkBackupFile refuses what is plainly not a backup before anything
// is copied: a missing file, a folder, the database itself, a file of
// another kind, and a live database whose last writes are still in the
// -wal file beside it (copying the main file alone would lose them).
func checkBackupFile(backup, dbPath string) error {
	info, err := os.Stat(backup)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrBadBackup, err)
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%w: %s is not a regular file", ErrBadBackup, backup)
	}
	if db, err := os.Stat(dbPath); err == nil && os.SameFile(info, db) {
		return fmt.Errorf("%w: %s is the database itself", ErrBadBackup, backup)
	}
	head := make([]byte, len(sqliteHeader))
	f, err := os.Open(backup)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrBadBackup, err)
	}
	defer f.Close()
	if _, err := io.ReadFull(f, head); err != nil || !bytes.Equal(head, sqliteHeader) {
		return fmt.Errorf("%w: %s is not a SQLite database", ErrBadBackup, backup)
	}
	if wal, err := os.Stat(backup + "-wal"); err == nil && wal.Size() > 0 {
		return fmt.Errorf("%w: %s has a -wal file beside it, so it is a database in use rather than a copy; make a backup of it with ruthless backup and restore that", ErrBadBackup, backup)
	}
	return nil
}

// copyBeside copies the backup to a new temporary file in the database's
// folder (so that the final rename stays on one file system) and syncs
// it, returning its path.
func copyBeside(backup, dbPath string) (string, error) {
	src, err := os.Open(backup)
	if err != nil {
		return "", err
	}
	defer src.Close()
	dst, err := os.CreateTemp(filepath.Dir(dbPath), "."+filepath.Base(dbPath)+".restoring-*")
	if err != nil {
		if problem := diagnose(dbPath); problem != nil {
			return "", problem
		}
		return "", err
	}
	_, err = io.Copy(dst, src)
	if err == nil {
		err = dst.Sync()
	}
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(dst.Name())
		return "", fmt.Errorf("copying %s: %w", backup, err)
	}
	return dst.Name(), nil
}

// inspect opens the copy at path (named as the backup it came from, in
// errors) and checks it is a sound ruthless database that this program
// can open, returning its schema version and games.
func inspect(ctx context.Context, path, name string) (_ Restored, err error) {
	db, err := sql.Open("sqlite3", path+"?_busy_timeout=5000")
	if err != nil {
		return Restored{}, fmt.Errorf("store: restore: %w", err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	damaged := func(err error) error {
		if sqliteDamaged(err) {
			return &IntegrityError{File: name, Problems: []string{err.Error()}}
		}
		return fmt.Errorf("store: restore: checking %s: %w", name, err)
	}
	if problems, err := integrityProblems(ctx, db); err != nil {
		return Restored{}, damaged(err)
	} else if len(problems) > 0 {
		return Restored{}, &IntegrityError{File: name, Problems: problems}
	}
	var tables int
	err = db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('schema_migrations', 'games')`).Scan(&tables)
	if err != nil {
		return Restored{}, damaged(err)
	}
	if tables != 2 {
		return Restored{}, fmt.Errorf("%w: %s is a SQLite database, but not one of ruthless (it has no games)", ErrBadBackup, name)
	}
	var r Restored
	if r.Version, err = schemaVersion(ctx, db); err != nil {
		return Restored{}, damaged(err)
	}
	newest, err := newestVersion()
	if err != nil {
		return Restored{}, err
	}
	if r.Version > newest {
		return Restored{}, fmt.Errorf("%w: %s has schema version %d, newer than this program's %d: restore it with the newer ruthless that wrote it", ErrBadBackup, name, r.Version, newest)
	}
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM games`).Scan(&r.Games); err != nil {
		return Restored{}, damaged(err)
	}
	return r, nil
}

// integrityProblems runs PRAGMA integrity_check and returns the first
// lines it reports; none when the answer is "ok".
func integrityProblems(ctx context.Context, db *sql.DB) ([]string, error) {
	rows, err := db.QueryContext(ctx, fmt.Sprintf("PRAGMA integrity_check(%d)", maxProblems))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var lines []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return nil, err
		}
		lines = append(lines, line)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(lines) == 1 && lines[0] == "ok" {
		return nil, nil
	}
	if len(lines) == 0 {
		lines = []string{"no answer"}
	}
	return lines, nil
}

// setAside moves the database at path and the files SQLite keeps beside
// it out of the way, to path.before-restore-DATE (and that name with
// -wal, -shm), returning the new names; none when there was nothing to
// move. It checkpoints the database first, so that the set-aside file
// holds every save by itself; a database too damaged for that is moved
// with its -wal all the same, which keeps it as whole as it was.
func setAside(ctx context.Context, path string, now time.Time) ([]string, error) {
	var present []string
	for _, suffix := range append([]string{""}, walSuffixes...) {
		if _, err := os.Lstat(path + suffix); err == nil {
			present = append(present, suffix)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	if len(present) == 0 {
		return nil, nil
	}
	if present[0] == "" {
		checkpoint(ctx, path)
	}
	aside, err := freeName(path + ".before-restore-" + now.UTC().Format("2006-01-02T150405Z"))
	if err != nil {
		return nil, err
	}
	var moved []string
	for _, suffix := range append([]string{""}, walSuffixes...) {
		err := os.Rename(path+suffix, aside+suffix)
		if errors.Is(err, fs.ErrNotExist) {
			continue // the checkpoint removed it
		}
		if err != nil {
			return moved, fmt.Errorf("setting %s aside: %w", path+suffix, err)
		}
		moved = append(moved, aside+suffix)
	}
	return moved, nil
}

// checkpoint copies what the -wal holds into the database file, so that
// it stands alone, and lets SQLite remove the -wal and -shm on closing.
// It is best effort: a database that cannot be opened is set aside as it
// is, with its -wal.
func checkpoint(ctx context.Context, path string) {
	if strings.ContainsRune(path, '?') {
		return
	}
	db, err := sql.Open("sqlite3", path+"?_busy_timeout=5000")
	if err != nil {
		return
	}
	defer db.Close()
	db.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
}

// freeName is name, or name-2, name-3… if that is taken, so that a second
// restore within a second never overwrites the first one's set-aside file.
func freeName(name string) (string, error) {
	for n := 1; n < 100; n++ {
		candidate := name
		if n > 1 {
			candidate = fmt.Sprintf("%s-%d", name, n)
		}
		if _, err := os.Lstat(candidate); errors.Is(err, fs.ErrNotExist) {
			return candidate, nil
		}
	}
	return "", fmt.Errorf("no free name like %s", name)
}

// removeDatabaseFiles removes a database file and the files SQLite may
// have left beside it.
func removeDatabaseFiles(path string) {
	for _, suffix := range append([]string{""}, walSuffixes...) {
		os.Remove(path + suffix)
	}
}

// syncDir makes a rename in dir durable. Some systems cannot sync a
// folder; the rename is done either way, so only a real I/O error counts.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer d.Close()
	if err := d.Sync(); err != nil && errors.Is(err, syscall.EIO) {
		return fmt.Errorf("store: sync %s: %w", dir, err)
	}
	return nil
}
