package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/serviceworker"
	"github.com/chromedp/chromedp"

	"ruthless/handlers"
	"ruthless/scoring"
)

// measureOffline logs the figures docs/measurements.md quotes for the
// offline site (no timing is asserted: the machine is shared). The phone
// must be offline with the app running and game id stored. With
// RUTHLESS_OFFLINE_MEASURE=1 it takes every figure, three tries each at
// full speed and with the page's CPU slowed 4×, about a hundred seconds;
// otherwise (make test) one try of each at full speed, which still walks
// every path the figures take: a page beside the server build's, the
// worker stopped and started again, the adversarial corpus solved in the
// page and checked against the native solver.
func measureOffline(p phone, id string) {
	p.t.Helper()
	tries, cpus := 1, []float64{1}
	if os.Getenv("RUTHLESS_OFFLINE_MEASURE") != "" {
		tries, cpus = 3, []float64{1, 4}
	}
	if os.Getenv("RUTHLESS_OFFLINE_BROWSER") != "" {
		// The whole browser is slowed already (scripts/chromium-slow.sh):
		// the page slowed 4× more on a quarter of a core measured nothing
		// a phone does, and ran out of time.
		cpus = []float64{1}
	}
	// timed is how long the page at url takes to come in tab q, from the
	// tap to the page loaded (screenshots and checks after it not
	// counted).
	timed := func(q phone, what, url string) {
		ctx, cancel := context.WithTimeout(q.ctx, startTimeout())
		defer cancel()
		// The other tab's page finishes its own work first (its scripts
		// after load, its live stream): a phone shows one page at a time.
		time.Sleep(time.Second)
		start := time.Now()
		if _, err := chromedp.Run(ctx, chromedp.NavigateResponse(url)); err != nil {
			noAnswer(q)
			q.fatalf("opening %s: %v", url, err)
		}
		took := time.Since(start).Round(time.Millisecond)
		// The page's own clock splits the tap: the answer (the worker
		// and the Go app, or the server and the network), then the
		// browser's work on the page until its load event.
		// The offline build's worker says, in Server-Timing, how long it
		// took in all and how much of that was the Go app (sw.js).
		split := eval[[]float64](q, `(() => {
			const n = performance.getEntriesByType("navigation")[0];
			const st = (name) => (n.serverTiming.find((e) => e.name === name) || {duration: -1}).duration;
			return [n.requestStart, n.responseEnd, n.domInteractive, n.domContentLoadedEventEnd, n.loadEventEnd, st("worker"), st("app")].map(Math.round); })()`)
		q.t.Logf("measured: %s: %s (asked at %.0f ms, answered at %.0f, parsed at %.0f, ready at %.0f, loaded at %.0f; worker %.0f ms, Go app %.0f ms)", what, took, split[0], split[1], split[2], split[3], split[4], split[5], split[6])
	}
	// A tap once the app runs: the scoreboard, and a round's entry page;
	// each beside the same page of the same game on the server build, in
	// a tab of its own (a tab that went from one site to the other would
	// change process at every tap) and in the same minute (the machine's
	// load changes by the minute).
	p.open("/", "measure-home")
	server, sid := serverCopy(p, id)
	sp := newPhone(p.t, p.ctx, server, p.dir, "server-")
	pages := []struct{ what, path string }{{"the scoreboard", "/games/%s"}, {"round 5's entry", "/games/%s/rounds/5/players/2"}}
	for _, cpu := range cpus {
		throttle(p, cpu)
		throttle(sp, cpu)
		for i := range tries {
			for _, page := range pages {
				timed(p, fmt.Sprintf("CPU slowed %g×, tap to page, %s (try %d)", cpu, page.what, i+1), p.base+fmt.Sprintf(page.path, id))
				timed(sp, fmt.Sprintf("CPU slowed %g×, tap to page, %s on the server build beside it (try %d)", cpu, page.what, i+1), server+fmt.Sprintf(page.path, sid))
			}
		}
	}
	// The browser stops the worker (as after 30 s without a page); the
	// next page starts it and the app again, compiling the WebAssembly
	// from the cache. The home page comes from the worker's copy
	// meanwhile (sw.js, homeAtStart); any other page waits for the app.
	for _, cpu := range cpus {
		throttle(p, cpu)
		for i := range tries {
			stopWorkers(p)
			timed(p, fmt.Sprintf("CPU slowed %g×, worker stopped, then the scoreboard (try %d)", cpu, i+1), p.base+"/games/"+id)
			if s := askWorker(p, false).Started; s != nil {
				p.t.Logf("measured: CPU slowed %g×, worker stopped (try %d): compile and instantiate %d ms, Go's main at %d ms, games read at %d ms, app built at %d ms, app ready %d ms", cpu, i+1, s.CompileMs, s.MainMs, s.StoreMs, s.AppMs, s.ReadyMs)
			}
			stopWorkers(p)
			timed(p, fmt.Sprintf("CPU slowed %g×, worker stopped, then the home page (try %d)", cpu, i+1), p.base+"/")
			// A player looks at the home page a few seconds, meanwhile the
			// app starts (the page's first ping) and warms up (cmd/offline,
			// warm), before the first tap into a game.
			time.Sleep(3 * time.Second)
			timed(p, fmt.Sprintf("CPU slowed %g×, worker stopped, the home page, 4 s, then the scoreboard (try %d)", cpu, i+1), p.base+"/games/"+id)
			// The phone locked a while (the page hidden, so no ping, and
			// the worker stopped), then unlocked: the page shown again
			// pings at once (static/app.js), and the player's tap comes
			// a second later (timed's pause). Beside "worker stopped,
			// then the scoreboard", the same tap with no ping before it.
			// Only at full speed: the page's throttle does not slow the
			// worker's start, which is all this step measures, and with
			// it the tab hung for good in two runs of two
			// (docs/measurements.md, "Shown again").
			if cpu != 1 {
				continue
			}
			setVisibility(p, "hidden")
			stopWorkers(p)
			setVisibility(p, "visible")
			timed(p, fmt.Sprintf("CPU slowed %g×, page hidden, worker stopped, page shown, 1 s, then the scoreboard (try %d)", cpu, i+1), p.base+"/games/"+id)
		}
	}
	throttle(p, 1)
	// The adversarial corpus (scoring/testdata/adversarial.txt): every
	// pool solved natively here and in the page through /api/solve.
	f, err := os.Open("../scoring/testdata/adversarial.txt")
	if err != nil {
		p.fatalf("%v", err)
	}
	defer f.Close()
	var slowNative, slowPage time.Duration
	var slowNativePool, slowPagePool string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		codes := strings.Fields(line)
		if len(codes) == 0 {
			continue
		}
		pool, err := scoring.ParseCards(codes)
		if err != nil {
			p.fatalf("adversarial pool %q: %v", line, err)
		}
		start := time.Now()
		want := scoring.Solve(pool, scoring.Options{Players: 4})
		native := time.Since(start)
		body, _ := json.Marshal(map[string]any{"cards": codes, "players": 4})
		ms, answer := pageTimed(p, "/api/solve", string(body))
		var got struct{ Strength int }
		if err := json.Unmarshal([]byte(answer), &got); err != nil || got.Strength != want.Strength {
			p.errorf("adversarial pool %s: the phone's /api/solve answered strength %d (%v), the native solver %d", strings.TrimSpace(line), got.Strength, err, want.Strength)
		}
		page := time.Duration(ms * float64(time.Millisecond))
		p.t.Logf("measured: adversarial pool of %d cards, strength %d: native %s, in the browser %s", len(codes), want.Strength, native.Round(time.Millisecond), page.Round(time.Millisecond))
		if native > slowNative {
			slowNative, slowNativePool = native, line
		}
		if page > slowPage {
			slowPage, slowPagePool = page, line
		}
	}
	p.t.Logf("measured: slowest adversarial pool natively %s (%s); in the browser %s (%s)", slowNative.Round(time.Millisecond), strings.TrimSpace(slowNativePool), slowPage.Round(time.Millisecond), strings.TrimSpace(slowPagePool))
}

