package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"ruthless/scoring"
)

func TestSaveEntryVersions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	first := entry(t, 1, "H2", "H3")
	second := entry(t, 2, "H2", "H3", "SC*")
	third := entry(t, 0)

	// save is one SaveEntry of round 1, seat 0.
	type save struct {
		e       *scoring.Entry
		version int
	}
	tests := []struct {
		name   string
		before []save // saves that must succeed first
		save   save
		// wantVersion is the returned version on success; wantConflict the
		// conflict's contents on a stale version.
		wantVersion  int
		wantConflict *EntryConflict
		wantStored   *scoring.Entry
	}{
		{"new entry", nil, save{first, 0}, 1, nil, first},
		{"edit on the version seen", []save{{first, 0}}, save{second, 1}, 2, nil, second},
		{"third edit", []save{{first, 0}, {second, 1}}, save{third, 2}, 3, nil, third},
		// The clock moves a second per write: the game is made at +1 s, the
		// saves before come at +2 s, +3 s.
		{"stale version", []save{{first, 0}, {second, 1}}, save{third, 1}, 0,
			&EntryConflict{Current: second, Version: 2, Saved: clockStart.Add(3 * time.Second), SavedBy: -1}, second},
		{"new entry where one exists", []save{{first, 0}}, save{second, 0}, 0,
			&EntryConflict{Current: first, Version: 1, Saved: clockStart.Add(2 * time.Second), SavedBy: -1}, first},
		{"version from the future", []save{{first, 0}}, save{second, 5}, 0,
			&EntryConflict{Current: first, Version: 1, Saved: clockStart.Add(2 * time.Second), SavedBy: -1}, first},
		{"edit of an entry never saved", nil, save{first, 1}, 0,
			&EntryConflict{Current: nil, Version: 0, SavedBy: -1}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := openTest(t)
			s.now = new(stepClock).now
			id := create(t, s, setup("Lucy", "Craig"))
			for _, b := range tt.before {
				put(t, s, id, 1, 0, b.e, b.version)
			}
			got, err := s.putEntry(ctx, id, 1, 0, *tt.save.e, tt.save.version)
			if tt.wantConflict == nil {
				if err != nil || got != tt.wantVersion {
					t.Errorf("SaveEntry = %d, %v; want %d, nil", got, err, tt.wantVersion)
				}
			} else {
				var conflict *EntryConflict
				if !errors.As(err, &conflict) {
					t.Fatalf("SaveEntry = %d, %v; want an *EntryConflict", got, err)
				}
				if !reflect.DeepEqual(conflict, tt.wantConflict) {
					t.Errorf("conflict = %s, want %s", mustJSON(t, conflict), mustJSON(t, tt.wantConflict))
				}
				if conflict.Error() == "" {
					t.Error("conflict has an empty message")
				}
			}
			g := load(t, s, id)
			if len(g.File.Rounds) == 0 {
				if tt.wantStored != nil {
					t.Fatalf("no round stored, want %s", mustJSON(t, tt.wantStored))
				}
				return
			}
			if got := g.File.Rounds[0][0]; !reflect.DeepEqual(got, tt.wantStored) {
				t.Errorf("stored entry = %s, want %s", mustJSON(t, got), mustJSON(t, tt.wantStored))
			}
			wantVersion := tt.wantVersion
			if tt.wantConflict != nil {
				wantVersion = tt.wantConflict.Version
			}
			if got := g.EntryVersions[0][0]; got != wantVersion {
				t.Errorf("stored version = %d, want %d", got, wantVersion)
			}
		})
	}
}

