package e2e

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestShareTheResult taps "Share the result" on the final scores. A
// headless browser has neither a share sheet nor a clipboard a test can
// read, so the page's two ways out are stood in for in the page itself:
// with a share sheet the share link (made by the tap) goes to it (and the
// page stays); without one the same link is copied and the page says so.
func TestShareTheResult(t *testing.T) {
	t.Parallel()
	p := newTable(t)
	id := createGame(t, p.base, nightGame(5, false, true))
	p.open("/games/"+id+"/final", "final")
	card := ""

	eval[bool](p, `(() => { window.__shared = null; navigator.share = d => { window.__shared = d; return Promise.resolve(); }; return true; })()`)
	p.tap(byTestID("share"))
	p.waitFor(`window.__shared !== null`, "the share sheet")
	card = eval[string](p, `window.__shared.url`)
	if !regexp.MustCompile(`^` + regexp.QuoteMeta(p.base) + `/s/[a-z2-7]{32}$`).MatchString(card) {
		p.errorf("shared %q, want the share link %s/s/TOKEN", card, p.base)
	}
	if got := eval[string](p, `window.__shared.text`); !strings.Contains(got, "Dan") {
		p.errorf("shared text %q, want the winner named", got)
	}
	if got := p.path(); got != "/games/"+id+"/final" {
		p.errorf("after sharing the phone is at %s, want still the final scores", got)
	}

	eval[bool](p, `(() => { window.__copied = null; navigator.share = undefined;
		Object.defineProperty(navigator, "clipboard", {configurable: true, value: {writeText: s => { window.__copied = s; return Promise.resolve(); }}});
		return true; })()`)
	p.tap(byTestID("share"))
	p.waitFor(`window.__copied !== null`, "the copied link")
	if got := eval[string](p, `window.__copied`); got != card {
		p.errorf("copied %q, want the result card %q", got, card)
	}
	p.waitFor(`document.querySelector("[data-share-status]").textContent === "Link copied"`, "Link copied")
	p.landed("link-copied")
}

// TestAboutInThePhonesTimeZone sets when a game was played on a phone in
// New York: the form shows the stored time in the phone's zone, and a time
// typed there is stored with the phone's offset on that date (−05:00 in
// November), not the server's or UTC.
func TestAboutInThePhonesTimeZone(t *testing.T) {
	t.Parallel()
	p := newTable(t)
	id := createGame(t, p.base, `{"version":1,"players":["Ann","Ben"],"start_player":0,"played":"2026-11-20T23:30:00Z","rounds":[]}`)
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout())
	defer cancel()
	if _, err := chromedp.Call(ctx, emulation.SetTimezoneOverride, emulation.SetTimezoneOverrideParams{TimezoneID: "America/New_York"}); err != nil {
		p.fatalf("time zone: %v", err)
	}
	p.open("/games/"+id+"/about", "about")
	if got := eval[string](p, `document.getElementById("played").value`); got != "2026-11-20T18:30" {
		p.errorf("played shows %q, want 2026-11-20T18:30 (23:30 UTC in New York)", got)
	}
	eval[bool](p, `(() => { document.getElementById("played").value = "2026-11-21T20:15"; return true; })()`)
	p.follow(byTestID("about-save"), "about-saved", http.StatusOK)
	g := fetchGame(t, p.base, id)
	if g.Played != "2026-11-21T20:15:00-05:00" {
		p.errorf("stored played %q, want 2026-11-21T20:15:00-05:00", g.Played)
	}
}

// TestLinkCopiedOutlivesTheRefresh: making the share link changes the
// game's version, so the final scores' live stream has the page fetch
// itself again and swap its main in. Under load that swap came after
// "Link copied" was said, and wiped it (the new main's status is empty),
// or before, and the words went to the old, detached status; the player
// saw nothing either way. Seen as a flake of TestShareTheResult in make
// test; here the swap is waited for, so the order does not matter.
func TestLinkCopiedOutlivesTheRefresh(t *testing.T) {
	t.Parallel()
	p := newTable(t)
	id := createGame(t, p.base, nightGame(5, false, true))
	p.open("/games/"+id+"/final", "final")
	// The page has its live stream before the tap, so the new version
	// reaches it.
	p.waitFor(`!!document.getElementById("live")`, "the live marker")
	eval[bool](p, `(() => { document.querySelector("main").__before = true; window.__copied = null; navigator.share = undefined;
		Object.defineProperty(navigator, "clipboard", {configurable: true, value: {writeText: s => { window.__copied = s; return Promise.resolve(); }}});
		return true; })()`)
	p.tap(byTestID("share"))
	p.waitFor(`window.__copied !== null`, "the copied link")
	p.waitFor(`!document.querySelector("main").__before`, "the page's main swapped in by the live refresh")
	p.waitFor(`(document.querySelector("[data-share-status]") || {}).textContent === "Link copied"`, "Link copied, after the refresh")
	p.landed("link-copied-after-refresh")
}
