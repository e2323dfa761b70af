package e2e

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// screenPlayers are the mixed table of issue 41: four scripts, one long
// name.
var screenPlayers = [4]string{"Maximilianus Aurelius Valerius the Third", "Анастасия Ковалевская", "欧阳晓明", "سارة القحطاني"}

// screenRounds are the five rounds' entries, seat by seat. From round 3
// (Piracy) seats 0 and 1 both make 16 and seat 0 is placed first by its
// unused Queen (R2.5): a tie line each round.
var screenRounds = [5][4]string{
	{`{"pool":["H2","H3","H4"],"coins":1}`, `{"pool":["A2","A3","A4"],"coins":1}`, `{"pool":["S5","S6"],"coins":0}`, `{"pool":["X1","X2","X3"],"coins":2}`},
	{`{"pool":["H2","H3","H4","H5"],"coins":1}`, `{"pool":["A2","A3","A4","A5"],"coins":1}`, `{"pool":["S5","S6","S7"],"coins":0}`, `{"pool":["X1","X2","X3"],"coins":2}`},
	{`{"pool":["H2","H3","H4","H5","HQ"],"coins":1}`, `{"pool":["A2","A3","A4","A5"],"coins":1}`, `{"pool":["S5","S6","S7","SP"],"coins":0}`, `{"pool":["X1","X2","X3","XC"],"coins":2}`},
	{`{"pool":["H2","H3","H4","H5","HQ"],"coins":1}`, `{"pool":["A2","A3","A4","A5","AC"],"coins":1}`, `{"pool":["S5","S6","S7","SP"],"coins":0}`, `{"pool":["X1","X2","X3","XC"],"coins":2}`},
	{`{"pool":["H2","H3","H4","H5","HQ"],"coins":1}`, `{"pool":["A2","A3","A4","A5","AC"],"coins":1}`, `{"pool":["S5","S6","S7","SP"],"coins":0}`, `{"pool":["X1","X2","X3","XC"],"coins":2}`},
}

// screenFinals are the four ends of game, as the phones send them.
var screenFinals = []url.Values{
	{"card": {"H2", "H3", "H4", "H5", "HQ"}, "monkeys": {"1"}, "loot_kept": {"9"}, "loot_buried": {"0"}, "coins": {"1"}},
	{"card": {"A2", "A3", "A4", "A5", "AC"}, "monkeys": {"2"}, "loot_kept": {"3"}, "loot_buried": {"1"}, "coins": {"1"}, "parley_used": {"1"}},
	{"card": {"S5", "S6", "S7", "SP"}, "monkeys": {"0"}, "loot_kept": {"4"}, "loot_buried": {"0"}, "coins": {"0"}, "parley_used": {"1"}},
	{"card": {"X1", "X2", "X3", "XC"}, "monkeys": {"0"}, "loot_kept": {"2"}, "loot_buried": {"0"}, "coins": {"2"}, "parley_used": {"1"}},
}

// TestScreenFollowsAGame (issue 41): the big screen, opened on a laptop
// (1280×720) and on a TV (1920×1080) before the game starts, follows a
// whole game played by the other phones, with no reload by anyone: who
// has entered, each round's parties and tie lines as they come in, the
// end of the game and its celebration. At every stage it fits the screen
// without scrolling, and names and NP are at least 32 px.
func TestScreenFollowsAGame(t *testing.T) {
	t.Parallel()
	findBrowser(t)
	base := startServer(t)
	browser, _ := startBrowser(t)
	for _, size := range []struct{ w, h int64 }{{1280, 720}, {1920, 1080}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			t.Parallel() // each screen follows a game of its own
			ctx, cancel := chromedp.NewContext(tabDeadline(t, browser))
			t.Cleanup(cancel)
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(size.w, size.h, chromedp.EmulateScale(1))); err != nil {
				t.Fatalf("sizing the screen: %v", err)
			}
			p := phone{t: t, tab: &tab{ctx: ctx, base: base, dir: shotDir(t), prefix: fmt.Sprintf("%dx%d-", size.w, size.h)}}
			followGame(p)
		})
	}
}

