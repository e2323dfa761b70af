package handlers_test

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestSlowBodyAnswers408 sends the headers of a request and then only
// part of its body, and stalls, against a real http.Server whose
// ReadTimeout is short: the server gives up reading the body, and the
// client must hear 408 with Connection: close (nothing was saved), never
// the empty 200 of a handler that mistook the timeout for a client that
// had gone.
func TestSlowBodyAnswers408(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, threePlayers)
	srv := httptest.NewUnstartedServer(a.h)
	srv.Config.ReadTimeout = 300 * time.Millisecond
	srv.Start()
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")

	tests := []struct {
		name, method, path, contentType, partial string
		api                                      bool
	}{
		{"PUT entry", "PUT", "/api/games/" + id + "/rounds/2/entries/0", "application/json", `{"pool":["H2"],`, true},
		{"POST solve", "POST", "/api/solve", "application/json", `{"cards":["H2",`, true},
		{"form POST entry", "POST", "/games/" + id + "/rounds/2/players/0", "application/x-www-form-urlencoded", "card=H2&coins=", false},
		{"form POST new game", "POST", "/games", "application/x-www-form-urlencoded", "player=Lucy&", false},
		{"import upload", "POST", "/import", "multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"g.json\"\r\n\r\n{", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", host)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			// Only a guard against a hung test, not a timing assertion.
			conn.SetDeadline(time.Now().Add(30 * time.Second))
			req := tc.method + " " + tc.path + " HTTP/1.1\r\nHost: " + host +
				"\r\nContent-Type: " + tc.contentType + "\r\nContent-Length: 200\r\n\r\n" + tc.partial
			if _, err := io.WriteString(conn, req); err != nil {
				t.Fatal(err)
			}
			// The rest of the body never comes.
			res, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatalf("no answer (%v), want 408", err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusRequestTimeout {
				t.Fatalf("status %d, want 408; body %q", res.StatusCode, body)
			}
			if !res.Close {
				t.Errorf("Connection: close missing (header %q)", res.Header.Get("Connection"))
			}
			if tc.api {
				var e struct{ Error, Field string }
				if err := json.Unmarshal(body, &e); err != nil || !strings.Contains(e.Error, "did not arrive in time") {
					t.Errorf("body %q, want JSON saying the body did not arrive in time (%v)", body, err)
				}
				return
			}
			if msg, _ := testid(string(body), "error-message"); !strings.Contains(msg, "did not arrive in time") {
				t.Errorf("page says %q, want it to say the form did not arrive in time", msg)
			}
		})
	}
	if got := a.get(t, "/api/games/"+id); strings.Contains(got.body, `"rounds":[[{"pool":["H2","H3","A4","S6","K6"],"coins":3},{"pool":["S1","S7","SP"],"coins":1},{"pool":["HQ","S5"],"coins":0}],[`) {
		t.Errorf("a body that never arrived saved a round 2: %s", got.body)
	}
}