func TestSaveEntryRange(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tests := []struct {
		name    string
		players []string
		started int // rounds fully entered before the save
		round   int
		seat    int
		want    error
		// wantRounds is the number of rounds started after the save.
		wantRounds int
	}{
		{"first round of a new game", []string{"A", "B", "C"}, 0, 1, 2, nil, 1},
		{"second round before the first", []string{"A", "B", "C"}, 0, 2, 0, ErrBadRound, 0},
		{"round zero", []string{"A", "B", "C"}, 1, 0, 0, ErrBadRound, 1},
		{"negative round", []string{"A", "B", "C"}, 1, -1, 0, ErrBadRound, 1},
		{"an earlier round", []string{"A", "B", "C"}, 3, 2, 1, nil, 3},
		{"next round starts it", []string{"A", "B", "C"}, 3, 4, 1, nil, 4},
		{"two rounds ahead", []string{"A", "B", "C"}, 3, 5, 1, ErrBadRound, 3},
		{"last round of four players", []string{"A", "B", "C", "D"}, 4, 5, 3, nil, 5},
		{"sixth round of four players", []string{"A", "B", "C", "D"}, 5, 6, 0, ErrBadRound, 5},
		{"sixth round of two players", []string{"A", "B"}, 5, 6, 1, nil, 6},
		{"seventh round of two players", []string{"A", "B"}, 6, 7, 1, ErrBadRound, 6},
		{"seat past the last", []string{"A", "B", "C"}, 0, 1, 3, ErrBadPlayer, 0},
		{"negative seat", []string{"A", "B", "C"}, 0, 1, -1, ErrBadPlayer, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := openTest(t)
			file := setup(tt.players...)
			for r := 0; r < tt.started; r++ {
				round := make([]*scoring.Entry, len(tt.players))
				for p := range round {
					round[p] = entry(t, p)
				}
				file.Rounds = append(file.Rounds, round)
			}
			id := create(t, s, file)
			version := 0
			if tt.round >= 1 && tt.round <= tt.started {
				version = 1
			}
			_, err := s.putEntry(ctx, id, tt.round, tt.seat, *entry(t, 9, "X5"), version)
			if !errors.Is(err, tt.want) {
				t.Errorf("SaveEntry(round %d, seat %d) error = %v, want %v", tt.round, tt.seat, err, tt.want)
			}
			g := load(t, s, id)
			if got := len(g.File.Rounds); got != tt.wantRounds {
				t.Errorf("rounds started = %d, want %d", got, tt.wantRounds)
			}
			if tt.want == nil {
				if got := g.File.Rounds[tt.round-1][tt.seat]; got == nil || got.Coins != 9 {
					t.Errorf("saved entry = %s, want 9 coins", mustJSON(t, got))
				}
			}
		})
	}
}

func TestRevealRound(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	empty := &scoring.Entry{Pool: []scoring.Card{}, Coins: 0}
	lucy := entry(t, 3, "H2", "H3", "A4")
	julie := entry(t, 1, "S1")

	tests := []struct {
		name         string
		round        int
		want         error
		wantRound    []*scoring.Entry // round 2 after the call
		wantVersions []int
	}{
		{"fills the gaps", 2, nil, []*scoring.Entry{lucy, empty, julie}, []int{2, 1, 1}},
		{"round zero", 0, ErrBadRound, []*scoring.Entry{lucy, nil, julie}, []int{2, 0, 1}},
		{"round not started", 3, ErrBadRound, []*scoring.Entry{lucy, nil, julie}, []int{2, 0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := openTest(t)
			file := setup("Lucy", "Craig", "Julie")
			file.Rounds = [][]*scoring.Entry{{entry(t, 0), entry(t, 0), entry(t, 0)}}
			id := create(t, s, file)
			put(t, s, id, 2, 0, entry(t, 0), 0)
			put(t, s, id, 2, 0, lucy, 1)
			put(t, s, id, 2, 2, julie, 0)

			err := s.RevealRound(ctx, id, tt.round)
			if !errors.Is(err, tt.want) {
				t.Fatalf("RevealRound(%d) error = %v, want %v", tt.round, err, tt.want)
			}
			// Twice is the same as once.
			if err := s.RevealRound(ctx, id, tt.round); !errors.Is(err, tt.want) {
				t.Fatalf("second RevealRound(%d) error = %v, want %v", tt.round, err, tt.want)
			}
			g := load(t, s, id)
			if got := len(g.File.Rounds); got != 2 {
				t.Fatalf("rounds started = %d, want 2", got)
			}
			if got := g.File.Rounds[1]; !reflect.DeepEqual(got, tt.wantRound) {
				t.Errorf("round 2 = %s, want %s", mustJSON(t, got), mustJSON(t, tt.wantRound))
			}
			if got := g.EntryVersions[1]; !slices.Equal(got, tt.wantVersions) {
				t.Errorf("round 2 versions = %v, want %v", got, tt.wantVersions)
			}
		})
	}
}

