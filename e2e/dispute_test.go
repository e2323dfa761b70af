package e2e

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The dispute pages in the browser, with their script: every tap is sent
// in the background and the page updates in place.

// updated is how many times dispute.js has swapped in an answer's page so
// far (its mark on the document), to wait for the next.
func (p phone) updated() string {
	p.t.Helper()
	return eval[string](p, `document.documentElement.getAttribute("data-updated") || ""`)
}

// waitUpdate waits until dispute.js has swapped the page since before.
func (p phone) waitUpdate(before, what string) {
	p.t.Helper()
	p.waitFor(fmt.Sprintf(`(document.documentElement.getAttribute("data-updated") || "") !== %q`, before), what)
}

// tapSpan scrolls the styled face of an input to the middle of the screen,
// clear of the sticky verdict at the top, and taps it.
func (p phone) tapSpan(id string) {
	p.t.Helper()
	css := byTestID(id) + " + span"
	if !eval[bool](p, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false; e.scrollIntoView({block: "center"}); return true; })()`, css)) {
		p.fatalf("no %s on the page", css)
	}
	p.tap(css)
}

// tapInto chooses where tapped cards go on /check, taps the cards one by
// one as a finger would, and waits until the page shows each where it
// went ("set 2", "unused") before the next tap. (Tapped while the page
// swaps in the answer to the last tap, a card moves under the finger: the
// tap lands on what was laid out there before, or on nothing.)
func (p phone) tapInto(bucket, note string, cards ...string) {
	p.t.Helper()
	p.tapSpan("to-" + bucket)
	if !eval[bool](p, fmt.Sprintf(`document.querySelector(%q).checked`, byTestID("to-"+bucket))) {
		p.fatalf("tapping %s did not choose it", bucket)
	}
	for _, c := range cards {
		p.tapSpan("card-" + c)
		p.waitFor(fmt.Sprintf(`(() => { const n = document.querySelector(%q); return !!n && n.innerText === %q && !document.querySelector(".tapgrid input:checked"); })()`,
			byTestID("card-note-"+c), note), fmt.Sprintf("%s to show %q", c, note))
	}
}

// tapSettled taps what css selects on a dispute page and waits until the
// page has swapped in the answer and cond holds on it, so that the next
// tap is not made on a page being replaced.
func (p phone) tapSettled(css, cond, what string) {
	p.t.Helper()
	before := p.updated()
	p.tap(css)
	p.waitUpdate(before, what)
	p.waitFor(cond, what)
}

// choose picks what a wild stands for on /check.
func (p phone) choose(sel, value string) {
	p.t.Helper()
	before := p.updated()
	ok := eval[bool](p, fmt.Sprintf(`(() => { const s = document.querySelector(%q); if (!s) return false; s.value = %q; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`,
		byTestID(sel), value))
	if !ok {
		p.fatalf("no %s on the page", sel)
	}
	p.waitUpdate(before, sel+" = "+value)
}

// toggle taps a checkbox (a Captain's power) and waits for the answer.
func (p phone) toggle(id string) {
	p.t.Helper()
	before := p.updated()
	p.tap(byTestID(id))
	p.waitUpdate(before, "after tapping "+id)
}

// problemRules are the rule IDs of the problems /check lists, in order.
func (p phone) problemRules() []string {
	p.t.Helper()
	lines := eval[[]string](p, `Array.from(document.querySelectorAll('[data-testid="problems"] li')).map(li => li.innerText)`)
	var rules []string
	for _, l := range lines {
		m := regexp.MustCompile(`— (R[0-9.]+)`).FindStringSubmatch(l)
		if m == nil {
			p.errorf("problem %q names no rule", l)
			continue
		}
		rules = append(rules, m[1])
	}
	return rules
}

// TestDisputeCheck settles the cases through the browser: a legal
// claim, one illegal claim per rule a claim can break, and one that a
// better party beats.
func TestDisputeCheck(t *testing.T) {
	t.Parallel()
	type step struct {
		into   string // bucket, with note the cards then show
		note   string
		cards  []string
		choose [2]string // a select and its value
		toggle string    // a checkbox
		player string    // a player count to tap
	}
	tests := []struct {
		name     string
		start    string
		steps    []step
		legal    bool
		rules    []string
		strength int
		best     int
	}{
		{name: "legal", start: "/check",
			steps: []step{{into: "new", note: "set 1", cards: []string{"H2", "H3", "H4"}}, {into: "new", note: "set 2", cards: []string{"S6", "K6"}}},
			legal: true, strength: 16, best: 16},
		{name: "R1.1 pool", start: "/check?players=3&pool=H2,H3,H4,X6,S6",
			steps: []step{{into: "new", note: "set 1", cards: []string{"H2", "H3", "H4", "H5"}}},
			rules: []string{"R1.1"}, best: 16},
		{name: "R1.2 pattern", start: "/check",
			steps: []step{{into: "new", note: "set 1", cards: []string{"H2", "H3", "H4"}}, {into: "new", note: "set 2", cards: []string{"A5", "XQ"}}},
			rules: []string{"R1.2"}, best: 12},
		{name: "R1.4 Parrot's suit", start: "/check",
			steps: []step{{into: "new", note: "set 1", cards: []string{"SP", "H4", "H6"}}, {choose: [2]string{"as-SP", "H5"}}},
			rules: []string{"R1.4"}, best: 6},
		{name: "R1.5 unflagged Captain as wild", start: "/check",
			steps: []step{{into: "new", note: "set 1", cards: []string{"SC", "A5", "A6"}}, {choose: [2]string{"as-SC", "A7"}}},
			rules: []string{"R1.5", "R1.2"}, best: 0},
		{name: "R1.6 twins", start: "/check",
			steps: []step{{into: "new", note: "set 1", cards: []string{"SP", "S6", "S7"}}, {into: "new", note: "set 2", cards: []string{"S5", "H5"}},
				{choose: [2]string{"as-SP", "S5"}}},
			rules: []string{"R1.6"}, best: 16},
		{name: "R1.6 two-player Kraken", start: "/check",
			steps: []step{{player: "2"}, {into: "new", note: "set 1", cards: []string{"SC", "A5"}}, {toggle: "power-SC"}, {choose: [2]string{"as-SC", "K5"}}},
			rules: []string{"R1.6"}, best: 4},
		{name: "a better party exists", start: "/check",
			steps: []step{{into: "new", note: "set 1", cards: []string{"S6", "K6"}}, {into: "unused", note: "unused", cards: []string{"H2", "H3", "A4"}}},
			legal: true, strength: 4, best: 10},
	}
	// /check keeps nothing on the server: the cases go side by side, each
	// in a tab of its own.
	findBrowser(t)
	base := startServer(t)
	browser, _ := startBrowser(t)
	dir := shotDir(t)
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := newPhone(t, browser, base, dir, fmt.Sprintf("check%d-", i))
			p.open(tt.start, "start")
			for _, st := range tt.steps {
				switch {
				case st.player != "":
					before := p.updated()
					p.tapSpan("players-" + st.player)
					p.waitUpdate(before, "players "+st.player)
				case st.toggle != "":
					p.toggle(st.toggle)
				case st.choose[0] != "":
					p.choose(st.choose[0], st.choose[1])
				default:
					p.tapInto(st.into, st.note, st.cards...)
				}
			}
			p.landed("verdict")
			verdict := p.text("verdict")
			if got := strings.HasPrefix(verdict, "Legal"); got != tt.legal {
				p.errorf("verdict %q, want legal=%t", verdict, tt.legal)
			}
			if got := p.problemRules(); !slices.Equal(got, tt.rules) {
				p.errorf("rules %v, want %v", got, tt.rules)
			}
			if tt.legal && p.text("claim-strength") != strconv.Itoa(tt.strength) {
				p.errorf("claimed strength %s, want %d", p.text("claim-strength"), tt.strength)
			}
			if got := p.text("verdict-best"); got != strconv.Itoa(tt.best) {
				p.errorf("best %s, want %d", got, tt.best)
			}
			// The address holds the claim: opened afresh it says the same.
			path := p.path()
			p.open(path, "reopened")
			if again := p.text("verdict"); again != verdict {
				p.errorf("%s reopened says %q, before %q", path, again, verdict)
			}
			// Each problem's rule links to its place on the rules page.
			for _, r := range tt.rules {
				if p.count(fmt.Sprintf(`[data-testid="problems"] a[href="/rules#%s"]`, r)) == 0 {
					p.errorf("no link to /rules#%s", r)
				}
			}
		})
	}
}

// TestDisputeSolve taps a pool on /solve and watches the best party, why
// not more and the advisor update, the address following.
func TestDisputeSolve(t *testing.T) {
	t.Parallel()
	p := newTable(t)
	p.prefix = "solve-"
	p.open("/solve", "empty")
	p.tapSettled(byTestID("players-3")+" + span", `document.querySelector('[data-testid="players-3"]').checked`, "three players")
	for _, c := range []string{"H2", "H3", "H4", "K5", "S6", "X6", "AC"} {
		p.tapSettled(byTestID("card-"+c)+" + span", fmt.Sprintf(`document.querySelector(%q).checked`, byTestID("card-"+c)), c+" in the pool")
	}
	p.waitFor(`(() => { const e = document.querySelector('[data-testid="result-strength"]'); return !!e && e.innerText === "16" && location.search.includes("cards=AC,H2,H3,H4,K5,X6,S6"); })()`, "the best party of the pool")
	if got, want := p.path(), "/solve?cards=AC,H2,H3,H4,K5,X6,S6&players=3"; got != want {
		p.errorf("address %s, want %s", got, want)
	}
	p.tap(byTestID("why") + " > summary")
	p.landed("why")
	if got := p.text("why-use-text-K5"); got != "Putting 5 of Kraken to use: best is 12, 4 less." {
		p.errorf("why K5: %q", got)
	}
	p.tap(byTestID("advisor") + " > summary")
	before := p.updated()
	p.tap(byTestID("tavern-H5") + " + span")
	p.waitUpdate(before, "the advisor's answer")
	p.waitFor(`!!document.querySelector('[data-testid="advice-H5-gain"]')`, "the gain of 5♥")
	p.landed("advice")
	if got := p.text("advice-H5-gain"); got != "+4" {
		p.errorf("gain of 5♥: %s, want +4", got)
	}
	// The Kraken leaves with a two-player game.
	before = p.updated()
	p.tap(byTestID("players-2") + " + span")
	p.waitUpdate(before, "two players")
	if n := p.count(byTestID("card-suit-K")); n != 0 {
		p.errorf("two players: the Kraken suit is still on the grid")
	}
	p.landed("two-players")
}

// TestDisputeIllegalClaimOnPhone opens a claim whose first set is illegal
// (a Parrot stated in another suit, R1.4) beside a legal one, as a phone
// shows it: the illegal set is drawn once, as claimed, with its problem,
// and no strength sum ("12 + 4 = 16", of the legal set and of the best
// party) is broken over two lines.
func TestDisputeIllegalClaimOnPhone(t *testing.T) {
	t.Parallel()
	p := newTable(t)
	p.open("/check?players=4&pool=K2,K3,K4,KP,X1,X4,X5,X6,X7,SC&set=K2,K3,K4,KP=A5&set=X4,X5,X6,X7", "illegal-set")
	// Each sum is one inline box: a sum broken over two lines has a box
	// on each. The legal set 2 and both sets of the best party have one.
	lines := eval[[]int](p, `Array.from(document.querySelectorAll("main .sum")).map(e => e.getClientRects().length)`)
	if len(lines) != 3 {
		p.errorf("%d strength sums on the page, want 3 (set 2 and the best party's two sets)", len(lines))
	}
	for i, n := range lines {
		if n != 1 {
			texts := eval[[]string](p, `Array.from(document.querySelectorAll("main .sum")).map(e => e.innerText)`)
			p.errorf("sum %d %q is drawn on %d lines, want 1", i+1, texts[i], n)
		}
	}
	if got := p.text("claim-set-1-name"); got != "Not a legal set" {
		p.errorf("set 1 is named %q, want %q", got, "Not a legal set")
	}
	if got := p.count(byTestID("claim-set-1") + " .face"); got != 4 {
		p.errorf("set 1 draws %d card faces, want its 4 cards once each", got)
	}
	if got, _ := p.maybeText(byTestID("claim-card-KP")); got != "Parrot of Kraken as 5 of Anchor" {
		p.errorf("the Parrot reads %q, want it as claimed, %q", got, "Parrot of Kraken as 5 of Anchor")
	}
	if p.count(byTestID("claim-set-1-problem-1")+` a[href="/rules#R1.4"]`) != 1 {
		p.errorf("set 1 does not cite R1.4 next to it")
	}
}
