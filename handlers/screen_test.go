package handlers_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"ruthless/handlers"
	"ruthless/static"
)

// screenNames are four players in four scripts, one of them long: the
// big screen must show them all, isolated, at the sizes a TV needs.
var screenNames = []string{"Maximilianus Aurelius Valerius the Third", "Анастасия Ковалевская", "欧阳晓明", "سارة القحطاني"}

// screenRounds are five rounds of a four-player game. From round 3
// (Piracy) seats 0 and 1 both make 16: seat 0 is placed first by its
// unused Queen (R2.5), so every such round has a tie line.
var screenRounds = []string{
	`[{"pool":["H2","H3","H4"],"coins":1},{"pool":["A2","A3","A4"],"coins":1},{"pool":["S5","S6"],"coins":0},{"pool":["X1","X2","X3"],"coins":2}]`,
	`[{"pool":["H2","H3","H4","H5"],"coins":1},{"pool":["A2","A3","A4","A5"],"coins":1},{"pool":["S5","S6","S7"],"coins":0},{"pool":["X1","X2","X3"],"coins":2}]`,
	`[{"pool":["H2","H3","H4","H5","HQ"],"coins":1},{"pool":["A2","A3","A4","A5"],"coins":1},{"pool":["S5","S6","S7"],"coins":0},{"pool":["X1","X2","X3"],"coins":2}]`,
	`[{"pool":["H2","H3","H4","H5","HQ"],"coins":1},{"pool":["A2","A3","A4","A5"],"coins":1},{"pool":["S5","S6","S7"],"coins":0},{"pool":["X1","X2","X3"],"coins":2}]`,
	`[{"pool":["H2","H3","H4","H5","HQ"],"coins":1},{"pool":["A2","A3","A4","A5"],"coins":1},{"pool":["S5","S6","S7"],"coins":0},{"pool":["X1","X2","X3"],"coins":2}]`,
}

const screenFinal = `[
 {"pirates":["H2","H3","H4","H5","HQ"],"buried_pirates":[],"buried_powder_monkeys":1,"loot_banner_kept":9,"loot_banner_buried":0,"coins":1,"parley_used":false},
 {"pirates":["A2","A3","A4","A5"],"buried_pirates":[],"buried_powder_monkeys":2,"loot_banner_kept":3,"loot_banner_buried":1,"coins":1,"parley_used":true},
 {"pirates":["S5","S6","S7"],"buried_pirates":[],"buried_powder_monkeys":0,"loot_banner_kept":4,"loot_banner_buried":0,"coins":0,"parley_used":true},
 {"pirates":["X1","X2","X3"],"buried_pirates":[],"buried_powder_monkeys":0,"loot_banner_kept":2,"loot_banner_buried":0,"coins":2,"parley_used":true}]`

// screenGame is the game file of screenNames with its first rounds
// played, and the end of the game when final is not "".
func screenGame(rounds int, final string) string {
	f := fmt.Sprintf(`{"version":1,"players":["%s"],"start_player":0,"rounds":[%s]`,
		strings.Join(screenNames, `","`), strings.Join(screenRounds[:rounds], ","))
	if final != "" {
		f += `,"final":` + final
	}
	return f + "}"
}

func screenPage(t *testing.T, a *app, id string) string {
	t.Helper()
	res := a.get(t, "/games/"+id+"/screen")
	if res.status != http.StatusOK {
		t.Fatalf("GET screen: status %d; %.500s", res.status, res.body)
	}
	return res.body
}

