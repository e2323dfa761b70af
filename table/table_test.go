package table_test

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/table"
)

// open is the write path over a new SQLite file, and the store under it.
func open(t *testing.T) (*table.Table, *store.Store) {
	t.Helper()
	s, err := store.Open(filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return table.New(s), s
}

func cards(t *testing.T, codes ...string) []scoring.Card {
	t.Helper()
	out := []scoring.Card{}
	for _, code := range codes {
		c, err := scoring.ParseCard(code)
		if err != nil {
			t.Fatalf("ParseCard(%q): %v", code, err)
		}
		out = append(out, c)
	}
	return out
}

func newGame(t *testing.T, tb *table.Table, players ...string) string {
	t.Helper()
	made, err := tb.Create(context.Background(), table.NewGame{Game: scoring.Game{Version: 1, Players: players, Achievements: scoring.DefaultAchievements(), Rounds: [][]*scoring.Entry{}}}, nil)
	if err != nil || !made.Created {
		t.Fatalf("Create: %+v, %v", made, err)
	}
	return made.ID
}

// TestSaveEntryFacts: a round entry's save says what it did in values —
// the new R4.3 warnings (and only new ones), a save with nothing to write,
// the same form's second save taking over its first, a complete round,
// the version after — never in words.
func TestSaveEntryFacts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tb, _ := open(t)
	id := newGame(t, tb, "Ann", "Bob")
	four := scoring.Entry{Pool: cards(t, "H2", "H3", "H4", "H5"), Coins: 1}
	steps := []struct {
		name          string
		e             table.Entry
		wantErr       any // a pointer to the error type wanted, nil for none
		wantWarnings  int
		wantUnchanged bool
		wantComplete  bool
		wantVersion   int
	}{
		{"four new pirates warn (R4.3)", table.Entry{Game: id, Round: 1, Seat: 0, Entry: four, Token: "form-1"}, nil, 1, false, false, 1},
		{"saved again from its page: the warning is not new", table.Entry{Game: id, Round: 1, Seat: 0, Entry: four, Version: 1, Token: "form-2"}, nil, 0, false, false, 2},
		{"the same entry on a stale version: nothing to write", table.Entry{Game: id, Round: 1, Seat: 0, Entry: four, Version: 1}, nil, 0, true, false, 2},
		{"the same form again after a change: it takes over", table.Entry{Game: id, Round: 1, Seat: 0, Entry: scoring.Entry{Pool: cards(t, "H2"), Coins: 1}, Version: 1, Token: "form-2"}, nil, 0, false, false, 3},
		{"another phone on a stale version: a conflict", table.Entry{Game: id, Round: 1, Seat: 0, Entry: scoring.Entry{Pool: cards(t, "H6")}, Version: 1, Token: "form-3"}, new(*store.EntryConflict), 0, false, false, 0},
		{"a card another player holds (R4.1)", table.Entry{Game: id, Round: 1, Seat: 1, Entry: scoring.Entry{Pool: cards(t, "H2")}}, new(*scoring.FieldError), 0, false, false, 0},
		{"the last seat completes the round", table.Entry{Game: id, Round: 1, Seat: 1, Entry: scoring.Entry{Pool: cards(t, "S2")}}, nil, 0, false, true, 1},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			got, err := tb.SaveEntry(ctx, st.e)
			if st.wantErr != nil {
				if !errors.As(err, st.wantErr) {
					t.Fatalf("err = %v, want %T", err, st.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("SaveEntry: %v", err)
			}
			if len(got.NewWarnings) != st.wantWarnings {
				t.Errorf("new warnings = %+v, want %d", got.NewWarnings, st.wantWarnings)
			}
			for _, w := range got.NewWarnings {
				if w.Rule != "R4.3" || w.Round != st.e.Round || w.Player != st.e.Seat || len(w.Cards) != 4 || w.Message != "" {
					t.Errorf("warning %+v, want R4.3's four cards for round %d, seat %d, unworded", w, st.e.Round, st.e.Seat)
				}
			}
			if got.Unchanged != st.wantUnchanged || got.RoundComplete != st.wantComplete {
				t.Errorf("unchanged %v, round complete %v; want %v, %v", got.Unchanged, got.RoundComplete, st.wantUnchanged, st.wantComplete)
			}
			if v := got.After.EntryVersions[st.e.Round-1][st.e.Seat]; v != st.wantVersion {
				t.Errorf("version after = %d, want %d", v, st.wantVersion)
			}
		})
	}
}

