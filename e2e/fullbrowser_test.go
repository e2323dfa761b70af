package e2e

import (
	"fmt"
	"net/http"
	"slices"
	"testing"
)

// TestInTheFullBrowser enters and saves a round in Debian's full chromium,
// the browser a player's Chromium is, while every other browser test runs
// in its headless shell (findBrowser). Both are built from one source at
// one version, so the engine is the same; this keeps that claim checked
// where it matters most, a tap on the grid, the live best party, a save
// and the page it leads to, all at the phone's width.
func TestInTheFullBrowser(t *testing.T) {
	t.Parallel()
	exe := lookBrowser(t, fullBrowserNames)
	base := startServer(t)
	browser, _ := startBrowserOf(t, exe)
	p := newPhone(t, browser, base, shotDir(t), "")
	// The full browser has a PDF viewer and a window.chrome; the shell has neither.
	if !eval[bool](p, `navigator.pdfViewerEnabled && typeof window.chrome === "object"`) {
		p.fatalf("%s is not the full browser: no PDF viewer or no window.chrome", exe)
	}
	id := createGame(t, base, barGame)
	entry := fmt.Sprintf("/games/%s/rounds/2/players/0", id)

	p.open(entry, "entry")
	if got := p.liveShows(4); got != 16 {
		p.errorf("pre-filled round 2: the bar shows %d, want 16 (straight flush 12 + pair 4)", got)
	}
	// liveShows checks the bar against scoring.Solve for the cards tapped.
	p.setCard("H5", true)
	if got := p.liveShows(4); got <= 16 {
		p.errorf("with the 5 of Hearts: the bar shows %d, want more than the 16 before it", got)
	}
	p.checkSideways("entry")
	p.follow(byTestID("save"), "scoreboard", http.StatusOK)
	p.checkSideways("scoreboard")

	g := fetchGame(t, base, id)
	if len(g.Rounds) < 2 || !slices.Contains(codes(g.Rounds[1][0].Pool), "H5") {
		t.Fatalf("the saved game's round 2 for Ann: %+v, want the 5 of Hearts in her pool", g.Rounds)
	}
}
