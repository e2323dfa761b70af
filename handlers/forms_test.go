package handlers_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"ruthless/handlers"
	"ruthless/scoring"
	"ruthless/store"
)

// inputTag returns the whole tag of the element carrying data-testid="id".
func inputTag(body, id string) string {
	i := strings.Index(body, `data-testid="`+id+`"`)
	if i < 0 {
		return ""
	}
	start := strings.LastIndex(body[:i], "<")
	end := strings.Index(body[i:], ">")
	return body[start : i+end+1]
}

func checked(body, id string) bool {
	tag := inputTag(body, id)
	return strings.Contains(tag, " checked")
}

func TestNewGameFormErrors(t *testing.T) {
	a := newApp(t)
	long := strings.Repeat("x", 41)
	tests := []struct {
		name      string
		form      url.Values
		wantField string
		wantMsg   string
		wantKept  string // a value that must be back in the form
	}{
		{"one player", url.Values{"player": {"Lucy", "", "", ""}, "start": {"0"}, "achievement": {"richest", "merciless"}}, "players", "2 to 4", `value="Lucy"`},
		{"no players", url.Values{"player": {"", "", "", ""}, "start": {"0"}, "achievement": {"richest", "merciless"}}, "players", "not 0", `value="richest" checked`},
		{"same name twice", url.Values{"player": {"Lucy", "Craig", "lucy", ""}, "start": {"0"}, "achievement": {"richest", "merciless"}}, "players[2]", "two players", `value="Craig"`},
		{"same name after a blank seat", url.Values{"player": {"Lucy", "", "LUCY", ""}, "start": {"0"}, "achievement": {"richest", "merciless"}}, "players[2]", "two players", `value="LUCY"`},
		{"name too long", url.Values{"player": {"Lucy", long}, "start": {"0"}, "achievement": {"richest", "merciless"}}, "players[1]", "at most 40", `value="` + long + `"`},
		{"start player on an empty seat", url.Values{"player": {"Lucy", "Craig", "", ""}, "start": {"3"}, "achievement": {"richest", "merciless"}}, "start_player", "start player", `value="Craig"`},
		{"one achievement", url.Values{"player": {"Lucy", "Craig"}, "start": {"0"}, "achievement": {"richest"}}, "achievements", "2 or 3", `value="richest" checked`},
		{"four achievements", url.Values{"player": {"Lucy", "Craig"}, "start": {"0"}, "achievement": {"richest", "merciless", "mutineer", "recruiter"}}, "achievements", "2 or 3", `value="mutineer" checked`},
		{"shipshape with commander", url.Values{"player": {"Lucy", "Craig"}, "start": {"1"}, "achievement": {"richest", "shipshape", "commander"}, "zero_counts": {"1"}}, "achievements", "Shipshape and Commander", `name="zero_counts" value="1" checked`},
		{"unknown achievement", url.Values{"player": {"Lucy", "Craig"}, "start": {"0"}, "achievement": {"richest", "bravest"}}, "achievements", "2 or 3", `value="Lucy"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.postForm(t, "/games", tt.form)
			if res.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", res.status)
			}
			msg, ok := testid(res.body, "field-error-"+tt.wantField)
			if tt.wantField == "clash" {
				msg = textOf(res.body, "clash")
				ok = msg != ""
			}
			if !ok {
				t.Fatalf("no error next to %q in %s", tt.wantField, res.body)
			}
			if !strings.Contains(msg, tt.wantMsg) {
				t.Errorf("error %q, want it to contain %q", msg, tt.wantMsg)
			}
			if !strings.Contains(res.body, tt.wantKept) {
				t.Errorf("form lost the input %s", tt.wantKept)
			}
		})
	}
}

func TestNewGameCreates(t *testing.T) {
	a := newApp(t)
	loc := redirect(t, a.postForm(t, "/games", url.Values{
		"player": {" Lucy ", "Craig", "", "Julie"}, "start": {"3"},
		"achievement": {"merciless", "recruiter", "richest"}, "zero_counts": {"1"},
	}))
	id := strings.TrimPrefix(loc, "/games/")
	file := a.get(t, "/api/games/"+id)
	want := `"players":["Lucy","Craig","Julie"],"start_player":2,"achievements":["richest","merciless","recruiter"],"zero_counts":true`
	if !strings.Contains(file.body, want) {
		t.Errorf("stored game %s, want it to contain %s", file.body, want)
	}
	form := a.get(t, "/games/new")
	if form.status != 200 || !strings.Contains(form.body, `<option value="Lucy">`) {
		t.Errorf("new-game form does not offer earlier names: %d", form.status)
	}
}

func TestEntryFormErrors(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, threePlayers)
	tests := []struct {
		name      string
		path      string
		form      url.Values
		wantField string
		wantMsg   string
		wantCards []string // cards that must still be selected
		wantCoins string
	}{
		{"coins not a number", "/rounds/2/players/0", url.Values{"card": {"H2", "H3"}, "coins": {"lots"}, "version": {"0"}}, "coins", "0 to 99", []string{"H2", "H3"}, "lots"},
		{"coins too many", "/rounds/2/players/0", url.Values{"card": {"H2"}, "coins": {"100"}, "version": {"0"}}, "coins", "0 to 99", []string{"H2"}, "100"},
		{"coins negative", "/rounds/2/players/1", url.Values{"card": {"S1"}, "coins": {"-2"}, "version": {"0"}}, "coins", "0 to 99", []string{"S1"}, "-2"},
		{"unknown card", "/rounds/2/players/0", url.Values{"card": {"H2", "Z9"}, "coins": {"1"}, "version": {"0"}}, "pool", `"Z9"`, []string{"H2"}, "1"},
		// R4.1: the clash is drawn with its holder, and the card stays
		// ticked so the player sees what to untap.
		{"card another player holds", "/rounds/2/players/1", url.Values{"card": {"S1", "H2"}, "coins": {"1"}, "version": {"0"}}, "clash", "Also in Lucy", []string{"S1", "H2"}, "1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.postForm(t, "/games/"+id+tt.path, tt.form)
			if res.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", res.status)
			}
			msg, ok := testid(res.body, "field-error-"+tt.wantField)
			if tt.wantField == "clash" {
				msg = textOf(res.body, "clash")
				ok = msg != ""
			}
			if !ok {
				t.Fatalf("no error next to %q", tt.wantField)
			}
			if !strings.Contains(msg, tt.wantMsg) {
				t.Errorf("error %q, want it to contain %q", msg, tt.wantMsg)
			}
			for _, c := range tt.wantCards {
				if !checked(res.body, "card-"+c) {
					t.Errorf("card %s not kept selected", c)
				}
			}
			if tag := inputTag(res.body, "input-coins"); !strings.Contains(tag, `value="`+tt.wantCoins+`"`) {
				t.Errorf("coins input %s, want value %q", tag, tt.wantCoins)
			}
		})
	}
}

func TestPagesNotFound(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, threePlayers)
	paths := []string{
		"/games/nosuch",
		"/games/nosuch/rounds/1",
		"/games/" + id + "/rounds/2",           // not started yet
		"/games/" + id + "/rounds/3/players/0", // two rounds ahead
		"/games/" + id + "/rounds/0/players/0",
		"/games/" + id + "/rounds/1/players/3",
		"/games/" + id + "/rounds/1/players/x",
		"/games/" + id + "/rounds/99999999999999999999/players/0",
		"/games/" + id + "/final/7",
		"/nowhere",
	}
	for _, p := range paths {
		t.Run(p, func(t *testing.T) {
			res := a.get(t, p)
			if res.status != http.StatusNotFound {
				t.Errorf("GET %s: status %d, want 404", p, res.status)
			}
		})
	}
	res := a.postForm(t, "/games/"+id+"/rounds/1/players/9", url.Values{"coins": {"1"}})
	if res.status != http.StatusNotFound {
		t.Errorf("POST to seat 9: status %d, want 404", res.status)
	}
}

func TestEntryStepperWithoutJavaScript(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, threePlayers)
	tests := []struct {
		name, step, coins, want string
	}{
		{"plus", "coins+", "3", "4"},
		{"minus", "coins-", "3", "2"},
		{"minus stops at zero", "coins-", "0", "0"},
		{"plus stops at 99", "coins+", "99", "99"},
		{"plus from garbage", "coins+", "abc", "1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.postForm(t, "/games/"+id+"/rounds/2/players/0", url.Values{"card": {"H2"}, "coins": {tt.coins}, "step": {tt.step}, "version": {"0"}})
			if res.status != 200 {
				t.Fatalf("status %d, want 200", res.status)
			}
			if tag := inputTag(res.body, "input-coins"); !strings.Contains(tag, `value="`+tt.want+`"`) {
				t.Errorf("coins input %s, want value %q", tag, tt.want)
			}
			if !checked(res.body, "card-H2") {
				t.Errorf("card H2 lost")
			}
		})
	}
	file := a.get(t, "/api/games/"+id)
	if strings.Count(file.body, "null") != 0 || strings.Count(file.body, `"pool"`) != 3 {
		t.Errorf("a − / + press saved something: %s", file.body)
	}
}

func TestEntryPrefillAndConflict(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, threePlayers)
	path := "/games/" + id + "/rounds/2/players/0"

	form := a.get(t, path)
	if _, ok := testid(form.body, "prefilled"); !ok {
		t.Fatalf("round 2 form not marked as pre-filled")
	}
	for _, c := range []string{"H2", "H3", "A4", "S6", "K6"} {
		if !checked(form.body, "card-"+c) {
			t.Errorf("card %s not pre-filled from round 1", c)
		}
	}
	if tag := inputTag(form.body, "card-S1"); !strings.Contains(tag, "disabled") {
		t.Errorf("Craig's S1 is not disabled for Lucy: %s", tag)
	}
	if holder, _ := testid(form.body, "holder-S1"); holder != "Craig" {
		t.Errorf("holder of S1 %q, want Craig", holder)
	}
	blank := a.get(t, path+"?blank=1")
	if checked(blank.body, "card-H2") {
		t.Errorf("?blank=1 still pre-fills")
	}

	redirect(t, a.postForm(t, path, url.Values{"card": {"H2", "H3"}, "coins": {"4"}, "version": {"0"}}))
	// A second phone still on version 0.
	res := a.postForm(t, path, url.Values{"card": {"H2", "HC"}, "power": {"HC"}, "coins": {"1"}, "version": {"0"}})
	if res.status != http.StatusConflict {
		t.Fatalf("stale save: status %d, want 409", res.status)
	}
	if got := textOf(res.body, "conflict-stored"); !strings.Contains(got, "Coins: 4") {
		t.Errorf("conflict shows stored %q, want coins 4", got)
	}
	if got := textOf(res.body, "conflict-submitted"); !strings.Contains(got, "Coins: 1") {
		t.Errorf("conflict shows submitted %q, want coins 1", got)
	}
	if !strings.Contains(res.body, `name="power" value="HC"`) {
		t.Errorf("the submitted Captain power is not carried by the keep-mine form")
	}
	// Keep mine: the conflict form posts on the stored version.
	redirect(t, a.postForm(t, path, url.Values{"card": {"H2", "HC"}, "power": {"HC"}, "coins": {"1"}, "version": {"1"}}))
	file := a.get(t, "/api/games/"+id)
	if !strings.Contains(file.body, `{"pool":["H2","HC*"],"coins":1}`) {
		t.Errorf("stored %s, want Lucy's round 2 as H2 HC* with 1 coin", file.body)
	}
	edit := a.get(t, path)
	if !checked(edit.body, "power-HC") || !checked(edit.body, "card-HC") {
		t.Errorf("editing the entry lost the Captain power")
	}
}

func TestEntryWarningR43(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, `{"version":1,"players":["A","B"],"start_player":0}`)
	path := "/games/" + id + "/rounds/1/players/0"
	loc := redirect(t, a.postForm(t, path, url.Values{"card": {"H1", "H2", "H3", "H4"}, "coins": {"0"}, "version": {"0"}}))
	if loc != path+"?saved=1" {
		t.Fatalf("redirect %q, want back to the form to show the warning", loc)
	}
	res := a.get(t, loc)
	w, ok := testid(res.body, "warning")
	if !ok || !strings.Contains(w, "H1, H2, H3, H4") {
		t.Errorf("warning %q, want it to name the four new cards", w)
	}
	if _, ok := testid(res.body, "saved"); !ok {
		t.Errorf("no saved notice")
	}
}

func TestFinalFormErrors(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, threePlayers)
	base := func(over url.Values) url.Values {
		v := url.Values{"card": {"H2", "H3", "A4", "S6", "K6"}, "monkeys": {"1"}, "loot_kept": {"3"}, "loot_buried": {"0"}, "coins": {"2"}, "version": {"0"}}
		for k, vals := range over {
			v[k] = vals
		}
		return v
	}
	tests := []struct {
		name      string
		form      url.Values
		wantField string
		wantMsg   string
		wantKept  string
	}{
		{"too many powder monkeys", base(url.Values{"monkeys": {"7"}}), "monkeys", "0 to 6", "input-loot_kept"},
		{"negative loot", base(url.Values{"loot_kept": {"-1"}}), "loot_kept", "0 to 99", "input-monkeys"},
		{"loot buried not a number", base(url.Values{"loot_buried": {"many"}}), "loot_buried", "0 to 99", "input-coins"},
		{"coins too many", base(url.Values{"coins": {"120"}}), "coins", "0 to 99", "input-monkeys"},
		{"entered pirate missing", base(url.Values{"card": {"H2", "H3", "A4", "S6"}}), "pirates", "K6", "input-coins"},
		{"another player's pirate", base(url.Values{"card": {"H2", "H3", "A4", "S6", "K6", "S1"}}), "pirates", "S1", "input-coins"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.postForm(t, "/games/"+id+"/final/0", tt.form)
			if res.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", res.status)
			}
			msg, ok := testid(res.body, "field-error-"+tt.wantField)
			if tt.wantField == "clash" {
				msg = textOf(res.body, "clash")
				ok = msg != ""
			}
			if !ok {
				t.Fatalf("no error next to %q", tt.wantField)
			}
			if !strings.Contains(msg, tt.wantMsg) {
				t.Errorf("error %q, want it to contain %q", msg, tt.wantMsg)
			}
			name := strings.TrimPrefix(tt.wantKept, "input-")
			if tag := inputTag(res.body, tt.wantKept); !strings.Contains(tag, `value="`+tt.form.Get(name)+`"`) {
				t.Errorf("%s not kept: %s", name, tag)
			}
			if !checked(res.body, "card-H2") {
				t.Errorf("card H2 not kept")
			}
		})
	}
}

func TestDeleteAsksFirst(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, threePlayers)
	confirm := a.get(t, "/games/"+id+"/delete")
	if _, ok := testid(confirm.body, "confirm-delete"); confirm.status != 200 || !ok {
		t.Fatalf("confirm page: status %d, confirm button %v", confirm.status, ok)
	}
	if still := a.get(t, "/api/games/"+id); still.status != 200 {
		t.Fatalf("GET of the confirm page deleted the game")
	}
	if loc := redirect(t, a.postForm(t, "/games/"+id+"/delete", nil)); loc != "/" {
		t.Errorf("redirect %q, want /", loc)
	}
	if gone := a.get(t, "/games/"+id); gone.status != 404 {
		t.Errorf("deleted game: status %d, want 404", gone.status)
	}
	if again := a.postForm(t, "/games/"+id+"/delete", nil); again.status != 404 {
		t.Errorf("deleting twice: status %d, want 404", again.status)
	}
}

func TestRevealRound(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, `{"version":1,"players":["A","B","C"],"start_player":0,"rounds":[[{"pool":["H1","H2","H3"],"coins":1},null,null]]}`)
	waiting := a.get(t, "/games/"+id+"/rounds/1")
	if _, ok := testid(waiting.body, "waiting"); !ok {
		t.Fatalf("incomplete round does not say it is waiting")
	}
	confirm := a.get(t, "/games/"+id+"/rounds/1/reveal")
	if !strings.Contains(confirm.body, "B and C have not entered") {
		t.Errorf("confirm page does not name the missing players")
	}
	loc := redirect(t, a.postForm(t, "/games/"+id+"/rounds/1/reveal", nil))
	res := a.get(t, loc)
	if got, _ := testid(res.body, "strength-0"); got != "12" {
		t.Errorf("A's strength %q, want 12", got)
	}
	if got := textOf(res.body, "prize-1"); got != "no token" {
		t.Errorf("B's prize %q, want no token", got)
	}
}

// hidden returns the value of the first hidden input called name.
func hidden(t testing.TB, body, name string) string {
	t.Helper()
	m := regexp.MustCompile(`type="hidden" name="` + name + `" value="([^"]*)"`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no hidden %s in the form", name)
	}
	return m[1]
}

