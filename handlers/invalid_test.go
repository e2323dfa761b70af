package handlers_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"ruthless/scoring"
)

// TestInvalidGameStillOpens: a stored game that breaks R4.1 (two players
// entered the Heart 5 in round 1; an old database could hold one) must
// not look deleted. Its page shows the problem with a link to each entry
// involved; its other pages lead there; the third player can still save;
// fixing one entry makes it score again.
func TestInvalidGameStillOpens(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	g := scoring.Game{Version: 1, Players: []string{"Ann", "Bob", "Cy"}, Achievements: []string{"richest", "merciless"}}
	h5 := scoring.Card{Suit: scoring.Heart, Rank: 5}
	g.Rounds = [][]*scoring.Entry{{{Pool: []scoring.Card{h5}, Coins: 1}, {Pool: []scoring.Card{h5}, Coins: 2}, nil}}
	id, err := a.store.CreateGame(context.Background(), g) // the store trusts its caller
	if err != nil {
		t.Fatal(err)
	}

	page := a.get(t, "/games/"+id)
	if page.status != http.StatusOK {
		t.Fatalf("GET the game: status %d, want 200; body %.500s", page.status, page.body)
	}
	if _, ok := testid(page.body, "problem"); !ok {
		t.Fatalf("the game page shows no problem: %.2000s", page.body)
	}
	for _, want := range []string{"H5", "Ann", "Bob", `href="/rules#R4.1"`,
		`href="/games/` + id + `/rounds/1/players/0"`, `href="/games/` + id + `/rounds/1/players/1"`} {
		if !strings.Contains(page.body, want) {
			t.Errorf("the game page lacks %q", want)
		}
	}
	if got := redirect(t, a.get(t, "/games/"+id+"/rounds/1")); got != "/games/"+id {
		t.Errorf("the round page sends to %q, want the game page", got)
	}
	if res := a.get(t, "/games/"+id+"/rounds/1/players/0"); res.status != http.StatusOK {
		t.Errorf("the entry form of a player involved: status %d, want 200", res.status)
	}
	// The third player's save does not touch the problem: it is taken.
	if res := a.sendJSON(t, http.MethodPut, "/api/games/"+id+"/rounds/1/entries/2", `{"pool": ["S1"], "coins": 0, "version": 0}`); res.status != http.StatusOK {
		t.Fatalf("the third player's save: status %d, want 200; %s", res.status, res.body)
	}
	// Bob changes his entry: the game is valid and scores again.
	if res := a.sendJSON(t, http.MethodPut, "/api/games/"+id+"/rounds/1/entries/1", `{"pool": ["H6"], "coins": 2, "version": 1}`); res.status != http.StatusOK {
		t.Fatalf("the repairing save: status %d, want 200; %s", res.status, res.body)
	}
	page = a.get(t, "/games/"+id)
	if _, ok := testid(page.body, "problem"); ok || page.status != http.StatusOK {
		t.Errorf("after the repair the game page (status %d) still shows a problem", page.status)
	}
	if res := a.get(t, "/games/"+id+"/rounds/1"); res.status != http.StatusOK {
		t.Errorf("after the repair the round page: status %d, want 200", res.status)
	}
}
