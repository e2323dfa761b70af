package views_test

import (
	"testing"

	"ruthless/views"
)

// TestLinkWords: each step of a link reads as the handlers wrote it
// before links carried codes (the e2e journeys look for these words).
func TestLinkWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		link views.Link
		want string
	}{
		{"final scores", views.Link{Step: views.StepFinalScores}, "See the final scores"},
		{"own final", views.Link{Step: views.StepOwnFinal}, "End of game: enter your cards"},
		{"final for", views.Link{Step: views.StepFinalFor, Name: "Ann"}, "End of game: enter Ann's cards"},
		{"final for no phone", views.Link{Step: views.StepFinalFor, Name: "Ann", NoPhone: true}, "End of game: enter Ann (no phone)'s cards"},
		{"see results", views.Link{Step: views.StepSeeResults, Round: 2}, "See round 2 results"},
		{"own round", views.Link{Step: views.StepOwnRound, Round: 3}, "Enter your round 3 cards"},
		{"round for", views.Link{Step: views.StepRoundFor, Round: 3, Name: "Ben"}, "Enter round 3 for Ben"},
		{"round for no phone", views.Link{Step: views.StepRoundFor, Round: 3, Name: "Ben", NoPhone: true}, "Enter round 3 for Ben (no phone)"},
		{"final of", views.Link{Step: views.StepFinalOf, Name: "Cal"}, "Cal's end of game"},
		{"round", views.Link{Step: views.StepRound, Round: 4}, "Round 4"},
		{"change entry", views.Link{Step: views.StepChangeEntry, Round: 2, Name: "Dee"}, "Change Dee's round 2 entry"},
		{"change final", views.Link{Step: views.StepChangeFinal, Name: "Dee"}, "Change Dee's end-of-game entry"},
		{"end of game", views.Link{Step: views.StepEndOfGame}, "End of game"},
		{"results", views.Link{Step: views.StepResults, Round: 5}, "Round 5 results"},
		{"none", views.Link{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := tt.link.Label(); got != tt.want {
				t.Errorf("Label() = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestPhoneWords: a phone named by its player, as the join page and a
// correction's notice say it.
func TestPhoneWords(t *testing.T) {
	t.Parallel()
	players := []string{"Ann", "Ben"}
	tests := []struct {
		name  string
		phone views.Phone
		want  string
	}{
		{"a player's", views.PhoneOf(players, 1), "Ben's phone"},
		{"unknown seat", views.PhoneOf(players, 2), ""},
		{"no seat", views.PhoneOf(players, -1), ""},
		{"own", views.Phone{Known: true, Owner: "Ann", OwnSeat: true}, "their own phone"},
		{"of no player", views.Phone{Known: true}, "another phone"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := tt.phone.Words(); got != tt.want {
				t.Errorf("Words() = %q, want %q", got, tt.want)
			}
		})
	}
}
