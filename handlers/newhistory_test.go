package handlers_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"ruthless/handlers"
)

// TestOneCapForNewHistory: issue 44 item 3. Games made through POST
// /api/games (and the new-game form) count toward the same hourly cap as
// imports: from many addresses, each far under its own allowance, the
// API stores no more than the cap, past it answers 429 with Retry-After
// and the hourly message, and an import afterwards finds the cap spent.
func TestOneCapForNewHistory(t *testing.T) {
	const perHour = 12
	a := newAppWith(t, handlers.Options{ImportedGamesPerHour: perHour})
	created, refused := 0, 0
	for i := range 30 {
		body := fmt.Sprintf(`{"version": 1, "players": ["Ann %d", "Bob", "Cy"]}`, i)
		req := httptest.NewRequest(http.MethodPost, "/api/games", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = fmt.Sprintf("198.51.100.%d:40000", i+1)
		res := a.do(t, req)
		switch res.status {
		case http.StatusCreated:
			created++
		case http.StatusTooManyRequests:
			refused++
			if res.header.Get("Retry-After") == "" || !strings.Contains(res.body, "new games an hour, from everyone together") {
				t.Errorf("address %d: 429 without Retry-After or the hourly message: %s", i+1, res.body)
			}
		default:
			t.Errorf("address %d: status %d: %s", i+1, res.status, res.body)
		}
	}
	if created != perHour || refused != 30-perHour {
		t.Errorf("created %d, refused %d; want %d and %d", created, refused, perHour, 30-perHour)
	}
	if res := uploadFrom(t, a, "198.51.100.200", "h.json", historyFile("z", 1)); res.status != http.StatusTooManyRequests {
		t.Errorf("an import after the API spent the hour's cap: status %d, want 429", res.status)
	}
	games, _ := a.store.Games(t.Context())
	if len(games) != perHour {
		t.Errorf("games stored: %d, want %d", len(games), perHour)
	}
}
