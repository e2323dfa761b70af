package e2e

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"ruthless/handlers"
	"ruthless/scoring"
)

// The pools of the whole game, by round and seat. Each player recruits
// from a suit of their own, so nothing clashes unless a step makes it;
// round 1 brings four new pirates each (an R4.3 warning, saved all the
// same).
var fourPools = [][][]string{
	{{"A1", "A2", "A3", "A4"}, {"H1", "H2", "H3", "H4"}, {"K1", "K2", "K3", "K4"}, {"S1", "S2", "S3", "S4"}},
	{{"A1", "A2", "A3", "A4", "X1"}, {"H1", "H2", "H3", "H4", "H5"}, {"K1", "K2", "K3", "K4"}, {"S1", "S2", "S3", "S4"}},
	{{"A1", "A2", "A3", "A4", "A5", "X1"}, {"H1", "H2", "H3", "H4", "H5", "H6"}, {"K1", "K2", "K3", "K4", "K5"}, {"S1", "S2", "S3", "S4", "S5"}},
	{{"A1", "A2", "A3", "A4", "A5", "X1"}, {"H1", "H2", "H3", "H4", "H5", "H6"}, {"K1", "K2", "K3", "K4", "K5"}, {"S2", "S3", "S4", "S5", "S6", "S7", "SQ"}},
	{{"A1", "A2", "A3", "A4", "A5", "X1"}, {"H1", "H2", "H3", "H4", "H5", "H6"}, {"K1", "K2", "K3", "K4", "K5"}, {"S2", "S3", "S4", "S5", "S6", "S7", "SQ"}},
}

// fourCoins are the coins entered, by round and seat (Bob keeps his own
// round 2 entry with 2 coins; Dan's draft holds 2).
var fourCoins = [][]int{{0, 0, 0, 0}, {0, 2, 0, 0}, {0, 2, 0, 0}, {0, 2, 0, 2}, {0, 2, 0, 2}}

// ownEntry matches an address of one seat's entry.
var ownEntry = regexp.MustCompile(`/(?:players|final)/(\d+)$`)

// nextAction is the page's main button: its address and words, if any.
func (p phone) nextAction() (href, text string, ok bool) {
	p.t.Helper()
	type found struct {
		Found bool   `json:"found"`
		Href  string `json:"href"`
		Text  string `json:"text"`
	}
	v := eval[found](p, `(() => { const e = document.querySelector('[data-testid="next-action"]'); return e ? {found: true, href: e.getAttribute("href"), text: e.innerText} : {found: false, href: "", text: ""}; })()`)
	return v.Href, strings.Join(strings.Fields(v.Text), " "), v.Found
}

// expectNext checks that the page's main button is this phone's own next
// step (href and text; href "" for none), and never another seat's entry.
func expectNext(p phone, seat int, wantHref, wantText string) {
	p.t.Helper()
	href, text, ok := p.nextAction()
	if m := ownEntry.FindStringSubmatch(href); m != nil && m[1] != strconv.Itoa(seat) {
		p.errorf("on %s seat %d's phone is offered %q (%s), another seat's entry", p.path(), seat, text, href)
	}
	switch {
	case wantHref == "" && ok:
		p.errorf("on %s seat %d's phone shows the main button %q (%s), want none while it waits", p.path(), seat, text, href)
	case wantHref != "" && !ok:
		p.errorf("on %s seat %d's phone shows no main button, want %q (%s)", p.path(), seat, wantText, wantHref)
	case wantHref != "" && (href != wantHref || text != wantText):
		p.errorf("on %s seat %d's main button is %q (%s), want %q (%s)", p.path(), seat, text, href, wantText, wantHref)
	}
}

// arrive waits, without touching the phone, until it shows the page at
// path by itself, and keeps a screenshot of it.
func arrive(p phone, path, name string) {
	p.t.Helper()
	p.waitPath(path, name+" at "+path)
	p.landed(name)
}

// draftOf is what the phone keeps in localStorage under key, "" for none.
func draftOf(p phone, key string) string {
	p.t.Helper()
	return eval[string](p, fmt.Sprintf(`localStorage.getItem(%q) || ""`, key))
}

