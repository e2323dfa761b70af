package handlers_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"time"

	"ruthless/scoring"

	"ruthless/handlers"
	"strings"
	"testing"
)

// TestPlayersPaged: a long history's players list is a page of 50 at a
// time with a way on, a search finds one name, and a game saved since is
// counted at once (the list is cached by the history's state, never
// served stale).
func TestPlayersPaged(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, handlers.Options{GamesPerMinute: -1})
	for i := range 60 {
		a.createGame(t, fmt.Sprintf(`{"version":1,"players":["Ann%03d","Bob%03d"],"start_player":0,"rounds":[]}`, i, i))
	}
	first := a.get(t, "/players")
	if n := strings.Count(first.body, `<li data-testid="player-`); n != 50 {
		t.Errorf("page 1 lists %d players, want 50", n)
	}
	if got := textOf(first.body, "players-pager"); !strings.Contains(got, "Page 1 of 3") || !strings.Contains(got, "120 players") {
		t.Errorf("pager %q, want page 1 of 3 and 120 players", got)
	}
	if tag := inputTag(first.body, "players-next"); !strings.Contains(tag, `href="/players?page=2"`) {
		t.Errorf("next link %s, want /players?page=2", tag)
	}
	last := a.get(t, "/players?page=3")
	if n := strings.Count(last.body, `<li data-testid="player-`); n != 20 {
		t.Errorf("page 3 lists %d players, want 20", n)
	}
	for _, page := range []string{"0", "-1", "99", "x"} {
		if r := a.get(t, "/players?page="+page); r.status != 200 {
			t.Errorf("page %s: status %d, want 200", page, r.status)
		}
	}
	found := a.get(t, "/players?q=bob017")
	if n := strings.Count(found.body, `<li data-testid="player-`); n != 1 || !strings.Contains(found.body, `data-testid="player-Bob017"`) {
		t.Errorf("searching bob017 lists %d players, want Bob017 alone", n)
	}
	if r := a.get(t, "/players?q=nobody"); inputTag(r.body, "no-player") == "" {
		t.Error("a search that finds nobody does not say so")
	}
	a.createGame(t, `{"version":1,"players":["Zed","Ann000"],"start_player":0,"rounds":[]}`)
	if r := a.get(t, "/players?q=zed"); !strings.Contains(r.body, `data-testid="player-Zed"`) {
		t.Error("a player of a game created since is not listed")
	}
}

// TestManyGamesTimes measures the pages that read the whole history on a
// large one: RUTHLESS_MEASURE=1 runs it on 50,000 games of two new names
// each (RUTHLESS_GAMES sets the count), stored straight through the store.
// It prints each page's first time and its time when nothing changed.
// It runs alone (no t.Parallel), so that no other test disturbs its times.
func TestManyGamesTimes(t *testing.T) {
	if os.Getenv("RUTHLESS_MEASURE") == "" {
		t.Skip("set RUTHLESS_MEASURE=1 to measure")
	}
	n := 50000
	if v, err := strconv.Atoi(os.Getenv("RUTHLESS_GAMES")); err == nil && v > 0 {
		n = v
	}
	a := newApp(t)
	ctx := context.Background()
	var games []scoring.Game
	for i := range n {
		games = append(games, scoring.Game{Version: 1, Players: []string{fmt.Sprintf("A%d", i), fmt.Sprintf("B%d", i)}})
	}
	for len(games) > 0 {
		k := min(5000, len(games))
		if _, err := a.store.ImportGames(ctx, games[:k]); err != nil {
			t.Fatal(err)
		}
		games = games[k:]
	}
	for _, p := range []string{"/players", "/players", "/players?page=100", "/", "/export/games.json"} {
		start := time.Now()
		r := a.get(t, p)
		t.Logf("%-20s %d  %9d bytes  %v", p, r.status, len(r.body), time.Since(start).Round(time.Millisecond))
	}
}

// TestHistoryPagesOverBudget: a page that reads the whole history and
// cannot finish within its budget says so, 503 with Retry-After and a
// message, never a page its client has stopped waiting for.
func TestHistoryPagesOverBudget(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, handlers.Options{PageBudget: time.Nanosecond})
	a.createGame(t, fourSeatGame(5))
	for _, path := range []string{"/players", "/players/Anna", "/export/results.csv"} {
		r := a.get(t, path)
		if r.status != http.StatusServiceUnavailable || r.header.Get("Retry-After") == "" {
			t.Errorf("%s over its budget: status %d, Retry-After %q; want 503 with Retry-After", path, r.status, r.header.Get("Retry-After"))
		}
		if !strings.Contains(r.body, "longer than one page may") {
			t.Errorf("%s over its budget does not say why", path)
		}
	}
}
