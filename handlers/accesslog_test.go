package handlers

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestRequestIDs: every answer carries an X-Request-ID, every line logged
// for that request carries the same id, and nothing the player typed (a
// name in the form, a query string) reaches the log.
func TestRequestIDs(t *testing.T) {
	t.Parallel()
	_, h, logs := testApp(t, Limits{})
	ids := map[string]bool{}
	for _, path := range []string{"/", "/no/such/page?secret=Bartholomew", "/games/zzz"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		id := rec.Header().Get("X-Request-ID")
		if len(id) != 12 || ids[id] {
			t.Fatalf("GET %s: X-Request-ID %q, want a fresh 12-character id", path, id)
		}
		ids[id] = true
		if !strings.Contains(logs.String(), "req="+id) {
			t.Errorf("GET %s: no log line with req=%s in:\n%s", path, id, logs.String())
		}
	}
	form := "players=Bartholomew+Roberts&players=Anne&start_player=0"
	req := httptest.NewRequest(http.MethodPost, "/games", strings.NewReader(form))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	h.ServeHTTP(httptest.NewRecorder(), req)
	if strings.Contains(logs.String(), "Bartholomew") {
		t.Errorf("a player's input reached the log:\n%s", logs.String())
	}
}
