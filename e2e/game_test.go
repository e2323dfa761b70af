package e2e

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"ruthless/scoring"
)

// threePlayers is a five-round game for Ann, Ben and Cat, Ann starting.
// Round 3 has Ann and Ben level on strength and unused pirates, so coins
// decide (R2.5.2); round 5 has Ann and Cat level on all three, so seat order
// from the start player Ben decides (R2.5.3): Cat sits closer. Cat forgets
// X1 in round 2; the test corrects that after round 4.
func threePlayers() gamePlan {
	return gamePlan{
		players: []string{"Ann", "Ben", "Cat"},
		start:   0,
		rounds: []roundPlan{
			{ // Port, Ann starts: straight flush 12, pair 4, nothing.
				seats:    []seatPlan{{[]string{"H2", "H3", "H4"}, 1}, {[]string{"S6", "K6"}, 2}, {[]string{"A1", "X7"}, 0}},
				strength: []int{12, 4, 0},
				prize:    []int{1, 1, 0},
			},
			{ // Port, Ben starts. Cat's X1 is missing here at first.
				seats:    []seatPlan{{[]string{"H2", "H3", "H4", "H5"}, 2}, {[]string{"S6", "K6", "A6"}, 3}, {[]string{"A1", "X7"}, 1}},
				strength: []int{16, 10, 0},
				prize:    []int{1, 1, 0},
			},
			{ // Piracy 6/3/2, Cat starts: Ann and Ben both 16, 0 unused; Ben has more coins.
				seats:    []seatPlan{{[]string{"H2", "H3", "H4", "H5"}, 2}, {[]string{"S6", "K6", "A6", "X6"}, 5}, {[]string{"A1", "X1", "S1", "X7"}, 1}},
				strength: []int{16, 16, 10},
				prize:    []int{3, 6, 2},
				tie:      scoring.ByCoins, tieOrder: []int{1, 0},
			},
			{ // Piracy, Ann starts.
				seats:    []seatPlan{{[]string{"H2", "H3", "H4", "H5", "H6"}, 4}, {[]string{"S6", "K6", "A6", "X6"}, 5}, {[]string{"A1", "X1", "S1", "X7"}, 2}},
				strength: []int{20, 16, 10},
				prize:    []int{6, 3, 2},
			},
			{ // Piracy, Ben starts: Ann and Cat both 20, 0 unused, 3 coins.
				seats:    []seatPlan{{[]string{"H2", "H3", "H4", "H5", "H6"}, 3}, {[]string{"S6", "K6", "A6", "X6"}, 6}, {[]string{"A1", "X1", "S1", "X7", "K7", "A7"}, 3}},
				strength: []int{20, 16, 20},
				prize:    []int{3, 2, 6},
				tie:      scoring.BySeat, tieOrder: []int{2, 0},
			},
		},
		finals: []finalPlan{
			{buried: []string{"H6"}, monkeys: 1, lootKept: 5, coins: 3},
			{monkeys: 2, lootKept: 3, lootBuried: 1, coins: 6, parleyUsed: true},
			{lootKept: 5, coins: 2},
		},
		// Prizes 14, 13, 11 (with Cat's corrected round 2). Richest: Ann and
		// Cat tie at 5, 4 NP each. Merciless: Ann and Ben tie at 2, 4 NP each.
		// Unused Parley: Ann and Cat 1 NP. No officers.
		np:      []int{23, 17, 16},
		winners: []string{"Ann"},
	}
}

