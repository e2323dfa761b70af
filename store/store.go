// Package store keeps games in SQLite. It stores only inputs (the setup,
// one row per player entry per round, one row per end-of-game collection)
// and hands them back as the game file of package scoring, which derives
// every score on read.
package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"database/sql/driver"
	"embed"
	"encoding/base32"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"ruthless/scoring"

	// The driver registers itself as "sqlite3".
	_ "github.com/mattn/go-sqlite3"
)

// ErrNotFound is returned for a game id the store does not hold.
var ErrNotFound = errors.New("store: not found")

// ErrBadRound is returned for a round number out of range: not 1 up to the
// rounds started plus one, or beyond the rounds the game has (R2.1).
var ErrBadRound = errors.New("store: round out of range")

// ErrBadPlayer is returned for a seat the game does not have.
var ErrBadPlayer = errors.New("store: seat out of range")

// dsnSettings are per-connection settings, so they go in the DSN: the
// driver applies them to every connection the pool opens, which a one-off
// Exec on the pool would not. _txlock=immediate makes each transaction
// take the write lock when it begins, so a read-check-write (the version
// check) cannot be interleaved with another writer's. _synchronous=FULL
// syncs the WAL at every commit: under WAL the driver's default (NORMAL)
// may lose the last acknowledged saves to a power cut, and a save costs
// only a few tenths of a millisecond more (BenchmarkSaveEntry in store/entries_test.go).
const dsnSettings = "_journal_mode=WAL&_synchronous=FULL&_busy_timeout=" + busyTimeoutMillis + "&_foreign_keys=on&_txlock=immediate"

// busyTimeoutMillis is how long a statement waits in SQLite for a lock
// another program holds; busyTimeoutOn sets it again on a connection
// that turned it off (takeWriteLock).
const (
	busyTimeoutMillis = "5000"
	busyTimeoutOn     = "PRAGMA busy_timeout = " + busyTimeoutMillis
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Store is a SQLite database of games. It is safe for concurrent use.
type Store struct {
	db   *sql.DB
	path string
	// watch notices when the files at path are not the ones open
	// (watch.go); keeper is a connection held for the store's life, which
	// keeps them open for the write-back.
	watch  *fileWatch
	keeper *sql.Conn
	// integrity is the last quick_check (health.go).
	integrity integrity
	// file is the database file's one descriptor this process keeps
	// open, damage a check's finding that the file is damaged, faults the
	// fault seen now (guard.go).
	file   *keptFile
	damage damage
	faults faults
	// now is the clock; tests replace it to order games deterministically.
	now func() time.Time
	// gate takes the writes in turn (writegate.go), each waiting at most
	// writeWait.
	gate      writeGate
	writeWait time.Duration
}

// Open opens (creating if needed) the database file at path and brings its
// schema up to date. A database that cannot be opened or written says
// why in the terms of the file system (a directory that does not exist
// or cannot be written, a read-only file), wrapping ErrReadOnly,
// ErrDiskFull or ErrIO when it is one of those.
func Open(path string) (*Store, error) {
	return OpenWith(path, Options{})
}

// Options are settings of OpenWith beyond Open's. They make the faults a
// server must survive happen on purpose, on a real database: the tests
// use them, and an operator may too, to see what the phones would say.
type Options struct {
	// ReadOnly makes every connection refuse to write (SQLite's
	// query_only), as a read-only database file does: writes fail with
	// ErrReadOnly. The schema is not migrated; it must be this program's.
	ReadOnly bool
	// MaxPages caps the database at that many pages (SQLite's
	// max_page_count, on every connection; at least the pages it has):
	// a write that needs more fails with ErrDiskFull, as on a full disk.
	// 0 means no cap.
	MaxPages int
	// BeforeMigrate, if set, is called once before the schema of a
	// database older than this program's is migrated (not for a new,
	// empty file, nor for one that is up to date), with the database
	// still untouched: the caller's chance to copy it, since a migration
	// cannot be undone. An error from it stops Open before anything is
	// changed.
	BeforeMigrate func(ctx context.Context, p PendingMigration) error
	// Now is the store's clock: when games are created, saved and
	// deleted, and so when a game has been in the trash long enough to be
	// purged. Nil means time.Now; tests give a clock they move by hand.
	Now func() time.Time
	// OnStatement, if set, is called with every SQL statement the store
	// sends to SQLite (each exec, query or prepare, on any connection),
	// so that a benchmark can count what one request costs the database.
	// It must be safe for concurrent use.
	OnStatement func(query string)
	// WriteWait is how long a write waits for its turn before it fails
	// with ErrBusy; 0 means DefaultWriteWait.
	WriteWait time.Duration
	// OnFault, if set, is told when a fault of the database (damaged,
	// read-only, full disk, ...) is first seen and when it is found
	// mended, once each: a server logs it there, rather than once per
	// refused save.
	OnFault func(FaultChange)
}

// OpenWith is Open with options.
func OpenWith(path string, opt Options) (*Store, error) {
	if path == "" {
		return nil, errors.New("store: open: empty database path")
	}
	// The driver cuts the DSN at the first '?', so such a path would lose
	// its tail and open some other file.
	if strings.ContainsRune(path, '?') {
		return nil, fmt.Errorf("store: open %s: a database path cannot contain '?'", path)
	}
	var onConnect []string
	if opt.MaxPages > 0 {
		onConnect = append(onConnect, "PRAGMA max_page_count = "+strconv.Itoa(opt.MaxPages))
	}
	if opt.ReadOnly {
		onConnect = append(onConnect, "PRAGMA query_only = 1")
	}
	s := &Store{path: path, watch: newFileWatch(path)}
	s.faults.on = opt.OnFault
	hooks := s.hooks()
	hooks.onStatement = opt.OnStatement
	db, err := openDB(path+"?"+dsnSettings, onConnect, hooks)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	ctx := context.Background()
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, openError(path, err)
	}
	if opt.ReadOnly {
		err = checkSchema(ctx, db)
	} else {
		err = migrateAfterHook(ctx, db, opt.BeforeMigrate)
	}
	if err != nil {
		db.Close()
		return nil, openError(path, err)
	}
	if !opt.ReadOnly {
		if err := fillFingerprints(ctx, db); err != nil {
			db.Close()
			return nil, openError(path, fmt.Errorf("fingerprints: %w", err))
		}
	}
	now := opt.Now
	if now == nil {
		now = time.Now
	}
	s.db, s.now = db, now
	if s.keeper, err = keepConn(db); err != nil {
		db.Close()
		return nil, openError(path, err)
	}
	s.writeWait = opt.WriteWait
	if s.writeWait <= 0 {
		s.writeWait = DefaultWriteWait
	}
	if s.file, err = keepFile(path); err != nil {
		s.keeper.Close()
		db.Close()
		return nil, openError(path, err)
	}
	s.watch.remember()
	return s, nil
}

