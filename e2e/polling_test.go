package e2e

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"ruthless/handlers"
	"ruthless/store"
)

// pollingFile is a four-player game in its first round, one seat entered.
const pollingFile = `{"version": 1, "players": ["Ann", "Bob", "Cat", "Dan"], "start_player": 0,
 "achievements": ["richest", "merciless"], "rounds": [[{"pool": ["A2", "A3"], "coins": 0}, null, null, null]]}`

// TestLiveFallsBackToPolling: a game page whose event stream is refused
// (its address holds as many streams as it may) still follows the game,
// by asking the game page every few seconds (static/live.js); and of two
// tabs of one phone on the same game, the first, whose stream the
// second's replaces, follows it the same way.
func TestLiveFallsBackToPolling(t *testing.T) {
	t.Parallel()
	findBrowser(t)
	st, err := store.Open(filepath.Join(t.TempDir(), "polling.db"))
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	logs := &lockedBuffer{}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
	// One stream per address: the browser and this test are both 127.0.0.1.
	opt := handlers.Options{StreamsPerClient: 1}
	closing := endStreamsFirst(&opt)
	srv := httptest.NewServer(handlers.NewWithOptions(st, log, opt))
	t.Cleanup(func() { closeServer(srv, closing) })
	t.Cleanup(func() {
		if s := logs.String(); s != "" {
			t.Errorf("the server logged problems:\n%s", s)
		}
	})
	browser, _ := startBrowser(t)
	dir := shotDir(t)
	id := createGame(t, srv.URL, pollingFile)
	game := "/games/" + id

	// save enters seat's pool, as another phone would.
	save := func(seat int, card string) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPut, fmt.Sprintf("%s/api/games/%s/rounds/1/entries/%d", srv.URL, id, seat),
			strings.NewReader(`{"pool": ["`+card+`"], "coins": 0, "version": 0}`))
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("saving seat %d: %v %v", seat, res, err)
		}
		res.Body.Close()
	}
	// follows waits, past a poll or two, until the page shows n entered.
	follows := func(p phone, n int) {
		p.t.Helper()
		ctx, cancel := context.WithTimeout(p.ctx, 3*stepTimeout())
		defer cancel()
		cond := fmt.Sprintf(`(document.querySelector('[data-testid="entered-count"]') || {}).textContent === "%d of 4 have entered round 1."`, n)
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
			p.fatalf("waiting for the page to show %d of 4 entered: %v", n, err)
		}
	}

	t.Run("refused", func(t *testing.T) {
		// This address's one stream, held by the test.
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+game+"/events", nil)
		held, err := http.DefaultClient.Do(req)
		if err != nil || held.StatusCode != http.StatusOK {
			t.Fatalf("the test's own stream: %v %v", held, err)
		}
		defer held.Body.Close()
		p := newPhone(t, browser, srv.URL, dir, "refused-")
		p.open(game, "game")
		follows(p, 1)
		save(1, "H2")
		follows(p, 2)
		p.landed("game-polled")
	})

	t.Run("replaced", func(t *testing.T) {
		first := newPhone(t, browser, srv.URL, dir, "first-")
		first.open(game, "game")
		second := newPhone(t, browser, srv.URL, dir, "second-")
		second.open(game, "game")
		save(2, "K2")
		follows(second, 3)
		follows(first, 3)
	})
}
