package e2e

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"ruthless/handlers"
	"ruthless/store"
)

// TestServerClosesWithAStreamOpen: a test server closes while a client
// still holds a game's live event stream, as a page left open in the
// browser does (httptest.Server.Close waits for every request in flight:
// without ending the streams first it waited for the browser's deadline).
func TestServerClosesWithAStreamOpen(t *testing.T) {
	t.Parallel()
	st, err := store.Open(filepath.Join(t.TempDir(), "streams.db"))
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	var opt handlers.Options
	closing := endStreamsFirst(&opt)
	srv := httptest.NewServer(handlers.NewWithOptions(st, slog.New(slog.NewTextHandler(&lockedBuffer{}, nil)), opt))
	id := createGame(t, srv.URL, `{"version": 1, "players": ["Ann", "Bob"], "start_player": 0, "rounds": []}`)

	req, err := http.NewRequest(http.MethodGet, srv.URL+"/games/"+id+"/events", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("opening the event stream: %v", err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != http.StatusOK || !strings.HasPrefix(ct, "text/event-stream") {
		t.Fatalf("event stream: status %d, %s; want 200, text/event-stream", resp.StatusCode, ct)
	}

	closed := make(chan struct{})
	go func() {
		closeServer(srv, closing)
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(stepTimeout()):
		t.Fatalf("the server was not closed after %s with an event stream open", stepTimeout())
	}
}
