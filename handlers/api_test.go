package handlers_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

const threePlayers = `{"version":1,"players":["Lucy","Craig","Julie"],"start_player":0,
 "achievements":["richest","merciless"],"zero_counts":false,"rounds":[
 [{"pool":["H2","H3","A4","S6","K6"],"coins":3},{"pool":["S1","S7","SP"],"coins":1},{"pool":["HQ","S5"],"coins":0}]]}`

func TestAPIErrors(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, threePlayers)
	two := a.createGame(t, `{"version":1,"players":["Ann","Bob"]}`)
	big := `{"cards":["` + strings.Repeat("H", 70<<10) + `"]}`
	tests := []struct {
		name       string
		method     string
		path       string
		body       string
		wantStatus int
		wantField  string
		wantInErr  string
	}{
		{"solve malformed JSON", "POST", "/api/solve", `{"cards": [`, 400, "", "JSON"},
		{"solve wrong type", "POST", "/api/solve", `{"cards": "H2"}`, 400, "cards", "list"},
		{"solve players wrong type", "POST", "/api/solve", `{"cards": [], "players": "three"}`, 400, "players", "whole number"},
		{"solve unknown card", "POST", "/api/solve", `{"cards": ["H2", "Z9"]}`, 400, "cards[1]", `"Z9"`},
		{"solve card twice", "POST", "/api/solve", `{"cards": ["H2", "h2"]}`, 400, "cards[1]", "twice"},
		{"solve kraken with two", "POST", "/api/solve", `{"cards": ["K3"], "players": 2}`, 400, "cards[0]", "Kraken"},
		{"solve players out of range", "POST", "/api/solve", `{"cards": [], "players": 7}`, 400, "players", "2, 3 or 4"},
		{"solve empty body", "POST", "/api/solve", ``, 400, "", "JSON"},
		{"solve huge body", "POST", "/api/solve", big, 413, "", "too large"},
		{"check empty set", "POST", "/api/check", `{"sets": [[]]}`, 400, "sets[0]", "empty"},
		{"check bad claim", "POST", "/api/check", `{"sets": [["SP=Z1"]]}`, 400, "sets[0][0]", `"Z1"`},
		{"check bad pool", "POST", "/api/check", `{"sets": [["H2","H3","H4"]], "pool": [3]}`, 400, "pool", "text"},
		{"score not JSON", "POST", "/api/score", `hello`, 400, "", "JSON"},
		{"score bad card", "POST", "/api/score", `{"version":1,"players":["A","B"],"rounds":[[{"pool":["Q9"],"coins":0},null]]}`, 400, "rounds[0][0].pool[0]", `"Q9"`},
		{"score one player", "POST", "/api/score", `{"version":1,"players":["A"]}`, 400, "players", "2 to 4"},
		{"create invalid", "POST", "/api/games", `{"version":1,"players":["A","a"]}`, 400, "players[1]", "two players"},
		{"create wrong version", "POST", "/api/games", `{"version":2,"players":["A","B"]}`, 400, "version", "version"},
		{"game unknown", "GET", "/api/games/nosuchgame", ``, 404, "id", "no such game"},
		{"score unknown", "GET", "/api/games/nosuchgame/score", ``, 404, "id", "no such game"},
		{"entry unknown game", "PUT", "/api/games/nosuchgame/rounds/1/entries/0", `{"pool":[],"coins":0,"version":0}`, 404, "id", "no such game"},
		{"entry round too far", "PUT", "/api/games/" + id + "/rounds/3/entries/0", `{"pool":[],"coins":0,"version":0}`, 400, "round", "round"},
		{"entry round zero", "PUT", "/api/games/" + id + "/rounds/0/entries/0", `{"pool":[],"coins":0,"version":0}`, 400, "round", "round"},
		{"entry round not a number", "PUT", "/api/games/" + id + "/rounds/x/entries/0", `{"pool":[],"coins":0,"version":0}`, 400, "round", "round"},
		{"entry seat out of range", "PUT", "/api/games/" + id + "/rounds/2/entries/3", `{"pool":[],"coins":0,"version":0}`, 400, "player", "seat"},
		{"entry negative seat", "PUT", "/api/games/" + id + "/rounds/2/entries/-1", `{"pool":[],"coins":0,"version":0}`, 400, "player", "seat"},
		{"entry card held by another", "PUT", "/api/games/" + id + "/rounds/2/entries/1", `{"pool":["H2"],"coins":0,"version":0}`, 400, "pool[0]", "H2"},
		{"entry kraken with two (R4.2, checked inside the write)", "PUT", "/api/games/" + two + "/rounds/1/entries/0", `{"pool":["H2","K3"],"coins":0,"version":0}`, 400, "pool[1]", "Kraken"},
		{"entry coins out of range", "PUT", "/api/games/" + id + "/rounds/2/entries/1", `{"pool":[],"coins":100,"version":0}`, 400, "coins", "99"},
		{"entry coins wrong type", "PUT", "/api/games/" + id + "/rounds/2/entries/1", `{"pool":[],"coins":"lots","version":0}`, 400, "coins", "whole number"},
		{"entry stale version", "PUT", "/api/games/" + id + "/rounds/1/entries/0", `{"pool":["H2"],"coins":0,"version":0}`, 409, "version", "changed"},
		{"unknown api path", "GET", "/api/nothing", ``, 404, "", "no such"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.sendJSON(t, tt.method, tt.path, tt.body)
			if res.status != tt.wantStatus {
				t.Fatalf("status %d, want %d; body %s", res.status, tt.wantStatus, res.body)
			}
			if ct := res.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type %q, want application/json", ct)
			}
			var got struct {
				Error string  `json:"error"`
				Field *string `json:"field"`
			}
			if err := json.Unmarshal([]byte(res.body), &got); err != nil {
				t.Fatalf("body %q is not JSON: %v", res.body, err)
			}
			if got.Field == nil {
				t.Fatalf("body %s has no field", res.body)
			}
			if *got.Field != tt.wantField {
				t.Errorf("field %q, want %q", *got.Field, tt.wantField)
			}
			if !strings.Contains(got.Error, tt.wantInErr) {
				t.Errorf("error %q, want it to contain %q", got.Error, tt.wantInErr)
			}
		})
	}
}

