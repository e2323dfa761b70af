package e2e

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"ruthless/scoring"
)

// barGame is a four-player game with round 1 entered. Ann's round 2 opens
// pre-filled with the straight flush 2-3-4 of Hearts and a pair of 6s.
const barGame = `{"version": 1, "players": ["Ann", "Bob", "Cat", "Dan"], "start_player": 0, "rounds": [[
 {"pool": ["H2", "H3", "H4", "A6", "K6"], "coins": 3}, {"pool": ["A2", "A3", "X5"], "coins": 1},
 {"pool": ["S1", "S7", "SP"], "coins": 0}, {"pool": ["HQ", "S5", "XC"], "coins": 2}]]}`

// suitPlurals are the suits as the live line reads them out.
var suitPlurals = map[scoring.Suit]string{scoring.Anchor: "Anchors", scoring.Heart: "Hearts", scoring.Kraken: "Krakens", scoring.Skull: "Skulls", scoring.Swords: "Swords"}

// partyWords is the live line's text for a party, as a screen reader
// gets it: "straight flush 2-3-4 in Hearts + pair of 6s". It is written
// here again, apart from entry.js, so that each checks the other.
func partyWords(p scoring.Party) string {
	if len(p.Sets) == 0 {
		return "no set"
	}
	var out []string
	for _, s := range p.Sets {
		var ids []scoring.Card
		for _, pc := range s.Cards {
			id := pc.Card.Cell()
			if pc.Card.IsWild() {
				id = pc.As.Cell()
			}
			ids = append(ids, id)
		}
		slices.SortFunc(ids, func(a, b scoring.Card) int { return int(a.Rank) - int(b.Rank) })
		ranks := make([]string, len(ids))
		for i, c := range ids {
			ranks[i] = c.Rank.Code()
		}
		suit := " in " + suitPlurals[ids[0].Suit]
		switch s.Kind {
		case scoring.Group:
			out = append(out, map[int]string{2: "pair of ", 3: "three ", 4: "four ", 5: "five "}[len(ids)]+ranks[0]+"s")
		case scoring.Straight:
			out = append(out, "straight "+strings.Join(ranks, "-"))
		case scoring.StraightFlush:
			out = append(out, "straight flush "+strings.Join(ranks, "-")+suit)
		case scoring.Flush:
			out = append(out, "flush of "+strconv.Itoa(len(ids))+suit)
		case scoring.FullShip:
			out = append(out, "full ship")
		}
	}
	return strings.Join(out, " + ")
}

// tappedPool is the pool the grid shows, Captain powers included.
func (p phone) tappedPool() []scoring.Card {
	p.t.Helper()
	codes := eval[[]string](p, `Array.from(document.querySelectorAll(".card input:checked")).map(e =>
		e.value + (document.querySelector('[data-testid="power-' + e.value + '"]')?.checked ? "*" : ""))`)
	pool, err := scoring.ParseCards(codes)
	if err != nil {
		p.fatalf("grid shows %v: %v", codes, err)
	}
	return pool
}

// liveShows waits until the bar shows the best party scoring.Solve finds
// for the cards tapped, strength and words, and returns the strength.
func (p phone) liveShows(players int) int {
	p.t.Helper()
	best := scoring.Solve(p.tappedPool(), scoring.Options{Players: players})
	want, words := strconv.Itoa(best.Strength), partyWords(best)
	cond := fmt.Sprintf(`(() => { const b = document.getElementById("liveparty");
		return !b.hidden && !b.classList.contains("stale") && !b.hasAttribute("aria-busy") &&
			b.querySelector(".strength").innerText === %q && b.querySelector(".sets").innerText.replace(/\s+/g, " ").trim() === %q; })()`, want, words)
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout())
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(stepTimeout()))); err != nil {
		p.fatalf("the bar shows %q %q, want scoring.Solve's %s %q: %v", p.text("live-strength"), p.text("live-sets"), want, words, err)
	}
	return best.Strength
}