// followGame plays a game through the API and the forms while p shows its
// big screen, checking the screen at each stage.
func followGame(p phone) {
	t := p.t
	names, _ := json.Marshal(screenPlayers)
	id := createGame(t, p.base, `{"version":1,"players":`+string(names)+`,"start_player":0,"rounds":[]}`)
	screen := "/games/" + id + "/screen"
	src, _ := os.ReadFile(axeScript)
	axe := string(src)
	if axe == "" {
		t.Log("axe-core is missing: the screen's accessibility is not checked")
	}
	p.navigate(p.base+screen, "screen", 200)
	// Marks the page: a reload would lose it.
	eval[bool](p, `window.__notReloaded = true`)
	stage := func(name string) {
		p.t.Helper()
		if !eval[bool](p, `window.__notReloaded === true`) || p.path() != screen {
			p.fatalf("at %s the screen was reloaded or left (now %s)", name, p.path())
		}
		checkScreenFits(p, name)
		// The accessibility check where axe-core is installed (TestEveryPage
		// requires it; here it must not hide the rest).
		if axe != "" {
			for _, v := range p.axeCheck(axe) {
				p.errorf("%s: accessibility: %s", name, v)
			}
		}
		p.screen(name)
	}
	if p.count(byTestID("screen-qr")) != 1 {
		p.fatalf("no join QR code before any seat is held")
	}
	stage("start")

	for seat := range 2 {
		putEntry(t, p.base, id, 1, seat, screenRounds[0][seat])
	}
	p.waitFor(`document.querySelector('[data-testid="screen-entered-1"]').dataset.entered === "true" &&
		document.querySelector('[data-testid="screen-entered-2"]').dataset.entered === "false"`, "two of four to show as entered")
	if got := p.text("screen-status"); !strings.Contains(got, "2 of 4 entered") {
		p.errorf("status %q, want 2 of 4 entered", got)
	}
	stage("round1-half")

	for r := range 5 {
		for seat := range 4 {
			if r == 0 && seat < 2 {
				continue
			}
			putEntry(t, p.base, id, r+1, seat, screenRounds[r][seat])
		}
		p.waitFor(fmt.Sprintf(`(h => !!h && h.textContent.includes("Round %d"))(document.querySelector('[data-testid="screen-latest"] h2'))`, r+1),
			fmt.Sprintf("round %d's results", r+1))
		if r == 2 {
			if p.count(byTestID("screen-tie")) == 0 {
				p.errorf("round 3's tie line is missing")
			}
			stage("round3-results")
		}
	}
	p.waitFor(`document.querySelector('[data-testid="screen-status"]').textContent.includes("End of game")`, "the end of the game")
	stage("end-of-game")

	for seat, form := range screenFinals {
		postFinal(t, p.base, id, seat, form)
	}
	p.waitFor(`!!document.querySelector('[data-testid="screen-final"] [data-testid="celebration"]')`, "the final scores and the celebration")
	if got := p.text("winner"); !strings.Contains(got, "wins") {
		p.errorf("winner line %q", got)
	}
	p.waitFor(`document.getAnimations().every(a => a.playState === "finished")`, "the celebration to end")
	stage("final")
}

// checkScreenFits fails the test when the big screen scrolls, anything on
// it reaches past the window, or a name or an NP figure is under 32 px.
func checkScreenFits(p phone, name string) {
	p.t.Helper()
	scroll := eval[[]int](p, `(s => [s.scrollWidth, s.scrollHeight, innerWidth, innerHeight])(document.scrollingElement)`)
	if scroll[0] > scroll[2] || scroll[1] > scroll[3] {
		p.errorf("%s: the page is %d×%d in a %d×%d window: it scrolls", name, scroll[0], scroll[1], scroll[2], scroll[3])
	}
	out := eval[[]string](p, `Array.from(document.querySelectorAll(".scr *")).filter(e => {
		const r = e.getBoundingClientRect();
		return r.width > 1 && (r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5);
	}).slice(0, 5).map(e => e.tagName.toLowerCase() + "." + e.className)`)
	if len(out) > 0 {
		p.errorf("%s: past the window's edge: %s", name, strings.Join(out, ", "))
	}
	small := eval[[]string](p, `Array.from(document.querySelectorAll(
		'[data-testid^="screen-name-"], [data-testid^="screen-np-"], .scr-party .who, .scr-party .str'))
		.filter(e => parseFloat(getComputedStyle(e).fontSize) < 32)
		.map(e => e.textContent.trim() + " " + getComputedStyle(e).fontSize)`)
	if len(small) > 0 {
		p.errorf("%s: names or NP under 32 px: %s", name, strings.Join(small, "; "))
	}
	if n := p.count(`[data-testid^="screen-name-"]`); n != 4 {
		p.errorf("%s: %d names on the board, want 4", name, n)
	}
}
