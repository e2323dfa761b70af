//go:build cgo

package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"

	"github.com/mattn/go-sqlite3"
)

// sqliteFault is the fault a SQLite error is, nil for any other error.
func sqliteFault(err error) error {
	var se sqlite3.Error
	if !errors.As(err, &se) {
		return nil
	}
	switch se.Code {
	case sqlite3.ErrFull:
		return ErrDiskFull
	case sqlite3.ErrReadonly:
		return ErrReadOnly
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
// onStatement, if set, told of every statement sent.
func openDB(dsn string, onConnect []string, onStatement func(string)) (*sql.DB, error) {
	if len(onConnect) == 0 && onStatement == nil {
		return sql.Open("sqlite3", dsn)
	}
	drv := &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
		for _, stmt := range onConnect {
			if _, err := c.Exec(stmt, nil); err != nil {
				return err
			}
		}
		return nil
	}}
	return sql.OpenDB(connector{drv: drv, dsn: dsn, onStatement: onStatement}), nil
}

// connector opens connections of drv to dsn, for sql.OpenDB.
type connector struct {
	drv         *sqlite3.SQLiteDriver
	dsn         string
	onStatement func(string)
}

func (c connector) Connect(context.Context) (driver.Conn, error) {
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

// sqliteDamaged reports whether a SQLite error says the file is not a
// database or is damaged (SQLITE_NOTADB, SQLITE_CORRUPT).
func sqliteDamaged(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && (se.Code == sqlite3.ErrNotADB || se.Code == sqlite3.ErrCorrupt)
}