// inView reports whether the element css selects lies wholly inside the
// screen as it is now.
func (p phone) inView(css string) bool {
	p.t.Helper()
	return eval[bool](p, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false;
		const r = e.getBoundingClientRect();
		return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; })()`, css))
}

// screen saves what the phone's screen shows now (not the whole page: a
// bar sticking to the bottom of the screen shows only so), when every
// page's screenshot is asked for (shotsEnv).
func (p phone) screen(name string) {
	p.t.Helper()
	if !keepShots {
		return
	}
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout())
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.fatalf("screenshot %s: %v", name, err)
	}
	if _, err := p.save(name, png); err != nil {
		p.fatalf("screenshot %s: %v", name, err)
	}
}

// checkBarSizes checks every control of the bar is a target of at least
// 44 × 44 CSS px and all its text is at least 16 px.
func (p phone) checkBarSizes() {
	p.t.Helper()
	small := eval[[]string](p, `Array.from(document.querySelectorAll('.entrybar a, .entrybar button, .entrybar input, .entrybar label, .entrybar span, .entrybar p'))
		.filter(e => e.getClientRects().length > 0 && !e.closest(".vh") && !e.classList.contains("vh"))
		.flatMap(e => {
			const r = e.getBoundingClientRect(), why = [];
			if (e.matches("a, button, input") && (r.width < 44 || r.height < 44)) why.push(Math.round(r.width) + "×" + Math.round(r.height) + " px");
			const size = parseFloat(getComputedStyle(e).fontSize);
			if (e.innerText && e.innerText.trim() && size < 16) why.push(size + " px text");
			return why.length ? [(e.dataset.testid || e.tagName.toLowerCase()) + ": " + why.join(", ")] : [];
		})`)
	for _, s := range small {
		p.errorf("too small in the bar: %s", s)
	}
}

// TestEntryBar: the round-entry page keeps coins, the live best party and
// Save in a bar at the bottom of the screen. Save is in reach without
// scrolling; the live strength and sets are scoring.Solve's for the
// cards tapped; offline, the last answer stays, marked; the end of the
// page is not hidden behind the bar; both colour schemes read well.
func TestEntryBar(t *testing.T) {
	t.Parallel()
	p := newTable(t)
	base := p.base
	id := createGame(t, base, barGame)
	entry := fmt.Sprintf("/games/%s/rounds/2/players/0", id)

	p.open(entry, "entry-page")
	if y := eval[float64](p, `scrollY`); y != 0 {
		t.Fatalf("the page opened scrolled to %v", y)
	}
	// The live best party fills in once the page has its first answer
	// (entry.js). Checked before its line was drawn at once, it failed so
	// under make test: "live-party is not on the screen without scrolling
	// (at {…"width":0,"height":0…})".
	p.waitFor(firstPartyJS, "the live best party's first answer")
	for _, c := range []string{"save", "save-next", "plus-coins", "minus-coins", "input-coins", "live-party"} {
		if !p.inView(byTestID(c)) {
			p.errorf("%s is not on the screen without scrolling (at %s)", c, eval[string](p, fmt.Sprintf(`JSON.stringify(document.querySelector(%q).getBoundingClientRect())`, byTestID(c))))
		}
	}
	if got := p.text("save-next"); got != "Save & next: Bob" {
		p.errorf("Save & next reads %q, want %q", got, "Save & next: Bob")
	}
	if got := p.liveShows(4); got != 16 {
		p.errorf("pre-filled round 2: the bar shows %d, want the rulebook's 16 (straight flush 12 + pair 4)", got)
	}
	if got := p.count(`#liveparty svg.sym use[href="#sym-heart"]`); got != 1 {
		p.errorf("the straight flush's suit: %d Heart symbols from the sprite, want 1", got)
	}
	p.screen("bar-light")
	p.checkBarSizes()

	// Tapping: each change shows the new best party.
	steps := []struct {
		what string
		do   func()
	}{
		{"the Heart Captain", func() { p.setCard("HC", true) }},
		{"its Captain power", func() {
			p.tap(byTestID("power-HC"))
			p.waitFor(`document.querySelector('[data-testid="power-HC"]').checked`, "the power box to be ticked")
		}},
		{"a Parrot and a 5", func() { p.setCard("KP", true); p.setCard("K5", true) }},
		{"the 6s gone", func() { p.setCard("A6", false); p.setCard("K6", false) }},
	}
	for _, s := range steps {
		s.do()
		t.Logf("after %s: %v", s.what, codes(p.tappedPool()))
		p.liveShows(4)
	}
	p.screen("bar-after-taps")

	// Offline, the last answer stays on screen, marked as not up to date,
	// and comes back to date once the phone is back.
	before := p.text("live-strength")
	p.offline(true)
	p.setCard("H4", false)
	p.waitFor(`document.getElementById("liveparty").classList.contains("stale")`, "the live line to be marked stale")
	if got := p.text("live-strength"); got != before {
		p.errorf("offline the bar shows %q, want the last known %q", got, before)
	}
	if got := p.text("live-sets"); !strings.Contains(eval[string](p, `getComputedStyle(document.querySelector("#liveparty .sets"), "::after").content`), "not up to date") {
		p.errorf("offline the sets %q are not marked as not up to date", got)
	}
	p.screen("bar-offline")
	p.offline(false)
	p.liveShows(4)

	// The end of the page is not hidden behind the bar.
	eval[bool](p, `(scrollTo(0, document.documentElement.scrollHeight), true)`)
	last := `main > p:last-of-type a`
	if !p.inView(last) {
		p.errorf("scrolled to the bottom, the last link is off the screen")
	}
	if !eval[bool](p, fmt.Sprintf(`(() => { const e = document.querySelector(%q), r = e.getBoundingClientRect();
		return e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); })()`, last)) {
		p.errorf("scrolled to the bottom, the last link is covered")
	}
	p.screen("bar-page-end")

	// Dark: the bar follows the colour scheme.
	if err := p.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
		return err
	})); err != nil {
		t.Fatalf("emulating the dark scheme: %v", err)
	}
	eval[bool](p, `(scrollTo(0, 0), true)`)
	p.screen("bar-dark")
	// Lightness from 0 (black) to 1 (white) of a computed colour.
	light := func(css, prop string) float64 {
		return eval[float64](p, fmt.Sprintf(`(() => { const [r, g, b] = getComputedStyle(document.querySelector(%q))[%q].match(/\d+/g).map(Number);
			return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255; })()`, css, prop))
	}
	if bg, fg := light(".entrybar", "backgroundColor"), light("#liveparty", "color"); bg > 0.25 || fg < 0.7 {
		p.errorf("dark bar: background lightness %.2f and text %.2f, want a dark bar (≤ 0.25) with light text (≥ 0.7)", bg, fg)
	}
	p.checkBarSizes()

	// Clear all on a saved entry empties it, the live line too.
	p.follow(byTestID("save"), "scoreboard", http.StatusOK)
	p.open(entry, "saved-entry")
	p.tap(byTestID("clear"))
	p.waitFor(`document.querySelectorAll(".card input:checked").length === 0`, "the grid to be cleared")
	if got := p.liveShows(4); got != 0 {
		p.errorf("cleared: the bar shows %d, want 0", got)
	}

	// A long name next in line is shown whole (issue 31: a name that
	// identifies a player wraps rather than being cut), in sight.
	long := "Bartholomew the Magnificent Pirate Kings" // the 40 characters a name may have
	longID := createGame(t, base, `{"version": 1, "players": ["Ann", "`+long+`"], "start_player": 0, "rounds": []}`)
	p.open("/games/"+longID+"/rounds/1/players/0", "long-name-next")
	if got := p.text("save-next"); got != "Save & next: "+long {
		p.errorf("Save & next reads %q, want the whole name for screen readers", got)
	}
	if cut := eval[bool](p, `(() => { const b = document.querySelector('[data-testid="save-next"]'); return [b, ...b.querySelectorAll('*')].some(e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible'); })()`); cut || !p.inView(byTestID("save-next")) {
		p.errorf("Save & next with a long name: cut short (%v) or off the screen, want the whole name on the screen", cut)
	}
	p.screen("long-name-next")

	// A phone that joined as a seat opens on its own entry; its Save &
	// next goes only to an open seat (no phone holds Dan's), never to a
	// seat another phone holds, and Save stays in sight.
	p.open("/games/"+id+"/join", "join")
	p.follow(byTestID("join-2"), "own-entry", http.StatusOK)
	if got, want := p.path(), fmt.Sprintf("/games/%s/rounds/2/players/2", id); got != want {
		p.fatalf("after joining as Cat: %s, want %s", got, want)
	}
	if got, want := p.text("save-next"), "Save & next: Dan (no phone)"; got != want {
		p.errorf("a seat's phone: Save & next reads %q, want %q (the next open seat)", got, want)
	}
	if !p.inView(byTestID("save")) {
		p.errorf("on a seat's phone Save is not on the screen")
	}
	p.screen("seat-phone")
}

