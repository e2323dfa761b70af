// Package storetest is the conformance suite of a store: what one store
// promises the layer above it, package table (versions and conflicts,
// R4.1 checked inside the write, one-time form tokens, rematches, the trash, imports
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

	"ruthless/scoring"
	"ruthless/store"
)

// Store is what the suite holds a store to: every method the app calls
// on one (table.Store; the table package's tests check that this list
// covers it). It is declared here, by its consumer, so that the suite and
// the stores' tests import nothing above the store.
type Store interface {
	Game(ctx context.Context, id string) (store.StoredGame, error)
	GameByToken(ctx context.Context, token string) (string, error)
	GameByShareToken(ctx context.Context, token string) (store.StoredGame, error)
	GamesByID(ctx context.Context, ids []string) ([]store.StoredGame, error)
	ShareToken(ctx context.Context, id string) (string, error)
	Ping(ctx context.Context) error
	Trash(ctx context.Context) ([]store.StoredGame, error)
	RecentPlayerNames(ctx context.Context, limit int) ([]string, error)
	GamesPageFiltered(ctx context.Context, f store.GameFilter, before store.Cursor, limit int) ([]store.StoredGame, store.Cursor, error)
	GameVersions(ctx context.Context) ([]store.GameVersion, error)
	EachGame(ctx context.Context, fn func(store.StoredGame) error) error
	StaleSummaries(ctx context.Context) ([]store.GameVersion, error)
	PutSummaries(ctx context.Context, sums []store.Summary) error
	EachSummary(ctx context.Context, fn func(store.StoredSummary) error) error
	CreateGameOnce(ctx context.Context, g scoring.Game, token string) (string, bool, error)
	CreateRematchOnce(ctx context.Context, g scoring.Game, token, of string) (string, bool, error)
	Import(ctx context.Context, games []scoring.Game) ([]store.Imported, error)
	SaveEntry(ctx context.Context, w store.EntryWrite) (store.Written, error)
	SaveFinal(ctx context.Context, w store.FinalWrite) (store.Written, error)
	RevealRound(ctx context.Context, id string, round int) error
	SetRecord(ctx context.Context, id string, rec store.Record) error
	DeleteGame(ctx context.Context, id string) error
	RestoreGame(ctx context.Context, id string) error
	RenamePlayer(ctx context.Context, from, to string) (int, error)
	TakeSeat(ctx context.Context, id string, seat int, phone string) error
	ReleaseSeats(ctx context.Context, id, phone string, seats ...int) error
	SeenAt(ctx context.Context, id, phone string) error
	RevokeShare(ctx context.Context, id string) error
	NewShareToken(ctx context.Context, id string) (string, error)
}

// Open makes a new, empty store for one test, on the clock now, and
// closes it when the test ends.
type Open func(t *testing.T, now func() time.Time) Store

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
	run  func(t *testing.T, s Store, clock *Clock)
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
func create(t *testing.T, s Store, g scoring.Game) string {
	t.Helper()
	id, created, err := s.CreateGameOnce(ctx, g, "")
	if err != nil || !created {
		t.Fatalf("CreateGameOnce: %q, %v, %v", id, created, err)
	}
	return id
}

// load reads a live game, failing the test on error.
func load(t *testing.T, s Store, id string) store.StoredGame {
	t.Helper()
	g, err := s.Game(ctx, id)
	if err != nil {
		t.Fatalf("Game(%s): %v", id, err)
	}
	return g
}

// save saves an entry that must be taken, returning its version.
func save(t *testing.T, s Store, id string, round, seat int, e scoring.Entry, version int) int {
	t.Helper()
	v, err := saveBy(s, id, round, seat, e, version, "", -1)
	if err != nil {
		t.Fatalf("SaveEntry(round %d, seat %d, version %d): %v", round, seat, version, err)
	}
	return v
}

// saveBy saves an entry with a form's token from the phone of seat by
// (-1: none), returning its new version.
func saveBy(s Store, id string, round, seat int, e scoring.Entry, version int, token string, by int) (int, error) {
	w, err := s.SaveEntry(ctx, store.EntryWrite{Game: id, Round: round, Seat: seat, Entry: e, Version: version, Token: token, By: func(store.StoredGame) int { return by }})
	if err != nil {
		return 0, err
	}
	return w.After.EntryVersions[round-1][seat], nil
}

// saveFinal saves an end-of-game collection, returning its new version.
func saveFinal(s Store, id string, seat int, f scoring.FinalEntry, version int, token string) (int, error) {
	w, err := s.SaveFinal(ctx, store.FinalWrite{Game: id, Seat: seat, Final: f, Version: version, Token: token})
	if err != nil {
		return 0, err
	}
	return w.After.FinalVersions[seat], nil
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
