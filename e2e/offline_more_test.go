package e2e

// Issue 42's promises that need the offline site on https and a second
// version of it, checked in TestOfflineSite's flow (which serves the site
// on https and installs it once): the send form's warning before sending
// to a plain-http server, with the game file as the other way, and the
// notice, once, that a new version took over.

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"ruthless/scoring"
	"ruthless/views/lang"
)

// copySite copies the built site's files into a folder of the test's
// own, which the test may change.
func copySite(t *testing.T, site string) string {
	t.Helper()
	dir := t.TempDir()
	files, err := os.ReadDir(site)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.IsDir() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(site, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// english is the English catalogue's message for key: the words a page
// in English must show.
func english(t *testing.T, key string) string {
	t.Helper()
	msg := lang.English.T(key)
	if msg == "" || msg == key {
		t.Fatalf("the English catalogue has no %s", key)
	}
	return msg
}

// mixedWarning types server addresses into the home page's send form on
// the https site: a plain http one shows the warning at once, before
// anything is sent, and an https one hides it; so do loopback addresses
// on plain http, which browsers let an https page call; the game file
// offered as the other way downloads the game.
func mixedWarning(p phone, id string, plan gamePlan) {
	p.t.Helper()
	p.open("/", "https-home")
	p.tap(byTestID("send") + " summary")
	shown := `!document.querySelector('[data-testid="send-mixed"]').hidden`
	if eval[bool](p, shown) {
		p.errorf("the warning about plain http shows before any address is typed")
	}
	typeServer := func(addr string) {
		p.t.Helper()
		eval[bool](p, `(document.querySelector('[data-testid="send-server"]').value = "") === ""`)
		if err := p.do(chromedp.SendKeys(chromedp.CSS(byTestID("send-server")), addr)); err != nil {
			p.fatalf("typing %s: %v", addr, err)
		}
	}
	typeServer("http://192.168.1.20:8080")
	p.waitFor(shown, "the warning that the browser will refuse a plain http server")
	p.landed("https-mixed")
	if got, want := p.text("send-mixed"), english(p.t, "offline.send_mixed"); got != want {
		p.errorf("the warning says %q, want the catalogue's %q", got, want)
	}
	if got := p.text("send-status"); got != "" {
		p.errorf("the form says %q before Send was tapped, want nothing tried yet", got)
	}
	typeServer("https://ruthless.example.org")
	p.waitFor(`document.querySelector('[data-testid="send-mixed"]').hidden`, "the warning gone for an https server")
	// A server on this very phone or computer: loopback on plain http is
	// "potentially trustworthy", so the browser sends and no warning shows.
	// Each follows an address that shows it, so a hidden warning is the
	// form's answer to the loopback address, not what was there before.
	for _, addr := range []string{"http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080"} {
		typeServer("http://192.168.1.20:8080")
		p.waitFor(shown, "the warning for a plain http server on the network")
		typeServer(addr)
		p.waitFor(`document.querySelector('[data-testid="send-mixed"]').hidden`, "the warning gone for the loopback address "+addr)
	}
	gameFileOffered(p, id, plan)
}

// gameFileOffered checks what the send form offers instead of sending:
// Headless Chromium on Linux cannot share files, so the share button
// stays hidden and the download link is the way; tapped, it downloads
// this game's file.
func gameFileOffered(p phone, id string, plan gamePlan) {
	p.t.Helper()
	canShare := eval[bool](p, `!!(navigator.canShare && navigator.canShare({files: [new File(["{}"], "g.json", {type: "application/json"})]}))`)
	// Shown, not only unhidden: a style that sets the button's display
	// would show it with the hidden attribute on.
	if shown := eval[bool](p, `document.querySelector('[data-testid="send-share"]').getClientRects().length > 0`); shown != canShare {
		p.errorf("the share button is shown=%t where the browser can share files=%t", shown, canShare)
	}
	if got, want := p.text("send-download"), english(p.t, "offline.send_download"); got != want {
		p.errorf("the download link says %q, want the catalogue's %q", got, want)
	}
	dir := p.t.TempDir()
	err := p.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir})
		return err
	}))
	if err != nil {
		p.fatalf("letting the browser download: %v", err)
	}
	p.tap(byTestID("send-download"))
	got := downloaded(p, dir)
	g, err := scoring.DecodeGame(bytes.NewReader(got))
	if err != nil {
		p.fatalf("the downloaded game file (%d bytes: %.200s): %v", len(got), got, err)
	}
	if !slices.Equal(g.Players, plan.players) || len(g.Rounds) != len(plan.rounds) {
		p.errorf("the downloaded file holds %v and %d rounds, want game %s: %v and %d rounds", g.Players, len(g.Rounds), id, plan.players, len(plan.rounds))
	}
}

