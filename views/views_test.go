package views_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/a-h/templ"

	"ruthless/scoring"
	"ruthless/views"
)

func render(t testing.TB, c templ.Component) string {
	t.Helper()
	var b bytes.Buffer
	if err := c.Render(context.Background(), &b); err != nil {
		t.Fatalf("render: %v", err)
	}
	return b.String()
}

func card(code string) scoring.Card {
	c, err := scoring.ParseCard(code)
	if err != nil {
		panic(err)
	}
	return c
}

func sampleRound() views.RoundResultsView {
	sp := views.Face(card("SP"))
	sp.As = "C⚔"
	return views.RoundResultsView{
		GameID: "g1", Round: 3, Rounds: 5, Players: 3, StartPlayer: "Lucy", Complete: true,
		Parties: []views.PartyView{
			{Seat: 0, Name: "Lucy", Prize: 6, Place: 1, Token: "Piracy", PartyResult: views.PartyResult{Strength: 10, Sets: []views.SetResult{
				{Name: "Straight of 3", Strength: 6, Cards: views.Faces([]scoring.Card{card("H2"), card("H3"), card("A4")})},
				{Name: "Pair", Strength: 4, Cards: views.Faces([]scoring.Card{card("S6"), card("K6")})},
			}}},
			{Seat: 1, Name: "Craig", Prize: 3, Place: 2, Token: "Piracy", Tie: &views.TieView{Text: "Lucy ahead of Craig on 10: more unused pirates (1 to 0).", Rule: "R2.5"}, PartyResult: views.PartyResult{Strength: 10, Sets: []views.SetResult{
				{Name: "Flush of 3", Strength: 8, Cards: []views.CardFace{views.Face(card("S1")), views.Face(card("S7")), sp}},
			}}},
			{Seat: 2, Name: "Julie", PartyResult: views.PartyResult{Strength: 0, Leftover: views.Faces([]scoring.Card{card("HQ"), card("S5")})}},
		},
		Next: views.Link{Href: "/games/g1/rounds/4/players/1", Step: views.StepRoundFor, Round: 4, Name: "Craig"},
	}
}

func TestRoundResultsMarkers(t *testing.T) {
	t.Parallel()
	html := render(t, views.RoundResults(sampleRound()))
	tests := []struct {
		name, want string
	}{
		{"strength of seat 0", `data-testid="strength-0">10<`},
		{"strength of seat 2", `data-testid="strength-2">0<`},
		{"prize of seat 1", `data-testid="prize-1">2nd · +3 NP<`},
		{"no prize for seat 2", `data-testid="prize-2">no token<`},
		{"a card", `data-testid="card-H2"`},
		{"the wild's choice", `<small>as C⚔</small>`},
		{"unused cards", `data-testid="unused-2"`},
		{"tie-break", `data-testid="tiebreak"`},
		{"tie-break rule link", `href="/rules#R2.5"`},
		{"next action", `data-testid="next-action"><span>Enter round 4 for <bdi>Craig</bdi></span><`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(html, tt.want) {
				t.Errorf("page lacks %s", tt.want)
			}
		})
	}
}