func TestSaveFinal(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	s.now = new(stepClock).now
	file := setup("Lucy", "Craig")
	file.Rounds = [][]*scoring.Entry{{entry(t, 1, "H2", "HC*"), entry(t, 2, "S3")}}
	id := create(t, s, file)
	lucy := finalEntry(t, 3, "H2", "HC*")
	lucyAgain := finalEntry(t, 5, "HC*", "H2")
	craig := finalEntry(t, 4, "S3")

	tests := []struct {
		name        string
		seat        int
		f           scoring.FinalEntry
		version     int
		want        int
		wantErr     error
		wantConfl   *FinalConflict
		wantFinals  []*scoring.FinalEntry
		wantVersion []int
		wantFinal   []scoring.FinalEntry // the game file's final
	}{
		{"first player", 0, lucy, 0, 1, nil, nil,
			[]*scoring.FinalEntry{&lucy, nil}, []int{1, 0}, nil},
		{"same player again on a stale version", 0, lucyAgain, 0, 0, nil,
			&FinalConflict{Current: &lucy, Version: 1, Saved: clockStart.Add(2 * time.Second)},
			[]*scoring.FinalEntry{&lucy, nil}, []int{1, 0}, nil},
		{"seat out of range", 2, craig, 0, 0, ErrBadPlayer, nil,
			[]*scoring.FinalEntry{&lucy, nil}, []int{1, 0}, nil},
		{"last player completes the final", 1, craig, 0, 1, nil, nil,
			[]*scoring.FinalEntry{&lucy, &craig}, []int{1, 1}, []scoring.FinalEntry{lucy, craig}},
		{"an edit on the version seen", 0, lucyAgain, 1, 2, nil, nil,
			[]*scoring.FinalEntry{&lucyAgain, &craig}, []int{2, 1}, []scoring.FinalEntry{lucyAgain, craig}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := s.putFinal(ctx, id, tt.seat, tt.f, tt.version)
			switch {
			case tt.wantConfl != nil:
				var conflict *FinalConflict
				if !errors.As(err, &conflict) {
					t.Fatalf("SaveFinal = %d, %v; want a *FinalConflict", got, err)
				}
				if !reflect.DeepEqual(conflict, tt.wantConfl) {
					t.Errorf("conflict = %s, want %s", mustJSON(t, conflict), mustJSON(t, tt.wantConfl))
				}
			case tt.wantErr != nil:
				if !errors.Is(err, tt.wantErr) {
					t.Errorf("SaveFinal error = %v, want %v", err, tt.wantErr)
				}
			default:
				if err != nil || got != tt.want {
					t.Errorf("SaveFinal = %d, %v; want %d, nil", got, err, tt.want)
				}
			}
			g := load(t, s, id)
			if !reflect.DeepEqual(g.Finals, tt.wantFinals) {
				t.Errorf("Finals = %s, want %s", mustJSON(t, g.Finals), mustJSON(t, tt.wantFinals))
			}
			if !slices.Equal(g.FinalVersions, tt.wantVersion) {
				t.Errorf("FinalVersions = %v, want %v", g.FinalVersions, tt.wantVersion)
			}
			if !reflect.DeepEqual(g.File.Final, tt.wantFinal) {
				t.Errorf("File.Final = %s, want %s", mustJSON(t, g.File.Final), mustJSON(t, tt.wantFinal))
			}
		})
	}
}

// phoneCard is the card a phone of TestConcurrentWriters adds: a card of
// its own, never another seat's.
func phoneCard(players, phones, seat, phone int) scoring.Card {
	return scoring.Deck(players)[seat*phones+phone]
}

