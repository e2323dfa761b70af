package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ruthless/store"
)

// TestImportTwice: `ruthless import` of a game already in the database
// stores nothing, says so on standard error with the stored id, prints
// that id and exits 0; an array stores only its new games.
func TestImportTwice(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "games.db")
	first := runCmd(t, importCmd, inProgress, "-db", db, "-")
	if first.code != exitOK {
		t.Fatalf("first import: %+v", first)
	}
	id := strings.TrimSpace(first.stdout)
	exported := runCmd(t, exportCmd, "", "-db", db, id)
	if exported.code != exitOK || !strings.Contains(exported.stdout, `"played": "`) {
		t.Fatalf("export = %+v, want a game file with a played time", exported)
	}
	exportFile := filepath.Join(dir, "export.json")
	if err := os.WriteFile(exportFile, []byte(exported.stdout), 0o600); err != nil {
		t.Fatal(err)
	}
	played := strings.Replace(inProgress, `"version": 1,`, `"version": 1, "played": "2024-05-01T20:00:00+02:00",`, 1)

	steps := []struct {
		name  string
		stdin string
		file  string
		// wantID is the id standard output must hold; "" for a new one.
		wantID string
		// wantNote must be on standard error, "" for nothing there.
		wantNote string
	}{
		{"the export of a stored game", "", exportFile, id, "already stored as game " + id},
		{"the export again, from standard input", exported.stdout, "-", id, "already stored as game " + id},
		{"a file with a played time", played, "-", "", ""},
	}
	var playedID string
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			r := runCmd(t, importCmd, st.stdin, "-db", db, st.file)
			if r.code != exitOK {
				t.Fatalf("exit = %d, want %d; stderr %q", r.code, exitOK, r.stderr)
			}
			got := strings.TrimSuffix(r.stdout, "\n")
			if got == "" || strings.ContainsAny(got, " \n") {
				t.Fatalf("stdout = %q, want one id on one line", r.stdout)
			}
			if st.wantID != "" && got != st.wantID {
				t.Errorf("id = %s, want the stored %s", got, st.wantID)
			}
			if st.wantID == "" && got == id {
				t.Errorf("id = %s, want a new game's", got)
			}
			if st.wantNote == "" && r.stderr != "" {
				t.Errorf("stderr = %q, want nothing", r.stderr)
			}
			if st.wantNote != "" && (!strings.Contains(r.stderr, st.wantNote) || strings.Count(r.stderr, "\n") != 1) {
				t.Errorf("stderr = %q, want one line saying %q", r.stderr, st.wantNote)
			}
			playedID = got
		})
	}
	t.Run("the same played file again", func(t *testing.T) {
		r := runCmd(t, importCmd, played, "-db", db, "-")
		if r.code != exitOK || strings.TrimSpace(r.stdout) != playedID || !strings.Contains(r.stderr, "already stored as game "+playedID) {
			t.Errorf("import = %+v, want exit 0, id %s and a note that it is already stored", r, playedID)
		}
	})
	t.Run("every game, as export --all writes them", func(t *testing.T) {
		all := runCmd(t, exportCmd, "", "-db", db, "--all")
		if all.code != exitOK {
			t.Fatalf("export --all: %+v", all)
		}
		r := runCmd(t, importCmd, all.stdout, "-db", db, "-")
		if r.code != exitOK {
			t.Fatalf("exit = %d, want %d; stderr %q", r.code, exitOK, r.stderr)
		}
		// Oldest first: the game played in 2024, then the one stored now.
		if got, want := strings.Fields(r.stdout), []string{playedID, id}; strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("ids = %v, want the stored %v", got, want)
		}
		if !strings.Contains(r.stderr, "0 games imported, 2 already stored") || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("stderr = %q, want one line: 0 games imported, 2 already stored", r.stderr)
		}
	})

	s, err := store.Open(db)
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	defer s.Close()
	games, err := s.Games(context.Background())
	if err != nil {
		t.Fatalf("Games: %v", err)
	}
	if got, want := len(games), 2; got != want {
		t.Errorf("games stored = %d, want %d", got, want)
	}
}
