package handlers_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"ruthless/scoring"
)

// roundTwoFile is a four-player game with round 1 entered and, of round
// 2, Craig's entry (seat 1) only.
const roundTwoFile = `{"version":1,"players":["Lucy","Craig","Julie","Sam"],"start_player":0,"rounds":[
 [{"pool":["H2","H3"],"coins":3},{"pool":["S1","S7"],"coins":1},{"pool":["HQ","K5"],"coins":0},{"pool":["X2","X3"],"coins":2}],
 [null,{"pool":["S1","S7"],"coins":1},null,null]]}`

// lastSeatFile is a four-player game whose round 1 waits on Sam (seat 3)
// only.
const lastSeatFile = `{"version":1,"players":["Lucy","Craig","Julie","Sam"],"start_player":0,"rounds":[
 [{"pool":["H2","H3"],"coins":3},{"pool":["S1","S7"],"coins":1},{"pool":["HQ","K5"],"coins":0},null]]}`

// ownPools are the cards each seat of those games holds.
var ownPools = [][]string{{"H2", "H3"}, {"S1", "S7"}, {"HQ", "K5"}, {"X2", "X3"}}

// TestSaveAndNext: "Save & next" names the next seat clockwise that has
// not entered the round, and saving with it leads there; with no such
// seat, or on a phone that joined as a seat, it is not offered and the
// save leads to the scoreboard as a plain Save does. The save that
// completes the round opens its results, on any phone.
func TestSaveAndNext(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		file      string
		round     int
		seat      int
		seatOf    int    // the phone's seat cookie for the game, -1 for none
		then      string // the posted "then"
		wantLabel string // "Save & next" text on the form, "" for no button
		wantTo    string // where the save leads, after /games/ID
	}{
		{"skips a seat that has entered", roundTwoFile, 2, 0, -1, "next", "Save & next: Julie", "/rounds/2/players/2"},
		{"the seat after", roundTwoFile, 2, 2, -1, "next", "Save & next: Sam", "/rounds/2/players/3"},
		{"round the table to seat 0", roundTwoFile, 2, 3, -1, "next", "Save & next: Lucy", "/rounds/2/players/0"},
		{"a plain Save goes to the scoreboard", roundTwoFile, 2, 0, -1, "", "Save & next: Julie", ""},
		{"a phone with a seat is not offered the others", roundTwoFile, 2, 0, 0, "next", "", ""},
		{"the last seat to enter opens the round's results", lastSeatFile, 1, 3, -1, "next", "", "/rounds/1"},
		{"so does a phone with a seat that saves last", lastSeatFile, 1, 3, 3, "", "", "/rounds/1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newApp(t)
			id := a.createGame(t, tt.file)
			path := entryPath(id, tt.round, tt.seat)
			withSeat := func(req *http.Request) *http.Request {
				if tt.seatOf >= 0 {
					req.AddCookie(&http.Cookie{Name: "ruthless_seats", Value: fmt.Sprintf("%s-%d", id, tt.seatOf)})
				}
				return req
			}
			page := a.do(t, withSeat(httptest.NewRequest(http.MethodGet, path, nil)))
			if page.status != http.StatusOK {
				t.Fatalf("GET %s: status %d, want 200", path, page.status)
			}
			if got := textOf(page.body, "save-next"); got != tt.wantLabel {
				t.Errorf("Save & next button %q, want %q", got, tt.wantLabel)
			}
			form := url.Values{"card": ownPools[tt.seat], "coins": {"2"}, "version": {"0"}, "save": {"1"}}
			if tt.then != "" {
				form.Set("then", tt.then)
			}
			req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			if got, want := redirect(t, a.do(t, withSeat(req))), "/games/"+id+tt.wantTo; got != want {
				t.Errorf("saved to %s, want %s", got, want)
			}
		})
	}
}

func entryPath(id string, r, p int) string {
	return fmt.Sprintf("/games/%s/rounds/%d/players/%d", id, r, p)
}

// TestClearSavedEntry: "Clear all" without JavaScript (?blank=1) empties
// the grid of an entry already saved too, keeping its coins and version,
// and saving that stores the empty pool.
func TestClearSavedEntry(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, threePlayers)
	path := "/games/" + id + "/rounds/2/players/0"
	redirect(t, a.postForm(t, path, url.Values{"card": {"H2", "H3"}, "coins": {"4"}, "version": {"0"}}))

	saved := a.get(t, path)
	if !checked(saved.body, "card-H2") {
		t.Fatalf("the saved entry does not show H2")
	}
	cleared := a.get(t, path+"?blank=1")
	if cleared.status != http.StatusOK {
		t.Fatalf("GET ?blank=1: status %d, want 200", cleared.status)
	}
	for _, c := range []string{"H2", "H3"} {
		if checked(cleared.body, "card-"+c) {
			t.Errorf("card %s still ticked after Clear all", c)
		}
	}
	if _, ok := testid(cleared.body, "cleared"); !ok {
		t.Errorf("no notice that nothing is saved yet")
	}
	if got := hidden(t, cleared.body, "version"); got != "1" {
		t.Errorf("version %q, want the stored 1 (so Save replaces the entry)", got)
	}
	if tag := inputTag(cleared.body, "input-coins"); !strings.Contains(tag, `value="4"`) {
		t.Errorf("coins %s, want the stored 4", tag)
	}
	redirect(t, a.postForm(t, path, url.Values{"coins": {"4"}, "version": {hidden(t, cleared.body, "version")}}))
	if file := a.get(t, "/api/games/"+id); !strings.Contains(file.body, `{"pool":[],"coins":4}`) {
		t.Errorf("stored %s, want Lucy's round 2 empty with 4 coins", file.body)
	}
}

