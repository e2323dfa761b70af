package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"log/slog"
	"mime/multipart"
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

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
	"ruthless/views/lang"
)

// histApp is the real router over a store of n generated games.
func histApp(tb testing.TB, n int, seed uint64) (http.Handler, *store.Store) {
	tb.Helper()
	st := genStore(tb, filepath.Join(tb.TempDir(), "hist.db"), n, seed)
	tb.Cleanup(func() { st.Close() })
	a := newApp(st, slog.New(slog.NewTextHandler(io.Discard, nil)), Limits{})
	return a.handler(), st
}

func histGet(tb testing.TB, h http.Handler, path string) *httptest.ResponseRecorder {
	tb.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec
}

// want is a player's statistics worked out here, from the game files
// alone, by scoring.Score, without the handlers' code.
type want struct {
	games, wins, shared, total int
	best, bestParty            int
	h2h                        map[string][4]int // games, ahead, behind, level
	ach                        map[string][2]int
	patterns                   map[string]int
	srcMine, srcTable          [4]int
	seats                      int
}

func recompute(t *testing.T, files []scoring.Game) map[string]*want {
	t.Helper()
	out := map[string]*want{}
	for _, f := range files {
		if f.Final == nil {
			continue
		}
		res, err := scoring.Score(f)
		if err != nil {
			t.Fatal(err)
		}
		rank := func(p int) int {
			if slices.Contains(res.Winners, p) {
				return 1
			}
			return slices.Index(res.Standings, p) + 1
		}
		for p, name := range f.Players {
			k := strings.ToLower(strings.TrimSpace(name))
			w := out[k]
			if w == nil {
				w = &want{h2h: map[string][4]int{}, ach: map[string][2]int{}, patterns: map[string]int{}}
				out[k] = w
			}
			tot := res.Totals[p]
			w.games++
			if slices.Contains(res.Winners, p) {
				if len(res.Winners) > 1 {
					w.shared++
				} else {
					w.wins++
				}
			}
			w.total += tot.NP
			if w.games == 1 || tot.NP > w.best {
				w.best = tot.NP
			}
			for i, v := range []int{tot.Prizes, tot.Achievements, tot.Crew, tot.Parley} {
				w.srcMine[i] += v
			}
			for _, tt := range res.Totals {
				for i, v := range []int{tt.Prizes, tt.Achievements, tt.Crew, tt.Parley} {
					w.srcTable[i] += v
				}
				w.seats++
			}
			for _, r := range res.Rounds {
				w.bestParty = max(w.bestParty, r.Results[p].Strength)
				for _, s := range r.Results[p].Sets {
					w.patterns[strings.ToUpper(s.Kind.Name()[:1])+s.Kind.Name()[1:]]++
				}
			}
			for _, a := range res.Achievements {
				info, _ := scoring.AchievementByID(a.ID)
				c := w.ach[info.Name]
				if a.NP[p] == 4 {
					c[0]++
				}
				if a.NP[p] == 2 {
					c[1]++
				}
				w.ach[info.Name] = c
			}
			for q, other := range f.Players {
				if q == p {
					continue
				}
				ok := strings.ToLower(strings.TrimSpace(other))
				h := w.h2h[ok]
				h[0]++
				switch {
				case rank(p) < rank(q):
					h[1]++
				case rank(p) > rank(q):
					h[2]++
				default:
					h[3]++
				}
				w.h2h[ok] = h
			}
		}
	}
	return out
}

func one(t *testing.T, body, testid string) string {
	t.Helper()
	m := regexp.MustCompile(`data-testid="` + testid + `">([^<]*)<`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no %s on the page", testid)
	}
	return html.UnescapeString(strings.TrimSpace(m[1]))
}

func tenthsText(n, d int) string {
	return strconv.FormatFloat(float64(n)/float64(d), 'f', 1, 64)
}

