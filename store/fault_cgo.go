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
	case sqlite3.ErrBusy, sqlite3.ErrLocked:
		// Another program held the file past the busy timeout.
		return ErrBusy
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
// the DSN's settings (pragmas that the driver's DSN does not take).
func openDB(dsn string, onConnect []string) (*sql.DB, error) {
	if len(onConnect) == 0 {
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
	return sql.OpenDB(connector{drv: drv, dsn: dsn}), nil
}

// connector opens connections of drv to dsn, for sql.OpenDB.
type connector struct {
	drv *sqlite3.SQLiteDriver
	dsn string
}

func (c connector) Connect(context.Context) (driver.Conn, error) { return c.drv.Open(c.dsn) }
func (c connector) Driver() driver.Driver                        { return c.drv }

// sqliteDamaged reports whether a SQLite error says the file is not a
// database or is damaged (SQLITE_NOTADB, SQLITE_CORRUPT).
func sqliteDamaged(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && (se.Code == sqlite3.ErrNotADB || se.Code == sqlite3.ErrCorrupt)
}
