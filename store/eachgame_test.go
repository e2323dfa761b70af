package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"ruthless/scoring"
)

// TestEachGame visits every game once, oldest first, across batches, and
// stops at the callback's first error.
func TestEachGame(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := openTest(t)
	var games []scoring.Game
	for i := range idsPerQuery + 20 {
		g := newSetup("Ann", fmt.Sprintf("Bob%d", i))
		g.Played = fmt.Sprintf("2024-01-01T00:%02d:%02dZ", i/60, i%60)
		games = append(games, g)
	}
	// Stored newest first, so the order of the ids is not the answer.
	slices.Reverse(games)
	if _, err := s.ImportGames(ctx, games); err != nil {
		t.Fatal(err)
	}
	var seen []string
	if err := s.EachGame(ctx, func(g StoredGame) error {
		seen = append(seen, g.File.Players[1])
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(seen) != len(games) {
		t.Fatalf("visited %d games, want %d", len(seen), len(games))
	}
	for i, name := range seen {
		if want := fmt.Sprintf("Bob%d", i); name != want {
			t.Fatalf("game %d visited is %s's, want %s's (oldest first)", i, name, want)
		}
	}
	stop := errors.New("enough")
	n := 0
	err := s.EachGame(ctx, func(StoredGame) error {
		n++
		if n == 3 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || n != 3 {
		t.Errorf("after the callback's error: %v after %d games, want it after 3", err, n)
	}
}