// roundScript is what each seat holds at the end of one round of the
// scripted game, and its coins.
type roundScript struct {
	pools [4][]string
	coins [4]int
}

// tapScript is a four-player game of five rounds as a table plays it:
// each round a player recruits a pirate or two, now and then loses one,
// and their coins move. No one recruits more than 3 a round (R4.3).
var tapScript = []roundScript{
	{[4][]string{{"H2", "H3"}, {"A5", "A6"}, {"S1", "S7"}, {"X4", "K4"}}, [4]int{2, 1, 3, 0}},
	{[4][]string{{"H2", "H3", "H4"}, {"A5", "A6", "A7"}, {"S1", "S7", "SP"}, {"X4", "K4", "X5", "K5"}}, [4]int{3, 1, 1, 2}},
	{[4][]string{{"H2", "H3", "H4", "HC"}, {"A6", "A7", "AQ"}, {"S1", "S7", "SP", "S2"}, {"X4", "K4", "X5", "K5", "XC"}}, [4]int{3, 2, 2, 2}},
	{[4][]string{{"H3", "H4", "HC", "H5"}, {"A6", "A7", "AQ", "A1"}, {"S1", "S7", "SP", "S2"}, {"X4", "K4", "X5", "K5", "XC", "X6", "K6"}}, [4]int{1, 2, 4, 3}},
	{[4][]string{{"H3", "H4", "HC", "H5", "H6"}, {"A6", "A7", "AQ", "A1", "A2", "A3"}, {"S1", "S7", "SP", "S2", "S3"}, {"X4", "X5", "K5", "XC", "X6", "K6"}}, [4]int{2, 0, 4, 4}},
}

