package storetest

import (
	"errors"
	"reflect"
	"sync"
	"testing"

	"ruthless/scoring"
	"ruthless/store"
)

// testRoundTrip: what is stored comes back as the same game file, its
// entries at version 1, its final whole only once every seat has one.
func testRoundTrip(t *testing.T, s Store, _ *Clock) {
	tests := []struct {
		name       string
		file       scoring.Game
		wantFinal  bool
		wantRounds int
	}{
		{"setup", setup("Ann", "Bob", "Cy"), false, 0},
		{"finished", finished(t, "2026-05-01T20:00:00+02:00", "Ann", "Bob"), true, 6},
		{"partial final", func() scoring.Game {
			g := finished(t, "", "Ann", "Bob")
			g.Final = g.Final[:1]
			return g
		}(), false, 6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			id := create(t, s, tc.file)
			g := load(t, s, id)
			if g.ID != id {
				t.Errorf("ID = %q, want %q", g.ID, id)
			}
			if !reflect.DeepEqual(g.File.Players, tc.file.Players) || g.File.Version != 1 || !reflect.DeepEqual(g.File.Achievements, tc.file.Achievements) {
				t.Errorf("setup = %v %v %v, want %v %v", g.File.Version, g.File.Players, g.File.Achievements, tc.file.Players, tc.file.Achievements)
			}
			if len(g.File.Rounds) != tc.wantRounds {
				t.Fatalf("%d rounds, want %d", len(g.File.Rounds), tc.wantRounds)
			}
			for r, round := range g.File.Rounds {
				if !reflect.DeepEqual(round, tc.file.Rounds[r]) {
					t.Errorf("round %d = %v, want %v", r+1, round, tc.file.Rounds[r])
				}
				for p, v := range g.EntryVersions[r] {
					if v != 1 {
						t.Errorf("round %d seat %d: version %d, want 1", r+1, p, v)
					}
				}
			}
			if got := g.File.Over(); got != tc.wantFinal {
				t.Errorf("final present = %v, want %v", got, tc.wantFinal)
			}
			if tc.wantFinal && !reflect.DeepEqual(g.File.Final, tc.file.Final) {
				t.Errorf("final = %v, want %v", g.File.Final, tc.file.Final)
			}
			if len(g.Finals) != len(tc.file.Players) || len(g.FinalVersions) != len(tc.file.Players) {
				t.Errorf("%d finals and %d versions for %d players", len(g.Finals), len(g.FinalVersions), len(tc.file.Players))
			}
			for p := range tc.file.Final {
				if !g.FinalEntered(p) || g.FinalVersions[p] != 1 {
					t.Errorf("seat %d: final entered %v at version %d, want at 1", p, g.FinalEntered(p), g.FinalVersions[p])
				}
			}
			if tc.file.Played != "" && g.File.Played != tc.file.Played {
				t.Errorf("played = %q, want %q as written", g.File.Played, tc.file.Played)
			}
			if g.File.Played == "" {
				t.Errorf("played is empty; a stored game always says when it was played")
			}
			// What a caller does with a game it was handed is no business
			// of the store's.
			if len(g.File.Players) > 0 {
				g.File.Players[0] = "Changed"
				if again := load(t, s, id); again.File.Players[0] != tc.file.Players[0] {
					t.Errorf("changing a loaded game changed the stored one: %q", again.File.Players[0])
				}
			}
		})
	}
}

