package handlers_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"ruthless/scoring"
)

type seatEntry struct {
	cards []string
	power []string
	coins int
}

// TestWholeGameThroughForms plays a three-player game through the HTML
// forms only (setup, five rounds, the end of the game) and checks every
// page against scoring.Score of the same game file.
func TestWholeGameThroughForms(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	players := []string{"Ann", "Bob", "Cy"}
	loc := redirect(t, a.postForm(t, "/games", url.Values{
		"player": {"Ann", "Bob", "Cy", ""}, "start": {"1"},
		"achievement": {"richest", "merciless", "recruiter"},
	}))
	id := strings.TrimPrefix(loc, "/games/")

	rounds := [][]seatEntry{
		{{[]string{"H1", "H2", "H3"}, nil, 1}, {[]string{"S4", "A4"}, nil, 2}, {[]string{"K5", "K6"}, nil, 0}},
		{{[]string{"H1", "H2", "H3"}, nil, 2}, {[]string{"S4", "A4", "X4"}, nil, 2}, {[]string{"K5", "K6", "K7"}, nil, 1}},
		{{[]string{"H1", "H2", "H3", "HP"}, nil, 3}, {[]string{"S4", "A4", "X4"}, nil, 3}, {[]string{"K5", "K6", "K7"}, nil, 1}},
		// Ann and Cy tie on strength, unused and coins: the seat decides.
		{{[]string{"H1", "H2", "H3"}, nil, 3}, {[]string{"S4", "A4", "X4", "SQ"}, nil, 3}, {[]string{"K5", "K6", "K7"}, nil, 3}},
		// Ann's Captain power makes her straight flush as long as Cy's: coins decide.
		{{[]string{"H1", "H2", "H3", "AC"}, []string{"AC"}, 4}, {[]string{"S4", "A4", "X4", "SQ"}, nil, 3}, {[]string{"K5", "K6", "K7", "KQ"}, nil, 2}},
	}
	file := scoring.Game{Version: 1, Players: players, StartPlayer: 1, Achievements: []string{"richest", "merciless", "recruiter"}, Rounds: [][]*scoring.Entry{}}

	for r, round := range rounds {
		rn := r + 1
		var row []*scoring.Entry
		for p, e := range round {
			// The game page's one button points at the next player to enter,
			// starting with the round's start player.
			game := a.get(t, "/games/"+id)
			next, _ := testid(game.body, "next-action")
			if r > 0 && p == 0 {
				if want := fmt.Sprintf("See round %d results", r); next != want {
					t.Fatalf("round %d: next action %q, want %q", rn, next, want)
				}
			}
			form := url.Values{"card": e.cards, "power": e.power, "coins": {strconv.Itoa(e.coins)}, "version": {"0"}}
			res := a.postForm(t, fmt.Sprintf("/games/%s/rounds/%d/players/%d", id, rn, p), form)
			if res.status != 303 {
				t.Fatalf("round %d seat %d: status %d; %s", rn, p, res.status, res.body)
			}
			pool := make([]scoring.Card, 0, len(e.cards))
			for _, code := range e.cards {
				c, _ := scoring.ParseCard(code)
				for _, pw := range e.power {
					if pw == code {
						c.Flagged = true
					}
				}
				pool = append(pool, c)
			}
			row = append(row, &scoring.Entry{Pool: pool, Coins: e.coins})
		}
		file.Rounds = append(file.Rounds, row)
	}

	finals := []url.Values{
		{"card": {"H1", "H2", "H3", "HP", "AC"}, "buried": {"AC"}, "monkeys": {"1"}, "loot_kept": {"5"}, "loot_buried": {"0"}, "coins": {"4"}},
		{"card": {"S4", "A4", "X4", "SQ"}, "buried": {"SQ"}, "monkeys": {"2"}, "loot_kept": {"3"}, "loot_buried": {"1"}, "coins": {"3"}, "parley_used": {"1"}},
		{"card": {"K5", "K6", "K7", "KQ"}, "monkeys": {"0"}, "loot_kept": {"5"}, "loot_buried": {"0"}, "coins": {"2"}},
	}
	for p, f := range finals {
		form := a.get(t, fmt.Sprintf("/games/%s/final/%d", id, p))
		for _, c := range f["card"] {
			if c != "AC" && c != "KQ" && c != "SQ" && c != "HP" && !checked(form.body, "card-"+c) {
				t.Errorf("end-of-game form for seat %d: %s not pre-filled", p, c)
			}
		}
		f.Set("version", "0")
		redirect(t, a.postForm(t, fmt.Sprintf("/games/%s/final/%d", id, p), f))
	}

	var stored scoring.Game
	if err := json.Unmarshal([]byte(a.get(t, "/api/games/"+id).body), &stored); err != nil {
		t.Fatal(err)
	}
	file.Final = stored.Final // the collections are checked through the totals below
	want, err := scoring.Score(file)
	if err != nil {
		t.Fatalf("Score: %v", err)
	}
	got := scoreFile(t, mustJSON(t, stored))
	if mustJSON(t, got) != mustJSON(t, want) {
		t.Fatalf("game entered through the forms scores\n%s\nwant\n%s", mustJSON(t, got), mustJSON(t, want))
	}

	for _, rr := range want.Rounds {
		page := a.get(t, fmt.Sprintf("/games/%s/rounds/%d", id, rr.Round))
		for p, pr := range rr.Results {
			if s, _ := testid(page.body, "strength-"+strconv.Itoa(p)); s != strconv.Itoa(pr.Strength) {
				t.Errorf("round %d seat %d: strength %q, want %d", rr.Round, p, s, pr.Strength)
			}
			prize := textOf(page.body, "prize-"+strconv.Itoa(p))
			if pr.Prize > 0 && !strings.Contains(prize, "+"+strconv.Itoa(pr.Prize)+" NP") {
				t.Errorf("round %d seat %d: prize %q, want +%d NP", rr.Round, p, prize, pr.Prize)
			}
			if pr.Prize == 0 && prize != "no token" {
				t.Errorf("round %d seat %d: prize %q, want no token", rr.Round, p, prize)
			}
		}
		ties := strings.Count(page.body, `data-testid="tiebreak"`)
		if ties != len(rr.TieBreaks) {
			t.Errorf("round %d: %d tie-break lines, want %d", rr.Round, ties, len(rr.TieBreaks))
		}
	}
	r4 := a.get(t, "/games/"+id+"/rounds/4")
	if tb := textOf(r4.body, "tiebreak"); !strings.Contains(tb, "Cy ahead of Ann on") || !strings.Contains(tb, "Cy sits closer to the start player, Bob") || !strings.Contains(tb, "R2.5") {
		t.Errorf("round 4 tie-break %q, want Cy ahead of Ann by seat citing R2.5", tb)
	}
	r5 := a.get(t, "/games/"+id+"/rounds/5")
	if tb := textOf(r5.body, "tiebreak"); !strings.Contains(tb, "Ann ahead of Cy on") || !strings.Contains(tb, "more coins (4 to 2)") {
		t.Errorf("round 5 tie-break %q, want Ann ahead on coins", tb)
	}
	if !strings.Contains(r5.body, `as 4<svg class="sym" aria-hidden="true" focusable="false"><use href="#sym-heart">`) {
		t.Errorf("round 5 does not say what Ann's Captain became")
	}
	// Every symbol the page draws is in the page's own sprite, once.
	for _, m := range regexp.MustCompile(`<use href="#(sym-[a-z]+)">`).FindAllStringSubmatch(r5.body, -1) {
		if n := strings.Count(r5.body, `<symbol id="`+m[1]+`" `); n != 1 {
			t.Errorf("round 5 draws #%s, and the page defines it %d times, want once", m[1], n)
		}
	}
	// The header's mark is drawn in the page too: Chromium loads an <img>
	// of an SVG file as a document of its own, and the load event waits.
	svgImage := regexp.MustCompile(`<img[^>]*\.svg"`)
	for name, body := range map[string]string{"round 5": r5.body, "the home page": a.get(t, "/").body} {
		if svgImage.MatchString(body) || !strings.Contains(body, `<svg class="brandmark"`) {
			t.Errorf("%s: an <img> of an SVG file (%q) or no brand mark drawn in the page", name, svgImage.FindString(body))
		}
	}

	final := a.get(t, "/games/"+id+"/final")
	winners := make([]string, len(want.Winners))
	for i, w := range want.Winners {
		winners[i] = players[w]
	}
	if w := textOf(final.body, "winner"); !strings.Contains(w, strings.Join(winners, " and ")) {
		t.Errorf("winner %q, want %v", w, winners)
	}
	for _, tot := range want.Totals {
		if np, _ := testid(final.body, "np-"+strconv.Itoa(tot.Player)); np != strconv.Itoa(tot.NP) {
			t.Errorf("seat %d: NP %q, want %d", tot.Player, np, tot.NP)
		}
	}
	if n := strings.Count(final.body, `data-testid="achievement"`); n != 3 {
		t.Errorf("%d achievements shown, want 3", n)
	}
	game := a.get(t, "/games/"+id)
	if next, _ := testid(game.body, "next-action"); next != "See the final scores" {
		t.Errorf("finished game's next action %q", next)
	}
	home := a.get(t, "/")
	if !strings.Contains(textOf(home.body, "finished"), "won by") {
		t.Errorf("home page does not list the game as finished with its winner")
	}

	// Correcting round 1 re-scores everything after it: Bob's pair becomes
	// nothing, and his Port token in round 1 goes.
	redirect(t, a.postForm(t, "/games/"+id+"/rounds/1/players/1", url.Values{"card": {"S4"}, "coins": {"2"}, "version": {"1"}}))
	r1 := a.get(t, "/games/"+id+"/rounds/1")
	if got := textOf(r1.body, "prize-1"); got != "no token" {
		t.Errorf("after the correction Bob's round 1 prize is %q, want no token", got)
	}
}