// tally counts the taps of a round, by kind.
type tally struct{ cards, coins, nav int }

func (t tally) total() int { return t.cards + t.coins + t.nav }

// tapPool taps cards until the grid holds want, counting each tap.
func (p phone) tapPool(want []string, n *tally) {
	p.t.Helper()
	have := p.checkedCards()
	for _, c := range have {
		if !slices.Contains(want, c) {
			p.setCard(c, false)
			n.cards++
		}
	}
	for _, c := range want {
		if !slices.Contains(have, c) {
			p.setCard(c, true)
			n.cards++
		}
	}
	if got, w := p.checkedCards(), sorted(want); !slices.Equal(got, w) {
		p.fatalf("selected cards %v, want %v", got, w)
	}
}

// tapCoins presses − or + until the coins show want, counting each press.
func (p phone) tapCoins(want int, n *tally) {
	p.t.Helper()
	have, err := strconv.Atoi(eval[string](p, `document.querySelector('[data-testid="input-coins"]').value`))
	if err != nil {
		p.fatalf("coins: %v", err)
	}
	p.setNumber("coins", want)
	n.coins += max(have-want, want-have)
}

// TestEntrySaveAndNextTaps plays a scripted four-player game of five
// rounds on one phone passed round the table, with "Save & next": each
// round is one tap on the scoreboard, then every seat's cards, coins and
// one Save & next, the last seat's Save leading back to the scoreboard.
// It checks the walk goes through every seat, each form in reach, and
// counts the taps per player-round.
func TestEntrySaveAndNextTaps(t *testing.T) {
	t.Parallel()
	p := newTable(t)
	base := p.base
	players := []string{"Ann", "Bob", "Cat", "Dan"}
	id := createGame(t, base, `{"version": 1, "players": ["Ann", "Bob", "Cat", "Dan"], "start_player": 0, "rounds": []}`)
	game := "/games/" + id
	p.open(game, "scoreboard")

	var perRound []tally
	for r, rs := range tapScript {
		round := r + 1
		var n tally
		// From the scoreboard (round 1) or the last round's results,
		// where the last save of a round lands, the next step is this
		// round's first entry, which is counted.
		p.follow(byTestID("next-action"), fmt.Sprintf("round%d-first-entry", round), http.StatusOK)
		n.nav++
		var visited []int
		for len(visited) < len(players) {
			seat := seatOfEntry(p, id, round)
			if slices.Contains(visited, seat) {
				p.fatalf("round %d: seat %d's entry again after %v", round, seat, visited)
			}
			visited = append(visited, seat)
			if got := p.text("entry-player"); got != players[seat] {
				p.fatalf("round %d: the entry of %q at seat %d", round, got, seat)
			}
			if !p.inView(byTestID("save")) {
				p.errorf("round %d, %s: Save is off the screen", round, players[seat])
			}
			p.tapPool(rs.pools[seat], &n)
			p.tapCoins(rs.coins[seat], &n)
			next := nextUnvisited(seat, visited, len(players))
			if next < 0 {
				if p.count(byTestID("save-next")) != 0 {
					p.errorf("round %d, %s: Save & next offered with nobody left", round, players[seat])
				}
				p.follow(byTestID("save"), fmt.Sprintf("round%d-done", round), http.StatusOK)
				n.nav++
				break
			}
			if got, want := p.text("save-next"), "Save & next: "+players[next]; got != want {
				p.fatalf("round %d, %s: %q, want %q", round, players[seat], got, want)
			}
			p.follow(byTestID("save-next"), fmt.Sprintf("round%d-entry-%s", round, players[next]), http.StatusOK)
			n.nav++
			if got, want := p.path(), fmt.Sprintf("%s/rounds/%d/players/%d", game, round, next); got != want {
				p.fatalf("Save & next from %s went to %s, want %s", players[seat], got, want)
			}
		}
		if got, want := p.path(), fmt.Sprintf("%s/rounds/%d", game, round); got != want {
			p.fatalf("after round %d's last entry: %s, want its results %s", round, got, want)
		}
		g := fetchGame(t, base, id)
		for seat := range players {
			e := g.Rounds[r][seat]
			if e == nil || !slices.Equal(codes(e.Pool), sorted(rs.pools[seat])) || e.Coins != rs.coins[seat] {
				p.errorf("round %d, %s: stored %+v, want %v with %d coins", round, players[seat], e, rs.pools[seat], rs.coins[seat])
			}
		}
		perRound = append(perRound, n)
	}

	// Before "Save & next" each entry took a tap on the scoreboard's next
	// step and a Save back to it: two taps besides cards and coins.
	var prefilled, prefilledOld float64
	for r, n := range perRound {
		per := float64(n.total()) / float64(len(players))
		old := float64(n.cards+n.coins+2*len(players)) / float64(len(players))
		t.Logf("round %d: %d card taps, %d coin taps, %d save/navigation taps: %.2f taps per player-round (%.2f with Save back to the scoreboard)", r+1, n.cards, n.coins, n.nav, per, old)
		if r > 0 {
			prefilled += per / float64(len(perRound)-1)
			prefilledOld += old / float64(len(perRound)-1)
		}
	}
	t.Logf("pre-filled rounds 2-5: %.2f taps per player-round (%.2f with Save back to the scoreboard)", prefilled, prefilledOld)
	if prefilled > 4 {
		t.Errorf("pre-filled rounds take %.2f taps per player-round, want at most 4", prefilled)
	}
}

