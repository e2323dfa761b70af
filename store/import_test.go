package store

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"ruthless/scoring"
)

// finishedTwo is a valid finished two-player game file, without a played
// time: what an export wrote before game files carried one.
const finishedTwo = `{"version":1,"players":["Ann","Bob"],"start_player":0,"achievements":["richest","recruiter"],
 "rounds":[
  [{"pool":["H1","H2","H3"],"coins":1},{"pool":["S4","A4"],"coins":2}],
  [{"pool":["H1","H2","H3","HP"],"coins":1},{"pool":["S4","A4","X4"],"coins":2}],
  [{"pool":["H1","H2","H3","HP"],"coins":3},{"pool":["S4","A4","X4"],"coins":2}],
  [{"pool":["H1","H2","H3"],"coins":3},{"pool":["S4","A4","X4","SQ"],"coins":2}],
  [{"pool":["H1","H2","H3"],"coins":3},{"pool":["S4","A4","X4","SQ"],"coins":2}],
  [{"pool":["H1","H2","H3","AC*"],"coins":3},{"pool":["S4","A4","X4","SQ"],"coins":4}]],
 "final":[
  {"pirates":["H1","H2","H3","HP"],"buried_pirates":["AC"],"buried_powder_monkeys":1,"loot_banner_kept":5,"loot_banner_buried":0,"coins":3,"parley_used":false},
  {"pirates":["S4","A4","X4"],"buried_pirates":["SQ"],"buried_powder_monkeys":2,"loot_banner_kept":3,"loot_banner_buried":1,"coins":4,"parley_used":true}]}`

// inProgressThree is a three-player game file in its second round, one
// player not entered yet.
const inProgressThree = `{"version":1,"players":["Lucy","Craig","Julie"],"start_player":1,
 "achievements":["richest","mutineer"],"zero_counts":true,"rounds":[
  [{"pool":["H2","H3","A4"],"coins":3},{"pool":["S1","S7","SP"],"coins":1},{"pool":["HQ","sc*"],"coins":0}],
  [{"pool":["H2","H3","A4","S6"],"coins":4},null,{"pool":[],"coins":2}]]}`

// setupTwo is a game file with only its players.
const setupTwo = `{"version":1,"players":["Ann","Bob"]}`

// withPlayed adds a played time to a game file's text.
func withPlayed(file, played string) string {
	return strings.Replace(file, `{"version":1,`, `{"version":1,"played":"`+played+`",`, 1)
}

// parseOne reads one game file as an import does.
func parseOne(t *testing.T, file string) scoring.Game {
	t.Helper()
	games, err := ParseGameFiles("game.json", []byte(file))
	if err != nil {
		t.Fatalf("ParseGameFiles: %v\n%s", err, file)
	}
	return games[0]
}

// exportOf is a stored game's file as export writes it.
func exportOf(t *testing.T, s *Store, id string) string {
	t.Helper()
	var b bytes.Buffer
	if err := scoring.EncodeGame(&b, load(t, s, id).File); err != nil {
		t.Fatalf("EncodeGame: %v", err)
	}
	return b.String()
}

// countGames is how many games the store holds.
func countGames(t *testing.T, s *Store) int {
	t.Helper()
	games, err := s.Games(context.Background())
	if err != nil {
		t.Fatalf("Games: %v", err)
	}
	return len(games)
}

// TestImportSameGameTwice: importing a game the store already holds (the
// same content and the same played time) stores nothing new and answers
// the stored game's id. A file without a played time is the same game only
// when it is finished: a setup without a date may well be a new game of
// the same people.
func TestImportSameGameTwice(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tests := []struct {
		name          string
		first, second string
		wantGames     int
		wantSameID    bool
	}{
		{"finished game with played",
			withPlayed(finishedTwo, "2024-05-01T20:00:00+02:00"), withPlayed(finishedTwo, "2024-05-01T20:00:00+02:00"), 1, true},
		{"game in progress with a null entry, with played",
			withPlayed(inProgressThree, "2024-05-02T21:30:00Z"), withPlayed(inProgressThree, "2024-05-02T21:30:00Z"), 1, true},
		{"setup only, with played",
			withPlayed(setupTwo, "2024-05-03T19:00:00Z"), withPlayed(setupTwo, "2024-05-03T19:00:00Z"), 1, true},
		{"the same instant written with another offset",
			withPlayed(finishedTwo, "2024-05-01T20:00:00+02:00"), withPlayed(finishedTwo, "2024-05-01T18:00:00Z"), 1, true},
		{"finished game without played (an export from before played)",
			finishedTwo, finishedTwo, 1, true},
		{"the played-less file of a game stored with played",
			withPlayed(finishedTwo, "2024-05-01T20:00:00Z"), finishedTwo, 1, true},
		{"setup only without played: a new game each time",
			setupTwo, setupTwo, 2, false},
		{"game in progress without played: a new game each time",
			inProgressThree, inProgressThree, 2, false},
		{"same content played at another time: another game",
			withPlayed(finishedTwo, "2024-05-01T20:00:00Z"), withPlayed(finishedTwo, "2024-05-08T20:00:00Z"), 2, false},
		{"another game at the same time: another game",
			withPlayed(setupTwo, "2024-05-03T19:00:00Z"), withPlayed(`{"version":1,"players":["Ann","Cat"]}`, "2024-05-03T19:00:00Z"), 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := openTest(t)
			first, err := s.ImportGames(ctx, []scoring.Game{parseOne(t, tt.first)})
			if err != nil {
				t.Fatalf("first import: %v", err)
			}
			second, err := s.ImportGames(ctx, []scoring.Game{parseOne(t, tt.second)})
			if err != nil {
				t.Fatalf("second import: %v", err)
			}
			if got := countGames(t, s); got != tt.wantGames {
				t.Errorf("games stored = %d, want %d", got, tt.wantGames)
			}
			if got := first[0] == second[0]; got != tt.wantSameID {
				t.Errorf("second import's id %s equals the first's %s: %v, want %v", second[0], first[0], got, tt.wantSameID)
			}
		})
	}
}

