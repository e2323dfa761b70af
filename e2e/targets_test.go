package e2e

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"ruthless/handlers"
	"ruthless/store"
)

// The promise for a phone held in one hand: every tap target at
// least 44 × 44 CSS px and no text under 16 px, on every page.
const (
	minTarget = 44
	minFont   = 16
)

// measureJS lists what on the page breaks the promise. It runs in the
// page, where sizes are what the browser laid out:
//
//   - targets are visible links, buttons, inputs, selects, summaries, and
//     labels whose control is a checkbox or radio (there the label is what
//     the finger hits; the box itself is measured only when unlabelled, and
//     a visually hidden one — opacity 0 or 1 px — not at all). A target
//     counts its padding and border (its border box). A link broken over
//     two lines is measured by its largest piece, which a finger must hit.
//   - text is every visible text node, at its parent's computed font size;
//     SVG text is scaled as drawn (a chart's viewBox shrinks or grows it).
//
// Text for screen readers only (clipped to 1 px) is neither.
const measureJS = `(() => {
	const minTarget = %d, minFont = %d, eps = 0.05;
	const shown = e => {
		// checkVisibility also hides what a closed details element holds.
		if (!e.getClientRects().length || (e.checkVisibility && !e.checkVisibility())) return false;
		const s = getComputedStyle(e);
		if (s.visibility === "hidden" || s.opacity === "0") return false;
		const r = e.getBoundingClientRect();
		return r.width > 1 && r.height > 1;
	};
	const name = e => {
		let s = e.tagName.toLowerCase();
		if (e.id) s += "#" + e.id;
		if (typeof e.className === "string" && e.className.trim()) s += "." + e.className.trim().split(/\s+/).join(".");
		if (e.dataset && e.dataset.testid) s += "[" + e.dataset.testid + "]";
		const t = (e.innerText || e.value || e.getAttribute("aria-label") || "").trim().replace(/\s+/g, " ");
		if (t) s += " \"" + (t.length > 30 ? t.slice(0, 29) + "…" : t) + "\"";
		return s;
	};
	const isToggle = i => i && i.tagName === "INPUT" && (i.type === "checkbox" || i.type === "radio");
	const targets = Array.from(document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary, label"))
		.filter(e => {
			if (e.tagName === "LABEL") return isToggle(e.control);
			if (isToggle(e) && e.labels && e.labels.length) return false;
			return true;
		})
		.filter(shown);
	const out = [];
	for (const e of targets) {
		let w = 0, h = 0;
		const pieces = getComputedStyle(e).display === "inline" ? Array.from(e.getClientRects()) : [e.getBoundingClientRect()];
		for (const r of pieces) { w = Math.max(w, r.width); h = Math.max(h, r.height); }
		if (w + eps < minTarget || h + eps < minTarget) {
			out.push({kind: "target", what: name(e), w: Math.round(w * 10) / 10, h: Math.round(h * 10) / 10});
		}
	}
	const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	const seen = new Set();
	for (let n = walker.nextNode(); n; n = walker.nextNode()) {
		const e = n.parentElement;
		if (!e || !n.textContent.trim() || seen.has(e) || e.closest("option, optgroup, script, style, title, noscript")) continue;
		seen.add(e);
		if (!shown(e)) continue;
		let size = parseFloat(getComputedStyle(e).fontSize);
		if (e instanceof SVGElement && e.getScreenCTM()) size *= Math.abs(e.getScreenCTM().a);
		if (size + eps < minFont) {
			out.push({kind: "text", what: name(e), size: Math.round(size * 10) / 10});
		}
	}
	return out;
})()`

// sizeProblem is one target or text that is too small.
type sizeProblem struct {
	Kind string  `json:"kind"`
	What string  `json:"what"`
	W    float64 `json:"w"`
	H    float64 `json:"h"`
	Size float64 `json:"size"`
}

func (s sizeProblem) String() string {
	if s.Kind == "text" {
		return fmt.Sprintf("text %s at %.1f px, want ≥ %d", s.What, s.Size, minFont)
	}
	return fmt.Sprintf("target %s is %.1f×%.1f px, want ≥ %d×%d", s.What, s.W, s.H, minTarget, minTarget)
}

// tooSmall measures the page shown and returns its problems, each told
// once with how many times it occurs ("×3").
func (p phone) tooSmall() []string {
	p.t.Helper()
	found := eval[[]sizeProblem](p, fmt.Sprintf(measureJS, minTarget, minFont))
	counts := map[string]int{}
	var order []string
	for _, s := range found {
		line := s.String()
		if counts[line] == 0 {
			order = append(order, line)
		}
		counts[line]++
	}
	for i, line := range order {
		if n := counts[line]; n > 1 {
			order[i] = fmt.Sprintf("%s (×%d)", line, n)
		}
	}
	return order
}

