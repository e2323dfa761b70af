package handlers_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"ruthless/handlers"
)

func TestNewGameFormErrors(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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

// TestGameCreationRateLimit creates games from one client until it is
// refused, through the form and the API.
func TestGameCreationRateLimit(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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

// TestNewGameFormPostedAtOnce posts one new-game form eight times at the
// same moment (a double tap, a retry): one game, and every answer opens it.
func TestNewGameFormPostedAtOnce(t *testing.T) {
	t.Parallel()
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

// TestNamesAPI checks the R4.5 name rule through the API: 400 naming the
// seat.
func TestNamesAPI(t *testing.T) {
	t.Parallel()
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
