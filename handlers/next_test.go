package handlers_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// The way from page to page at a table of four phones, each holding a
// seat: every main button is the phone's own next step, and a round that
// completes opens its results whatever its warnings. These reproduce what
// a four-phone game showed before nextStep (issue "A whole game on four
// phones"): each case failed then.

// fourSeats are the players of these games; Ben holds the Start Player
// token in round 1, so seat-blind steps named Ben first.
var fourSeats = []string{"Anna", "Ben", "Carla", "Dmitri"}

// seatPools are the two pirates each seat enters every round.
var seatPools = [][]string{{"H1", "H2"}, {"A1", "A2"}, {"S1", "S2"}, {"X1", "X2"}}

// fourSeatGame is a game file with rounds complete rounds, and in the round
// after them the entries of the seats in partial.
func fourSeatGame(complete int, partial ...int) string {
	entry := func(seat int) string {
		return fmt.Sprintf(`{"pool":["%s"],"coins":1}`, strings.Join(seatPools[seat], `","`))
	}
	var rounds []string
	for range complete {
		var es []string
		for s := range fourSeats {
			es = append(es, entry(s))
		}
		rounds = append(rounds, "["+strings.Join(es, ",")+"]")
	}
	if len(partial) > 0 {
		es := []string{"null", "null", "null", "null"}
		for _, s := range partial {
			es[s] = entry(s)
		}
		rounds = append(rounds, "["+strings.Join(es, ",")+"]")
	}
	return `{"version":1,"players":["Anna","Ben","Carla","Dmitri"],"start_player":1,"rounds":[` + strings.Join(rounds, ",") + `]}`
}

// asSeat marks a request as coming from the phone that holds seat in game
// id (seat < 0: a shared phone).
func asSeat(req *http.Request, id string, seat int) *http.Request {
	if seat >= 0 {
		req.AddCookie(&http.Cookie{Name: "ruthless_seats", Value: fmt.Sprintf("%s-%d", id, seat)})
	}
	return req
}

// saveFinal stores seat's end-of-game entry through its form.
func (a *app) saveFinal(t *testing.T, id string, seat int) {
	t.Helper()
	form := url.Values{"card": seatPools[seat], "monkeys": {"0"}, "loot_kept": {"0"}, "loot_buried": {"0"}, "coins": {"1"}, "version": {"0"}, "save": {"1"}}
	redirect(t, a.postForm(t, fmt.Sprintf("/games/%s/final/%d", id, seat), form))
}

func TestNextStepIsThePhonesOwn(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		complete int   // rounds complete
		partial  []int // seats that entered the round after them
		finals   []int // seats whose end-of-game entry is saved
		seat     int   // the phone's seat, -1 for a shared phone
		page     string
		want     string // the main button's href after /games/ID, "" for none
	}{
		{"round 4 results offer Anna her own round 5 entry", 4, nil, nil, 0, "/rounds/4", "/rounds/5/players/0"},
		{"the scoreboard shows round 4 results first", 4, nil, nil, 0, "", "/rounds/4"},
		{"once round 5 started, Anna's scoreboard offers her entry", 4, []int{1}, nil, 0, "", "/rounds/5/players/0"},
		{"Ben has entered round 5 and waits: no one else's entry", 4, []int{1}, nil, 1, "", ""},
		{"a shared phone goes round the table", 4, []int{1}, nil, -1, "", "/rounds/5/players/2"},
		{"round 5 results offer Ben his own end of game", 5, nil, nil, 1, "/rounds/5", "/final/1"},
		{"Carla's scoreboard after Anna's end of game", 5, nil, []int{0}, 2, "", "/final/2"},
		{"Anna saved hers and waits", 5, nil, []int{0}, 0, "", ""},
		{"the final overview offers Dmitri his own", 5, nil, []int{0}, 3, "/final", "/final/3"},
		{"a shared phone enters the next missing end of game", 5, nil, []int{0}, -1, "", "/final/1"},
		{"every end of game saved: the final scores", 5, nil, []int{0, 1, 2, 3}, 2, "", "/final"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newApp(t)
			id := a.createGame(t, fourSeatGame(tt.complete, tt.partial...))
			for _, s := range tt.finals {
				a.saveFinal(t, id, s)
			}
			req := httptest.NewRequest(http.MethodGet, "/games/"+id+tt.page, nil)
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			res := a.do(t, asSeat(req, id, tt.seat))
			if res.status != http.StatusOK {
				t.Fatalf("GET %s: status %d, want 200", tt.page, res.status)
			}
			tag := inputTag(res.body, "next-action")
			if tt.want == "" {
				if tag != "" {
					t.Errorf("main button %s, want none while the phone waits", tag)
				}
				return
			}
			if want := `href="/games/` + id + tt.want + `"`; !strings.Contains(tag, want) {
				t.Errorf("main button %q, want %s", tag, want)
			}
		})
	}
}

