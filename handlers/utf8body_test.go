package handlers_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestAPIRefusesInvalidUTF8: issue 44 item 6. Bytes that are not UTF-8
// in any string of an API body are refused with 400 naming the field, as
// the form refuses them, rather than stored altered (U+FFFD).
func TestAPIRefusesInvalidUTF8(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, `{"version": 1, "players": ["Ann", "Bob", "Cy"]}`)
	tests := []struct {
		name, method, path, body, field string
	}{
		{"a player's name", http.MethodPost, "/api/games", `{"version": 1, "players": ["Ann", "An` + "\xff" + `n", "Cy"]}`, "players[1]"},
		{"the location", http.MethodPost, "/api/games", `{"version": 1, "players": ["Ann", "Bob"], "location": "Pub` + "\xc3" + `"}`, "location"},
		{"a key", http.MethodPost, "/api/games", `{"version": 1, "players": ["Ann", "Bob"], "x` + "\xfe" + `": 1}`, "x\ufffd"},
		{"a pool card", http.MethodPost, "/api/solve", `{"pool": ["H2", "S` + "\xff" + `"]}`, "pool[1]"},
		{"an entry", http.MethodPut, "/api/games/" + id + "/rounds/1/entries/0", `{"pool": ["H2"], "coins": 1, "notes": ["` + "\xff" + `"]}`, "notes[0]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.sendJSON(t, tt.method, tt.path, tt.body)
			if res.status != http.StatusBadRequest {
				t.Fatalf("status %d, want 400: %s", res.status, res.body)
			}
			var out struct{ Error, Field string }
			json.Unmarshal([]byte(res.body), &out)
			if out.Field != tt.field || !strings.Contains(out.Error, "UTF-8") {
				t.Errorf("field %q, error %q; want field %q and the words UTF-8", out.Field, out.Error, tt.field)
			}
		})
	}
	games, _ := a.store.Games(t.Context())
	if len(games) != 1 {
		t.Errorf("games stored: %d, want only the first", len(games))
	}
}
