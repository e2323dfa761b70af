package handlers_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
)

// post sends a form to the app as a phone holding these seat cookies.
func postAs(t *testing.T, a *app, path string, form url.Values, seats string) response {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if seats != "" {
		req.AddCookie(&http.Cookie{Name: "ruthless_seats", Value: seats})
	}
	return a.do(t, req)
}

// newID is the game id of an invitation address.
func newID(t *testing.T, to string) string {
	t.Helper()
	id, ok := strings.CutSuffix(strings.TrimPrefix(to, "/games/"), "/invite")
	if !ok {
		t.Fatalf("opened %s, want a game's invitation", to)
	}
	return id
}

// seatCookie is the seats cookie an answer sets, "" for none.
func seatCookie(res response) string {
	for _, ck := range (&http.Response{Header: res.header}).Cookies() {
		if ck.Name == "ruthless_seats" {
			return ck.Value
		}
	}
	return ""
}

// TestRematch: one tap makes a game of the same players, seats and
// achievements with the Start Player token one seat on (back to seat 0
// after the last), opens its invitation with the tapping phone in its
// old seat; another tap opens that same game; a rematch of the rematch
// works; a phone of the old game opening the new one holds its seat.
func TestRematch(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ctx := context.Background()
	old := a.createGame(t, finishedFile) // Ann, Bob; Ann starts

	res := postAs(t, a, "/games/"+old+"/rematch", url.Values{}, old+"-1")
	first := newID(t, redirect(t, res))
	if got := seatCookie(res); !strings.HasPrefix(got, first+"-1") {
		t.Errorf("seats cookie %q, want Bob's phone in seat 1 of %s", got, first)
	}
	g, err := a.store.Game(ctx, first)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g.File.Players, []string{"Ann", "Bob"}) || g.File.StartPlayer != 1 ||
		!slices.Equal(g.File.Achievements, []string{"richest", "recruiter"}) || g.RematchOf != old || len(g.File.Rounds) != 0 {
		t.Errorf("rematch = %v, start %d, %v, of %q", g.File.Players, g.File.StartPlayer, g.File.Achievements, g.RematchOf)
	}

	if again := newID(t, redirect(t, postAs(t, a, "/games/"+old+"/rematch", url.Values{}, ""))); again != first {
		t.Errorf("a second tap made %s, want the rematch %s", again, first)
	}
	if body := a.get(t, "/games/"+old+"/final").body; !strings.Contains(body, `href="/games/`+first+`"`) {
		t.Errorf("the old final scores do not lead to the rematch")
	}

	second := newID(t, redirect(t, postAs(t, a, "/games/"+first+"/rematch", url.Values{}, "")))
	g2, _ := a.store.Game(ctx, second)
	if g2.File.StartPlayer != 0 || g2.RematchOf != first {
		t.Errorf("rematch of the rematch: start %d, of %q; want 0 (after the last seat, the first), %s", g2.File.StartPlayer, g2.RematchOf, first)
	}

	req := httptest.NewRequest(http.MethodGet, "/games/"+first, nil)
	req.AddCookie(&http.Cookie{Name: "ruthless_seats", Value: old + "-0"})
	if got := seatCookie(a.do(t, req)); !strings.HasPrefix(got, first+"-0") {
		t.Errorf("Ann's phone opening the rematch: seats cookie %q, want seat 0 of %s", got, first)
	}
}

// TestRematchChanged: "Change first" shows the setup on the new-game
// form; sent back changed, the game has the new seats, and a phone finds
// its player wherever the player now sits.
func TestRematchChanged(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	old := a.createGame(t, finishedFile)
	page := a.get(t, "/games/"+old+"/rematch")
	for _, want := range []string{`action="/games/` + old + `/rematch"`, `value="Ann"`, `value="Bob"`} {
		if !strings.Contains(page.body, want) {
			t.Errorf("the pre-filled form has no %s", want)
		}
	}
	form := url.Values{"player": {"Bob", "Ann", "Cat", ""}, "start": {"2"}, "achievement": {"richest", "merciless"}}
	res := postAs(t, a, "/games/"+old+"/rematch", form, old+"-0")
	id := newID(t, redirect(t, res))
	g, _ := a.store.Game(context.Background(), id)
	if !slices.Equal(g.File.Players, []string{"Bob", "Ann", "Cat"}) || g.File.StartPlayer != 2 || !slices.Equal(g.File.Achievements, []string{"richest", "merciless"}) {
		t.Errorf("changed rematch = %v, start %d, %v", g.File.Players, g.File.StartPlayer, g.File.Achievements)
	}
	if got := seatCookie(res); !strings.HasPrefix(got, id+"-1") {
		t.Errorf("Ann's phone: seats cookie %q, want seat 1 of %s (where Ann now sits)", got, id)
	}
	bad := postAs(t, a, "/games/"+old+"/rematch", url.Values{"player": {"Ann", "", "", ""}}, "")
	if bad.status != http.StatusUnprocessableEntity || !strings.Contains(bad.body, `value="Ann"`) {
		t.Errorf("a one-player rematch: status %d, want 422 with the form kept", bad.status)
	}
}

// TestChangeFirstTwice: "Change first" sent from several phones at once
// (each its own form, so its own token) makes one rematch, as one tap
// does: the others open it. Before, 8 phones made 8 games.
func TestChangeFirstTwice(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		phones int
	}{
		{"twice", 2},
		{"eight phones at once", 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newApp(t)
			old := a.createGame(t, finishedFile)
			ids := make([]string, tt.phones)
			tokens := make([]string, tt.phones)
			for i := range tokens {
				tokens[i] = newTokenFrom(t, a, "/games/"+old+"/rematch") // each phone opens the form
			}
			var wg sync.WaitGroup
			for i := range tt.phones {
				wg.Add(1)
				go func() {
					defer wg.Done()
					form := url.Values{"player": {"Bob", "Ann", "", ""}, "start": {"0"}, "achievement": {"richest", "merciless"},
						"token": {tokens[i]}}
					res := postAs(t, a, "/games/"+old+"/rematch", form, "")
					if res.status != http.StatusSeeOther {
						t.Errorf("phone %d: status %d, want 303", i, res.status)
					}
					if res.status == http.StatusSeeOther {
						ids[i] = strings.TrimSuffix(strings.TrimPrefix(res.header.Get("Location"), "/games/"), "/invite")
					}
				}()
			}
			wg.Wait()
			for i, id := range ids {
				if id == "" || id != ids[0] {
					t.Errorf("phone %d opened %q, want the one rematch %q", i, id, ids[0])
				}
			}
			games, err := a.store.Games(context.Background())
			if err != nil || len(games) != 2 {
				t.Errorf("games stored: %d (%v), want 2 (the old game and one rematch)", len(games), err)
			}
		})
	}
}