func TestAPIEntryConflictCarriesStoredEntry(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, threePlayers)
	path := "/api/games/" + id + "/rounds/2/entries/0"
	first := a.sendJSON(t, "PUT", path, `{"pool":["H2","H3"],"coins":4,"version":0}`)
	if first.status != 200 || strings.TrimSpace(first.body) != `{"version":1}` {
		t.Fatalf("first save: %d %s, want 200 {\"version\":1}", first.status, first.body)
	}
	stale := a.sendJSON(t, "PUT", path, `{"pool":["H2"],"coins":1,"version":0}`)
	if stale.status != http.StatusConflict {
		t.Fatalf("stale save: status %d, want 409", stale.status)
	}
	var got struct {
		Entry struct {
			Pool  []string
			Coins int
		}
		Version int
	}
	if err := json.Unmarshal([]byte(stale.body), &got); err != nil {
		t.Fatal(err)
	}
	if strings.Join(got.Entry.Pool, " ") != "H2 H3" || got.Entry.Coins != 4 || got.Version != 1 {
		t.Errorf("stored entry %+v version %d, want pool H2 H3, 4 coins, version 1", got.Entry, got.Version)
	}
	again := a.sendJSON(t, "PUT", path, `{"pool":["H2"],"coins":1,"version":1}`)
	if again.status != 200 || strings.TrimSpace(again.body) != `{"version":2}` {
		t.Errorf("save on current version: %d %s, want 200 {\"version\":2}", again.status, again.body)
	}
}

// TestStoredGameScoresLikeFile: a game stored and read back scores exactly
// like the file it came from.
func TestStoredGameScoresLikeFile(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"round in progress": threePlayers,
		"partial round": `{"version":1,"players":["A","B"],"start_player":1,"rounds":[
			[{"pool":["H1","H2","H3"],"coins":2},{"pool":["S4","A4"],"coins":5}],
			[{"pool":["H1","H2","H3","SC*"],"coins":2},null]]}`,
		"finished": finishedFile,
	}
	for name, file := range files {
		t.Run(name, func(t *testing.T) {
			a := newApp(t)
			want := a.sendJSON(t, "POST", "/api/score", file)
			if want.status != 200 {
				t.Fatalf("POST /api/score: %d %s", want.status, want.body)
			}
			id := a.createGame(t, file)
			got := a.get(t, "/api/games/"+id+"/score")
			if got.status != 200 {
				t.Fatalf("GET score: %d %s", got.status, got.body)
			}
			if got.body != want.body {
				t.Errorf("stored game scores\n%s\nwant\n%s", got.body, want.body)
			}
			back := a.get(t, "/api/games/"+id)
			again := a.sendJSON(t, "POST", "/api/score", back.body)
			if again.body != want.body {
				t.Errorf("game file read back scores\n%s\nwant\n%s", again.body, want.body)
			}
		})
	}
}

const finishedFile = `{"version":1,"players":["Ann","Bob"],"start_player":0,"achievements":["richest","recruiter"],
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

func TestAPICreateAnswers201WithID(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	res := a.sendJSON(t, "POST", "/api/games", `{"version":1,"players":["A","B"]}`)
	if res.status != http.StatusCreated {
		t.Fatalf("status %d, want 201", res.status)
	}
	var got struct{ ID string }
	if err := json.Unmarshal([]byte(res.body), &got); err != nil || got.ID == "" {
		t.Fatalf("body %s, want {\"id\": …}", res.body)
	}
	file := a.get(t, "/api/games/"+got.ID)
	if file.status != 200 || !strings.Contains(file.body, `"players":["A","B"]`) || !strings.Contains(file.body, `"achievements":["richest","merciless"]`) {
		t.Errorf("GET game: %d %s, want the stored file with default achievements", file.status, file.body)
	}
}

func TestAPISolveAndCheck(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	tests := []struct {
		name, path, body, want string
	}{
		{"solve worked example", "/api/solve", `{"cards":["H2","H3","A4","S6","K6"],"players":3}`, `"strength":10`},
		{"solve default players", "/api/solve", `{"cards":["S1","S7","SP"]}`, `"strength":8`},
		{"check legal", "/api/check", `{"sets":[["H2","H3","A4"],["S6","K6"]],"players":3}`, `"legal":true`},
		{"check illegal", "/api/check", `{"sets":[["H2","S6"]],"pool":["X5"],"players":3}`, `"legal":false`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.sendJSON(t, "POST", tt.path, tt.body)
			if res.status != 200 || !strings.Contains(res.body, tt.want) {
				t.Errorf("%s: %d %s, want 200 containing %s", tt.path, res.status, res.body, tt.want)
			}
		})
	}
}
