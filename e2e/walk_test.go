package e2e

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The page walk: every page a table sees, opened once per theme, with
// every check that walks the pages run on it while it is shown. Each
// check is a subtest of the page (TestEveryPage/light/home/axe), so a
// failure names the theme, the page and the check.

// A pageCheck is one check of the walk.
type pageCheck string

const (
	// checkSideways: the page does not scroll sideways on the phone.
	checkSideways pageCheck = "sideways"
	// checkHeight: at most two screens, nothing unfolded (issue 25);
	// the rules page, a reference, is exempt.
	checkHeight pageCheck = "height"
	// checkAxe: axe-core finds no violation.
	checkAxe pageCheck = "axe"
	// checkOneScreen: every card of the entry grid on the first screen.
	checkOneScreen pageCheck = "one-screen"
	// checkTargets: every tap target at least 44 × 44 px and no text
	// under 16 px, with every details element opened (so it runs last).
	checkTargets pageCheck = "targets"
)

// walkPage is one page of the walk and the checks it gets in each theme.
type walkPage struct {
	nightPage
	light, dark []pageCheck
}

// walkPages lists a theme's walk: the game night's pages (gameNight) and,
// in the light theme, the pages of walkExtras.
func walkPages(theme string, night []nightPage, extra []walkPage) []walkPage {
	var pages []walkPage
	for _, pg := range night {
		light := []pageCheck{checkSideways, checkHeight, checkAxe}
		if pg.name == "entry" {
			light = append(light, checkOneScreen)
		}
		pages = append(pages, walkPage{pg, light, []pageCheck{checkSideways, checkAxe}})
	}
	if theme != "light" {
		return pages
	}
	return append(pages, extra...)
}

// walkExtras are the pages the light theme walks besides the game night:
// the final scores with four long names in four scripts on a server of
// their own (issue 31: the tables at their widest; TestLongNamesFit runs
// axe-core on it), and the pages the tap-target check measures on a
// three-player table of its own (targetsGame, finishedGame). The dark
// theme has no checks of them, so their servers are started once, for the
// light theme.
func walkExtras(t *testing.T) []walkPage {
	t.Helper()
	longSrv := startServer(t)
	long := "/games/" + createGame(t, longSrv, namedNight(longNames, 5, false, true))
	pages := []walkPage{{nightPage{"final-long-names", longSrv, long + "/final"}, []pageCheck{checkSideways, checkHeight}, nil}}

	tsrv := startServer(t)
	game := "/games/" + createGame(t, tsrv, targetsGame)
	done := "/games/" + createGame(t, tsrv, finishedGame)
	for _, pg := range []struct{ name, path string }{
		{"home", "/"},
		{"home-filtered", "/?player=Ann&state=finished"},
		{"new-game", "/games/new"},
		{"rules", "/rules"},
		{"solve", "/solve"},
		{"solve-answer", "/solve?cards=H2,H3,H4,K5,S6,X6,AC,SP,SC*&players=3&tavern=H5,K6"},
		{"check", "/check"},
		{"check-answer", "/check?players=3&set=SP=H5,H4,H6&set=A1,X7&set=XC*,X2&unused=XQ"},
		{"check-round", "/check?players=3&pool=H2,H3,H4,A5,S6,X6,AC&set=H2,H3,H4&set=S6,X6&from=" + game + "/rounds/1"},
		{"players", "/players"},
		{"player", "/players/Ann"},
		{"player-long", "/players/Bartholomew%20Roberts%20the%20Longest-Named"},
		{"rename", "/players/Ann/rename"},
		{"card", done + "/card"},
		{"export", "/export"},
		{"import", "/import"},
		{"invite", game + "/invite"},
		{"join", game + "/join"},
		{"game", game},
		{"entry", game + "/rounds/3/players/1"},
		{"round-incomplete", game + "/rounds/3"},
		{"reveal", game + "/rounds/3/reveal"},
		{"round-complete", game + "/rounds/2"},
		{"final-entry", done + "/final/0"},
		{"final", done + "/final"},
		{"delete", game + "/delete"},
	} {
		pages = append(pages, walkPage{nightPage{"table-" + pg.name, tsrv, pg.path}, []pageCheck{checkSideways, checkTargets}, nil})
	}
	return pages
}