// pageTimed posts body to path from inside the page and returns how many
// milliseconds the answer took, as the page's clock counts them, and the
// answer's body.
func pageTimed(p phone, path, body string) (float64, string) {
	p.t.Helper()
	js := fmt.Sprintf(`(async () => {
		const t = performance.now();
		const res = await fetch(%q, {method: "POST", body: %q, headers: {"Content-Type": "application/json"}});
		const body = await res.text();
		if (!res.ok) throw new Error("status " + res.status);
		return {ms: performance.now() - t, body};
	})()`, path, body)
	ctx, cancel := context.WithTimeout(p.ctx, startTimeout())
	defer cancel()
	type answer struct {
		MS   float64 `json:"ms"`
		Body string  `json:"body"`
	}
	a, err := chromedp.Run(ctx, chromedp.Evaluate[answer](js, chromedp.EvalAwaitPromise))
	if err != nil {
		noAnswer(p)
		p.fatalf("POST %s in the page: %v", path, err)
	}
	return a.MS, a.Body
}

// stopWorkers stops every service worker, as the browser does with an
// idle one.
func stopWorkers(p phone) {
	p.t.Helper()
	if err := p.do(stopAllWorkers); err != nil {
		p.fatalf("stopping the service workers: %v", err)
	}
}

// stopAllWorkers is the DevTools call that stops every service worker.
var stopAllWorkers = chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
	if _, err := chromedp.Call(ctx, serviceworker.Enable, cdp.Empty{}); err != nil {
		return err
	}
	_, err := chromedp.Call(ctx, serviceworker.StopAllWorkers, cdp.Empty{})
	return err
})

