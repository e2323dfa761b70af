package handlers_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

const evil = `<script>alert(1)</script>`

// TestPlayerNamesEscapedEverywhere plays a game with a hostile name and
// looks at every page it appears on.
func TestPlayerNamesEscapedEverywhere(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	loc := redirect(t, a.postForm(t, "/games", url.Values{"player": {evil, "Bob"}, "start": {"0"}, "achievement": {"richest", "merciless"}}))
	id := strings.TrimPrefix(loc, "/games/")
	redirect(t, a.postForm(t, "/games/"+id+"/rounds/1/players/0", url.Values{"card": {"H1", "H2", "H3"}, "coins": {"1"}, "version": {"0"}}))
	paths := []string{
		"/",
		"/games/new",
		"/games/" + id,
		"/games/" + id + "/rounds/1",
		"/games/" + id + "/rounds/1/players/0",
		"/games/" + id + "/rounds/1/players/1",
		"/games/" + id + "/final",
		"/games/" + id + "/final/0",
		"/games/" + id + "/final/1",
		"/games/" + id + "/delete",
	}
	// The reveal page exists only while someone is missing.
	if res := a.get(t, "/games/"+id+"/rounds/1/reveal"); res.status != 200 || strings.Contains(res.body, evil) || !strings.Contains(res.body, "<bdi>Bob</bdi> has not entered") {
		t.Errorf("reveal page: status %d, name not escaped or missing", res.status)
	}
	redirect(t, a.postForm(t, "/games/"+id+"/rounds/1/players/1", url.Values{"card": {"S4", "A4"}, "coins": {"1"}, "version": {"0"}}))
	for _, p := range paths {
		t.Run(p, func(t *testing.T) {
			res := a.get(t, p)
			if res.status != 200 {
				t.Fatalf("status %d, want 200", res.status)
			}
			if strings.Contains(res.body, evil) {
				t.Errorf("the name is not escaped")
			}
			if !strings.Contains(res.body, "&lt;script&gt;alert(1)&lt;/script&gt;") {
				t.Errorf("the escaped name is missing from the page")
			}
		})
	}
	t.Run("form error", func(t *testing.T) {
		res := a.postForm(t, "/games", url.Values{"player": {evil, evil}, "start": {"0"}, "achievement": {"richest", "merciless"}})
		if res.status != 422 || strings.Contains(res.body, evil) {
			t.Errorf("status %d, raw name present: %v", res.status, strings.Contains(res.body, evil))
		}
	})
}

func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, threePlayers)
	paths := []string{"/", "/rules", "/games/" + id, "/api/games/" + id, "/nowhere", "/api/games/nope"}
	want := map[string]string{
		"X-Content-Type-Options": "nosniff",
		"Referrer-Policy":        "same-origin",
	}
	for _, p := range paths {
		t.Run(p, func(t *testing.T) {
			res := a.get(t, p)
			for k, v := range want {
				if got := res.header.Get(k); got != v {
					t.Errorf("%s: %q, want %q", k, got, v)
				}
			}
			csp := res.header.Get("Content-Security-Policy")
			if !strings.Contains(csp, "default-src 'self'") || strings.Contains(csp, "unsafe-inline") {
				t.Errorf("CSP %q, want default-src 'self' and no unsafe-inline", csp)
			}
		})
	}
	page := a.get(t, "/games/"+id)
	if regexp.MustCompile(`<script>|<script [^>]*>[^<]`).MatchString(page.body) || strings.Contains(page.body, " style=") || strings.Contains(page.body, " onclick=") {
		t.Errorf("page has inline script or style, which the CSP would block")
	}
}

