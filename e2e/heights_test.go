package e2e

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"ruthless/handlers"
	"ruthless/store"
)

// Issue 25's measure of a short page: at most two screens of the phone
// (2 × 844 px, rounded down to 1,700) with nothing unfolded by the user.
// The rules page is a reference and is exempt.
const maxPageHeight = 1700

// pageHeightJS is the height a page's content takes: down to the end of
// its main element. The language switch at the foot of every page
// (issue 40) is below it, for the rare tap that changes the language, and
// is not part of what a player scrolls through.
const pageHeightJS = `Math.ceil(document.querySelector("main").getBoundingClientRect().bottom + window.scrollY)`

// nightRounds are five rounds of a four-player game as a table enters
// them: pools grow by up to three recruits a round, except in round 1,
// where Ann, Ben and Cat each enter four pirates (the table started
// entering a round late), which draws three three-recruits warnings
// (R4.3). Ann's Captain uses its power in round 4.
var nightRounds = [5][4]string{
	{`{"pool":["H2","H3","H4","A5"],"coins":1}`,
		`{"pool":["S5","S6","S7","K5"],"coins":2}`,
		`{"pool":["A1","X1","K1","AQ"],"coins":0}`,
		`{"pool":["X7","XQ","XC"],"coins":1}`},
	{`{"pool":["H2","H3","H4","A5","H5","H6"],"coins":2}`,
		`{"pool":["S5","S6","S7","K5","S4"],"coins":2}`,
		`{"pool":["A1","X1","K1","AQ","A2","A3"],"coins":1}`,
		`{"pool":["X7","XQ","XC","X6","XP"],"coins":3}`},
	{`{"pool":["H2","H3","H4","A5","H5","H6","H7"],"coins":2}`,
		`{"pool":["S5","S6","S7","K5","S4","K6","S3"],"coins":3}`,
		`{"pool":["A1","X1","K1","AQ","A2","A3","A4"],"coins":1}`,
		`{"pool":["X7","XQ","XC","X6","XP","X5","KQ"],"coins":4}`},
	{`{"pool":["H2","H3","H4","A5","H5","H6","H7","HQ","HC*"],"coins":3}`,
		`{"pool":["S5","S6","S7","K5","S4","K6","S3","S1","SP"],"coins":3}`,
		`{"pool":["A1","X1","K1","AQ","A2","A3","A4","K2","K3"],"coins":2}`,
		`{"pool":["X7","XQ","XC","X6","XP","X5","KQ","X4","X3"],"coins":5}`},
	{`{"pool":["H2","H3","H4","A5","H5","H6","H7","HQ","HC","HP","A6"],"coins":4}`,
		`{"pool":["S5","S6","S7","K5","S4","K6","S3","S1","SP","S2","K7"],"coins":4}`,
		`{"pool":["A1","X1","K1","AQ","A2","A3","A4","K2","K3","A7","AP"],"coins":2}`,
		`{"pool":["X7","XQ","XC","X6","XP","X5","KQ","X4","X3","X2","K4"],"coins":6}`},
}

// nightFinals are the four ends of the game, each keeping the pirates of
// round 5 (one buried by Ben and Cat).
var nightFinals = []string{
	`{"pirates":["H2","H3","H4","A5","H5","H6","H7","HQ","HC","HP","A6"],"buried_pirates":[],"buried_powder_monkeys":1,"loot_banner_kept":5,"loot_banner_buried":0,"coins":4,"parley_used":false}`,
	`{"pirates":["S5","S6","S7","K5","S4","K6","S3","S1","SP","S2"],"buried_pirates":["K7"],"buried_powder_monkeys":2,"loot_banner_kept":3,"loot_banner_buried":2,"coins":4,"parley_used":true}`,
	`{"pirates":["A1","X1","K1","AQ","A2","A3","A4","K2","K3","AP"],"buried_pirates":["A7"],"buried_powder_monkeys":3,"loot_banner_kept":2,"loot_banner_buried":1,"coins":2,"parley_used":false}`,
	`{"pirates":["X7","XQ","XC","X6","XP","X5","KQ","X4","X3","X2","K4"],"buried_pirates":[],"buried_powder_monkeys":0,"loot_banner_kept":6,"loot_banner_buried":0,"coins":6,"parley_used":true}`,
}