// coldStarts is how many times TestOfflineColdStarts restarts the browser.
const coldStarts = 4

// TestOfflineColdStarts measures the offline app's cold start: the
// browser started again on the same profile, offline, until the app's
// home page is drawn, four times over (docs/measurements.md, "The offline
// site"). The worker compiles the WebAssembly from the cache's /app.wasm
// each time (Chromium keeps no code compiled from what cache.match
// returns: "Compiled once, the last look" there); the test logs the
// profile's code cache and Cache Storage folders, where kept code would
// show. It logs the figures and asserts no time (the machine is shared);
// it runs only with RUTHLESS_OFFLINE_MEASURE=1, and under
// RUTHLESS_OFFLINE_BROWSER=scripts/chromium-slow.sh for a quarter of one
// core.
func TestOfflineColdStarts(t *testing.T) {
	if os.Getenv("RUTHLESS_OFFLINE_MEASURE") == "" {
		t.Skip("a measurement: RUTHLESS_OFFLINE_MEASURE=1 runs it (docs/measurements.md)")
	}
	exe := offlineBrowser(t)
	ctx, cancel := offlineContext(t)
	defer cancel()
	site := offlineSite(t)
	srv := httptest.NewServer(http.FileServer(http.Dir(site)))
	defer srv.Close()
	root := t.TempDir()
	shots := shotDir(t)

	b := startProfile(t, ctx, exe, root)
	p := newPhone(t, b, srv.URL, shots, "")
	start := time.Now()
	if err := p.do(chromedp.Navigate(p.base + "/")); err != nil {
		p.fatalf("opening the start page: %v", err)
	}
	waitInstalled(p)
	t.Logf("measured: first visit, start page to the app's home page: %s", time.Since(start).Round(time.Millisecond))
	srv.Close()
	for i := 1; i <= coldStarts; i++ {
		b = restartProfile(t, ctx, b, exe, root)
		p = newPhone(t, b, srv.URL, shots, fmt.Sprintf("cold-%d-", i))
		p.offline(true)
		start := time.Now()
		openSlow(p, "/", "home")
		took := time.Since(start)
		// The home page may come from the worker's copy before the app
		// has started (sw.js, homeAtStart): the app starts meanwhile.
		r := askWorker(p, false)
		for r.Started == nil {
			if time.Since(start) > startTimeout() {
				p.fatalf("the worker reports no start after the restart")
			}
			time.Sleep(100 * time.Millisecond)
			r = askWorker(p, false)
		}
		s := r.Started
		t.Logf("measured: cold start %d: what the app answered: %v; the page's own timing (ms from the navigation's start): %s", i, r.Served,
			eval[string](p, `(() => { const n = performance.getEntriesByType("navigation")[0]; return ["workerStart", "fetchStart", "responseStart", "responseEnd", "domContentLoadedEventEnd", "loadEventEnd"].map((k) => k + " " + Math.round(n[k])).join(", "); })()`))
		t.Logf("measured: cold start %d, browser started again offline until the home page: %s (home page from the worker's copy: %t; compile and instantiate %d ms, Go's main at %d ms, games read at %d ms, app built at %d ms, app ready %d ms; Cache Storage on disk %d bytes, wasm code cache %d bytes)",
			i, took.Round(time.Millisecond), r.HomesFromCopy > 0, s.CompileMs, s.MainMs, s.StoreMs, s.AppMs, s.ReadyMs, dirBytes(filepath.Join(root, "profile", "Default", "Service Worker", "CacheStorage")),
			dirBytes(filepath.Join(root, "profile", "Default", "Code Cache", "wasm")))
		// The player reads the page a little: a browser that kept
		// compiled code would write it a moment after the compile.
		time.Sleep(5 * time.Second)
	}
	t.Logf("measured: Cache Storage on disk at the end: %d bytes (compiled code kept for /app.wasm would sit beside the entry, and show here as growth)",
		dirBytes(filepath.Join(root, "profile", "Default", "Service Worker", "CacheStorage")))
	if cli := os.Getenv("RUTHLESS_LIGHTHOUSE"); cli != "" {
		offlineLighthouse(p, cli, root)
	}
}

