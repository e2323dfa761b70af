package handlers_test

import (
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"ruthless/handlers"
	"ruthless/scoring"
	"ruthless/store"
)

// dspForm is what a browser without JavaScript sends from the /check
// page's form: its hidden fields, its checked radios and boxes, and its
// selected options, with the taps and the button pressed added.
func dspForm(t *testing.T, body string) url.Values {
	t.Helper()
	start := strings.Index(body, `<form method="post" action="/check"`)
	if start < 0 {
		t.Fatalf("no /check form in the page:\n%.3000s", body)
	}
	form := body[start : start+strings.Index(body[start:], "</form>")]
	v := url.Values{}
	attr := func(tag, name string) (string, bool) {
		m := regexp.MustCompile(` ` + name + `="([^"]*)"`).FindStringSubmatch(tag)
		if m == nil {
			return "", false
		}
		return html.UnescapeString(m[1]), true
	}
	for _, tag := range regexp.MustCompile(`<input [^>]*>`).FindAllString(form, -1) {
		name, _ := attr(tag, "name")
		value, _ := attr(tag, "value")
		typ, _ := attr(tag, "type")
		switch {
		case typ == "hidden":
			v.Add(name, value)
		case (typ == "radio" || typ == "checkbox") && strings.Contains(tag, " checked"):
			v.Add(name, value)
		}
	}
	for _, sel := range regexp.MustCompile(`(?s)<select [^>]*>.*?</select>`).FindAllString(form, -1) {
		name, _ := attr(sel[:strings.Index(sel, ">")+1], "name")
		value := ""
		if m := regexp.MustCompile(`<option value="([^"]*)" selected`).FindStringSubmatch(sel); m != nil {
			value = html.UnescapeString(m[1])
		}
		v.Set(name, value)
	}
	return v
}

// dspTap is a claim step without JavaScript: choose where tapped cards go,
// tap them, press the button; the answer is a 303 to the claim's address,
// which is then opened.
func dspTap(t *testing.T, a *app, page, to string, cards ...string) (string, string) {
	t.Helper()
	form := dspForm(t, page)
	form.Set("to", to)
	form["card"] = cards
	form.Set("move", "1")
	res := a.postForm(t, "/check", form)
	loc := redirect(t, res)
	got := a.get(t, loc)
	if got.status != http.StatusOK {
		t.Fatalf("GET %s: status %d, want 200\n%.2000s", loc, got.status, got.body)
	}
	return loc, got.body
}

// dspChoose sets a "stands as" choice (or a power toggle) and presses
// "Check again".
func dspChoose(t *testing.T, a *app, page string, set map[string]string) string {
	t.Helper()
	form := dspForm(t, page)
	for k, val := range set {
		if k == "power" {
			form.Add("power", val)
			continue
		}
		form.Set(k, val)
	}
	form.Set("move", "0")
	loc := redirect(t, a.postForm(t, "/check", form))
	got := a.get(t, loc)
	if got.status != http.StatusOK {
		t.Fatalf("GET %s: status %d", loc, got.status)
	}
	return got.body
}

// claimStep is one thing a player does on /check.
type claimStep struct {
	to     string            // a bucket: 1, 2, new, unused, out
	cards  []string          // tapped
	choose map[string]string // or: "as-SP": "S5", "power": "SC"
}