// TestConcurrentWriters has several phones per player save every round at
// once, each adding its own card and one coin to the entry and retrying on
// a conflict, as a client would. Nothing may be lost: every entry ends with
// every phone's card and coin, and its version counts every save.
func TestConcurrentWriters(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	games := []struct {
		name   string
		file   scoring.Game
		phones int
	}{
		{"four players", setup("A", "B", "C", "D"), 4},
		{"two players", setup("A", "B"), 5},
	}
	ids := make([]string, len(games))
	for i, g := range games {
		ids[i] = create(t, s, g.file)
	}

	var wg sync.WaitGroup
	errs := make(chan error, 100)
	stop := make(chan struct{})
	var readers sync.WaitGroup
	// Readers load every game meanwhile: they must never see a broken one.
	for i := 0; i < 2; i++ {
		readers.Add(1)
		go func() {
			defer readers.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := s.Games(ctx); err != nil {
					errs <- fmt.Errorf("Games: %w", err)
					return
				}
			}
		}()
	}
	for i, g := range games {
		n := len(g.file.Players)
		for seat := 0; seat < n; seat++ {
			for phone := 0; phone < g.phones; phone++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					// Each phone owns one card of the deck (R4.1: a card is
					// one player's) and adds it in every round.
					mine := phoneCard(n, g.phones, seat, phone)
					for round := 1; round <= scoring.RoundsFor(n); round++ {
						var seen scoring.Entry
						version := 0
						for {
							e := scoring.Entry{Pool: append(slices.Clone(seen.Pool), mine), Coins: seen.Coins + 1}
							_, err := s.putEntry(ctx, ids[i], round, seat, e, version)
							var conflict *EntryConflict
							if errors.As(err, &conflict) {
								seen, version = *conflict.Current, conflict.Version
								continue
							}
							if err != nil {
								errs <- fmt.Errorf("%s: round %d seat %d phone %d: %w", g.name, round, seat, phone, err)
								return
							}
							break
						}
					}
				}()
			}
		}
	}
	wg.Wait()
	close(stop)
	readers.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}

	for i, g := range games {
		t.Run(g.name, func(t *testing.T) {
			got := load(t, s, ids[i])
			n := len(g.file.Players)
			if len(got.File.Rounds) != scoring.RoundsFor(n) {
				t.Fatalf("rounds = %d, want %d", len(got.File.Rounds), scoring.RoundsFor(n))
			}
			for r, round := range got.File.Rounds {
				for seat, e := range round {
					if e == nil {
						t.Errorf("round %d seat %d: no entry", r+1, seat)
						continue
					}
					var codes []string
					for _, c := range e.Pool {
						codes = append(codes, c.String())
					}
					slices.Sort(codes)
					var want []string
					for phone := 0; phone < g.phones; phone++ {
						want = append(want, phoneCard(n, g.phones, seat, phone).String())
					}
					slices.Sort(want)
					if !slices.Equal(codes, want) {
						t.Errorf("round %d seat %d: pool = %v, want %v", r+1, seat, codes, want)
					}
					if e.Coins != g.phones {
						t.Errorf("round %d seat %d: coins = %d, want %d", r+1, seat, e.Coins, g.phones)
					}
					if v := got.EntryVersions[r][seat]; v != g.phones {
						t.Errorf("round %d seat %d: version = %d, want %d", r+1, seat, v, g.phones)
					}
				}
			}
		})
	}
}

// BenchmarkSaveEntry measures one save of an entry, the write every phone
// makes after each round, on a real database file (RUTHLESS_BENCH_DIR
// chooses its folder: the cost of synchronous=FULL is an fsync, so it
// depends on the disk).
func BenchmarkSaveEntry(b *testing.B) {
	ctx := context.Background()
	dir := os.Getenv("RUTHLESS_BENCH_DIR")
	if dir == "" {
		dir = b.TempDir()
	}
	s, err := Open(filepath.Join(dir, fmt.Sprintf("bench-%d.db", time.Now().UnixNano())))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	id, err := s.CreateGame(ctx, setup("A", "B"))
	if err != nil {
		b.Fatal(err)
	}
	pool := []scoring.Card{{Suit: scoring.Heart, Rank: 5}}
	version := 0
	for i := 0; b.Loop(); i++ {
		version, err = s.putEntry(ctx, id, 1, 0, scoring.Entry{Pool: pool, Coins: i % 10}, version)
		if err != nil {
			b.Fatal(err)
		}
	}
}

