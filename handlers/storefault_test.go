package handlers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"ruthless/handlers"
	"ruthless/scoring"
	"ruthless/store"
)

// syncBuffer is a log the server writes while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestStorageFaultsAnswer503: when the database is read-only or the disk
// full (made so by SQLite itself, on a real file), a save answers 503
// with Retry-After and a message saying so, to the API and on the page,
// never the 500 of a bug; reading goes on. The store tells the fault's
// start once (Options.OnFault, which the server logs), however many
// saves it refuses, and the handlers log no line per refused save.
func TestStorageFaultsAnswer503(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		opt     store.Options
		message string // on the page; the API says it in lower case
		kind    string // the fault the store tells (OnFault)
		entries bool   // a round entry is refused too (a full disk may still fit one)
	}{
		{"read-only", store.Options{ReadOnly: true}, "The server cannot save: its database is read-only.", "writable", true},
		{"disk full", store.Options{MaxPages: 1}, "The server cannot save: its disk is full.", "disk_space", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "fault.db")
			st, err := store.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			g, err := scoring.DecodeGame(strings.NewReader(threePlayers))
			if err != nil {
				t.Fatal(err)
			}
			id, err := st.CreateGame(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			st.Close()
			var changes []store.FaultChange
			var mu sync.Mutex
			tc.opt.OnFault = func(c store.FaultChange) {
				mu.Lock()
				changes = append(changes, c)
				mu.Unlock()
			}
			st, err = store.OpenWith(path, tc.opt)
			if err != nil {
				t.Fatalf("OpenWith: %v", err)
			}
			defer st.Close()
			var log syncBuffer
			a := &app{h: handlers.NewWithOptions(st, slog.New(slog.NewTextHandler(&log, nil)), handlers.Options{GamesPerMinute: -1}), store: st}

			apiWant := strings.TrimSuffix(strings.ToLower(tc.message[:1])+tc.message[1:], ".")
			checkAPI := func(t *testing.T, what string, res response) {
				t.Helper()
				if res.status != http.StatusServiceUnavailable || res.header.Get("Retry-After") == "" {
					t.Fatalf("%s: status %d, Retry-After %q; want 503 with Retry-After; body %.300s", what, res.status, res.header.Get("Retry-After"), res.body)
				}
				var e struct{ Error string }
				if err := json.Unmarshal([]byte(res.body), &e); err != nil || e.Error != apiWant {
					t.Errorf("%s: body %s, want the error %q", what, res.body, apiWant)
				}
			}
			checkPage := func(t *testing.T, what string, res response) {
				t.Helper()
				if res.status != http.StatusServiceUnavailable || res.header.Get("Retry-After") == "" {
					t.Fatalf("%s: status %d, Retry-After %q; want 503 with Retry-After", what, res.status, res.header.Get("Retry-After"))
				}
				if msg, _ := testid(res.body, "error-message"); !strings.HasPrefix(msg, tc.message) {
					t.Errorf("%s: the page says %q, want %q", what, msg, tc.message)
				}
			}

			// New games until one does not fit (at once when read-only).
			var res response
			for i := 0; i < 2000; i++ {
				if res = a.sendJSON(t, http.MethodPost, "/api/games", threePlayers); res.status != http.StatusCreated {
					break
				}
			}
			checkAPI(t, "POST /api/games", res)
			form := url.Values{"player": {"Lucy", "Craig", "Julie"}, "start": {"0"}, "achievement": {"richest", "merciless"}}
			for i := 0; i < 2000; i++ {
				if res = a.postForm(t, "/games", form); res.status != http.StatusSeeOther {
					break
				}
			}
			checkPage(t, "POST /games", res)
			if tc.entries {
				checkAPI(t, "PUT entry", a.sendJSON(t, http.MethodPut, "/api/games/"+id+"/rounds/2/entries/0", `{"pool":["H2"],"coins":0,"version":0}`))
				checkPage(t, "POST entry form", a.postForm(t, "/games/"+id+"/rounds/2/players/0", url.Values{"card": {"H2"}, "coins": {"0"}}))
			}
			if res := a.get(t, "/games/"+id); res.status != http.StatusOK {
				t.Errorf("GET the game: status %d, want 200", res.status)
			}
			if logged := log.String(); strings.Contains(logged, "level=ERROR") {
				t.Errorf("the handlers log refused saves one by one:\n%s", logged)
			}
			mu.Lock()
			defer mu.Unlock()
			if len(changes) != 1 || changes[0].Kind != tc.kind || changes[0].Cleared || changes[0].Reason == "" {
				t.Errorf("the store told %+v, want the start of one %q fault, once", changes, tc.kind)
			}
		})
	}
}