// TestSaveFinalFacts: an end-of-game save says whether the game is over
// now, and tells the same collection sent twice from another phone's.
func TestSaveFinalFacts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tb, _ := open(t)
	id := newGame(t, tb, "Ann", "Bob")
	for seat, code := range []string{"H2", "S2"} {
		if _, err := tb.SaveEntry(ctx, table.Entry{Game: id, Round: 1, Seat: seat, Entry: scoring.Entry{Pool: cards(t, code)}}); err != nil {
			t.Fatal(err)
		}
	}
	final := func(codes ...string) scoring.FinalEntry {
		return scoring.FinalEntry{Pirates: cards(t, codes...), BuriedPirates: []scoring.Card{}, Coins: 2}
	}
	steps := []struct {
		name          string
		f             table.Final
		wantErr       any
		wantUnchanged bool
		wantOver      bool
	}{
		{"the first seat", table.Final{Game: id, Seat: 0, Final: final("H2"), Token: "f-1"}, nil, false, false},
		{"the same again on a stale version", table.Final{Game: id, Seat: 0, Final: final("H2")}, nil, true, false},
		{"another phone's change on a stale version", table.Final{Game: id, Seat: 0, Final: final("H2", "H3"), Token: "f-2"}, new(*store.FinalConflict), false, false},
		{"a pirate the other player entered (R4.4)", table.Final{Game: id, Seat: 1, Final: final("H2", "S2")}, new(*scoring.FieldError), false, false},
		{"the last seat ends the game", table.Final{Game: id, Seat: 1, Final: final("S2")}, nil, false, true},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			got, err := tb.SaveFinal(ctx, st.f)
			if st.wantErr != nil {
				if !errors.As(err, st.wantErr) {
					t.Fatalf("err = %v, want %T", err, st.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("SaveFinal: %v", err)
			}
			if got.Unchanged != st.wantUnchanged || got.Over != st.wantOver {
				t.Errorf("unchanged %v, over %v; want %v, %v", got.Unchanged, got.Over, st.wantUnchanged, st.wantOver)
			}
			if !got.After.FinalEntered(st.f.Seat) {
				t.Errorf("the game after has no collection for seat %d", st.f.Seat)
			}
		})
	}
}

// TestCreate: a new game is validated before anything else, a form's
// token opens the game it made without asking the allowance again, a
// refused allowance stores nothing, and a game not made gives its
// allowance back.
func TestCreate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tb, s := open(t)
	setup := scoring.Game{Version: 1, Players: []string{"Ann", "Bob"}, Achievements: scoring.DefaultAchievements(), Rounds: [][]*scoring.Entry{}}
	var taken, released int
	allow := func() (func(), error) { taken++; return func() { released++ }, nil }
	full := errors.New("no more games today")
	refuse := func() (func(), error) { return nil, full }

	if _, err := tb.Create(ctx, table.NewGame{Game: scoring.Game{Version: 1, Players: []string{"Ann", "Ann"}, Rounds: [][]*scoring.Entry{}}}, allow); !errors.As(err, new(*scoring.FieldError)) || taken != 0 {
		t.Errorf("two players of one name: err %v, allowance taken %d; want a FieldError, none taken", err, taken)
	}
	first, err := tb.Create(ctx, table.NewGame{Game: setup, Token: "tok"}, allow)
	if err != nil || !first.Created || taken != 1 || released != 0 {
		t.Fatalf("first Create: %+v, %v (taken %d, released %d)", first, err, taken, released)
	}
	again, err := tb.Create(ctx, table.NewGame{Game: setup, Token: "tok"}, refuse)
	if err != nil || again.Created || again.ID != first.ID {
		t.Errorf("the same form again, allowance spent: %+v, %v; want game %s, not created", again, err, first.ID)
	}
	if _, err := tb.Create(ctx, table.NewGame{Game: setup, Token: "other"}, refuse); !errors.Is(err, full) {
		t.Errorf("a new form, allowance spent: %v, want %v", err, full)
	}
	if v, err := s.GameVersions(ctx); err != nil || len(v) != 1 {
		t.Errorf("stored games: %d, %v; want 1", len(v), err)
	}
	dup, err := tb.ImportOne(ctx, mustGame(t, s, first.ID), allow)
	if err != nil || !dup.Existing || dup.ID != first.ID || released != 1 {
		t.Errorf("the stored game sent again: %+v, %v (released %d); want it named, its allowance given back", dup, err, released)
	}
}

func mustGame(t *testing.T, s *store.Store, id string) scoring.Game {
	t.Helper()
	g, err := s.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g.File
}

// TestSit: "this phone is Cy" leaves the phone's other seats, "also Cy"
// keeps them, and a seat another phone held is taken over; the game
// handed back shows the seats as they stand.
func TestSit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tb, _ := open(t)
	id := newGame(t, tb, "Ann", "Bob", "Cy")
	steps := []struct {
		name  string
		phone string
		seat  int
		alone bool
		want  map[string][]int // each phone's seats after
	}{
		{"a phone takes Ann", "p1", 0, true, map[string][]int{"p1": {0}}},
		{"and also Bob", "p1", 1, false, map[string][]int{"p1": {0, 1}}},
		{"then is Cy only", "p1", 2, true, map[string][]int{"p1": {2}}},
		{"another phone takes Cy over", "p2", 2, true, map[string][]int{"p1": nil, "p2": {2}}},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			g, err := tb.Sit(ctx, id, st.phone, st.seat, st.alone)
			if err != nil {
				t.Fatalf("Sit: %v", err)
			}
			for phone, want := range st.want {
				if got := g.Held(phone); !slices.Equal(got, want) {
					t.Errorf("%s holds %v, want %v", phone, got, want)
				}
			}
		})
	}
}
