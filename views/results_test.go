package views_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"ruthless/scoring"
	"ruthless/views"
)

// testidsIn lists, in page order, the data-testid values of html that
// match pattern.
func testidsIn(t *testing.T, html, pattern string) []string {
	t.Helper()
	re := regexp.MustCompile(`data-testid="(` + pattern + `)"`)
	var out []string
	for _, m := range re.FindAllStringSubmatch(html, -1) {
		out = append(out, m[1])
	}
	return out
}

// textOf is the text of the element that carries the data-testid, tags
// removed and spaces squeezed: what a reader sees on one line.
func textOf(t *testing.T, html, testid string) string {
	t.Helper()
	start := strings.Index(html, `data-testid="`+testid+`"`)
	if start < 0 {
		t.Fatalf("page has no %s", testid)
	}
	open := strings.LastIndex(html[:start], "<")
	tag := regexp.MustCompile(`^<([a-z0-9]+)`).FindStringSubmatch(html[open:])[1]
	end := strings.Index(html[start:], "</"+tag+">")
	inner := html[strings.Index(html[start:], ">")+start+1 : start+end]
	text := regexp.MustCompile(`<[^>]*>`).ReplaceAllString(inner, " ")
	return strings.Join(strings.Fields(text), " ")
}

// piracyRound is a round 3 of four players, given in seat order: Bea
// first on 16, Ann and Cal level on 12 with Ann ahead, Dee below 4.
func piracyRound() views.RoundResultsView {
	return views.RoundResultsView{
		GameID: "g", Round: 3, Rounds: 5, Players: 4, StartPlayer: "Cal", Complete: true,
		Parties: []views.PartyView{
			{Seat: 0, Name: "Ann", PartyResult: views.PartyResult{Strength: 12, Unused: 1}, Place: 2, Prize: 3, Token: "Piracy"},
			{Seat: 1, Name: "Bea", PartyResult: views.PartyResult{Strength: 16}, Place: 1, Prize: 6, Token: "Piracy"},
			{Seat: 2, Name: "Cal", PartyResult: views.PartyResult{Strength: 12}, Place: 3, Prize: 2, Token: "Piracy",
				Tie: &views.TieView{Text: "Ann ahead of Cal on 12: more unused pirates (1 to 0).", Rule: "R2.5"}},
			{Seat: 3, Name: "Dee", PartyResult: views.PartyResult{Strength: 2}, Token: "Piracy"},
		},
		ReturnedNP: []int{1},
		Warned:     []views.WarnedPlayer{{Seat: 3, Name: "Dee", Cards: views.Faces([]scoring.Card{{Suit: scoring.Anchor, Rank: 1}})}},
		Next:       views.Link{Href: "/games/g/rounds/4/players/3", Step: views.StepRoundFor, Round: 4, Name: "Dee"},
	}
}

func TestRoundSummaryRankedOnTop(t *testing.T) {
	t.Parallel()
	html := render(t, views.RoundResults(piracyRound()))
	order := testidsIn(t, html, `summary|summary-\d|tiebreak|returned|warning|next-action|party-\d`)
	want := []string{"summary", "summary-1", "summary-0", "summary-2", "tiebreak", "summary-3", "returned", "warning", "next-action", "party-1", "party-0", "party-2", "party-3"}
	if !slices.Equal(order, want) {
		t.Errorf("page order %q, want %q: the summary by place with the tie under the tied pair, the warning before the next step, then the parties by place", order, want)
	}
	rows := []struct{ testid, want string }{
		{"summary-1", "1st Bea 16 +6 NP"},
		{"summary-0", "2nd Ann 12 +3 NP"},
		{"summary-2", "3rd Cal 12 +2 NP"},
		{"summary-3", "– Dee 2 no token"},
		{"tiebreak", "Tie Ann ahead of Cal on 12: more unused pirates (1 to 0). R2.5"},
		{"prize-0", "2nd · +3 NP"},
		{"prize-3", "no token"},
	}
	for _, r := range rows {
		t.Run(r.testid, func(t *testing.T) {
			if got := textOf(t, html, r.testid); got != r.want {
				t.Errorf("%s reads %q, want %q", r.testid, got, r.want)
			}
		})
	}
	if n := strings.Count(html, `data-testid="tiebreak"`); n != 1 {
		t.Errorf("%d tie-break lines, want 1, inline in the summary", n)
	}
}