// TestGameLinkOpensOwnEndOfGame: the game link opened from outside (a QR
// code, a bookmark) after the last round goes to the phone's own
// end-of-game entry, as it goes to its own round entry during the rounds.
func TestGameLinkOpensOwnEndOfGame(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, fourSeatGame(5))
	a.saveFinal(t, id, 0)
	for _, tt := range []struct {
		seat int
		want string
	}{{3, "/final/3"}, {0, ""}, {-1, ""}} {
		res := a.do(t, asSeat(httptest.NewRequest(http.MethodGet, "/games/"+id, nil), id, tt.seat))
		if tt.want == "" {
			if res.status != http.StatusOK {
				t.Errorf("seat %d: status %d, want the scoreboard (200)", tt.seat, res.status)
			}
			continue
		}
		if got, want := redirect(t, res), "/games/"+id+tt.want; got != want {
			t.Errorf("seat %d opening the game link: %s, want %s", tt.seat, got, want)
		}
	}
}

// TestRoundWithWarningsReveals: round 1 entered with more than three
// pirates each (R4.3 warnings). Each save but the last shows its warning
// on the entry; the save that completes the round opens the results.
func TestRoundWithWarningsReveals(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, `{"version":1,"players":["Anna","Ben","Carla","Dmitri"],"start_player":0,"rounds":[]}`)
	pools := [][]string{{"H1", "H2", "H3", "H4"}, {"A1", "A2", "A3", "A4"}, {"S1", "S2", "S3", "S4"}, {"X1", "X2", "X3", "X4"}}
	for seat, pool := range pools {
		path := fmt.Sprintf("/games/%s/rounds/1/players/%d", id, seat)
		form := url.Values{"card": pool, "coins": {"0"}, "version": {"0"}, "save": {"1"}}
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		got := redirect(t, a.do(t, asSeat(req, id, seat)))
		want := path + "?saved=1"
		if seat == len(pools)-1 {
			want = "/games/" + id + "/rounds/1"
		}
		if got != want {
			t.Errorf("%s's save with a warning went to %s, want %s", fourSeats[seat], got, want)
		}
	}
	res := a.get(t, "/games/"+id+"/rounds/1")
	if n := strings.Count(res.body, `data-testid="warning"`); n != 1 {
		t.Errorf("round 1 results show %d warnings, want one for the whole round", n)
	}
	if n := strings.Count(res.body, `data-testid="warned-`); n != 4 {
		t.Errorf("round 1's warning names %d players, want the 4 saved", n)
	}
}