// nightGame is the game file of a four-player game: rounds rounds of
// nightRounds, the last of them missing Dan's entry when dropDan, and the
// ends of the game when finals.
func nightGame(rounds int, dropDan, finals bool) string {
	return namedNight([4]string{"Ann", "Ben", "Cat", "Dan"}, rounds, dropDan, finals)
}

// namedNight is nightGame played by the four players named.
func namedNight(names [4]string, rounds int, dropDan, finals bool) string {
	var rs []string
	for r := range rounds {
		entries := nightRounds[r]
		if dropDan && r == rounds-1 {
			entries[3] = "null"
		}
		rs = append(rs, "["+strings.Join(entries[:], ",")+"]")
	}
	quoted, _ := json.Marshal(names)
	g := `{"version":1,"players":` + string(quoted) + `,"start_player":0,"achievements":["richest","merciless"],"rounds":[` + strings.Join(rs, ",") + `]`
	if finals {
		g += `,"final":[` + strings.Join(nightFinals, ",") + `]`
	}
	return g + "}"
}

// nightPage is one page of the game night: a name for the table and its
// address, on the server of base.
type nightPage struct{ name, base, path string }

// gameNight seeds a server with a four-player game played to its end and
// one still in its last round, starts a second server with a table
// password for the login page, and lists every page a table sees. The
// pages only read: any number of tabs may open them at once.
func gameNight(t *testing.T) []nightPage {
	t.Helper()
	b := startServer(t)
	done := "/games/" + createGame(t, b, nightGame(5, false, true))
	open := "/games/" + createGame(t, b, nightGame(5, true, false))
	deleteGame(t, b, createGame(t, b, nightGame(2, false, false))) // the home page's "Recently deleted"

	st, err := store.Open(filepath.Join(t.TempDir(), "login.db"))
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	log := slog.New(slog.NewTextHandler(&lockedBuffer{}, nil))
	locked := httptest.NewServer(handlers.NewWithOptions(st, log, handlers.Options{Password: "black flag"}))
	t.Cleanup(locked.Close)

	pages := []nightPage{
		{"home", b, "/"},
		{"new-game", b, "/games/new"},
		{"rules", b, "/rules"},
		{"solve", b, "/solve"},
		{"solve-advisor", b, "/solve?cards=H2,H3,H4,K5,S6,X6,AC,SP&players=4&tavern=H5,K6,A2,X2,AP&advise=1"},
		{"check", b, "/check"},
		{"check-claim", b, "/check?players=4&set=SP=H5,H4,H6&set=A1,X7&set=XC*,X2&unused=XQ"},
		{"check-round", b, "/check?players=4&pool=H2,H3,H4,A5,H5,H6,H7&set=H2,H3,H4&set=H5,H6,H7&from=" + done + "/rounds/3"},
		{"players", b, "/players"},
		{"player", b, "/players/Ann"},
		{"rename", b, "/players/Ann/rename"},
		{"card", b, done + "/card"},
		{"export", b, "/export"},
		{"import", b, "/import"},
		{"invite", b, open + "/invite"},
		{"join", b, open + "/join"},
		{"game-playing", b, open},
		{"entry", b, open + "/rounds/5/players/0"},
		{"round-incomplete", b, open + "/rounds/5"},
		{"reveal", b, open + "/rounds/5/reveal"},
		{"delete", b, open + "/delete"},
		{"game-over", b, done},
		{"round-1-warnings", b, done + "/rounds/1"},
		{"round-2", b, done + "/rounds/2"},
		{"round-3", b, done + "/rounds/3"},
		{"round-4", b, done + "/rounds/4"},
		{"round-5", b, done + "/rounds/5"},
		{"final-entry", b, done + "/final/1"},
		{"final", b, done + "/final"},
		{"about", b, done + "/about"},
		{"records", b, "/records"},
		{"login", locked.URL, "/login"},
	}
	return pages
}

// deleteGame deletes a game as the delete page's form does, moving it to
// the trash.
func deleteGame(t *testing.T, base, id string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+"/games/"+id+"/delete", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Origin", base)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("deleting game %s: status %d, want 303", id, resp.StatusCode)
	}
}