// TestThreePlayerGame plays a whole three-player game by tapping through
// the pages on a phone: setup, five rounds (one tie decided by coins, one by
// seat order), a correction of round 2 after round 4, the end of the game
// and the winner, checking every number shown against scoring.Score.
func TestThreePlayerGame(t *testing.T) {
	t.Parallel()
	p := newTable(t)
	plan := threePlayers()
	var id string
	if !t.Run("setup", func(t *testing.T) { id = setUp(p.on(t), plan) }) {
		return
	}
	for r := 1; r <= 4; r++ {
		if !t.Run("round "+strconv.Itoa(r), func(t *testing.T) { enterRound(p.on(t), plan, id, r) }) {
			return
		}
	}
	if !t.Run("reopen round 2", func(t *testing.T) { reopenRound2(p.on(t), &plan, id) }) {
		return
	}
	if !t.Run("round 5", func(t *testing.T) { enterRound(p.on(t), plan, id, 5) }) {
		return
	}
	if !t.Run("end of game", func(t *testing.T) { enterFinals(p.on(t), plan, id) }) {
		return
	}
	t.Run("home lists the winner", func(t *testing.T) {
		p := p.on(t)
		p.open("/", "home-after-game")
		got := p.text("game-" + id)
		if want := "won by Ann"; !strings.Contains(got, want) || !strings.Contains(got, "5 of 5 rounds") {
			p.errorf("home page line %q, want it to say %q and %q", got, want, "5 of 5 rounds")
		}
	})
}

// reopenRound2 goes back from round 4's results to round 2, adds the X1 Cat
// forgot, and checks that Cat's totals on the scoreboard go up by the Port
// token she now takes in round 2, in every later round too.
func reopenRound2(p phone, plan *gamePlan, id string) {
	p.t.Helper()
	p.follow(byTestID("scoreboard-link"), "scoreboard-before-correction", http.StatusOK)
	before, err := strconv.Atoi(p.text("total-np-2"))
	if err != nil {
		p.fatalf("Cat's total before the correction: %v", err)
	}
	p.follow(byTestID("round-2")+" a", "round2-results-before-correction", http.StatusOK)
	if got := p.text("prize-2"); got != "no token" {
		p.fatalf("round 2 shows Cat's prize as %q before the correction, want %q", got, "no token")
	}
	p.follow(byTestID("correct-2"), "round2-entry-Cat-reopened", http.StatusOK)
	if got := p.text("entry-player"); got != "Cat" {
		p.fatalf("correction form for %q, want Cat", got)
	}
	if p.count(byTestID("prefilled")) != 0 {
		p.errorf("the form of a stored entry says it is pre-filled from an earlier round")
	}
	if got, want := p.checkedCards(), []string{"A1", "X7"}; !slices.Equal(got, want) {
		p.fatalf("correction form shows %v, want the stored %v", got, want)
	}
	p.choosePool([]string{"A1", "X1", "X7"})
	// A correction's save opens the corrected round's results (issue 41,
	// item 8); the totals are checked on the scoreboard from there.
	p.follow(byTestID("save"), "round2-results-after-save", http.StatusOK)
	if got, want := p.path(), "/games/"+id+"/rounds/2"; got != want {
		p.fatalf("saving the correction went to %s, want round 2's results %s", got, want)
	}
	p.follow(byTestID("scoreboard-link"), "scoreboard-after-correction", http.StatusOK)

	rp := &plan.rounds[1]
	rp.seats[2].pool = []string{"A1", "X1", "X7"}
	rp.strength[2], rp.prize[2] = 4, 1
	checkScoreboard(p, *plan, id)
	if got, want := p.text("total-np-2"), strconv.Itoa(before+1); got != want {
		p.errorf("Cat's total after the correction: %q (%d before), want %q", got, before, want)
	}
	if got, want := p.text("prize-2-2"), prizeText(1); got != want {
		p.errorf("Cat's round 2 token after the correction: %q, want %q", got, want)
	}
	p.follow(byTestID("round-2")+" a", "round2-results-after-correction", http.StatusOK)
	checkRound(p, *plan, id, 2)
	// Back to where the table was: round 4's results were seen, so the
	// scoreboard leads on to round 5.
	p.follow(byTestID("scoreboard-link"), "scoreboard-back", http.StatusOK)
	expectOnwards(p, *plan, id, 4)
	p.follow(byTestID("round-4")+" a", "round4-results-again", http.StatusOK)
}