// offlineLighthouse scores the performance of the offline home page and a
// scoreboard with Lighthouse (cli: lighthouse/cli/index.js of npm's
// lighthouse@12.2.3, at its mobile settings), in the browser of p, whose
// worker is installed: Lighthouse connects to it (its DevTools port, in
// startProfile's devtools-port) and keeps its storage.
func offlineLighthouse(p phone, cli, root string) {
	p.t.Helper()
	body := `{"version":1,"players":["Lucy","Craig","Julie","Sam"],"start_player":0,"rounds":[` +
		`[{"pool":["H2","H3","A4","S6","K6"],"coins":3},{"pool":["S1","S7","SP"],"coins":1},{"pool":["HQ","S5"],"coins":0},{"pool":["XC","X2","X3"],"coins":2}],` +
		`[{"pool":["H2","H3","A4","S6","K6","H4"],"coins":3},{"pool":["S1","S7","SP","S2"],"coins":1},{"pool":["HQ","S5","S4"],"coins":0},{"pool":["XC","X2","X3","X4"],"coins":2}]]}`
	var created struct{ ID string }
	if err := json.Unmarshal([]byte(pageFetch(p, "POST", "/api/games", body, http.StatusCreated)), &created); err != nil {
		p.fatalf("the game for Lighthouse: %v", err)
	}
	b, err := os.ReadFile(filepath.Join(root, "devtools-port"))
	if err != nil {
		p.fatalf("the browser's DevTools port: %v", err)
	}
	port := string(b)
	for _, page := range []struct{ name, path string }{{"home", "/"}, {"scoreboard", "/games/" + created.ID}} {
		out := filepath.Join(p.t.TempDir(), page.name+".json")
		cmd := exec.Command("node", cli, p.base+page.path, "--port="+port, "--disable-storage-reset",
			"--only-categories=performance", "--output=json", "--output-path="+out, "--quiet")
		if b, err := cmd.CombinedOutput(); err != nil {
			p.fatalf("lighthouse on %s: %v\n%s", page.path, err, b)
		}
		var r struct {
			Categories struct{ Performance struct{ Score float64 } }
			Audits     map[string]struct{ DisplayValue string }
		}
		b, err := os.ReadFile(out)
		if err == nil {
			err = json.Unmarshal(b, &r)
		}
		if err != nil {
			p.fatalf("lighthouse's report on %s: %v", page.path, err)
		}
		p.t.Logf("measured: Lighthouse performance, offline %s: %.0f (first contentful paint %s, largest %s, total blocking time %s, speed index %s)",
			page.name, r.Categories.Performance.Score*100, r.Audits["first-contentful-paint"].DisplayValue,
			r.Audits["largest-contentful-paint"].DisplayValue, r.Audits["total-blocking-time"].DisplayValue, r.Audits["speed-index"].DisplayValue)
	}
}

