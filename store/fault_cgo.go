//go:build cgo

package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"

	"github.com/mattn/go-sqlite3"

	"ruthless/scoring"
)

// sqliteFault is the fault a SQLite error is, nil for any other error.
func sqliteFault(err error) error {
	var se sqlite3.Error
	if !errors.As(err, &se) {
		return nil
	}
	if se.ExtendedCode == sqlite3.ErrConstraintCommitHook {
		return errDetachedFault // only the file watch refuses commits
	}
	switch se.Code {
	case sqlite3.ErrBusy, sqlite3.ErrLocked:
		// Another program held the file past the busy timeout.
		return ErrBusy
	case sqlite3.ErrFull:
		return ErrDiskFull
	case sqlite3.ErrReadonly:
		return ErrReadOnly
	case sqlite3.ErrCorrupt, sqlite3.ErrNotADB:
		// The file changed under the server (a bad disk, a hand edit):
		// nothing a client did, and nothing a retry by the client mends.
		return ErrDamaged
	case sqlite3.ErrCantOpen, sqlite3.ErrIoErr:
		if se.ExtendedCode == sqlite3.ErrIoErrNoMem {
			return nil // out of memory, not a disk
		}
		return ErrIO
	}
	return nil
}

// openDB is sql.Open with statements run on every new connection after
// the DSN's settings (pragmas that the driver's DSN does not take), and
// the hooks of the store's file watch on every connection.
func openDB(dsn string, onConnect []string, hooks connHooks) (*sql.DB, error) {
	drv := &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
		// name_key is scoring.NameKey in SQL: the filters compare names
		// with the one folding Go uses, in every alphabet.
		if err := c.RegisterFunc("name_key", scoring.NameKey, true); err != nil {
			return err
		}
		for _, stmt := range onConnect {
			if _, err := c.Exec(stmt, nil); err != nil {
				return err
			}
		}
		if hooks.refuseCommit != nil {
			// A non-zero answer turns the commit into a rollback.
			c.RegisterCommitHook(func() int {
				if hooks.refuseCommit() {
					return 1
				}
				return 0
			})
		}
		return nil
	}}
	return sql.OpenDB(connector{drv: drv, dsn: dsn, before: hooks.beforeConnect, onStatement: hooks.onStatement}), nil
}

// connector opens connections of drv to dsn, for sql.OpenDB; before, if
// set, may refuse a new connection before anything is opened (a
// connection to a deleted database's path would create an empty one).
type connector struct {
	drv         *sqlite3.SQLiteDriver
	dsn         string
	before      func() error
	onStatement func(string)
}

func (c connector) Connect(context.Context) (driver.Conn, error) {
	if c.before != nil {
		if err := c.before(); err != nil {
			return nil, err
		}
	}
	conn, err := c.drv.Open(c.dsn)
	if err != nil || c.onStatement == nil {
		return conn, err
	}
	return countedConn{SQLiteConn: conn.(*sqlite3.SQLiteConn), on: c.onStatement}, nil
}
func (c connector) Driver() driver.Driver { return c.drv }

// countedConn is a SQLite connection that reports each statement before
// running it; every other method is the connection's own, so that
// database/sql drives it exactly as it drives a plain one.
type countedConn struct {
	*sqlite3.SQLiteConn
	on func(string)
}

func (c countedConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	c.on(query)
	return c.SQLiteConn.ExecContext(ctx, query, args)
}

func (c countedConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	c.on(query)
	return c.SQLiteConn.QueryContext(ctx, query, args)
}

func (c countedConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	c.on(query)
	return c.SQLiteConn.PrepareContext(ctx, query)
}

// backupConn copies the database of conn, with SQLite's online backup,
// into a new file at path. It reads through conn's own open files, so it
// works after the files at the database's path were deleted.
func backupConn(ctx context.Context, conn *sql.Conn, path string) error {
	return conn.Raw(func(dc any) error {
		src, ok := dc.(*sqlite3.SQLiteConn)
		if !ok {
			return errors.New("store: not a SQLite connection")
		}
		dstDB, err := (&sqlite3.SQLiteDriver{}).Open(path)
		if err != nil {
			return err
		}
		dst := dstDB.(*sqlite3.SQLiteConn)
		defer dst.Close()
		b, err := dst.Backup("main", src, "main")
		if err != nil {
			return err
		}
		if _, err := b.Step(-1); err != nil {
			b.Finish()
			return err
		}
		return b.Finish()
	})
}

// sqliteDamaged reports whether a SQLite error says the file is not a
// database or is damaged (SQLITE_NOTADB, SQLITE_CORRUPT).
func sqliteDamaged(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && (se.Code == sqlite3.ErrNotADB || se.Code == sqlite3.ErrCorrupt)
}
