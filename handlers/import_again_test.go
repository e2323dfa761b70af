package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"ruthless/store"
)

// finishedAnnBob is a finished two-player game file without a played time.
const finishedAnnBob = `{"version":1,"players":["Ann","Bob"],"start_player":0,"achievements":["richest","recruiter"],
 "rounds":[
  [{"pool":["H1","H2","H3"],"coins":1},{"pool":["S4","A4"],"coins":2}],
  [{"pool":["H1","H2","H3","HP"],"coins":1},{"pool":["S4","A4","X4"],"coins":2}],
  [{"pool":["H1","H2","H3","HP"],"coins":3},{"pool":["S4","A4","X4"],"coins":2}],
  [{"pool":["H1","H2","H3"],"coins":3},{"pool":["S4","A4","X4","SQ"],"coins":2}],
  [{"pool":["H1","H2","H3"],"coins":3},{"pool":["S4","A4","X4","SQ"],"coins":2}],
  [{"pool":["H1","H2","H3","AC*"],"coins":3},{"pool":["S4","A4","X4","SQ"],"coins":4}]],
 "final":[
  {"pirates":["H1","H2","H3","HP"],"buried_pirates":["AC"],"buried_powder_monkeys":1,"loot_banner_kept":5,"loot_banner_buried":0,"coins":3,"parley_used":false},
  {"pirates":["S4","A4","X4"],"buried_pirates":["SQ"],"buried_powder_monkeys":2,"loot_banner_kept":3,"loot_banner_buried":1,"coins":4,"parley_used":true}]}`

// server is the real router over a fresh store.
func server(tb testing.TB) (http.Handler, *store.Store) {
	tb.Helper()
	st := mustOpen(tb)
	return newApp(st, slog.New(slog.NewTextHandler(io.Discard, nil)), Limits{}).handler(), st
}

