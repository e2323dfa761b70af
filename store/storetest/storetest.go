// Package storetest is the conformance suite of the handlers' Store: what
// one store promises the handlers (versions and conflicts, R4.1 checked
// inside the write, one-time form tokens, rematches, the trash, imports
// without duplicates, seats, share links, renames, filtered pages of the
// history), so that the SQLite store (package store) and the browser's
// (package memstore) are held to the same answers. Each store's own tests
// call Run with a function that opens an empty store of that kind.
package storetest

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"ruthless/handlers"
	"ruthless/scoring"
	"ruthless/store"
)

// Open makes a new, empty store for one test, on the clock now, and
// closes it when the test ends.
type Open func(t *testing.T, now func() time.Time) handlers.Store

// Clock is a test clock: every reading is one second after the last, so
// every write gets its own time, in order; Advance jumps ahead.
type Clock struct{ n atomic.Int64 }

// Start is the time before the clock's first reading.
var Start = time.Date(2026, 6, 1, 20, 0, 0, 0, time.UTC)

// Now reads the clock, moving it one second.
func (c *Clock) Now() time.Time {
	return Start.Add(time.Duration(c.n.Add(int64(time.Second))))
}

// Advance moves the clock d ahead.
func (c *Clock) Advance(d time.Duration) { c.n.Add(int64(d)) }

// suite is the cases every store must pass, by name.
var suite = []struct {
	name string
	run  func(t *testing.T, s handlers.Store, clock *Clock)
}{
	{"game file round trip", testRoundTrip},
	{"entry versions and conflicts", testEntryVersions},
	{"final versions and conflicts", testFinalVersions},
	{"R4.1 inside the write", testR41InsideWrite},
	{"R4.1 between concurrent saves", testR41Concurrent},
	{"rounds, seats and games out of range", testOutOfRange},
	{"reveal round", testRevealRound},
	{"dated by the first entry", testDatedByFirstEntry},
	{"play record", testRecord},
	{"one-time form tokens", testFormTokens},
	{"rematch once", testRematch},
	{"trash and restore", testTrash},
	{"trash purged after TrashKeep", testPurge},
	{"import without duplicates", testImport},
	{"import all or none", testImportAllOrNone},
	{"seats", testSeats},
	{"share links", testShare},
	{"rename", testRename},
	{"pages of the history", testPages},
	{"filters of the history", testFilters},
	{"history reads", testHistoryReads},
	{"recent player names", testRecentNames},
	{"summaries of the history", testSummaries},
}

// Run runs the whole suite, each case on a new store that open makes.
func Run(t *testing.T, open Open) {
	for _, c := range suite {
		t.Run(c.name, func(t *testing.T) {
			clock := &Clock{}
			c.run(t, open(t, clock.Now), clock)
		})
	}
}

// ctx is the context of every call: the suite has no deadlines of its
// own beyond go test's -timeout.
var ctx = context.Background()

// cards parses card codes.
func cards(t *testing.T, codes ...string) []scoring.Card {
	t.Helper()
	out, err := scoring.ParseCards(codes)
	if err != nil {
		t.Fatalf("ParseCards(%q): %v", codes, err)
	}
	return out
}

// entry is a round entry of these coins and cards.
func entry(t *testing.T, coins int, codes ...string) scoring.Entry {
	t.Helper()
	return scoring.Entry{Pool: cards(t, codes...), Coins: coins}
}

// setup is a game of these players with nothing entered.
func setup(players ...string) scoring.Game {
	return scoring.Game{Version: 1, Players: players, Achievements: scoring.DefaultAchievements(), Rounds: [][]*scoring.Entry{}}
}

// create stores g, failing the test on error.
func create(t *testing.T, s handlers.Store, g scoring.Game) string {
	t.Helper()
	id, created, err := s.CreateGameOnce(ctx, g, "")
	if err != nil || !created {
		t.Fatalf("CreateGameOnce: %q, %v, %v", id, created, err)
	}
	return id
}

// load reads a live game, failing the test on error.
func load(t *testing.T, s handlers.Store, id string) store.StoredGame {
	t.Helper()
	g, err := s.Game(ctx, id)
	if err != nil {
		t.Fatalf("Game(%s): %v", id, err)
	}
	return g
}

// save saves an entry that must be taken, returning its version.
func save(t *testing.T, s handlers.Store, id string, round, seat int, e scoring.Entry, version int) int {
	t.Helper()
	v, err := s.SaveEntryBy(ctx, id, round, seat, e, version, "", -1)
	if err != nil {
		t.Fatalf("SaveEntryBy(round %d, seat %d, version %d): %v", round, seat, version, err)
	}
	return v
}

// final is an end-of-game collection of these pirates, the first buried.
func final(t *testing.T, coins int, codes ...string) scoring.FinalEntry {
	t.Helper()
	all := cards(t, codes...)
	f := scoring.FinalEntry{Pirates: []scoring.Card{}, BuriedPirates: []scoring.Card{}, Coins: coins, BuriedPowderMonkeys: 1, LootBannerKept: 5}
	if len(all) > 0 {
		f.BuriedPirates, f.Pirates = all[:1], all[1:]
	}
	return f
}

// finished is a whole two-player game file, played at played.
func finished(t *testing.T, played string, names ...string) scoring.Game {
	t.Helper()
	g := setup(names...)
	g.Played = played
	for r := 0; r < scoring.RoundsFor(2); r++ {
		g.Rounds = append(g.Rounds, []*scoring.Entry{
			{Pool: cards(t, "H2", "H3"), Coins: r},
			{Pool: cards(t, "S5"), Coins: 1},
		})
	}
	g.Final = []scoring.FinalEntry{final(t, 3, "H2", "H3"), final(t, 1, "S5")}
	return g
}
