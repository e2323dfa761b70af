package main

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"ruthless/scoring"
	"ruthless/store"
)

// trashDB is a database holding a live game and a deleted one (the same
// file, inProgress), closed again so the commands open it as they would;
// file is the deleted game's file as it was stored.
func trashDB(t *testing.T) (path, live, deleted string, file scoring.Game) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "trash.db")
	s, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	game := decode(t, inProgress)
	if live, err = s.CreateGame(ctx, game); err != nil {
		t.Fatal(err)
	}
	if deleted, err = s.CreateGame(ctx, game); err != nil {
		t.Fatal(err)
	}
	stored, err := s.Game(ctx, deleted)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteGame(ctx, deleted); err != nil {
		t.Fatal(err)
	}
	return path, live, deleted, stored.File
}

func TestUndeleteCommand(t *testing.T) {
	t.Parallel()
	db, live, deleted, file := trashDB(t)
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout string // a piece of it; "" means empty
		wantStderr string // a piece of it; "" means empty
	}{
		{"the trash lists the deleted game", []string{"trash", "-db", db}, exitOK, deleted, ""},
		{"an unknown id", []string{"undelete", "-db", db, "nosuchgame"}, exitUsage, "", `no game "nosuchgame" in the trash`},
		{"a live game", []string{"undelete", "-db", db, live}, exitUsage, "", "is not deleted"},
		{"no id", []string{"undelete", "-db", db}, exitUsage, "", "exactly one GAME_ID"},
		{"two ids", []string{"undelete", "-db", db, live, deleted}, exitUsage, "", "exactly one GAME_ID"},
		{"no database there", []string{"undelete", "-db", filepath.Join(t.TempDir(), "none.db"), deleted}, exitUsage, "", "no database at -db"},
		{"restored, -db after the id", []string{"undelete", deleted, "-db", db}, exitOK, "restored game " + deleted + ": Lucy, Craig and Julie", ""},
		{"restored twice", []string{"undelete", "-db", db, deleted}, exitUsage, "", "is not deleted"},
		{"the trash is empty", []string{"trash", "-db", db}, exitOK, "", "the trash is empty"},
		{"the trash takes no argument", []string{"trash", "-db", db, "extra"}, exitUsage, "", "takes no arguments"},
		{"help", []string{"undelete", "-h"}, exitOK, "Usage: ruthless undelete", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runMain(t, "", tt.args...)
			if code != tt.wantCode {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.wantCode, stderr)
			}
			checkPiece(t, "stdout", stdout, tt.wantStdout)
			checkPiece(t, "stderr", stderr, tt.wantStderr)
			if strings.Count(stderr, "\n") > 1 || strings.Contains(stderr, "goroutine") {
				t.Errorf("stderr is not one line: %q", stderr)
			}
		})
	}
	// What undelete restored, export gives back whole.
	code, stdout, stderr := runMain(t, "", "export", "-db", db, deleted)
	if code != exitOK {
		t.Fatalf("export of the restored game: exit %d, %s", code, stderr)
	}
	if got := decode(t, stdout); !reflect.DeepEqual(got, file) {
		t.Errorf("restored game's file = %+v, want %+v as stored before the delete", got, file)
	}
}

// checkPiece checks that got holds want, or is empty when want is "".
func checkPiece(t *testing.T, name, got, want string) {
	t.Helper()
	if want == "" && got != "" {
		t.Errorf("%s = %q, want nothing", name, got)
	}
	if !strings.Contains(got, want) {
		t.Errorf("%s = %q, want it to contain %q", name, got, want)
	}
}