// testEntryVersions: each save moves its entry's version on by one; a
// save on a version that is not the stored one writes nothing and says
// what is stored, by which form and which phone (docs/design.md: versions).
func testEntryVersions(t *testing.T, s Store, _ *Clock) {
	id := create(t, s, setup("Ann", "Bob"))
	if v := save(t, s, id, 1, 0, entry(t, 1, "H2"), 0); v != 1 {
		t.Fatalf("first save: version %d, want 1", v)
	}
	v, err := saveBy(s, id, 1, 0, entry(t, 2, "H3"), 1, "form-1", 1)
	if err != nil || v != 2 {
		t.Fatalf("second save: %d, %v; want version 2", v, err)
	}
	tests := []struct {
		name        string
		round, seat int
		version     int
		wantVersion int
		wantCurrent *scoring.Entry
		wantToken   string
		wantBy      int
	}{
		{"stale version", 1, 0, 1, 2, &scoring.Entry{Pool: cards(t, "H3"), Coins: 2}, "form-1", 1},
		{"new entry on a version", 1, 1, 3, 0, nil, "", -1},
		{"started entry on version 0", 1, 0, 0, 2, &scoring.Entry{Pool: cards(t, "H3"), Coins: 2}, "form-1", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.SaveEntry(ctx, store.EntryWrite{Game: id, Round: tc.round, Seat: tc.seat, Entry: entry(t, 9, "A7"), Version: tc.version, Token: "form-2", By: seat(0)})
			var c *store.EntryConflict
			if !errors.As(err, &c) {
				t.Fatalf("err = %v, want an *store.EntryConflict", err)
			}
			if c.Version != tc.wantVersion || !reflect.DeepEqual(c.Current, tc.wantCurrent) || c.Token != tc.wantToken || c.SavedBy != tc.wantBy {
				t.Errorf("conflict = version %d, current %v, token %q, by %d; want %d, %v, %q, %d",
					c.Version, c.Current, c.Token, c.SavedBy, tc.wantVersion, tc.wantCurrent, tc.wantToken, tc.wantBy)
			}
			if tc.wantVersion > 0 && c.Saved.IsZero() {
				t.Errorf("conflict has no save time")
			}
		})
	}
	g := load(t, s, id)
	if got := g.File.Rounds[0][0]; got == nil || got.Coins != 2 {
		t.Errorf("stored entry = %v, want the second save's (a refused save writes nothing)", got)
	}
	if g.EntryVersions[0][0] != 2 || g.EntryVersions[0][1] != 0 {
		t.Errorf("versions = %v, want [2 0]", g.EntryVersions[0])
	}
	if m := g.EntryMarks[0][0]; m.By != 1 || m.Saved.IsZero() {
		t.Errorf("mark = %+v, want by seat 1 with a time", m)
	}
	if m := g.EntryMarks[0][1]; m.By != -1 || !m.Saved.IsZero() {
		t.Errorf("mark of no entry = %+v, want by -1, no time", m)
	}
	// SaveEntry hands back the game as its write found it (which its By
	// sees) and as its write left it, each as Game reads it; the game
	// before is not changed by the write (they share no rows).
	was := load(t, s, id)
	var seen store.StoredGame
	w, err := s.SaveEntry(ctx, store.EntryWrite{Game: id, Round: 1, Seat: 1, Entry: entry(t, 0, "S5"), By: func(g store.StoredGame) int { seen = g; return 1 }})
	if err != nil {
		t.Fatalf("SaveEntry: %v", err)
	}
	before, after := w.Before, w.After
	if !reflect.DeepEqual(before, was) || !reflect.DeepEqual(seen, was) {
		t.Errorf("SaveEntry's game before = %v (by saw %v), want what was stored, %v", before, seen, was)
	}
	if want := load(t, s, id); !reflect.DeepEqual(after, want) {
		t.Errorf("SaveEntry's game = %v, want what is stored, %v", after, want)
	}
	if m := after.EntryMarks[0][1]; m.By != 1 {
		t.Errorf("saved by seat %d, want 1, the seat by gave", m.By)
	}
}

// seat is the By of an EntryWrite for a phone that holds seat p.
func seat(p int) func(store.StoredGame) int { return func(store.StoredGame) int { return p } }

// testFinalVersions: end-of-game entries are versioned like round
// entries, and the game's final is whole only once every seat has one.
func testFinalVersions(t *testing.T, s Store, _ *Clock) {
	id := create(t, s, setup("Ann", "Bob"))
	save(t, s, id, 1, 0, entry(t, 1, "H2"), 0)
	if v, err := saveFinal(s, id, 0, final(t, 1, "H2"), 0, "f1"); err != nil || v != 1 {
		t.Fatalf("SaveFinal: %d, %v; want 1", v, err)
	}
	if g := load(t, s, id); g.File.Over() || !g.FinalEntered(0) || g.FinalEntered(1) || g.FirstMissingFinal() != 1 {
		t.Errorf("after one final: final %v, entered %v %v", g.File.Final, g.FinalEntered(0), g.FinalEntered(1))
	}
	_, err := saveFinal(s, id, 0, final(t, 4, "H2"), 0, "f2")
	var c *store.FinalConflict
	if !errors.As(err, &c) || c.Version != 1 || c.Token != "f1" || c.Current == nil || c.Current.Coins != 1 {
		t.Fatalf("stale final: %v (%+v), want a conflict at version 1 by form f1 holding 1 coin", err, c)
	}
	if v, err := saveFinal(s, id, 1, final(t, 2), 0, ""); err != nil || v != 1 {
		t.Fatalf("second seat's final: %d, %v", v, err)
	}
	g := load(t, s, id)
	if !g.File.Over() || len(g.File.Final) != 2 || g.File.Final[0].Coins != 1 {
		t.Errorf("final = %v, want both seats'", g.File.Final)
	}
	if g.LastFinal.IsZero() {
		t.Errorf("LastFinal is zero once every seat has its final")
	}
}