func TestCrossOriginPostRefused(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	form := url.Values{"player": {"A", "B"}, "start": {"0"}, "achievement": {"richest", "merciless"}}.Encode()
	tests := []struct {
		name    string
		headers map[string]string
		want    int
	}{
		{"cross-site fetch metadata", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"foreign origin", map[string]string{"Origin": "https://evil.example"}, 403},
		{"same origin", map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": "http://example.com"}, 303},
		{"no browser headers (curl)", nil, 303},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "http://example.com/games", strings.NewReader(form))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			for k, v := range tt.headers {
				req.Header.Set(k, v)
			}
			if got := a.do(t, req).status; got != tt.want {
				t.Errorf("status %d, want %d", got, tt.want)
			}
		})
	}
	req := httptest.NewRequest(http.MethodPost, "http://example.com/api/score", strings.NewReader(threePlayers))
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if got := a.do(t, req).status; got != 403 {
		t.Errorf("cross-site API POST: status %d, want 403", got)
	}
}

func TestBodyLimit(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, threePlayers)
	huge := strings.Repeat("a", 65<<10)
	tests := []struct {
		name, method, path, ctype string
		chunked                   bool
	}{
		{"api score", "POST", "/api/score", "application/json", false},
		{"api score without length", "POST", "/api/score", "application/json", true},
		{"api games without length", "POST", "/api/games", "application/json", true},
		{"api entry", "PUT", "/api/games/" + id + "/rounds/2/entries/0", "application/json", true},
		{"new game form", "POST", "/games", "application/x-www-form-urlencoded", false},
		{"entry form without length", "POST", "/games/" + id + "/rounds/2/players/0", "application/x-www-form-urlencoded", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var body io.Reader = strings.NewReader(`{"x":"` + huge + `"}`)
			if tt.chunked {
				body = io.MultiReader(body) // hides the length
			}
			req := httptest.NewRequest(tt.method, tt.path, body)
			if tt.chunked {
				req.ContentLength = -1
			}
			req.Header.Set("Content-Type", tt.ctype)
			res := a.do(t, req)
			if res.status != http.StatusRequestEntityTooLarge {
				t.Errorf("status %d, want 413; %.200s", res.status, res.body)
			}
		})
	}
}

func TestStaticAssetsCachedAndGzipped(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	home := a.get(t, "/")
	css := regexp.MustCompile(`/static/app\.[0-9a-f]{10}\.css`).FindString(home.body)
	js := regexp.MustCompile(`/static/app\.[0-9a-f]{10}\.js`).FindString(home.body)
	if css == "" || js == "" {
		t.Fatalf("page links no hashed assets: css %q js %q", css, js)
	}
	for _, p := range []string{css, js} {
		req := httptest.NewRequest(http.MethodGet, p, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		res := a.do(t, req)
		if res.status != 200 {
			t.Fatalf("%s: status %d", p, res.status)
		}
		if cc := res.header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
			t.Errorf("%s: Cache-Control %q", p, cc)
		}
		if ce := res.header.Get("Content-Encoding"); ce != "gzip" {
			t.Fatalf("%s: Content-Encoding %q, want gzip", p, ce)
		}
		zr, err := gzip.NewReader(bytes.NewReader([]byte(res.body)))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		plain, err := io.ReadAll(zr)
		if err != nil || len(plain) == 0 {
			t.Errorf("%s: gunzip: %v, %d bytes", p, err, len(plain))
		}
	}
	if res := a.get(t, "/static/app.0000000000.css"); res.status != 404 {
		t.Errorf("unknown asset: status %d, want 404", res.status)
	}
	plain := a.get(t, "/")
	if ce := plain.header.Get("Content-Encoding"); ce != "" {
		t.Errorf("no Accept-Encoding but Content-Encoding %q", ce)
	}
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.Header.Set("Accept-Encoding", "gzip;q=0")
	if ce := a.do(t, req).header.Get("Content-Encoding"); ce != "" {
		t.Errorf("gzip;q=0 but Content-Encoding %q", ce)
	}
}

func TestMethodNotAllowed(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	res := a.sendJSON(t, http.MethodDelete, "/api/score", "")
	if res.status != http.StatusMethodNotAllowed {
		t.Errorf("DELETE /api/score: %d, want 405", res.status)
	}
	if res := a.sendJSON(t, http.MethodGet, "/api/solve", ""); res.status != 405 {
		t.Errorf("GET /api/solve: %d, want 405", res.status)
	}
}
