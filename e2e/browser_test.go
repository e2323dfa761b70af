package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"ruthless/handlers"
	"ruthless/scoring"
	"ruthless/store"
)

// The phone every test holds: docs/design.md's 390 px wide screen. (The
// deadlines, testTimeout and stepTimeout, are in machine_test.go.)
const (
	screenWidth  = 390
	screenHeight = 844
)

// browserNames are tried in order on PATH. Chromium's headless shell
// comes first: Debian builds it from the same chromium source, at the same
// version, as its chromium, so it is the same engine, but without the
// windows, tab strip and browser pages of its own the full browser keeps
// up in every browser context. A browser test costs about 40 % less CPU in it
// (TestWholeGameOnFourPhones: 31–33 CPU-s against 47–54), and the browser
// tests are bound by CPU (docs/testing.md). fullBrowserNames are the full
// browser's names, which TestInTheFullBrowser drives.
var (
	browserNames     = append([]string{"chromium-headless-shell"}, fullBrowserNames...)
	fullBrowserNames = []string{"chromium", "chromium-browser", "google-chrome"}
)

// findBrowser returns the browser to drive: RUTHLESS_BROWSER if set (a
// name on PATH or a path: RUTHLESS_BROWSER=chromium runs every browser
// test in the full browser), else the first of browserNames on PATH.
// Without one the test is skipped, unless RUTHLESS_REQUIRE_BROWSER is set
// (as `make test` and CI do): then a missing browser is a failure, so CI
// cannot pass by skipping.
func findBrowser(t *testing.T) string {
	t.Helper()
	if name := os.Getenv("RUTHLESS_BROWSER"); name != "" {
		path, err := exec.LookPath(name)
		if err != nil {
			t.Fatalf("RUTHLESS_BROWSER=%s: %v", name, err)
		}
		return path
	}
	return lookBrowser(t, browserNames)
}

// lookBrowser returns the first of names on PATH, skipping or failing the
// test as findBrowser says when there is none.
func lookBrowser(t *testing.T, names []string) string {
	t.Helper()
	for _, name := range names {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if v := os.Getenv("RUTHLESS_REQUIRE_BROWSER"); v != "" && v != "0" {
		t.Fatalf("RUTHLESS_REQUIRE_BROWSER=%s but none of %s is on PATH: install Debian's chromium-headless-shell and chromium packages (make deps)", v, strings.Join(names, ", "))
	}
	t.Skipf("browser test skipped: none of %s is on PATH (install Debian's chromium-headless-shell and chromium packages: make deps)", strings.Join(names, ", "))
	return ""
}

// lockedBuffer collects the server's log lines from its goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// startServer runs the real app over a real SQLite file on 127.0.0.1 and
// returns its base URL. Anything the server logs at warning level or above
// (a 500, a failed render) fails the test.
func startServer(t *testing.T) string {
	t.Helper()
	return startServerWith(t, handlers.Options{})
}

// startServerWith is startServer with the app's options given.
func startServerWith(t *testing.T, opt handlers.Options) string {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "e2e.db"))
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	logs := &lockedBuffer{}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
	closing := endStreamsFirst(&opt)
	srv := httptest.NewServer(handlers.NewWithOptions(st, log, opt))
	// Cleanups run last first: the server stops, then the store closes,
	// then the log is read.
	t.Cleanup(func() {
		if s := logs.String(); s != "" {
			t.Errorf("the server logged problems:\n%s", s)
		}
	})
	t.Cleanup(func() {
		if err := st.Close(); err != nil {
			t.Errorf("closing the store: %v", err)
		}
	})
	t.Cleanup(func() { closeServer(srv, closing) })
	return srv.URL
}

// endStreamsFirst gives the app a shutdown channel (handlers.Options.Done,
// which `serve` closes on shutdown) unless it has one, and returns the
// function that closes it.
func endStreamsFirst(opt *handlers.Options) func() {
	if opt.Done != nil {
		return func() {}
	}
	done := make(chan struct{})
	opt.Done = done
	return sync.OnceFunc(func() { close(done) })
}

// closeServer ends the app's live event streams, then closes the server.
// httptest.Server.Close waits for every request in flight, and a page
// still open in a browser holds its game's stream (/games/ID/events) until
// the browser goes: closed first, the streams end at once.
func closeServer(srv *httptest.Server, endStreams func()) {
	endStreams()
	srv.Close()
}

