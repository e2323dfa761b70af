package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// axeScript is axe-core's browser build, installed from npm by `make deps`
// (npm ci --ignore-scripts --prefix e2e/axe).
var axeScript = filepath.Join("axe", "node_modules", "axe-core", "axe.min.js")

// readAxe returns axe-core's script. Without it the test is skipped,
// unless RUTHLESS_REQUIRE_BROWSER is set (as `make test` sets it): then a
// missing axe fails, so the accessibility check cannot pass by skipping.
func readAxe(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile(axeScript)
	if err == nil {
		return string(src)
	}
	hint := "run `make deps` (npm ci --ignore-scripts --prefix e2e/axe)"
	if v := os.Getenv("RUTHLESS_REQUIRE_BROWSER"); v != "" && v != "0" {
		t.Fatalf("RUTHLESS_REQUIRE_BROWSER=%s but axe-core is missing (%v): %s", v, err, hint)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("reading axe-core: %v", err)
	}
	t.Skipf("accessibility test skipped: axe-core is missing: %s", hint)
	return ""
}

// axeViolation is one rule axe-core found broken, with the elements that
// break it.
type axeViolation struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"`
}

func (v axeViolation) String() string {
	return fmt.Sprintf("%s (%s): %s — at %s", v.ID, v.Impact, v.Help, strings.Join(v.Targets, "; "))
}

// axeRunJS runs axe-core's rules on the document, every one or those of
// the JSON list it is given (%s: null or the list), and reduces each
// violation to its id, impact, help text and the selectors of its nodes.
const axeRunJS = `((only) => axe.run(document, Object.assign({resultTypes: ["violations"]},
	only ? {runOnly: {type: "rule", values: only}} : {})).then(r => r.violations.map(v => ({
	id: v.id, impact: v.impact || "", help: v.help,
	targets: v.nodes.map(n => n.target.join(" "))
}))))(%s)`

// axeColourRules are axe-core's rules whose verdict can change with the
// colours alone (text against its background, a link told from the text
// around it by colour): on a page already checked in one theme, the
// rules to run in another, which only gives the colours other values
// (TestDarkThemeOnlyRecolours). Every other rule reads the document and
// its layout, the same in both themes.
var axeColourRules = []string{"color-contrast", "link-in-text-block"}

// axeCheck injects axe-core into the page shown and returns its
// violations.
func (p phone) axeCheck(script string) []axeViolation {
	p.t.Helper()
	p.injectAxe(script)
	return p.runAxe()
}

// injectAxe puts axe-core into the page shown, for runAxe to run on it as
// often as the page changes.
func (p phone) injectAxe(script string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout())
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](script+"\n;true")); err != nil {
		p.fatalf("injecting axe-core: %v", err)
	}
}

// runAxe runs axe-core, injected by injectAxe, on the page as it is now
// and returns its violations: of every rule, or of the rules named.
func (p phone) runAxe(rules ...string) []axeViolation {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout())
	defer cancel()
	only := []byte("null")
	if len(rules) > 0 {
		only, _ = json.Marshal(rules)
	}
	found, err := chromedp.Run(ctx, chromedp.Evaluate[[]axeViolation](fmt.Sprintf(axeRunJS, only), chromedp.EvalAwaitPromise))
	if err != nil {
		p.fatalf("running axe-core: %v", err)
	}
	return found
}

// TestAxeCatches runs axe-core on a page made with known faults, so the
// check itself can fail: an image without a text alternative, a button
// with no name and grey text on grey; and its rules about colour alone
// report the grey text and nothing else.
func TestAxeCatches(t *testing.T) {
	t.Parallel()
	script := readAxe(t)
	findBrowser(t)
	browser, _ := startBrowser(t)
	p := newPhone(t, browser, "", shotDir(t), "")
	page := `<!DOCTYPE html><html lang="en"><title>faults</title><main><h1>Faults</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20"><button></button>` +
		`<p style="color: rgb(119, 119, 119); background: rgb(136, 136, 136)">Grey on grey</p></main></html>`
	if err := p.do(chromedp.Navigate("data:text/html;charset=utf-8," + page)); err != nil {
		p.fatalf("opening the test page: %v", err)
	}
	got := map[string]bool{}
	for _, v := range p.axeCheck(script) {
		got[v.ID] = true
	}
	for _, want := range []string{"image-alt", "button-name", "color-contrast"} {
		if !got[want] {
			t.Errorf("axe-core did not report %s; it reported %v", want, got)
		}
	}
	// The rules about colour alone, as a page's second theme gets them.
	got = map[string]bool{}
	for _, v := range p.runAxe(axeColourRules...) {
		got[v.ID] = true
	}
	if !got["color-contrast"] || got["image-alt"] || got["button-name"] {
		t.Errorf("axe-core's colour rules reported %v, want color-contrast alone", got)
	}
}