// TestSaveEntryNamesThePhone: an entry saved by a phone that knows its
// seat keeps that seat, and another phone's save on the old version hears
// whose phone saved meanwhile and when (issue 11's conflicts).
func TestSaveEntryNamesThePhone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	id := create(t, s, setup("Ann", "Bob"))
	bySeat := func(seat int) func(StoredGame) int { return func(StoredGame) int { return seat } }
	if _, err := s.SaveEntry(ctx, EntryWrite{Game: id, Round: 1, Seat: 1, Entry: *entry(t, 1, "H2"), Token: "tok-a", By: bySeat(0)}); err != nil {
		t.Fatal(err)
	}
	_, err := s.SaveEntry(ctx, EntryWrite{Game: id, Round: 1, Seat: 1, Entry: *entry(t, 2, "H3"), Token: "tok-b", By: bySeat(1)})
	var conflict *EntryConflict
	if !errors.As(err, &conflict) {
		t.Fatalf("the second phone's save: err = %v, want an EntryConflict", err)
	}
	if conflict.SavedBy != 0 || conflict.Saved.IsZero() || conflict.Version != 1 {
		t.Errorf("conflict = %+v, want saved by seat 0, with a time, at version 1", conflict)
	}
}

// TestSaveEntryIsWhatGameReads: the game SaveEntry hands back is exactly
// what Game reads after the write (file, versions, marks, times, the
// first entry's date), so the layer above may score it and cache the
// result under its version for the page the phone is sent to next; and
// its warnings are the R4.3 warnings of that game, which it no longer
// throws away.
func TestSaveEntryIsWhatGameReads(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	id := create(t, s, setup("Ann", "Bob", "Cy"))
	steps := []struct {
		name          string
		round, player int
		e             *scoring.Entry
		version, by   int
		wantWarnings  int
	}{
		{"the game's first entry dates it", 1, 0, entry(t, 1, "H2", "H3"), 0, 0, 0},
		{"a second seat of the round", 1, 2, entry(t, 0, "S4"), 0, -1, 0},
		{"an entry saved again", 1, 0, entry(t, 2, "H2"), 1, 1, 0},
		{"the round's last seat", 1, 1, entry(t, 3, "A5", "K5"), 0, 1, 0},
		{"four new pirates in a round (R4.3)", 2, 1, entry(t, 0, "A5", "K5", "A6", "A7", "K6", "K7"), 0, 2, 1},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			was, err := s.Game(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			w, err := s.SaveEntry(ctx, EntryWrite{Game: id, Round: st.round, Seat: st.player, Entry: *st.e, Version: st.version, By: func(StoredGame) int { return st.by }})
			if err != nil {
				t.Fatalf("SaveEntry: %v", err)
			}
			if !reflect.DeepEqual(w.Before, was) {
				t.Errorf("SaveEntry's game before = %+v, want what Game read before it, %+v", w.Before, was)
			}
			want, err := s.Game(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(w.After, want) {
				t.Errorf("SaveEntry handed back\n%+v\nGame reads\n%+v", w.After, want)
			}
			if v := w.After.EntryVersions[st.round-1][st.player]; v != st.version+1 {
				t.Errorf("version %d, want %d", v, st.version+1)
			}
			if len(w.Warnings) != st.wantWarnings {
				t.Errorf("warnings = %+v, want %d", w.Warnings, st.wantWarnings)
			}
			for _, warn := range w.Warnings {
				if warn.Rule != "R4.3" || warn.Round != st.round || warn.Player != st.player {
					t.Errorf("warning %+v, want R4.3 for round %d, seat %d", warn, st.round, st.player)
				}
			}
		})
	}
}

// TestSaveFinalIsWhatGameReads: the game SaveFinal hands back is what
// Game reads after it, before and after every seat's collection is in
// (the game file has its final only then).
func TestSaveFinalIsWhatGameReads(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	id := create(t, s, setup("Ann", "Bob"))
	put(t, s, id, 1, 0, entry(t, 1, "H2"), 0)
	put(t, s, id, 1, 1, entry(t, 0, "S3"), 0)
	for seat, codes := range [][]string{{"H2"}, {"S3"}} {
		w, err := s.SaveFinal(ctx, FinalWrite{Game: id, Seat: seat, Final: finalEntry(t, seat, codes...)})
		if err != nil {
			t.Fatalf("SaveFinal(seat %d): %v", seat, err)
		}
		want, err := s.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(w.After, want) {
			t.Errorf("seat %d: SaveFinal handed back\n%+v\nGame reads\n%+v", seat, w.After, want)
		}
		if over := w.After.File.Final != nil; over != (seat == 1) {
			t.Errorf("seat %d: the game file's final is set = %v, want %v", seat, over, seat == 1)
		}
	}
}