// TestImportExportOfStoredGame: the export of a stored game, imported back
// into the same store, is recognised, also after the game changed (its
// fingerprint follows every write) and within one import of several games.
func TestImportExportOfStoredGame(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	clock := &stepClock{}
	s.now = clock.now
	id := create(t, s, parseOne(t, `{"version":1,"players":["Ann","Bob","Cat"]}`))

	steps := []struct {
		name  string
		write func(t *testing.T)
	}{
		{"as created", func(t *testing.T) {}},
		{"after a round entry", func(t *testing.T) { put(t, s, id, 1, 0, entry(t, 2, "H1", "H2"), 0) }},
		{"after a round is revealed", func(t *testing.T) {
			if err := s.RevealRound(ctx, id, 1); err != nil {
				t.Fatalf("RevealRound: %v", err)
			}
		}},
		{"after a rename", func(t *testing.T) {
			if _, err := s.RenamePlayer(ctx, "Cat", "Cathy"); err != nil {
				t.Fatalf("RenamePlayer: %v", err)
			}
		}},
	}
	for _, step := range steps {
		t.Run(step.name, func(t *testing.T) {
			step.write(t)
			file := exportOf(t, s, id)
			ids, err := s.ImportGames(ctx, []scoring.Game{parseOne(t, file), parseOne(t, file)})
			if err != nil {
				t.Fatalf("ImportGames: %v", err)
			}
			if ids[0] != id || ids[1] != id {
				t.Errorf("import of the export = %v, want [%s %s]", ids, id, id)
			}
			if got := countGames(t, s); got != 1 {
				t.Errorf("games stored = %d, want 1", got)
			}
		})
	}
}

// TestImportOneArrayTwice: a file of several games, some stored already,
// stores only the new ones; a game given twice in one file is stored once.
func TestImportOneArrayTwice(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	a := withPlayed(finishedTwo, "2024-05-01T20:00:00Z")
	b := withPlayed(inProgressThree, "2024-05-02T20:00:00Z")
	c := withPlayed(setupTwo, "2024-05-03T20:00:00Z")
	first, err := s.ImportGames(ctx, []scoring.Game{parseOne(t, a), parseOne(t, b), parseOne(t, a)})
	if err != nil {
		t.Fatalf("first import: %v", err)
	}
	if first[0] != first[2] || first[0] == first[1] {
		t.Errorf("ids %v: want the first and last equal and the middle another", first)
	}
	second, err := s.ImportGames(ctx, []scoring.Game{parseOne(t, c), parseOne(t, b), parseOne(t, a)})
	if err != nil {
		t.Fatalf("second import: %v", err)
	}
	if second[1] != first[1] || second[2] != first[0] || second[0] == first[0] || second[0] == first[1] {
		t.Errorf("second import's ids %v after %v: want a new id, then %s and %s", second, first, first[1], first[0])
	}
	if got := countGames(t, s); got != 3 {
		t.Errorf("games stored = %d, want 3", got)
	}
}

// TestImportedPlayedIsTheGameDate: a game imported with a played time is
// dated by it (the date history, player pages and charts use), and its
// export writes the same played text.
func TestImportedPlayedIsTheGameDate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	ids, err := s.ImportGames(ctx, []scoring.Game{parseOne(t, withPlayed(finishedTwo, "2024-05-01T20:00:00+02:00"))})
	if err != nil {
		t.Fatalf("ImportGames: %v", err)
	}
	g := load(t, s, ids[0])
	if got, want := g.Created.UTC().Format("2006-01-02T15:04:05Z07:00"), "2024-05-01T18:00:00Z"; got != want {
		t.Errorf("Created = %s, want %s", got, want)
	}
	if out := exportOf(t, s, ids[0]); !strings.Contains(out, `"played": "2024-05-01T20:00:00+02:00"`) {
		t.Errorf("export = %s, want the played time as the file wrote it", out)
	}
}

