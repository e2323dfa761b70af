package scoring

import (
	"slices"
	"testing"
)

// TestFinalPlacesR35 (R3.5): the place of every seat at the end comes
// from the whole order of R3.5; only players level on every step share a
// place, and the next player takes the place after all of them.
func TestFinalPlacesR35(t *testing.T) {
	t.Parallel()
	tot := func(np, coins, ach, officers int) Total {
		return Total{NP: np, Coins: coins, Achievements: ach, Officers: officers}
	}
	tests := []struct {
		name        string
		totals      []Total
		wantPlaces  []int // by seat
		wantWinners []int
	}{
		{"no ties", []Total{tot(10, 0, 0, 0), tot(12, 0, 0, 0), tot(8, 0, 0, 0)}, []int{2, 1, 3}, []int{1}},
		{"winners separated by coins", []Total{tot(10, 2, 0, 0), tot(10, 3, 0, 0), tot(8, 0, 0, 0)}, []int{2, 1, 3}, []int{1}},
		{"winners separated by achievements", []Total{tot(10, 2, 4, 0), tot(10, 2, 2, 0), tot(8, 0, 0, 0)}, []int{1, 2, 3}, []int{0}},
		{"winners separated by Qtr + Cpt", []Total{tot(10, 2, 4, 1), tot(10, 2, 4, 2), tot(8, 0, 0, 0)}, []int{2, 1, 3}, []int{1}},
		{"shared victory", []Total{tot(10, 2, 4, 1), tot(10, 2, 4, 1), tot(8, 0, 0, 0)}, []int{1, 1, 3}, []int{0, 1}},
		{"shared victory of three", []Total{tot(9, 1, 0, 0), tot(9, 1, 0, 0), tot(9, 1, 0, 0), tot(3, 0, 0, 0)}, []int{1, 1, 1, 4}, []int{0, 1, 2}},
		{"non-winners separated by coins", []Total{tot(20, 0, 0, 0), tot(10, 1, 0, 0), tot(10, 5, 0, 0), tot(2, 0, 0, 0)}, []int{1, 3, 2, 4}, []int{0}},
		{"non-winners shared second", []Total{tot(20, 0, 0, 0), tot(10, 1, 0, 0), tot(10, 1, 0, 0), tot(2, 0, 0, 0)}, []int{1, 2, 2, 4}, []int{0}},
		{"shared third", []Total{tot(20, 0, 0, 0), tot(15, 1, 0, 0), tot(10, 1, 2, 1), tot(10, 1, 2, 1)}, []int{1, 2, 3, 3}, []int{0}},
		{"level on NP, coins and achievements, separated by Qtr + Cpt in third", []Total{tot(20, 0, 0, 0), tot(15, 1, 0, 0), tot(10, 1, 2, 1), tot(10, 1, 2, 3)}, []int{1, 2, 4, 3}, []int{0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for p := range tt.totals {
				tt.totals[p].Player = p
			}
			standings, winners, ties := RankFinal(tt.totals)
			res := Result{Totals: tt.totals, Standings: standings, Winners: winners, WinnerTieBreaks: ties}
			if got := res.FinalPlaces(); !slices.Equal(got, tt.wantPlaces) {
				t.Errorf("places %v, want %v", got, tt.wantPlaces)
			}
			if !slices.Equal(winners, tt.wantWinners) {
				t.Errorf("winners %v, want %v", winners, tt.wantWinners)
			}
			for p := range tt.totals {
				if got, want := res.FinishingPlace(p), tt.wantPlaces[p]; got != want {
					t.Errorf("FinishingPlace(%d) = %d, want %d", p, got, want)
				}
				if got, want := res.FinishingPlace(p) == 1, slices.Contains(winners, p); got != want {
					t.Errorf("seat %d: place 1 is %v, winner is %v", p, got, want)
				}
			}
		})
	}
	if got := (Result{}).FinalPlaces(); got != nil {
		t.Errorf("a game not over has places %v, want none", got)
	}
}

// TestRunningPlacesR35: before the end only NP counts (R3.5's tie-breaks
// are for the end of the game), and equal NP share a place.
func TestRunningPlacesR35(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		np   []int
		want []int
	}{
		{"all level", []int{0, 0, 0}, []int{1, 1, 1}},
		{"two level behind the lead", []int{6, 3, 3, 1}, []int{1, 2, 2, 4}},
		{"two level in the lead", []int{6, 6, 3, 1}, []int{1, 1, 3, 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := RunningPlaces(tt.np); !slices.Equal(got, tt.want) {
				t.Errorf("places %v, want %v", got, tt.want)
			}
		})
	}
}

// TestPrizesAfter: the running total after a round counts the prizes of
// the scored rounds up to it, not the later ones; the scoreboard reads it
// instead of adding prizes up itself.
func TestPrizesAfter(t *testing.T) {
	t.Parallel()
	round := func(r int, prizes ...int) RoundResult {
		rr := RoundResult{Round: r}
		for p, np := range prizes {
			rr.Results = append(rr.Results, PlayerResult{Player: p, Prize: np})
		}
		return rr
	}
	rounds := []RoundResult{round(1, 1, 0, 1), round(2, 1, 1, 0), round(3, 6, 0, 3)}
	for _, tt := range []struct {
		after int
		want  []int
	}{{0, []int{0, 0, 0}}, {1, []int{1, 0, 1}}, {2, []int{2, 1, 1}}, {3, []int{8, 1, 4}}, {4, []int{8, 1, 4}}} {
		if got := PrizesAfter(rounds, 3, tt.after); !slices.Equal(got, tt.want) {
			t.Errorf("PrizesAfter(round %d) = %v, want %v", tt.after, got, tt.want)
		}
	}
	if got := PrizesAfter(rounds, 3, 3); !slices.Equal(got, PrizesSoFar(rounds, 3)) {
		t.Errorf("after the last round %v, want PrizesSoFar %v", got, PrizesSoFar(rounds, 3))
	}
}

// TestOneFoldingOfNames: SameName and NameKey fold names the same way, in
// every alphabet (the store's filters compare NameKeys in SQL).
func TestOneFoldingOfNames(t *testing.T) {
	t.Parallel()
	for _, pair := range [][2]string{{"Ёлка", "ёлка"}, {" ΣΟΦΊΑ", "σοφία "}, {"Ann", "aNN"}} {
		if !SameName(pair[0], pair[1]) || NameKey(pair[0]) != NameKey(pair[1]) {
			t.Errorf("%q and %q: SameName %v, keys %q and %q", pair[0], pair[1], SameName(pair[0], pair[1]), NameKey(pair[0]), NameKey(pair[1]))
		}
	}
	if SameName("Ёлка", "Елка") {
		t.Errorf("Ё and Е are different letters")
	}
}
