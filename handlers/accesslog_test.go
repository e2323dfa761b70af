package handlers

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The access log must say what the client got, whichever layer answered:
// gin, templ, gzip, the body limit or the solve limits.
func TestAccessLogStatus(t *testing.T) {
	tests := []struct {
		name   string
		method string
		path   string
		body   string
		gzip   bool
		want   int
	}{
		{"page, gzipped", http.MethodGet, "/", "", true, http.StatusOK},
		{"page, plain", http.MethodGet, "/rules", "", false, http.StatusOK},
		{"no such page, gzipped", http.MethodGet, "/nowhere", "", true, http.StatusNotFound},
		{"bad JSON, gzipped", http.MethodPost, "/api/solve", `{"cards": 1}`, true, http.StatusBadRequest},
		{"body over the limit", http.MethodPost, "/api/solve", `{"cards": ["` + strings.Repeat("H", MaxBody) + `"]}`, true, http.StatusRequestEntityTooLarge},
		{"over the solve deadline, gzipped", http.MethodPost, "/api/solve", `{"cards": ` + quickExpensive + `}`, true, http.StatusServiceUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, h, logs := testApp(t, Limits{Solve: time.Nanosecond})
			req := httptest.NewRequest(tt.method, tt.path, strings.NewReader(tt.body))
			if tt.gzip {
				req.Header.Set("Accept-Encoding", "gzip")
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tt.want {
				t.Fatalf("status %d, want %d", rec.Code, tt.want)
			}
			if want := "path=" + tt.path + " status=" + strconv.Itoa(tt.want) + " "; !strings.Contains(logs.String(), want) {
				t.Errorf("access log has no %q:\n%s", want, logs)
			}
		})
	}
	t.Run("client gone before the answer", func(t *testing.T) {
		_, h, logs := testApp(t, Limits{})
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		rec := post(ctx, h, "/api/solve", `{"cards": ["H1"]}`)
		if rec.Body.Len() != 0 || rec.Header().Get("Content-Type") != "" {
			t.Errorf("a client that had gone got %d %q", rec.Code, rec.Body)
		}
		if want := `path=/api/solve status=499 `; !strings.Contains(logs.String(), want) {
			t.Errorf("access log has no %q:\n%s", want, logs)
		}
	})
}
