package handlers_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"ruthless/handlers"
	"ruthless/scoring"
	"ruthless/store"
)

// The fuzz targets send every form handler and JSON endpoint requests
// built from fuzzed bytes, through the real router over a real store (one
// per fuzz process, in f.TempDir), and check after each request that:
//
//   - the answer is not a 5xx (a panic would be the recover's 500), save
//     503 with Retry-After, the documented answer of a solve over the
//     server's limits;
//   - nothing is half-written: after a 4xx no game was added or removed
//     and the game the request aimed at is as it was; after any answer
//     every game the request touched still loads and validates (R4).
//
// Their seeds are real requests from the other tests, and run as plain
// tests under go test. Fuzz one with
//
//	go test -fuzz FuzzEntryForm -fuzztime 30s ./handlers

// fuzzApp is the app one fuzz process sends its requests to.
type fuzzApp struct {
	h  http.Handler
	st *store.Store
	db *sql.DB // a second connection, to count games cheaply
	// game is a game in progress (three players, round 1 entered) that the
	// form and entry targets change; gameFile is its file at the start.
	game     string
	gameFile string
}

// fuzzGame is threePlayers with its round 1, plus a round 2 half entered.
const fuzzGame = `{"version":1,"players":["Lucy","Craig","Julie"],"start_player":0,
 "achievements":["richest","merciless"],"zero_counts":false,"rounds":[
 [{"pool":["H2","H3","A4","S6","K6"],"coins":3},{"pool":["S1","S7","SP"],"coins":1},{"pool":["HQ","S5"],"coins":0}],
 [{"pool":["H2","H3","A4","S6","K6","HC*"],"coins":4},null,null]]}`

func newFuzzApp(f *testing.F) *fuzzApp {
	f.Helper()
	path := filepath.Join(f.TempDir(), "fuzz.db")
	st, err := store.Open(path)
	if err != nil {
		f.Fatalf("store.Open: %v", err)
	}
	f.Cleanup(func() { st.Close() })
	db, err := sql.Open("sqlite3", path+"?_busy_timeout=5000")
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { db.Close() })
	g, err := scoring.DecodeGame(strings.NewReader(fuzzGame))
	if err != nil {
		f.Fatal(err)
	}
	id, err := st.CreateGame(context.Background(), g)
	if err != nil {
		f.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	opt := handlers.Options{
		// A fuzzed pool may be one built to be slow: such a solve gets the
		// server's 503 soon rather than holding the fuzzer up.
		Limits: handlers.Limits{Wait: 200 * time.Millisecond, Solve: 300 * time.Millisecond},
		// The limiter has its own test; here every creation should run.
		GamesPerMinute: -1,
	}
	fa := &fuzzApp{h: handlers.NewWithOptions(st, log, opt), st: st, db: db, game: id}
	fa.gameFile = fa.snapshot(f, id)
	return fa
}