// dirBytes is the size of the files under dir (0 when it is missing).
func dirBytes(dir string) int64 {
	var n int64
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

// serverCopy starts the server build (SQLite, the real handlers) and
// stores the phone's game id there through the API, for the side-by-side
// figures; it returns the server's address and the game's id there.
func serverCopy(p phone, id string) (server, sid string) {
	p.t.Helper()
	server = startServerWith(p.t, handlers.Options{})
	res, err := http.Post(server+"/api/games", "application/json", strings.NewReader(pageGet(p, "/api/games/"+id)))
	if err != nil {
		p.fatalf("storing the game on the server build: %v", err)
	}
	defer res.Body.Close()
	var created struct{ ID string }
	if err := json.NewDecoder(res.Body).Decode(&created); err != nil || res.StatusCode != http.StatusCreated {
		p.fatalf("storing the game on the server build: status %d, %v", res.StatusCode, err)
	}
	return server, created.ID
}

// noAnswer logs what still answers when the site gave tab p no answer
// (docs/offline.md, "What is not known": a tab that hangs after a restart
// of the worker): whether p still runs a script, whether a new tab of the
// same browser gets a page and a fetch from the worker, and whether p's
// fetch is answered once the workers are stopped. Each probe has its own
// short deadline, so the failure that follows still comes.
func noAnswer(p phone) {
	p.t.Helper()
	const fetchRules = `(async () => {
		const c = new AbortController();
		setTimeout(() => c.abort(), 10000);
		try { return "answered " + (await fetch("/rules", {signal: c.signal})).status; } catch (e) { return "no answer: " + e; }
	})()`
	probe := func(q phone, what string, action chromedp.Action[string]) {
		ctx, cancel := context.WithTimeout(q.ctx, 20*time.Second)
		defer cancel()
		v, err := chromedp.Run(ctx, action)
		p.t.Logf("no answer, probed: %s: %q (error %v)", what, v, err)
	}
	probe(p, "this tab runs a script", chromedp.Evaluate[string](`document.readyState + ", controlled: " + !!(navigator.serviceWorker && navigator.serviceWorker.controller)`))
	q := newPhone(p.t, p.ctx, p.base, p.dir, "probe-")
	probe(q, "a new tab opens the rules", chromedp.Evaluate[string](fmt.Sprintf(`location.href = %q; "asked"`, p.base+"/rules")))
	time.Sleep(5 * time.Second)
	probe(q, "the new tab's page", chromedp.Evaluate[string](`location.pathname + " " + document.readyState`))
	// Relative: from the site's page, the worker answers it; a tab still
	// blank cannot ask.
	probe(q, "the new tab's fetch", chromedp.Evaluate[string](fetchRules, chromedp.EvalAwaitPromise))
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	err := chromedp.Do(ctx, stopAllWorkers)
	p.t.Logf("no answer, probed: stopping the workers: error %v", err)
	probe(p, "this tab's fetch, the workers stopped", chromedp.Evaluate[string](fetchRules, chromedp.EvalAwaitPromise))
}
