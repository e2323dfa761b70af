package main

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"ruthless/scoring"
	"ruthless/store"
)

// inProgress is a valid game file with a round still being entered.
const inProgress = `{
  "version": 1,
  "players": ["Lucy", "Craig", "Julie"],
  "start_player": 1,
  "achievements": ["richest", "mutineer"],
  "zero_counts": true,
  "rounds": [
    [
      {"pool": ["H2", "H3", "A4"], "coins": 3},
      {"pool": ["S1", "S7", "SP"], "coins": 1},
      {"pool": ["HQ", "sc*"], "coins": 0}
    ],
    [
      {"pool": ["H2", "H3", "A4", "S6"], "coins": 4},
      null,
      {"pool": [], "coins": 2}
    ]
  ]
}`

// tooManyRecruits is valid but draws an R4.3 warning: five pirates in the
// first round.
const tooManyRecruits = `{"version": 1, "players": ["Ann", "Bob"],
  "rounds": [[{"pool": ["H2", "H3", "A4", "S6", "A6"], "coins": 0}, null]]}`

// cmdResult is what one command run left behind.
type cmdResult struct {
	code           int
	stdout, stderr string
}

func runCmd(t *testing.T, cmd func([]string, *strings.Reader, *bytes.Buffer, *bytes.Buffer) int, stdin string, args ...string) cmdResult {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := cmd(args, strings.NewReader(stdin), &stdout, &stderr)
	return cmdResult{code, stdout.String(), stderr.String()}
}

func importCmd(args []string, stdin *strings.Reader, stdout, stderr *bytes.Buffer) int {
	return runImport(args, stdin, stdout, stderr)
}

func exportCmd(args []string, stdin *strings.Reader, stdout, stderr *bytes.Buffer) int {
	return runExport(args, stdin, stdout, stderr)
}

func decode(t *testing.T, text string) scoring.Game {
	t.Helper()
	g, err := scoring.DecodeGame(strings.NewReader(text))
	if err != nil {
		t.Fatalf("DecodeGame: %v\n%s", err, text)
	}
	return g
}

func TestImportExportRoundTrip(t *testing.T) {
	dir := t.TempDir()
	gameFile := filepath.Join(dir, "game.json")
	if err := os.WriteFile(gameFile, []byte(inProgress), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		file  string // the import argument
		stdin string
		db    []string // -db flag, or none to use RUTHLESS_DB
		// wantWarning is a piece of the expected stderr, "" for none.
		wantWarning string
	}{
		{"standard input", "-", inProgress, []string{"-db", filepath.Join(dir, "a.db")}, ""},
		{"named file", gameFile, "", []string{"-db", filepath.Join(dir, "b.db")}, ""},
		{"database from the environment", "-", inProgress, nil, ""},
		{"stored despite a warning", "-", tooManyRecruits, []string{"-db", filepath.Join(dir, "c.db")}, "R4.3"},
	}
	t.Setenv("RUTHLESS_DB", filepath.Join(dir, "env.db"))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			imp := runCmd(t, importCmd, tt.stdin, append(slices.Clone(tt.db), tt.file)...)
			if imp.code != exitOK {
				t.Fatalf("import exit = %d, want %d; stderr %q", imp.code, exitOK, imp.stderr)
			}
			if tt.wantWarning == "" && imp.stderr != "" {
				t.Errorf("import stderr = %q, want nothing", imp.stderr)
			}
			if tt.wantWarning != "" && !strings.Contains(imp.stderr, tt.wantWarning) {
				t.Errorf("import stderr = %q, want a warning naming %s", imp.stderr, tt.wantWarning)
			}
			id := strings.TrimSuffix(imp.stdout, "\n")
			if id == "" || strings.ContainsAny(id, " \n") {
				t.Fatalf("import stdout = %q, want one id on one line", imp.stdout)
			}

			exp := runCmd(t, exportCmd, "", append(slices.Clone(tt.db), id)...)
			if exp.code != exitOK || exp.stderr != "" {
				t.Fatalf("export = %d, stderr %q; want %d and no stderr", exp.code, exp.stderr, exitOK)
			}
			if !strings.Contains(exp.stdout, "\n  \"players\"") {
				t.Errorf("export output is not indented:\n%s", exp.stdout)
			}
			want := tt.stdin
			if tt.file != "-" {
				want = inProgress
			}
			got := decode(t, exp.stdout)
			// The file had no played time: the export carries the time
			// the game was stored.
			if err := scoring.CheckPlayed(got.Played); err != nil {
				t.Errorf("exported played = %q: %v", got.Played, err)
			}
			wantGame := decode(t, want)
			wantGame.Played = got.Played
			if want := wantGame; !reflect.DeepEqual(got, want) {
				t.Errorf("exported game = %+v, want %+v", got, want)
			}
		})
	}
}

func TestImportExportBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "games.db")
	// One stored game so the database exists for the export cases.
	if r := runCmd(t, importCmd, inProgress, "-db", db, "-"); r.code != exitOK {
		t.Fatalf("seeding import: exit %d, stderr %q", r.code, r.stderr)
	}
	missingDB := filepath.Join(dir, "missing.db")
	tests := []struct {
		name     string
		cmd      func([]string, *strings.Reader, *bytes.Buffer, *bytes.Buffer) int
		stdin    string
		args     []string
		wantCode int
		// wantErr must appear in the one line on stderr.
		wantErr string
	}{
		{"export without an id", exportCmd, "", []string{"-db", db}, exitUsage, "GAME_ID"},
		{"export with two ids", exportCmd, "", []string{"-db", db, "a", "b"}, exitUsage, "GAME_ID"},
		{"export of an unknown id", exportCmd, "", []string{"-db", db, "nosuchgame"}, exitUsage, `"nosuchgame"`},
		{"export from a missing database", exportCmd, "", []string{"-db", missingDB, "x"}, exitUsage, missingDB},
		{"export with an unknown flag", exportCmd, "", []string{"-dbx", db, "x"}, exitUsage, "dbx"},
		{"import without a file", importCmd, "", []string{"-db", db}, exitUsage, "FILE"},
		{"import of a missing file", importCmd, "", []string{"-db", db, filepath.Join(dir, "nope.json")}, exitUsage, "nope.json"},
		{"import of text that is not JSON", importCmd, "{players", []string{"-db", db, "-"}, exitUsage, "JSON"},
		{"import of an unknown card", importCmd,
			strings.Replace(inProgress, `"S6"`, `"Z9"`, 1), []string{"-db", db, "-"}, exitUsage, `"Z9"`},
		{"import of a card held twice", importCmd,
			strings.Replace(inProgress, `"S1"`, `"H2"`, 1), []string{"-db", db, "-"}, exitUsage, "H2"},
		{"import of five players", importCmd,
			strings.Replace(inProgress, `"Julie"]`, `"Julie", "Ann", "Bob"]`, 1), []string{"-db", db, "-"}, exitUsage, "players"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCmd(t, tt.cmd, tt.stdin, tt.args...)
			if r.code != tt.wantCode {
				t.Errorf("exit = %d, want %d", r.code, tt.wantCode)
			}
			if r.stdout != "" {
				t.Errorf("stdout = %q, want nothing", r.stdout)
			}
			if strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, tt.wantErr) {
				t.Errorf("stderr = %q, want one line naming %s", r.stderr, tt.wantErr)
			}
		})
	}
	if _, err := os.Stat(missingDB); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("export created %s (stat error %v), want no file", missingDB, err)
	}
	// Nothing refused may have been stored: still only the seeding game.
	s, err := store.Open(db)
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	defer s.Close()
	games, err := s.Games(context.Background())
	if err != nil {
		t.Fatalf("Games: %v", err)
	}
	if got, want := len(games), 1; got != want {
		t.Errorf("games stored = %d, want %d", got, want)
	}
}

func TestExportHelp(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		cmd  func([]string, *strings.Reader, *bytes.Buffer, *bytes.Buffer) int
		want string
	}{
		{"export", exportCmd, "Usage: ruthless export"},
		{"import", importCmd, "Usage: ruthless import"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCmd(t, tt.cmd, "", "-h")
			if r.code != exitOK || !strings.HasPrefix(r.stdout, tt.want) || r.stderr != "" {
				t.Errorf("%s -h = %d, %q, %q; want %d, the usage, no stderr", tt.name, r.code, r.stdout, r.stderr, exitOK)
			}
		})
	}
}

func backupCmd(args []string, _ *strings.Reader, stdout, stderr *bytes.Buffer) int {
	return runBackup(args, stdout, stderr)
}

// TestBackupCommand: a backup of a database with a game in it exports
// the same game file; bad uses exit 2 with one line.
func TestBackupCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "games.db")
	imported := runCmd(t, importCmd, inProgress, "-db", db, "-")
	if imported.code != exitOK {
		t.Fatalf("import: %+v", imported)
	}
	id := strings.TrimSpace(imported.stdout)
	copyPath := filepath.Join(dir, "copy.db")
	if got := runCmd(t, backupCmd, "", "-db", db, copyPath); got.code != exitOK || !strings.Contains(got.stdout, copyPath) {
		t.Fatalf("backup: %+v", got)
	}
	want := runCmd(t, exportCmd, "", "-db", db, id)
	got := runCmd(t, exportCmd, "", "-db", copyPath, id)
	if got.code != exitOK || got.stdout != want.stdout {
		t.Errorf("export from the backup = %+v, want %q", got, want.stdout)
	}
	bad := []struct {
		name string
		args []string
		want string
	}{
		{"no file", []string{"-db", db}, "exactly one BACKUP_FILE"},
		{"file exists", []string{"-db", db, copyPath}, "exists already"},
		{"no database", []string{"-db", filepath.Join(dir, "none.db"), filepath.Join(dir, "x.db")}, "no database"},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			got := runCmd(t, backupCmd, "", c.args...)
			if got.code != exitUsage || !strings.Contains(got.stderr, c.want) || strings.Count(got.stderr, "\n") != 1 {
				t.Errorf("backup %v = %+v, want exit 2 and one line with %q", c.args, got, c.want)
			}
		})
	}
}