// gameCount is how many games the API-less store holds, through the pages.
func gameCount(t testing.TB, a *app) int {
	t.Helper()
	n := 0
	var cur store.Cursor
	for {
		page, next, err := a.store.GamesPage(context.Background(), cur, store.MaxPage)
		if err != nil {
			t.Fatalf("GamesPage: %v", err)
		}
		n += len(page)
		if next.IsZero() {
			return n
		}
		cur = next
	}
}

// TestHomePages walks the home page's "More games" links through 21 games:
// 8 a page (two screens of a phone, issue 31), each game once, newest
// first.
func TestHomePages(t *testing.T) {
	a := newApp(t)
	var want []string // newest first
	for i := range 21 {
		g := scoring.Game{Version: 1, Players: []string{"Lucy", "Craig", fmt.Sprintf("P%d", i)}, Achievements: []string{"richest", "merciless"}, Rounds: [][]*scoring.Entry{}}
		if i%2 == 0 {
			g.Rounds = [][]*scoring.Entry{{{Pool: []scoring.Card{}}, {Pool: []scoring.Card{}}, {Pool: []scoring.Card{}}}}
		}
		id, err := a.store.CreateGame(context.Background(), g)
		if err != nil {
			t.Fatalf("CreateGame: %v", err)
		}
		want = append([]string{id}, want...)
	}
	idRE := regexp.MustCompile(`data-testid="game-([a-z0-9]+)"`)
	tests := []struct {
		name      string
		wantGames int
		wantMore  bool
		wantLater bool
	}{
		{"the newest 8", 8, true, false},
		{"the next 8", 8, true, true},
		{"the last 5", 5, false, true},
	}
	var got []string
	path := "/"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.get(t, path)
			if res.status != http.StatusOK {
				t.Fatalf("GET %s: status %d", path, res.status)
			}
			var ids []string
			for _, m := range idRE.FindAllStringSubmatch(res.body, -1) {
				ids = append(ids, m[1])
			}
			if len(ids) != tt.wantGames {
				t.Errorf("GET %s lists %d games, want %d", path, len(ids), tt.wantGames)
			}
			got = append(got, ids...)
			more := regexp.MustCompile(`href="(/\?before=[^"]+)" data-testid="more-games"`).FindStringSubmatch(res.body)
			if (more != nil) != tt.wantMore {
				t.Errorf("More games link %v, want %v", more != nil, tt.wantMore)
			}
			if _, later := testid(res.body, "older"); later != tt.wantLater {
				t.Errorf("older-games note %v, want %v", later, tt.wantLater)
			}
			if more != nil {
				path = html.UnescapeString(more[1])
			}
		})
	}
	// Each page puts its games in progress first, then its finished ones;
	// none is finished here, so the order is the store's.
	if !slices.Equal(got, want) {
		t.Errorf("the pages list %d games %v, want the %d games newest first", len(got), got, len(want))
	}
}

