package views_test

import (
	"strings"
	"testing"
	"time"

	"ruthless/scoring"
	"ruthless/views"
	"ruthless/views/lang"
)

// TestAchievementWhy words each kind of R3.3 award from the NP that
// scoring.AwardAchievement gives: first and second places, ties, the
// two-player game, counts of 0 with and without the table option, and
// Shipshape.
func TestAchievementWhy(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		id     string
		zero   bool
		counts []int
		want   string
	}{
		{"R3.3 first takes 4 and second 2 with 3 players", scoring.Merciless, false, []int{5, 3, 1}, "Lucy has the most buried crew (5), 4 NP; Craig is second (3), 2 NP."},
		{"R3.3 several second places each take 2", scoring.Richest, false, []int{2, 9, 2, 1}, "Craig has the richest loot kept (9), 4 NP; Lucy and Julie are second (2), 2 NP each."},
		{"R3.3 tie for first gives no second place", scoring.Recruiter, false, []int{6, 6, 4}, "Lucy and Craig have the most pirates (6), 4 NP each; a tie for first leaves no second place."},
		{"R3.3 two players have no second place", scoring.Mutineer, false, []int{1, 3}, "Craig has the most buried officers (3), 4 NP; there is no second place with 2 players."},
		{"R3.3 two players tied for first both take 4", scoring.Recruiter, false, []int{3, 3}, "Lucy and Craig have the most pirates (3), 4 NP each."},
		{"R3.3 a count of 0 never places", scoring.BuriedTreasure, false, []int{0, 0, 0}, "Nobody scores Buried Treasure: a count of 0 never places."},
		{"R3.3 a count of 0 is not second", scoring.Commander, false, []int{0, 4, 0}, "Craig has the longest straight flush (4), 4 NP; nobody else places."},
		{"R3.3 zero counts option lets 0 be second", scoring.Commander, true, []int{0, 4, 0}, "Craig has the longest straight flush (4), 4 NP; Lucy and Julie are second (0), 2 NP each."},
		{"R3.3 zero counts option lets everyone at 0 share first", scoring.Merciless, true, []int{0, 0}, "Lucy and Craig have the most buried crew (0), 4 NP each."},
		{"R3.3 shipshape gives 4 to everyone who has it and no second", scoring.Shipshape, false, []int{1, 0, 1, 1}, "Lucy, Julie and Ann own a pirate of every rank from 1 to Captain: 4 NP each."},
		{"R3.3 shipshape nobody", scoring.Shipshape, false, []int{0, 0, 0}, "Nobody owns a pirate of every rank from 1 to Captain."},
	}
	names := []string{"Lucy", "Craig", "Julie", "Ann"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := scoring.AwardAchievement(tt.id, tt.counts, tt.zero)
			if got := views.AchievementWhy(lang.English, a, names[:len(tt.counts)]); got != tt.want {
				t.Errorf("why = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestWarningText words R4.3 warnings: round 1 points at the starting
// deck, a later round at the rounds before it.
func TestWarningText(t *testing.T) {
	t.Parallel()
	cards := func(codes ...string) []scoring.Card {
		out := make([]scoring.Card, len(codes))
		for i, c := range codes {
			card, err := scoring.ParseCard(c)
			if err != nil {
				t.Fatal(err)
			}
			out[i] = card
		}
		return out
	}
	players := []string{"Ann", "Ben"}
	tests := []struct {
		name string
		w    scoring.Warning
		want string
	}{
		{"R4.3 round 1", scoring.Warning{Player: 0, Round: 1, Cards: cards("H1", "H2", "H3", "H4"), Rule: "R4.3"},
			"Ann has 4 pirates in round 1 never entered before (H1, H2, H3, H4), more than the 3 a player can recruit in a round; the starting deck has no pirates, so check whether earlier rounds were played without being entered"},
		{"R4.3 a later round", scoring.Warning{Player: 1, Round: 3, Cards: cards("A2", "A3", "A4", "A5", "AP"), Rule: "R4.3"},
			"Ben has 5 pirates in round 3 never entered before (A2, A3, A4, A5, AP), more than the 3 a player can recruit in a round; check earlier rounds"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := views.WarningText(lang.English, tt.w, players); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestJoinNames lists names as a sentence does.
func TestJoinNames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		names []string
		want  string
	}{
		{"none", nil, ""},
		{"one", []string{"Ann"}, "Ann"},
		{"two", []string{"Ann", "Ben"}, "Ann and Ben"},
		{"three", []string{"Ann", "Ben", "Cat"}, "Ann, Ben and Cat"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := views.JoinNames(lang.English, tt.names); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestProblemText words each reason a claim is not legal, as the JSON API
// and the command line write it (cards as codes), and beside its own set
// on the /check page ("This set" for the set's cards).
func TestProblemText(t *testing.T) {
	t.Parallel()
	card := func(code string) scoring.Card {
		c, err := scoring.ParseCard(code)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	set := []scoring.Card{card("AQ"), card("S2"), card("HP")}
	tests := []struct {
		name  string
		p     scoring.Problem
		want  string
		inSet string // the phrase beside its set, in words
	}{
		{"R1.1 not in the pool", scoring.Problem{Set: 1, Code: scoring.ProblemNotInPool, Cards: []scoring.Card{card("H4")}},
			"H4 is not in this pool: only the pirates in the Ship and New Recruits Areas take part",
			"4 of Heart is not in this pool: only the pirates in the Ship and New Recruits Areas take part."},
		{"R1.4 a Parrot keeps its suit", scoring.Problem{Set: 1, Code: scoring.ProblemParrotSuit, Cards: []scoring.Card{card("HP"), card("S4")}},
			"HP is stated as S4, but a Parrot keeps its own suit, Heart",
			"Parrot of Heart is stated as 4 of Swords, but a Parrot keeps its own suit, Heart."},
		{"R1.5 no power mark", scoring.Problem{Set: 2, Code: scoring.ProblemNoPower, Cards: []scoring.Card{card("HC"), card("H4")}},
			"HC is stated as H4, but without the Captain-power mark (*) it is only the Heart Captain",
			"C of Heart is stated as 4 of Heart, but without the Captain-power mark (*) it is only the Heart Captain."},
		{"R1.2 no pattern whatever the wilds", scoring.Problem{Set: 1, Code: scoring.ProblemNoPattern, Cards: set, Wilds: true},
			"set AQ S2 HP is no group, straight, flush, straight flush or full ship, whatever its wilds become",
			"This set is no group, straight, flush, straight flush or full ship, whatever its wilds become."},
		{"R1.6 a twin needed", scoring.Problem{Set: 1, Code: scoring.ProblemTwinNeeded, Cards: set},
			"set AQ S2 HP would fit a pattern only if a wild stood for a card already used in the party",
			"This set would fit a pattern only if a wild stood for a card already used in the party."},
		{"R1.6 twins", scoring.Problem{Set: 2, OtherSet: 1, Code: scoring.ProblemTwins, Cards: []scoring.Card{card("SP"), card("S5"), card("S5")}},
			"SP (set 1) and S5 (set 2) both stand for S5",
			"Parrot of Swords (set 1) and 5 of Swords (set 2) both stand for 5 of Swords."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := views.ProblemText(tt.p); got != tt.want {
				t.Errorf("ProblemText = %q, want %q", got, tt.want)
			}
			if got := views.ProblemPhrase(lang.English, tt.p, true).Capitalized().String(); got != tt.inSet {
				t.Errorf("beside its set = %q, want %q", got, tt.inSet)
			}
		})
	}
}

// TestListCommaStaysWithTheName checks the home page's lists of names: the
// comma or "and" after a name is inside the name's box, so a long name
// that wraps is followed by its comma rather than the comma sitting at the
// box's right edge or starting the next line alone; the space after it is
// outside, where the line may break (issue 42, seen at 320 px).
func TestListCommaStaysWithTheName(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ code, and string }{{"en", " and"}, {"de", " und"}, {"fr", " et"}, {"es", " y"}} {
		t.Run(c.code, func(t *testing.T) {
			got := renderIn(t, c.code, views.Home(views.HomeView{Finished: []views.GameListItem{{
				ID: "g1", Players: []string{"Ann", "Bo", "Cy"}, Played: time.Date(2026, 11, 28, 21, 4, 0, 0, time.UTC),
				RoundsPlayed: 5, RoundsTotal: 5, Winners: []string{"Bo", "Cy"},
			}}}))
			for _, want := range []string{
				`<bdi>Ann</bdi>,</span> <span`,
				`<bdi>Bo</bdi>` + c.and + `</span> <span`,
				`<bdi>Cy</bdi></span>`,
				`<time datetime="2026-11-28T21:04:00Z">`,
			} {
				if !strings.Contains(got, want) {
					t.Errorf("the home page's list holds no %q:\n%s", want, got)
				}
			}
		})
	}
}
