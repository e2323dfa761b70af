package store

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"ruthless/scoring"
)

// handClock is a clock that stands still until the test moves it.
type handClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *handClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *handClock) set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// openClocked opens a store on a fresh file whose clock the test holds,
// through the exported option other packages use.
func openClocked(t *testing.T) (*Store, *handClock) {
	t.Helper()
	clock := &handClock{t: clockStart}
	s, err := OpenWith(filepath.Join(t.TempDir(), "test.db"), Options{Now: clock.now})
	if err != nil {
		t.Fatalf("OpenWith: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s, clock
}

// wholeGame stores a finished two-player game with entries saved more
// than once (versions above 1) and returns its id.
func wholeGame(t *testing.T, s *Store, names ...string) string {
	t.Helper()
	file := setup(names...)
	file.Rounds = [][]*scoring.Entry{
		{entry(t, 1, "H2", "H3"), entry(t, 2, "S5")},
		{entry(t, 0, "A4"), entry(t, 3, "X6", "X7")},
	}
	file.Final = []scoring.FinalEntry{finalEntry(t, 1, "H2", "H3"), finalEntry(t, 2, "S5")}
	id := create(t, s, file)
	put(t, s, id, 2, 1, entry(t, 4, "X6", "X7", "K1"), 1)
	return id
}

// gameRows counts game id's rows in every table that has a game_id
// column, found in the schema, so that a table added later is counted
// too. The games table itself counts under "games".
func gameRows(t *testing.T, s *Store, id string) map[string]int {
	t.Helper()
	ctx := context.Background()
	rows, err := s.db.QueryContext(ctx, `SELECT m.name FROM sqlite_master m, pragma_table_info(m.name) c
		WHERE m.type = 'table' AND c.name = 'game_id'`)
	if err != nil {
		t.Fatalf("listing tables: %v", err)
	}
	tables := []string{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	rows.Close()
	if len(tables) < 4 { // players, entries, finals, form_tokens at least
		t.Fatalf("tables with a game_id: %v, want at least 4", tables)
	}
	out := map[string]int{}
	for _, table := range tables {
		var n int
		if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table+` WHERE game_id = ?`, id).Scan(&n); err != nil {
			t.Fatalf("counting %s: %v", table, err)
		}
		out[table] = n
	}
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE id = ?`, id).Scan(&n); err != nil {
		t.Fatal(err)
	}
	out["games"] = n
	return out
}

// liveIDs lists the ids every reader of live games sees, one list per
// reader, so a test can check that none of them sees the trash.
func liveIDs(t *testing.T, s *Store) map[string][]string {
	t.Helper()
	ctx := context.Background()
	out := map[string][]string{}
	add := func(reader string, games []StoredGame, err error) {
		if err != nil {
			t.Fatalf("%s: %v", reader, err)
		}
		out[reader] = []string{}
		for _, g := range games {
			out[reader] = append(out[reader], g.ID)
		}
	}
	all, err := s.Games(ctx)
	add("Games", all, err)
	page, _, err := s.GamesPage(ctx, Cursor{}, MaxPage)
	add("GamesPage", page, err)
	filtered, _, err := s.GamesPageFiltered(ctx, GameFilter{State: "finished"}, Cursor{}, MaxPage)
	add("GamesPageFiltered", filtered, err)
	var ids []string
	for _, g := range all {
		ids = append(ids, g.ID)
	}
	byID, err := s.GamesByID(ctx, append(ids, trashIDs(t, s)...))
	add("GamesByID", byID, err)
	var each []StoredGame
	err = s.EachGame(ctx, func(g StoredGame) error { each = append(each, g); return nil })
	add("EachGame", each, err)
	versions, err := s.GameVersions(ctx)
	if err != nil {
		t.Fatalf("GameVersions: %v", err)
	}
	out["GameVersions"] = []string{}
	for _, v := range versions {
		out["GameVersions"] = append(out["GameVersions"], v.ID)
	}
	return out
}

// trashIDs lists the trash's ids, most recently deleted first.
func trashIDs(t *testing.T, s *Store) []string {
	t.Helper()
	games, err := s.Trash(context.Background())
	if err != nil {
		t.Fatalf("Trash: %v", err)
	}
	ids := []string{}
	for _, g := range games {
		ids = append(ids, g.ID)
	}
	return ids
}

func TestTrashRestoresWholeGame(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, clock := openClocked(t)
	kept := wholeGame(t, s, "Cy", "Di")
	id := wholeGame(t, s, "Ann", "Bob")
	before := load(t, s, id)
	if before.File.Final == nil || before.EntryVersions[1][1] != 2 {
		t.Fatalf("the game under test is not finished with an entry at version 2: %+v", before)
	}

	deletedAt := clockStart.Add(time.Hour)
	clock.set(deletedAt)
	if err := s.DeleteGame(ctx, id); err != nil {
		t.Fatalf("DeleteGame: %v", err)
	}

	t.Run("gone for every reader", func(t *testing.T) {
		if _, err := s.Game(ctx, id); !errors.Is(err, ErrNotFound) || !errors.Is(err, ErrInTrash) {
			t.Errorf("Game(trashed) error = %v, want ErrNotFound and ErrInTrash", err)
		}
		for reader, got := range liveIDs(t, s) {
			if want := []string{kept}; !reflect.DeepEqual(got, want) {
				t.Errorf("%s lists %v, want %v", reader, got, want)
			}
		}
		names, err := s.playerNames(ctx)
		if want := []string{"Cy", "Di"}; err != nil || !reflect.DeepEqual(names, want) {
			t.Errorf("PlayerNames = %v, %v; want %v", names, err, want)
		}
		recent, err := s.RecentPlayerNames(ctx, 10)
		if want := []string{"Cy", "Di"}; err != nil || !reflect.DeepEqual(recent, want) {
			t.Errorf("RecentPlayerNames = %v, %v; want %v", recent, err, want)
		}
	})

	t.Run("takes no writes", func(t *testing.T) {
		writes := []struct {
			name  string
			write func() error
		}{
			{"SaveEntry", func() error { _, err := s.putEntry(ctx, id, 1, 0, *entry(t, 1, "H4"), 1); return err }},
			{"SaveFinal", func() error { _, err := s.putFinal(ctx, id, 0, finalEntry(t, 1, "H4"), 1); return err }},
			{"RevealRound", func() error { return s.RevealRound(ctx, id, 2) }},
			{"DeleteGame again", func() error { return s.DeleteGame(ctx, id) }},
		}
		for _, w := range writes {
			if err := w.write(); !errors.Is(err, ErrNotFound) || !errors.Is(err, ErrInTrash) {
				t.Errorf("%s on a trashed game: %v, want ErrNotFound and ErrInTrash", w.name, err)
			}
		}
	})

	t.Run("listed in the trash", func(t *testing.T) {
		trash, err := s.Trash(ctx)
		if err != nil || len(trash) != 1 {
			t.Fatalf("Trash = %d games, %v; want 1", len(trash), err)
		}
		got := trash[0]
		if got.ID != id || !got.Deleted.Equal(deletedAt) || !reflect.DeepEqual(got.File, before.File) {
			t.Errorf("Trash[0] = %s deleted %v, %s; want %s deleted %v, %s", got.ID, got.Deleted,
				mustJSON(t, got.File), id, deletedAt, mustJSON(t, before.File))
		}
	})

	t.Run("restored whole", func(t *testing.T) {
		clock.set(deletedAt.Add(TrashKeep - time.Hour))
		if err := s.RestoreGame(ctx, id); err != nil {
			t.Fatalf("RestoreGame: %v", err)
		}
		after := load(t, s, id)
		if !reflect.DeepEqual(after, before) {
			t.Errorf("restored game = %+v\nwant %+v", after, before)
		}
		if got := trashIDs(t, s); len(got) != 0 {
			t.Errorf("trash after the restore = %v, want empty", got)
		}
		if got, want := liveIDs(t, s)["GameVersions"], 2; len(got) != want {
			t.Errorf("GameVersions after the restore lists %v, want %d games", got, want)
		}
		// It takes writes again.
		put(t, s, id, 1, 0, entry(t, 1, "H2", "H3", "H4"), 1)
	})

	t.Run("clear answers", func(t *testing.T) {
		if err := s.RestoreGame(ctx, id); !errors.Is(err, ErrNotInTrash) {
			t.Errorf("RestoreGame(live game) = %v, want ErrNotInTrash", err)
		}
		if err := s.RestoreGame(ctx, "nosuchgame"); !errors.Is(err, ErrNotFound) {
			t.Errorf("RestoreGame(unknown) = %v, want ErrNotFound", err)
		}
		if err := s.DeleteGame(ctx, "nosuchgame"); !errors.Is(err, ErrNotFound) || errors.Is(err, ErrInTrash) {
			t.Errorf("DeleteGame(unknown) = %v, want ErrNotFound without ErrInTrash", err)
		}
	})
}

func TestPurgeAfterThirtyDays(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	purges := []struct {
		name  string
		purge func(s *Store) error
	}{
		{"PurgeTrash", func(s *Store) error { _, err := s.PurgeTrash(ctx); return err }},
		{"listing the trash", func(s *Store) error { _, err := s.Trash(ctx); return err }},
	}
	ages := []struct {
		name string
		age  time.Duration
		kept bool
	}{
		{"just in", 0, true},
		{"29 days 23 hours", 29*24*time.Hour + 23*time.Hour, true},
		{"30 days less a nanosecond", TrashKeep - 1, true},
		{"30 days", TrashKeep, false},
		{"a year", 365 * 24 * time.Hour, false},
	}
	for _, p := range purges {
		for _, a := range ages {
			t.Run(p.name+"/"+a.name, func(t *testing.T) {
				s, clock := openClocked(t)
				live := wholeGame(t, s, "Cy", "Di")
				liveBefore := load(t, s, live)
				id, created, err := s.CreateGameOnce(ctx, setup("Ann", "Bob"), "form-token")
				if err != nil || !created {
					t.Fatalf("CreateGameOnce: %v", err)
				}
				put(t, s, id, 1, 0, entry(t, 1, "H2"), 0)
				put(t, s, id, 1, 1, entry(t, 1, "S3"), 0)
				if _, err := s.putFinal(ctx, id, 0, finalEntry(t, 1, "H2"), 0); err != nil {
					t.Fatalf("SaveFinal: %v", err)
				}
				deletedAt := clockStart.Add(time.Minute)
				clock.set(deletedAt)
				if err := s.DeleteGame(ctx, id); err != nil {
					t.Fatalf("DeleteGame: %v", err)
				}
				rowsBefore := gameRows(t, s, id)

				clock.set(deletedAt.Add(a.age))
				if err := p.purge(s); err != nil {
					t.Fatalf("purge: %v", err)
				}

				got := gameRows(t, s, id)
				wantRows := map[string]int{}
				for table := range rowsBefore {
					wantRows[table] = 0
				}
				if a.kept {
					wantRows = rowsBefore
				}
				if !reflect.DeepEqual(got, wantRows) {
					t.Errorf("rows of the trashed game = %v, want %v", got, wantRows)
				}
				if rowsBefore["entries"] != 2 || rowsBefore["finals"] != 1 || rowsBefore["players"] != 2 {
					t.Errorf("rows before the purge = %v, want 2 entries, 1 final, 2 players", rowsBefore)
				}
				wantTrash := []string{}
				if a.kept {
					wantTrash = []string{id}
				}
				if got := trashIDs(t, s); !reflect.DeepEqual(got, wantTrash) {
					t.Errorf("trash = %v, want %v", got, wantTrash)
				}
				err = s.RestoreGame(ctx, id)
				if a.kept && err != nil {
					t.Errorf("RestoreGame of a kept game: %v", err)
				}
				if !a.kept && !errors.Is(err, ErrNotFound) {
					t.Errorf("RestoreGame of a purged game: %v, want ErrNotFound", err)
				}
				if after := load(t, s, live); !reflect.DeepEqual(after, liveBefore) {
					t.Errorf("the live game changed: %+v, want %+v", after, liveBefore)
				}
			})
		}
	}
}

func TestDeleteFreesFormToken(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openClocked(t)
	first, _, err := s.CreateGameOnce(ctx, setup("Ann", "Bob"), "tok")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteGame(ctx, first); err != nil {
		t.Fatalf("DeleteGame: %v", err)
	}
	if _, err := s.GameByToken(ctx, "tok"); !errors.Is(err, ErrNotFound) {
		t.Errorf("GameByToken after the delete = %v, want ErrNotFound", err)
	}
	second, created, err := s.CreateGameOnce(ctx, setup("Ann", "Bob"), "tok")
	if err != nil || !created || second == first {
		t.Errorf("the form posted again = %q, created %v, %v; want a new game", second, created, err)
	}
	if err := s.RestoreGame(ctx, first); err != nil {
		t.Errorf("RestoreGame: %v", err)
	}
}

func TestImportRestoresTrashedGame(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openClocked(t)
	id := wholeGame(t, s, "Ann", "Bob")
	before := load(t, s, id)
	if err := s.DeleteGame(ctx, id); err != nil {
		t.Fatalf("DeleteGame: %v", err)
	}
	done, err := s.Import(ctx, []scoring.Game{before.File})
	if err != nil {
		t.Fatalf("Import: %v", err)
	}
	if want := []Imported{{ID: id, Existing: true, Restored: true}}; !reflect.DeepEqual(done, want) {
		t.Errorf("Import = %+v, want %+v", done, want)
	}
	if after := load(t, s, id); !reflect.DeepEqual(after, before) {
		t.Errorf("restored by import = %+v, want %+v", after, before)
	}
	// Imported again, the game is live: found, nothing restored.
	done, err = s.Import(ctx, []scoring.Game{before.File})
	if want := []Imported{{ID: id, Existing: true}}; err != nil || !reflect.DeepEqual(done, want) {
		t.Errorf("Import again = %+v, %v; want %+v", done, err, want)
	}
}