func TestHomeBadCursor(t *testing.T) {
	a := newApp(t)
	a.createGame(t, threePlayers)
	tests := []struct{ name, query string }{
		{"not a cursor", "?before=yesterday"},
		{"an id with odd characters", "?before=5.%3Cscript%3E"},
		{"a number too big", "?before=99999999999999999999.abc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.get(t, "/"+tt.query)
			if res.status != http.StatusBadRequest {
				t.Fatalf("status %d, want 400", res.status)
			}
			if msg, _ := testid(res.body, "error-message"); !strings.Contains(msg, "link to older games is not valid") {
				t.Errorf("message %q, want it to say the link is not valid", msg)
			}
		})
	}
}

// TestGameCreationRateLimit creates games from one client until it is
// refused, through the form and the API.
func TestGameCreationRateLimit(t *testing.T) {
	form := func(token string) url.Values {
		return url.Values{"player": {"Lucy", "Craig", "Julie", ""}, "start": {"2"}, "achievement": {"richest", "merciless"}, "token": {token}}
	}
	post := func(a *app, via, addr, token string) response {
		var req *http.Request
		if via == "api" {
			req = httptest.NewRequest(http.MethodPost, "/api/games", strings.NewReader(`{"version":1,"players":["Lucy","Craig"]}`))
			req.Header.Set("Content-Type", "application/json")
		} else {
			req = httptest.NewRequest(http.MethodPost, "/games", strings.NewReader(form(token).Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		req.RemoteAddr = addr
		return a.do(t, req)
	}
	for _, via := range []string{"form", "api"} {
		t.Run(via, func(t *testing.T) {
			a := newAppWith(t, handlers.Options{GamesPerMinute: 3})
			created := http.StatusSeeOther
			if via == "api" {
				created = http.StatusCreated
			}
			var firstLoc string
			tests := []struct {
				name       string
				addr       string
				token      string
				wantStatus int
				wantGames  int
			}{
				{"first", "192.0.2.7:1000", "aaaaaaaaaaaaaaaaaaaaaaaaaa", created, 1},
				{"second", "192.0.2.7:1001", "bbbbbbbbbbbbbbbbbbbbbbbbbb", created, 2},
				{"third, the burst", "192.0.2.7:1002", "cccccccccccccccccccccccccc", created, 3},
				{"fourth is refused", "192.0.2.7:1003", "dddddddddddddddddddddddddd", http.StatusTooManyRequests, 3},
				{"another client is not", "198.51.100.9:1000", "eeeeeeeeeeeeeeeeeeeeeeeeee", created, 4},
			}
			if via == "form" {
				tests = append(tests, struct {
					name       string
					addr       string
					token      string
					wantStatus int
					wantGames  int
				}{"a form posted again opens its game even over the limit", "192.0.2.7:1004", "aaaaaaaaaaaaaaaaaaaaaaaaaa", http.StatusSeeOther, 4})
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					res := post(a, via, tt.addr, tt.token)
					if res.status != tt.wantStatus {
						t.Fatalf("status %d, want %d; body %.300s", res.status, tt.wantStatus, res.body)
					}
					if got := gameCount(t, a); got != tt.wantGames {
						t.Errorf("%d games stored, want %d", got, tt.wantGames)
					}
					if tt.name == "first" && via == "form" {
						firstLoc = res.header.Get("Location")
					}
					if tt.token == "aaaaaaaaaaaaaaaaaaaaaaaaaa" && tt.name != "first" {
						if loc := res.header.Get("Location"); loc != firstLoc {
							t.Errorf("Location %q, want the first game %q", loc, firstLoc)
						}
					}
					if res.status != http.StatusTooManyRequests {
						return
					}
					if ra, err := strconv.Atoi(res.header.Get("Retry-After")); err != nil || ra < 1 || ra > 20 {
						t.Errorf("Retry-After %q, want 1 to 20 seconds", res.header.Get("Retry-After"))
					}
					var msg string
					if via == "api" {
						var got struct {
							Error string  `json:"error"`
							Field *string `json:"field"`
						}
						if err := json.Unmarshal([]byte(res.body), &got); err != nil || got.Field == nil {
							t.Fatalf("body %s: want {error, field}", res.body)
						}
						msg = got.Error
					} else {
						msg, _ = testid(res.body, "field-error-form")
						if tag := inputTag(res.body, "player-2"); !strings.Contains(tag, `value="Julie"`) {
							t.Errorf("the form lost Julie: %s", tag)
						}
						if !checked(res.body, "start-2") || !checked(res.body, "achievement-merciless") {
							t.Errorf("the form lost the start player or the achievements")
						}
						if got := hidden(t, res.body, "token"); got != tt.token {
							t.Errorf("token %q, want the form's own %q kept", got, tt.token)
						}
					}
					if !strings.Contains(msg, "Too many new games") || !strings.Contains(msg, "10 a minute") && !strings.Contains(msg, "a minute") {
						t.Errorf("message %q, want it to say too many new games a minute", msg)
					}
				})
			}
		})
	}
}

// TestNewGameFormTokens posts the new-game form again, as Back then
// submit does: it opens the game it made.
func TestNewGameFormTokens(t *testing.T) {
	a := newApp(t)
	page := a.get(t, "/games/new")
	token := hidden(t, page.body, "token")
	if len(token) != 26 {
		t.Fatalf("token %q, want 26 characters", token)
	}
	if again := hidden(t, a.get(t, "/games/new").body, "token"); again == token {
		t.Fatalf("two form loads got the same token %q", token)
	}
	form := url.Values{"player": {"Lucy", "Craig", "", ""}, "start": {"0"}, "achievement": {"richest", "merciless"}}
	with := func(tok string) url.Values {
		f := url.Values{}
		for k, v := range form {
			f[k] = v
		}
		if tok != "" {
			f.Set("token", tok)
		}
		return f
	}
	first := redirect(t, a.postForm(t, "/games", with(token)))
	tests := []struct {
		name      string
		form      url.Values
		wantSame  bool
		wantGames int
	}{
		{"the same form again opens the same game", with(token), true, 1},
		{"and a third time", with(token), true, 1},
		{"a fresh form makes a new game", with(newTokenFromPage(t, a)), false, 2},
		{"a form without a token makes a new game", with(""), false, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc := redirect(t, a.postForm(t, "/games", tt.form))
			if (loc == first) != tt.wantSame {
				t.Errorf("redirect %q, first game %q: want same %v", loc, first, tt.wantSame)
			}
			if got := gameCount(t, a); got != tt.wantGames {
				t.Errorf("%d games, want %d", got, tt.wantGames)
			}
		})
	}
	// A 422 keeps the token, so the corrected form is still the same form.
	bad := with(token)
	bad["player"] = []string{"Lucy", "", "", ""}
	res := a.postForm(t, "/games", bad)
	if res.status != http.StatusUnprocessableEntity || hidden(t, res.body, "token") != token {
		t.Errorf("a refused form: status %d, token kept %v", res.status, hidden(t, res.body, "token") == token)
	}
}