// TestPlayerPagesMatchRecomputation checks every statistic of every
// player page against the game files of a few hundred generated games.
func TestPlayerPagesMatchRecomputation(t *testing.T) {
	t.Parallel()
	h, st := histApp(t, 300, 14)
	games, err := st.Games(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var files []scoring.Game
	for _, g := range games {
		files = append(files, g.File)
	}
	wants := recompute(t, files)
	if len(wants) != len(genNames) {
		t.Fatalf("got %d players, want %d", len(wants), len(genNames))
	}
	for key, w := range wants {
		t.Run(key, func(t *testing.T) {
			rec := histGet(t, h, "/players/"+url.PathEscape(key))
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d", rec.Code)
			}
			body := rec.Body.String()
			checks := []struct{ id, want string }{
				{"stat-games", strconv.Itoa(w.games)},
				{"stat-wins", strconv.Itoa(w.wins)},
				{"stat-shared", strconv.Itoa(w.shared)},
				{"stat-rate", strconv.Itoa((100*(w.wins+w.shared)+w.games/2)/w.games) + "%"},
				{"stat-avg", tenthsText(w.total, w.games)},
				{"best-party-strength", strconv.Itoa(w.bestParty)},
			}
			for _, c := range checks {
				if got := one(t, body, c.id); got != c.want {
					t.Errorf("%s: got %q, want %q", c.id, got, c.want)
				}
			}
			if !strings.Contains(body, `>`+strconv.Itoa(w.best)+`</a></dd>`) {
				t.Errorf("best NP %d not shown", w.best)
			}
			for i := range views.NPSources {
				name := views.NPSource(lang.English, i)
				row := fmt.Sprintf(`%s</th><td>%s</td><td>%s</td>`, name, tenthsText(w.srcMine[i], w.games), tenthsText(w.srcTable[i], w.seats))
				if !strings.Contains(body, row) {
					t.Errorf("source %s: want row %q", name, row)
				}
			}
			for other, hh := range w.h2h {
				re := regexp.MustCompile(`(?i)<th[^>]*><a [^>]*href="/players/[^"]*"[^>]*><bdi>` + regexp.QuoteMeta(html.EscapeString(other)) + `</bdi></a></th><td[^>]*>(\d+)</td><td[^>]*>(\d+)</td><td[^>]*>(\d+)</td><td[^>]*>(\d+)</td>`)
				m := re.FindStringSubmatch(body)
				if m == nil {
					t.Errorf("no head-to-head row for %s", other)
					continue
				}
				for i := range 4 {
					if m[i+1] != strconv.Itoa(hh[i]) {
						t.Errorf("head to head %s column %d: got %s, want %d", other, i, m[i+1], hh[i])
					}
				}
			}
			for name, c := range w.ach {
				if c[0]+c[1] == 0 {
					continue
				}
				// A place never reached is left out: no "0 × 4 NP".
				var won []string
				if c[0] > 0 {
					won = append(won, fmt.Sprintf("%d × 4 NP", c[0]))
				}
				if c[1] > 0 {
					won = append(won, fmt.Sprintf("%d × 2 NP", c[1]))
				}
				if s := fmt.Sprintf("<b>%s</b>: %s</li>", name, strings.Join(won, ", ")); !strings.Contains(body, s) {
					t.Errorf("achievement %s: want %q", name, s)
				}
			}
			for name, n := range w.patterns {
				if s := fmt.Sprintf("<li>%s: %d</li>", name, n); !strings.Contains(body, s) {
					t.Errorf("pattern: want %q", s)
				}
			}
		})
	}
}

func TestPlayersListAndUnknown(t *testing.T) {
	t.Parallel()
	h, _ := histApp(t, 30, 3)
	rec := histGet(t, h, "/players")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `data-testid="players"`) {
		t.Fatalf("players: status %d", rec.Code)
	}
	if rec := histGet(t, h, "/players/Nobody%20Here"); rec.Code != http.StatusNotFound {
		t.Errorf("unknown player: got %d, want 404", rec.Code)
	}
}