// twoPlayers is a six-round game for Dan and Eve, Eve starting. The Kraken
// suit is out (R0). Rounds 4 and 5 are level on everything, so the start
// player places first; the victory goes to Eve on coins (R3.5).
func twoPlayers() gamePlan {
	dan3 := []string{"A1", "A2", "A3", "A4"}
	eve4 := []string{"S5", "X5", "H5", "A5"}
	return gamePlan{
		players: []string{"Dan", "Eve"},
		start:   1,
		rounds: []roundPlan{
			{seats: []seatPlan{{[]string{"A1", "A2", "A3"}, 0}, {[]string{"S5", "X5"}, 1}}, strength: []int{12, 4}, prize: []int{1, 1}},
			{seats: []seatPlan{{[]string{"A1", "A2", "A3"}, 1}, {[]string{"S5", "X5", "H5"}, 1}}, strength: []int{12, 10}, prize: []int{1, 1}},
			{seats: []seatPlan{{dan3, 2}, {[]string{"S5", "X5", "H5"}, 2}}, strength: []int{16, 10}, prize: []int{6, 3}},
			{seats: []seatPlan{{dan3, 2}, {eve4, 2}}, strength: []int{16, 16}, prize: []int{6, 3}, tie: scoring.BySeat, tieOrder: []int{0, 1}},
			{seats: []seatPlan{{dan3, 2}, {eve4, 2}}, strength: []int{16, 16}, prize: []int{3, 6}, tie: scoring.BySeat, tieOrder: []int{1, 0}},
			{seats: []seatPlan{{[]string{"A2", "A3", "A4"}, 2}, {eve4, 3}}, strength: []int{12, 16}, prize: []int{3, 6}},
		},
		finals: []finalPlan{
			{coins: 2},
			{coins: 3},
		},
		// Prizes 20 each, no achievement reached (all counts 0), an unused
		// Parley each: 21 NP each, and Eve has more coins.
		np:      []int{21, 21},
		winners: []string{"Eve"},
	}
}

// TestTwoPlayerGame plays a whole two-player game: no Kraken card is ever
// offered, six rounds are played, and the level NP are split on coins.
func TestTwoPlayerGame(t *testing.T) {
	t.Parallel()
	p := newTable(t)
	plan := twoPlayers()
	var id string
	if !t.Run("setup", func(t *testing.T) { id = setUp(p.on(t), plan) }) {
		return
	}
	for r := 1; r <= 6; r++ {
		if !t.Run("round "+strconv.Itoa(r), func(t *testing.T) { enterRound(p.on(t), plan, id, r) }) {
			return
		}
	}
	if !t.Run("end of game", func(t *testing.T) { enterFinals(p.on(t), plan, id) }) {
		return
	}
	t.Run("six rounds and a victory on coins", func(t *testing.T) {
		p := p.on(t)
		if got := p.count(`[data-testid^="round-"]`); got != 6 {
			p.errorf("scoreboard has %d rounds, want 6", got)
		}
		if g := fetchGame(t, p.base, id); len(g.Rounds) != 6 {
			p.errorf("game file has %d rounds, want 6", len(g.Rounds))
		}
		p.open("/games/"+id+"/final", "final-scores-again")
		got, _ := p.maybeText(byTestID("tiebreak"))
		if want := "Tie Eve ahead of Dan on 21 NP: more coins (3 to 2). R3.5"; got != want {
			p.errorf("final tie-break reads %q, want %q", got, want)
		}
	})
}