func newTokenFromPage(t *testing.T, a *app) string {
	t.Helper()
	return hidden(t, a.get(t, "/games/new").body, "token")
}

// TestNewGameBadInput covers what only a forged or broken request sends:
// every answer is a 4xx with a message, the user's input kept.
func TestNewGameBadInput(t *testing.T) {
	a := newApp(t)
	base := func(over url.Values) url.Values {
		v := url.Values{"player": {"Lucy", "Craig", "Julie", ""}, "start": {"1"}, "achievement": {"richest", "merciless"}}
		for k, vals := range over {
			v[k] = vals
		}
		return v
	}
	tests := []struct {
		name       string
		form       url.Values
		wantStatus int
		wantField  string
		wantMsg    string
		wantKept   string // a player input that must keep its value
		wantValue  string
	}{
		{"a fifth name", base(url.Values{"player": {"Lucy", "Craig", "Julie", "Alex", "Eve"}}), 400, "players", "5 player names", "player-3", "Alex"},
		{"a start seat past the four", base(url.Values{"start": {"4"}}), 400, "start_player", `"4"`, "player-2", "Julie"},
		{"a start seat that is not a number", base(url.Values{"start": {"first"}}), 400, "start_player", `"first"`, "player-0", "Lucy"},
		{"a huge start seat", base(url.Values{"start": {"99999999999999999999999"}}), 400, "start_player", "four seats", "player-1", "Craig"},
		{"NUL in a name", base(url.Values{"player": {"Lucy", "Cr\x00aig", "Julie"}}), 422, "players[1]", "control character", "player-2", "Julie"},
		{"ANSI colours in a name", base(url.Values{"player": {"Lucy", "Craig", "\x1b[31mJulie\x1b[0m"}}), 422, "players[2]", "escape character", "player-0", "Lucy"},
		{"BEL in a name", base(url.Values{"player": {"Lucy\a", "Craig", "Julie"}}), 422, "players[0]", "control character", "player-1", "Craig"},
		{"DEL in a name", base(url.Values{"player": {"Lucy", "Craig\x7f", "Julie"}}), 422, "players[1]", "control character", "player-0", "Lucy"},
		{"C1 control in a name", base(url.Values{"player": {"Lucy", "Cr\u009baig", "Julie"}}), 422, "players[1]", "control character", "player-0", "Lucy"},
		{"right-to-left override in a name", base(url.Values{"player": {"Lucy", "Craig", "Ju\u202elie"}}), 422, "players[2]", "text direction", "player-1", "Craig"},
		{"bidi isolate in a name", base(url.Values{"player": {"\u2066Lucy", "Craig", "Julie"}}), 422, "players[0]", "text direction", "player-2", "Julie"},
		{"zero-width space in a name", base(url.Values{"player": {"Lucy", "Cra\u200big", "Julie"}}), 422, "players[1]", "invisible", "player-2", "Julie"},
		{"byte order mark in a name", base(url.Values{"player": {"Lucy", "Craig", "\ufeffJulie"}}), 422, "players[2]", "invisible", "player-0", "Lucy"},
		{"soft hyphen in a name", base(url.Values{"player": {"Lu\u00adcy", "Craig", "Julie"}}), 422, "players[0]", "invisible", "player-1", "Craig"},
		{"a name that is not UTF-8", base(url.Values{"player": {"Lucy", "Cr\xffaig", "Julie"}}), 422, "players[1]", "UTF-8", "player-2", "Julie"},
		{"the same field twice keeps the first", base(url.Values{"zero_counts": {"1", "0"}, "player": {"Lucy", "", "", ""}}), 422, "players", "2 to 4", "player-0", "Lucy"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := gameCount(t, a)
			res := a.postForm(t, "/games", tt.form)
			if res.status != tt.wantStatus {
				t.Fatalf("status %d, want %d; body %.500s", res.status, tt.wantStatus, res.body)
			}
			msg, ok := testid(res.body, "field-error-"+tt.wantField)
			if !ok || !strings.Contains(msg, tt.wantMsg) {
				t.Errorf("error next to %q: %q (shown %v), want it to contain %q", tt.wantField, msg, ok, tt.wantMsg)
			}
			if tag := inputTag(res.body, tt.wantKept); !strings.Contains(tag, `value="`+tt.wantValue+`"`) {
				t.Errorf("%s lost its value %q: %s", tt.wantKept, tt.wantValue, tag)
			}
			if !checked(res.body, "achievement-merciless") {
				t.Errorf("achievements not kept")
			}
			if got := gameCount(t, a); got != before {
				t.Errorf("games %d, want %d: a refused form wrote", got, before)
			}
		})
	}
}

