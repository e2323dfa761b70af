package handlers_test

import (
	"html"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"ruthless/scoring"
)

// TestSolvePage: the address holds the pool, the form redirects to it,
// and the page draws the best party, why not more and the advisor.
func TestSolvePage(t *testing.T) {
	t.Parallel()
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
	// The advisor lists the recruit that adds most first: K6 (+6) before
	// H5 (+4), whatever the Tavern Row's order; and the answer comes
	// before the pool's grid.
	if k, h := strings.Index(page.body, `data-testid="advice-K6"`), strings.Index(page.body, `data-testid="advice-H5"`); k < 0 || h < 0 || k > h {
		t.Errorf("advice K6 at %d, H5 at %d: want the larger gain first", k, h)
	}
	if r, g := strings.Index(page.body, `data-testid="best-strength"`), strings.Index(page.body, `data-testid="card-grid"`); r < 0 || g < 0 || r > g {
		t.Errorf("result at %d, pool grid at %d: want the answer first", r, g)
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
	t.Parallel()
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

// TestEntryAdvisorLink: the round-entry form opens the recruit advisor on
// its pool, counting the pirates new this round as recruits made (R4.3).
func TestEntryAdvisorLink(t *testing.T) {
	t.Parallel()
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
