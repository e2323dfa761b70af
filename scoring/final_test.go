package scoring

import (
	"reflect"
	"slices"
	"testing"
)

// wonRound is a scored round where seat p took the given prizes.
func prizeRound(prizes ...int) RoundResult {
	r := RoundResult{Results: make([]PlayerResult, len(prizes))}
	for p, np := range prizes {
		r.Results[p] = PlayerResult{Player: p, Prize: np}
	}
	return r
}

func TestFinalTotals(t *testing.T) {
	t.Parallel()
	final := []FinalEntry{
		{Pirates: parseLine(t, "HQ HC H1"), BuriedPirates: parseLine(t, "AC* XQ SP"), Coins: 4, ParleyUsed: true},
		{Pirates: parseLine(t, "S1"), Coins: 0, ParleyUsed: false},
		{BuriedPirates: parseLine(t, "KQ"), Coins: 11, ParleyUsed: false},
	}
	rounds := []RoundResult{prizeRound(1, 1, 0), prizeRound(1, 0, 1), prizeRound(6, 2, 3)}
	achievements := []AchievementResult{{NP: []int{4, 2, 0}}, {NP: []int{0, 4, 4}}}
	want := []Total{
		// Qtr 1 each, Cpt 2 each (the flagged one too), the Parrot nothing.
		{Player: 0, Prizes: 8, Achievements: 4, Crew: 6, Parley: 0, NP: 18, Coins: 4, Officers: 4},
		{Player: 1, Prizes: 3, Achievements: 6, Crew: 0, Parley: 1, NP: 10, Coins: 0, Officers: 0},
		{Player: 2, Prizes: 4, Achievements: 4, Crew: 1, Parley: 1, NP: 10, Coins: 11, Officers: 1},
	}
	got := FinalTotals(final, rounds, achievements)
	for p := range want {
		t.Run("R3.4 player "+string(rune('0'+p)), func(t *testing.T) {
			if got[p] != want[p] {
				t.Errorf("got %+v, want %+v", got[p], want[p])
			}
		})
	}
	if len(got) != len(want) {
		t.Errorf("len = %d, want %d", len(got), len(want))
	}
}

func TestRankFinal(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		totals        []Total // only NP, Coins, Achievements, Officers matter
		wantStandings []int
		wantWinners   []int
		wantTies      []TieBreak
	}{
		{
			name:          "R3.5 most NP wins",
			totals:        []Total{{NP: 10}, {NP: 14}, {NP: 9}},
			wantStandings: []int{1, 0, 2}, wantWinners: []int{1}, wantTies: []TieBreak{},
		},
		{
			name:          "R3.5 tie broken by coins",
			totals:        []Total{{NP: 14, Coins: 2, Achievements: 8}, {NP: 14, Coins: 5}, {NP: 3}},
			wantStandings: []int{1, 0, 2}, wantWinners: []int{1},
			wantTies: []TieBreak{{Players: []int{1, 0}, DecidedBy: ByCoins, Rule: "R3.5"}},
		},
		{
			name:          "R3.5 tie broken by achievement NP",
			totals:        []Total{{NP: 14, Coins: 2, Achievements: 4, Officers: 9}, {NP: 14, Coins: 2, Achievements: 6}},
			wantStandings: []int{1, 0}, wantWinners: []int{1},
			wantTies: []TieBreak{{Players: []int{1, 0}, DecidedBy: ByAchievements, Rule: "R3.5"}},
		},
		{
			name:          "R3.5 tie broken by Qtr and Cpt owned",
			totals:        []Total{{NP: 9}, {NP: 14, Coins: 2, Achievements: 4, Officers: 1}, {NP: 14, Coins: 2, Achievements: 4, Officers: 3}},
			wantStandings: []int{2, 1, 0}, wantWinners: []int{2},
			wantTies: []TieBreak{{Players: []int{2, 1}, DecidedBy: ByCrew, Rule: "R3.5"}},
		},
		{
			name: "R3.5 players still tied share the victory",
			totals: []Total{
				{NP: 14, Coins: 2, Achievements: 4, Officers: 1},
				{NP: 12},
				{NP: 14, Coins: 2, Achievements: 4, Officers: 1},
				{NP: 12},
			},
			wantStandings: []int{0, 2, 1, 3}, wantWinners: []int{0, 2},
			wantTies: []TieBreak{
				{Players: []int{0, 2}, DecidedBy: Shared, Rule: "R3.5"},
				{Players: []int{1, 3}, DecidedBy: Shared, Rule: "R3.5"},
			},
		},
		{
			name: "R3.5 a tie below the winners is still explained",
			totals: []Total{
				{NP: 8, Coins: 1}, {NP: 20}, {NP: 8, Coins: 3},
			},
			wantStandings: []int{1, 2, 0}, wantWinners: []int{1},
			wantTies: []TieBreak{{Players: []int{2, 0}, DecidedBy: ByCoins, Rule: "R3.5"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for p := range tt.totals {
				tt.totals[p].Player = p
			}
			standings, winners, ties := RankFinal(tt.totals)
			if !slices.Equal(standings, tt.wantStandings) {
				t.Errorf("standings = %v, want %v", standings, tt.wantStandings)
			}
			if !slices.Equal(winners, tt.wantWinners) {
				t.Errorf("winners = %v, want %v", winners, tt.wantWinners)
			}
			if !reflect.DeepEqual(ties, tt.wantTies) {
				t.Errorf("tie-breaks = %+v, want %+v", ties, tt.wantTies)
			}
		})
	}
}
