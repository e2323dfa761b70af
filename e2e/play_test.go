package e2e

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"ruthless/scoring"
)

// seatPlan is what one player enters for a round.
type seatPlan struct {
	pool  []string
	coins int
}

// roundPlan is one round as the table plays it, with what the rules say
// must come out of it (worked out by hand from docs/rules.md R1 and R2).
type roundPlan struct {
	seats    []seatPlan
	strength []int // by seat
	prize    []int // NP of the token taken, by seat
	// tie is the R2.5 step that must break the round's one tie ("coins",
	// "seat"), "" when no tie-break is expected; tieOrder is the two seats,
	// the one placed ahead first.
	tie      string
	tieOrder []int
}

// finalPlan is one player's end-of-game entry, beyond the pirates the form
// pre-fills from the rounds.
type finalPlan struct {
	buried                        []string
	monkeys, lootKept, lootBuried int
	coins                         int
	parleyUsed                    bool
}

// gamePlan is a whole game as the table plays it.
type gamePlan struct {
	players []string
	start   int
	rounds  []roundPlan
	finals  []finalPlan
	// np and winners are the hand-worked result (R3).
	np      []int
	winners []string
}

// tieWords is how the round page explains each R2.5 tie-break.
var tieWords = map[string]string{
	scoring.ByUnused: "more unused pirates",
	scoring.ByCoins:  "more coins",
	scoring.BySeat:   "the start player",
}

// setUp fills in the new-game form by tapping and typing, and returns the
// new game's id, leaving the phone on its scoreboard.
func setUp(p phone, plan gamePlan) string {
	p.t.Helper()
	p.open("/", "home")
	p.follow(byTestID("new-game"), "new-game", http.StatusOK)
	for i, name := range plan.players {
		if err := p.do(chromedp.SendKeys(chromedp.CSS(byTestID("player-"+strconv.Itoa(i))), name)); err != nil {
			p.fatalf("typing player %d: %v", i, err)
		}
	}
	start := byTestID("start-" + strconv.Itoa(plan.start))
	p.tap(start)
	p.waitFor(fmt.Sprintf(`document.querySelector(%q).checked`, start), "the start player's box to be ticked")
	p.landed("new-game-filled")
	p.follow(byTestID("create-game"), "scoreboard-new", http.StatusOK)
	id := p.gameID()
	g := fetchGame(p.t, p.base, id)
	if !slices.Equal(g.Players, plan.players) || g.StartPlayer != plan.start {
		p.fatalf("stored players %v starting with seat %d, want %v starting with seat %d", g.Players, g.StartPlayer, plan.players, plan.start)
	}
	return id
}

// checkGrid checks the card grid offers exactly the suits of the game:
// no Kraken with two players (R0, R4.2).
func checkGrid(p phone, players int) {
	p.t.Helper()
	wantKraken, wantAll := 10, 50
	if players == 2 {
		wantKraken, wantAll = 0, 40
	}
	if got := p.count(`[data-testid^="card-K"]`); got != wantKraken {
		p.errorf("%d Kraken cards offered in a %d-player game, want %d", got, players, wantKraken)
	}
	if got := p.count(`.card input[name="card"]`); got != wantAll {
		p.errorf("%d cards in the grid, want %d", got, wantAll)
	}
}

// enterRound enters round r for every player by following the scoreboard's
// next step, from a page whose next-action leads to the round's first
// entry, and ends on the round's results.
func enterRound(p phone, plan gamePlan, id string, r int) {
	p.t.Helper()
	n := len(plan.players)
	rp := plan.rounds[r-1]
	start := (plan.start + r - 1) % n
	for i := range n {
		seat := (start + i) % n
		name := plan.players[seat]
		want := fmt.Sprintf("Enter round %d for %s", r, name)
		if got := p.text("next-action"); got != want {
			p.fatalf("next step %q, want %q (entries go clockwise from the start player)", got, want)
		}
		p.follow(byTestID("next-action"), fmt.Sprintf("round%d-entry-%s", r, name), http.StatusOK)
		if got := p.text("entry-player"); got != name {
			p.fatalf("entry form for %q, want %q", got, name)
		}
		checkGrid(p, n)
		if r > 1 {
			// The form starts from last round's pool and coins.
			prev := plan.rounds[r-2].seats[seat]
			if got, w := p.checkedCards(), sorted(prev.pool); !slices.Equal(got, w) {
				p.errorf("round %d form for %s pre-selects %v, want last round's %v", r, name, got, w)
			}
			if got := eval[string](p, `document.querySelector('[data-testid="input-coins"]').value`); got != strconv.Itoa(prev.coins) {
				p.errorf("round %d form for %s starts with %s coins, want last round's %d", r, name, got, prev.coins)
			}
		}
		sp := rp.seats[seat]
		p.choosePool(sp.pool)
		p.setNumber("coins", sp.coins)
		p.landed(fmt.Sprintf("round%d-entry-%s-filled", r, name))
		if i == n-1 {
			// The save that completes the round opens its results.
			p.follow(byTestID("save"), fmt.Sprintf("round%d-results", r), http.StatusOK)
			if got, want := p.path(), fmt.Sprintf("/games/%s/rounds/%d", id, r); got != want {
				p.fatalf("saving %s's round %d, the last entry, went to %s, want the results %s", name, r, got, want)
			}
			break
		}
		p.follow(byTestID("save"), fmt.Sprintf("round%d-scoreboard-after-%s", r, name), http.StatusOK)
		if got := p.path(); got != "/games/"+id {
			p.fatalf("saving %s's round %d went to %s, want the scoreboard", name, r, got)
		}
	}
	checkRound(p, plan, id, r)
	// This phone has seen the results, so the scoreboard's main button
	// leads on (issue 41, item 6); the round's row still opens them.
	p.open("/games/"+id, fmt.Sprintf("round%d-scoreboard", r))
	checkScoreboard(p, plan, id)
	expectOnwards(p, plan, id, r)
	p.follow(byTestID(fmt.Sprintf("round-%d", r))+" a", fmt.Sprintf("round%d-results-again", r), http.StatusOK)
}

