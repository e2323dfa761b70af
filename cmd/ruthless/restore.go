package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"ruthless/store"
	"ruthless/views"
)

const restoreUsage = `Usage: ruthless restore [-db FILE] BACKUP

Puts a copy of BACKUP (a file written by ruthless backup or by serve
-backup-dir) in place of the database. Stop the server first: restore
refuses while a server holds the database. It checks the backup before
changing anything, and refuses a file that is not a ruthless database,
that fails SQLite's integrity check, or that a newer ruthless wrote. The
database it replaces is not deleted: it is renamed, with its -wal and
-shm files, to FILE.before-restore-DATE. BACKUP itself is only read.
-db defaults to $RUTHLESS_DB, else ruthless.db.
`

// runRestore is `ruthless restore`.
func runRestore(args []string, stdout, stderr io.Writer) int {
	flags := newFlags("restore")
	dbPath := flags.String("db", defaultDB(), "database file")
	rest, err := parseArgs(flags, args)
	if err != nil {
		return flagError(err, restoreUsage, stdout, stderr)
	}
	if len(rest) != 1 {
		return fail(stderr, exitUsage, errors.New("restore needs exactly one BACKUP file (see ruthless restore -h)"))
	}
	backup := rest[0]
	// Held for the whole restore: no server can start on the database
	// while it is being replaced.
	_, statErr := os.Stat(*dbPath)
	lock, err := store.Acquire(*dbPath)
	if err != nil {
		var held *store.LockedError
		if errors.As(err, &held) {
			return fail(stderr, exitOther, fmt.Errorf("%w; stop it first (systemctl stop ruthless, or Ctrl-C where it runs), then restore", err))
		}
		return fail(stderr, exitOther, err)
	}
	defer lock.Release()
	if errors.Is(statErr, fs.ErrNotExist) {
		// The lock locks the database file itself and so made an empty
		// one; it is no database to set aside or to take the owner of.
		if info, err := os.Stat(*dbPath); err == nil && info.Size() == 0 {
			os.Remove(*dbPath)
		}
	}
	done, err := store.Restore(context.Background(), backup, *dbPath, time.Now())
	if errors.Is(err, store.ErrBadBackup) {
		return fail(stderr, exitUsage, err)
	}
	if err != nil {
		return fail(stderr, exitOther, err)
	}
	reportRestore(stdout, backup, *dbPath, done)
	return exitOK
}

// reportRestore says what restore did, for the person who ran it.
func reportRestore(w io.Writer, backup, dbPath string, done store.Restored) {
	fmt.Fprintf(w, "restored %s from %s: %d %s\n", dbPath, backup, done.Games, views.Plural(done.Games, "game", "games"))
	if len(done.SetAside) == 0 {
		fmt.Fprintf(w, "there was no database at %s before\n", dbPath)
	} else {
		fmt.Fprintf(w, "the database it replaced is kept as %s\n", done.SetAside[0])
		for _, other := range done.SetAside[1:] {
			fmt.Fprintf(w, "  with %s\n", other)
		}
	}
	fmt.Fprintln(w, "start the server again to use it")
}
