package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"ruthless/scoring"
	"ruthless/store"
)

// hostGameFile is a game in progress, its names easy to spot in a body.
const hostGameFile = `{"version":1,"players":["Lucy","Craig","Julie"],"start_player":0,
 "achievements":["richest","merciless"],"zero_counts":false,"rounds":[
 [{"pool":["H2","H3","A4","S6","K6"],"coins":3},{"pool":["S1","S7","SP"],"coins":1},{"pool":["HQ","S5"],"coins":0}]]}`

// hostStore is a real store in a temporary directory.
func hostStore(t testing.TB) *store.Store {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// hostGame stores hostGameFile and returns its id.
func hostGame(t testing.TB, st *store.Store) string {
	t.Helper()
	g, err := scoring.DecodeGame(strings.NewReader(hostGameFile))
	if err != nil {
		t.Fatalf("DecodeGame: %v", err)
	}
	id, err := st.CreateGame(context.Background(), g)
	if err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	return id
}

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// noFollow is a client that reports redirects instead of following them.
var noFollow = &http.Client{
	Timeout:       10 * time.Second,
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// TestDNSRebinding sends what a page on another site gets a player's
// browser to send once that site's name points at this server: a delete
// with the site's own name in Host and Origin, marked same-origin. The
// server must refuse it (421) and keep the game, and must do the very
// same request for a name it was given with -host, or for its loopback
// names and addresses, whatever the port.
func TestDNSRebinding(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		hosts   []string // Options.Hosts (-host)
		host    string   // Host header; PORT is the server's port
		status  int
		deleted bool
	}{
		{name: "rebound name", host: "rebind.evil.example:PORT", status: http.StatusMisdirectedRequest},
		{name: "rebound name, other port", host: "rebind.evil.example:80", status: http.StatusMisdirectedRequest},
		{name: "rebound name, no port", host: "rebind.evil.example", status: http.StatusMisdirectedRequest},
		{name: "a known name's subdomain", hosts: []string{"ship.example"}, host: "evil.ship.example:PORT", status: http.StatusMisdirectedRequest},
		{name: "an address that is not the machine's", host: "203.0.113.7:PORT", status: http.StatusMisdirectedRequest},
		{name: "name given with -host", hosts: []string{"rebind.evil.example"}, host: "rebind.evil.example:PORT", status: http.StatusSeeOther, deleted: true},
		{name: "-host in capitals with a port, Host with a trailing dot", hosts: []string{"Rebind.Evil.Example:9999"}, host: "rebind.evil.example.:PORT", status: http.StatusSeeOther, deleted: true},
		{name: "localhost", host: "localhost:PORT", status: http.StatusSeeOther, deleted: true},
		{name: "127.0.0.1", host: "127.0.0.1:PORT", status: http.StatusSeeOther, deleted: true},
		{name: "another loopback address, another port", host: "127.3.4.5:1", status: http.StatusSeeOther, deleted: true},
		{name: "IPv6 loopback", host: "[::1]:PORT", status: http.StatusSeeOther, deleted: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := hostStore(t)
			srv := httptest.NewServer(NewWithOptions(st, quietLog(), Options{Hosts: tc.hosts}))
			defer srv.Close()
			_, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
			host := strings.ReplaceAll(tc.host, "PORT", port)
			id := hostGame(t, st)

			req, _ := http.NewRequest(http.MethodPost, srv.URL+"/games/"+id+"/delete", strings.NewReader(""))
			req.Host = host
			req.Header.Set("Origin", "http://"+host)
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			res, err := noFollow.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != tc.status {
				t.Errorf("status %d, want %d; body %q", res.StatusCode, tc.status, body)
			}
			_, err = st.Game(context.Background(), id)
			if deleted := errors.Is(err, store.ErrNotFound); deleted != tc.deleted {
				t.Errorf("game deleted: %v, want %v (err %v)", deleted, tc.deleted, err)
			}
			if tc.status == http.StatusMisdirectedRequest && !strings.Contains(string(body), "-host") {
				t.Errorf("the refusal %q does not say how to allow the name (-host)", body)
			}
		})
	}
}

// TestHostCheckAnswers looks at the refusals themselves: JSON for the API,
// text for pages, both 421, and no game data in either.
func TestHostCheckAnswers(t *testing.T) {
	t.Parallel()
	st := hostStore(t)
	srv := httptest.NewServer(NewWithOptions(st, quietLog(), Options{}))
	defer srv.Close()
	id := hostGame(t, st)
	tests := []struct {
		path        string
		contentType string
	}{
		{"/api/games/" + id, "application/json; charset=utf-8"},
		{"/games/" + id, "text/plain; charset=utf-8"},
		{"/static/app.css", "text/plain; charset=utf-8"},
		{"/login", "text/plain; charset=utf-8"},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodGet, srv.URL+tc.path, nil)
			req.Host = "rebind.evil.example"
			res, err := noFollow.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusMisdirectedRequest {
				t.Errorf("status %d, want 421", res.StatusCode)
			}
			if got := res.Header.Get("Content-Type"); got != tc.contentType {
				t.Errorf("Content-Type %q, want %q", got, tc.contentType)
			}
			if strings.Contains(string(body), "Lucy") {
				t.Errorf("the refusal shows the game: %q", body)
			}
			if strings.HasPrefix(tc.path, "/api/") {
				var e struct {
					Error string `json:"error"`
					Field *string
				}
				if err := json.Unmarshal(body, &e); err != nil || !strings.Contains(e.Error, `"rebind.evil.example"`) || e.Field == nil || *e.Field != "" {
					t.Errorf("body %s: want {\"error\": naming the host, \"field\": \"\"} (%v)", body, err)
				}
			}
		})
	}
}