// expectOnwards checks that the page's main button, once round r's
// results were seen, leads past them: to an entry of round r+1, or after
// the last round to the end of the game.
func expectOnwards(p phone, plan gamePlan, id string, r int) {
	p.t.Helper()
	href := eval[string](p, `document.querySelector('[data-testid="next-action"]').getAttribute('href')`)
	want := fmt.Sprintf("/games/%s/rounds/%d/players/", id, r+1)
	if r == len(plan.rounds) {
		want = "/games/" + id + "/final/"
	}
	if !strings.HasPrefix(href, want) {
		p.fatalf("next step %q (%s) once round %d's results were seen, want a link under %s", p.text("next-action"), href, r, want)
	}
}

// roundOf finds round r among the scored rounds.
func roundOf(p phone, res scoring.Result, r int) scoring.RoundResult {
	p.t.Helper()
	for _, rr := range res.Rounds {
		if rr.Round == r {
			return rr
		}
	}
	p.fatalf("round %d is not scored", r)
	return scoring.RoundResult{}
}

// checkRound compares the stored round with the plan, scoring.Score's
// result with the hand-worked one, and the results page with both.
func checkRound(p phone, plan gamePlan, id string, r int) {
	p.t.Helper()
	g := fetchGame(p.t, p.base, id)
	rp := plan.rounds[r-1]
	if len(g.Rounds) < r {
		p.fatalf("game file has %d rounds, want at least %d", len(g.Rounds), r)
	}
	for seat, sp := range rp.seats {
		e := g.Rounds[r-1][seat]
		if e == nil {
			p.fatalf("round %d: no entry stored for %s", r, plan.players[seat])
		}
		if got, want := codes(e.Pool), sorted(sp.pool); !slices.Equal(got, want) || e.Coins != sp.coins {
			p.errorf("round %d, %s: stored pool %v with %d coins, want %v with %d", r, plan.players[seat], got, e.Coins, want, sp.coins)
		}
	}
	rr := roundOf(p, scoreOf(p.t, g), r)
	for seat, pr := range rr.Results {
		name := plan.players[seat]
		if pr.Strength != rp.strength[seat] || pr.Prize != rp.prize[seat] {
			p.errorf("round %d, %s: scoring gives strength %d and prize %d, the plan says %d and %d", r, name, pr.Strength, pr.Prize, rp.strength[seat], rp.prize[seat])
		}
		if got := p.text("strength-" + strconv.Itoa(seat)); got != strconv.Itoa(pr.Strength) {
			p.errorf("round %d page shows %s's strength as %q, want %d", r, name, got, pr.Strength)
		}
		prize := p.text("prize-" + strconv.Itoa(seat))
		switch want := fmt.Sprintf("+%d NP", pr.Prize); {
		case pr.Prize == 0:
			if prize != "no token" {
				p.errorf("round %d page shows %s's prize as %q, want %q", r, name, prize, "no token")
			}
		case rr.Token == scoring.TokenPort:
			// R2.4: order does not matter in a Port round, so no place.
			if prize != "Port "+want {
				p.errorf("round %d page shows %s's prize as %q, want %q with no place", r, name, prize, "Port "+want)
			}
		case !strings.HasSuffix(prize, want) || !strings.HasPrefix(prize, ordinal(*pr.Place)):
			p.errorf("round %d page shows %s's prize as %q, want %s place and %s", r, name, prize, ordinal(*pr.Place), want)
		}
	}
	ties := eval[[]string](p, `Array.from(document.querySelectorAll('[data-testid="tiebreak"]')).map(e => e.innerText)`)
	if rp.tie == "" {
		if len(rr.TieBreaks) != 0 || len(ties) != 0 {
			p.errorf("round %d: tie-breaks %+v, shown as %q; want none", r, rr.TieBreaks, ties)
		}
		return
	}
	if len(rr.TieBreaks) != 1 || rr.TieBreaks[0].DecidedBy != rp.tie || !slices.Equal(rr.TieBreaks[0].Players, rp.tieOrder) {
		p.errorf("round %d: tie-breaks %+v, want one between seats %v decided by %s", r, rr.TieBreaks, rp.tieOrder, rp.tie)
	}
	if len(ties) != 1 {
		p.fatalf("round %d page shows %d tie-breaks %q, want 1", r, len(ties), ties)
	}
	ahead, behind := plan.players[rp.tieOrder[0]], plan.players[rp.tieOrder[1]]
	head := fmt.Sprintf("Tie %s ahead of %s on %d:", ahead, behind, rp.strength[rp.tieOrder[0]])
	if !strings.HasPrefix(ties[0], head) || !strings.Contains(ties[0], tieWords[rp.tie]) || !strings.Contains(ties[0], "R2.5") {
		p.errorf("round %d tie-break reads %q, want it to start %q, say %q and cite R2.5", r, ties[0], head, tieWords[rp.tie])
	}
	// The line sits in the summary right under the player placed behind.
	under := eval[string](p, `document.querySelector('[data-testid="tiebreak"]').previousElementSibling?.dataset.testid ?? ""`)
	if want := "summary-" + strconv.Itoa(rp.tieOrder[1]); under != want {
		p.errorf("round %d tie-break comes after %q, want it under %s's line %q", r, under, behind, want)
	}
}

