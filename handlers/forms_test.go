package handlers_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
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
		{"name too long", url.Values{"player": {"Lucy", long}, "start": {"0"}, "achievement": {"richest", "merciless"}}, "players[1]", "1 to 40", `value="` + long + `"`},
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
		{"card another player holds", "/rounds/2/players/1", url.Values{"card": {"S1", "H2"}, "coins": {"1"}, "version": {"0"}}, "pool", "H2", []string{"S1"}, "1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := a.postForm(t, "/games/"+id+tt.path, tt.form)
			if res.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", res.status)
			}
			msg, ok := testid(res.body, "field-error-"+tt.wantField)
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
