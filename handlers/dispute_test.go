package handlers_test

import (
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"ruthless/handlers"
	"ruthless/scoring"
	"ruthless/store"
)

// TestRoundWhyNotMore: every player's round result explains itself and
// links to /check with the player's pool fixed.
func TestRoundWhyNotMore(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
