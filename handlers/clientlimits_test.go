package handlers_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"ruthless/handlers"
)

// TestPerClientCountsIPv6By64: every per-client limit counts an IPv6
// client by its /64, as logins do: 30 addresses of one /64 made 29 games
// where one client may make 10; now they make 10, while another /64 is
// not held up.
func TestPerClientCountsIPv6By64(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	create := func(client string) int {
		req := httptest.NewRequest(http.MethodPost, "/api/games", strings.NewReader(`{"version":1,"players":["Ann","Bob"]}`))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = client
		return a.do(t, req).status
	}
	made := 0
	for i := range 30 {
		if create(fmt.Sprintf("[2001:db8:7:7::%x]:443", i+1)) == http.StatusCreated {
			made++
		}
	}
	if made != 10 {
		t.Errorf("30 addresses of one /64 made %d games, want 10 (one client's burst)", made)
	}
	if got := create("[2001:db8:7:8::1]:443"); got != http.StatusCreated {
		t.Errorf("another /64: status %d, want 201", got)
	}
}

// TestRequestRate: a client flooding the server is refused with 429 and
// Retry-After once past its rate, pages and API alike, while another
// client is served; 0 turns the limit off.
func TestRequestRate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		perMinute int
		want429   bool
	}{
		{"60 a minute", 60, true},
		{"off", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newAppWith(t, handlers.Options{RequestsPerMinute: tt.perMinute})
			get := func(path, client string) response {
				req := httptest.NewRequest(http.MethodGet, path, nil)
				req.RemoteAddr = client
				return a.do(t, req)
			}
			refused := 0
			var last response
			for i := range 40 {
				path := "/rules"
				if i%2 == 1 {
					path = "/api/games/none"
				}
				if res := get(path, "192.0.2.50:1000"); res.status == http.StatusTooManyRequests {
					refused++
					last = res
				}
			}
			if got := refused > 0; got != tt.want429 {
				t.Fatalf("%d of 40 refused; want refusals: %v", refused, tt.want429)
			}
			if tt.want429 {
				if refused != 40-12 || last.header.Get("Retry-After") == "" {
					t.Errorf("%d refused (want 28: a burst of 12 goes), Retry-After %q", refused, last.header.Get("Retry-After"))
				}
				if res := get("/rules", "192.0.2.51:1000"); res.status != http.StatusOK {
					t.Errorf("another client: status %d, want 200", res.status)
				}
				if res := get("/healthz", "192.0.2.50:1000"); res.status == http.StatusTooManyRequests {
					t.Errorf("/healthz was refused to the flooding client")
				}
			}
		})
	}
}

// TestImportVolume: the games imported an hour are bounded for all
// clients together, so rotating addresses cannot grow the history
// without end: past the bound an import is refused whole (429 with
// Retry-After), storing nothing.
func TestImportVolume(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, handlers.Options{ImportedGamesPerHour: 5})
	tests := []struct {
		name, client, tag string
		want              int
	}{
		{"three games", "192.0.2.60", "a", http.StatusSeeOther},
		{"three more from another address", "192.0.2.61", "b", http.StatusTooManyRequests},
		{"two more", "192.0.2.62", "c", http.StatusSeeOther},
	}
	for _, tt := range tests {
		n := 3
		if tt.tag == "c" {
			n = 2
		}
		res := uploadFrom(t, a, tt.client, "h.json", historyFile(tt.tag, n))
		if res.status != tt.want {
			t.Errorf("%s: status %d, want %d", tt.name, res.status, tt.want)
		}
		if tt.want == http.StatusTooManyRequests && res.header.Get("Retry-After") == "" {
			t.Errorf("%s: no Retry-After", tt.name)
		}
	}
	games, _ := a.store.Games(t.Context())
	if len(games) != 5 {
		t.Errorf("games stored: %d, want 5", len(games))
	}
}