// TestCheckWithoutJavaScript settles the cases through the page
// alone, as a phone without JavaScript does: taps, buttons, redirects. For
// each: legal or not, the rules of the problems in order, the claimed and
// the best strength.
func TestCheckWithoutJavaScript(t *testing.T) {
	tests := []struct {
		name     string
		start    string // the address the player opens
		steps    []claimStep
		legal    bool
		rules    []string
		strength int
		best     int
		summary  string
	}{
		{name: "legal and as strong as it gets", start: "/check",
			steps: []claimStep{{to: "new", cards: []string{"H2", "H3", "H4"}}, {to: "new", cards: []string{"S6", "K6"}}},
			legal: true, strength: 16, best: 16, summary: "as strong as the best party"},
		{name: "R1.1 a card from outside the round's pool", start: "/check?players=3&pool=H2,H3,H4,X6,S6",
			steps: []claimStep{{to: "new", cards: []string{"H2", "H3", "H4", "H5"}}},
			rules: []string{"R1.1"}, best: 16},
		{name: "R1.2 a set that fits no pattern", start: "/check",
			steps: []claimStep{{to: "new", cards: []string{"H2", "H3", "H4"}}, {to: "new", cards: []string{"A5", "XQ"}}},
			rules: []string{"R1.2"}, best: 12},
		{name: "R1.4 a Parrot standing in another suit", start: "/check",
			steps: []claimStep{{to: "new", cards: []string{"SP", "H4", "H6"}}, {choose: map[string]string{"as-SP": "H5"}}},
			rules: []string{"R1.4"}, best: 6},
		{name: "R1.5 a Captain used as wild without its power", start: "/check",
			steps: []claimStep{{to: "new", cards: []string{"SC", "A5", "A6"}}, {choose: map[string]string{"as-SC": "A7"}}},
			rules: []string{"R1.5", "R1.2"}, best: 0},
		{name: "R1.5 the same Captain with its power is legal", start: "/check",
			steps: []claimStep{{to: "new", cards: []string{"SC", "A5", "A6"}}, {choose: map[string]string{"as-SC": "A7", "power": "SC"}}},
			legal: true, strength: 12, best: 12, summary: "as strong as the best party"},
		{name: "R1.6 two cards standing as 5⚔", start: "/check",
			steps: []claimStep{{to: "new", cards: []string{"SP", "S6", "S7"}}, {to: "new", cards: []string{"S5", "H5"}}, {choose: map[string]string{"as-SP": "S5"}}},
			rules: []string{"R1.6"}, best: 16},
		{name: "R1.6 no Kraken for a Captain in a two-player game", start: "/check?players=2",
			steps: []claimStep{{to: "new", cards: []string{"SC", "A5"}}, {choose: map[string]string{"power": "SC"}}, {choose: map[string]string{"as-SC": "K5"}}},
			rules: []string{"R1.6"}, best: 4},
		{name: "a better party exists", start: "/check",
			steps: []claimStep{{to: "new", cards: []string{"S6", "K6"}}, {to: "unused", cards: []string{"H2", "H3", "A4"}}},
			legal: true, strength: 4, best: 10, summary: "A better party exists: 10, 6 more"},
	}
	a := newApp(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.get(t, tt.start)
			if res.status != http.StatusOK {
				t.Fatalf("GET %s: %d", tt.start, res.status)
			}
			page := res.body
			for _, st := range tt.steps {
				if st.choose != nil {
					page = dspChoose(t, a, page, st.choose)
				} else {
					_, page = dspTap(t, a, page, st.to, st.cards...)
				}
			}
			verdict := textOf(page, "verdict")
			if got := strings.HasPrefix(verdict, "Legal"); got != tt.legal {
				t.Errorf("verdict %q, want legal=%t", verdict, tt.legal)
			}
			var rules []string
			for i := 1; ; i++ {
				tag, ok := testid(page, "problem-"+strconv.Itoa(i)+"-rule")
				if !ok {
					break
				}
				li := textOf(page, "problem-"+strconv.Itoa(i))
				m := regexp.MustCompile(`— (R[0-9.]+) `).FindStringSubmatch(li)
				if m == nil {
					t.Fatalf("problem %d %q names no rule", i, li)
				}
				if tag == "" {
					t.Errorf("problem %d %q: the rule %s has no title", i, li, m[1])
				}
				rules = append(rules, m[1])
			}
			if !slices.Equal(rules, tt.rules) {
				t.Errorf("rules %v, want %v\nproblems: %s", rules, tt.rules, textOf(page, "problems"))
			}
			if tt.legal {
				if got, _ := testid(page, "claim-strength"); got != strconv.Itoa(tt.strength) {
					t.Errorf("claimed strength %q, want %d", got, tt.strength)
				}
			}
			if got, _ := testid(page, "verdict-best"); got != strconv.Itoa(tt.best) {
				t.Errorf("best %q, want %d", got, tt.best)
			}
			if sum := textOf(page, "summary"); !strings.Contains(sum, tt.summary) {
				t.Errorf("summary %q, want it to say %q", sum, tt.summary)
			}
			// Every link to a rule the page shows goes to the rules page.
			for _, r := range tt.rules {
				if !strings.Contains(page, `href="/rules#`+r+`"`) {
					t.Errorf("no link to /rules#%s", r)
				}
			}
		})
	}
}