// TestBadBodies sends every form and JSON endpoint a body it cannot read:
// 400 naming the problem, or 413 for one over the limit; never 404 or 500.
func TestBadBodies(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, threePlayers)
	srv := httptest.NewServer(a.h)
	defer srv.Close()
	type endpoint struct {
		method, path string
		api          bool
	}
	endpoints := []endpoint{
		{"POST", "/games", false},
		{"POST", "/games/" + id + "/rounds/2/players/0", false},
		{"POST", "/games/" + id + "/final/0", false},
		{"POST", "/api/solve", true},
		{"POST", "/api/check", true},
		{"POST", "/api/score", true},
		{"POST", "/api/games", true},
		{"PUT", "/api/games/" + id + "/rounds/2/entries/0", true},
	}
	bodies := []struct {
		name       string
		header     string // Content-Type and framing headers
		body       string
		forms      bool // applies to the form endpoints
		json       bool // applies to the JSON endpoints
		wantStatus int
		wantMsg    string
	}{
		{"malformed chunk size", "Transfer-Encoding: chunked\r\n", "zz\r\n{}\r\n0\r\n\r\n", true, true, 400, "could not be read"},
		{"chunk longer than said", "Transfer-Encoding: chunked\r\n", "2\r\n{\"cards\":[]}\r\n0\r\n\r\n", true, true, 400, "could not be read"},
		{"bad escape in a form", "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 10\r\n", "player=%ZZ", true, false, 400, `invalid URL escape "%ZZ"`},
		{"a form sent as JSON", "Content-Type: application/json\r\nContent-Length: 2\r\n", "{}", true, false, 400, "application/x-www-form-urlencoded"},
		{"a form sent as multipart", "Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 4\r\n", "--x-", true, false, 400, "application/x-www-form-urlencoded"},
		{"a form of no type", "Content-Length: 8\r\n", "player=A", true, false, 400, "application/x-www-form-urlencoded"},
		{"body over the limit", "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 70000\r\n", strings.Repeat("a", 70000), true, true, 413, "too large"},
		{"chunked body over the limit", "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n", fmt.Sprintf("%x\r\n%s\r\n0\r\n\r\n", 70000, strings.Repeat("a", 70000)), true, true, 413, "too large"},
		{"JSON that stops", "Content-Type: application/json\r\nContent-Length: 9\r\n", `{"cards":`, false, true, 400, "JSON"},
		{"JSON of the wrong shape", "Content-Type: application/json\r\nContent-Length: 2\r\n", `[]`, false, true, 400, ""},
		{"a huge number", "Content-Type: application/json\r\nContent-Length: 64\r\n", `{"cards":[],"players":1e999,"coins":1e999,"version":1e999,"x":1}`, false, true, 400, ""},
	}
	for _, e := range endpoints {
		for _, b := range bodies {
			if e.api && !b.json || !e.api && !b.forms {
				continue
			}
			t.Run(e.path+" "+b.name, func(t *testing.T) {
				status, body := rawRequest(t, srv.URL, e.method+" "+e.path+" HTTP/1.1\r\nHost: "+strings.TrimPrefix(srv.URL, "http://")+"\r\n"+b.header+"Connection: close\r\n\r\n"+b.body)
				if status != b.wantStatus {
					t.Fatalf("status %d, want %d; body %.300s", status, b.wantStatus, body)
				}
				msg := body
				if e.api {
					var got struct {
						Error string  `json:"error"`
						Field *string `json:"field"`
					}
					if err := json.Unmarshal([]byte(body), &got); err != nil || got.Field == nil || got.Error == "" {
						t.Fatalf("body %q, want {error, field}", body)
					}
					msg = got.Error
				} else if b.wantStatus == 400 {
					msg, _ = testid(body, "error-message")
				}
				if !strings.Contains(msg, b.wantMsg) {
					t.Errorf("message %q, want it to contain %q", msg, b.wantMsg)
				}
			})
		}
	}
	if got := a.get(t, "/api/games/"+id); !strings.Contains(got.body, `"rounds":[[{"pool":["H2","H3","A4","S6","K6"],"coins":3}`) || strings.Contains(got.body, "null") {
		t.Errorf("a refused body changed the game: %s", got.body)
	}
}

