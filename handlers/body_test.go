package handlers

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestBodyFailureNeverAnEmpty200: a handler that reads a body, ignores
// its failure and answers nothing still sends its client a 408 (for a
// body that stopped coming) with Connection: close, not net/http's empty
// 200.
func TestBodyFailureNeverAnEmpty200(t *testing.T) {
	t.Parallel()
	a := &app{log: quietLog()}
	for _, tc := range []struct {
		name, path, wantType string
	}{
		{"page", "/games", "text/plain"},
		{"API", "/api/solve", "application/json"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewUnstartedServer(a.logged(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				io.ReadAll(r.Body) // the failure ignored, nothing written
			})))
			srv.Config.ReadTimeout = 200 * time.Millisecond
			srv.Start()
			defer srv.Close()
			conn, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			conn.SetDeadline(time.Now().Add(30 * time.Second)) // a guard, not an assertion
			io.WriteString(conn, "POST "+tc.path+" HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\nabc")
			res, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatalf("no answer (%v), want 408", err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusRequestTimeout || !res.Close || !strings.HasPrefix(res.Header.Get("Content-Type"), tc.wantType) {
				t.Errorf("status %d, close %v, type %q; want 408, close, %s", res.StatusCode, res.Close, res.Header.Get("Content-Type"), tc.wantType)
			}
		})
	}
}