// postFiles uploads files to /import as the form does.
func postFiles(tb testing.TB, h http.Handler, files map[string][]byte, order []string) *httptest.ResponseRecorder {
	tb.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for _, name := range order {
		w, err := mw.CreateFormFile("file", name)
		if err != nil {
			tb.Fatal(err)
		}
		w.Write(files[name])
	}
	mw.Close()
	req := httptest.NewRequest(http.MethodPost, "/import", &b)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestExportImportRoundTrip(t *testing.T) {
	t.Parallel()
	h, _ := histApp(t, 120, 5)
	first := histGet(t, h, "/export/games.json")
	if first.Code != http.StatusOK || !strings.Contains(first.Header().Get("Content-Disposition"), "attachment") {
		t.Fatalf("export: status %d, disposition %q", first.Code, first.Header().Get("Content-Disposition"))
	}
	empty := newApp(mustOpen(t), slog.New(slog.NewTextHandler(io.Discard, nil)), Limits{}).handler()
	rec := postFiles(t, empty, map[string][]byte{"all.json": first.Body.Bytes()}, []string{"all.json"})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("import: status %d: %s", rec.Code, rec.Body.String())
	}
	second := histGet(t, empty, "/export/games.json")
	if !bytes.Equal(first.Body.Bytes(), second.Body.Bytes()) {
		t.Fatalf("export after import differs (%d and %d bytes)", first.Body.Len(), second.Body.Len())
	}
	// One game alone round-trips too.
	var raws []json.RawMessage
	if err := json.Unmarshal(first.Body.Bytes(), &raws); err != nil || len(raws) != 120 {
		t.Fatalf("export is not an array of 120 games: %v", err)
	}
}

