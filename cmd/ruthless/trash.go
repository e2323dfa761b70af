package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"ruthless/store"
	"ruthless/views"
	"ruthless/views/lang"
)

const undeleteUsage = `Usage: ruthless undelete [-db FILE] GAME_ID

Takes a deleted game out of the trash, whole (every round, every
end-of-game entry), as it was when it was deleted. A deleted game stays
in the trash for 30 days, then it is removed for good; ruthless trash
lists what is there. -db defaults to $RUTHLESS_DB, else ruthless.db. It
may run while a server serves the database.
`

const trashUsage = `Usage: ruthless trash [-db FILE]

Lists the deleted games that can still be restored (ruthless undelete
GAME_ID), the most recently deleted first: id, when it was deleted, the
day it is kept until, its players and when it was played. Games deleted
30 days ago or more are removed for good first. -db defaults to
$RUTHLESS_DB, else ruthless.db.
`

// trashTimeLayout is how the trash commands write a time.
const trashTimeLayout = "2006-01-02 15:04"

// runUndelete is `ruthless undelete`.
func runUndelete(args []string, stdout, stderr io.Writer) int {
	flags := newFlags("undelete")
	dbPath := flags.String("db", defaultDB(), "database file")
	rest, err := parseArgs(flags, args)
	if err != nil {
		return flagError(err, undeleteUsage, stdout, stderr)
	}
	if len(rest) != 1 {
		return fail(stderr, exitUsage, errors.New("undelete needs exactly one GAME_ID (see ruthless undelete -h)"))
	}
	id := rest[0]
	s, code := openExisting(*dbPath, stderr)
	if s == nil {
		return code
	}
	defer s.Close()
	ctx := context.Background()
	err = s.RestoreGame(ctx, id)
	switch {
	case errors.Is(err, store.ErrNotInTrash):
		return fail(stderr, exitUsage, fmt.Errorf("game %q in %s is not deleted: there is nothing to restore", id, *dbPath))
	case errors.Is(err, store.ErrNotFound):
		return fail(stderr, exitUsage, fmt.Errorf("no game %q in the trash of %s: it was never stored there, or it was deleted %d days ago or more and removed for good (ruthless trash lists what can be restored)", id, *dbPath, int(store.TrashKeep/(24*time.Hour))))
	case errors.Is(err, store.ErrReadOnly):
		return fail(stderr, exitOther, fmt.Errorf("undelete must write, and %s is read-only (the file, its folder or its disk), so nothing was restored; export and backup still read it: %w", *dbPath, err))
	case err != nil:
		return fail(stderr, exitOther, err)
	}
	g, err := s.Game(ctx, id)
	if err != nil {
		// Restored all the same; only the description is missing.
		fmt.Fprintf(stdout, "restored game %s\n", id)
		return exitOK
	}
	fmt.Fprintf(stdout, "restored game %s: %s, played %s\n", id, views.JoinNames(lang.English, g.File.Players), g.Created.Local().Format(trashTimeLayout))
	return exitOK
}

// runTrash is `ruthless trash`.
func runTrash(args []string, stdout, stderr io.Writer) int {
	flags := newFlags("trash")
	dbPath := flags.String("db", defaultDB(), "database file")
	rest, err := parseArgs(flags, args)
	if err != nil {
		return flagError(err, trashUsage, stdout, stderr)
	}
	if len(rest) != 0 {
		return fail(stderr, exitUsage, fmt.Errorf("trash takes no arguments, not %q (see ruthless trash -h)", strings.Join(rest, " ")))
	}
	s, code := openForReading(*dbPath, stderr)
	if s == nil {
		return code
	}
	defer s.Close()
	games, err := s.Trash(context.Background())
	if err != nil {
		return fail(stderr, exitOther, err)
	}
	if len(games) == 0 {
		// On stderr, so that standard output stays one line per game.
		fmt.Fprintln(stderr, "ruthless: the trash is empty")
		return exitOK
	}
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tDELETED\tKEPT UNTIL\tPLAYERS\tPLAYED")
	for _, g := range games {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", g.ID,
			g.Deleted.Local().Format(trashTimeLayout),
			g.Deleted.Add(store.TrashKeep).Local().Format("2006-01-02"),
			views.JoinNames(lang.English, g.File.Players),
			g.Created.Local().Format(trashTimeLayout))
	}
	if err := w.Flush(); err != nil {
		return fail(stderr, exitOther, fmt.Errorf("writing the list: %w", err))
	}
	return exitOK
}
