package handlers_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"ruthless/handlers"
	"ruthless/store"
	"ruthless/store/memstore"
)

// TestHandlersOnMemstore: the real app, served over the browser's store,
// answers as it does over SQLite: a new game, entries with their
// versions, a stale version (409), a card entered twice (R4.1, 400), the
// game file and its score, the home page, and a save the browser refused
// to store (503 with Retry-After, nothing kept).
func TestHandlersOnMemstore(t *testing.T) {
	t.Parallel()
	p := memstore.NewMemoryPersister()
	st := openMemstore(t, p)
	srv := httptest.NewServer(handlers.NewWithOptions(st, slog.New(slog.NewTextHandler(io.Discard, nil)), handlers.Options{}))
	t.Cleanup(srv.Close)
	var id string
	steps := []struct {
		name, method, path, body string
		fail                     bool // the persister refuses writes during this step
		wantStatus               int
		wantBody                 string // a piece of the answer
	}{
		{"new game", "POST", "/api/games", `{"version":1,"players":["Ann","Bob"],"achievements":["richest","merciless"],"rounds":[]}`, false, 201, `"id"`},
		{"first entry", "PUT", "/api/games/{id}/rounds/1/entries/0", `{"pool":["H2","H3","H4"],"coins":1,"version":0}`, false, 200, `"version":1`},
		{"stale version", "PUT", "/api/games/{id}/rounds/1/entries/0", `{"pool":["H5"],"coins":1,"version":0}`, false, 409, ``},
		{"same card for another seat (R4.1)", "PUT", "/api/games/{id}/rounds/1/entries/1", `{"pool":["H2"],"coins":0,"version":0}`, false, 400, `R4.1`},
		{"refused by the browser", "PUT", "/api/games/{id}/rounds/1/entries/1", `{"pool":["S5"],"coins":0,"version":0}`, true, 503, ``},
		{"second entry", "PUT", "/api/games/{id}/rounds/1/entries/1", `{"pool":["S5"],"coins":0,"version":0}`, false, 200, `"version":1`},
		{"game file", "GET", "/api/games/{id}", ``, false, 200, `"pool":["H2","H3","H4"]`},
		{"score", "GET", "/api/games/{id}/score", ``, false, 200, `"strength":12`},
		{"home page", "GET", "/", ``, false, 200, `Ann`},
		{"no such game", "GET", "/api/games/nosuchgame", ``, false, 404, ``},
	}
	for _, step := range steps {
		t.Run(step.name, func(t *testing.T) {
			if step.fail {
				p.FailWrites(errors.New("the browser's storage is gone"))
				defer p.FailWrites(nil)
			}
			req, err := http.NewRequest(step.method, srv.URL+strings.ReplaceAll(step.path, "{id}", id), strings.NewReader(step.body))
			if err != nil {
				t.Fatal(err)
			}
			if step.body != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			res, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != step.wantStatus || !strings.Contains(string(body), step.wantBody) {
				t.Fatalf("%s %s = %d %s, want %d with %q", step.method, step.path, res.StatusCode, clipped(body), step.wantStatus, step.wantBody)
			}
			if step.wantStatus == 503 && res.Header.Get("Retry-After") == "" {
				t.Errorf("503 without Retry-After")
			}
			if m := regexp.MustCompile(`"id":"([a-z2-7]+)"`).FindSubmatch(body); step.method == "POST" && m != nil {
				id = string(m[1])
			}
		})
	}
}

// clipped shortens an answer for a message.
func clipped(b []byte) string {
	if len(b) > 300 {
		return fmt.Sprintf("%s… (%d bytes)", b[:300], len(b))
	}
	return string(b)
}

// TestOfflineStorageWords: in the offline build (Options.Offline) a save
// the browser's storage refuses is told as this phone's storage for the
// site, in the API's answer and on the page, never as a server's disk.
func TestOfflineStorageWords(t *testing.T) {
	p := memstore.NewMemoryPersister()
	st := openMemstore(t, p)
	srv := httptest.NewServer(handlers.NewWithOptions(st, slog.New(slog.NewTextHandler(io.Discard, nil)), handlers.Options{Offline: true}))
	t.Cleanup(srv.Close)
	res, err := srv.Client().Post(srv.URL+"/api/games", "application/json",
		strings.NewReader(`{"version":1,"players":["Ann","Bob"],"achievements":["richest","merciless"],"rounds":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	m := regexp.MustCompile(`"id":"([a-z2-7]+)"`).FindSubmatch(body)
	if m == nil {
		t.Fatalf("new game: %d %s", res.StatusCode, clipped(body))
	}
	p.FailWrites(fmt.Errorf("quota exceeded: %w", store.ErrDiskFull))
	defer p.FailWrites(nil)
	for _, accept := range []string{"application/json", "text/html"} {
		req, _ := http.NewRequest("PUT", srv.URL+"/api/games/"+string(m[1])+"/rounds/1/entries/0", strings.NewReader(`{"pool":["S5"],"coins":0,"version":0}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", accept)
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 503 || !strings.Contains(string(got), "this phone's storage for this site") || strings.Contains(string(got), "server") {
			t.Errorf("a refused save (Accept %s) = %d %s, want 503 saying it is this phone's storage and nothing of a server", accept, res.StatusCode, clipped(got))
		}
	}
}

// openMemstore opens the browser's store over persister p, closing it
// when the test ends.
func openMemstore(t testing.TB, p memstore.Persister) *memstore.Store {
	t.Helper()
	s, err := memstore.NewWith(context.Background(), p, memstore.Options{})
	if err != nil {
		t.Fatalf("memstore.NewWith: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}
