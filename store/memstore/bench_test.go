package memstore_test

import (
	"context"
	"fmt"
	"testing"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/store/memstore"
)

// played fills p with n finished four-player games of five rounds, as a
// phone's history after a few years of game nights.
func played(b *testing.B, p memstore.Persister, n int) {
	b.Helper()
	ctx := context.Background()
	s, err := memstore.New(ctx, p)
	if err != nil {
		b.Fatal(err)
	}
	games := make([]scoring.Game, n)
	suits := []scoring.Suit{scoring.Anchor, scoring.Heart, scoring.Kraken, scoring.Skull}
	for i := range games {
		g := scoring.Game{Version: 1, Players: []string{"Ann", "Bob", "Cy", fmt.Sprintf("Guest %d", i)},
			Achievements: scoring.DefaultAchievements(), Played: fmt.Sprintf("2026-01-01T%02d:%02d:00Z", i/60%24, i%60)}
		for r := 0; r < 5; r++ {
			round := make([]*scoring.Entry, 4)
			for p := range round {
				round[p] = &scoring.Entry{Pool: []scoring.Card{{Suit: suits[p], Rank: scoring.Rank(r + 1)}}, Coins: r}
			}
			g.Rounds = append(g.Rounds, round)
		}
		for p := range 4 {
			var owned []scoring.Card
			for r := 0; r < 5; r++ {
				owned = append(owned, scoring.Card{Suit: suits[p], Rank: scoring.Rank(r + 1)})
			}
			g.Final = append(g.Final, scoring.FinalEntry{Pirates: owned, BuriedPirates: []scoring.Card{}})
		}
		games[i] = g
	}
	if _, err := s.Import(ctx, games); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkNew is the store's start with 500 games stored: what a
// service worker the browser stopped pays before its first answer.
func BenchmarkNew(b *testing.B) {
	p := memstore.NewMemoryPersister()
	played(b, p, 500)
	for b.Loop() {
		if _, err := memstore.New(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSaveEntry is one round entry saved (validated against the
// game, encoded, persisted in memory) with 500 other games stored.
func BenchmarkSaveEntry(b *testing.B) {
	ctx := context.Background()
	p := memstore.NewMemoryPersister()
	played(b, p, 500)
	s, err := memstore.New(ctx, p)
	if err != nil {
		b.Fatal(err)
	}
	id, _, err := s.CreateGameOnce(ctx, scoring.Game{Version: 1, Players: []string{"A", "B", "C", "D"}, Achievements: scoring.DefaultAchievements()}, "")
	if err != nil {
		b.Fatal(err)
	}
	pool := []scoring.Card{{Suit: scoring.Heart, Rank: 5}}
	version := 0
	for i := 0; b.Loop(); i++ {
		w, err := s.SaveEntry(ctx, store.EntryWrite{Game: id, Round: 1, Entry: scoring.Entry{Pool: pool, Coins: i % 10}, Version: version})
		if err != nil {
			b.Fatal(err)
		}
		version = w.After.EntryVersions[0][0]
	}
}