func TestPortRoundHasNoPlaces(t *testing.T) {
	t.Parallel()
	vm := views.RoundResultsView{
		GameID: "g", Round: 1, Rounds: 5, Players: 3, StartPlayer: "Ann", Complete: true, Port: true,
		Parties: []views.PartyView{
			{Seat: 0, Name: "Ann", PartyResult: views.PartyResult{Strength: 4}, Prize: 1, Token: "Port"},
			{Seat: 1, Name: "Bea", PartyResult: views.PartyResult{Strength: 0}, Token: "Port"},
			{Seat: 2, Name: "Cal", PartyResult: views.PartyResult{Strength: 16}, Prize: 1, Token: "Port"},
		},
	}
	html := render(t, views.RoundResults(vm))
	tests := []struct{ name, testid, want string }{
		{"the rule instead of places", "port-rule", "Everyone with strength 4+ takes a Port token (1 NP). R2.4"},
		{"who took one, in seat order", "port-took", "Took a Port token Ann 4 +1 NP Cal 16 +1 NP"},
		{"who did not", "port-missed", "No token: strength below 4 R2.3 Bea 0 no token"},
		{"a party's badge names no place", "prize-2", "Port +1 NP"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := textOf(t, html, tt.testid); got != tt.want {
				t.Errorf("%s reads %q, want %q", tt.testid, got, tt.want)
			}
		})
	}
	if places := regexp.MustCompile(`\b(1st|2nd|3rd|4th)\b`).FindAllString(html, -1); len(places) > 0 {
		t.Errorf("a Port round's page names places %q", places)
	}
	if got, want := testidsIn(t, html, `party-\d`), []string{"party-0", "party-2", "party-1"}; !slices.Equal(got, want) {
		t.Errorf("parties in the order %q, want %q (takers, then the rest, each in seat order)", got, want)
	}
}

func TestFinalTableByPlace(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		totals []views.TotalRow
		order  []string
		places map[string]string
		winner string
	}{
		{
			name: "shared second place",
			totals: []views.TotalRow{
				{Seat: 0, Name: "Ann", Place: 2, NP: 18},
				{Seat: 1, Name: "Bea", Place: 2, NP: 18, Tie: &views.TieView{Text: "Ann and Bea share the place on 18 NP.", Rule: "R3.5"}},
				{Seat: 2, Name: "Cal", Place: 4, NP: 5},
				{Seat: 3, Name: "Dee", Place: 1, NP: 19, Winner: true},
			},
			order:  []string{"total-3", "total-0", "total-1", "tiebreak", "total-2"},
			places: map[string]string{"place-3": "1st", "place-0": "2nd (tied)", "place-1": "2nd (tied)", "place-2": "4th"},
			winner: "Dee wins",
		},
		{
			name: "shared victory",
			totals: []views.TotalRow{
				{Seat: 0, Name: "Ann", Place: 3, NP: 10},
				{Seat: 1, Name: "Bea", Place: 1, NP: 21, Winner: true},
				{Seat: 2, Name: "Cal", Place: 1, NP: 21, Winner: true, Tie: &views.TieView{Text: "Bea and Cal share the place on 21 NP.", Rule: "R3.5"}},
			},
			order:  []string{"total-1", "total-2", "tiebreak", "total-0"},
			places: map[string]string{"place-1": "1st (tied)", "place-2": "1st (tied)", "place-0": "3rd"},
			winner: "Bea and Cal share the victory",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			html := render(t, views.Final(views.FinalView{GameID: "g", Complete: true, Totals: tt.totals}))
			if got := testidsIn(t, html, `total-\d|tiebreak`); !slices.Equal(got, tt.order) {
				t.Errorf("rows %q, want %q", got, tt.order)
			}
			for id, want := range tt.places {
				if got := textOf(t, html, id); got != want {
					t.Errorf("%s reads %q, want %q", id, got, want)
				}
			}
			if got := textOf(t, html, "winner"); got != tt.winner {
				t.Errorf("winner line %q, want %q", got, tt.winner)
			}
			if strings.Index(html, `data-testid="celebration"`) > strings.Index(html, `data-testid="totals"`) {
				t.Errorf("the winner is named below the table")
			}
		})
	}
}

// TestScoreboardLabelsTokens: a round's cell reads "strength · NP of the
// token", on one line; the totals at the head are the final NP, placed.
func TestScoreboardLabelsTokens(t *testing.T) {
	t.Parallel()
	vm := views.GameView{ID: "g", Players: []string{"Ann", "Bea"}, Rounds: 6, Finished: true, Winners: []int{1}, FinalNP: []int{22, 25},
		Totals: []views.PlayerTotal{{Name: "Ann", NP: 22, Place: 2}, {Name: "Bea", NP: 25, Place: 1}}, TotalsFinal: true,
		Rows: []views.ScoreRow{{Round: 1, Href: "/games/g/rounds/1", Token: "Port", Cells: []views.ScoreCell{
			{Entered: true, Scored: true, Strength: 12, Prize: 1, Running: 11},
			{Entered: true, Scored: true, Strength: 2, Running: 0},
		}}}}
	html := render(t, views.Scoreboard(vm))
	tests := []struct{ testid, want string }{
		{"cell-1-0", "12 · strength, +1 NP"},
		{"cell-1-1", "2 · strength, – no token"},
		{"total-np-1", "25"},
		{"place-1", "1st"},
		{"place-0", "2nd"},
		{"final-np-0", "22"},
		{"winner", "Bea wins"},
	}
	for _, tt := range tests {
		if got := textOf(t, html, tt.testid); got != tt.want {
			t.Errorf("%s reads %q, want %q", tt.testid, got, tt.want)
		}
	}
	if strings.Contains(html, "= 11") {
		t.Errorf("the scoreboard still writes the token total as \"= 11\", which reads as the final NP")
	}
}