// testR41InsideWrite: a save that puts a pirate with a second player, in
// a round or at the end, is refused with the R4.1 error naming both
// seats, and writes nothing.
func testR41InsideWrite(t *testing.T, s Store, _ *Clock) {
	id := create(t, s, setup("Ann", "Bob", "Cy"))
	save(t, s, id, 1, 0, entry(t, 1, "H2", "S5"), 0)
	tests := []struct {
		name string
		save func() error
	}{
		{"same round", func() error {
			_, err := saveBy(s, id, 1, 1, entry(t, 0, "H2"), 0, "", -1)
			return err
		}},
		{"later round", func() error {
			_, err := s.SaveEntry(ctx, store.EntryWrite{Game: id, Round: 2, Seat: 2, Entry: entry(t, 0, "S5"), By: seat(-1)})
			return err
		}},
		{"end of game", func() error {
			_, err := saveFinal(s, id, 1, final(t, 0, "H2"), 0, "")
			return err
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := load(t, s, id)
			err := tc.save()
			var fe *scoring.FieldError
			if !errors.As(err, &fe) || fe.Rule != "R4.1" || len(fe.Players) != 2 || fe.Players[0] != 0 {
				t.Fatalf("err = %v (%+v), want the R4.1 error naming seat 0 and the other", err, fe)
			}
			after := load(t, s, id)
			if !reflect.DeepEqual(after.File, before.File) || !after.Updated.Equal(before.Updated) {
				t.Errorf("a refused save changed the game: %v at %v, was %v at %v", after.File.Rounds, after.Updated, before.File.Rounds, before.Updated)
			}
		})
	}
}

// testR41Concurrent: phones saving the same card for different seats at
// once: exactly one is taken (R4.1), since the check is inside the write.
func testR41Concurrent(t *testing.T, s Store, _ *Clock) {
	id := create(t, s, setup("Ann", "Bob", "Cy", "Di"))
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for seat := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[seat] = saveBy(s, id, 1, seat, entry(t, 0, "XQ"), 0, "", seat)
		}()
	}
	wg.Wait()
	taken := 0
	for seat, err := range errs {
		var fe *scoring.FieldError
		switch {
		case err == nil:
			taken++
		case errors.As(err, &fe) && fe.Rule == "R4.1":
		default:
			t.Errorf("seat %d: %v, want nil or the R4.1 error", seat, err)
		}
	}
	if taken != 1 {
		t.Errorf("%d of 4 concurrent saves of XQ taken, want 1 (R4.1)", taken)
	}
}

// testOutOfRange: a round not started (nor the next), a seat the game
// has not, a game that is not there.
func testOutOfRange(t *testing.T, s Store, _ *Clock) {
	id := create(t, s, setup("Ann", "Bob"))
	save(t, s, id, 1, 0, entry(t, 0), 0)
	tests := []struct {
		name        string
		id          string
		round, seat int
		want        error
	}{
		{"round 0", id, 0, 0, store.ErrBadRound},
		{"round after next", id, 3, 0, store.ErrBadRound},
		{"round past the game (R2.1)", id, 7, 0, store.ErrBadRound},
		{"seat -1", id, 1, -1, store.ErrBadPlayer},
		{"seat 2 of 2", id, 1, 2, store.ErrBadPlayer},
		{"no such game", "nosuchgame", 1, 0, store.ErrNotFound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := saveBy(s, tc.id, tc.round, tc.seat, entry(t, 0), 0, "", -1)
			if !errors.Is(err, tc.want) {
				t.Errorf("SaveEntry: %v, want %v", err, tc.want)
			}
			if tc.round == 1 || tc.id != id {
				_, err := saveFinal(s, tc.id, tc.seat, final(t, 0), 0, "")
				if !errors.Is(err, tc.want) {
					t.Errorf("SaveFinal: %v, want %v", err, tc.want)
				}
			}
		})
	}
	if _, err := s.Game(ctx, "nosuchgame"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Game of no game: %v, want ErrNotFound", err)
	}
}