// TestEveryPage walks every page in the light and the dark theme and runs
// on each page the checks walkPages gives it. The pages only read, so the
// servers are seeded once, and each theme has a browser context of its
// own and one tab, which opens the pages one after another, each a
// subtest of its own; the two themes go side by side with the package's
// other tests. One tab per theme, not one per page: opening a tab costs
// Chromium more than the page and its checks (the walk without axe-core
// took 131 s of CPU with a tab per page, 54 s with one per theme). In
// the light theme it logs the table of page heights, in the walk's order,
// once every page is done (and writes it to the file RUTHLESS_HEIGHTS_OUT
// names, if set). RUTHLESS_SHOTS_OUT names a folder for a full-page
// screenshot of every game-night page in the theme RUTHLESS_SHOTS_THEME
// (light unless it says dark): the pictures of docs/img.
func TestEveryPage(t *testing.T) {
	t.Parallel()
	script := readAxe(t)
	findBrowser(t)
	night := gameNight(t)
	extra := walkExtras(t)
	for _, theme := range []string{"light", "dark"} {
		t.Run(theme, func(t *testing.T) {
			t.Parallel()
			browser, _ := startBrowser(t)
			pages := walkPages(theme, night, extra)
			shots := shotsFolder(t, theme)
			heights := make([]string, len(pages))
			if theme == "light" {
				// Cleanups run once the theme's page subtests are all done.
				t.Cleanup(func() { logHeights(t, heightsTable(heights)) })
			}
			p := newPhone(t, browser, "", shotDir(t), theme+"-")
			emulateMedia(p, "prefers-color-scheme", theme)
			for i, pg := range pages {
				checks := pg.light
				if theme == "dark" {
					checks = pg.dark
				}
				if len(checks) == 0 {
					continue
				}
				t.Run(pg.name, func(t *testing.T) {
					q := p.on(t)
					q.base = pg.base
					q.visitOnly(pg.nightPage)
					if shots != "" && slices.Contains(pg.light, checkHeight) {
						q.shootInto(shots, fmt.Sprintf("%02d-%s.png", i+1, pg.name))
					}
					for _, c := range checks {
						t.Run(string(c), func(t *testing.T) { q.on(t).runCheck(c, pg.nightPage, script, theme, &heights[i]) })
					}
				})
			}
		})
	}
}

// heightsTable is the table of page heights: one row a page whose height
// was measured, in the walk's order.
func heightsTable(rows []string) string {
	var b strings.Builder
	b.WriteString("| page | height px |\n|---|---:|\n")
	for _, r := range rows {
		b.WriteString(r)
	}
	return b.String()
}

// visitOnly opens a page of the walk, which must answer 200; the checks
// are the walk's own subtests.
func (p phone) visitOnly(pg nightPage) {
	p.t.Helper()
	p.navigate(pg.base+pg.path, pg.name, http.StatusOK)
}

// runCheck runs one check of the walk on the page shown.
// A height measured is written into height, as a row of the table of
// heights.
func (p phone) runCheck(c pageCheck, pg nightPage, script, theme string, height *string) {
	p.t.Helper()
	switch c {
	case checkSideways:
		p.checkSideways(pg.name)
	case checkHeight:
		h := eval[int](p, pageHeightJS)
		*height = fmt.Sprintf("| %s | %d |\n", pg.name, h)
		// The rules are a reference. (The entry page is held to more as
		// well: all of its cards on the first screen, checkOneScreen.)
		if pg.name != "rules" && h > maxPageHeight {
			p.errorf("page %s (%s) is %d px tall at %d px wide, want at most %d", pg.name, pg.path, h, screenWidth, maxPageHeight)
		}
	case checkAxe:
		for _, v := range p.axeCheck(script) {
			p.errorf("%s, %s theme (%s): %s", pg.name, theme, pg.path, v)
		}
	case checkOneScreen:
		p.entryOnOneScreen()
	case checkTargets:
		p.openDetails()
		p.checkSizes(pg.name)
	default:
		p.fatalf("no check %q", c)
	}
}

// entryOnOneScreen checks that every card of the entry grid shown is on
// the first screen: no scrolling is needed to reach any card.
func (p phone) entryOnOneScreen() {
	p.t.Helper()
	type card struct {
		Code   string  `json:"code"`
		Bottom float64 `json:"bottom"`
	}
	cards := eval[[]card](p, `(() => { window.scrollTo(0, 0); return Array.from(document.querySelectorAll('#entry input[data-testid^="card-"]')).map(i => {
		const face = i.closest("label") || i;
		return {code: i.value, bottom: face.getBoundingClientRect().bottom};
	}); })()`)
	if len(cards) != 50 {
		p.fatalf("the entry grid has %d cards, want 50", len(cards))
	}
	var below []string
	for _, c := range cards {
		if c.Bottom > screenHeight+0.5 {
			below = append(below, fmt.Sprintf("%s at %.0f px", c.Code, c.Bottom))
		}
	}
	if len(below) > 0 {
		p.errorf("%d of 50 cards end below the first screen (%d px): %s", len(below), screenHeight, strings.Join(below, ", "))
	}
}

// shotsFolder is RUTHLESS_SHOTS_OUT when this walk's theme is the one
// RUTHLESS_SHOTS_THEME asks for, else "".
func shotsFolder(t *testing.T, theme string) string {
	t.Helper()
	want := "light"
	if os.Getenv("RUTHLESS_SHOTS_THEME") == "dark" {
		want = "dark"
	}
	dir := os.Getenv("RUTHLESS_SHOTS_OUT")
	if dir == "" || theme != want {
		return ""
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// shootInto saves a full-page screenshot as dir/name.
func (p phone) shootInto(dir, name string) {
	p.t.Helper()
	path, err := p.shoot(strings.TrimSuffix(name, ".png"))
	if err != nil {
		p.fatalf("screenshot %s: %v", name, err)
	}
	if err := os.Rename(path, filepath.Join(dir, name)); err != nil {
		p.t.Fatal(err)
	}
}

// logHeights logs the light theme's table of page heights and writes it
// to RUTHLESS_HEIGHTS_OUT when set.
func logHeights(t *testing.T, table string) {
	t.Helper()
	t.Logf("page heights at %d×%d, light theme:\n%s", screenWidth, screenHeight, table)
	if out := os.Getenv("RUTHLESS_HEIGHTS_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(table), 0o644); err != nil {
			t.Fatalf("writing the table: %v", err)
		}
	}
}