func mustOpen(tb testing.TB) *store.Store {
	tb.Helper()
	st, err := store.Open(filepath.Join(tb.TempDir(), "empty.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	return st
}

func TestBrokenImportChangesNothing(t *testing.T) {
	t.Parallel()
	h, st := histApp(t, 10, 8)
	all := histGet(t, h, "/export/games.json").Body.Bytes()
	var raws []map[string]any
	if err := json.Unmarshal(all, &raws); err != nil {
		t.Fatal(err)
	}
	raws[3]["rounds"].([]any)[0].([]any)[1].(map[string]any)["coins"] = 400
	bad, _ := json.Marshal(raws)
	good := histGet(t, h, "/export/games.json").Body.Bytes()
	before, _ := st.Games(context.Background())
	rec := postFiles(t, h, map[string][]byte{"good.json": good, "bad.json": bad}, []string{"good.json", "bad.json"})
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("status %d, want 422", rec.Code)
	}
	body := html.UnescapeString(rec.Body.String())
	for _, s := range []string{"bad.json", "game 3", "rounds[0][1].coins", "Nothing was imported"} {
		if !strings.Contains(body, s) {
			t.Errorf("the refusal does not say %q", s)
		}
	}
	after, _ := st.Games(context.Background())
	if len(after) != len(before) {
		t.Errorf("games: got %d after a refused import, want %d", len(after), len(before))
	}
}

func TestMergeKeepsAllGames(t *testing.T) {
	t.Parallel()
	h, st := histApp(t, 60, 9)
	ctx := context.Background()
	count := func(name string) int {
		games, _ := st.Games(ctx)
		n := 0
		for _, g := range games {
			if g.File.SeatNamed(name) >= 0 {
				n++
			}
		}
		return n
	}
	total := func() int { g, _ := st.Games(ctx); return len(g) }
	// Find two players who never sat together, so they can merge.
	games, _ := st.Games(ctx)
	together := map[[2]string]bool{}
	for _, g := range games {
		for _, a := range g.File.Players {
			for _, b := range g.File.Players {
				together[[2]string{scoring.NameKey(a), scoring.NameKey(b)}] = true
			}
		}
	}
	a, b := "lucy", "craig"
	if !together[[2]string{a, b}] {
		t.Fatal("the generated games should seat lucy with craig")
	}
	// A clash is refused and changes nothing.
	before, n := count(a), total()
	form := url.Values{"to": {"Craig"}}
	req := httptest.NewRequest(http.MethodPost, "/players/lucy/rename", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(html.UnescapeString(rec.Body.String()), "already has a player called") {
		t.Fatalf("clash: status %d", rec.Code)
	}
	if count(a) != before {
		t.Fatalf("a refused rename changed games")
	}
	// Renaming to a new name, then merging back, keeps every game.
	na, nb := count("lucy"), count("Pirate Queen")
	form = url.Values{"to": {"Pirate Queen"}}
	req = httptest.NewRequest(http.MethodPost, "/players/LUCY/rename", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("rename: status %d", rec.Code)
	}
	if got := count("pirate queen"); got != na+nb || count("lucy") != 0 || total() != n {
		t.Errorf("after rename: %d games of the new name (want %d), %d of the old, %d games (want %d)", got, na+nb, count("lucy"), total(), n)
	}
}

// TestHistoryTimes measures a player page and the home page with 1,000
// games, and the export of all of them. Under the race detector each page
// is asked for twice, not six times: its times say nothing there, and
// each page still answers with the 1,000 games.
func TestHistoryTimes(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("slow")
	}
	h, _ := histApp(t, 1000, 21)
	repeats := 5
	if raceEnabled {
		repeats = 1
	}
	measure := func(path string) time.Duration {
		histGet(t, h, path) // warms the result cache and the party cache
		best := time.Hour
		for range repeats {
			start := time.Now()
			rec := histGet(t, h, path)
			best = min(best, time.Since(start))
			if rec.Code != http.StatusOK {
				t.Fatalf("%s: status %d", path, rec.Code)
			}
		}
		return best
	}
	cold := time.Now()
	histGet(t, h, "/players/lucy")
	t.Logf("player page, first (scores 1,000 games): %v", time.Since(cold))
	for _, p := range []string{"/players/lucy", "/players", "/", "/?state=finished&q=luc", "/export/games.json", "/export/results.csv"} {
		t.Logf("%s with 1,000 games: %v", p, measure(p))
	}
}

func TestResultCardAndBGStats(t *testing.T) {
	t.Parallel()
	h, st := histApp(t, 20, 4)
	games, _ := st.Games(context.Background())
	var done, open string
	for _, g := range games {
		if g.File.Final != nil {
			done = g.ID
		} else {
			open = g.ID
		}
	}
	if done == "" || open == "" {
		t.Fatal("want a finished game and one in progress")
	}
	rec := histGet(t, h, "/games/"+done+"/card")
	body := rec.Body.String()
	for _, s := range []string{`property="og:title"`, `property="og:description"`, `property="og:type" content="website"`, `data-testid="line-chart"`, `<title>Notoriety Points after each round`, `data-testid="card-steps"`, `/games/` + done + `/bgstats`} {
		if !strings.Contains(body, s) {
			t.Errorf("card: no %q", s)
		}
	}
	if rec := histGet(t, h, "/games/"+open+"/card"); rec.Code != http.StatusOK || strings.Contains(rec.Body.String(), "/bgstats") {
		t.Errorf("card of a game in progress: status %d, or offers BG Stats", rec.Code)
	}
	rec = histGet(t, h, "/games/"+done+"/bgstats")
	loc := rec.Header().Get("Location")
	if rec.Code != http.StatusSeeOther || !strings.HasPrefix(loc, bgstatsCreatePlay+"?data=") {
		t.Fatalf("bgstats: status %d, location %q", rec.Code, loc)
	}
	u, _ := url.Parse(loc)
	var play BGStatsPlay
	if err := json.Unmarshal([]byte(u.Query().Get("data")), &play); err != nil {
		t.Fatal(err)
	}
	g, _ := st.Game(context.Background(), done)
	res, _ := scoring.Score(g.File)
	if play.SourcePlayID != done || len(play.Players) != len(g.File.Players) {
		t.Fatalf("play %+v", play)
	}
	for p, pl := range play.Players {
		if pl.Score != res.Totals[p].NP || pl.Winner != slices.Contains(res.Winners, p) || pl.StartPlayer != (p == g.File.StartPlayer) {
			t.Errorf("player %d: got %+v", p, pl)
		}
	}
	if rec := histGet(t, h, "/games/"+open+"/bgstats"); rec.Code != http.StatusBadRequest {
		t.Errorf("bgstats of a game in progress: got %d, want 400", rec.Code)
	}
}