func TestEntryGrid(t *testing.T) {
	t.Parallel()
	rows := views.TapGrid{Name: "card", Prefix: "card", EntryForm: true, Rows: []views.TapRow{{Letter: "H", Name: "Heart", Cards: []views.TapCard{
		{CardFace: views.Face(card("H2")), Checked: true},
		{CardFace: views.Face(card("H3")), Holder: "Craig"},
		{CardFace: views.Face(card("HC")), Checked: true, Sub: "power", SubChecked: true},
	}}}}
	html := render(t, views.Entry(views.EntryView{GameID: "g", Round: 2, Rounds: 5, PlayerName: "Lucy", Action: "/x", Grid: rows, Coins: "3", Version: 4,
		Errors: views.Errors{"coins": "Coins are a whole number from 0 to 99."}, Warnings: []scoring.Warning{{Player: 0, Round: 2, Cards: []scoring.Card{card("A2"), card("A3"), card("A4"), card("A5")}, Rule: "R4.3"}},
		Live: views.LiveView{Names: []string{"Lucy"}}}))
	tests := []struct {
		name, want string
	}{
		{"selected card", `value="H2" id="c-H2" checked data-testid="card-H2"`},
		{"held card disabled", `value="H3" id="c-H3" disabled data-testid="card-H3"`},
		{"holder named", `data-testid="holder-H3"><bdi>Craig</bdi><`},
		{"captain power", `name="power" value="HC" checked data-testid="power-HC"`},
		{"coins error", `data-testid="field-error-coins">Coins are a whole number`},
		{"version", `name="version" value="4"`},
		{"warning worded from its values", `data-testid="warning"><bdi>Lucy</bdi> has 4 pirates in round 2 never entered before (A2, A3, A4, A5)`},
		{"coins kept", `value="3"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(html, tt.want) {
				t.Errorf("page lacks %s", tt.want)
			}
		})
	}
}

func TestNamesEscaped(t *testing.T) {
	t.Parallel()
	evil := `<script>alert(1)</script>`
	round := sampleRound()
	round.Parties[0].Name = evil
	round.StartPlayer = evil
	pages := map[string]templ.Component{
		"home":  views.Home(views.HomeView{InProgress: []views.GameListItem{{ID: "g", Players: []string{evil, "B"}}}}),
		"new":   views.NewGame(views.NewGameView{Names: [4]string{evil}, KnownNames: []string{evil}, Errors: views.Errors{"players[0]": evil}}),
		"game":  views.Scoreboard(views.GameView{ID: "g", Players: []string{evil, "B"}, Current: 1, CurrentStart: evil, Status: []views.PlayerStatus{{Name: evil}}, Finished: true, Winners: []int{0}}),
		"round": views.RoundResults(round),
		"entry": views.Entry(views.EntryView{PlayerName: evil, Grid: views.TapGrid{Name: "card", Prefix: "card", EntryForm: true, Rows: []views.TapRow{{Cards: []views.TapCard{{Holder: evil}}}}}}),
		"final": views.Final(views.FinalView{Players: []string{evil}, Complete: true, Totals: []views.TotalRow{{Name: evil, Place: 1, Winner: true}}}),
		"form":  views.FinalForm(views.FinalFormView{PlayerName: evil}),
		"del":   views.DeleteGame(views.DeleteView{Players: []string{evil}}),
		"trash": views.Home(views.HomeView{Trash: []views.TrashedGame{{ID: "g", Players: []string{evil, "B"}}}}),
	}
	for name, c := range pages {
		t.Run(name, func(t *testing.T) {
			html := render(t, c)
			if strings.Contains(html, evil) {
				t.Errorf("raw script in page")
			}
			if !strings.Contains(html, "&lt;script&gt;") {
				t.Errorf("escaped name missing")
			}
		})
	}
}

func TestFinalMarkers(t *testing.T) {
	t.Parallel()
	html := render(t, views.Final(views.FinalView{
		GameID: "g", Players: []string{"A", "B"}, Complete: true,
		Totals: []views.TotalRow{{Seat: 0, Name: "A", Place: 1, NP: 20, Winner: true},
			{Seat: 1, Name: "B", Place: 2, NP: 20, Tie: &views.TieView{Text: "A ahead of B on 20 NP: more coins (4 to 2).", Rule: "R3.5"}}},
		Achievements: []views.AchievementRow{{Name: "Richest", Counts: []string{"5", "3"}, NP: []int{4, 0}, Rule: "R3.3"}},
	}))
	for _, want := range []string{`data-testid="winner"`, `data-testid="tiebreak"`, `href="/rules#R3.5"`, `data-testid="np-1">20<`, `data-testid="achievement"`} {
		if !strings.Contains(html, want) {
			t.Errorf("final page lacks %s", want)
		}
	}
}

// BenchmarkRoundResultsRender renders a four-player round's results page.
func BenchmarkRoundResultsRender(b *testing.B) {
	vm := sampleRound()
	vm.Parties = append(vm.Parties, vm.Parties[0])
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := views.RoundResults(vm).Render(context.Background(), &buf); err != nil {
			b.Fatal(err)
		}
	}
}