// TestSeatColoursEverywhere checks each player wears their seat's class on
// the scoreboard, the round summary and parties, and the final table.
func TestSeatColoursEverywhere(t *testing.T) {
	t.Parallel()
	pages := map[string]string{
		"scoreboard": render(t, views.Scoreboard(views.GameView{ID: "g", Players: []string{"Ann", "Bea", "Cal", "Dee"}, Rounds: 5})),
		"round":      render(t, views.RoundResults(piracyRound())),
		"final": render(t, views.Final(views.FinalView{GameID: "g", Complete: true, Players: []string{"Ann", "Bea", "Cal", "Dee"}, Totals: []views.TotalRow{
			{Seat: 0, Name: "Ann", Place: 1, Winner: true}, {Seat: 1, Name: "Bea", Place: 2}, {Seat: 2, Name: "Cal", Place: 3}, {Seat: 3, Name: "Dee", Place: 4},
		}})),
	}
	names := []string{"Ann", "Bea", "Cal", "Dee"}
	for page, html := range pages {
		for seat, name := range names {
			chip := `<bdi class="chip ` + views.SeatClass(seat) + `" title="` + name + `">` + name + `</bdi>`
			if !strings.Contains(html, chip) {
				t.Errorf("%s page: no %s chip in %s", page, name, views.SeatClass(seat))
			}
		}
	}
}

func TestSeatClass(t *testing.T) {
	t.Parallel()
	for seat, want := range map[int]string{0: "seat-0", 1: "seat-1", 3: "seat-3", 4: "seat-0", -1: "seat-3"} {
		if got := views.SeatClass(seat); got != want {
			t.Errorf("SeatClass(%d) = %q, want %q", seat, got, want)
		}
	}
}

func TestOrdinal(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd"} {
		if got := views.Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestCelebrationRespectsReducedMotion checks, in the stylesheet's block
// for results, that every animation runs only for those who did not ask
// for reduced motion, and that the confetti is invisible when still.
func TestCelebrationRespectsReducedMotion(t *testing.T) {
	t.Parallel()
	css, err := os.ReadFile("../static/app.css")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(css), "/* == results and seat colours (issue 12) == */")
	if !ok {
		t.Fatal("app.css has no results block")
	}
	gate := "@media (prefers-reduced-motion: no-preference) {"
	gated, rest, ok := strings.Cut(block, gate)
	if !ok {
		t.Fatalf("the results block has no %q", gate)
	}
	inside, after, _ := strings.Cut(rest, "\n}")
	if !strings.Contains(inside, "animation:") {
		t.Errorf("no animation inside %q", gate)
	}
	for _, outside := range []string{gated, after} {
		if regexp.MustCompile(`[{;]\s*animation(-name)?\s*:`).MatchString(outside) {
			t.Errorf("an animation outside %q: %s", gate, outside)
		}
	}
	if !regexp.MustCompile(`\.confetti i \{[^}]*opacity: 0;`).MatchString(block) {
		t.Errorf("the confetti is not invisible at rest")
	}
}

// TestRoundWarningOnce: a round where three players entered too many new
// pirates says so in one box naming them all, each with their new cards
// drawn, never as codes.
func TestRoundWarningOnce(t *testing.T) {
	t.Parallel()
	vm := piracyRound()
	h := func(r scoring.Rank) []views.CardFace {
		return views.Faces([]scoring.Card{{Suit: scoring.Heart, Rank: r}, {Suit: scoring.Anchor, Rank: 5}})
	}
	vm.Warned = []views.WarnedPlayer{{Seat: 0, Name: "Ann", Cards: h(2)}, {Seat: 1, Name: "Bea", Cards: h(3)}, {Seat: 2, Name: "Cal", Cards: h(4)}}
	html := render(t, views.RoundResults(vm))
	if got := strings.Count(html, `data-testid="warning"`); got != 1 {
		t.Errorf("%d warning boxes, want 1", got)
	}
	if got, want := testidsIn(t, html, `warned-\d`), []string{"warned-0", "warned-1", "warned-2"}; !slices.Equal(got, want) {
		t.Errorf("warned players %q, want %q", got, want)
	}
	if !strings.Contains(html, "<b><bdi>Ann</bdi>, <bdi>Bea</bdi> and <bdi>Cal</bdi></b>") {
		t.Errorf("the warning does not name the three players together")
	}
	for _, code := range []string{"H2", "A5"} {
		if strings.Contains(html, ">"+code) || strings.Contains(html, code+",") {
			t.Errorf("the warning shows the code %s", code)
		}
	}
}