// rawRequest writes a request as it is given, bytes and all, and reads
// the answer's status and body.
func rawRequest(t *testing.T, base, req string) (int, string) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	go conn.Write([]byte(req)) // the server may answer before reading it all
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("reading the answer: %v", err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.Header.Get("Content-Encoding") == "gzip" {
		t.Fatalf("unexpected gzip")
	}
	return res.StatusCode, string(body)
}

// TestNamesAPI checks the R4.5 name rule through the API: 400 naming the
// seat.
func TestNamesAPI(t *testing.T) {
	a := newApp(t)
	tests := []struct {
		name      string
		players   string
		wantField string
		wantMsg   string
	}{
		{"NUL", `["Lucy", "Cr\u0000aig"]`, "players[1]", "control character"},
		{"ESC", `["\u001b[2JLucy", "Craig"]`, "players[0]", "escape character"},
		{"BEL", `["Lucy", "Craig", "Julie\u0007"]`, "players[2]", "control character"},
		{"RLO", `["Lucy", "Craig", "Ju\u202elie"]`, "players[2]", "text direction"},
		{"LRM", `["Lucy", "Craig\u200e"]`, "players[1]", "text direction"},
		{"ZWJ between letters", `["Lu\u200dcy", "Craig"]`, "players[0]", "invisible"},
		{"word joiner", `["Lucy", "Craig", "Julie", "Al\u2060ex"]`, "players[3]", "invisible"},
		{"soft hyphen", `["Lucy", "Cra\u00adig"]`, "players[1]", "invisible"},
	}
	for _, tt := range tests {
		for _, path := range []string{"/api/games", "/api/score"} {
			t.Run(tt.name+" "+path, func(t *testing.T) {
				res := a.sendJSON(t, "POST", path, `{"version":1,"players":`+tt.players+`}`)
				var got struct {
					Error string `json:"error"`
					Field string `json:"field"`
				}
				if res.status != 400 || json.Unmarshal([]byte(res.body), &got) != nil {
					t.Fatalf("status %d body %s, want 400 {error, field}", res.status, res.body)
				}
				if got.Field != tt.wantField || !strings.Contains(got.Error, tt.wantMsg) {
					t.Errorf("got %q at %q, want %q at %q", got.Error, got.Field, tt.wantMsg, tt.wantField)
				}
			})
		}
	}
	if n := gameCount(t, a); n != 0 {
		t.Errorf("%d games stored, want none", n)
	}
	ok := a.sendJSON(t, "POST", "/api/games", `{"version":1,"players":["Zoë 🏴‍☠️", "李雷", "Anne-Marie O'Neil"]}`)
	if ok.status != http.StatusCreated {
		t.Errorf("names with emoji, other scripts and punctuation: status %d %s, want 201", ok.status, ok.body)
	}
}

