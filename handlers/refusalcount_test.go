package handlers_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"ruthless/handlers"
)

// TestMetricsCountEveryRefusal: issue 44 item 7. Requests refused before
// the router (429 of the request rate, 421 of the host check, 403 of the
// cross-origin check, 413 of the body limit) are counted in /metrics,
// under the route "before routing", as many as were sent.
func TestMetricsCountEveryRefusal(t *testing.T) {
	a := newAppWith(t, handlers.Options{Metrics: handlers.NewMetrics(), RequestsPerMinute: 5})
	send := func(client string, req *http.Request) int {
		req.RemoteAddr = client + ":1234"
		return a.do(t, req).status
	}
	counts := map[int]int{}
	for range 8 { // a burst of 1 (5 a minute, a fifth at once), then 429s
		counts[send("192.0.2.90", httptest.NewRequest(http.MethodGet, "/rules", nil))]++
	}
	misdirected := httptest.NewRequest(http.MethodGet, "/", nil)
	misdirected.Host = "evil.example"
	// As if through a connection: only those are checked (host.go).
	misdirected = misdirected.WithContext(context.WithValue(misdirected.Context(), http.LocalAddrContextKey, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}))
	counts[send("192.0.2.91", misdirected)]++
	cross := httptest.NewRequest(http.MethodPost, "/games", strings.NewReader("player=A"))
	cross.Header.Set("Sec-Fetch-Site", "cross-site")
	cross.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	counts[send("192.0.2.92", cross)]++
	big := httptest.NewRequest(http.MethodPost, "/api/score", strings.NewReader(strings.Repeat("x", 70_000)))
	big.Header.Set("Content-Type", "application/json")
	counts[send("192.0.2.93", big)]++
	for _, status := range []int{http.StatusTooManyRequests, http.StatusMisdirectedRequest, http.StatusForbidden, http.StatusRequestEntityTooLarge} {
		if counts[status] == 0 {
			t.Fatalf("no %d among the answers %v: the test sends nothing the server refuses so", status, counts)
		}
	}
	metrics := a.do(t, httptest.NewRequest(http.MethodGet, "/metrics", nil)).body
	for status, n := range map[int]int{429: counts[429], 421: 1, 403: 1, 413: 1} {
		line := `ruthless_http_requests_total{route="before routing",status="` + strconv.Itoa(status) + `"} ` + strconv.Itoa(n)
		if !strings.Contains(metrics, line) {
			t.Errorf("/metrics has no %q", line)
		}
	}
}
