package handlers_test

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
