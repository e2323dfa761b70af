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
	"strings"
	"testing"
	"time"

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

func TestEntryFormErrors(t *testing.T) {
	t.Parallel()
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
		// A card given twice is refused as the API refuses it (it was
		// once dropped without a word); the rest stays tapped.
		{"card given twice", "/rounds/2/players/0", url.Values{"card": {"H2", "H3", "h2"}, "coins": {"1"}, "version": {"0"}}, "pool", `Card "H2" given twice.`, []string{"H2", "H3"}, "1"},
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
		{"a pirate given twice", base(url.Values{"card": {"H2", "H3", "A4", "S6", "K6", "H3"}}), "pirates", `Card "H3" given twice.`, "input-coins"},
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
	t.Parallel()
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
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, `{"version":1,"players":["A","B","C"],"start_player":0,"rounds":[[{"pool":["H1","H2","H3"],"coins":1},null,null]]}`)
	waiting := a.get(t, "/games/"+id+"/rounds/1")
	if _, ok := testid(waiting.body, "waiting"); !ok {
		t.Fatalf("incomplete round does not say it is waiting")
	}
	confirm := a.get(t, "/games/"+id+"/rounds/1/reveal")
	if !strings.Contains(confirm.body, "<bdi>B</bdi> and <bdi>C</bdi> have not entered") {
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
	t.Parallel()
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
	t.Parallel()
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

// TestBadBodies sends every form and JSON endpoint a body it cannot read:
// 400 naming the problem, or 413 for one over the limit; never 404 or 500.
func TestBadBodies(t *testing.T) {
	t.Parallel()
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
