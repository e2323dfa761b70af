package views_test

import (
	"testing"

	"ruthless/scoring"
	"ruthless/views"
	"ruthless/views/lang"
)

func TestRoundTieText(t *testing.T) {
	t.Parallel()
	players := []string{"Ann", "Ben", "Cat"}
	results := []scoring.PlayerResult{{Strength: 12, Unused: 2, Coins: 4}, {Strength: 12, Unused: 2, Coins: 4}, {Strength: 12, Unused: 2, Coins: 1}}
	tests := []struct {
		name  string
		start int
		tb    scoring.TieBreak
		want  string
	}{
		{"R2.5 unused", 0, scoring.TieBreak{Players: []int{0, 1}, DecidedBy: scoring.ByUnused}, "Ann ahead of Ben on 12: more unused pirates (2 to 2)."},
		{"R2.5 coins", 0, scoring.TieBreak{Players: []int{1, 2}, DecidedBy: scoring.ByCoins}, "Ben ahead of Cat on 12: same unused pirates (2), more coins (4 to 1)."},
		{"R2.5 seat, the start player ahead", 1, scoring.TieBreak{Players: []int{1, 0}, DecidedBy: scoring.BySeat}, "Ben ahead of Ann on 12: same unused pirates (2) and coins (4); Ben is the start player."},
		{"R2.5 seat, closer to the start player", 2, scoring.TieBreak{Players: []int{0, 1}, DecidedBy: scoring.BySeat}, "Ann ahead of Ben on 12: same unused pirates (2) and coins (4); Ann sits closer to the start player, Cat, going clockwise."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rr := &scoring.RoundResult{StartPlayer: tt.start, Results: results}
			if got := views.RoundTieText(lang.English, players, rr, tt.tb); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestFinalTieText(t *testing.T) {
	t.Parallel()
	players := []string{"Ann", "Ben"}
	totals := []scoring.Total{{NP: 21, Coins: 3, Achievements: 8, Officers: 3}, {NP: 21, Coins: 2, Achievements: 4, Officers: 1}}
	tests := []struct {
		by, want string
	}{
		{scoring.ByCoins, "Ann ahead of Ben on 21 NP: more coins (3 to 2)."},
		{scoring.ByAchievements, "Ann ahead of Ben on 21 NP: same coins (3), more achievement NP (8 to 4)."},
		{scoring.ByCrew, "Ann ahead of Ben on 21 NP: same coins and achievement NP, more Quartermasters and Captains (3 to 1)."},
		{scoring.Shared, "Ann and Ben share the place on 21 NP: coins (3), achievement NP (8) and Quartermasters and Captains (3) are all level."},
	}
	for _, tt := range tests {
		t.Run("R3.5 "+tt.by, func(t *testing.T) {
			if got := views.FinalTieText(lang.English, players, totals, scoring.TieBreak{Players: []int{0, 1}, DecidedBy: tt.by}); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestTieBreakLine words the command line's one-line tie-breaks of both
// kinds, and the shared place.
func TestTieBreakLine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		tb   scoring.TieBreak
		want string
	}{
		{"R2.5 unused", scoring.TieBreak{DecidedBy: scoring.ByUnused, Rule: "R2.5"}, "Ann over Ben on unused pirates (R2.5)"},
		{"R2.5 seat", scoring.TieBreak{DecidedBy: scoring.BySeat, Rule: "R2.5"}, "Ann over Ben on seat order from the start player (R2.5)"},
		{"R3.5 crew", scoring.TieBreak{DecidedBy: scoring.ByCrew, Rule: "R3.5"}, "Ann over Ben on Quartermasters and Captains owned (R3.5)"},
		{"R3.5 shared", scoring.TieBreak{DecidedBy: scoring.Shared, Rule: "R3.5"}, "Ann and Ben stay level on every tie-break (R3.5)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := views.TieBreakLine([]string{"Ann", "Ben"}, tt.tb); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
