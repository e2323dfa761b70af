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
	benchmarkPage(b, a.h, req)
}

// benchmarkPage asks h for req over and over, each answer a 200, with
// the allocations reported: the page benchmarks' loop.
func benchmarkPage(b *testing.B, h http.Handler, req *http.Request) {
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d: %.300s", rec.Code, rec.Body)
		}
	}
}