// postJSON sends a JSON body.
func postJSON(tb testing.TB, h http.Handler, path, body string) *httptest.ResponseRecorder {
	tb.Helper()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// apiCreated stores a game file through POST /api/games, which must
// answer 201, and returns its id.
func apiCreated(tb testing.TB, h http.Handler, file string) string {
	tb.Helper()
	rec := postJSON(tb, h, "/api/games", file)
	var out struct{ ID string }
	if rec.Code != http.StatusCreated || json.Unmarshal(rec.Body.Bytes(), &out) != nil || out.ID == "" {
		tb.Fatalf("POST /api/games: %d %s, want 201 with an id", rec.Code, rec.Body.String())
	}
	return out.ID
}

// importFile uploads one file on the import page, follows the redirect
// and returns the page it lands on.
func importFile(tb testing.TB, h http.Handler, name string, data []byte) string {
	tb.Helper()
	rec := postFiles(tb, h, map[string][]byte{name: data}, []string{name})
	if rec.Code != http.StatusSeeOther {
		tb.Fatalf("import: status %d, want 303: %s", rec.Code, rec.Body.String())
	}
	page := histGet(tb, h, rec.Header().Get("Location"))
	if page.Code != http.StatusOK {
		tb.Fatalf("GET %s: status %d", rec.Header().Get("Location"), page.Code)
	}
	return html.UnescapeString(page.Body.String())
}

// onlyGame is the id of the one game a store holds.
func onlyGame(tb testing.TB, st *store.Store) string {
	tb.Helper()
	games, err := st.Games(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	if len(games) != 1 {
		tb.Fatalf("games stored = %d, want 1", len(games))
	}
	return games[0].ID
}

// TestImportAgainRoundTrip: a game exported, imported on another server
// and exported there gives the same bytes, its played time included; and
// importing the export again, on either server, says the game is already
// stored and stores nothing.
func TestImportAgainRoundTrip(t *testing.T) {
	t.Parallel()
	h1, st1 := server(t)
	id1 := apiCreated(t, h1, finishedAnnBob)
	first := histGet(t, h1, "/games/"+id1+"/export").Body.Bytes()
	if !bytes.Contains(first, []byte(`"played": "`)) {
		t.Errorf("export holds no played time:\n%s", first)
	}

	h2, st2 := server(t)
	importFile(t, h2, "game.json", first)
	id2 := onlyGame(t, st2)
	second := histGet(t, h2, "/games/"+id2+"/export").Body.Bytes()
	if !bytes.Equal(first, second) {
		t.Errorf("export after import =\n%s\nwant the first export\n%s", second, first)
	}
	if all1, all2 := histGet(t, h1, "/export/games.json").Body.Bytes(), histGet(t, h2, "/export/games.json").Body.Bytes(); !bytes.Equal(all1, all2) {
		t.Errorf("every game's export differs between the servers:\n%s\nand\n%s", all1, all2)
	}

	for _, srv := range []struct {
		name string
		h    http.Handler
		st   *store.Store
		id   string
	}{
		{"the server it came from", h1, st1, id1},
		{"the server it went to", h2, st2, id2},
	} {
		t.Run(srv.name, func(t *testing.T) {
			page := importFile(t, srv.h, "game.json", first)
			if !strings.Contains(page, "Already stored: 1 game (not imported again)") {
				t.Errorf("import page does not say the game is already stored:\n%s", page)
			}
			if !strings.Contains(page, `href="/games/`+srv.id+`"`) {
				t.Errorf("import page does not link the stored game %s", srv.id)
			}
			if strings.Contains(page, `data-testid="import-done"`) {
				t.Errorf("import page says games were imported:\n%s", page)
			}
			if got := onlyGame(t, srv.st); got != srv.id {
				t.Errorf("stored game = %s, want %s", got, srv.id)
			}
		})
	}
}

// TestImportAgainKeepsPlayerStats: re-importing an exported game leaves a
// player with the games and wins they had (the bug: 2 games, 2 wins).
func TestImportAgainKeepsPlayerStats(t *testing.T) {
	t.Parallel()
	h, _ := server(t)
	id := apiCreated(t, h, finishedAnnBob)
	before := histGet(t, h, "/players/Ann").Body.String()
	importFile(t, h, "game.json", histGet(t, h, "/games/"+id+"/export").Body.Bytes())
	importFile(t, h, "all.json", histGet(t, h, "/export/games.json").Body.Bytes())
	after := histGet(t, h, "/players/Ann").Body.String()
	for _, stat := range []struct{ testid, want string }{
		{"stat-games", "1"},
		{"stat-wins", one(t, before, "stat-wins")},
		{"stat-shared", one(t, before, "stat-shared")},
		{"stat-avg", one(t, before, "stat-avg")},
	} {
		if got := one(t, after, stat.testid); got != stat.want {
			t.Errorf("%s after importing the game again = %q, want %q", stat.testid, got, stat.want)
		}
	}
}

// TestImportAPIExistingGame: POST /api/games with a game already stored
// answers 200 with the stored game's id and "existing": true, storing
// nothing; a new game still answers 201.
func TestImportAPIExistingGame(t *testing.T) {
	t.Parallel()
	h, st := server(t)
	id := apiCreated(t, h, finishedAnnBob)
	export := histGet(t, h, "/api/games/"+id).Body.String()
	if !strings.Contains(export, `"played":"`) {
		t.Errorf("GET /api/games/%s holds no played time: %s", id, export)
	}
	for _, body := range []string{export, histGet(t, h, "/games/"+id+"/export").Body.String()} {
		rec := postJSON(t, h, "/api/games", body)
		var got struct {
			ID       string
			Existing bool
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			t.Fatalf("body %s: %v", rec.Body.String(), err)
		}
		if rec.Code != http.StatusOK || got.ID != id || !got.Existing {
			t.Errorf("POST /api/games again: %d %s, want 200 {\"id\":%q,\"existing\":true}", rec.Code, rec.Body.String(), id)
		}
		if loc := rec.Header().Get("Location"); loc != "/api/games/"+id {
			t.Errorf("Location = %q, want /api/games/%s", loc, id)
		}
	}
	if got := onlyGame(t, st); got != id {
		t.Errorf("stored game = %s, want %s", got, id)
	}
	fresh := apiCreated(t, h, `{"version":1,"players":["Ann","Bob"],"played":"2024-05-01T20:00:00Z"}`)
	if fresh == id {
		t.Errorf("a new game got the stored game's id %s", id)
	}
}

// TestImportBadPlayed: a played value that is not an RFC 3339 time is
// refused at the field "played", by the API and by the import page.
func TestImportBadPlayed(t *testing.T) {
	t.Parallel()
	h, st := server(t)
	file := `{"version":1,"players":["Ann","Bob"],"played":"last Tuesday"}`
	rec := postJSON(t, h, "/api/games", file)
	var got struct{ Error, Field string }
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != http.StatusBadRequest || got.Field != "played" {
		t.Errorf("POST /api/games: %d %s, want 400 at field played", rec.Code, rec.Body.String())
	}
	page := postFiles(t, h, map[string][]byte{"bad.json": []byte(file)}, []string{"bad.json"})
	if body := html.UnescapeString(page.Body.String()); page.Code != http.StatusUnprocessableEntity || !strings.Contains(body, "bad.json, field played") {
		t.Errorf("import page: status %d, want 422 naming bad.json and the field played", page.Code)
	}
	if games, err := st.Games(context.Background()); err != nil || len(games) != 0 {
		t.Errorf("games stored = %d (%v), want 0", len(games), err)
	}
}
