package handlers

import (
	"context"
	"io"
	"log/slog"
	"reflect"
	"strconv"
	"testing"

	"ruthless/scoring"
)

func TestPartyCacheAnswersLikeSolve(t *testing.T) {
	t.Parallel()
	c := newPartyCache()
	s := newSolveSlots(c, Limits{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	tests := []struct {
		name    string
		pool    []string
		players int
	}{
		{"R1.8 worked example", []string{"H2", "H3", "A4", "S6", "K6"}, 4},
		{"same cards, other order", []string{"K6", "S6", "A4", "H3", "H2"}, 4},
		{"wilds", []string{"S1", "S7", "SP", "HC*"}, 3},
		{"two players", []string{"A5", "H5", "X5", "S5", "AC*"}, 2},
		{"same cards, four players", []string{"A5", "H5", "X5", "S5", "AC*"}, 4},
		{"empty pool", nil, 3},
		{"expensive: more than 3 wilds", []string{"H1", "SP", "KP", "HC*", "XC*"}, 4},
	}
	for range 2 { // the second time round every answer comes from memory
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				pool, err := scoring.ParseCards(tt.pool)
				if err != nil {
					t.Fatal(err)
				}
				opt := scoring.Options{Players: tt.players}
				got, err := s.solve(context.Background(), pool, opt)
				if err != nil {
					t.Fatalf("solve(%v): %v", tt.pool, err)
				}
				if want := scoring.Solve(pool, opt); !reflect.DeepEqual(got, want) {
					t.Errorf("cached solve(%v) = %+v, want %+v", tt.pool, got, want)
				}
			})
		}
	}
	if got, want := s.runs.Load(), int64(1); got != want {
		t.Errorf("%d expensive solves, want %d (the second answer is from memory)", got, want)
	}
	if got, want := c.parties.Len(), 6; got != want {
		t.Errorf("cache holds %d parties, want %d (one per card set and player count)", got, want)
	}
}

// TestPartyCacheKeepsRecent fills the cache past its bound: the parties
// put last, and an old one read meanwhile, must still be there. A cache
// that empties at its bound would hand a client who posts that many
// cheap pools the power to send every page back to solving from scratch.
func TestPartyCacheKeepsRecent(t *testing.T) {
	t.Parallel()
	c := newPartyCache()
	key := func(i int) string { return "test:" + strconv.Itoa(i) }
	party := func(i int) scoring.Party { return scoring.Party{Strength: i} }
	const kept = 100 // the most recent ones looked for
	for i := range maxCachedParties + 1 {
		c.put(key(i), party(i))
		if i >= kept && i%kept == 0 {
			// A page in use keeps reading the first pool.
			if _, ok := c.get(key(0)); !ok {
				t.Fatalf("after %d puts: the party read every %d puts is gone", i+1, kept)
			}
		}
	}
	want := []int{0}
	for i := maxCachedParties + 1 - kept; i <= maxCachedParties; i++ {
		want = append(want, i)
	}
	for _, i := range want {
		got, ok := c.get(key(i))
		if !ok || got.Strength != i {
			t.Errorf("after %d puts into a cache of %d: get(%q) = %v, %t; want strength %d, true",
				maxCachedParties+1, maxCachedParties, key(i), got.Strength, ok, i)
		}
	}
}