// TestCheckBuildsTheClaim follows the taps: cards move between sets, a
// card tapped into its own set leaves it, emptied sets close up, and the
// chosen bucket follows.
func TestCheckBuildsTheClaim(t *testing.T) {
	a := newApp(t)
	page := a.get(t, "/check").body
	loc, page := dspTap(t, a, page, "new", "H2", "H3", "H4")
	if want := "/check?players=4&set=H2,H3,H4&to=1"; loc != want {
		t.Errorf("after set 1: %s, want %s", loc, want)
	}
	loc, page = dspTap(t, a, page, "new", "S6", "K6", "XQ")
	if want := "/check?players=4&set=H2,H3,H4&set=K6,XQ,S6&to=2"; !sameCheckURL(loc, want) {
		t.Errorf("after set 2: %s, want %s", loc, want)
	}
	loc, page = dspTap(t, a, page, "2", "XQ")
	if want := "/check?players=4&set=H2,H3,H4&set=K6,S6&unused=XQ&to=2"; !sameCheckURL(loc, want) {
		t.Errorf("XQ tapped in its own set: %s, want it unused: %s", loc, want)
	}
	loc, page = dspTap(t, a, page, "unused", "XQ")
	if want := "/check?players=4&set=H2,H3,H4&set=K6,S6&to=unused"; !sameCheckURL(loc, want) {
		t.Errorf("XQ tapped unused again: %s, want it out of the pool: %s", loc, want)
	}
	loc, _ = dspTap(t, a, page, "1", "H2", "H3", "H4")
	if want := "/check?players=4&set=K6,S6&unused=H2,H3,H4&to=new"; !sameCheckURL(loc, want) {
		t.Errorf("set 1 emptied: %s, want set 2 to become set 1: %s", loc, want)
	}
}

// sameCheckURL compares two /check addresses by their values.
func sameCheckURL(a, b string) bool {
	ua, err1 := url.Parse(a)
	ub, err2 := url.Parse(b)
	if err1 != nil || err2 != nil || ua.Path != ub.Path {
		return false
	}
	qa, qb := ua.Query(), ub.Query()
	if len(qa) != len(qb) {
		return false
	}
	for k, v := range qa {
		if !slices.Equal(v, qb[k]) {
			return false
		}
	}
	return true
}

