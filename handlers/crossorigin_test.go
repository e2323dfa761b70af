package handlers

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestCrossOriginWriteNeedsToken: issue 44 item 4. A page on another
// port of the table's laptop (or a sibling subdomain: "same-site" to the
// browser) posts a game to POST /api/games, the one route open to other
// origins (the offline build sends games there), and the browser adds the
// phone's session cookie. The cookie never authenticates a write from
// another origin: 401 unless the bearer token is sent, which still works.
// The headers are those Chromium sends for a fetch with
// credentials: "include" and a text/plain body (no preflight).
func TestCrossOriginWriteNeedsToken(t *testing.T) {
	a := newAuthApp(t)
	cookie := a.login(t, "192.0.2.70:5000", false)
	const game = `{"version": 1, "players": ["Ann", "Bob", "Cy"]}`
	tests := []struct {
		name    string
		headers map[string]string
		cookie  bool
		token   bool
		want    int
	}{
		{"same origin, cookie", map[string]string{"Origin": "http://example.com", "Sec-Fetch-Site": "same-origin"}, true, false, http.StatusCreated},
		{"no browser headers, cookie (a script)", nil, true, false, http.StatusCreated},
		{"another port, same-site, cookie", map[string]string{"Origin": "http://example.com:8081", "Sec-Fetch-Site": "same-site"}, true, false, http.StatusUnauthorized},
		{"sibling subdomain, same-site, cookie", map[string]string{"Origin": "http://evil.example.com", "Sec-Fetch-Site": "same-site"}, true, false, http.StatusUnauthorized},
		{"another port, Origin alone, cookie", map[string]string{"Origin": "http://example.com:8081"}, true, false, http.StatusUnauthorized},
		{"cross-site, cookie", map[string]string{"Origin": "https://phone.example", "Sec-Fetch-Site": "cross-site"}, true, false, http.StatusUnauthorized},
		{"cross-site, bearer token (Send to a table server)", map[string]string{"Origin": "https://phone.example", "Sec-Fetch-Site": "cross-site"}, false, true, http.StatusCreated},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := strings.Replace(game, "Ann", "Ann "+string(rune('a'+i)), 1)
			req := httptest.NewRequest(http.MethodPost, "http://example.com/api/games", strings.NewReader(body))
			req.RemoteAddr = "192.0.2.70:5000"
			req.Header.Set("Content-Type", "text/plain;charset=UTF-8")
			for k, v := range tt.headers {
				req.Header.Set(k, v)
			}
			if tt.cookie {
				req.AddCookie(cookie)
			}
			if tt.token {
				req.Header.Set("Authorization", "Bearer "+authPassword)
			}
			rec := httptest.NewRecorder()
			a.h.ServeHTTP(rec, req)
			if rec.Code != tt.want {
				t.Errorf("status %d, want %d: %.300s", rec.Code, tt.want, rec.Body)
			}
		})
	}
}
