package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"

	"ruthless/handlers"
	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
	"ruthless/views/lang"
)

const exportUsage = `Usage: ruthless export [-db FILE] GAME_ID
       ruthless export [-db FILE] --all

Writes a stored game as a game file (the JSON format of docs/api.md) to
standard output, with the time it was played ("played"); with --all,
every stored game as a JSON array of game files, oldest first (what
ruthless import and the import page read back, without making copies of
games already stored). -db defaults to $RUTHLESS_DB, else ruthless.db.
`

const importUsage = `Usage: ruthless import [-db FILE] FILE

Checks a game file (the JSON format of docs/api.md), stores it as a new
game and prints the new game's id. FILE - reads standard input. A JSON
array of game files (as export --all writes) is checked whole and stored
all or nothing, in one transaction; the ids are printed one a line, in
the array's order. A game that is stored already (the same game with the
same played time, such as an export of a stored game) is not stored
again: its stored id is printed in its place, a line on standard error
says so, and the exit status is 0. -db defaults to $RUTHLESS_DB, else
ruthless.db; it is created if missing. It may run while a server
serves the database: the phones see the new games when they next load a
page.
`

const backupUsage = `Usage: ruthless backup [-db FILE] BACKUP_FILE

Writes a consistent copy of the whole database to BACKUP_FILE, which must
not exist yet. The app may keep running meanwhile. To restore it, stop
the app and run ruthless restore BACKUP_FILE. serve -backup-dir takes
backups by itself. -db defaults to $RUTHLESS_DB, else ruthless.db.
`

// defaultDB is the database path when -db is not given.
func defaultDB() string {
	if path := os.Getenv("RUTHLESS_DB"); path != "" {
		return path
	}
	return "ruthless.db"
}

// runExport is `ruthless export`.
func runExport(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlags("export")
	dbPath := flags.String("db", defaultDB(), "database file")
	all := flags.Bool("all", false, "export every game as a JSON array")
	rest, err := parseArgs(flags, args)
	if err != nil {
		return flagError(err, exportUsage, stdout, stderr)
	}
	if *all && len(rest) != 0 {
		return fail(stderr, exitUsage, errors.New("export --all takes no GAME_ID (see ruthless export -h)"))
	}
	if !*all && len(rest) != 1 {
		return fail(stderr, exitUsage, errors.New("export needs exactly one GAME_ID, or --all (see ruthless export -h)"))
	}
	s, code := openForReading(*dbPath, stderr)
	if s == nil {
		return code
	}
	// Export only reads, so a failing Close loses nothing.
	defer s.Close()
	if *all {
		return exportAll(s, stdout, stderr)
	}
	id := rest[0]
	g, err := s.Game(context.Background(), id)
	if errors.Is(err, store.ErrNotFound) {
		return fail(stderr, exitUsage, fmt.Errorf("unknown game %q in %s", id, *dbPath))
	}
	if err != nil {
		return fail(stderr, exitOther, err)
	}
	if err := scoring.EncodeGame(stdout, g.File); err != nil {
		return fail(stderr, exitOther, fmt.Errorf("writing the game file: %w", err))
	}
	return exitOK
}

// runImport is `ruthless import`.
func runImport(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlags("import")
	dbPath := flags.String("db", defaultDB(), "database file")
	rest, err := parseArgs(flags, args)
	if err != nil {
		return flagError(err, importUsage, stdout, stderr)
	}
	if len(rest) != 1 {
		return fail(stderr, exitUsage, errors.New("import needs exactly one FILE, or - for standard input (see ruthless import -h)"))
	}
	name, in := rest[0], stdin
	if name == "-" {
		name = "standard input"
	} else {
		f, err := os.Open(name)
		if err != nil {
			return fail(stderr, exitUsage, err)
		}
		defer f.Close()
		in = f
	}

	data, err := io.ReadAll(in)
	if err != nil {
		return fail(stderr, exitOther, fmt.Errorf("%s: %w", name, err))
	}
	if t := bytes.TrimLeft(data, " \t\r\n\ufeff"); len(t) > 0 && t[0] == '[' {
		return importArray(*dbPath, name, data, stdout, stderr)
	}
	game, err := scoring.DecodeGame(bytes.NewReader(data))
	var fieldErr *scoring.FieldError
	if errors.As(err, &fieldErr) {
		return fail(stderr, exitUsage, fmt.Errorf("%s: %w", name, err))
	}
	if err != nil {
		return fail(stderr, exitOther, fmt.Errorf("%s: %w", name, err))
	}
	// Validation errors are all about the file's values, hence status 2.
	warnings, err := scoring.Validate(game)
	if err != nil {
		return fail(stderr, exitUsage, fmt.Errorf("%s: %w", name, err))
	}
	// Warnings are doubtful but allowed input (R4.3): the game is stored
	// all the same, and the person importing hears about them.
	for _, w := range warnings {
		fmt.Fprintf(stderr, "ruthless: warning: %s (%s)\n", views.WarningText(lang.English, w, game.Players), w.Rule)
	}

	s, err := store.Open(*dbPath)
	if err != nil {
		return fail(stderr, exitOther, err)
	}
	defer s.Close()
	done, err := s.Import(context.Background(), []scoring.Game{game})
	if errors.Is(err, store.ErrBadRound) || errors.Is(err, store.ErrBadPlayer) {
		return fail(stderr, exitUsage, fmt.Errorf("%s: %w", name, err))
	}
	if err != nil {
		return fail(stderr, exitOther, err)
	}
	// Standard output stays one id, so a script gets the game's id either
	// way; the person importing hears that no copy was made.
	switch {
	case done[0].Restored:
		fmt.Fprintf(stderr, "ruthless: %s: game %s was in the trash, and is restored (not imported again)\n", name, done[0].ID)
	case done[0].Existing:
		fmt.Fprintf(stderr, "ruthless: %s: already stored as game %s (not imported again)\n", name, done[0].ID)
	}
	// The game is committed; a failing Close cannot undo that, so the id
	// is worth printing regardless.
	fmt.Fprintln(stdout, done[0].ID)
	return exitOK
}

