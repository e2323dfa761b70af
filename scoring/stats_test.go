package scoring

import (
	"reflect"
	"testing"
)

func TestNameKey(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"as written, lower case", "Lucy", "lucy"},
		{"spaces trimmed", "  Craig ", "craig"},
		{"accents kept", "ZOË", "zoë"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := NameKey(tt.in); got != tt.want {
				t.Errorf("NameKey(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// history is a small history of games, oldest first, with results made
// by hand so every number below can be followed.
func history() []PlayedGame {
	set := func(k SetKind) []Set { return []Set{{Kind: k}} }
	finished := func(n int) []FinalEntry { return make([]FinalEntry, n) }
	return []PlayedGame{
		{ID: "g1", Played: 100, File: Game{Players: []string{"Lucy", "Craig", "Julie"}, Final: finished(3)},
			Result: &Result{
				Rounds: []RoundResult{{Round: 1, Results: []PlayerResult{
					{Player: 0, Strength: 12, Sets: set(Flush)}, {Player: 1, Strength: 5, Sets: set(Group)}, {Player: 2, Strength: 3}}}},
				Achievements: []AchievementResult{{ID: Richest, NP: []int{4, 2, 0}}},
				Totals: []Total{
					{Player: 0, Prizes: 4, Achievements: 4, Crew: 1, Parley: 1, NP: 10},
					{Player: 1, Prizes: 3, Achievements: 2, Crew: 2, NP: 7},
					{Player: 2, Prizes: 5, Crew: 2, NP: 7}},
				Winners: []int{0}, Standings: []int{0, 2, 1}}},
		{ID: "g2", Played: 200, File: Game{Players: []string{" lucy ", "Ann"}, Final: finished(2)},
			Result: &Result{
				Rounds: []RoundResult{
					{Round: 1, Results: []PlayerResult{{Player: 0, Strength: 15, Sets: set(Straight)}, {Player: 1, Strength: 2}}},
					{Round: 2, Results: []PlayerResult{{Player: 0, Strength: 15, Sets: set(Straight)}, {Player: 1, Strength: 9, Sets: set(Flush)}}}},
				Achievements: []AchievementResult{{ID: Merciless, NP: []int{2, 4}}},
				Totals:       []Total{{Player: 0, Prizes: 6, Achievements: 2, NP: 8}, {Player: 1, Prizes: 4, Achievements: 4, NP: 8}},
				Winners:      []int{0, 1}, Standings: []int{0, 1}}},
		// Finished but not scored: it counts nowhere.
		{ID: "g4", Played: 250, File: Game{Players: []string{"Lucy", "Bob"}, Final: finished(2)}},
		{ID: "g3", Played: 300, File: Game{Players: []string{"LUCY", "Craig", "Zoe"}}},
	}
}

func TestPlayerStatsOf(t *testing.T) {
	t.Parallel()
	empty := func(name string, playing int) PlayerStats {
		return PlayerStats{Name: name, Playing: playing, Patterns: map[SetKind]int{}, AchFirst: map[string]int{}, AchSecond: map[string]int{},
			H2H: map[string]*HeadToHead{}, DisplayNames: map[string]string{}}
	}
	tests := []struct {
		name   string
		player string
		want   PlayerStats
	}{
		{"a player of two finished games and one in progress", "lucy", PlayerStats{
			// "Lucy" and "lucy" once each: the first in string order.
			Name:  "Lucy",
			Games: 2, Wins: 1, SharedWins: 1, Playing: 1,
			TotalNP: 18, BestNP: 10, BestNPGame: "g1",
			Sources:      [4]int{10, 6, 1, 1},
			TableSources: [4]int{22, 12, 5, 1},
			TableSeats:   5,
			// The first party of the greatest strength.
			BestParty:     &PlayerResult{Player: 0, Strength: 15, Sets: []Set{{Kind: Straight}}},
			BestPartyGame: "g2", BestPartyRound: 1,
			Patterns:  map[SetKind]int{Flush: 1, Straight: 2},
			AchFirst:  map[string]int{Richest: 1},
			AchSecond: map[string]int{Merciless: 1},
			H2H: map[string]*HeadToHead{
				"craig": {Games: 1, Ahead: 1},
				"julie": {Games: 1, Ahead: 1},
				"ann":   {Games: 1, Level: 1}},
			History: []GameLine{
				{ID: "g1", Played: 100, NP: 10, Place: 1, Won: true},
				{ID: "g2", Played: 200, NP: 8, Place: 1, Won: true, Shared: true}},
			DisplayNames: map[string]string{"craig": "Craig", "julie": "Julie", "ann": "Ann"},
		}},
		{"R3.5 a player placed third of three", "Craig", PlayerStats{
			Name: "Craig", Games: 1, Playing: 1, TotalNP: 7, BestNP: 7, BestNPGame: "g1",
			Sources: [4]int{3, 2, 2, 0}, TableSources: [4]int{12, 6, 5, 1}, TableSeats: 3,
			BestParty:     &PlayerResult{Player: 1, Strength: 5, Sets: []Set{{Kind: Group}}},
			BestPartyGame: "g1", BestPartyRound: 1,
			Patterns:  map[SetKind]int{Group: 1},
			AchFirst:  map[string]int{},
			AchSecond: map[string]int{Richest: 1},
			H2H: map[string]*HeadToHead{
				"lucy":  {Games: 1, Behind: 1},
				"julie": {Games: 1, Behind: 1}},
			History:      []GameLine{{ID: "g1", Played: 100, NP: 7, Place: 3}},
			DisplayNames: map[string]string{"lucy": "Lucy", "julie": "Julie"},
		}},
		{"a player only in a game in progress keeps its spelling", " zoe", empty("Zoe", 1)},
		{"a player only in a game that did not score", "Bob", empty("Bob", 0)},
		{"nobody of that name", "  Nobody ", empty("Nobody", 0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := PlayerStatsOf(history(), tt.player)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("PlayerStatsOf(%q) =\n%+v\nwant\n%+v", tt.player, got, tt.want)
			}
		})
	}
}

func TestSummarizePlayers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		games []PlayedGame
		want  []PlayerSummary
	}{
		{"the history: the most finished games first, then by name", history(), []PlayerSummary{
			// "LUCY", "Lucy" and "lucy" once each, in progress or not.
			{Key: "lucy", Name: "LUCY", Games: 2, Wins: 1, SharedWins: 1, Playing: 1, Last: 300},
			{Key: "ann", Name: "Ann", Games: 1, SharedWins: 1, Last: 200},
			{Key: "craig", Name: "Craig", Games: 1, Playing: 1, Last: 300},
			{Key: "julie", Name: "Julie", Games: 1, Last: 100},
			{Key: "zoe", Name: "Zoe", Playing: 1, Last: 300},
		}},
		{"games before 1970 are the latest of their players", []PlayedGame{
			{ID: "a", Played: -2e18, File: Game{Players: []string{"Ann", "Bob"}}},
			{ID: "b", Played: -1e18, File: Game{Players: []string{"Ann", "Cid"}}},
		}, []PlayerSummary{
			{Key: "ann", Name: "Ann", Playing: 2, Last: -1e18},
			{Key: "bob", Name: "Bob", Playing: 1, Last: -2e18},
			{Key: "cid", Name: "Cid", Playing: 1, Last: -1e18},
		}},
		{"no games", nil, []PlayerSummary{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SummarizePlayers(tt.games); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("SummarizePlayers =\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}