// TestTargetsCheckerCatches runs the checker on a page made to break the
// promise in known ways, so the checker itself can fail: it must name
// each small target and small text, and nothing else.
func TestTargetsCheckerCatches(t *testing.T) {
	t.Parallel()
	findBrowser(t)
	browser, _ := startBrowser(t)
	p := newPhone(t, browser, "", shotDir(t), "")
	page := `<!DOCTYPE html><meta name="viewport" content="width=device-width"><body style="font: 17px/1.45 sans-serif; margin: 0">
		<p><a href="#a" id="small-link">a short link</a> in a sentence.</p>
		<p style="width: 120px"><a href="#b" id="wrapped" style="padding: 13px 0">a link long enough to wrap over lines</a></p>
		<button id="big" style="width: 60px; height: 44px; font: inherit">ok</button>
		<button id="flat" style="width: 120px; height: 30px; font: inherit">flat</button>
		<label id="tiny-label" style="font-size: 12px"><input type="checkbox"> tiny</label>
		<label style="display: flex; min-height: 44px; align-items: center"><input type="checkbox" style="opacity: 0; position: absolute"> a toggle chip</label>
		<p style="font-size: 13px" id="small-text">small print</p>
		<p style="display: none"><a href="#c" id="hidden">hidden</a> hidden text</p>
		<details><summary style="min-height: 44px">more</summary><a href="#d" id="in-closed-details">inside</a></details>
		<span style="position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); font-size: 10px">for screen readers</span>
	</body>`
	if err := p.do(chromedp.Navigate("data:text/html;charset=utf-8," + url.PathEscape(page))); err != nil {
		p.fatalf("opening the test page: %v", err)
	}
	got := p.tooSmall()
	want := []string{
		`target a#small-link "a short link" is`,
		`target button#flat "flat" is 120.0×30.0 px`,
		`target label#tiny-label "tiny" is`,
		`text label#tiny-label "tiny" at 12.0 px`,
		`text p#small-text "small print" at 13.0 px`,
	}
	if len(got) != len(want) {
		t.Errorf("the checker found %d problems, want %d:\n\t%s", len(got), len(want), strings.Join(got, "\n\t"))
	}
	for _, w := range want {
		if !slices.ContainsFunc(got, func(g string) bool { return strings.HasPrefix(g, w) }) {
			t.Errorf("the checker missed %s…; it found:\n\t%s", w, strings.Join(got, "\n\t"))
		}
	}
}

// checkSizes measures the page shown under its name: every problem fails
// the test.
func (p phone) checkSizes(name string) {
	p.t.Helper()
	problems := p.tooSmall()
	if len(problems) == 0 {
		return
	}
	list := "\n\t" + strings.Join(problems, "\n\t")
	p.errorf("page %s (%s) has %d size problems:%s", name, p.path(), len(problems), list)
}

// targetsGame is a three-player game with two rounds entered and the
// third begun: its pages show results, ties, why-not-more, a wild and a
// Captain using its power.
const targetsGame = `{"version":1,"players":["Bartholomew Roberts the Longest-Named","Ann","Cy"],"start_player":0,"achievements":["richest","merciless"],
	"rounds":[[{"pool":["H2","H3","H4","A5","S6","X6","AC"],"coins":1},{"pool":["S1","S7","SP","S5"],"coins":2},{"pool":["K6","A6"],"coins":0}],
	[{"pool":["H2","H3","H4","H5","A5","S6","X6","AC"],"coins":2},{"pool":["S1","S7","SP","S5","SC*"],"coins":3},{"pool":["K6","A6","X1"],"coins":1}],
	[{"pool":["H2","H3","H4","H5","A5"],"coins":2},null,null]]}`

// finishedGame is a two-player game played to its end.
const finishedGame = `{"version":1,"players":["Ann","Bo"],"start_player":0,"achievements":["richest","merciless"],
	"rounds":[[{"pool":["H2","H3","H4"],"coins":1},{"pool":["S6","X6"],"coins":2}],
	[{"pool":["H2","H3","H4","H5"],"coins":2},{"pool":["S6","X6","A6"],"coins":3}],
	[{"pool":["H2","H3","H4","H5"],"coins":2},{"pool":["S6","X6","A6"],"coins":2}],
	[{"pool":["H2","H3","H4","H5","H6"],"coins":4},{"pool":["S6","X6","A6","S1"],"coins":5}],
	[{"pool":["H2","H3","H4","H5","H6"],"coins":3},{"pool":["S6","X6","A6","S1"],"coins":6}],
	[{"pool":["H2","H3","H4","H5","H6","H7"],"coins":3},{"pool":["S6","X6","A6","S1","S2"],"coins":6}]],
	"final":[{"pirates":["H2","H3","H4","H5","H7"],"buried_pirates":["H6"],"buried_powder_monkeys":1,"loot_banner_kept":5,"loot_banner_buried":0,"coins":3,"parley_used":false},
	{"pirates":["S6","X6","A6","S1","S2"],"buried_pirates":[],"buried_powder_monkeys":2,"loot_banner_kept":3,"loot_banner_buried":1,"coins":6,"parley_used":true}]}`

