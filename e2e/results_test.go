package e2e

import (
	"context"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// resultsGame is a four-player game stored through the API with rounds 1
// and 2 and three of round 3's entries; Ben's round 3 is entered on the
// phone. Round 3 (Cat starts, Piracy 6/3/2/1) ranks Dan first on 16; Ann
// and Ben are level on 12, and Ann's unused Quartermaster places her ahead
// (R2.5.1); Cat's 0 takes nothing and the 1 NP token goes back to the box.
const resultsGame = `{
  "version": 1, "players": ["Ann", "Ben", "Cat", "Dan"], "start_player": 0,
  "achievements": ["richest", "merciless"], "zero_counts": false,
  "rounds": [
    [{"pool": ["H2","H3","H4"], "coins": 1}, {"pool": ["S5","S6","S7"], "coins": 1}, {"pool": ["A1","X7"], "coins": 0}, {"pool": ["K1","K2","K3"], "coins": 2}],
    [{"pool": ["H2","H3","H4"], "coins": 1}, {"pool": ["S5","S6","S7"], "coins": 1}, {"pool": ["A1","X7"], "coins": 0}, {"pool": ["K1","K2","K3"], "coins": 2}],
    [{"pool": ["H2","H3","H4","AQ"], "coins": 2}, null, {"pool": ["A1","X7"], "coins": 0}, {"pool": ["K1","K2","K3","K4"], "coins": 2}]
  ]
}`

// laterRounds are rounds 4 and 5, entered by the other phones through the
// API: in round 4 Ben and Dan are level on 16 and Ben's coins place him
// first (R2.5.2); in round 5 Ann's straight flush of 5 wins. Prizes: Ann
// 1+1+3+2+6 = 13, Ben 1+1+2+6+2 = 12, Cat 0, Dan 1+1+6+3+3 = 14.
var laterRounds = map[int][4]string{
	4: {`{"pool": ["H2","H3","H4","AQ"], "coins": 2}`, `{"pool": ["S4","S5","S6","S7"], "coins": 3}`, `{"pool": ["A1","X7"], "coins": 0}`, `{"pool": ["K1","K2","K3","K4"], "coins": 2}`},
	5: {`{"pool": ["H2","H3","H4","H5","H6","AQ"], "coins": 4}`, `{"pool": ["S5","S6","S7"], "coins": 4}`, `{"pool": ["A1","X7"], "coins": 0}`, `{"pool": ["K1","K2","K3","K4"], "coins": 2}`},
}

// resultsFinals are the ends of the game. Richest: Dan 5 takes 4 NP, Ann
// and Ben level second on 3 take 2 each. Merciless: Cat's 3 buried takes 4,
// Ann and Ben level on 1 take 2 each. Ann used her Parley; Ben owns a
// Quartermaster he never entered, as Ann owns hers. Totals: Dan 14+4+1 =
// 19, Ann 13+4+1 = 18, Ben 12+4+1+1 = 18, Cat 4+1 = 5. Ann and Ben are
// level on NP, coins (4), achievement NP (4) and officers (1): they share
// second place (R3.5), and Dan wins.
var resultsFinals = []url.Values{
	{"card": {"H2", "H3", "H4", "H5", "H6", "AQ"}, "monkeys": {"1"}, "loot_kept": {"3"}, "loot_buried": {"0"}, "coins": {"4"}, "parley_used": {"1"}},
	{"card": {"S4", "S5", "S6", "S7", "XQ"}, "monkeys": {"1"}, "loot_kept": {"3"}, "loot_buried": {"0"}, "coins": {"4"}},
	{"card": {"A1", "X7"}, "monkeys": {"3"}, "loot_kept": {"0"}, "loot_buried": {"0"}, "coins": {"0"}},
}

// TestResultsAtAGlance plays Ben's round 3 entry on the phone and checks
// the round's results open with the ranked summary, the tie's reason on
// the line under the two tied players and the parties below in place
// order; a Port round says who took a token, without places; the
// scoreboard labels its running totals as tokens. Then, after the other
// rounds and three ends of game came in from other phones, it enters Dan's
// end of the game and checks the final table's order and shared place, in
// the light and the dark theme.
func TestResultsAtAGlance(t *testing.T) {
	t.Parallel()
	p := newTable(t)
	id := createGame(t, p.base, resultsGame)
	game := "/games/" + id

	if !t.Run("round 3 summary on top", func(t *testing.T) {
		p := p.on(t)
		p.open(game+"/rounds/3/players/1", "round3-entry-Ben")
		p.choosePool([]string{"S5", "S6", "S7"})
		p.setNumber("coins", 3)
		p.follow(byTestID("save"), "after-Ben", http.StatusOK)
		p.open(game+"/rounds/3", "round3-results")
		t.Logf("round 3 results page: %d px high at %d px wide", eval[int](p, `document.documentElement.scrollHeight`), screenWidth)
		checkRankedRound(p)
	}) {
		return
	}
	t.Run("port round has no places", func(t *testing.T) {
		p := p.on(t)
		p.open(game+"/rounds/1", "round1-results")
		checkPortRound(p)
	})
	t.Run("scoreboard labels tokens", func(t *testing.T) {
		p := p.on(t)
		p.open(game, "scoreboard-round3")
		// Ann's tokens: a Port token in rounds 1 and 2, 3 NP in round 3.
		for r, want := range map[int]string{1: "+1 NP", 2: "+1 NP", 3: "+3 NP"} {
			if got := p.text(fmt.Sprintf("prize-%d-0", r)); got != want {
				p.errorf("Ann's token in round %d reads %q, want %q", r, got, want)
			}
		}
		if got := p.text("total-np-0"); got != "5" {
			p.errorf("Ann's NP so far reads %q, want 5", got)
		}
		checkSeatColours(p, "scoreboard", `[data-testid="scoreboard"] thead .chip`)
	})
	if !t.Run("final table in place order", func(t *testing.T) {
		p := p.on(t)
		// Away from the live scoreboard, which reloads at every write.
		if err := p.do(chromedp.Navigate("about:blank")); err != nil {
			p.fatalf("leaving the scoreboard: %v", err)
		}
		for r := 4; r <= 5; r++ {
			for seat, entry := range laterRounds[r] {
				putEntry(t, p.base, id, r, seat, entry)
			}
		}
		for seat, form := range resultsFinals {
			postFinal(t, p.base, id, seat, form)
		}
		p.open(game+"/final/3", "final-entry-Dan")
		p.setNumber("loot_kept", 5)
		p.setNumber("coins", 2)
		p.follow(byTestID("save"), "final-scores", http.StatusOK)
		if got, want := p.path(), game+"/final"; got != want {
			p.fatalf("saving the last end of game went to %s, want %s", got, want)
		}
		checkFinalTable(p)
		// The celebration moves, then stops by itself (the poll gives it
		// a few seconds); the screenshot then shows the page at rest.
		p.waitFor(`document.getAnimations().length > 0`, "the celebration to move")
		p.waitFor(`document.getAnimations().every(a => a.playState === "finished")`, "the celebration to end")
		p.landed("final-scores-at-rest")
	}) {
		return
	}
	t.Run("no celebration moves with reduced motion", func(t *testing.T) {
		p := p.on(t)
		emulateMedia(p, "prefers-reduced-motion", "reduce")
		defer emulateMedia(p, "prefers-reduced-motion", "no-preference")
		p.open(game+"/final", "final-scores-reduced-motion")
		if n := eval[int](p, `document.getAnimations().length`); n != 0 {
			p.errorf("%d animations run on the final page with reduced motion asked for, want none", n)
		}
		if got := p.text("winner"); got != "Dan wins" {
			p.errorf("winner line %q with reduced motion, want %q", got, "Dan wins")
		}
	})
	t.Run("dark theme", func(t *testing.T) {
		p := p.on(t)
		emulateMedia(p, "prefers-color-scheme", "dark")
		p.open(game+"/rounds/3", "round3-results-dark")
		checkSeatColours(p, "round 3 summary", `[data-testid="summary"] .chip`)
		p.open(game+"/rounds/1", "round1-results-dark")
		p.open(game, "scoreboard-dark")
		p.open(game+"/final", "final-scores-dark")
		checkSeatColours(p, "final table", `[data-testid="totals"] .chip`)
		emulateMedia(p, "prefers-color-scheme", "light")
		p.open(game+"/final", "final-scores-light")
		checkSeatColours(p, "final table", `[data-testid="totals"] .chip`)
	})
}

// checkRankedRound checks round 3's summary: above the first party, in
// place order, the tie explained between Ann and Ben, and the parties in
// the same order.
func checkRankedRound(p phone) {
	p.t.Helper()
	summaryTop := eval[float64](p, `document.querySelector('[data-testid="summary"]')?.getBoundingClientRect().top ?? -1`)
	partyTop := eval[float64](p, `document.querySelector('[data-testid^="party-"]').getBoundingClientRect().top`)
	if summaryTop < 0 || summaryTop >= partyTop {
		p.fatalf("summary at y=%.0f, first party at y=%.0f: want the summary above every party", summaryTop, partyTop)
	}
	rows := eval[[]string](p, `Array.from(document.querySelectorAll('[data-testid="summary"] [data-testid^="summary-"]')).map(e => e.innerText.replace(/\s+/g, " ").trim())`)
	want := []string{"1st Dan 16 +6 NP", "2nd Ann 12 +3 NP", "3rd Ben 12 +2 NP", "– Cat 0 no token"}
	if !slices.Equal(rows, want) {
		p.errorf("summary rows %q, want %q", rows, want)
	}
	// The tie's line comes right after Ben's row: between the two tied
	// players, before anyone else.
	lines := eval[[]string](p, `Array.from(document.querySelectorAll('[data-testid="summary"] tr')).map(e => e.dataset.testid || "")`)
	ben := slices.Index(lines, "summary-1")
	if ben < 0 || ben+1 >= len(lines) || lines[ben+1] != "tiebreak" || lines[ben-1] != "summary-0" {
		p.errorf("summary lines %q: want Ann's row, Ben's row, then the tie-break", lines)
	}
	tie := p.text("tiebreak")
	if w := "Ann ahead of Ben on 12: more unused pirates (1 to 0)."; !strings.Contains(tie, w) || !strings.Contains(tie, "R2.5") {
		p.errorf("tie-break reads %q, want it to say %q and cite R2.5", tie, w)
	}
	parties := eval[[]string](p, `Array.from(document.querySelectorAll('[data-testid^="party-"]')).map(e => e.dataset.testid)`)
	if w := []string{"party-3", "party-0", "party-1", "party-2"}; !slices.Equal(parties, w) {
		p.errorf("parties in the order %q, want %q (place order)", parties, w)
	}
}

// checkPortRound checks round 1's summary: the Port rule instead of
// places, who took a token and who did not.
func checkPortRound(p phone) {
	p.t.Helper()
	if got, want := p.text("port-rule"), "Everyone with strength 4+ takes a Port token (1 NP). R2.4"; got != want {
		p.errorf("Port round says %q, want %q", got, want)
	}
	took := eval[[]string](p, `Array.from(document.querySelectorAll('[data-testid="port-took"] [data-testid^="summary-"]')).map(e => e.innerText.replace(/\s+/g, " ").trim())`)
	if want := []string{"Ann 12 +1 NP", "Ben 12 +1 NP", "Dan 12 +1 NP"}; !slices.Equal(took, want) {
		p.errorf("Port token takers %q, want %q in seat order", took, want)
	}
	missed := eval[[]string](p, `Array.from(document.querySelectorAll('[data-testid="port-missed"] [data-testid^="summary-"]')).map(e => e.innerText.replace(/\s+/g, " ").trim())`)
	if want := []string{"Cat 0 no token"}; !slices.Equal(missed, want) {
		p.errorf("players below 4 %q, want %q", missed, want)
	}
	if body := eval[string](p, `document.querySelector("main").innerText`); regexp.MustCompile(`\b(1st|2nd|3rd|4th)\b`).MatchString(body) {
		p.errorf("a Port round's page names places: %q", body)
	}
}

// checkFinalTable checks the final scores: Dan named the winner, then the
// table in place order with Ann and Ben sharing second place and the
// reason under them.
func checkFinalTable(p phone) {
	p.t.Helper()
	if got, want := p.text("winner"), "Dan wins"; got != want {
		p.errorf("winner line %q, want %q", got, want)
	}
	rows := eval[[]string](p, `Array.from(document.querySelectorAll('[data-testid="totals"] tbody tr')).map(e => e.dataset.testid)`)
	if want := []string{"total-3", "total-0", "total-1", "tiebreak", "total-2"}; !slices.Equal(rows, want) {
		p.errorf("final table rows %q, want %q (place order, the tie under Ann and Ben)", rows, want)
	}
	for seat, want := range []string{"2nd (tied)", "2nd (tied)", "4th", "1st"} {
		if got := p.text("place-" + strconv.Itoa(seat)); got != want {
			p.errorf("seat %d's place %q, want %q", seat, got, want)
		}
	}
	for seat, want := range []int{18, 18, 5, 19} {
		if got := p.text("np-" + strconv.Itoa(seat)); got != strconv.Itoa(want) {
			p.errorf("seat %d's NP %q, want %d", seat, got, want)
		}
	}
	tie := p.text("tiebreak")
	if w := "Ann and Ben share the place on 18 NP"; !strings.Contains(tie, w) || !strings.Contains(tie, "R3.5") {
		p.errorf("final tie-break reads %q, want it to say %q and cite R3.5", tie, w)
	}
	if top, table := eval[float64](p, `document.querySelector('[data-testid="winner"]').getBoundingClientRect().top`),
		eval[float64](p, `document.querySelector('[data-testid="totals"]').getBoundingClientRect().top`); top >= table {
		p.errorf("winner line at y=%.0f, below the table at y=%.0f", top, table)
	}
}

// checkSeatColours checks that the chips css selects are drawn in one
// colour per seat, four different colours for four players.
func checkSeatColours(p phone, where, css string) {
	p.t.Helper()
	colours := eval[[]string](p, fmt.Sprintf(`Array.from(document.querySelectorAll(%q)).map(e => e.closest("[class*=seat-]").className.match(/seat-\d/)[0] + " " + getComputedStyle(e).borderTopColor)`, css))
	bySeat := map[string]string{}
	for _, c := range colours {
		seat, colour, _ := strings.Cut(c, " ")
		if old, ok := bySeat[seat]; ok && old != colour {
			p.errorf("%s: %s drawn in %s and %s", where, seat, old, colour)
		}
		bySeat[seat] = colour
	}
	distinct := map[string]bool{}
	for _, c := range bySeat {
		distinct[c] = true
	}
	if len(bySeat) != 4 || len(distinct) != 4 {
		p.errorf("%s: seat colours %v, want four seats in four different colours", where, bySeat)
	}
}

// emulateMedia makes the tab's pages see one media feature as value, such
// as prefers-color-scheme: dark.
func emulateMedia(p phone, feature, value string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout())
	defer cancel()
	params := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: feature, Value: value}}}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, params); err != nil {
		p.fatalf("emulating %s: %s: %v", feature, value, err)
	}
}

// putEntry stores one round entry as another phone would, through the API.
func putEntry(t *testing.T, base, id string, r, seat int, entry string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPut, fmt.Sprintf("%s/api/games/%s/rounds/%d/entries/%d", base, id, r, seat), strings.NewReader(entry))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("PUT round %d entry %d: %v", r, seat, err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
		t.Fatalf("PUT round %d entry %d: status %d: %s", r, seat, resp.StatusCode, body)
	}
}

// postFinal sends one player's end-of-game form as another phone would.
func postFinal(t *testing.T, base, id string, seat int, form url.Values) {
	t.Helper()
	form = maps.Clone(form)
	form.Set("version", "0")
	resp, err := noRedirects.PostForm(fmt.Sprintf("%s/games/%s/final/%d", base, id, seat), form)
	if err != nil {
		t.Fatalf("end of game for seat %d: %v", seat, err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("end of game for seat %d: status %d, want 303: %s", seat, resp.StatusCode, body)
	}
}

// noRedirects is a client that reports a redirect instead of following it.
var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
