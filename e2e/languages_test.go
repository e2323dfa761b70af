package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"ruthless/handlers"
	"ruthless/views/lang/langtest"
)

// The walk in every language (issue 40): every page a table meets, in
// German, French and Spanish, on a phone 360 px wide, with four long
// names in four scripts. A page fails when an English word is left in
// what a player reads (the visible text, or an aria-label, title, alt or
// placeholder), when a label is cut short, or when the page is wider
// than the phone.

// languageWidth is the phone of the walk: narrow, as German words are
// long ("Errungenschaften", "Enterkommando").
const languageWidth = 360

// TestEveryPageInEveryLanguage walks every page in each language the app
// speaks besides English, each language in a browser context and on a
// server of its own, side by side. RUTHLESS_LANG_SHOTS names a folder for
// a screenshot of every page (one folder per language), to look at.
func TestEveryPageInEveryLanguage(t *testing.T) {
	t.Parallel()
	for _, code := range []string{"de", "fr", "es"} {
		t.Run(code, func(t *testing.T) {
			t.Parallel()
			english := englishOnlyWords(t, code)
			p := newTable(t)
			p.setWidth(languageWidth)
			pages := languagePages(t, p.base)
			// The choice is kept in a cookie, which every server of the
			// walk (all on 127.0.0.1) then gets.
			p.navigate(p.base+"/rules?lang="+code, "choose-"+code, http.StatusOK)
			shots := languageShots(t, code)
			for i, pg := range pages {
				t.Run(pg.name, func(t *testing.T) {
					q := p.on(t)
					q.navigate(pg.base+pg.path, pg.name, pg.status)
					if got := eval[string](q, `document.documentElement.lang`); got != code {
						q.errorf("%s: <html lang=%q>, want %q", pg.path, got, code)
					}
					q.checkLanguage(pg.name, english)
					if shots != "" {
						q.shootInto(shots, fmt.Sprintf("%02d-%s.png", i+1, pg.name))
					}
				})
			}
		})
	}
}

// languagePage is a page of the walk and the status it answers with.
type languagePage struct {
	nightPage
	status int64
}

// languagePages are the pages of the walk: every page of a table of long
// names (longNamePages), and the pages that table does not reach: the
// password page, the import and export pages, a game's delete and
// reveal pages, renaming a player, and the error pages.
func languagePages(t *testing.T, base string) []languagePage {
	t.Helper()
	var out []languagePage
	for _, pg := range longNamePages(t, base) {
		out = append(out, languagePage{pg, http.StatusOK})
	}
	open := ""
	for _, pg := range out {
		if pg.name == "scoreboard-playing" {
			open = pg.path
		}
	}
	locked := startServerWith(t, handlers.Options{Password: "black flag"})
	out = append(out, []languagePage{
		{nightPage{"reveal", base, open + "/rounds/5/reveal"}, http.StatusOK},
		{nightPage{"delete", base, open + "/delete"}, http.StatusOK},
		{nightPage{"rename", base, "/players/" + longNames[1] + "/rename"}, http.StatusOK},
		{nightPage{"import", base, "/import"}, http.StatusOK},
		{nightPage{"export", base, "/export"}, http.StatusOK},
		{nightPage{"solve-answer", base, "/solve?cards=H2,H3,H4,K5,S6,X6,AC,SP,SC*&players=3&tavern=H5,K6&advise=1"}, http.StatusOK},
		{nightPage{"check-claim", base, "/check?players=4&set=SP=H5,H4,H6&set=A1,X7&set=XC*,X2&unused=XQ"}, http.StatusOK},
		{nightPage{"login", locked, "/login"}, http.StatusOK},
		{nightPage{"no-such-game", base, "/games/999999"}, http.StatusNotFound},
		{nightPage{"no-such-round", base, open + "/rounds/9"}, http.StatusNotFound},
		{nightPage{"no-such-page", base, "/nowhere"}, http.StatusNotFound},
	}...)
	return out
}