// tab is one browser tab at phone size, with the screenshots taken in it.
type tab struct {
	ctx    context.Context
	base   string
	dir    string
	prefix string
	n      int
	last   string
}

// phone is a tab used by one test or subtest: its helpers report failures
// to t, naming the last screenshot.
type phone struct {
	t *testing.T
	*tab
}

// newPhone opens a new tab in the browser of ctx at 390 × 844, as a phone
// with a touch screen. prefix starts the name of its screenshots.
func newPhone(t *testing.T, browser context.Context, base, dir, prefix string) phone {
	t.Helper()
	ctx, cancel := chromedp.NewContext(tabDeadline(t, browser))
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(screenWidth, screenHeight,
		chromedp.EmulateScale(1), chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		t.Fatalf("emulating a phone: %v", err)
	}
	p := phone{t: t, tab: &tab{ctx: ctx, base: base, dir: dir, prefix: prefix}}
	// Registered after the tab, so it runs while the tab is still open.
	t.Cleanup(func() {
		if t.Failed() {
			if path, err := p.shoot("at-failure"); err == nil {
				t.Logf("screen when the test failed: %s", path)
			}
		}
	})
	return p
}

// on returns the same tab reporting to t (a subtest).
func (p phone) on(t *testing.T) phone { return phone{t: t, tab: p.tab} }

// where saves the screen as the check that failed sees it and names the
// file, for the failure message.
func (p phone) where() string {
	path, err := p.shoot("failed")
	if err != nil {
		return fmt.Sprintf("no screenshot: %v", err)
	}
	return "screen saved: " + path
}

func (p phone) fatalf(format string, args ...any) {
	p.t.Helper()
	p.t.Fatalf(format+"\n\t(%s)", append(args, p.where())...)
}

func (p phone) errorf(format string, args ...any) {
	p.t.Helper()
	p.t.Errorf(format+"\n\t(%s)", append(args, p.where())...)
}

// do runs browser steps with the step timeout.
func (p phone) do(steps ...chromedp.Action[chromedp.Void]) error {
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout())
	defer cancel()
	return chromedp.Do(ctx, steps...)
}

// eval evaluates a JavaScript expression in the page into T.
func eval[T any](p phone, expr string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout())
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// shoot saves a full-page screenshot named after the page, in the
// test's screenshot folder (made then).
func (p phone) shoot(name string) (string, error) {
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout())
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		return "", err
	}
	return p.save(name, png)
}

// save writes a screenshot into the test's screenshot folder.
func (p phone) save(name string, png []byte) (string, error) {
	if err := os.MkdirAll(p.dir, 0o755); err != nil {
		return "", err
	}
	p.n++
	path := filepath.Join(p.dir, fmt.Sprintf("%s%02d-%s.png", p.prefix, p.n, name))
	if err := os.WriteFile(path, png, 0o644); err != nil {
		return "", err
	}
	p.last = path
	return path, nil
}

// snap keeps a screenshot of the page reached when every page's is asked
// for (shotsEnv); otherwise screens are saved only on a failure.
func (p phone) snap(name string) {
	p.t.Helper()
	if !keepShots {
		return
	}
	if _, err := p.shoot(name); err != nil {
		p.fatalf("screenshot of %s: %v", name, err)
	}
}

// landed is called on every page the test reaches: it checks the page
// does not scroll sideways on the phone (and keeps a screenshot when asked
// to).
func (p phone) landed(name string) {
	p.t.Helper()
	if err := p.do(chromedp.WaitReady(chromedp.CSS("main"))); err != nil {
		p.fatalf("page %s has no main element: %v", name, err)
	}
	p.snap(name)
	p.checkSideways(name)
}

// checkSideways fails the test when the page shown is wider than the
// phone, naming what sticks out, or shows an element it hid.
func (p phone) checkSideways(name string) {
	p.t.Helper()
	// An element the page hid must not show: a stylesheet rule that sets
	// display outweighs the hidden attribute's own (a Share button shown
	// on a phone that cannot share did nothing when tapped).
	if shown := eval[[]string](p, `Array.from(document.querySelectorAll("[hidden]")).filter(e => getComputedStyle(e).display !== "none")
		.slice(0, 5).map(e => e.tagName.toLowerCase() + (e.dataset.testid ? "[" + e.dataset.testid + "]" : ""))`); len(shown) > 0 {
		p.errorf("page %s (%s) shows elements it hid: %s", name, p.path(), strings.Join(shown, ", "))
	}
	width := eval[int](p, `document.documentElement.scrollWidth`)
	if width > screenWidth {
		wide := eval[[]string](p, `Array.from(document.querySelectorAll("body *"))
			.filter(e => e.getBoundingClientRect().right > `+strconv.Itoa(screenWidth)+` + 0.5)
			.slice(0, 5).map(e => e.tagName.toLowerCase() + (e.className ? "." + e.className : "") + (e.dataset.testid ? "[" + e.dataset.testid + "]" : ""))`)
		p.errorf("page %s (%s) is %d px wide, want at most %d (sticking out: %s)", name, p.path(), width, screenWidth, strings.Join(wide, ", "))
	}
}