// TestStepperKeepsPlace: without JavaScript, − and + re-render the page;
// they post to the form's address with the anchor of the bar, so the
// phone lands back at the stepper rather than at the top.
func TestStepperKeepsPlace(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, threePlayers)
	path := "/games/" + id + "/rounds/2/players/0"
	for name, body := range map[string]string{
		"the form":        a.get(t, path).body,
		"after a + press": a.postForm(t, path, url.Values{"card": {"H2"}, "coins": {"3"}, "step": {"coins+"}, "version": {"0"}}).body,
	} {
		t.Run(name, func(t *testing.T) {
			if !strings.Contains(body, `id="at-coins"`) {
				t.Errorf("no anchor at-coins")
			}
			for _, b := range []string{"minus-coins", "plus-coins"} {
				if tag := inputTag(body, b); !strings.Contains(tag, `formaction="`+path+`#at-coins"`) {
					t.Errorf("%s: %s, want formaction %s#at-coins", b, tag, path)
				}
			}
		})
	}
}

// TestEntrySolve: the entry page's live solve answers as POST /api/solve
// does, for the game's number of players, and bad cards get the API's
// 400 JSON naming the card.
func TestEntrySolve(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	four := a.createGame(t, threePlayers)
	two := a.createGame(t, `{"version":1,"players":["Ann","Bob"],"start_player":0}`)
	tests := []struct {
		name       string
		game       string
		cards      string
		players    int
		wantStatus int
		wantField  string
	}{
		{"the worked example", four, "H2,H3,A4,S6,K6", 3, 200, ""},
		{"a Captain with its power used", four, "SC*,S1,H1", 3, 200, ""},
		{"lower case, spaces", four, "h2, h3 ,h4", 3, 200, ""},
		{"nothing tapped", four, "", 3, 200, ""},
		{"two players: no Kraken", two, "H2,K3", 2, 400, "cards[1]"},
		{"an unknown card", four, "H2,Z9", 3, 400, "cards[1]"},
		{"a card twice", four, "H2,H2", 3, 400, "cards[1]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.get(t, "/games/"+tt.game+"/solve?cards="+url.QueryEscape(tt.cards))
			if res.status != tt.wantStatus {
				t.Fatalf("status %d, want %d; %s", res.status, tt.wantStatus, res.body)
			}
			if ct := res.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type %q, want JSON", ct)
			}
			if tt.wantStatus != http.StatusOK {
				var e struct{ Error, Field string }
				if err := json.Unmarshal([]byte(res.body), &e); err != nil || e.Error == "" || e.Field != tt.wantField {
					t.Errorf("body %s, want an error naming %s (%v)", res.body, tt.wantField, err)
				}
				return
			}
			pool, err := scoring.ParseCards(scoring.SplitCodes(tt.cards))
			if err != nil {
				t.Fatal(err)
			}
			want, _ := json.Marshal(scoring.Solve(pool, scoring.Options{Players: tt.players}))
			if got := strings.TrimSpace(res.body); got != string(want) {
				t.Errorf("answer %s, want scoring.Solve's %s", got, want)
			}
		})
	}
	t.Run("unknown game", func(t *testing.T) {
		res := a.get(t, "/games/nosuchgame/solve?cards=H2")
		var e struct{ Error string }
		if res.status != http.StatusNotFound || json.Unmarshal([]byte(res.body), &e) != nil || e.Error == "" {
			t.Errorf("status %d body %.200s, want 404 JSON", res.status, res.body)
		}
	})
}

// TestSaveAndNextPastAWarning: a save that raises an R4.3 warning stops
// on the form to show it; saving again from there, the warning seen,
// goes on ("Save & next" to the next seat), while a save raising a new
// warning stops again.
func TestSaveAndNextPastAWarning(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, `{"version":1,"players":["Ann","Bob"],"start_player":0}`)
	path := entryPath(id, 1, 0)
	steps := []struct {
		name  string
		cards []string
		want  string
	}{
		{"four new pirates: the warning", []string{"H1", "H2", "H3", "H4"}, path + "?saved=1"},
		{"saved again, warning seen: on to Bob", []string{"H1", "H2", "H3", "H4"}, entryPath(id, 1, 1)},
		{"a fifth: a new warning", []string{"H1", "H2", "H3", "H4", "H5"}, path + "?saved=1"},
	}
	for _, s := range steps {
		// Each save is sent from the form as it is then.
		form := a.get(t, path).body
		res := a.postForm(t, path, url.Values{"card": s.cards, "coins": {"0"}, "version": {hidden(t, form, "version")}, "token": {hidden(t, form, "token")}, "then": {"next"}})
		if got := redirect(t, res); got != s.want {
			t.Errorf("%s: saved to %s, want %s", s.name, got, s.want)
		}
	}
}