// testRevealRound: the entries not made in a started round become empty
// pools at version 1; a round not started is refused.
func testRevealRound(t *testing.T, s Store, _ *Clock) {
	id := create(t, s, setup("Ann", "Bob", "Cy"))
	save(t, s, id, 1, 1, entry(t, 2, "H2"), 0)
	if err := s.RevealRound(ctx, id, 2); !errors.Is(err, store.ErrBadRound) {
		t.Errorf("reveal of a round not started: %v, want ErrBadRound", err)
	}
	before := load(t, s, id)
	if err := s.RevealRound(ctx, id, 1); err != nil {
		t.Fatalf("RevealRound: %v", err)
	}
	g := load(t, s, id)
	want := []int{1, 1, 1}
	if !reflect.DeepEqual(g.EntryVersions[0], want) {
		t.Errorf("versions = %v, want %v", g.EntryVersions[0], want)
	}
	for _, seat := range []int{0, 2} {
		if e := g.File.Rounds[0][seat]; e == nil || len(e.Pool) != 0 || e.Coins != 0 {
			t.Errorf("seat %d = %v, want an empty pool", seat, e)
		}
	}
	if e := g.File.Rounds[0][1]; e == nil || e.Coins != 2 {
		t.Errorf("the entry made = %v, want it left alone", e)
	}
	if !g.Updated.After(before.Updated) {
		t.Errorf("reveal did not count as a write: updated %v, was %v", g.Updated, before.Updated)
	}
}

// testDatedByFirstEntry: a game without a played time is dated by its
// first round entry; one with a played time keeps it.
func testDatedByFirstEntry(t *testing.T, s Store, clock *Clock) {
	tests := []struct {
		name   string
		played string
		want   func(first store.StoredGame) string
	}{
		{"no played time", "", func(g store.StoredGame) string {
			return g.EntryMarks[0][0].Saved.Format("2006-01-02T15:04:05.999999999Z07:00")
		}},
		{"played time", "2026-01-02T03:04:05Z", func(store.StoredGame) string { return "2026-01-02T03:04:05Z" }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := setup("Ann", "Bob")
			g.Played = tc.played
			id := create(t, s, g)
			clock.Advance(3600e9)
			save(t, s, id, 1, 0, entry(t, 0), 0)
			save(t, s, id, 1, 1, entry(t, 0), 0)
			got := load(t, s, id)
			if want := tc.want(got); got.File.Played != want {
				t.Errorf("played = %q, want %q", got.File.Played, want)
			}
		})
	}
}

// testRecord: the play's record is kept, dates the game and counts as a
// write; a bad one is refused.
func testRecord(t *testing.T, s Store, _ *Clock) {
	id := create(t, s, setup("Ann", "Bob"))
	before := load(t, s, id)
	rec := store.Record{Played: "2026-02-03T19:00:00+01:00", DurationMin: 75, Location: "Cellar", Notes: "rum"}
	if err := s.SetRecord(ctx, id, rec); err != nil {
		t.Fatalf("SetRecord: %v", err)
	}
	g := load(t, s, id)
	if g.Record != rec || g.File.Played != rec.Played || g.File.DurationMin != 75 || g.File.Location != "Cellar" || g.File.Notes != "rum" {
		t.Errorf("record = %+v, file %q %d %q %q; want %+v", g.Record, g.File.Played, g.File.DurationMin, g.File.Location, g.File.Notes, rec)
	}
	if want := "2026-02-03T18:00:00Z"; g.Created.Format("2006-01-02T15:04:05Z07:00") != want {
		t.Errorf("created = %v, want %s", g.Created, want)
	}
	if !g.Updated.After(before.Updated) {
		t.Errorf("SetRecord did not count as a write")
	}
	bad := []struct {
		name string
		rec  store.Record
	}{
		{"bad played", store.Record{Played: "yesterday"}},
		{"negative duration", store.Record{DurationMin: -1}},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			var fe *scoring.FieldError
			if err := s.SetRecord(ctx, id, tc.rec); !errors.As(err, &fe) {
				t.Errorf("SetRecord(%+v): %v, want a *scoring.FieldError", tc.rec, err)
			}
		})
	}
	if err := s.SetRecord(ctx, "nosuchgame", store.Record{}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetRecord of no game: %v, want ErrNotFound", err)
	}
}
