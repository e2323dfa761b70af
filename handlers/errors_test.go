package handlers

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
)

// TestOneErrorPath: an error answers in the form its request expects,
// whatever made it: the API's JSON body (exactly "error" and "field"), an
// HTML page, or plain text for an event stream, with the same status
// (issue 30, item 3).
func TestOneErrorPath(t *testing.T) {
	t.Parallel()
	_, h, _ := testApp(t, Limits{})
	tests := []struct {
		name, method, path, accept string
		status                     int
		contentType                string
		json                       *apiError // the whole JSON body, nil for a page or text
		says                       string    // in the body
	}{
		{"unknown page", "GET", "/no/such/page", "", 404, "text/html", nil, "There is no such page."},
		{"unknown API address", "GET", "/api/no/such", "", 404, "application/json", &apiError{Error: "no such address"}, ""},
		{"unknown game's page", "GET", "/games/zzzzzzzzzzzzzzzz", "", 404, "text/html", nil, "There is no such page: no such game."},
		{"unknown game in the API", "GET", "/api/games/zzzzzzzzzzzzzzzz", "", 404, "application/json", &apiError{Error: "no such game", Field: "id"}, ""},
		{"unknown game's event stream", "GET", "/games/zzzzzzzzzzzzzzzz/events", "text/event-stream", 404, "text/plain", nil, "No such game."},
		{"bad JSON to the API", "POST", "/api/solve", "", 400, "application/json", nil, `"field":`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var body *strings.Reader
			if tt.method == "POST" {
				body = strings.NewReader("{not json")
			} else {
				body = strings.NewReader("")
			}
			req := httptest.NewRequest(tt.method, tt.path, body)
			if tt.accept != "" {
				req.Header.Set("Accept", tt.accept)
			}
			if tt.method == "POST" {
				req.Header.Set("Content-Type", "application/json")
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tt.status {
				t.Errorf("status %d, want %d", rec.Code, tt.status)
			}
			if got := rec.Header().Get("Content-Type"); !strings.HasPrefix(got, tt.contentType) {
				t.Errorf("Content-Type %q, want %s", got, tt.contentType)
			}
			if tt.json != nil {
				var got apiError
				dec := json.NewDecoder(bytes.NewReader(rec.Body.Bytes()))
				dec.DisallowUnknownFields()
				if err := dec.Decode(&got); err != nil || got != *tt.json {
					t.Errorf("body %s (%v), want %+v", rec.Body, err, *tt.json)
				}
			}
			if !strings.Contains(rec.Body.String(), tt.says) {
				t.Errorf("body %.300q does not say %q", rec.Body, tt.says)
			}
		})
	}
}

// TestRefusalsCarryRetryAfter: the refusals the handlers make themselves
// go through the same path as every error: a busy slot answers 503 with
// Retry-After and no-store, as JSON for the API and as a page otherwise.
func TestRefusalsCarryRetryAfter(t *testing.T) {
	t.Parallel()
	a, _, _ := testApp(t, Limits{})
	tests := []struct {
		name, path, contentType string
	}{
		{"page", "/games/x/card.png", "text/html"},
		{"API", "/api/export", "application/json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			c, _ := ginTestContext(rec, httptest.NewRequest(http.MethodGet, tt.path, nil))
			a.fail(c, busy("drawing other pictures", "pictures"))
			if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != retryAfter || rec.Header().Get("Cache-Control") != "no-store" {
				t.Errorf("status %d, Retry-After %q, Cache-Control %q; want 503, %q, no-store", rec.Code, rec.Header().Get("Retry-After"), rec.Header().Get("Cache-Control"), retryAfter)
			}
			if got := rec.Header().Get("Content-Type"); !strings.HasPrefix(got, tt.contentType) {
				t.Errorf("Content-Type %q, want %s", got, tt.contentType)
			}
			if !strings.Contains(rec.Body.String(), "busy drawing other pictures") {
				t.Errorf("body %.300q does not say what the server is busy with", rec.Body)
			}
		})
	}
}

// ginTestContext is a gin context for rec and req, as the router makes.
func ginTestContext(rec *httptest.ResponseRecorder, req *http.Request) (*gin.Context, *gin.Engine) {
	c, e := gin.CreateTestContext(rec)
	c.Request = req
	return c, e
}
