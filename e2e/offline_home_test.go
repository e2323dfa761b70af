package e2e

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/chromedp/chromedp"
)

// homeFromCopy checks the home page at a cold start (sw.js, homeAtStart):
// with the app not running, the worker answers the home page from its
// copy of the app's last drawing, the same page to the byte the player
// saw; a copy that has gone out of date is replaced by the app's own as
// soon as the app runs; and a write drops the copy.
func homeFromCopy(p phone, id string) {
	p.t.Helper()
	p.open("/", "home-drawn")
	want := eval[string](p, `document.querySelector("main").outerHTML`)
	stopWorkers(p)
	p.open("/", "home-from-copy")
	if got := eval[string](p, `document.querySelector("main").outerHTML`); got != want {
		p.errorf("the home page at a cold start differs from the app's:\n%s\nwant\n%s", got, want)
	}
	if n := askWorker(p, false).HomesFromCopy; n != 1 {
		p.errorf("the worker answered %d home pages from its copy at a cold start, want 1", n)
	}

	// A copy out of date, as the days a deleted game stays in the trash
	// make it with time alone: the page shows it, then the app's own.
	if got := evalAsync[string](p, fmt.Sprintf(`(async () => {
		const c = await caches.open(%s);
		const r = await c.match(%q);
		if (!r) return "no copy";
		const page = (await r.text()).replace(/<main[^>]*>/, (m) => m + '<p data-testid="stale-copy">out of date</p>');
		await c.put(%[2]q, new Response(page, { headers: r.headers }));
		return "changed";
	})()`, siteCacheJS, homeCopyPath)); got != "changed" {
		p.fatalf("the worker kept no copy of the home page (%s)", got)
	}
	stopWorkers(p)
	if err := p.do(chromedp.Navigate(p.base + "/")); err != nil {
		p.fatalf("opening the home page: %v", err)
	}
	waitLong(p, fmt.Sprintf(`!document.querySelector('[data-testid="stale-copy"]') && !!document.querySelector('[data-testid="game-%s"]')`, id),
		"the home page drawn from an out-of-date copy to load the app's own")
	p.landed("home-after-stale-copy")
	if n := askWorker(p, false).HomesFromCopy; n != 1 {
		p.errorf("the worker answered %d home pages from its copy after the restart, want 1 (the out-of-date one)", n)
	}

	// Any request that may write drops the copy (this one writes nothing:
	// the game does not exist, but the worker cannot know that).
	pageFetch(p, "POST", "/games/no-such-game/delete", "", http.StatusNotFound)
	if evalAsync[bool](p, fmt.Sprintf(`(async () => !!(await (await caches.open(%s)).match(%q)))()`, siteCacheJS, homeCopyPath)) {
		p.errorf("the worker still keeps its copy of the home page after a POST")
	}
}

// homeCopyPath is where the worker keeps the home page (sw.js, HOME);
// siteCacheJS finds the cache of the installed version.
const (
	homeCopyPath = "/home-as-drawn"
	siteCacheJS  = `(await caches.keys()).find((k) => k.startsWith("ruthless-") && k !== "ruthless-meta")`
)

// evalAsync evaluates a JavaScript expression whose value is a promise,
// and returns what it resolves to.
func evalAsync[T any](p phone, expr string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout())
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// shownAgainStartsTheApp checks that a page shown again starts the app
// (static/app.js pings the worker on visibilitychange): a hidden page
// sends no ping, the browser stops the idle worker, and without a ping
// when the page is shown the app would start only at the next 20 s ping
// or the player's next tap, which would then wait for the WebAssembly's
// compile. The page is hidden and shown by overriding
// document.visibilityState and sending the event (headless Chromium shows
// every tab); the messages the page posts meanwhile are counted.
func shownAgainStartsTheApp(p phone, id string) {
	p.t.Helper()
	p.open("/games/"+id, "shown-again")
	if sent := setVisibility(p, "hidden"); slices.Contains(sent, "ping") {
		p.errorf("the page pinged the worker when hidden (it posted %v)", sent)
	}
	stopWorkers(p)
	// The stats message starts the worker again, not the app.
	if s := askWorker(p, false).Started; s != nil {
		p.fatalf("the app started again with its page hidden and no tap (%+v)", *s)
	}
	shown := time.Now()
	if sent := setVisibility(p, "visible"); !slices.Contains(sent, "ping") {
		p.errorf("the page shown again did not ping the worker (it posted %v): the app would start only at the next tap", sent)
	}
	ctx, cancel := context.WithTimeout(p.ctx, startTimeout())
	defer cancel()
	for askWorker(p, false).Started == nil {
		select {
		case <-ctx.Done():
			p.fatalf("waiting for the app to start after its page was shown again, with no tap: %v", ctx.Err())
		case <-time.After(100 * time.Millisecond):
		}
	}
	p.t.Logf("the app started %s after its page was shown again", time.Since(shown).Round(time.Millisecond))
}

// setVisibility makes the page's document.visibilityState say state and
// sends visibilitychange, as a phone locked or unlocked would, and
// returns the types of the messages the page posted to its worker while
// the event was handled.
func setVisibility(p phone, state string) []string {
	p.t.Helper()
	return eval[[]string](p, fmt.Sprintf(`(() => {
		const c = navigator.serviceWorker.controller, sent = [];
		c.postMessage = function (m) { sent.push(String(m && m.type)); return ServiceWorker.prototype.postMessage.apply(this, arguments); };
		try {
			Object.defineProperty(document, "visibilityState", {configurable: true, get: () => %q});
			document.dispatchEvent(new Event("visibilitychange"));
		} finally {
			delete c.postMessage;
		}
		return sent; })()`, state))
}
