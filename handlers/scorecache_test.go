package handlers

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestScoresKeptPerVersion: pages score a stored game once per version of
// it. With the party cache emptied (a flood of posted pools could push
// every party out), the home page and the game page of an unchanged game
// solve nothing; a write to the game makes a new version, which is
// scored anew.
func TestScoresKeptPerVersion(t *testing.T) {
	a, h, _ := testApp(t, Limits{})
	id := createGame(t, h, gameWith(`["H1", "H2", "H3", "SP"]`))
	parties := a.solves.cache.parties
	steps := []struct {
		name   string
		do     func() int // the status of the request, if any
		solved bool       // pools solved since the party cache was emptied
	}{
		{"home page, new game", func() int { return get(h, "/").Code }, true},
		{"home page again", func() int { return get(h, "/").Code }, false},
		{"game page", func() int { return get(h, "/games/"+id).Code }, false},
		{"round results", func() int { return get(h, "/games/"+id+"/rounds/1").Code }, true}, // its explanations solve
		{"save an entry", func() int {
			return put(h, "/api/games/"+id+"/rounds/1/entries/1", `{"pool": ["S3"], "coins": 0, "version": 1}`).Code
		}, false},
		{"home page, new version", func() int { return get(h, "/").Code }, true},
		{"game page, new version", func() int { return get(h, "/games/"+id).Code }, false},
	}
	for _, s := range steps {
		parties.Purge()
		if code := s.do(); code != http.StatusOK {
			t.Fatalf("%s: status %d, want 200", s.name, code)
		}
		if got := parties.Len() > 0; got != s.solved {
			t.Errorf("%s: pools solved %t (%d parties), want %t", s.name, got, parties.Len(), s.solved)
		}
	}
}

func put(h http.Handler, path, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPut, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}
