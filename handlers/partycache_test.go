package handlers

import (
	"reflect"
	"testing"

	"ruthless/scoring"
)

func TestPartyCacheAnswersLikeSolve(t *testing.T) {
	c := newPartyCache()
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
	}
	for range 2 { // the second time round every answer comes from memory
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				pool, err := scoring.ParseCards(tt.pool)
				if err != nil {
					t.Fatal(err)
				}
				opt := scoring.Options{Players: tt.players}
				if got, want := c.solve(pool, opt), scoring.Solve(pool, opt); !reflect.DeepEqual(got, want) {
					t.Errorf("cached solve(%v) = %+v, want %+v", tt.pool, got, want)
				}
			})
		}
	}
	if got, want := len(c.parties), 5; got != want {
		t.Errorf("cache holds %d parties, want %d (one per card set and player count)", got, want)
	}
}