// TestEntryResubmit plays Back-then-save on the round-entry form, and a
// real conflict with another phone.
func TestEntryResubmit(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, threePlayers)
	path := "/games/" + id + "/rounds/2/players/0"
	page := a.get(t, path)
	mine := hidden(t, page.body, "token")
	if v := hidden(t, page.body, "version"); v != "0" {
		t.Fatalf("version %q, want 0", v)
	}
	entry := func(token, version, coins string, cards ...string) url.Values {
		return url.Values{"card": cards, "coins": {coins}, "version": {version}, "token": {token}}
	}
	stored := func(t *testing.T) string {
		t.Helper()
		var g struct{ Rounds [][]json.RawMessage }
		json.Unmarshal([]byte(a.get(t, "/api/games/"+id).body), &g)
		if len(g.Rounds) < 2 {
			return ""
		}
		return string(g.Rounds[1][0])
	}
	redirect(t, a.postForm(t, path, entry(mine, "0", "4", "H2", "H3")))
	tests := []struct {
		name       string
		form       url.Values
		wantStatus int
		wantStored string
		wantText   string // in the conflict title
	}{
		{"the same save again is simply saved", entry(mine, "0", "4", "H3", "H2"), 303, `{"pool":["H2","H3"],"coins":4}`, ""},
		{"the same form changed and saved again replaces its own save", entry(mine, "0", "5", "H2"), 303, `{"pool":["H2"],"coins":5}`, ""},
		{"again", entry(mine, "0", "6", "H2", "HC"), 303, `{"pool":["H2","HC"],"coins":6}`, ""},
		{"another phone's stale form is a real conflict with its time", entry(newTokenFrom(t, a, path), "0", "1", "A1"), 409, `{"pool":["H2","HC"],"coins":6}`, "Another phone saved this entry at "},
		{"another form that sends what is stored is simply saved", entry(newTokenFrom(t, a, path), "0", "6", "HC", "H2"), 303, `{"pool":["H2","HC"],"coins":6}`, ""},
		{"a form with no token on a stale version is a conflict", entry("", "1", "2", "H2"), 409, `{"pool":["H2","HC"],"coins":6}`, "Another phone saved this entry at "},
		{"a damaged token is refused", entry("NOT-A-TOKEN", "3", "2", "H2"), 400, `{"pool":["H2","HC"],"coins":6}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.postForm(t, path, tt.form)
			if res.status != tt.wantStatus {
				t.Fatalf("status %d, want %d; %.300s", res.status, tt.wantStatus, res.body)
			}
			if got := stored(t); got != tt.wantStored {
				t.Errorf("stored %s, want %s", got, tt.wantStored)
			}
			switch res.status {
			case http.StatusConflict:
				title := textOf(res.body, "conflict-title")
				if !regexp.MustCompile(regexp.QuoteMeta(tt.wantText) + `\d\d:\d\d$`).MatchString(title) {
					t.Errorf("conflict title %q, want %q and a time", title, tt.wantText)
				}
				if got := textOf(res.body, "conflict-submitted"); !strings.Contains(got, "Coins: "+tt.form.Get("coins")) {
					t.Errorf("the conflict lost the submitted coins: %q", got)
				}
				if got := hidden(t, res.body, "token"); tt.form.Get("token") != "" && got != tt.form.Get("token") {
					t.Errorf("token %q, want the form's %q kept", got, tt.form.Get("token"))
				}
			case http.StatusBadRequest:
				if msg, _ := testid(res.body, "error-message"); !strings.Contains(msg, "token") {
					t.Errorf("message %q, want it to name the token", msg)
				}
			}
		})
	}
}

func newTokenFrom(t *testing.T, a *app, path string) string {
	t.Helper()
	return hidden(t, a.get(t, path).body, "token")
}

// TestFinalResubmit is TestEntryResubmit for the end-of-game form.
func TestFinalResubmit(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, threePlayers)
	path := "/games/" + id + "/final/1"
	mine := hidden(t, a.get(t, path).body, "token")
	final := func(token, version, coins string) url.Values {
		return url.Values{"card": {"S1", "S7", "SP"}, "buried": {"S7"}, "monkeys": {"1"}, "loot_kept": {"2"}, "loot_buried": {"0"}, "coins": {coins}, "version": {version}, "token": {token}}
	}
	storedCoins := func(t *testing.T) string {
		t.Helper()
		return inputTag(a.get(t, path).body, "input-coins")
	}
	redirect(t, a.postForm(t, path, final(mine, "0", "3")))
	tests := []struct {
		name       string
		form       url.Values
		wantStatus int
		wantCoins  string
		wantConfl  bool
	}{
		{"the same save again is simply saved", final(mine, "0", "3"), 303, "3", false},
		{"the same form changed replaces its own save", final(mine, "0", "4"), 303, "4", false},
		{"another phone's stale form is a conflict with its time", final(newTokenFrom(t, a, path), "0", "9"), 409, "4", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.postForm(t, path, tt.form)
			if res.status != tt.wantStatus {
				t.Fatalf("status %d, want %d; %.300s", res.status, tt.wantStatus, res.body)
			}
			if tag := storedCoins(t); !strings.Contains(tag, `value="`+tt.wantCoins+`"`) {
				t.Errorf("stored coins %s, want %s", tag, tt.wantCoins)
			}
			if !tt.wantConfl {
				return
			}
			msg := textOf(res.body, "conflict")
			if !regexp.MustCompile(`Another phone saved this player's end-of-game entry at \d\d:\d\d\.`).MatchString(msg) {
				t.Errorf("conflict %q, want the other phone's save time", msg)
			}
			if tag := inputTag(res.body, "input-coins"); !strings.Contains(tag, `value="4"`) {
				t.Errorf("the conflict form shows %s, want what is stored (4)", tag)
			}
		})
	}
}