func TestCheckBadInput(t *testing.T) {
	a := newApp(t)
	tests := []struct {
		name, path, want string
	}{
		{"unknown card", "/check?set=H2,Z9", `Unknown card "Z9"`},
		{"card twice", "/check?set=H2,H3&set=H2,S5", "given twice"},
		{"Kraken for two", "/check?players=2&set=K2,H2", "Kraken cards are not in a 2-player game"},
		{"players", "/check?players=7&set=H2,H3", "Players must be 2, 3 or 4"},
		{"bad stands-as", "/check?set=SP=Z1,S2,S3", `Unknown card "Z1"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.get(t, tt.path)
			if res.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", res.status)
			}
			if msg, _ := testid(res.body, "field-error-form"); !strings.Contains(msg, tt.want) {
				t.Errorf("message %q, want %q", msg, tt.want)
			}
		})
	}
	res := a.postForm(t, "/check", url.Values{"card": {"Q9"}, "to": {"new"}})
	if res.status != http.StatusUnprocessableEntity {
		t.Errorf("posting an unknown card: status %d, want 422", res.status)
	}
}

// TestSolvePage: the address holds the pool, the form redirects to it,
// and the page draws the best party, why not more and the advisor.
func TestSolvePage(t *testing.T) {
	a := newApp(t)
	res := a.get(t, "/solve?form=1&players=3&cards=H2&cards=H3&cards=H4&cards=K5&cards=S6&cards=X6&cards=AC&cards=SC&power=SC&tavern=H5&tavern=K6&recruited=1")
	want := "/solve?cards=AC,H2,H3,H4,K5,X6,S6,SC*&players=3&tavern=H5,K6&recruited=1"
	if got := redirect(t, res); got != want {
		t.Fatalf("form answer goes to %s, want %s", got, want)
	}
	page := a.get(t, "/solve?cards=H2,H3,H4,K5,S6,X6,AC&players=3&tavern=H5,K6&recruited=1")
	if page.status != http.StatusOK {
		t.Fatalf("status %d", page.status)
	}
	checks := []struct{ id, want string }{
		{"result-strength", "16"},
		{"best-set-1", "Straight flush of 3 12 2 of Heart 3 of Heart 4 of Heart"},
		{"best-set-2", "Pair 4 6 of Skull 6 of Swords"},
		{"best-unused", "Unused (2) C of Anchor 5 of Kraken"},
		{"why-use-text-AC", "No set from this pool can hold C of Anchor."},
		{"why-use-text-K5", "Putting 5 of Kraken to use: best is 12, 4 less."},
		{"why-most-unused", "No party of strength 16 leaves more than 2 pirates unused, the first tie-break. R1.7 R2.5"},
		{"advice-H5-gain", "+4"},
		{"advice-K6-gain", "+6"},
		{"advice-pair-gain", "+10"},
	}
	for _, c := range checks {
		if got := textOf(page.body, c.id); got != c.want {
			t.Errorf("%s = %q, want %q", c.id, got, c.want)
		}
	}
	// The gains are differences of exact solves.
	pool := cards(t, "H2 H3 H4 K5 S6 X6 AC")
	base := scoring.Solve(pool, scoring.Options{Players: 3}).Strength
	for _, c := range []string{"H5", "K6"} {
		got := scoring.Solve(append(slices.Clone(pool), cards(t, c)...), scoring.Options{Players: 3}).Strength - base
		if text := textOf(page.body, "advice-"+c+"-gain"); text != "+"+strconv.Itoa(got) {
			t.Errorf("gain of %s shown %q, Solve difference %d", c, text, got)
		}
	}
	if !strings.Contains(page.body, `href="/check?players=3&amp;unused=AC,H2,H3,H4,K5,X6,S6"`) {
		t.Errorf("no link to check a claim on this pool")
	}
	// Three recruits already: nothing to weigh.
	full := a.get(t, "/solve?cards=H2,H3&players=3&tavern=H4,H5&recruited=3")
	if note := textOf(full.body, "advice-note"); !strings.Contains(note, "no more until the next") {
		t.Errorf("with 3 recruited, advice note %q", note)
	}
	if strings.Contains(full.body, `data-testid="advice-H4"`) {
		t.Errorf("with 3 recruited, gains are still offered")
	}
	// Two already: singles, no pair.
	one := a.get(t, "/solve?cards=H2,H3&players=3&tavern=H4,H5&recruited=2")
	if !strings.Contains(one.body, `data-testid="advice-H4"`) || strings.Contains(one.body, `data-testid="advice-pair"`) {
		t.Errorf("with 2 recruited: want singles and no pair")
	}
}

func TestSolvePageBadInput(t *testing.T) {
	a := newApp(t)
	tests := []struct {
		name, path, field, want string
	}{
		{"unknown card", "/solve?cards=H2,Z9", "pool", `Unknown card "Z9"`},
		{"Kraken for two", "/solve?players=2&cards=H2,K3", "pool", "Kraken cards are not in a 2-player game"},
		{"six Tavern cards", "/solve?cards=H2&tavern=A1,A2,A3,A4,A5,A6", "tavern", "at most 5"},
		{"a Tavern card in the pool", "/solve?cards=H2,H3&tavern=H3", "tavern", "already in the pool"},
		{"recruits", "/solve?cards=H2&recruited=4", "recruited", "0 to 3"},
		{"players", "/solve?cards=H2&players=1", "form", "Players must be 2, 3 or 4"},
		{"form with a bad card", "/solve?form=1&cards=H2&cards=Q0", "pool", `Unknown card "Q0"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.get(t, tt.path)
			if res.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", res.status)
			}
			if msg, _ := testid(res.body, "field-error-"+tt.field); !strings.Contains(msg, tt.want) {
				t.Errorf("message next to %s: %q, want %q", tt.field, msg, tt.want)
			}
		})
	}
	// The stepper's − / + without JavaScript changes the number.
	res := a.get(t, "/solve?form=1&cards=H2&tavern=H3&recruited=1&step=recruited%2B")
	if got := redirect(t, res); got != "/solve?cards=H2&players=4&tavern=H3&recruited=2" {
		t.Errorf("+ goes to %s", got)
	}
}

