//go:build !cgo

package store

import "database/sql"

// sqliteFault knows no faults without cgo: the driver is a stub that
// opens nothing.
func sqliteFault(error) error { return nil }

// openDB is sql.Open; without cgo nothing connects, so there is nothing
// to run on connecting.
func openDB(dsn string, _ []string, _ func(string)) (*sql.DB, error) { return sql.Open("sqlite3", dsn) }

// sqliteDamaged knows no damage without cgo.
func sqliteDamaged(error) bool { return false }