// TestWholeGameOnFourPhones: four phones, each its own seat, play a whole
// four-player game (five rounds and the end of the game) through the
// pages. Every phone's main button is its own next step at every turn,
// and every phone arrives at each round's results and at the final scores
// by itself. On the way: a round saved with R4.3 warnings, a card that
// clashes (R4.1), two phones saving one entry, a save through a dropped
// connection, taps kept when a phone leaves its entry, and, on a table
// with a password, a phone let in by the join code opening the helpers.
func TestWholeGameOnFourPhones(t *testing.T) {
	t.Parallel()
	findBrowser(t)
	browser, _ := startBrowser(t)
	dir := shotDir(t)

	t.Run("password table", func(t *testing.T) {
		// On every address, so the invite page shows its link (and code).
		base, st := inviteServer(t, ":0", handlers.Options{Password: "black flag"})
		game := storeGame(t, st)
		code := invitedCode(t, base, strings.TrimPrefix(game, "/games/"), "black flag")
		p := seatPhone(t, browser, base, dir, "guest-", true)
		p.open(game+"/join?code="+url.QueryEscape(code), "join")
		p.follow(byTestID("join-2"), "entry", http.StatusOK)
		entry := game + "/rounds/1/players/2"
		if got := eval[string](p, `location.pathname`); got != entry {
			p.fatalf("joining as Cat led to %s, want %s", got, entry)
		}
		p.choosePool([]string{"K2", "K3", "K4"})
		for _, step := range []struct {
			name, css, path string
		}{
			{"rule", `main a.rule`, "/rules"},
			{"advisor", byTestID("advisor-link"), "/solve"},
			{"best-party", byTestID("nav-solve"), "/solve"},
		} {
			// Back on the entry (its taps come back from the draft).
			p.open(entry, "entry-"+step.name)
			p.follow(step.css, step.name, http.StatusOK)
			if got := eval[string](p, `location.pathname`); got != step.path {
				p.errorf("%s from the entry led to %s, want %s", step.name, got, step.path)
			}
			if step.name != "advisor" {
				continue
			}
			// The advisor is on the cards tapped, not saved yet, all three
			// recruited this round.
			q, _ := url.ParseQuery(strings.TrimPrefix(p.path(), "/solve?"))
			if got, want := q.Get("cards"), "K2,K3,K4"; got != want {
				p.errorf("the advisor opened on cards %q, want the taps %q", got, want)
			}
			if got, want := q.Get("recruited"), "3"; got != want {
				p.errorf("the advisor counts %q recruits, want %q", got, want)
			}
			// The party checker, from the advisor's best party.
			p.follow(byTestID("check-link"), "check", http.StatusOK)
			if got := eval[string](p, `location.pathname`); got != "/check" {
				p.errorf("the advisor's check link led to %s, want /check", got)
			}
		}
	})

	base := startServer(t)
	id := createGame(t, base, tableFile)
	game := "/games/" + id
	names := []string{"Ann", "Bob", "Cat", "Dan"}
	phones := make([]phone, 4)
	for i := range phones {
		phones[i] = seatPhone(t, browser, base, dir, fmt.Sprintf("%d%s-", i, strings.ToLower(names[i])), true)
	}
	entryOf := func(r, seat int) string { return fmt.Sprintf("%s/rounds/%d/players/%d", game, r, seat) }
	results := func(r int) string { return fmt.Sprintf("%s/rounds/%d", game, r) }
	finalOf := func(seat int) string { return fmt.Sprintf("%s/final/%d", game, seat) }
	enterText := func(r int) string { return fmt.Sprintf("Enter your round %d cards", r) }
	const endText = "End of game: enter your cards"

	// step runs one step of the game; a failed step ends the game, as
	// every later step builds on it.
	step := func(name string, f func(t *testing.T)) {
		t.Helper()
		if !t.Run(name, f) {
			t.FailNow()
		}
	}
	// allAtResults waits for every phone to show round r's results by
	// itself, then checks each one's main button is its own next step.
	allAtResults := func(t *testing.T, r int, href func(seat int) string, text string) {
		t.Helper()
		for i, p := range phones {
			p := p.on(t)
			arrive(p, results(r), fmt.Sprintf("results-%d", r))
			p.waitFor(fmt.Sprintf(`!!document.querySelector('[data-testid="strength-%d"]')`, len(names)-1), fmt.Sprintf("round %d scored", r))
			expectNext(p, i, href(i), text)
		}
	}
	// enterFrom taps the main button to the phone's own entry of round r.
	enterFrom := func(t *testing.T, seat, r int) phone {
		t.Helper()
		p := phones[seat].on(t)
		expectNext(p, seat, entryOf(r, seat), enterText(r))
		p.follow(byTestID("next-action"), fmt.Sprintf("entry-%d", r), http.StatusOK)
		if got := eval[string](p, `location.pathname`); got != entryOf(r, seat) {
			p.fatalf("the main button led to %s, want %s", got, entryOf(r, seat))
		}
		return p
	}
	// saveWaiting saves an entry that does not complete the round (or
	// the end of the game): the phone waits on the scoreboard with no
	// main button.
	saveWaiting := func(p phone, seat int, name string) {
		p.t.Helper()
		p.follow(byTestID("save"), name, http.StatusOK)
		if got := eval[string](p, `location.pathname`); got != game {
			p.fatalf("saving led to %s, want the scoreboard %s", got, game)
		}
		expectNext(p, seat, "", "")
	}

	// Every phone opens the join page and says which seat it is; each
	// lands on its own round 1 entry.
	step("join", func(t *testing.T) {
		for i, p := range phones {
			p := p.on(t)
			p.open(game+"/join", "join")
			p.follow(byTestID(fmt.Sprintf("join-%d", i)), "entry-1", http.StatusOK)
			if got := eval[string](p, `location.pathname`); got != entryOf(1, i) {
				p.fatalf("after joining as %s: %s, want %s", names[i], got, entryOf(1, i))
			}
			if got := p.text("seat-name"); got != names[i] {
				p.errorf("the phone says it is %q, want %q", got, names[i])
			}
			// "This phone is Ann." reads as one line of text: the name on
			// the same baseline as the words before it.
			if off := eval[float64](p, `(() => { const s = document.querySelector('[data-testid="seat"]'), r = document.createRange();
				r.selectNodeContents(s.firstChild);
				return s.querySelector('[data-testid="seat-name"]').getBoundingClientRect().bottom - r.getBoundingClientRect().bottom; })()`); off < -2 || off > 2 {
				p.errorf("the name in the seat line sits %.0f px below the words before it, want the same line", off)
			}
		}
	})

	// Round 1: four new pirates each, an R4.3 warning. Ann, Bob and Cat
	// are shown it on their entry; Dan's save completes the round and
	// opens its results despite the warning, and the other three phones
	// follow by themselves.
	step("round 1 with warnings", func(t *testing.T) {
		for i := range 3 {
			p := phones[i].on(t)
			p.choosePool(fourPools[0][i])
			p.follow(byTestID("save"), "saved-1", http.StatusOK)
			if got := p.path(); got != entryOf(1, i)+"?saved=1" {
				p.fatalf("a save with a warning led to %s, want %s?saved=1", got, entryOf(1, i))
			}
			if p.count(byTestID("warning")) == 0 || p.count(byTestID("saved")) == 0 {
				p.errorf("a save of four new pirates shows no R4.3 warning or no saved notice")
			}
		}
		dan := phones[3].on(t)
		dan.choosePool(fourPools[0][3])
		dan.follow(byTestID("save"), "results-1", http.StatusOK)
		if got := eval[string](dan, `location.pathname`); got != results(1) {
			dan.fatalf("the save that completed round 1 led to %s, want %s", got, results(1))
		}
		allAtResults(t, 1, func(i int) string { return entryOf(2, i) }, enterText(2))
		if n := phones[0].on(t).count(byTestID("warning")); n != 1 {
			phones[0].on(t).errorf("round 1 results show %d R4.3 warnings, want one naming every player", n)
		}
		if n := phones[0].on(t).count(`[data-testid^="warned-"]`); n != 4 {
			phones[0].on(t).errorf("round 1's R4.3 warning names %d players, want 4", n)
		}
	})

	// Round 2, a clash: Dan's entry is open before Ann saves the Skull 1;
	// Dan taps it too and saves. The refusal keeps the page around the
	// form and draws the card; Dan untaps it and saves.
	step("round 2 clash", func(t *testing.T) {
		dan := enterFrom(t, 3, 2)
		ann := enterFrom(t, 0, 2)
		ann.choosePool(fourPools[1][0])
		saveWaiting(ann, 0, "waiting-2")
		dan.waitFor(tick(0), "Ann's tick on Dan's open entry")
		dan.choosePool(append(slices.Clone(fourPools[1][3]), "X1"))
		dan.follow(byTestID("save"), "clash", http.StatusUnprocessableEntity)
		if got := dan.text("seat-name"); got != "Dan" {
			dan.errorf("the refused page's seat line names %q, want Dan", got)
		}
		if got, want := dan.text("entered-count"), "1 of 4 have entered round 2."; got != want {
			dan.errorf("the refused page's live list says %q, want %q", got, want)
		}
		if n := dan.count(`[data-testid^="status-"]`); n != 4 {
			dan.errorf("the refused page's live list has %d seats, want 4", n)
		}
		if dan.count(byTestID("advisor-link")) != 1 {
			dan.errorf("the refused page has no advisor link")
		}
		if dan.count(byTestID("clash")+" "+byTestID("clash-card-X1")) != 1 {
			dan.errorf("the clash box does not draw the Skull 1")
		}
		if got := dan.text("clash"); !strings.Contains(got, "Also in Ann's entry") {
			dan.errorf("the clash box says %q, want it to name Ann's entry", got)
		}
		if got, _ := dan.maybeText(byTestID("clash") + ` a.rule[href$="#R4.1"]`); got != "R4.1" {
			dan.errorf("the clash box's rule chip reads %q, want R4.1", got)
		}
		if got := strings.Join(strings.Fields(dan.text("holder-X1")), " "); got != "also in Ann's entry" {
			dan.errorf("the Skull 1 is marked %q, want %q (\" entry\" for screen readers)", got, "also in Ann's entry")
		}
		if cut := eval[bool](dan, `(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)(document.querySelector('[data-testid="holder-X1"]'))`); cut {
			dan.errorf("the Skull 1's mark %q is cut off on the card", "also in Ann's")
		}
		if !slices.Contains(dan.checkedCards(), "X1") {
			dan.errorf("the Skull 1 is not ticked any more on the refused page")
		}
		dan.setCard("X1", false)
		saveWaiting(dan, 3, "waiting-2")
	})

	// Round 2, a conflict: Bob's entry is open on his phone when Cat's
	// phone, handed to Bob, saves Bob's entry (opened by its address:
	// seats are not a lock, though no page leads a phone to a seat
	// another phone holds). Bob's own save meets the "keep which one"
	// page, around the form as ever; he keeps his. Cat's phone, Cat's all
	// along, then completes the round.
	step("round 2 conflict", func(t *testing.T) {
		bob := enterFrom(t, 1, 2)
		cat := enterFrom(t, 2, 2)
		cat.open(entryOf(2, 1), "bobs-entry")
		cat.follow(byTestID("save"), "saved-for-bob", http.StatusOK)
		expectNext(cat, 2, entryOf(2, 2), enterText(2))

		bob.waitFor(tick(1), "Bob's own tick on his open entry")
		bob.choosePool(fourPools[1][1])
		bob.setNumber("coins", 2)
		bob.follow(byTestID("save"), "conflict", http.StatusConflict)
		if bob.count(byTestID("conflict")) != 1 {
			bob.fatalf("the 409 page has no keep-which-one box")
		}
		if got := bob.text("conflict-title"); !strings.HasPrefix(got, "Cat's phone saved this entry at ") {
			bob.errorf("the conflict on Bob's phone says %q, want %q", got, "Cat's phone saved this entry at …")
		}
		if got := bob.text("seat-name"); got != "Bob" {
			bob.errorf("the conflict page's seat line names %q, want Bob", got)
		}
		if got, want := bob.text("entered-count"), "3 of 4 have entered round 2."; got != want {
			bob.errorf("the conflict page's live list says %q, want %q", got, want)
		}
		if bob.count(byTestID("advisor-link")) != 1 {
			bob.errorf("the conflict page has no advisor link")
		}
		bob.follow(byTestID("keep-mine"), "kept-mine", http.StatusOK)
		if got := eval[string](bob, `location.pathname`); got != game {
			bob.fatalf("keeping his entry led Bob to %s, want the scoreboard", got)
		}
		expectNext(bob, 1, "", "")

		cat.follow(byTestID("next-action"), "entry-2", http.StatusOK)
		if got := eval[string](cat, `location.pathname`); got != entryOf(2, 2) {
			cat.fatalf("Cat's phone opened %s, want her entry %s", got, entryOf(2, 2))
		}
		cat.choosePool(fourPools[1][2])
		cat.follow(byTestID("save"), "results-2", http.StatusOK)
		allAtResults(t, 2, func(i int) string { return entryOf(3, i) }, enterText(3))
	})

	// Round 3: Ann opens the game as if from the QR code and lands on her
	// own entry; Cat's phone drops the Wi-Fi as she saves last, and the
	// save lands once it is back: every phone then opens the results.
	step("round 3 offline save", func(t *testing.T) {
		ann := phones[0].on(t)
		ann.open(game, "own-entry-3")
		if got := eval[string](ann, `location.pathname`); got != entryOf(3, 0) {
			ann.fatalf("Ann opening the game: %s, want her entry %s", got, entryOf(3, 0))
		}
		ann.choosePool(fourPools[2][0])
		saveWaiting(ann, 0, "waiting-3")
		for _, i := range []int{1, 3} {
			p := enterFrom(t, i, 3)
			p.choosePool(fourPools[2][i])
			saveWaiting(p, i, "waiting-3")
		}
		cat := enterFrom(t, 2, 3)
		cat.choosePool(fourPools[2][2])
		cat.offline(true)
		cat.tap(byTestID("save"))
		cat.waitFor(`!document.getElementById("unsaved").hidden`, "the not-saved notice")
		cat.landed("offline")
		if got := draftOf(cat, "ruthless:draft:"+id+"/3/2"); !strings.Contains(got, "K5") {
			cat.errorf("local copy while offline %q, want the taps", got)
		}
		cat.offline(false)
		allAtResults(t, 3, func(i int) string { return entryOf(4, i) }, enterText(4))
		if got := draftOf(cat, "ruthless:draft:"+id+"/3/2"); got != "" {
			cat.errorf("local copy after the save %q, want none", got)
		}
	})

	// Round 4: Dan taps four cards and + twice, leaves for the scoreboard
	// and comes back: his taps and coins are there with a notice, and Save
	// keeps them and clears the draft.
	step("round 4 draft", func(t *testing.T) {
		for i := range 3 {
			p := enterFrom(t, i, 4)
			saveWaiting(p, i, "waiting-4")
		}
		dan := enterFrom(t, 3, 4)
		for _, c := range []string{"S6", "S7", "SQ"} {
			dan.setCard(c, true)
		}
		dan.setCard("S1", false)
		dan.setNumber("coins", 2)
		key := "ruthless:draft:" + id + "/4/3"
		dan.waitFor(fmt.Sprintf(`(d => d.includes("SQ") && d.includes('"coins":"2"'))(localStorage.getItem(%q) || "")`, key), "the taps and coins kept as a draft")
		dan.follow(byTestID("to-scoreboard"), "left-entry", http.StatusOK)
		expectNext(dan, 3, entryOf(4, 3), enterText(4))
		dan.follow(byTestID("next-action"), "draft", http.StatusOK)
		dan.waitFor(`!document.querySelector('[data-testid="draft"]').hidden`, "the draft notice")
		dan.landed("draft")
		if got, want := dan.checkedCards(), sorted(fourPools[3][3]); !slices.Equal(got, want) {
			dan.errorf("taps after coming back %v, want %v", got, want)
		}
		if got := eval[string](dan, `document.querySelector('[data-testid="input-coins"]').value`); got != "2" {
			dan.errorf("coins after coming back %q, want 2", got)
		}
		if dan.count(byTestID("discard-draft")) != 1 {
			dan.errorf("the draft notice has no Discard button")
		}
		dan.follow(byTestID("save"), "results-4", http.StatusOK)
		if got := draftOf(dan, key); got != "" {
			dan.errorf("the draft after saving %q, want none", got)
		}
		allAtResults(t, 4, func(i int) string { return entryOf(5, i) }, enterText(5))
	})

	// Round 5, the last: the four phones save at the same moment, as a
	// table does at the end of a round. Whichever page each save leads
	// to, drawn before or after the round completed, every phone opens
	// the results; every phone's next step is then its own end of game.
	step("round 5 saved at once", func(t *testing.T) {
		for i := range phones {
			enterFrom(t, i, 5)
		}
		var wg sync.WaitGroup
		errs := make([]error, len(phones))
		for i, p := range phones {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = tapOnce(p.ctx, byTestID("save"))
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("%s saving: %v", names[i], err)
			}
		}
		allAtResults(t, 5, finalOf, endText)
	})

	// The end of the game: Ann opens the game from outside and lands on
	// her end-of-game entry; Cat finds hers on the scoreboard and Dan on
	// the final scores page still waiting. Dan's save brings the final
	// scores, and every phone opens them by itself.
	step("end of game", func(t *testing.T) {
		ann := phones[0].on(t)
		ann.open(game, "own-final")
		if got := eval[string](ann, `location.pathname`); got != finalOf(0) {
			ann.fatalf("Ann opening the game at the end: %s, want her end-of-game entry %s", got, finalOf(0))
		}
		saveWaiting(ann, 0, "waiting-final")

		bob := phones[1].on(t)
		expectNext(bob, 1, finalOf(1), endText)
		bob.follow(byTestID("next-action"), "final-entry", http.StatusOK)
		bob.setNumber("loot_kept", 5)
		key := "ruthless:draft:" + id + "/final/1"
		bob.waitFor(fmt.Sprintf(`(localStorage.getItem(%q) || "").includes('"loot_kept":"5"')`, key), "the end-of-game taps kept as a draft")
		saveWaiting(bob, 1, "waiting-final")
		if got := draftOf(bob, key); got != "" {
			bob.errorf("the end-of-game draft after saving %q, want none", got)
		}

		cat := phones[2].on(t)
		cat.follow(byTestID("scoreboard-link"), "scoreboard", http.StatusOK)
		expectNext(cat, 2, finalOf(2), endText)
		cat.follow(byTestID("next-action"), "final-entry", http.StatusOK)
		saveWaiting(cat, 2, "waiting-final")

		dan := phones[3].on(t)
		dan.open(game+"/final", "final-waiting")
		if got := dan.count(byTestID("waiting") + " li"); got != 1 {
			dan.errorf("the final scores page waits for %d players, want 1", got)
		}
		expectNext(dan, 3, finalOf(3), endText)
		dan.follow(byTestID("next-action"), "final-entry", http.StatusOK)
		dan.follow(byTestID("save"), "final", http.StatusOK)

		g := fetchGame(t, base, id)
		res := scoreOf(t, g)
		np := make([]int, len(names))
		for _, tot := range res.Totals {
			np[tot.Player] = tot.NP
		}
		for i, p := range phones {
			p := p.on(t)
			arrive(p, game+"/final", "final")
			p.waitFor(`!!document.querySelector('[data-testid="winner"]')`, "the winner")
			for s := range names {
				if got, want := p.text(fmt.Sprintf("np-%d", s)), strconv.Itoa(np[s]); got != want {
					p.errorf("%s's NP on seat %d's phone %s, want %s", names[s], i, got, want)
				}
			}
		}
		ann.follow(`main a.pagelink[href="`+game+`"]`, "scoreboard-final", http.StatusOK)
		expectNext(ann, 0, game+"/final", "See the final scores")

		// What every phone saw is what was stored.
		for r, round := range g.Rounds {
			for s, e := range round {
				if e == nil {
					t.Errorf("round %d: %s has no entry", r+1, names[s])
					continue
				}
				if got, want := codes(e.Pool), sorted(fourPools[r][s]); !slices.Equal(got, want) {
					t.Errorf("round %d: %s's stored pool %v, want %v", r+1, names[s], got, want)
				}
				if e.Coins != fourCoins[r][s] {
					t.Errorf("round %d: %s's stored coins %d, want %d", r+1, names[s], e.Coins, fourCoins[r][s])
				}
			}
		}
		if len(g.Rounds) != scoring.RoundsFor(len(names)) {
			t.Errorf("stored %d rounds, want %d", len(g.Rounds), scoring.RoundsFor(len(names)))
		}
	})
}