// languageShots is the folder for this language's screenshots, or "".
func languageShots(t *testing.T, code string) string {
	t.Helper()
	dir := os.Getenv("RUTHLESS_LANG_SHOTS")
	if dir == "" {
		return ""
	}
	dir = filepath.Join(dir, code)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

var (
	wordPattern = regexp.MustCompile(`\p{L}{3,}`)
	addresses   = regexp.MustCompile(`https?://\S+`)
)

// englishOnlyWords are the words of the English catalogue that the
// language's own catalogue never uses: seen on a page of that language,
// such a word is English left behind. The languages' own names (the
// switch says "English") and the words of the long names are not.
func englishOnlyWords(t *testing.T, code string) map[string]bool {
	t.Helper()
	english, own := langtest.Words(t, "en"), langtest.Words(t, code)
	out := map[string]bool{}
	for w := range english {
		if !own[w] {
			out[w] = true
		}
	}
	// Words so common that an English sentence left on a page has one,
	// whatever the catalogue holds.
	for _, w := range strings.Fields("the and you your this that with for from are was has have not all any " +
		"each who what when which will can one two game games player players round rounds new back save more") {
		if !own[w] {
			out[w] = true
		}
	}
	delete(out, "english")
	for _, n := range longNames {
		for _, w := range wordPattern.FindAllString(n, -1) {
			delete(out, strings.ToLower(w))
		}
	}
	return out
}

// readableTextJS is what a player reads on the page, as lines: the
// visible text, then each aria-label, title, alt and placeholder, and
// each button's value, named by where it is.
const readableTextJS = `(() => {
	const out = [document.body.innerText];
	for (const e of document.querySelectorAll("[aria-label], [title], [alt], [placeholder], input[type=submit], input[type=button]")) {
		for (const a of ["aria-label", "title", "alt", "placeholder", "value"]) {
			// A button element's value is what it sends, not what it shows.
			if (a === "value" && !(e.tagName === "INPUT" && /^(submit|button)$/.test(e.type))) continue;
			const v = e.getAttribute(a);
			if (v) out.push(v);
		}
	}
	out.push(document.title);
	return out;
})()`

// cutLabelsJS lists the labels, buttons, links, headings and table cells
// whose own text does not fit their box: cut by an ellipsis or hidden
// overflow, or spilling past the box's edges.
const cutLabelsJS = `((width, names) => Array.from(document.querySelectorAll(
	"button, .btn, label, a, th, td, summary, legend, h1, h2, h3, dt, .chip, .tab, nav *"
)).filter(e => {
	const s = getComputedStyle(e);
	if (s.display === "none" || s.visibility === "hidden" || s.display === "inline") return false;
	// Read out only, not shown: the element or a box around it is
	// clipped to a pixel (.vh, a table head hidden on a phone).
	for (let a = e; a && a !== document.body; a = a.parentElement) {
		const box = a.getBoundingClientRect();
		if (box.width < 2 || box.height < 2 || getComputedStyle(a).clipPath !== "none") return false;
	}
	if (!Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim() !== "")) return false;
	if (names.some(w => e.textContent.includes(w))) return false;
	// Cut: an ellipsis or hidden overflow that hides some of the text;
	// or the text itself reaching past the box it is the label of.
	// The element's own text, not a child read out only (.vh).
	const box = e.getBoundingClientRect(), t = {left: Infinity, right: -Infinity};
	for (const n of e.childNodes) {
		if (n.nodeType !== 3 || n.textContent.trim() === "") continue;
		const r = document.createRange();
		r.selectNodeContents(n);
		const b = r.getBoundingClientRect();
		t.left = Math.min(t.left, b.left);
		t.right = Math.max(t.right, b.right);
	}
	const hides = s.textOverflow === "ellipsis" || s.overflowX === "hidden" || s.overflowX === "clip";
	return (hides && e.scrollWidth > e.clientWidth + 1) || t.right > box.right + 1 || t.left < box.left - 1;
}).slice(0, 6).map(e => e.tagName.toLowerCase() + (e.className ? "." + String(e.className).replace(/ /g, ".") : "") +
	(e.dataset.testid ? "[" + e.dataset.testid + "]" : "") + ": " + e.textContent.trim().replace(/\s+/g, " ").slice(0, 60) +
	" (" + Math.round(e.getBoundingClientRect().width) + " px wide)"))`

// checkLanguage fails the test for English words left on the page shown,
// labels cut short and a page wider than the phone.
func (p phone) checkLanguage(name string, english map[string]bool) {
	p.t.Helper()
	var left []string
	for _, line := range eval[[]string](p, readableTextJS) {
		// An address (the invite's link) is no word of the page.
		line = addresses.ReplaceAllString(line, " ")
		for _, w := range wordPattern.FindAllString(line, -1) {
			if english[strings.ToLower(w)] {
				left = append(left, fmt.Sprintf("%q in %q", w, excerpt(line, w)))
			}
		}
	}
	if len(left) > 0 {
		slices.Sort(left)
		left = slices.Compact(left)
		p.errorf("page %s (%s) shows %d English words: %s", name, p.path(), len(left), strings.Join(left[:min(len(left), 12)], "; "))
	}
	names, _ := json.Marshal(nameWords())
	if cut := eval[[]string](p, fmt.Sprintf("%s(%d, %s)", cutLabelsJS, languageWidth, names)); len(cut) > 0 {
		p.errorf("page %s (%s) cuts labels short: %s", name, p.path(), strings.Join(cut, "; "))
	}
	if eval[int](p, `document.documentElement.scrollWidth`) <= languageWidth {
		return
	}
	if wide := eval[[]string](p, fmt.Sprintf("%s(%d)", wideJS, languageWidth)); len(wide) > 0 {
		p.errorf("page %s (%s) is wider than %d px: %s", name, p.path(), languageWidth, strings.Join(wide, ", "))
	}
}

// excerpt is the part of line around w, to find it on the page.
func excerpt(line, w string) string {
	i := strings.Index(line, w)
	from, to := max(0, i-30), min(len(line), i+len(w)+30)
	for from > 0 && !isRuneStart(line[from]) {
		from--
	}
	for to < len(line) && !isRuneStart(line[to]) {
		to++
	}
	return strings.Join(strings.Fields(line[from:to]), " ")
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