// TestAPIConflictSavedTime checks the 409 of a stale PUT: the stored
// entry, its version and when it was saved.
func TestAPIConflictSavedTime(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, threePlayers)
	path := "/api/games/" + id + "/rounds/2/entries/1"
	before := time.Now().Add(-time.Second)
	if res := a.sendJSON(t, "PUT", path, `{"pool":["S1"],"coins":2,"version":0}`); res.status != 200 {
		t.Fatalf("first PUT: %d %s", res.status, res.body)
	}
	res := a.sendJSON(t, "PUT", path, `{"pool":["S7"],"coins":1,"version":0}`)
	var got struct {
		Error   string
		Field   string
		Entry   *scoring.Entry
		Version int
		Saved   time.Time
	}
	if res.status != http.StatusConflict || json.Unmarshal([]byte(res.body), &got) != nil {
		t.Fatalf("stale PUT: %d %s, want 409 JSON", res.status, res.body)
	}
	if got.Field != "version" || got.Version != 1 || got.Entry == nil || got.Entry.Coins != 2 || !strings.Contains(got.Error, "changed") {
		t.Errorf("conflict %s, want field version, version 1, the stored entry with 2 coins", res.body)
	}
	if got.Saved.Before(before.Truncate(time.Second)) || got.Saved.After(time.Now()) {
		t.Errorf("saved %v, want the first PUT's time (after %v)", got.Saved, before)
	}
}

// TestNewGameFormPostedAtOnce posts one new-game form eight times at the
// same moment (a double tap, a retry): one game, and every answer opens it.
func TestNewGameFormPostedAtOnce(t *testing.T) {
	a := newApp(t)
	token := newTokenFromPage(t, a)
	form := url.Values{"player": {"Lucy", "Craig"}, "start": {"0"}, "achievement": {"richest", "merciless"}, "token": {token}}
	const n = 8
	locs := make([]string, n)
	codes := make([]int, n)
	done := make(chan struct{})
	start := make(chan struct{})
	for i := range n {
		go func() {
			defer func() { done <- struct{}{} }()
			<-start
			req := httptest.NewRequest(http.MethodPost, "/games", strings.NewReader(form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			rec := httptest.NewRecorder()
			a.h.ServeHTTP(rec, req)
			codes[i], locs[i] = rec.Code, rec.Header().Get("Location")
		}()
	}
	close(start)
	for range n {
		<-done
	}
	for i := range n {
		if codes[i] != http.StatusSeeOther || locs[i] != locs[0] {
			t.Errorf("post %d: %d to %q, want 303 to %q like the first", i, codes[i], locs[i], locs[0])
		}
	}
	if got := gameCount(t, a); got != 1 {
		t.Errorf("%d games, want 1", got)
	}
}

// TestEntryConflictNamesThePhone: two phones that told the app their seats
// open the same entry; the second to save hears whose phone saved it and
// when (table mode's conflicts), unless that phone says it holds the same
// seat (a phone handed over with "Not you? change"): naming it would name
// the phone in the player's hand.
func TestEntryConflictNamesThePhone(t *testing.T) {
	for _, tc := range []struct {
		name          string
		first, second int
		want          string
	}{
		{"another seat's phone", 0, 1, `^Lucy's phone saved this entry at \d\d:\d\d$`},
		{"a phone with the same seat", 1, 1, `^Another phone saved this entry at \d\d:\d\d$`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newApp(t)
			id := a.createGame(t, threePlayers)
			path := "/games/" + id + "/rounds/2/players/1"
			phone := func(seat int, form url.Values) response {
				req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				req.AddCookie(&http.Cookie{Name: "ruthless_seats", Value: id + "-" + strconv.Itoa(seat)})
				return a.do(t, req)
			}
			first := url.Values{"card": {"X1"}, "coins": {"1"}, "version": {"0"}, "token": {newTokenFrom(t, a, path)}}
			second := url.Values{"card": {"X2"}, "coins": {"2"}, "version": {"0"}, "token": {newTokenFrom(t, a, path)}}
			redirect(t, phone(tc.first, first))
			res := phone(tc.second, second)
			if res.status != http.StatusConflict {
				t.Fatalf("the second phone's save: status %d, want 409", res.status)
			}
			if title := textOf(res.body, "conflict-title"); !regexp.MustCompile(tc.want).MatchString(title) {
				t.Errorf("conflict title %q, want %s", title, tc.want)
			}
		})
	}
}