// TestRoundWhyNotMore: every player's round result explains itself and
// links to /check with the player's pool fixed.
func TestRoundWhyNotMore(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, `{"version":1,"players":["Ann","Ben"],"start_player":0,"achievements":["richest","merciless"],
		"rounds":[[{"pool":["H2","H3","H4","A5","S6","X6","AC"],"coins":1},{"pool":["S1","S7","SP","S5"],"coins":2}]]}`)
	page := a.get(t, "/games/"+id+"/rounds/1")
	if page.status != http.StatusOK {
		t.Fatalf("status %d", page.status)
	}
	for id, want := range map[string]string{
		"why-0-use-text-AC": "No set from this pool can hold C of Anchor.",
		"why-0-use-text-A5": "Putting 5 of Anchor to use: best is 12, 4 less.",
		"why-1-use-text-S1": "Putting 1 of Swords to use: best is 11, 1 less.",
	} {
		if got := textOf(page.body, id); got != want {
			t.Errorf("%s = %q, want %q", id, got, want)
		}
	}
	m := regexp.MustCompile(`href="(/check\?[^"]*)" data-testid="check-0"`).FindStringSubmatch(page.body)
	if m == nil {
		t.Fatalf("no check link for seat 0")
	}
	link := html.UnescapeString(m[1])
	if want := "/check?players=2&pool=A5,AC,H2,H3,H4,X6,S6&from=/games/" + id + "/rounds/1"; link != want {
		t.Errorf("check link %s, want %s", link, want)
	}
	check := a.get(t, link)
	if _, ok := testid(check.body, "locked"); !ok || !strings.Contains(check.body, `href="/games/`+id+`/rounds/1" data-testid="back"`) {
		t.Errorf("the check page does not say its pool is fixed or has no way back")
	}
}

// rulePageIDs are every rule ID of the project's rules (docs/rules.md): the
// rules page must have an anchor for each.
var rulePageIDs = []string{
	"R0", "R1", "R1.1", "R1.2", "R1.3", "R1.4", "R1.5", "R1.6", "R1.7", "R1.8",
	"R2", "R2.1", "R2.2", "R2.3", "R2.4", "R2.5",
	"R3", "R3.1", "R3.2", "R3.3", "R3.4", "R3.5",
	"R4", "R4.1", "R4.2", "R4.3", "R4.4", "R4.5",
}

