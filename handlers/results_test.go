package handlers

import (
	"slices"
	"strings"
	"testing"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
	"ruthless/views/lang"
)

// entry builds a round entry from card codes.
func entry(t *testing.T, coins int, codes ...string) *scoring.Entry {
	t.Helper()
	e := &scoring.Entry{Pool: []scoring.Card{}, Coins: coins}
	for _, code := range codes {
		c, err := scoring.ParseCard(code)
		if err != nil {
			t.Fatal(err)
		}
		e.Pool = append(e.Pool, c)
	}
	return e
}

// fourPlayers is a game of Ann, Ben, Cat and Dan, Ann starting, with two
// Port rounds and round 3, where Ann and Ben are level on 12 and Ann's
// unused Quartermaster places her ahead (R2.5.1).
func fourPlayers(t *testing.T) (store.StoredGame, scoring.Result) {
	t.Helper()
	port := func() []*scoring.Entry {
		return []*scoring.Entry{entry(t, 1, "H2", "H3", "H4"), entry(t, 1, "S5", "S6", "S7"), entry(t, 0, "A1", "X7"), entry(t, 2, "K1", "K2", "K3")}
	}
	f := scoring.Game{Version: 1, Players: []string{"Ann", "Ben", "Cat", "Dan"}, StartPlayer: 0, Achievements: []string{"richest", "merciless"},
		Rounds: [][]*scoring.Entry{port(), port(),
			{entry(t, 2, "H2", "H3", "H4", "AQ"), entry(t, 3, "S5", "S6", "S7"), entry(t, 0, "A1", "X7"), entry(t, 2, "K1", "K2", "K3", "K4")}}}
	res, err := scoring.Score(f)
	if err != nil {
		t.Fatal(err)
	}
	return store.StoredGame{ID: "g", File: f}, res
}

func TestRoundViewPortRoundHasNoPlaces(t *testing.T) {
	t.Parallel()
	g, res := fourPlayers(t)
	vm := roundView(g, res, 1, atTable{g: g})
	if !vm.Port {
		t.Errorf("round 1 is not marked as a Port round")
	}
	for _, p := range vm.Parties {
		wantPrize := map[int]int{0: 1, 1: 1, 2: 0, 3: 1}[p.Seat]
		if p.Place != 0 || p.Prize != wantPrize || p.Token != scoring.TokenPort || p.Tie != nil {
			t.Errorf("%s: place %d, prize %d, token %q, tie %v; want no place, %d NP, Port, no tie", p.Name, p.Place, p.Prize, p.Token, p.Tie, wantPrize)
		}
	}
}

func TestRoundViewTieUnderThePlayerBehind(t *testing.T) {
	t.Parallel()
	g, res := fourPlayers(t)
	vm := roundView(g, res, 3, atTable{g: g})
	if vm.Port {
		t.Errorf("round 3 marked as a Port round")
	}
	want := []struct {
		place, prize int
		tie          string
	}{
		{2, 3, ""},
		{3, 2, "Ann ahead of Ben on 12: more unused pirates (1 to 0)."},
		{0, 0, ""},
		{1, 6, ""},
	}
	for seat, w := range want {
		p := vm.Parties[seat]
		tie := ""
		if p.Tie != nil {
			tie = p.Tie.Text
			if p.Tie.Rule != "R2.5" {
				t.Errorf("%s's tie cites %s, want R2.5", p.Name, p.Tie.Rule)
			}
		}
		if p.Seat != seat || p.Place != w.place || p.Prize != w.prize || tie != w.tie {
			t.Errorf("seat %d: seat %d, place %d, prize %d, tie %q; want place %d, prize %d, tie %q", seat, p.Seat, p.Place, p.Prize, tie, w.place, w.prize, w.tie)
		}
	}
	if got, want := views.ReturnedText(lang.English, vm.ReturnedNP), "Tokens nobody took go back to the box: 1 NP."; got != want {
		t.Errorf("returned %q, want %q", got, want)
	}
}

func TestFinalViewTieUnderThePlayerBehind(t *testing.T) {
	t.Parallel()
	g, _ := fourPlayers(t)
	g.File.Final = make([]scoring.FinalEntry, 4)
	res := scoring.Result{
		Totals:          []scoring.Total{{Player: 0, NP: 18, Coins: 4}, {Player: 1, NP: 18, Coins: 4}, {Player: 2, NP: 5}, {Player: 3, NP: 19}},
		Standings:       []int{3, 0, 1, 2},
		Winners:         []int{3},
		WinnerTieBreaks: []scoring.TieBreak{{Players: []int{0, 1}, DecidedBy: scoring.Shared, Rule: "R3.5"}},
	}
	vm := finalView(g, res, atTable{g: g})
	var got []string
	for _, r := range vm.Totals {
		tie := ""
		if r.Tie != nil {
			tie = r.Tie.Text
		}
		got = append(got, strings.Join([]string{r.Name, views.Ordinal(r.Place), map[bool]string{true: "winner", false: "-"}[r.Winner], tie}, "|"))
	}
	want := []string{
		"Ann|2nd|-|",
		"Ben|2nd|-|Ann and Ben share the place on 18 NP: coins (4), achievement NP (0) and Quartermasters and Captains (0) are all level.",
		"Cat|4th|-|",
		"Dan|1st|winner|",
	}
	if !slices.Equal(got, want) {
		t.Errorf("rows\n%q\nwant\n%q", got, want)
	}
}