func ordinal(n int) string {
	return map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}[n]
}

// checkScoreboard compares every scored cell of the scoreboard (strength
// and running NP total) with scoring.Score of the stored game; the phone
// must be on the scoreboard.
func checkScoreboard(p phone, plan gamePlan, id string) {
	p.t.Helper()
	res := scoreOf(p.t, fetchGame(p.t, p.base, id))
	running := make([]int, len(plan.players))
	for _, rr := range res.Rounds {
		for seat, pr := range rr.Results {
			running[seat] += pr.Prize
			cell := fmt.Sprintf("cell-%d-%d", rr.Round, seat)
			got, ok := p.maybeText(byTestID(cell) + " " + byTestID("strength-"+strconv.Itoa(seat)))
			if !ok || got != strconv.Itoa(pr.Strength) {
				p.errorf("scoreboard round %d, %s: strength %q, want %d", rr.Round, plan.players[seat], got, pr.Strength)
			}
			prize := fmt.Sprintf("prize-%d-%d", rr.Round, seat)
			if got, want := p.text(prize), prizeText(pr.Prize); got != want {
				p.errorf("scoreboard round %d, %s: token %q, want %q", rr.Round, plan.players[seat], got, want)
			}
		}
	}
	// The head of the page: the tokens' NP so far, or the final NP.
	for seat, np := range running {
		if len(res.Totals) == len(running) {
			np = res.Totals[seat].NP
		}
		if got, want := p.text("total-np-"+strconv.Itoa(seat)), strconv.Itoa(np); got != want {
			p.errorf("scoreboard total of %s: %q, want %q", plan.players[seat], got, want)
		}
	}
}

// enterFinals enters every player's end of the game, from the last round's
// results, and ends on the final scores.
func enterFinals(p phone, plan gamePlan, id string) {
	p.t.Helper()
	n := len(plan.players)
	for seat, fp := range plan.finals {
		name := plan.players[seat]
		want := fmt.Sprintf("End of game: enter %s's cards", name)
		if got := p.text("next-action"); got != want {
			p.fatalf("next step %q, want %q", got, want)
		}
		p.follow(byTestID("next-action"), "final-entry-"+name, http.StatusOK)
		if got := p.text("final-player"); got != name {
			p.fatalf("end-of-game form for %q, want %q", got, name)
		}
		checkGrid(p, n)
		// R4.4: every pirate entered in a round is pre-selected.
		var owned []string
		for _, rp := range plan.rounds {
			for _, c := range rp.seats[seat].pool {
				if !slices.Contains(owned, c) {
					owned = append(owned, c)
				}
			}
		}
		if got, w := p.checkedCards(), sorted(owned); !slices.Equal(got, w) {
			p.errorf("end-of-game form for %s pre-selects %v, want every pirate entered: %v", name, got, w)
		}
		for _, c := range fp.buried {
			box := byTestID("buried-" + c)
			p.tap(box)
			p.waitFor(fmt.Sprintf(`document.querySelector(%q).checked`, box), c+" to be marked buried")
		}
		p.setNumber("monkeys", fp.monkeys)
		p.setNumber("loot_kept", fp.lootKept)
		p.setNumber("loot_buried", fp.lootBuried)
		p.setNumber("coins", fp.coins)
		if fp.parleyUsed {
			p.tap(byTestID("parley"))
			p.waitFor(`document.querySelector('[data-testid="parley"]').checked`, "the Parley box to be ticked")
		}
		p.landed("final-entry-" + name + "-filled")
		next := "/games/" + id
		if seat == n-1 {
			next += "/final"
		}
		p.follow(byTestID("save"), "after-final-"+name, http.StatusOK)
		if got := p.path(); got != next {
			p.fatalf("saving %s's end of game went to %s, want %s", name, got, next)
		}
	}
	checkFinal(p, plan, id)
}

