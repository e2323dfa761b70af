package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ruthless/scoring"
)

// TestFaultsAreNamed: a full disk and a read-only database, made real by
// SQLite itself (max_page_count, query_only on every connection), come out
// of every write as ErrDiskFull and ErrReadOnly, keeping SQLite's own
// words; reads go on working.
func TestFaultsAreNamed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tests := []struct {
		name     string
		opt      Options
		want     error
		wantText string // SQLite's own words, kept in the message
	}{
		{"disk full", Options{MaxPages: 1}, ErrDiskFull, "full"},
		{"read-only", Options{ReadOnly: true}, ErrReadOnly, "readonly"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "fault.db")
			s, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			id, err := s.CreateGame(ctx, setup("Lucy", "Craig"))
			if err != nil {
				t.Fatal(err)
			}
			s.Close()

			s, err = OpenWith(path, tc.opt)
			if err != nil {
				t.Fatalf("OpenWith: %v", err)
			}
			defer s.Close()
			if _, err := s.Game(ctx, id); err != nil {
				t.Errorf("reading a game: %v, want it to work", err)
			}
			// Games until one does not fit (at once when read-only).
			for i := 0; i < 2000 && err == nil; i++ {
				_, err = s.CreateGame(ctx, setup("Lucy", "Craig", "Julie", "Alex"))
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("CreateGame: %v, want %v", err, tc.want)
			}
			if !strings.Contains(err.Error(), tc.wantText) {
				t.Errorf("message %q lost SQLite's words (%q)", err, tc.wantText)
			}
			if tc.opt.ReadOnly {
				_, err := s.saveEntry(ctx, id, 1, 0, scoring.Entry{Pool: cards(t, "H2")}, 0, "")
				if !errors.Is(err, ErrReadOnly) {
					t.Errorf("SaveEntry: %v, want %v", err, ErrReadOnly)
				}
				if err := s.DeleteGame(ctx, id); !errors.Is(err, ErrReadOnly) {
					t.Errorf("DeleteGame: %v, want %v", err, ErrReadOnly)
				}
			}
		})
	}
}

// TestOpenNamesTheProblem: a database that cannot be opened says why in
// the terms of the file system, not SQLite's "unable to open database
// file". (The permission cases need a user that permissions stop; see
// TestServeNamesDatabaseProblem in cmd/ruthless, which runs the server
// as nobody when the tests run as root.)
func TestOpenNamesTheProblem(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path, want string
	}{
		{"no such directory", filepath.Join(dir, "missing", "x.db"), "the directory " + filepath.Join(dir, "missing") + " does not exist"},
		{"a file for a directory", filepath.Join(file, "x.db"), file + " is not a directory"},
		{"a directory for the file", dir, dir + " is a directory, not a database file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Open(tc.path)
			if err == nil {
				s.Close()
				t.Fatalf("Open(%q) succeeded", tc.path)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to say %q", err, tc.want)
			}
		})
	}
}
