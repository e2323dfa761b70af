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

// The page walk: every page a table sees, opened once, with every check
// that walks the pages run on it while it is shown, in the light theme
// and then the dark one. Each check is a subtest of the page and the
// theme (TestEveryPage/home/light/axe), so a failure names the page, the
// theme and the check.

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

// checks are the checks of the page in theme.
func (pg walkPage) checks(theme string) []pageCheck {
	if theme == "dark" {
		return pg.dark
	}
	return pg.light
}

// walkThemes are the themes each page of the walk is checked in, in
// order: the page opens in the first.
var walkThemes = []string{"light", "dark"}

// walkPages lists the walk: the game night's pages (gameNight), then the
// pages of walkExtras. The dark theme's checks need no page of their
// own: the dark theme only gives the page's colours other values
// (TestDarkThemeOnlyRecolours), so its axe-core run is of the rules
// about colour alone (axeColourRules).
func walkPages(night []nightPage, extra []walkPage) []walkPage {
	var pages []walkPage
	for _, pg := range night {
		light := []pageCheck{checkSideways, checkHeight, checkAxe}
		if pg.name == "entry" {
			light = append(light, checkOneScreen)
		}
		pages = append(pages, walkPage{pg, light, []pageCheck{checkSideways, checkAxe}})
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

// TestEveryPage walks every page, opening each once and running on it
// the checks walkPages gives it in the light theme, then in the dark one
// (the colour scheme emulated anew in place, as a phone switched to its
// dark mode). The pages only read, so the servers are seeded once; the
// pages go side by side with the package's other tests in walkTabs tabs
// of one browser context, each page taking a free tab. A tab is opened
// once, not per page: opening one costs Chromium more than the page and
// its checks (the walk without axe-core took 131 s of CPU with a tab per
// page, 54 s with one per theme); and each page once, not once per
// theme: that spared a page load and an injection of axe-core per page
// of the game night. It logs the table of page heights (light theme), in
// the walk's order, once every page is done (and writes it to the file
// RUTHLESS_HEIGHTS_OUT names, if set). RUTHLESS_SHOTS_OUT names a folder
// for a full-page screenshot of every game-night page in the theme
// RUTHLESS_SHOTS_THEME (light unless it says dark): the pictures of
// docs/img.
func TestEveryPage(t *testing.T) {
	t.Parallel()
	script := readAxe(t)
	findBrowser(t)
	pages := walkPages(gameNight(t), walkExtras(t))
	browser, _ := startBrowser(t)
	tabs := make(chan phone, walkTabs)
	for i := range walkTabs {
		tabs <- newPhone(t, browser, "", shotDir(t), fmt.Sprintf("tab%d-", i+1))
	}
	shots, shotsTheme := shotsFolder(t)
	heights := make([]string, len(pages))
	// Cleanups run once the page subtests are all done.
	t.Cleanup(func() { logHeights(t, heightsTable(heights)) })
	for i, pg := range pages {
		t.Run(pg.name, func(t *testing.T) {
			t.Parallel()
			tab := <-tabs
			defer func() { tabs <- tab }()
			q := tab.on(t)
			q.base = pg.base
			emulateMedia(q, "prefers-color-scheme", walkThemes[0])
			q.visitOnly(pg.nightPage)
			for n, theme := range walkThemes {
				checks := pg.checks(theme)
				if len(checks) == 0 {
					continue
				}
				if n > 0 {
					emulateMedia(q, "prefers-color-scheme", theme)
					eval[bool](q, `(window.scrollTo(0, 0), true)`)
				}
				if shots != "" && theme == shotsTheme && slices.Contains(pg.light, checkHeight) {
					q.shootInto(shots, fmt.Sprintf("%02d-%s.png", i+1, pg.name))
				}
				t.Run(theme, func(t *testing.T) {
					for _, c := range checks {
						t.Run(string(c), func(t *testing.T) { q.on(t).runCheck(c, pg.nightPage, script, theme, &heights[i]) })
					}
				})
			}
		})
	}
}

// walkTabs is how many tabs TestEveryPage's pages share: the walk in one
// tab was the package's last test to end.
const walkTabs = 3

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
		if theme != walkThemes[0] {
			// Injected in the first theme, unless -run left that out.
			if !eval[bool](p, `typeof axe !== "undefined"`) {
				p.injectAxe(script)
			}
			for _, v := range p.runAxe(axeColourRules...) {
				p.errorf("%s, %s theme (%s): %s", pg.name, theme, pg.path, v)
			}
			return
		}
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

// shotsFolder is RUTHLESS_SHOTS_OUT, made if need be ("" when unset), and
// the theme RUTHLESS_SHOTS_THEME asks the pictures in.
func shotsFolder(t *testing.T) (dir, theme string) {
	t.Helper()
	theme = "light"
	if os.Getenv("RUTHLESS_SHOTS_THEME") == "dark" {
		theme = "dark"
	}
	dir = os.Getenv("RUTHLESS_SHOTS_OUT")
	if dir == "" {
		return "", theme
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, theme
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

// darkBlock is the start of a stylesheet's rules for the dark theme.
const darkBlock = "@media (prefers-color-scheme: dark)"

// TestDarkThemeOnlyRecolours keeps true what the walk's and the long
// names' dark checks rest on (they run only axe-core's rules about colour
// there): the dark theme gives the custom properties other values and
// does nothing else. Every rule for it in the stylesheets is a :root rule
// of custom properties; the pages name the colour scheme nowhere else but
// in the colour of the browser's bar (a meta theme-color); and no script
// asks for it (TestNoScriptReadsTheWidth forbids matchMedia).
func TestDarkThemeOnlyRecolours(t *testing.T) {
	t.Parallel()
	for path, src := range filesOf(t, "static", "*.css") {
		for _, bad := range darkRulesBesideColours(src) {
			t.Errorf("%s: the dark theme does more than give custom properties other values: %s", path, bad)
		}
	}
	for path, src := range filesOf(t, "views", "*.templ") {
		for n, line := range strings.Split(src, "\n") {
			if strings.Contains(line, "prefers-color-scheme") && !strings.Contains(line, `<meta name="theme-color"`) {
				t.Errorf("%s:%d names the colour scheme outside a meta theme-color: %s", path, n+1, strings.TrimSpace(line))
			}
		}
	}
}

// filesOf reads the files of the project's folder dir that match
// pattern, by path; none at all fails the test.
func filesOf(t *testing.T, dir, pattern string) map[string]string {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join("..", dir, pattern))
	if len(paths) == 0 {
		t.Fatalf("no %s in ../%s", pattern, dir)
	}
	out := map[string]string{}
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		out[path] = string(src)
	}
	return out
}

// darkRulesBesideColours returns what the stylesheet css does in the
// dark theme besides giving custom properties values on :root: each
// rule of another selector, each declaration of a property that is not
// custom.
func darkRulesBesideColours(css string) []string {
	var bad []string
	for rest := css; ; {
		i := strings.Index(rest, darkBlock)
		if i < 0 {
			return bad
		}
		rest = rest[i+len(darkBlock):]
		open := strings.Index(rest, "{")
		if open < 0 {
			return append(bad, "a dark block that never opens")
		}
		// The block's body: up to its own closing brace.
		depth, end := 0, -1
		for j := open; j < len(rest) && end < 0; j++ {
			switch rest[j] {
			case '{':
				depth++
			case '}':
				if depth--; depth == 0 {
					end = j
				}
			}
		}
		if end < 0 {
			return append(bad, "a dark block that never closes")
		}
		body := rest[open+1 : end]
		rest = rest[end+1:]
		for body = strings.TrimSpace(stripComments(body)); body != ""; body = strings.TrimSpace(body) {
			sel, after, ok := strings.Cut(body, "{")
			decls, next, ok2 := strings.Cut(after, "}")
			if !ok || !ok2 {
				bad = append(bad, fmt.Sprintf("%q is no rule", body))
				break
			}
			body = next
			if strings.TrimSpace(sel) != ":root" {
				bad = append(bad, fmt.Sprintf("a rule for %q", strings.TrimSpace(sel)))
				continue
			}
			for _, d := range strings.Split(decls, ";") {
				if d = strings.TrimSpace(d); d != "" && !strings.HasPrefix(d, "--") {
					bad = append(bad, fmt.Sprintf("%q on :root", d))
				}
			}
		}
	}
}

// stripComments takes the comments out of CSS.
func stripComments(css string) string {
	for {
		i := strings.Index(css, "/*")
		if i < 0 {
			return css
		}
		j := strings.Index(css[i+2:], "*/")
		if j < 0 {
			return css[:i]
		}
		css = css[:i] + css[i+2+j+2:]
	}
}

// TestDarkRulesCaught: the reader of the dark theme's rules finds what
// is more than colours.
func TestDarkRulesCaught(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, css string
		bad       bool
	}{
		{"custom properties only", darkBlock + " {\n  :root { --bg: #000; /* night */ --fg: #fff; }\n}\nbody { display: block; }", false},
		{"two blocks", darkBlock + " { :root { --a: red; } }\n" + darkBlock + " { :root { --b: blue } }", false},
		{"a property on :root", darkBlock + " { :root { --a: red; color: red; } }", true},
		{"another selector", darkBlock + " { .card { display: none; } }", true},
		{"nested media", darkBlock + " { @media (max-width: 300px) { :root { --a: red; } } }", true},
		{"never closed", darkBlock + " { :root { --a: red; }", true},
	}
	for _, tt := range tests {
		if got := darkRulesBesideColours(tt.css); (len(got) > 0) != tt.bad {
			t.Errorf("%s: found %q, want something found: %v", tt.name, got, tt.bad)
		}
	}
}
