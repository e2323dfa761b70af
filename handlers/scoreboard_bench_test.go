package handlers_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkScoreboard is one scoreboard request of a game two rounds in,
// through the whole handler (proxy, log, limits, host and cross-origin
// checks, gzip, router), as a phone asks for it: its profile is quoted in
// docs/measurements.md (issue 44 item 9).
func BenchmarkScoreboard(b *testing.B) {
	a := newApp(b)
	id := a.createGame(b, roundTwoFile)
	req := httptest.NewRequest(http.MethodGet, "/games/"+id, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	for b.Loop() {
		rec := httptest.NewRecorder()
		a.h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d", rec.Code)
		}
	}
}