// TestRefusedEntryKeepsThePage: Anna saved SQ in round 1; Dmitri's page
// was opened before, and he saves SQ too. The 422 page is the entry page
// as it was (the seat line, who has entered, the advisor) plus the clash,
// drawn and ruled (R4.1), with SQ still ticked and marked. A 409 (his
// entry saved meanwhile elsewhere) keeps the page too.
func TestRefusedEntryKeepsThePage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, `{"version":1,"players":["Anna","Ben","Carla","Dmitri"],"start_player":0,"rounds":[]}`)
	if r := a.sendJSON(t, http.MethodPut, "/api/games/"+id+"/rounds/1/entries/0", `{"pool":["SQ","H1"],"coins":0,"version":0}`); r.status != http.StatusOK {
		t.Fatalf("Anna's entry: status %d: %s", r.status, r.body)
	}
	post := func(form url.Values) response {
		req := httptest.NewRequest(http.MethodPost, "/games/"+id+"/rounds/1/players/3", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		return a.do(t, asSeat(req, id, 3))
	}
	checkPage := func(t *testing.T, res response, status int, entered string) {
		t.Helper()
		if res.status != status {
			t.Fatalf("status %d, want %d", res.status, status)
		}
		if got := textOf(res.body, "seat-name"); got != "Dmitri" {
			t.Errorf("seat line names %q, want Dmitri", got)
		}
		if got := textOf(res.body, "entered-count"); !strings.Contains(got, entered) {
			t.Errorf("who has entered: %q, want %s", got, entered)
		}
		if inputTag(res.body, "advisor-link") == "" {
			t.Error("the advisor link is gone")
		}
	}

	t.Run("clash", func(t *testing.T) {
		res := post(url.Values{"card": {"SQ", "X1"}, "coins": {"2"}, "version": {"0"}, "save": {"1"}})
		checkPage(t, res, http.StatusUnprocessableEntity, "1 of 4")
		clash := textOf(res.body, "clash")
		for _, want := range []string{"Also in Anna", "R4.1"} {
			if !strings.Contains(clash, want) {
				t.Errorf("clash %q, want it to say %q", clash, want)
			}
		}
		if inputTag(res.body, "clash-card-SQ") == "" {
			t.Error("the clash does not draw SQ")
		}
		if strings.Contains(res.body, `card "SQ"`) {
			t.Error(`the page speaks of card "SQ" in code form`)
		}
		if got := textOf(res.body, "holder-SQ"); !strings.Contains(got, "also in") || !strings.Contains(got, "Anna") {
			t.Errorf("SQ is marked %q, want it to say it is also in Anna's entry", got)
		}
		tag := inputTag(res.body, "card-SQ")
		if !strings.Contains(tag, " checked") || strings.Contains(tag, " disabled") {
			t.Errorf("SQ is %s, want it ticked and tappable", tag)
		}
	})
	t.Run("conflict", func(t *testing.T) {
		if r := a.sendJSON(t, http.MethodPut, "/api/games/"+id+"/rounds/1/entries/3", `{"pool":["X5"],"coins":0,"version":0}`); r.status != http.StatusOK {
			t.Fatalf("Dmitri's entry elsewhere: status %d: %s", r.status, r.body)
		}
		res := post(url.Values{"card": {"X1"}, "coins": {"2"}, "version": {"0"}, "save": {"1"}})
		checkPage(t, res, http.StatusConflict, "2 of 4")
		if inputTag(res.body, "conflict") == "" {
			t.Error("no keep-which-one choice on the 409 page")
		}
	})
}

// TestPagesCarryTheTablesMoves: the live section of every game page says
// what live.js needs to move the phone with the table: the round waited
// on, the round of the entry shown, and whether the final scores are in.
func TestPagesCarryTheTablesMoves(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, fourSeatGame(5))
	for _, tt := range []struct {
		page, attr, want string
	}{
		{"/games/" + id, "data-final", "false"},
		{"/games/" + id, "data-swap", "main"},
		{"/games/" + id + "/rounds/5", "data-final", "false"},
		{"/games/" + id + "/final", "data-final", "false"},
	} {
		tag := inputTag(a.get(t, tt.page).body, "live")
		if want := tt.attr + `="` + tt.want + `"`; !strings.Contains(tag, want) {
			t.Errorf("%s: live section %s, want %s", tt.page, tag, want)
		}
	}
	for s := range fourSeats {
		a.saveFinal(t, id, s)
	}
	if tag := inputTag(a.get(t, "/games/"+id).body, "live"); !strings.Contains(tag, `data-final="true"`) {
		t.Errorf("scoreboard after the last end of game: live section %s, want data-final=\"true\"", tag)
	}
	entry := inputTag(a.get(t, "/games/"+id+"/rounds/2/players/0").body, "live")
	if !strings.Contains(entry, `data-entry-round="2"`) {
		t.Errorf("round 2 entry: live section %s, want data-entry-round=\"2\"", entry)
	}
}

// TestWaitingForTheEndOfGame: a phone that saved its end of game and has
// no next step sees whom it waits for, as it does during the rounds.
func TestWaitingForTheEndOfGame(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, fourSeatGame(5))
	a.saveFinal(t, id, 0)
	req := httptest.NewRequest(http.MethodGet, "/games/"+id, nil)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res := a.do(t, asSeat(req, id, 0))
	if got := strings.Join(strings.Fields(textOf(res.body, "entered-count")), " "); got != "1 of 4 have entered the end of the game." {
		t.Errorf("Anna's scoreboard says %q, want 1 of 4 have entered the end of the game", got)
	}
	if tag := inputTag(res.body, "tick-0"); tag == "" {
		t.Error("Anna is not ticked as having entered the end of the game")
	}
	if strings.Contains(res.body, `href="/games/`+id+`/final/1"`) {
		t.Error("Anna's phone is offered Ben's end of game")
	}
}