// runBackup is `ruthless backup`.
func runBackup(args []string, stdout, stderr io.Writer) int {
	flags := newFlags("backup")
	dbPath := flags.String("db", defaultDB(), "database file")
	rest, err := parseArgs(flags, args)
	if err != nil {
		return flagError(err, backupUsage, stdout, stderr)
	}
	if len(rest) != 1 {
		return fail(stderr, exitUsage, errors.New("backup needs exactly one BACKUP_FILE (see ruthless backup -h)"))
	}
	s, code := openForReading(*dbPath, stderr)
	if s == nil {
		return code
	}
	defer s.Close()
	if err := s.Backup(context.Background(), rest[0]); errors.Is(err, store.ErrExists) {
		return fail(stderr, exitUsage, fmt.Errorf("%q exists already: a backup never overwrites a file", rest[0]))
	} else if err != nil {
		return fail(stderr, exitOther, err)
	}
	fmt.Fprintf(stdout, "backed up %s to %s\n", *dbPath, rest[0])
	return exitOK
}

// exportAll writes every game as a JSON array of game files, oldest
// first, the same bytes as the web app's export of all games.
func exportAll(s *store.Store, stdout, stderr io.Writer) int {
	games, err := s.Games(context.Background())
	if err != nil {
		return fail(stderr, exitOther, err)
	}
	sort.SliceStable(games, func(i, j int) bool {
		if !games[i].Created.Equal(games[j].Created) {
			return games[i].Created.Before(games[j].Created)
		}
		return games[i].ID < games[j].ID
	})
	files := make([]scoring.Game, len(games))
	for i, g := range games {
		files[i] = g.File
	}
	body, err := handlers.EncodeGames(files)
	if err != nil {
		return fail(stderr, exitOther, err)
	}
	if _, err := stdout.Write(body); err != nil {
		return fail(stderr, exitOther, fmt.Errorf("writing the game files: %w", err))
	}
	return exitOK
}

// importArray stores an array of game files, all or none.
func importArray(dbPath, name string, data []byte, stdout, stderr io.Writer) int {
	games, err := store.ParseGameFiles(name, data)
	var ie *store.ImportError
	if errors.As(err, &ie) {
		return fail(stderr, exitUsage, ie)
	}
	if err != nil {
		return fail(stderr, exitOther, err)
	}
	for i, g := range games {
		warnings, _ := scoring.Validate(g)
		for _, w := range warnings {
			fmt.Fprintf(stderr, "ruthless: warning: game %d: %s (%s)\n", i, views.WarningText(lang.English, w, g.Players), w.Rule)
		}
	}
	s, err := store.Open(dbPath)
	if err != nil {
		return fail(stderr, exitOther, err)
	}
	defer s.Close()
	done, err := s.Import(context.Background(), games)
	if errors.Is(err, store.ErrBadRound) || errors.Is(err, store.ErrBadPlayer) {
		return fail(stderr, exitUsage, fmt.Errorf("%s: %w", name, err))
	}
	if err != nil {
		return fail(stderr, exitOther, err)
	}
	known, restored := 0, 0
	for _, d := range done {
		if d.Existing {
			known++
		}
		if d.Restored {
			restored++
		}
	}
	// One line for the whole array: a history of thousands of games
	// imported again would otherwise bury any warning above it.
	if known > 0 {
		added := len(done) - known
		fmt.Fprintf(stderr, "ruthless: %s: %d %s imported, %d already stored (not imported again; their stored ids are printed)\n",
			name, added, views.Plural(added, "game", "games"), known)
	}
	if restored > 0 {
		fmt.Fprintf(stderr, "ruthless: %s: %d of the games already stored %s in the trash, and %s restored\n",
			name, restored, views.Plural(restored, "was", "were"), views.Plural(restored, "is", "are"))
	}
	for _, d := range done {
		fmt.Fprintln(stdout, d.ID)
	}
	return exitOK
}

// openExisting opens a database that must exist already: opening creates a
// missing file, and a command run from the wrong directory should say so
// rather than leave an empty database behind. On failure it has told
// stderr and returns nil with the exit status.
func openExisting(path string, stderr io.Writer) (*store.Store, int) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, fail(stderr, exitUsage, fmt.Errorf("no database at -db %q", path))
	} else if err != nil {
		return nil, fail(stderr, exitOther, err)
	}
	s, err := store.Open(path)
	if err != nil {
		return nil, fail(stderr, exitOther, err)
	}
	return s, exitOK
}

// openForReading is openExisting for the commands that only read
// (export, backup, trash): a database that cannot be opened for writing
// (a read-only disk, a file the user may only read) is opened read-only,
// so that its games can still be rescued.
func openForReading(path string, stderr io.Writer) (*store.Store, int) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, fail(stderr, exitUsage, fmt.Errorf("no database at -db %q", path))
	} else if err != nil {
		return nil, fail(stderr, exitOther, err)
	}
	s, err := store.Open(path)
	if err == nil {
		return s, exitOK
	}
	if !errors.Is(err, store.ErrReadOnly) && !errors.Is(err, store.ErrIO) {
		return nil, fail(stderr, exitOther, err)
	}
	s, roErr := store.OpenReadOnly(path)
	if roErr != nil {
		return nil, fail(stderr, exitOther, fmt.Errorf("%w; read-only, too: %v", err, roErr))
	}
	return s, exitOK
}