// CheckWritable makes sure that the database can be written, without
// changing it: a write transaction that is rolled back. Open does not
// write to a database whose schema is current, so a read-only file opens
// (and export reads it); a server calls this at start, so that it stops
// naming the problem, rather than answer every save with 503.
func (s *Store) CheckWritable(ctx context.Context) (err error) {
	defer func() {
		if err != nil {
			err = openError(s.path, err)
		}
	}()
	tx, end, err := s.begin(ctx, forSave)
	if err != nil {
		return err
	}
	defer end()
	_, err = tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied) VALUES (0, 'write test, rolled back', 0)`)
	return err
}

// openError is the error of a database that could not be opened: when
// SQLite's error is a fault of the machine, what diagnose finds in the
// file system says why, instead of SQLite's "unable to open database
// file".
func openError(path string, err error) error {
	fault(&err)
	if errors.Is(err, ErrDamaged) {
		// SQLite's "database disk image is malformed" alone leaves the
		// admin guessing; say what it means and what to do.
		return fmt.Errorf("store: open %s: %w: the database file is damaged (SQLite: %v), so the server cannot use it; "+
			"restore the newest good backup with ruthless restore -db %s BACKUP_FILE (the backups are in -backup-dir, or where ruthless backup wrote them; see docs/operations.md)",
			path, ErrDamaged, err, path)
	}
	var f *faultError
	if errors.As(err, &f) {
		if problem := diagnose(path); problem != nil {
			return fmt.Errorf("store: open %s: %w", path, problem)
		}
	}
	return fmt.Errorf("store: open %s: %w", path, err)
}

// checkSchema refuses a database whose schema is not this program's, for
// a store that cannot migrate it.
func checkSchema(ctx context.Context, db *sql.DB) error {
	want, err := newestVersion()
	if err != nil {
		return err
	}
	have, err := schemaVersion(ctx, db)
	if err != nil {
		return err
	}
	if have != want {
		return fmt.Errorf("database schema version %d, not this program's %d: open it once for writing", have, want)
	}
	return nil
}

// Ping reports whether the database answers a query, for a health check.
func (s *Store) Ping(ctx context.Context) (err error) {
	defer s.fault(&err)
	var one int
	if err := s.db.QueryRowContext(ctx, `SELECT 1 FROM schema_migrations LIMIT 1`).Scan(&one); err != nil {
		return fmt.Errorf("store: ping: %w", err)
	}
	return nil
}

// Close closes the database.
func (s *Store) Close() error {
	if s.keeper != nil {
		s.keeper.Close()
	}
	err := s.db.Close()
	// After SQLite's own descriptors: see keptFile.
	if s.file != nil {
		s.file.release()
		s.file = nil
	}
	if err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	return nil
}

// queryer is what the read helpers need: a *sql.Conn inside a snapshot,
// or a write's *sql.Tx.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// snapshot runs fn in a read transaction on one connection, so the several
// queries that load a game see one state of the database. It cannot use
// BeginTx: the DSN makes every BeginTx take the write lock, and readers
// holding it would starve the phones saving entries. Under WAL a deferred
// read transaction runs beside a writer instead.
func (s *Store) snapshot(ctx context.Context, fn func(q queryer) error) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN DEFERRED"); err != nil {
		return err
	}
	defer func() {
		// Not ctx: a cancelled request must still end the transaction.
		if _, rerr := conn.ExecContext(context.Background(), "ROLLBACK"); rerr != nil {
			// The transaction may already be gone (an interrupted query
			// rolls it back); either way this connection's state is unknown,
			// so the pool must not hand it out again.
			conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	return fn(conn)
}

// migration is one embedded schema change.
type migration struct {
	version int
	name    string
	sql     string
}

// migrations lists the embedded files in order of their number prefix
// (001_init.sql is version 1).
func migrations() ([]migration, error) {
	names, err := fs.Glob(migrationFiles, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var ms []migration
	seen := map[int]string{}
	for _, name := range names {
		base := path.Base(name)
		prefix, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(prefix)
		if !ok || err != nil || v < 1 {
			return nil, fmt.Errorf("migration %s: name must start with a number and '_'", base)
		}
		if other, dup := seen[v]; dup {
			return nil, fmt.Errorf("migrations %s and %s share number %d", other, base, v)
		}
		seen[v] = base
		body, err := migrationFiles.ReadFile(name)
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: base, sql: string(body)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	return ms, nil
}

// migrate applies the migrations the database has not seen, each in its
// own transaction, so a failure leaves the schema at the last good version.
func migrate(ctx context.Context, db *sql.DB) error {
	ms, err := migrations()
	if err != nil {
		return err
	}
	for _, m := range ms {
		if err := applyMigration(ctx, db, m); err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
	}
	// A database written by a newer program may hold tables this one would
	// misread; refusing it is safer than guessing.
	have, err := schemaVersion(ctx, db)
	if err != nil {
		return err
	}
	if want, err := newestVersion(); err != nil {
		return err
	} else if have > want {
		return fmt.Errorf("database schema version %d is newer than this program's %d", have, want)
	}
	return nil
}

func applyMigration(ctx context.Context, db *sql.DB, m migration) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	// Created inside the transaction, and checked under its write lock, so
	// two programs opening a fresh file at once apply each migration once.
	_, err = tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY,
		name    TEXT    NOT NULL,
		applied INTEGER NOT NULL
	)`)
	if err != nil {
		return err
	}
	var n int
	err = tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = ?`, m.version).Scan(&n)
	if err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, ?)`,
		m.version, m.name, time.Now().UnixNano())
	if err != nil {
		return err
	}
	return tx.Commit()
}