// checkFinal compares the stored end of game with the plan, the final
// scores page with scoring.Score and the hand-worked totals, then the
// scoreboard's final line; the phone must be on the final scores page.
func checkFinal(p phone, plan gamePlan, id string) {
	p.t.Helper()
	g := fetchGame(p.t, p.base, id)
	if len(g.Final) != len(plan.players) {
		p.fatalf("game file has %d end-of-game entries, want %d", len(g.Final), len(plan.players))
	}
	for seat, fp := range plan.finals {
		f := g.Final[seat]
		got := fmt.Sprint(codes(f.BuriedPirates), f.BuriedPowderMonkeys, f.LootBannerKept, f.LootBannerBuried, f.Coins, f.ParleyUsed)
		want := fmt.Sprint(sorted(fp.buried), fp.monkeys, fp.lootKept, fp.lootBuried, fp.coins, fp.parleyUsed)
		if got != want {
			p.errorf("%s's stored end of game (buried, monkeys, loot kept, loot buried, coins, parley used) = %s, want %s", plan.players[seat], got, want)
		}
	}
	res := scoreOf(p.t, g)
	winners := make([]string, len(res.Winners))
	for i, w := range res.Winners {
		winners[i] = plan.players[w]
	}
	if !slices.Equal(winners, plan.winners) {
		p.errorf("scoring gives winners %v, the plan says %v", winners, plan.winners)
	}
	for seat, tot := range res.Totals {
		name := plan.players[seat]
		if tot.NP != plan.np[seat] {
			p.errorf("scoring gives %s %d NP, the plan says %d", name, tot.NP, plan.np[seat])
		}
		cells := eval[[]string](p, fmt.Sprintf(`Array.from(document.querySelectorAll('[data-testid="total-%d"] td')).map(td => td.innerText.trim())`, seat))
		want := []string{strconv.Itoa(tot.Prizes), strconv.Itoa(tot.Achievements), strconv.Itoa(tot.Crew), strconv.Itoa(tot.Parley), strconv.Itoa(tot.NP)}
		if len(cells) != 6 || !slices.Equal(cells[1:], want) {
			p.errorf("final scores row of %s: %q, want prizes, achievements, crew, parley, NP = %q", name, cells, want)
		}
		if got := p.text("np-" + strconv.Itoa(seat)); got != strconv.Itoa(tot.NP) {
			p.errorf("final scores show %s with %q NP, want %d", name, got, tot.NP)
		}
	}
	wantWinner := winnerLine(winners)
	if got := p.text("winner"); got != wantWinner {
		p.errorf("final scores say %q, want %q", got, wantWinner)
	}
	p.open("/games/"+id, "scoreboard-finished")
	if got := p.text("winner"); got != wantWinner {
		p.errorf("scoreboard says %q, want %q", got, wantWinner)
	}
	for seat, tot := range res.Totals {
		if got := p.text("final-np-" + strconv.Itoa(seat)); got != strconv.Itoa(tot.NP) {
			p.errorf("scoreboard shows %s's final NP as %q, want %d", plan.players[seat], got, tot.NP)
		}
	}
	checkScoreboard(p, plan, id)
}

// prizeText is how a scoreboard cell reads the token a party won, after
// its strength ("16 · 1 NP"); a screen reader hears "no token" for none.
func prizeText(np int) string {
	if np == 0 {
		return "– no token"
	}
	return "+" + strconv.Itoa(np) + " NP"
}

func winnerLine(names []string) string {
	switch len(names) {
	case 1:
		return names[0] + " wins"
	case 2:
		return names[0] + " and " + names[1] + " share the victory"
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " share the victory"
}

// newTable starts the server, a browser and one phone for a test.
func newTable(t *testing.T) phone {
	t.Helper()
	findBrowser(t)
	base := startServer(t)
	browser, _ := startBrowser(t)
	return newPhone(t, browser, base, shotDir(t), "")
}
