package handlers

import (
	"context"
	"io"
	"log/slog"
	"reflect"
	"testing"

	"ruthless/scoring"
)

func TestPartyCacheAnswersLikeSolve(t *testing.T) {
	c := newPartyCache()
	s := newSolver(c, Limits{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
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
	if got, want := len(c.parties), 6; got != want {
		t.Errorf("cache holds %d parties, want %d (one per card set and player count)", got, want)
	}
}
