//go:build !cgo

package store

import (
	"context"
	"database/sql"
	"errors"
)

// sqliteFault knows no faults without cgo: the driver is a stub that
// opens nothing.
func sqliteFault(error) error { return nil }

// openDB is sql.Open; without cgo nothing connects, so there is nothing
// to run on connecting.
func openDB(dsn string, _ []string, _ connHooks) (*sql.DB, error) { return sql.Open("sqlite3", dsn) }

// backupConn has no connection to copy without cgo.
func backupConn(context.Context, *sql.Conn, string) error {
	return errors.New("store: no SQLite without cgo")
}

// sqliteDamaged knows no damage without cgo.
func sqliteDamaged(error) bool { return false }