// TestTargetsErrorPages measures the tap targets and text of the pages
// a table reaches by mistake: an unknown address, and the new-game form
// sent empty or with a name too long. (Every other page is measured by
// the page walk, TestEveryPage.)
func TestTargetsErrorPages(t *testing.T) {
	t.Parallel()
	p := newTable(t)
	t.Run("not-found", func(t *testing.T) {
		q := p.on(t)
		q.openAny("/no-such-page", "not-found", http.StatusNotFound)
		q.checkSizes("not-found")
	})
	t.Run("form-error", func(t *testing.T) {
		q := p.on(t)
		q.open("/games/new", "new-game-again")
		q.follow(byTestID("create-game"), "new-game-422", http.StatusUnprocessableEntity)
		if q.count(".err") == 0 {
			q.fatalf("the new-game form sent empty shows no error")
		}
		q.checkSizes("new-game-422")
	})
	t.Run("name-too-long", func(t *testing.T) {
		q := p.on(t)
		q.open("/games/new", "new-game-long-name")
		// A browser without maxlength (or a paste into an old one) sends
		// the whole name: the server refuses it next to its box.
		eval[bool](q, `(() => { document.querySelectorAll("input[maxlength]").forEach(e => e.removeAttribute("maxlength")); return true; })()`)
		long := strings.Repeat("Bartholomew-", 5)
		for seat, name := range []string{"Ann", long} {
			if err := q.do(chromedp.SendKeys(chromedp.CSS(byTestID(fmt.Sprintf("player-%d", seat))), name)); err != nil {
				q.fatalf("typing seat %d: %v", seat, err)
			}
		}
		q.follow(byTestID("create-game"), "new-game-name-422", http.StatusUnprocessableEntity)
		if got, want := q.text("field-error-players[1]"), "This name has 60 characters; a name has at most 40."; got != want {
			q.errorf("message next to seat 2: %q, want %q", got, want)
		}
		if got := eval[string](q, `document.querySelector('[data-testid="player-0"]').value`); got != "Ann" {
			q.errorf("seat 1 holds %q after the refusal, want Ann kept", got)
		}
		q.checkSizes("new-game-name-422")
	})
}

// TestTargetsWithoutJavaScript measures the pages whose script hides or
// adds controls (the dispute pages' buttons for a phone without it, the
// entry's steppers), as a phone without JavaScript shows them.
func TestTargetsWithoutJavaScript(t *testing.T) {
	t.Parallel()
	findBrowser(t)
	base := startServer(t)
	browser, _ := startBrowser(t)
	p := seatPhone(t, browser, base, shotDir(t), "", false)
	id := createGame(t, base, targetsGame)
	pages := []struct{ name, path string }{
		{"solve-answer", "/solve?cards=H2,H3,H4,K5,S6,X6,AC,SP,SC*&players=3&tavern=H5,K6"},
		{"check-answer", "/check?players=3&set=SP=H5,H4,H6&set=A1,X7&set=XC*,X2&unused=XQ"},
		{"entry", "/games/" + id + "/rounds/3/players/1"},
	}
	for _, pg := range pages {
		t.Run(pg.name, func(t *testing.T) {
			q := p.on(t)
			q.open(pg.path, pg.name+"-nojs")
			q.openDetails()
			q.checkSizes(pg.name)
		})
	}
}

// openDetails opens every closed details element, so what a tap would
// show is measured too (and keeps a screenshot of the page opened when
// asked to).
func (p phone) openDetails() {
	p.t.Helper()
	n := eval[int](p, `(() => { const ds = document.querySelectorAll("details:not([open])"); ds.forEach(d => d.open = true); return ds.length; })()`)
	if n == 0 {
		return
	}
	p.snap("details-open")
}

// TestTargetsLogin measures the table password page, which only a server
// with a password shows.
func TestTargetsLogin(t *testing.T) {
	t.Parallel()
	findBrowser(t)
	st, err := store.Open(filepath.Join(t.TempDir(), "login.db"))
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	log := slog.New(slog.NewTextHandler(&lockedBuffer{}, nil))
	srv := httptest.NewServer(handlers.NewWithOptions(st, log, handlers.Options{Password: "black flag"}))
	t.Cleanup(srv.Close)
	browser, _ := startBrowser(t)
	p := newPhone(t, browser, srv.URL, shotDir(t), "")
	p.open("/login", "login")
	p.checkSizes("login")
	if err := p.do(chromedp.SendKeys(chromedp.CSS(byTestID("login-password")), "wrong")); err != nil {
		p.fatalf("typing the password: %v", err)
	}
	p.follow(byTestID("login-submit"), "login-wrong", http.StatusUnprocessableEntity)
	p.checkSizes("login-wrong")
	if err := p.do(chromedp.SendKeys(chromedp.CSS(byTestID("login-password")), "black flag")); err != nil {
		p.fatalf("typing the password: %v", err)
	}
	p.follow(byTestID("login-submit"), "logged-in", http.StatusOK)
	p.open("/logout", "logout")
	p.checkSizes("logout")
}
