package handlers_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestSendFromAnotherOrigin is issue 34's "Send this game to a table
// server": the offline site, on another origin, may post a game file to
// POST /api/games (preflight, then the post, readable with CORS), and to
// nothing else. R4.1's checks run as for any game file.
func TestSendFromAnotherOrigin(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	const origin = "https://phone.example"
	tests := []struct {
		name, method, path string
		headers            map[string]string
		body               string
		want               int
		cors               bool
	}{
		{"preflight", http.MethodOptions, "/api/games", map[string]string{"Access-Control-Request-Method": "POST"}, "", http.StatusNoContent, true},
		{"post a game", http.MethodPost, "/api/games", map[string]string{"Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"}, threePlayers, http.StatusCreated, true},
		{"R4.1 card in two pools", http.MethodPost, "/api/games", map[string]string{"Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"},
			strings.Replace(threePlayers, `"S5"`, `"H2"`, 1), http.StatusBadRequest, true},
		{"any other API route", http.MethodPost, "/api/score", map[string]string{"Sec-Fetch-Site": "cross-site"}, threePlayers, http.StatusForbidden, false},
		{"a page's form", http.MethodPost, "/games", map[string]string{"Sec-Fetch-Site": "cross-site", "Content-Type": "application/x-www-form-urlencoded"}, "player=A&player=B", http.StatusForbidden, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, "http://example.com"+tt.path, strings.NewReader(tt.body))
			req.Header.Set("Origin", origin)
			for k, v := range tt.headers {
				req.Header.Set(k, v)
			}
			res := a.do(t, req)
			if res.status != tt.want {
				t.Errorf("status %d, want %d: %s", res.status, tt.want, res.body)
			}
			if got := res.header.Get("Access-Control-Allow-Origin") == "*"; got != tt.cors {
				t.Errorf("Access-Control-Allow-Origin %q, want it set: %t", res.header.Get("Access-Control-Allow-Origin"), tt.cors)
			}
		})
	}
}