// TestFingerprintsOfOlderRows: games stored before fingerprints were kept
// get theirs when the store opens, so their exports are recognised too.
func TestFingerprintsOfOlderRows(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, path := openTest(t)
	id := create(t, s, parseOne(t, finishedTwo))
	if _, err := s.db.ExecContext(ctx, `UPDATE games SET fingerprint = ''`); err != nil {
		t.Fatalf("clearing the fingerprints: %v", err)
	}
	again, err := Open(path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer again.Close()
	ids, err := again.ImportGames(ctx, []scoring.Game{parseOne(t, exportOf(t, again, id))})
	if err != nil {
		t.Fatalf("ImportGames: %v", err)
	}
	if ids[0] != id {
		t.Errorf("import of the export = %s, want the stored %s", ids[0], id)
	}
	if got := countGames(t, again); got != 1 {
		t.Errorf("games stored = %d, want 1", got)
	}
}

// TestFingerprintFollowsWrites: after every kind of write the stored
// fingerprint is that of the game as it now reads back, whether the write
// worked it out itself (entries, finals) or read the game again.
func TestFingerprintFollowsWrites(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	id := create(t, s, setup("Ann", "Bob"))
	steps := []struct {
		name  string
		write func() error
		// changes is whether the game file changes: a final collection
		// alone does not (the file has a final once every seat has one).
		changes bool
	}{
		{"a round started by an entry", func() error { _, err := s.putEntry(ctx, id, 1, 0, *entry(t, 1, "H2"), 0); return err }, true},
		{"the round's other entry", func() error { _, err := s.putEntry(ctx, id, 1, 1, *entry(t, 2, "H3"), 0); return err }, true},
		{"an entry changed", func() error { _, err := s.putEntry(ctx, id, 1, 1, *entry(t, 3, "H3", "S4"), 1); return err }, true},
		{"the next round started", func() error { _, err := s.putEntry(ctx, id, 2, 1, *entry(t, 0), 0); return err }, true},
		{"that round revealed", func() error { return s.RevealRound(ctx, id, 2) }, true},
		{"one final collection: no final yet", func() error { _, err := s.putFinal(ctx, id, 0, finalEntry(t, 1, "H2"), 0); return err }, false},
		{"the last final collection: the game is over", func() error {
			_, err := s.putFinal(ctx, id, 1, finalEntry(t, 2, "H3", "S4"), 0)
			return err
		}, true},
		{"a final collection changed", func() error { _, err := s.putFinal(ctx, id, 0, finalEntry(t, 4, "H2"), 1); return err }, true},
		{"a rename", func() error { _, err := s.RenamePlayer(ctx, "Bob", "Bobby"); return err }, true},
	}
	var last string
	if err := s.db.QueryRowContext(ctx, `SELECT fingerprint FROM games WHERE id = ?`, id).Scan(&last); err != nil || last == "" {
		t.Fatalf("the new game's fingerprint = %q (%v), want one", last, err)
	}
	for _, step := range steps {
		t.Run(step.name, func(t *testing.T) {
			if err := step.write(); err != nil {
				t.Fatalf("write: %v", err)
			}
			var got string
			if err := s.db.QueryRowContext(ctx, `SELECT fingerprint FROM games WHERE id = ?`, id).Scan(&got); err != nil {
				t.Fatalf("reading the fingerprint: %v", err)
			}
			want, err := fingerprint(load(t, s, id).File)
			if err != nil {
				t.Fatalf("fingerprint: %v", err)
			}
			if got != want {
				t.Errorf("stored fingerprint = %s, want %s (the game as it reads back)", got, want)
			}
			if changed := got != last; changed != step.changes {
				t.Errorf("fingerprint changed: %v, want %v", changed, step.changes)
			}
			last = got
		})
	}
}

func TestImportGamesAllOrNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	tooLong := newSetup("Ann", "Bob")
	for range 7 {
		tooLong.Rounds = append(tooLong.Rounds, []*scoring.Entry{nil, nil})
	}
	_, err := s.ImportGames(ctx, []scoring.Game{newSetup("Ann", "Bob"), tooLong})
	if !errors.Is(err, ErrBadRound) || !strings.Contains(err.Error(), "game 1") {
		t.Fatalf("got %v, want ErrBadRound naming game 1", err)
	}
	if games, _ := s.Games(ctx); len(games) != 0 {
		t.Errorf("got %d games after a failed import, want 0", len(games))
	}
}
