package handlers_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"ruthless/scoring"
)

// TestEntryResubmit plays Back-then-save on the round-entry form, and a
// real conflict with another phone.
func TestEntryResubmit(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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

// TestEntryConflictNamesThePhone: two phones that told the app their seats
// open the same entry; the second to save hears whose phone saved it and
// when (table mode's conflicts), unless that phone says it holds the same
// seat (a phone handed over with "Not you? change"): naming it would name
// the phone in the player's hand.
func TestEntryConflictNamesThePhone(t *testing.T) {
	t.Parallel()
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
