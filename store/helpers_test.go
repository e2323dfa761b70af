package store

import (
	"context"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"ruthless/scoring"
)

// openTest opens a store on a fresh file in the test's temp dir and closes
// it when the test ends.
func openTest(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.db")
	s, err := Open(path)
	if err != nil {
		t.Fatalf("Open(%q): %v", path, err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s, path
}

// stepClock is a clock that moves one second per reading, so every write
// gets a distinct, predictable time.
type stepClock struct{ n atomic.Int64 }

var clockStart = time.Date(2025, 6, 1, 20, 0, 0, 0, time.UTC)

func (c *stepClock) now() time.Time {
	return clockStart.Add(time.Duration(c.n.Add(1)) * time.Second)
}

// cards parses card codes, failing the test on a bad one.
func cards(t *testing.T, codes ...string) []scoring.Card {
	t.Helper()
	out := make([]scoring.Card, 0, len(codes))
	for _, code := range codes {
		c, err := scoring.ParseCard(code)
		if err != nil {
			t.Fatalf("ParseCard(%q): %v", code, err)
		}
		out = append(out, c)
	}
	return out
}

// entry builds a round entry.
func entry(t *testing.T, coins int, codes ...string) *scoring.Entry {
	t.Helper()
	return &scoring.Entry{Pool: cards(t, codes...), Coins: coins}
}

// setup is a game file with no rounds for these players.
func setup(players ...string) scoring.Game {
	return scoring.Game{
		Version:      1,
		Players:      players,
		Achievements: []string{"richest", "merciless"},
		Rounds:       [][]*scoring.Entry{},
	}
}

// create stores g, failing the test on error.
func create(t *testing.T, s *Store, g scoring.Game) string {
	t.Helper()
	id, err := s.CreateGame(context.Background(), g)
	if err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	return id
}

// load reads a game, failing the test on error.
func load(t *testing.T, s *Store, id string) StoredGame {
	t.Helper()
	g, err := s.Game(context.Background(), id)
	if err != nil {
		t.Fatalf("Game(%s): %v", id, err)
	}
	return g
}

// put saves an entry that must succeed and returns its new version.
func put(t *testing.T, s *Store, id string, round, seat int, e *scoring.Entry, version int) int {
	t.Helper()
	v, err := s.putEntry(context.Background(), id, round, seat, *e, version)
	if err != nil {
		t.Fatalf("SaveEntry(round %d, seat %d, version %d): %v", round, seat, version, err)
	}
	return v
}

// finalEntry builds an end-of-game entry owning these pirates, the first
// of them buried.
func finalEntry(t *testing.T, coins int, codes ...string) scoring.FinalEntry {
	t.Helper()
	all := cards(t, codes...)
	f := scoring.FinalEntry{Pirates: []scoring.Card{}, BuriedPirates: []scoring.Card{}, Coins: coins,
		BuriedPowderMonkeys: 1, LootBannerKept: 5, LootBannerBuried: 2, ParleyUsed: coins%2 == 1}
	if len(all) > 0 {
		f.BuriedPirates = all[:1]
		f.Pirates = all[1:]
	}
	return f
}

// newSetup is a game with these players and nothing entered yet.
func newSetup(players ...string) scoring.Game {
	return scoring.Game{Version: 1, Players: players, Achievements: scoring.DefaultAchievements(), Rounds: [][]*scoring.Entry{}}
}

// putFinal saves one player's end-of-game collection and returns its new
// version, versioned like SaveEntry: a stale version writes nothing and the
// error is a *FinalConflict holding what is stored.
func (s *Store) putFinal(ctx context.Context, id string, player int, f scoring.FinalEntry, version int) (int, error) {
	return s.saveFinal(ctx, id, player, f, version, "")
}

// saveFinal is SaveFinal for a test that wants only the new version.
func (s *Store) saveFinal(ctx context.Context, id string, player int, f scoring.FinalEntry, version int, token string) (int, error) {
	w, err := s.SaveFinal(ctx, FinalWrite{Game: id, Seat: player, Final: f, Version: version, Token: token})
	if err != nil {
		return 0, err
	}
	return w.After.FinalVersions[player], nil
}

// putEntry saves one player's round entry without a form token, as a
// script does, and returns the entry's new version.
func (s *Store) putEntry(ctx context.Context, id string, round, player int, e scoring.Entry, version int) (int, error) {
	return s.saveEntry(ctx, id, round, player, e, version, "")
}

// saveEntry is putEntry for a form with its token.
func (s *Store) saveEntry(ctx context.Context, id string, round, player int, e scoring.Entry, version int, token string) (int, error) {
	w, err := s.SaveEntry(ctx, EntryWrite{Game: id, Round: round, Seat: player, Entry: e, Version: version, Token: token})
	if err != nil {
		return 0, err
	}
	return w.After.EntryVersions[round-1][player], nil
}

// playerNames lists the distinct player names of stored games, the most
// recently played first, to suggest at setup. Names differing only in case
// are kept apart, as the table typed them.
func (s *Store) playerNames(ctx context.Context) (_ []string, err error) {
	defer fault(&err)
	rows, err := s.db.QueryContext(ctx, `SELECT p.name FROM players p
		JOIN games g ON g.id = p.game_id
		WHERE g.deleted IS NULL
		GROUP BY p.name
		ORDER BY MAX(g.updated) DESC, p.name`)
	if err != nil {
		return nil, fmt.Errorf("store: player names: %w", err)
	}
	defer rows.Close()
	names := []string{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, fmt.Errorf("store: player names: %w", err)
		}
		names = append(names, name)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: player names: %w", err)
	}
	return names, nil
}