// TestSameCardOnTwoPhones has two phones enter round 1 at once: Gus's form
// was loaded before Fay saved H5, so his grid still offers it. Saving H5 for
// him too is refused (R4.1): the clash draws H5 and names Fay, and the card
// stays ticked, marked "also in Fay's", so Gus sees what to untap.
func TestSameCardOnTwoPhones(t *testing.T) {
	t.Parallel()
	findBrowser(t)
	base := startServer(t)
	browser, _ := startBrowser(t)
	dir := shotDir(t)
	fay := newPhone(t, browser, base, dir, "fay-")
	gus := newPhone(t, browser, base, dir, "gus-")
	plan := gamePlan{
		players: []string{"Fay", "Gus"},
		rounds: []roundPlan{{
			seats:    []seatPlan{{[]string{"H5", "H6", "H7"}, 1}, {[]string{"S2", "S3", "S4"}, 0}},
			strength: []int{12, 12},
			prize:    []int{1, 1},
		}},
	}
	var id string
	if !t.Run("both phones open round 1", func(t *testing.T) {
		fay, gus := fay.on(t), gus.on(t)
		id = setUp(fay, plan)
		fay.follow(byTestID("next-action"), "round1-entry-Fay", http.StatusOK)
		gus.open("/games/"+id, "scoreboard")
		gus.follow(byTestID("status-1")+" a", "round1-entry-Gus", http.StatusOK)
		if got := gus.text("entry-player"); got != "Gus" {
			gus.fatalf("entry form for %q, want Gus", got)
		}
	}) {
		return
	}
	if !t.Run("Fay saves H5", func(t *testing.T) {
		fay := fay.on(t)
		fay.choosePool(plan.rounds[0].seats[0].pool)
		fay.setNumber("coins", 1)
		fay.follow(byTestID("save"), "scoreboard-after-Fay", http.StatusOK)
	}) {
		return
	}
	if !t.Run("Gus saves H5 too and is refused", func(t *testing.T) {
		gus := gus.on(t)
		if n := gus.count(byTestID("holder-H5")); n != 0 {
			gus.fatalf("Gus's form, loaded before Fay saved, already greys H5")
		}
		gus.choosePool([]string{"H5", "S2"})
		gus.setNumber("coins", 2)
		gus.follow(byTestID("save"), "round1-entry-Gus-refused", http.StatusUnprocessableEntity)
		msg := gus.text("clash")
		for _, want := range []string{"Also in Fay's entry", "R4.1"} {
			if !strings.Contains(msg, want) {
				gus.errorf("clash %q, want it to say %s", msg, want)
			}
		}
		if got := gus.count(byTestID("clash-card-H5")); got != 1 {
			gus.errorf("the clash draws H5 %d times, want once", got)
		}
		// Next to the cards, on the first screen.
		if top := eval[float64](gus, `document.querySelector('[data-testid="clash"]').getBoundingClientRect().bottom`); top > screenHeight {
			gus.errorf("the clash ends %.0f px down the page, below the first screen (%d px)", top, screenHeight)
		}
		if got := strings.Join(strings.Fields(gus.text("holder-H5")), " "); got != "also in Fay's entry" {
			gus.errorf("H5 is marked %q, want \"also in Fay's entry\" (the name shown, the rest for screen readers)", got)
		}
		if eval[bool](gus, `document.querySelector('[data-testid="card-H5"]').disabled`) {
			gus.errorf("H5 cannot be untapped after the clash")
		}
		if got, want := gus.checkedCards(), []string{"H5", "S2"}; !slices.Equal(got, want) {
			gus.errorf("after the clash the form keeps %v, want %v", got, want)
		}
		// The page around the form is kept: the seat line, who has
		// entered, the advisor.
		if got := gus.count(byTestID("entered-count")); got != 1 {
			gus.errorf("the refused page has %d lists of who has entered, want 1", got)
		}
		if got := gus.count(byTestID("advisor-link")); got != 1 {
			gus.errorf("the refused page has %d advisor links, want 1", got)
		}
		if got := eval[string](gus, `document.querySelector('[data-testid="input-coins"]').value`); got != "2" {
			gus.errorf("after the error the coins show %q, want the 2 typed", got)
		}
		if g := fetchGame(t, base, id); g.Rounds[0][1] != nil {
			gus.errorf("the refused entry was stored: %v", g.Rounds[0][1].Pool)
		}
	}) {
		return
	}
	if !t.Run("Gus fixes and saves", func(t *testing.T) {
		gus := gus.on(t)
		gus.choosePool(plan.rounds[0].seats[1].pool)
		gus.setNumber("coins", 0)
		// His save completes the round: it opens the results.
		gus.follow(byTestID("save"), "round1-results", http.StatusOK)
		if got, want := gus.path(), "/games/"+id+"/rounds/1"; got != want {
			gus.fatalf("saving went to %s, want the round's results %s", got, want)
		}
		checkRound(gus, plan, id, 1)
		gus.open("/games/"+id, "scoreboard-after-Gus")
		checkScoreboard(gus, plan, id)
	}) {
		return
	}
	t.Run("Fay's phone sees both entries", func(t *testing.T) {
		fay := fay.on(t)
		fay.open("/games/"+id, "scoreboard-reloaded")
		checkScoreboard(fay, plan, id)
	})
}
