package edge

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestAccessLog: one line per request with its id (also sent back), the
// status the client got (200 for a handler that wrote nothing, though
// Ended is told 0), the client, and no query string; Quiet lowers the
// line to DEBUG.
func TestAccessLog(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	var ended []int
	al := AccessLog{
		Log:   slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Quiet: func(r *http.Request, status int) bool { return r.URL.Path == "/quiet" },
		Ended: func(r *http.Request, status int) { ended = append(ended, status) },
	}
	h := al.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		Logger(r.Context(), nil).Info("inside")
		if r.URL.Path == "/made" {
			w.WriteHeader(http.StatusCreated)
		}
	}))
	for _, tc := range []struct {
		path, status, level string
		ended               int
	}{
		{"/made?secret=Bartholomew", "201", "INFO", 201},
		{"/nothing", "200", "INFO", 0},
		{"/quiet", "200", "DEBUG", 0},
	} {
		out.Reset()
		ended = nil
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tc.path, nil))
		id := rec.Header().Get("X-Request-ID")
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(id) != 12 || len(lines) != 2 {
			t.Fatalf("GET %s: id %q, %d lines; want a 12-character id and 2 lines:\n%s", tc.path, id, len(lines), out.String())
		}
		for _, line := range lines {
			if !strings.Contains(line, "req="+id) {
				t.Errorf("GET %s: line without its request's id %s: %s", tc.path, id, line)
			}
		}
		last := lines[1]
		for _, want := range []string{"level=" + tc.level, "msg=request", "status=" + tc.status, "client=192.0.2.1"} {
			if !strings.Contains(last, want) {
				t.Errorf("GET %s: line %q lacks %q", tc.path, last, want)
			}
		}
		if strings.Contains(out.String(), "Bartholomew") {
			t.Errorf("GET %s: the query string reached the log: %s", tc.path, last)
		}
		if len(ended) != 1 || ended[0] != tc.ended {
			t.Errorf("GET %s: Ended told %v, want [%d]", tc.path, ended, tc.ended)
		}
	}
}

// TestClip: a long value is cut at 200 bytes and marked; a short one is
// kept whole.
func TestClip(t *testing.T) {
	t.Parallel()
	if got := Clip("short"); got != "short" {
		t.Errorf("Clip(short) = %q", got)
	}
	if got := Clip(strings.Repeat("x", 500)); got != strings.Repeat("x", 200)+"…" {
		t.Errorf("Clip of 500 bytes = %d bytes, want 200 and …", len(got))
	}
}