// path is the path and query of the page shown.
func (p phone) path() string {
	p.t.Helper()
	return eval[string](p, `location.pathname + location.search`)
}

// open loads a page by its address, as if typed or bookmarked.
func (p phone) open(path, name string) {
	p.t.Helper()
	p.openAny(path, name, http.StatusOK)
}

// openAny loads a page that answers with status want (an error page, or
// 200).
func (p phone) openAny(path, name string, want int64) {
	p.t.Helper()
	p.navigate(p.base+path, name, want)
	p.checkSideways(name)
}

// navigate loads the page at url, checks its status and waits for its
// main element (and keeps a screenshot when asked to).
func (p phone) navigate(url, name string, want int64) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout())
	defer cancel()
	resp, err := chromedp.Run(ctx, chromedp.NavigateResponse(url))
	if err != nil {
		p.fatalf("opening %s: %v", url, err)
	}
	if resp.Status != want {
		p.errorf("opening %s: status %d, want %d", url, resp.Status, want)
	}
	if err := p.do(chromedp.WaitReady(chromedp.CSS("main"))); err != nil {
		p.fatalf("page %s has no main element: %v", name, err)
	}
	p.snap(name)
}

func byTestID(id string) string { return fmt.Sprintf(`[data-testid=%q]`, id) }

// follow taps what css selects (a link or a submit button), waits for the
// page it leads to and checks that page's status.
func (p phone) follow(css, name string, wantStatus int) {
	p.t.Helper()
	if err := p.do(chromedp.WaitVisible(chromedp.CSS(css))); err != nil {
		p.fatalf("waiting to tap %s: %v", css, err)
	}
	resp, err := tapLeading(p.ctx, css)
	if err != nil {
		p.fatalf("tapping %s: %v", css, err)
	}
	if resp.Status != int64(wantStatus) {
		p.landed(name)
		p.fatalf("tapping %s led to %s with status %d, want %d", css, p.path(), resp.Status, wantStatus)
	}
	p.landed(name)
}

// tap taps an element that changes the page in place.
func (p phone) tap(css string) {
	p.t.Helper()
	if err := tapOnce(p.ctx, css); err != nil {
		p.fatalf("tapping %s: %v", css, err)
	}
}

// tapOnce taps what css selects in the tab of ctx, for up to stepTimeout.
// chromedp.Tap finds the element, then asks where it is, then touches
// there: a page that replaces the element in between (a swap in place, a
// live page redrawn by another phone's save) makes the second step fail
// before anything is touched, and the tap is made again on the element
// found afresh. It returns no testing failure, so that phones saving at
// the same moment may call it from goroutines of their own.
func tapOnce(tab context.Context, css string) error {
	_, err := tapAgainIfGone(tab, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, chromedp.Do(ctx, chromedp.Tap(chromedp.CSS(css)))
	})
	return err
}

// tapLeading is tapOnce for a tap that leads to a new page: it waits for
// that page and returns its response.
func tapLeading(tab context.Context, css string) (*network.Response, error) {
	return tapAgainIfGone(tab, func(ctx context.Context) (*network.Response, error) {
		return chromedp.RunResponse(ctx, chromedp.Tap(chromedp.CSS(css)))
	})
}

// tapAgainIfGone makes a tap, for up to stepTimeout, again while it fails
// because the element found was gone when touched.
func tapAgainIfGone[T any](tab context.Context, tap func(context.Context) (T, error)) (T, error) {
	ctx, cancel := context.WithTimeout(tab, stepTimeout())
	defer cancel()
	for {
		v, err := tap(ctx)
		if err == nil || ctx.Err() != nil || !nodeGone(err) {
			return v, err
		}
	}
}

// nodeGone reports whether a browser call failed because the element it
// found was removed from the page meanwhile.
func nodeGone(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "Could not find node with given id") || strings.Contains(msg, "No node with given id")
}