// TestRuleLinksResolve is the crawler: every rule ID has an anchor on the
// rules page, listed in its index; every link to the rules page from
// every page of the app (a whole game's pages, the dispute pages, their
// error pages, the rules page itself) goes to an anchor that is there; and
// no page shows a rule ID that is not such a link.
func TestRuleLinksResolve(t *testing.T) {
	a := newApp(t)
	rules := a.get(t, "/rules").body
	anchors := map[string]bool{}
	for _, m := range regexp.MustCompile(` id="([^"]+)"`).FindAllStringSubmatch(rules, -1) {
		anchors[m[1]] = true
	}
	index := textOf(rules, "rule-index")
	for _, id := range rulePageIDs {
		if !anchors[id] {
			t.Errorf("the rules page has no anchor id=%q", id)
		}
		if !regexp.MustCompile(`(^| )` + regexp.QuoteMeta(id) + `( |$)`).MatchString(index) {
			t.Errorf("the rules index does not list %s", id)
		}
	}

	id := a.createGame(t, `{"version":1,"players":["Ann","Ben","Cat"],"start_player":0,"achievements":["richest","merciless"],
		"rounds":[[{"pool":["H2","H3","H4"],"coins":1},{"pool":["S6","K6"],"coins":2},{"pool":["A1","X7"],"coins":0}],
		[{"pool":["H2","H3","H4","H5"],"coins":2},{"pool":["S6","K6","A6"],"coins":3},{"pool":["A1","X7"],"coins":1}],
		[{"pool":["H2","H3","H4","H5"],"coins":2},{"pool":["S6","K6","A6","X6"],"coins":2},{"pool":["A1","X1","S1","X7"],"coins":1}],
		[{"pool":["H2","H3","H4","H5","H6"],"coins":4},{"pool":["S6","K6","A6","X6"],"coins":5},{"pool":["A1","X1","S1","X7"],"coins":2}],
		[{"pool":["H2","H3","H4","H5","H6"],"coins":3},{"pool":["S6","K6","A6","X6"],"coins":6},{"pool":["A1","X1","S1","X7","K7","A7"],"coins":3}]],
		"final":[{"pirates":["H2","H3","H4","H5"],"buried_pirates":["H6"],"buried_powder_monkeys":1,"loot_banner_kept":5,"loot_banner_buried":0,"coins":3,"parley_used":false},
		{"pirates":["S6","K6","A6","X6"],"buried_pirates":[],"buried_powder_monkeys":2,"loot_banner_kept":3,"loot_banner_buried":1,"coins":6,"parley_used":true},
		{"pirates":["A1","X1","S1","X7","K7","A7"],"buried_pirates":[],"buried_powder_monkeys":0,"loot_banner_kept":5,"loot_banner_buried":0,"coins":2,"parley_used":false}]}`)
	pages := []string{"/", "/rules", "/games/new", "/games/" + id, "/games/" + id + "/final", "/games/" + id + "/final/0",
		"/solve", "/solve?cards=H2,H3,H4,K5,S6,X6,AC,SP&players=3&tavern=H5,K6",
		"/check", "/check?players=3&set=SP=H5,H4,H6&set=A1,X7&unused=XQ", "/check?players=2&pool=H2,H3,SC*&set=SC*=K4,H2,H3",
		"/solve?cards=Z9", "/check?set=Z9", "/no-such-page"}
	for r := 1; r <= 5; r++ {
		pages = append(pages, "/games/"+id+"/rounds/"+strconv.Itoa(r), "/games/"+id+"/rounds/"+strconv.Itoa(r)+"/players/0")
	}
	linked := map[string]bool{}
	link := regexp.MustCompile(`href="/rules#([^"]*)"`)
	// A rule ID in a page's text, outside links, scripts and attributes.
	anchorEl := regexp.MustCompile(`(?s)<a [^>]*>.*?</a>`)
	tags := regexp.MustCompile(`(?s)<[^>]*>`)
	bareID := regexp.MustCompile(`\bR[0-4](\.[0-9])+\b`)
	for _, p := range pages {
		res := a.get(t, p)
		if res.status >= 500 {
			t.Errorf("GET %s: %d", p, res.status)
			continue
		}
		text := tags.ReplaceAllString(anchorEl.ReplaceAllString(res.body, ""), " ")
		if ids := bareID.FindAllString(text, -1); len(ids) > 0 {
			t.Errorf("%s shows rule IDs that link nowhere: %v", p, ids)
		}
		for _, m := range link.FindAllStringSubmatch(res.body, -1) {
			linked[m[1]] = true
			if !anchors[m[1]] {
				t.Errorf("%s links to /rules#%s, which the rules page does not have", p, m[1])
			}
		}
	}
	// The crawl reached pages citing rules of every section.
	for _, id := range []string{"R1.2", "R1.4", "R1.5", "R1.6", "R1.7", "R2.2", "R2.5", "R4.3"} {
		if !linked[id] {
			t.Errorf("no page crawled links to /rules#%s", id)
		}
	}
}

