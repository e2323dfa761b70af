package handlers

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// TestScoresKeptPerVersion: pages score a stored game once per version of
// it. With the party cache emptied (a flood of posted pools could push
// every party out), the home page and the game page of an unchanged game
// solve nothing; a write to the game makes a new version, which is
// scored anew.
func TestScoresKeptPerVersion(t *testing.T) {
	t.Parallel()
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

// TestSaveLeavesPageScored: a round entry saved from its form leaves the
// game scored in the score cache under the version the save left, so the
// page the phone is sent to (here a correction's round results, issue 41)
// reads the game and scores nothing (issue 30, item 4).
func TestSaveLeavesPageScored(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		seat   string
		then   string
		cached bool // the game's new version is in the score cache after the save
	}{
		{"a correction, on to the round's results", "1", "", true},
		{"save & next on a complete round: its results too", "0", "next", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, h, _ := testApp(t, Limits{})
			id := createGame(t, h, gameWith(`["H1", "H2", "H3", "SP"]`))
			form := url.Values{"card": {"S3"}, "coins": {"0"}, "version": {"1"}, "then": {tt.then}}
			req := httptest.NewRequest(http.MethodPost, "/games/"+id+"/rounds/1/players/"+tt.seat, strings.NewReader(form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusSeeOther {
				t.Fatalf("POST: status %d, want 303: %.300s", rec.Code, rec.Body)
			}
			if got, want := rec.Header().Get("Location"), "/games/"+id+"/rounds/1"; got != want {
				t.Fatalf("sent to %q, want %q", got, want)
			}
			g, err := a.store.Game(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			if _, got := a.scores.Peek(id + "@" + gameVersion(g)); got != tt.cached {
				t.Errorf("scored under the saved version: %t, want %t", got, tt.cached)
			}
			a.solves.cache.parties.Purge()
			if code := get(h, "/games/"+id).Code; code != http.StatusOK {
				t.Fatalf("GET the scoreboard: status %d", code)
			}
			if n := a.solves.cache.parties.Len(); n != 0 {
				t.Errorf("the scoreboard after the save solved %d pools, want none", n)
			}
		})
	}
}