// seatOfEntry is the seat of the round-entry page the phone shows.
func seatOfEntry(p phone, id string, round int) int {
	p.t.Helper()
	path := p.path()
	rest, ok := strings.CutPrefix(path, fmt.Sprintf("/games/%s/rounds/%d/players/", id, round))
	seat, err := strconv.Atoi(rest)
	if !ok || err != nil {
		p.fatalf("at %s, want a round %d entry", path, round)
	}
	return seat
}

// nextUnvisited is the seat after seat, clockwise, not visited yet; -1
// when all are.
func nextUnvisited(seat int, visited []int, n int) int {
	for i := 1; i < n; i++ {
		if s := (seat + i) % n; !slices.Contains(visited, s) {
			return s
		}
	}
	return -1
}

// TestEntryWithoutJavaScript: without JavaScript the page works as
// before (no live line), − and + bring the phone back to the stepper
// instead of the top of the page, and Clear all empties a saved entry.
func TestEntryWithoutJavaScript(t *testing.T) {
	t.Parallel()
	findBrowser(t)
	base := startServer(t)
	browser, _ := startBrowser(t)
	p := seatPhone(t, browser, base, shotDir(t), "nojs-", false)
	id := createGame(t, base, barGame)
	entry := fmt.Sprintf("/games/%s/rounds/2/players/1", id)

	p.open(entry, "entry")
	if eval[bool](p, `document.getElementById("liveparty").getClientRects().length > 0`) {
		p.errorf("without JavaScript the live line shows")
	}
	if !p.inView(byTestID("save")) {
		p.errorf("Save is off the screen")
	}
	pool := p.checkedCards()

	// Scrolled down, + reloads the page: the phone lands with the
	// stepper in view.
	eval[bool](p, `(scrollTo(0, 500), true)`)
	p.screen("before-plus")
	p.follow(byTestID("plus-coins"), "after-plus", http.StatusOK)
	if got := eval[string](p, `document.querySelector('[data-testid="input-coins"]').value`); got != "2" {
		p.errorf("after +: coins %s, want 2", got)
	}
	if got := eval[string](p, `location.hash`); got != "#at-coins" {
		p.errorf("after +: address ends %q, want #at-coins", got)
	}
	// The deck fits the screen, so the stepper is in view wherever the
	// page lands (checked just below).
	for _, c := range []string{"plus-coins", "minus-coins", "save"} {
		if !p.inView(byTestID(c)) {
			p.errorf("after +: %s is off the screen", c)
		}
	}
	if got := p.checkedCards(); !slices.Equal(got, pool) {
		p.errorf("after +: cards %v, want %v kept", got, pool)
	}
	p.screen("after-plus-screen")
	p.follow(byTestID("minus-coins"), "after-minus", http.StatusOK)
	if !p.inView(byTestID("minus-coins")) || eval[string](p, `document.querySelector('[data-testid="input-coins"]').value`) != "1" {
		p.errorf("after −: coins %s, want the stepper in view and 1", eval[string](p, `document.querySelector('[data-testid="input-coins"]').value`))
	}
	p.follow(byTestID("save"), "scoreboard", http.StatusOK)

	// Clear all on the saved entry, then Save: stored empty.
	p.open(entry, "saved-entry")
	if got := p.checkedCards(); !slices.Equal(got, pool) {
		p.fatalf("the saved entry shows %v, want %v", got, pool)
	}
	p.follow(byTestID("clear"), "cleared", http.StatusOK)
	if got := p.checkedCards(); len(got) != 0 {
		p.errorf("Clear all on a saved entry left %v ticked", got)
	}
	if _, ok := p.maybeText(byTestID("cleared")); !ok {
		p.errorf("no notice that the clearing is not saved yet")
	}
	p.follow(byTestID("save"), "scoreboard-after-clear", http.StatusOK)
	if e := fetchGame(t, base, id).Rounds[1][1]; e == nil || len(e.Pool) != 0 || e.Coins != 1 {
		p.errorf("stored %+v, want Bob's round 2 empty with 1 coin", e)
	}
}