// TestScreenBeforeAnyRound: the big screen of a game just made shows
// every player by name with no NP yet, round 1 being entered by nobody,
// the join QR code (no seat has a phone), and is dark whatever the
// system's scheme, with no top bar.
func TestScreenBeforeAnyRound(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, screenGame(0, ""))
	body := screenPage(t, a, id)
	if !strings.Contains(body, `<html lang="en" class="screen">`) || !strings.Contains(body, `name="color-scheme" content="dark"`) {
		t.Errorf("the screen is not dark by default: %.400s", body)
	}
	if strings.Contains(body, `class="top"`) {
		t.Errorf("the screen has the top bar")
	}
	for i, name := range screenNames {
		if got, _ := testid(body, fmt.Sprintf("screen-name-%d", i)); got != name {
			t.Errorf("name %d: %q, want %q", i, got, name)
		}
		if !strings.Contains(body, `data-testid="screen-name-`+fmt.Sprint(i)+`">`+name+`</bdi>`) {
			t.Errorf("name %d is not isolated in a <bdi>", i)
		}
		if got, _ := testid(body, fmt.Sprintf("screen-np-%d", i)); got != "0" {
			t.Errorf("NP %d: %q, want 0", i, got)
		}
		if !strings.Contains(body, fmt.Sprintf(`data-testid="screen-entered-%d" data-entered="false"`, i)) {
			t.Errorf("seat %d is not shown as still entering", i)
		}
	}
	if got := textOf(body, "screen-status"); got != "Round 1 of 5 · 0 of 4 entered" {
		t.Errorf("status %q", got)
	}
	if !strings.Contains(body, `data-testid="screen-qr"`) || !strings.Contains(body, `src="/games/`+id+`/invite.png"`) {
		t.Errorf("no join QR code while no seat has a phone")
	}
	if strings.Contains(body, `data-testid="screen-latest"`) || strings.Contains(body, `data-testid="screen-final"`) {
		t.Errorf("results or final scores before any round")
	}
	// The page follows the game: the stream, and no moving on.
	for _, want := range []string{`data-live="/games/` + id + `/events"`, `data-swap="main"`, `data-stay="true"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the screen's live part lacks %s", want)
		}
	}
}

// TestScreenRoundHalfEntered: as entries arrive, the screen ticks those
// who have entered and counts them; the others are still entering.
func TestScreenRoundHalfEntered(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, screenGame(2, ""))
	for p, pool := range []string{`["H2","H3","H4","H5"]`, `["A2","A3","A4","A5"]`} {
		res := a.sendJSON(t, http.MethodPut, fmt.Sprintf("/api/games/%s/rounds/3/entries/%d", id, p), `{"pool":`+pool+`,"coins":1,"version":0}`)
		if res.status != http.StatusOK {
			t.Fatalf("PUT entry %d: %d %s", p, res.status, res.body)
		}
	}
	body := screenPage(t, a, id)
	if got := textOf(body, "screen-status"); got != "Round 3 of 5 · 2 of 4 entered" {
		t.Errorf("status %q", got)
	}
	for p, want := range []bool{true, true, false, false} {
		if !strings.Contains(body, fmt.Sprintf(`data-testid="screen-entered-%d" data-entered="%t"`, p, want)) {
			t.Errorf("seat %d: entered should be %t", p, want)
		}
	}
	if got := textOf(body, "screen-start"); got != screenNames[2]+" starts this round" {
		t.Errorf("start player line %q", got)
	}
	// Round 2's results stay up while round 3 is entered; Port rounds
	// gave every party of 4+ one NP.
	if got := textOf(body, "screen-latest"); !strings.HasPrefix(got, "Round 2 · Port round") {
		t.Errorf("latest results %q, want round 2's", got)
	}
	if got := textOf(body, "screen-cell-2-0"); got != "+1" {
		t.Errorf("round 2, seat 0: %q, want +1", got)
	}
	if got, _ := testid(body, "screen-np-0"); got != "2" {
		t.Errorf("seat 0's NP %q, want 2", got)
	}
}

// TestScreenResultsIn: once a Piracy round is scored the screen shows its
// parties best first with their cards, places and tokens, and the tie
// line that placed seat 1 behind seat 0.
func TestScreenResultsIn(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, screenGame(3, ""))
	body := screenPage(t, a, id)
	latest := innerHTML(body, "screen-latest")
	if !strings.Contains(textOf(body, "screen-latest"), "Round 3 · Piracy round") {
		t.Fatalf("latest results: %q", textOf(body, "screen-latest"))
	}
	first, second := strings.Index(latest, `screen-party-0"`), strings.Index(latest, `screen-party-1"`)
	if first < 0 || second < 0 || first > second {
		t.Errorf("parties not best first (seat 0 at %d, seat 1 at %d)", first, second)
	}
	if got := textOf(body, "screen-prize-0"); got != "1st · +6 NP" {
		t.Errorf("seat 0's token %q", got)
	}
	if got := textOf(body, "screen-prize-1"); got != "2nd · +3 NP" {
		t.Errorf("seat 1's token %q", got)
	}
	if got := textOf(body, "screen-strength-1"); got != "16" {
		t.Errorf("seat 1's strength %q", got)
	}
	if !strings.Contains(innerHTML(body, "screen-party-0"), `class="face sH"`) {
		t.Errorf("seat 0's party has no cards drawn")
	}
	tie := textOf(body, "screen-tie")
	if !strings.Contains(tie, "Tie") || !strings.Contains(tie, "unused") {
		t.Errorf("tie line %q, want the unused pirates that decided it", tie)
	}
	if got := textOf(body, "screen-cell-3-0"); got != "+6" {
		t.Errorf("round 3, seat 0: %q, want +6", got)
	}
	if got := textOf(body, "screen-status"); got != "Round 4 of 5 · 0 of 4 entered" {
		t.Errorf("status %q", got)
	}
}

// TestScreenEndOfGame: with every round in, the screen counts the
// end-of-game entries; with them all in, it celebrates the winner and
// shows how each NP adds up, and the QR code is gone.
func TestScreenEndOfGame(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, screenGame(5, ""))
	body := screenPage(t, a, id)
	if got := textOf(body, "screen-status"); got != "End of game · 0 of 4 entered" {
		t.Errorf("status %q", got)
	}
	if !strings.Contains(body, `data-testid="screen-cell-end-3"`) {
		t.Errorf("no end-of-game column")
	}

	id = a.createGame(t, screenGame(5, screenFinal))
	body = screenPage(t, a, id)
	if got := textOf(body, "screen-status"); got != "Final scores" {
		t.Errorf("status %q", got)
	}
	if !strings.Contains(body, `data-testid="celebration"`) {
		t.Errorf("no celebration")
	}
	if got := textOf(body, "winner"); !strings.Contains(got, screenNames[0]) || !strings.Contains(got, "wins") {
		t.Errorf("winner line %q", got)
	}
	if got := textOf(body, "screen-total-0"); !strings.Contains(got, "prizes") {
		t.Errorf("seat 0's sum %q", got)
	}
	if strings.Contains(body, `data-testid="screen-qr"`) {
		t.Errorf("the join QR code is still shown after the game")
	}
	if got, _ := testid(body, "place-0"); got != "" {
		t.Errorf("stray scoreboard markup: %q", got)
	}
	if got, _ := testid(body, "screen-place-0"); strings.TrimSpace(got) != "1st" {
		t.Errorf("seat 0's place %q, want 1st", got)
	}
}

// TestScreenQRGoesWhenEverySeatIsHeld: the join QR code is up until
// every seat is on a phone.
func TestScreenQRGoesWhenEverySeatIsHeld(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, screenGame(0, ""))
	for p := range screenNames {
		if !strings.Contains(screenPage(t, a, id), `data-testid="screen-qr"`) {
			t.Fatalf("no QR code with %d seats held", p)
		}
		redirect(t, a.postForm(t, "/games/"+id+"/join", url.Values{"seat": {fmt.Sprint(p)}}))
	}
	if strings.Contains(screenPage(t, a, id), `data-testid="screen-qr"`) {
		t.Errorf("the QR code is still up with every seat held")
	}
}

// TestScreenBehindThePassword: a locked table's screen sends to the
// login, like every page.
func TestScreenBehindThePassword(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, handlers.Options{Password: "black flag"})
	res := a.get(t, "/games/abcdefgh/screen")
	if got := redirect(t, res); got != "/login?next="+url.QueryEscape("/games/abcdefgh/screen") {
		t.Errorf("redirect to %q, want the login", got)
	}
}

// TestScreenLinkOnWideScoreboards: the scoreboard links to the big
// screen, a link the stylesheet shows only on wide screens.
func TestScreenLinkOnWideScoreboards(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, screenGame(1, ""))
	body := a.get(t, "/games/"+id).body
	if !strings.Contains(body, `class="btn small screenlink" href="/games/`+id+`/screen" data-testid="screen-link"`) {
		t.Errorf("no link to the big screen on the scoreboard")
	}
	css := a.get(t, static.Path("app.css")).body
	if !strings.Contains(css, ".screenlink { display: none; }") || !strings.Contains(css, "@media (min-width: 900px) { .screenlink { display: inline-flex; } }") {
		t.Errorf("the big screen's link is not hidden on narrow screens")
	}
}
