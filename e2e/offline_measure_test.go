package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/serviceworker"
	"github.com/chromedp/chromedp"

	"ruthless/scoring"
)

// measureOffline logs the figures docs/measurements.md quotes for the
// offline site (no timing is asserted: the machine is shared). The phone
// must be offline with the app running and game id stored.
func measureOffline(p phone, id string) {
	p.t.Helper()
	// timed is how long the page at path takes to come, from the tap to
	// the page loaded (screenshots and checks after it not counted).
	timed := func(what, path string) {
		ctx, cancel := context.WithTimeout(p.ctx, startTimeout)
		defer cancel()
		start := time.Now()
		if _, err := chromedp.Run(ctx, chromedp.NavigateResponse(p.base+path)); err != nil {
			p.fatalf("opening %s: %v", path, err)
		}
		p.t.Logf("measured: %s: %s", what, time.Since(start).Round(time.Millisecond))
	}
	// A tap once the app runs: the scoreboard, and a round's entry page.
	p.open("/", "measure-home")
	for _, cpu := range []float64{1, 4} {
		throttle(p, cpu)
		for i := range 3 {
			timed(fmt.Sprintf("CPU slowed %g×, tap to page, the scoreboard (try %d)", cpu, i+1), "/games/"+id)
			timed(fmt.Sprintf("CPU slowed %g×, tap to page, round 5's entry (try %d)", cpu, i+1), "/games/"+id+"/rounds/5/players/2")
		}
	}
	// The browser stops the worker (as after 30 s without a page); the
	// next page starts it and the app again, compiling the WebAssembly
	// from the cache (with the code the browser kept of an earlier
	// compile, once it has kept some).
	for _, cpu := range []float64{1, 4} {
		throttle(p, cpu)
		for i := range 3 {
			stopWorkers(p)
			timed(fmt.Sprintf("CPU slowed %g×, worker stopped, then the scoreboard (try %d)", cpu, i+1), "/games/"+id)
			if s := askWorker(p, false).Started; s != nil {
				p.t.Logf("measured: CPU slowed %g×, worker stopped (try %d): compile and instantiate %d ms, app ready %d ms (compiled from %q)", cpu, i+1, s.CompileMs, s.ReadyMs, s.URL)
			}
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
		ms := pageTimed(p, "/api/solve", string(body))
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
// milliseconds the answer took, as the page's clock counts them.
func pageTimed(p phone, path, body string) float64 {
	p.t.Helper()
	js := fmt.Sprintf(`(async () => {
		const t = performance.now();
		const res = await fetch(%q, {method: "POST", body: %q, headers: {"Content-Type": "application/json"}});
		await res.text();
		if (!res.ok) throw new Error("status " + res.status);
		return performance.now() - t;
	})()`, path, body)
	ctx, cancel := context.WithTimeout(p.ctx, startTimeout)
	defer cancel()
	ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.fatalf("POST %s in the page: %v", path, err)
	}
	return ms
}

// stopWorkers stops every service worker, as the browser does with an
// idle one.
func stopWorkers(p phone) {
	p.t.Helper()
	err := p.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		if _, err := chromedp.Call(ctx, serviceworker.Enable, cdp.Empty{}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, serviceworker.StopAllWorkers, cdp.Empty{})
		return err
	}))
	if err != nil {
		p.fatalf("stopping the service workers: %v", err)
	}
}