func cards(t testing.TB, line string) []scoring.Card {
	t.Helper()
	cs, err := scoring.ParseCards(scoring.SplitCodes(line))
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// fifteen is a 15-card pool whose best party (38) leaves 5 pirates unused.
const fifteen = "A1,H1,K1,X1,A2,S3,K5,H5,H6,S6,H7,XQ,AC,HC,XC"

// BenchmarkDisputePages times /solve and /check for a 15-card pool (the
// docs/measurements.md quotes them): "warm" is a repeat request, its solves from the
// party cache; "cold" a new server each time, every solve done afresh
// ("why not more?" included).
func BenchmarkDisputePages(b *testing.B) {
	st, err := store.Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	solve := "/solve?cards=" + fifteen + "&players=4"
	check := "/check?players=4&pool=" + fifteen + "&set=A1,H1,K1,X1&set=H5,H6,H7&set=AC,HC,XC&set=A2,S3,K5"
	for _, p := range []struct{ name, path string }{{"solve", solve}, {"check", check}} {
		for _, cold := range []bool{false, true} {
			name := p.name + "/warm"
			if cold {
				name = p.name + "/cold"
			}
			b.Run(name, func(b *testing.B) {
				h := handlers.NewWithOptions(st, log, handlers.Options{})
				for b.Loop() {
					if cold {
						h = handlers.NewWithOptions(st, log, handlers.Options{})
					}
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p.path, nil))
					if rec.Code != http.StatusOK {
						b.Fatalf("%s: %d", p.path, rec.Code)
					}
				}
			})
		}
	}
}

// TestDisputePageTimes logs the page times BenchmarkDisputePages measures,
// once each, for a quick look (go test -run TestDisputePageTimes -v).
func TestDisputePageTimes(t *testing.T) {
	for _, path := range []string{"/solve?cards=" + fifteen + "&players=4", "/check?players=4&pool=" + fifteen + "&set=A1,H1,K1,X1&set=H5,H6,H7"} {
		a := newApp(t)
		start := time.Now()
		res := a.get(t, path)
		cold := time.Since(start)
		start = time.Now()
		a.get(t, path)
		t.Logf("%s: %d, first %v, again %v, %d bytes", path, res.status, cold, time.Since(start), len(res.body))
		if res.status != http.StatusOK {
			t.Errorf("status %d", res.status)
		}
	}
}

// TestEntryAdvisorLink: the round-entry form opens the recruit advisor on
// its pool, counting the pirates new this round as recruits made (R4.3).
func TestEntryAdvisorLink(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, `{"version":1,"players":["Ann","Ben"],"start_player":0,"achievements":["richest","merciless"],
		"rounds":[[{"pool":["H2","H3"],"coins":1},{"pool":["S1"],"coins":2}],[{"pool":["H2","H3","H4","A5"],"coins":1},null]]}`)
	page := a.get(t, "/games/"+id+"/rounds/2/players/0")
	m := regexp.MustCompile(`href="([^"]*)" data-testid="advisor-link"`).FindStringSubmatch(page.body)
	if m == nil {
		t.Fatalf("no advisor link on the entry form")
	}
	link := html.UnescapeString(m[1])
	if want := "/solve?cards=A5,H2,H3,H4&players=2&recruited=2&advise=1#advisor"; link != want {
		t.Errorf("advisor link %s, want %s", link, want)
	}
	// The script that opens it on the cards tapped counts as recruits
	// those the player entered in no earlier round.
	known := regexp.MustCompile(`data-testid="advisor-link" data-known="([^"]*)"`).FindStringSubmatch(page.body)
	if known == nil || known[1] != "H2,H3" {
		t.Errorf("advisor link data-known %v, want H2,H3", known)
	}
	solve := a.get(t, strings.TrimSuffix(link, "#advisor"))
	if !strings.Contains(solve.body, `id="advisor" open`) {
		t.Errorf("the advisor is not open")
	}
	// The form keeps it open through its redirect.
	res := a.get(t, "/solve?form=1&advise=1&cards=H2&tavern=H3&recruited=2")
	if got := redirect(t, res); got != "/solve?cards=H2&players=4&tavern=H3&recruited=2&advise=1" {
		t.Errorf("form answer %s", got)
	}
}