// downloaded waits for the one file the browser downloads into dir and
// returns it.
func downloaded(p phone, dir string) []byte {
	p.t.Helper()
	deadline := time.Now().Add(startTimeout())
	for time.Now().Before(deadline) {
		files, _ := os.ReadDir(dir)
		for _, f := range files {
			if !strings.HasSuffix(f.Name(), ".crdownload") {
				b, err := os.ReadFile(filepath.Join(dir, f.Name()))
				if err != nil {
					p.fatalf("%v", err)
				}
				return b
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.fatalf("no file downloaded into %s", dir)
	return nil
}

// updateNotice makes a new version of the served site (its sw.js with
// another VERSION, a build hash in it), opens a page, which makes the
// browser install the new worker, and checks the page after the new
// version took over: it says the app was updated, once, in the
// catalogue's words, with no version in them; the page after it says
// nothing.
func updateNotice(p phone, served string) {
	p.t.Helper()
	p.open("/rules", "https-before-update")
	waitPinged(p)
	if n := eval[int](p, `document.querySelectorAll('[data-testid="updated"]').length`); n != 0 {
		p.errorf("a page of the first install says the app was updated (%d notices)", n)
	}
	swPath := filepath.Join(served, "sw.js")
	sw, err := os.ReadFile(swPath)
	if err != nil {
		p.fatalf("%v", err)
	}
	versionRE := regexp.MustCompile(`const VERSION = "([^"]*)";`)
	m := versionRE.FindSubmatch(sw)
	if m == nil {
		p.fatalf("sw.js names no VERSION")
	}
	old := string(m[1])
	next := old + "-f3a9942-dirty-20261129"
	if err := os.WriteFile(swPath, versionRE.ReplaceAll(sw, []byte(`const VERSION = "`+next+`";`)), 0o644); err != nil {
		p.fatalf("%v", err)
	}
	// A navigation makes the browser fetch sw.js again; the site's
	// manifest is a page with no script of the app's, so nothing pings
	// the worker while the new one installs.
	if err := p.do(chromedp.Navigate(p.base + "/manifest.webmanifest")); err != nil {
		p.fatalf("opening the manifest: %v", err)
	}
	waitLongAsync(p, fmt.Sprintf(`caches.keys().then(k => k.includes(%q) && !k.includes(%q))`, "ruthless-"+next, "ruthless-"+old),
		"the new version to install and take over")
	p.open("/", "https-updated")
	waitLong(p, `!!document.querySelector('[data-testid="updated"]')`, "the notice that the app was updated")
	time.Sleep(time.Second) // a second notice would come now
	notes := eval[[]string](p, `Array.from(document.querySelectorAll('[data-testid="updated"]')).map(e => e.textContent)`)
	want := english(p.t, "js.updated")
	if len(notes) != 1 || notes[0] != want {
		p.errorf("the page after the update says %q, want once the catalogue's %q", notes, want)
	}
	for _, s := range []string{next, old, "f3a9942", "dirty"} {
		if len(notes) > 0 && strings.Contains(notes[0], s) {
			p.errorf("the update notice %q names the build %q", notes[0], s)
			break
		}
	}
	p.open("/rules", "https-after-update")
	waitPinged(p)
	if n := eval[int](p, `document.querySelectorAll('[data-testid="updated"]').length`); n != 0 {
		p.errorf("the page after the one that said so says again that the app was updated (%d notices)", n)
	}
}

// waitPinged gives a page's ping (static/app.js, at load) time to reach
// the worker and any answer time to come back: the worker answers an
// update once, and a page's later pings come 20 s apart.
func waitPinged(p phone) {
	p.t.Helper()
	askWorker(p, false)
	time.Sleep(time.Second)
}

// waitLongAsync waits, up to startTimeout, for a JavaScript promise to
// resolve to true.
func waitLongAsync(p phone, cond, what string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, startTimeout())
	defer cancel()
	for {
		v, err := chromedp.Run(ctx, chromedp.Evaluate[bool](cond, chromedp.EvalAwaitPromise))
		if err == nil && v {
			return
		}
		select {
		case <-ctx.Done():
			p.fatalf("waiting for %s: %v (last error %v)", what, ctx.Err(), err)
		case <-time.After(200 * time.Millisecond):
		}
	}
}