// idEncoding spells ids in lowercase base32 without padding: easy to read
// aloud and safe in URLs.
var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// newID returns a random, unguessable game id: 80 bits from crypto/rand,
// 16 characters.
func newID() string {
	var b [10]byte
	rand.Read(b[:]) // never fails: crypto/rand panics rather than return short
	return idEncoding.EncodeToString(b[:])
}

// EntryConflict is the error for a round entry saved on a stale version:
// someone else saved that entry since the client loaded it. It carries
// what is stored now so the client can show both values.
type EntryConflict struct {
	// Current is the stored entry, nil if it was deleted or never stored.
	Current *scoring.Entry
	// Version is the stored entry's version (0 if none).
	Version int
	// Saved is when the stored entry was saved; zero if unknown (saved
	// before the store kept the time).
	Saved time.Time
	// Token is the one-time token of the form that saved the stored
	// entry, "" if none: equal to the token of the refused save, it means
	// that form was posted twice (Back, then save), not another phone.
	Token string
	// SavedBy is the seat of the phone that saved the stored entry, -1 if
	// not known.
	SavedBy int
}

// Error says the entry changed.
func (e *EntryConflict) Error() string {
	return fmt.Sprintf("store: entry was changed by someone else (now at version %d)", e.Version)
}

// FinalConflict is the error for an end-of-game entry saved on a stale
// version, carrying what is stored now.
type FinalConflict struct {
	// Current is the stored final entry, nil if none is stored.
	Current *scoring.FinalEntry
	// Version is the stored final entry's version (0 if none).
	Version int
	// Saved is when the stored final entry was saved; zero if unknown.
	Saved time.Time
	// Token is the one-time token of the form that saved it, "" if none.
	Token string
}

// Error says the final entry changed.
func (e *FinalConflict) Error() string {
	return fmt.Sprintf("store: final entry was changed by someone else (now at version %d)", e.Version)
}