// firstPartyJS holds once the entry page's live best party shows its
// first answer.
const firstPartyJS = `(l => !l.hidden && !l.hasAttribute("aria-busy") && l.querySelector(".strength").textContent !== "")(document.getElementById("liveparty"))`

// holdSolveJS holds back every answer of /solve until the page calls
// releaseSolve(): installed before the page's own scripts run, it lets a
// test look at the entry page as it is before its first best party.
const holdSolveJS = `(() => {
	const fetchNow = window.fetch.bind(window);
	let release, held = new Promise(r => { release = r; });
	window.releaseSolve = () => release();
	window.fetch = (url, opts) => String(url).includes("/solve") ? held.then(() => fetchNow(url, opts)) : fetchNow(url, opts);
})()`

// TestSaveStaysPutWhenThePartyArrives: the best party's first answer
// comes a moment after the entry page opens, and Save must not move
// when it does. TestWholeGameOnFourPhones once failed so, its four
// phones tapping Save as soon as their pages opened: the touch came as
// the party drew itself over Save and pushed it a line and more down,
// so Dan's finger landed on the party's words, and nothing was saved. A
// player who taps Save at once meets the same. At both widths the page
// opens with the answer held back; Save is where it will stay, and a
// touch at that point once the party shows saves the entry.
func TestSaveStaysPutWhenThePartyArrives(t *testing.T) {
	t.Parallel()
	p := newTable(t)
	base := p.base
	if err := p.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: holdSolveJS})
		return err
	})); err != nil {
		t.Fatalf("holding back the best party: %v", err)
	}
	type box struct{ X, Y, Width, Height float64 }
	saveBox := func() box {
		return eval[box](p, `(r => ({X: r.x, Y: r.y, Width: r.width, Height: r.height}))(document.querySelector('[data-testid="save"]').getBoundingClientRect())`)
	}
	for _, width := range []int{320, 390} {
		p.setWidth(width)
		id := createGame(t, base, barGame)
		entry := fmt.Sprintf("/games/%s/rounds/2/players/0", id)
		p.open(entry, fmt.Sprintf("entry-%d-before-the-party", width))
		before := saveBox()
		eval[bool](p, `(releaseSolve(), true)`)
		p.liveShows(4)
		p.landed(fmt.Sprintf("entry-%d-with-the-party", width))
		if after := saveBox(); after != before {
			p.errorf("at %d px Save moved from %+v to %+v when the best party came: a tap as it comes misses", width, before, after)
		}
		ctx, cancel := context.WithTimeout(p.ctx, stepTimeout())
		_, err := chromedp.RunResponse(ctx, chromedp.TapXY(before.X+before.Width/2, before.Y+before.Height/2))
		cancel()
		if err != nil {
			p.fatalf("at %d px a touch where Save was when the page opened led nowhere: %v", width, err)
		}
		if got := eval[string](p, `location.pathname`); got == entry {
			p.fatalf("at %d px a touch where Save was when the page opened did not save", width)
		}
	}
}