// Content types a fuzzed request may carry, chosen by a fuzzed byte.
var fuzzTypes = []string{"", "application/x-www-form-urlencoded", "application/json", "text/plain", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded; charset=\xff"}

// brokenBody is a body whose reading fails after its bytes, as a
// malformed chunked body or a dropped upload does.
type brokenBody struct{ r io.Reader }

func (b brokenBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if errors.Is(err, io.EOF) {
		return n, errors.New("malformed chunked encoding")
	}
	return n, err
}

// send makes one request. ct picks the Content-Type (0: the endpoint's
// own); broken makes the body fail after its bytes.
func (fa *fuzzApp) send(t *testing.T, method, path, body, ownType string, ct uint8, broken bool) *httptest.ResponseRecorder {
	t.Helper()
	var r io.Reader = strings.NewReader(body)
	if broken {
		r = brokenBody{r}
	}
	req := httptest.NewRequest(method, path, r)
	if broken {
		req.ContentLength = -1
	}
	typ := ownType
	if i := int(ct) % (len(fuzzTypes) + 1); i > 0 {
		typ = fuzzTypes[i-1]
	}
	if typ != "" {
		req.Header.Set("Content-Type", typ)
	}
	rec := httptest.NewRecorder()
	fa.h.ServeHTTP(rec, req)
	return rec
}

// count is how many live games the database holds.
func (fa *fuzzApp) count(t testing.TB) int {
	t.Helper()
	var n int
	// A deleted game stays in the trash for a while: only live games count.
	if err := fa.db.QueryRow(`SELECT COUNT(*) FROM games WHERE deleted IS NULL`).Scan(&n); err != nil {
		t.Fatalf("counting games: %v", err)
	}
	return n
}

// snapshot is everything stored about a game, for telling whether a
// refused request changed it.
func (fa *fuzzApp) snapshot(t testing.TB, id string) string {
	t.Helper()
	g, err := fa.st.Game(context.Background(), id)
	if err != nil {
		t.Fatalf("game %s no longer loads: %v", id, err)
	}
	b, err := json.Marshal(struct {
		File     scoring.Game
		Versions [][]int
		Finals   []*scoring.FinalEntry
		FinalV   []int
	}{g.File, g.EntryVersions, g.Finals, g.FinalVersions})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// valid fails the test unless the game loads and passes Validate.
func (fa *fuzzApp) valid(t testing.TB, id, after string) {
	t.Helper()
	g, err := fa.st.Game(context.Background(), id)
	if err != nil {
		t.Fatalf("after %s, game %s does not load: %v", after, id, err)
	}
	if _, err := scoring.Validate(g.File); err != nil {
		t.Fatalf("after %s, game %s is invalid: %v", after, id, err)
	}
}

// checkStatus fails on a 5xx other than a solve over its limits.
func checkStatus(t *testing.T, rec *httptest.ResponseRecorder, what string) {
	t.Helper()
	if rec.Code >= 500 && (rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "") {
		t.Fatalf("%s: status %d: %.500s", what, rec.Code, rec.Body)
	}
	if rec.Code < 400 {
		return
	}
	// Every refusal says why: a JSON {error, field} or a page with text.
	if strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		var e struct {
			Error string  `json:"error"`
			Field *string `json:"field"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Error == "" || e.Field == nil {
			t.Fatalf("%s: status %d with body %.300s, want {error, field}", what, rec.Code, rec.Body)
		}
	} else if rec.Body.Len() == 0 {
		t.Fatalf("%s: status %d with an empty body", what, rec.Code)
	}
}

// aimed runs one request aimed at the fuzz game and checks the game: as
// it was after a refusal, valid after anything.
func (fa *fuzzApp) aimed(t *testing.T, what string, do func() *httptest.ResponseRecorder) *httptest.ResponseRecorder {
	t.Helper()
	count, before := fa.count(t), fa.snapshot(t, fa.game)
	rec := do()
	t.Logf("%s: %d", what, rec.Code)
	checkStatus(t, rec, what)
	if got := fa.count(t); got != count {
		t.Fatalf("%s: status %d, and the games went from %d to %d", what, rec.Code, count, got)
	}
	if rec.Code >= 400 {
		if after := fa.snapshot(t, fa.game); after != before {
			t.Fatalf("%s: refused with %d, yet the game changed:\n%s\nto\n%s", what, rec.Code, before, after)
		}
	}
	fa.valid(t, fa.game, what)
	return rec
}

// created checks a request that may make a game: a refusal adds none, a
// success adds one that validates, which is then deleted to keep the
// database small.
func (fa *fuzzApp) created(t *testing.T, what string, do func() *httptest.ResponseRecorder) {
	t.Helper()
	count := fa.count(t)
	rec := do()
	t.Logf("%s: %d", what, rec.Code)
	checkStatus(t, rec, what)
	got := fa.count(t)
	var id string
	switch {
	case rec.Code == http.StatusCreated:
		var out struct{ ID string }
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || out.ID == "" {
			t.Fatalf("%s: 201 without an id: %s", what, rec.Body)
		}
		id = out.ID
	case rec.Code == http.StatusSeeOther:
		id = strings.TrimPrefix(rec.Header().Get("Location"), "/games/")
	}
	switch {
	case id == "" && got != count:
		t.Fatalf("%s: status %d, and the games went from %d to %d", what, rec.Code, count, got)
	case id == "":
		return
	case id == fa.game:
		t.Fatalf("%s: a new game answered with the fuzz game's id", what)
	}
	if got != count+1 && got != count {
		t.Fatalf("%s: status %d made %d games", what, rec.Code, got-count)
	}
	fa.valid(t, id, what)
	if got == count+1 {
		if err := fa.st.DeleteGame(context.Background(), id); err != nil {
			t.Fatalf("deleting the made game: %v", err)
		}
	}
}

// seg maps a fuzzed byte to a path segment: mostly a real seat or round,
// sometimes one out of range or not a number.
func seg(b uint8) string {
	switch {
	case b < 200:
		return strconv.Itoa(int(b) % 8)
	case b < 230:
		return strconv.Itoa(int(b) * 1000003)
	case b < 250:
		return "-" + strconv.Itoa(int(b)%3)
	}
	return "x"
}

func FuzzCreateGameForm(f *testing.F) {
	fa := newFuzzApp(f)
	for _, form := range []url.Values{
		{"player": {" Lucy ", "Craig", "", "Julie"}, "start": {"3"}, "achievement": {"merciless", "recruiter", "richest"}, "zero_counts": {"1"}},
		{"player": {"Lucy", "", "", ""}, "start": {"0"}, "achievement": {"richest", "merciless"}},
		{"player": {"Lucy", "Craig", "lucy", ""}, "start": {"0"}, "achievement": {"richest", "merciless"}},
		{"player": {"Lucy", strings.Repeat("x", 41)}, "start": {"0"}, "achievement": {"richest", "merciless"}},
		{"player": {"Lucy", "Craig"}, "start": {"1"}, "achievement": {"richest", "shipshape", "commander"}, "zero_counts": {"1"}},
		{"player": {"Lucy", "Craig", "Julie", "Alex", "Eve"}, "start": {"0"}, "achievement": {"richest", "merciless"}},
		{"player": {"Lucy", "Cr\x00aig", "Ju\u202elie"}, "start": {"1"}, "achievement": {"richest", "merciless"}},
		{"player": {"Lucy", "Craig"}, "start": {"0"}, "achievement": {"richest", "merciless"}, "token": {"aaaaaaaaaaaaaaaaaaaaaaaaaa"}},
	} {
		f.Add(form.Encode(), uint8(0), false)
	}
	f.Add("player=%ZZ", uint8(0), false)
	f.Add("player=Lucy&player=Craig&start=99999999999999999999&achievement=richest&achievement=merciless", uint8(0), false)
	f.Add("player=Lucy&player=Craig&achievement=richest&achievement=merciless", uint8(3), false)
	f.Add("player=Lucy&player=Craig&achievement=richest&achievement=merciless", uint8(0), true)
	f.Fuzz(func(t *testing.T, body string, ct uint8, broken bool) {
		fa.created(t, "POST /games", func() *httptest.ResponseRecorder {
			return fa.send(t, http.MethodPost, "/games", body, "application/x-www-form-urlencoded", ct, broken)
		})
	})
}

func FuzzEntryForm(f *testing.F) {
	fa := newFuzzApp(f)
	for _, s := range []struct {
		r, p uint8
		form url.Values
	}{
		{2, 1, url.Values{"card": {"S1", "S7", "SP"}, "coins": {"2"}, "version": {"0"}}},
		{2, 0, url.Values{"card": {"H2", "H3"}, "coins": {"lots"}, "version": {"1"}}},
		{2, 1, url.Values{"card": {"S1", "H2"}, "coins": {"1"}, "version": {"0"}}},
		{2, 2, url.Values{"card": {"HQ", "Z9"}, "coins": {"-2"}, "version": {"0"}}},
		{2, 0, url.Values{"card": {"H2", "HC"}, "power": {"HC"}, "coins": {"1"}, "version": {"0"}}},
		{2, 0, url.Values{"card": {"H2"}, "coins": {"3"}, "step": {"coins+"}, "version": {"1"}}},
		{1, 2, url.Values{"card": {"HQ", "S5"}, "coins": {"0"}, "version": {"1"}, "token": {"bbbbbbbbbbbbbbbbbbbbbbbbbb"}}},
		{3, 0, url.Values{"card": {"H1", "H2", "H3", "H4"}, "coins": {"0"}, "version": {"0"}}},
		{9, 3, url.Values{"coins": {"1"}}},
	} {
		f.Add(s.r, s.p, s.form.Encode(), uint8(0), false)
	}
	f.Add(uint8(2), uint8(1), "card=%ZZ", uint8(0), false)
	f.Add(uint8(2), uint8(1), "card=S1&coins=99999999999999999999999&version=-1", uint8(2), false)
	f.Add(uint8(2), uint8(1), "card=S1&coins=1&version=0", uint8(0), true)
	f.Fuzz(func(t *testing.T, r, p uint8, body string, ct uint8, broken bool) {
		path := "/games/" + fa.game + "/rounds/" + seg(r) + "/players/" + seg(p)
		fa.aimed(t, "POST "+path, func() *httptest.ResponseRecorder {
			return fa.send(t, http.MethodPost, path, body, "application/x-www-form-urlencoded", ct, broken)
		})
	})
}

func FuzzFinalForm(f *testing.F) {
	fa := newFuzzApp(f)
	for _, s := range []struct {
		p    uint8
		form url.Values
	}{
		{0, url.Values{"card": {"H2", "H3", "A4", "S6", "K6", "HC"}, "monkeys": {"1"}, "loot_kept": {"3"}, "loot_buried": {"0"}, "coins": {"2"}, "version": {"0"}}},
		{1, url.Values{"card": {"S1", "S7", "SP"}, "buried": {"S7"}, "monkeys": {"1"}, "loot_kept": {"2"}, "loot_buried": {"0"}, "coins": {"3"}, "parley_used": {"1"}, "version": {"0"}}},
		{0, url.Values{"card": {"H2", "H3", "A4", "S6", "K6"}, "monkeys": {"7"}, "loot_kept": {"-1"}, "loot_buried": {"many"}, "coins": {"120"}, "version": {"0"}}},
		{2, url.Values{"card": {"HQ", "S5", "S1"}, "monkeys": {"0"}, "version": {"0"}}},
		{1, url.Values{"card": {"S1"}, "step": {"monkeys+"}, "monkeys": {"6"}}},
		{7, url.Values{"coins": {"1"}}},
	} {
		f.Add(s.p, s.form.Encode(), uint8(0), false)
	}
	f.Add(uint8(0), "monkeys=%ZZ", uint8(0), false)
	f.Add(uint8(0), "card=H2&monkeys=1", uint8(0), true)
	f.Fuzz(func(t *testing.T, p uint8, body string, ct uint8, broken bool) {
		path := "/games/" + fa.game + "/final/" + seg(p)
		fa.aimed(t, "POST "+path, func() *httptest.ResponseRecorder {
			return fa.send(t, http.MethodPost, path, body, "application/x-www-form-urlencoded", ct, broken)
		})
	})
}

func FuzzReveal(f *testing.F) {
	fa := newFuzzApp(f)
	f.Add(uint8(2), "", uint8(0), false)
	f.Add(uint8(1), "", uint8(0), false)
	f.Add(uint8(3), "", uint8(0), false)
	f.Add(uint8(0), "x=%ZZ", uint8(1), false)
	f.Add(uint8(2), "token=cccccccccccccccccccccccccc", uint8(1), true)
	f.Fuzz(func(t *testing.T, r uint8, body string, ct uint8, broken bool) {
		path := "/games/" + fa.game + "/rounds/" + seg(r) + "/reveal"
		fa.aimed(t, "POST "+path, func() *httptest.ResponseRecorder {
			return fa.send(t, http.MethodPost, path, body, "application/x-www-form-urlencoded", ct, broken)
		})
	})
}

func FuzzDelete(f *testing.F) {
	fa := newFuzzApp(f)
	f.Add(true, "", "", uint8(0), false)
	f.Add(false, "nosuch", "", uint8(0), false)
	f.Add(false, "", "x=%ZZ", uint8(1), false)
	f.Add(true, "", "token=dddddddddddddddddddddddddd", uint8(1), true)
	f.Fuzz(func(t *testing.T, own bool, other, body string, ct uint8, broken bool) {
		g, _ := scoring.DecodeGame(strings.NewReader(fuzzGame))
		id, err := fa.st.CreateGame(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		target := url.PathEscape(other)
		if own || target == "" {
			target = id
		}
		count := fa.count(t)
		rec := fa.send(t, http.MethodPost, "/games/"+target+"/delete", body, "application/x-www-form-urlencoded", ct, broken)
		checkStatus(t, rec, "POST delete")
		got := fa.count(t)
		switch {
		case rec.Code == http.StatusSeeOther && target == id:
			if got != count-1 {
				t.Fatalf("delete answered 303 and left %d games of %d", got, count)
			}
			if _, err := fa.st.Game(context.Background(), id); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("deleted game still loads: %v", err)
			}
		case got != count:
			t.Fatalf("delete of %q answered %d and the games went from %d to %d", target, rec.Code, count, got)
		default:
			fa.valid(t, id, "a refused delete")
			fa.st.DeleteGame(context.Background(), id)
		}
		fa.valid(t, fa.game, "a delete")
	})
}

func FuzzAPISolve(f *testing.F) {
	fa := newFuzzApp(f)
	for _, body := range []string{
		`{"cards": ["H2","H3","A4","S6","K6"], "players": 3}`,
		`{"cards": ["S1","S7","SP"]}`,
		`{"cards": [`, `{"cards": "H2"}`, `{"cards": [], "players": "three"}`,
		`{"cards": ["H2", "Z9"]}`, `{"cards": ["H2", "h2"]}`, `{"cards": ["K3"], "players": 2}`,
		`{"cards": [], "players": 7}`, ``, `{"cards": [], "players": 1e999}`,
	} {
		f.Add(body, uint8(0), false)
	}
	f.Add(`{"cards": ["H2"]}`, uint8(0), true)
	f.Fuzz(func(t *testing.T, body string, ct uint8, broken bool) {
		fa.aimed(t, "POST /api/solve", func() *httptest.ResponseRecorder {
			return fa.send(t, http.MethodPost, "/api/solve", body, "application/json", ct, broken)
		})
	})
}

func FuzzAPICheck(f *testing.F) {
	fa := newFuzzApp(f)
	for _, body := range []string{
		`{"sets": [["H2", "H3", "A4"], ["S6", "K6"]], "pool": ["X5"], "players": 3}`,
		`{"sets": [["SP=S5", "S1", "S7"]], "players": 2}`,
		`{"sets": [[]]}`, `{"sets": [["SP=Z1"]]}`, `{"sets": [["H2","H3","H4"]], "pool": [3]}`,
		`{"sets": [["HC*=A7", "A6", "A5"]], "pool": ["HQ"]}`, `{"sets": null}`,
	} {
		f.Add(body, uint8(0), false)
	}
	f.Add(`{"sets": [["H2","H3","H4"]]}`, uint8(0), true)
	f.Fuzz(func(t *testing.T, body string, ct uint8, broken bool) {
		fa.aimed(t, "POST /api/check", func() *httptest.ResponseRecorder {
			return fa.send(t, http.MethodPost, "/api/check", body, "application/json", ct, broken)
		})
	})
}

// gameFileSeeds are game files from the other tests, good and bad.
var gameFileSeeds = []string{
	fuzzGame,
	threePlayers,
	`{"version":1,"players":["A","B","C"],"start_player":0,"rounds":[[{"pool":["H1","H2","H3"],"coins":1},null,null]]}`,
	`{"version":1,"players":["A","B"],"rounds":[[{"pool":["Q9"],"coins":0},null]]}`,
	`{"version":1,"players":["A"]}`,
	`{"version":1,"players":["A","a"]}`,
	`{"version":2,"players":["A","B"]}`,
	`{"version":1,"players":["Lucy","Cr\u0000aig"]}`,
	`{"version":1,"players":["Ann","Bob"],"achievements":["shipshape","mutineer","recruiter"],"rounds":[[{"pool":["HC*","H7","HP"],"coins":0},{"pool":["AQ"],"coins":99}]],"final":[{"pirates":["H7","HP"],"buried_pirates":["HC"],"buried_powder_monkeys":1,"loot_banner_kept":5,"loot_banner_buried":2,"coins":4,"parley_used":true},{"pirates":["AQ"],"buried_pirates":[],"buried_powder_monkeys":0,"loot_banner_kept":0,"loot_banner_buried":0,"coins":7,"parley_used":false}]}`,
	`{"version":1,"players":["A","B"],"played":"2024-05-01T20:00:00+02:00","duration_min":55,"location":"Kitchen","notes":"Lucy's birthday\nrematch after"}`,
	`{"version":1,"players":["A","B"],"duration_min":0,"location":"a\u0007b","notes":"  "}`,
	`{"version":1,"players":["A","B"],"duration_min":"long","location":7}`,
	`hello`,
}

func FuzzAPIScore(f *testing.F) {
	fa := newFuzzApp(f)
	for _, body := range gameFileSeeds {
		f.Add(body, uint8(0), false)
	}
	f.Add(threePlayers, uint8(0), true)
	f.Fuzz(func(t *testing.T, body string, ct uint8, broken bool) {
		fa.aimed(t, "POST /api/score", func() *httptest.ResponseRecorder {
			return fa.send(t, http.MethodPost, "/api/score", body, "application/json", ct, broken)
		})
	})
}

func FuzzAPICreateGame(f *testing.F) {
	fa := newFuzzApp(f)
	for _, body := range gameFileSeeds {
		f.Add(body, uint8(0), false)
	}
	f.Add(threePlayers, uint8(0), true)
	f.Fuzz(func(t *testing.T, body string, ct uint8, broken bool) {
		fa.created(t, "POST /api/games", func() *httptest.ResponseRecorder {
			return fa.send(t, http.MethodPost, "/api/games", body, "application/json", ct, broken)
		})
	})
}

func FuzzAPIPutEntry(f *testing.F) {
	fa := newFuzzApp(f)
	for _, s := range []struct {
		r, p uint8
		body string
	}{
		{2, 1, `{"pool":["S1","S7","SP"],"coins":2,"version":0}`},
		{2, 0, `{"pool":["H2"],"coins":0,"version":1}`},
		{1, 0, `{"pool":["H2"],"coins":0,"version":0}`},
		{2, 1, `{"pool":["H2"],"coins":0,"version":0}`},
		{2, 2, `{"pool":[],"coins":100,"version":0}`},
		{2, 2, `{"pool":[],"coins":"lots","version":0}`},
		{3, 0, `{"pool":[],"coins":0,"version":0}`},
		{0, 0, `{"pool":[],"coins":0,"version":0}`},
		{2, 3, `{"pool":[],"coins":0,"version":0}`},
		{2, 1, `{"pool":["K3","SC*"],"coins":1e999,"version":-1}`},
	} {
		f.Add(s.r, s.p, s.body, uint8(0), false)
	}
	f.Add(uint8(2), uint8(1), `{"pool":[],"coins":0,"version":0}`, uint8(0), true)
	f.Fuzz(func(t *testing.T, r, p uint8, body string, ct uint8, broken bool) {
		path := "/api/games/" + fa.game + "/rounds/" + seg(r) + "/entries/" + seg(p)
		fa.aimed(t, "PUT "+path, func() *httptest.ResponseRecorder {
			return fa.send(t, http.MethodPut, path, body, "application/json", ct, broken)
		})
	})
}