// waitFor waits until a JavaScript condition holds in the page, for up
// to stepTimeout (the poll itself has no deadline of its own, chromedp's
// default 30 s or any other).
func (p phone) waitFor(cond, what string) {
	p.t.Helper()
	if err := waitCond(p.ctx, cond); err != nil {
		p.fatalf("waiting %s for %s (%s): %v", stepTimeout(), what, cond, err)
	}
}

// waitCond polls a JavaScript condition in the tab of ctx until it holds,
// for up to stepTimeout.
func waitCond(tab context.Context, cond string) error {
	ctx, cancel := context.WithTimeout(tab, stepTimeout())
	defer cancel()
	for {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](cond,
			chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(0)))
		// A page that navigates while the condition is polled (a live
		// page going to the round's results) takes the poll's JavaScript
		// context with it: poll again on the new page.
		if err == nil || ctx.Err() != nil || !navigatedAway(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(20 * time.Millisecond): // the new page's context
		}
	}
}

// navigatedAway reports whether a browser call failed because its page
// navigated meanwhile.
func navigatedAway(err error) bool {
	msg := err.Error()
	for _, s := range []string{"Cannot find context with specified id", "Execution context was destroyed", "Inspected target navigated or closed"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// text is the text shown in the element with the data-testid; the test
// stops if there is none.
func (p phone) text(id string) string {
	p.t.Helper()
	s, ok := p.maybeText(byTestID(id))
	if !ok {
		p.fatalf("page %s has no %s", p.path(), byTestID(id))
	}
	return s
}

// maybeText is the text of the first element css selects, if there is one.
func (p phone) maybeText(css string) (string, bool) {
	p.t.Helper()
	type found struct {
		Found bool   `json:"found"`
		Text  string `json:"text"`
	}
	v := eval[found](p, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return e ? {found: true, text: e.innerText} : {found: false, text: ""}; })()`, css))
	return strings.Join(strings.Fields(v.Text), " "), v.Found
}

// count is how many elements css selects.
func (p phone) count(css string) int {
	p.t.Helper()
	return eval[int](p, fmt.Sprintf(`document.querySelectorAll(%q).length`, css))
}

// checkedCards are the codes of the selected cards of the card grid.
func (p phone) checkedCards() []string {
	p.t.Helper()
	codes := eval[[]string](p, `Array.from(document.querySelectorAll(".card input:checked")).map(e => e.value)`)
	slices.Sort(codes)
	return codes
}

// setCard taps a card of the grid (its face, as a finger would) until it
// is selected or not, as on says.
func (p phone) setCard(code string, on bool) {
	p.t.Helper()
	input := byTestID("card-" + code)
	if p.count(input) != 1 {
		p.fatalf("the grid has no card %s", code)
	}
	is := fmt.Sprintf(`document.querySelector(%q).checked === %t`, input, on)
	if eval[bool](p, is) {
		return
	}
	p.tap(input + " + span")
	p.waitFor(is, fmt.Sprintf("card %s to be selected=%t", code, on))
}

// choosePool taps cards until exactly want is selected in the grid.
func (p phone) choosePool(want []string) {
	p.t.Helper()
	have := p.checkedCards()
	for _, c := range have {
		if !slices.Contains(want, c) {
			p.setCard(c, false)
		}
	}
	for _, c := range want {
		if !slices.Contains(have, c) {
			p.setCard(c, true)
		}
	}
	if got, w := p.checkedCards(), sorted(want); !slices.Equal(got, w) {
		p.fatalf("selected cards %v, want %v", got, w)
	}
}

// setNumber presses the − or + button of a number field until it shows want.
func (p phone) setNumber(name string, want int) {
	p.t.Helper()
	input := byTestID("input-" + name)
	value := func() int {
		var n int
		s := eval[string](p, fmt.Sprintf(`document.querySelector(%q).value`, input))
		if _, err := fmt.Sscan(s, &n); err != nil {
			p.fatalf("field %s holds %q, not a number", name, s)
		}
		return n
	}
	for n := value(); n != want; {
		button, next := "plus-"+name, n+1
		if n > want {
			button, next = "minus-"+name, n-1
		}
		p.tap(byTestID(button))
		p.waitFor(fmt.Sprintf(`document.querySelector(%q).value === "%d"`, input, next), fmt.Sprintf("%s to show %d", name, next))
		n = next
	}
}

func sorted(s []string) []string {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}

// gameID is the id in the scoreboard's address /games/{id}.
func (p phone) gameID() string {
	p.t.Helper()
	path := p.path()
	id, ok := strings.CutPrefix(path, "/games/")
	if !ok || id == "" || strings.Contains(id, "/") {
		p.fatalf("address %s is not a scoreboard", path)
	}
	return id
}

// fetchGame reads a stored game file through the JSON API.
func fetchGame(t *testing.T, base, id string) scoring.Game {
	t.Helper()
	if get, ok := inPage.Load(base); ok {
		// The offline site: its server is the phone (offline_test.go).
		g, err := scoring.DecodeGame(strings.NewReader(get.(func(t *testing.T, path string) string)(t, "/api/games/"+id)))
		if err != nil {
			t.Fatalf("GET /api/games/%s in the page: %v", id, err)
		}
		return g
	}
	resp, err := http.Get(base + "/api/games/" + id)
	if err != nil {
		t.Fatalf("GET /api/games/%s: %v", id, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /api/games/%s: status %d, want 200", id, resp.StatusCode)
	}
	g, err := scoring.DecodeGame(resp.Body)
	if err != nil {
		t.Fatalf("GET /api/games/%s: %v", id, err)
	}
	return g
}

// scoreOf scores a game file as the command line and the API do.
func scoreOf(t *testing.T, g scoring.Game) scoring.Result {
	t.Helper()
	res, err := scoring.Score(g)
	if err != nil {
		var buf bytes.Buffer
		_ = json.NewEncoder(&buf).Encode(g)
		t.Fatalf("scoring.Score: %v\ngame file: %s", err, buf.String())
	}
	return res
}

// codes turns cards into their codes, sorted.
func codes(cs []scoring.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	slices.Sort(out)
	return out
}

// TestBrowserFolderRemoved checks that a browser leaves no profile or
// temporary files behind, and that it really ran in that folder. (The
// shared browser's folder is checked the same way when TestMain stops it.)
func TestBrowserFolderRemoved(t *testing.T) {
	t.Parallel()
	findBrowser(t)
	var root string
	t.Run("browse", func(t *testing.T) {
		var browser context.Context
		browser, root = startOwnBrowser(t)
		p := newPhone(t, browser, startServer(t), shotDir(t), "")
		p.open("/", "home")
		entries, err := os.ReadDir(filepath.Join(root, "profile"))
		if err != nil || len(entries) == 0 {
			t.Errorf("profile folder %s: %d entries, error %v; want the browser's profile there", root, len(entries), err)
		}
	})
	if root == "" {
		t.Fatal("the browser did not start")
	}
	if _, err := os.Stat(root); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("browser folder %s still there after the test (stat: %v)", root, err)
	}
}

// TestTapSurvivesASwap: a tap on an element the page replaces (as a live
// page redraws its Save bar when another phone saves) lands, where
// chromedp.Tap alone fails with "Could not find node with given id":
// TestWholeGameOnFourPhones once failed so, its four phones saving round 5
// at the same moment. The page replaces its button a hundred times, a
// millisecond apart, when it opens and after each tap, so that each tap
// starts while the button is being replaced and can land once it stops.
func TestTapSurvivesASwap(t *testing.T) {
	t.Parallel()
	findBrowser(t)
	browser, _ := startBrowser(t)
	p := newPhone(t, browser, "", shotDir(t), "")
	page := `<!DOCTYPE html><html lang="en"><title>swaps</title><main><p id="slot"></p></main><script>
		window.taps = 0;
		let left = 0, timer = 0;
		const swap = () => {
			const b = document.createElement("button");
			b.textContent = "Save";
			b.dataset.testid = "save";
			b.addEventListener("click", () => { window.taps++; burst(); });
			document.getElementById("slot").replaceChildren(b);
			if (--left <= 0) timer = clearInterval(timer);
		};
		const burst = () => { left = 100; swap(); timer ||= setInterval(swap, 1); };
		burst();
	</script></html>`
	if err := p.do(chromedp.Navigate("data:text/html;charset=utf-8," + page)); err != nil {
		p.fatalf("opening the test page: %v", err)
	}
	const taps = 10
	for range taps {
		if err := tapOnce(p.ctx, byTestID("save")); err != nil {
			p.fatalf("tapping a button being replaced: %v", err)
		}
	}
	if got := eval[int](p, `window.taps`); got != taps {
		p.errorf("%d taps landed, want %d", got, taps)
	}
}
