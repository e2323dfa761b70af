package handlers_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// htmlLang is the lang attribute of a page's <html>.
func htmlLang(body string) string {
	i := strings.Index(body, "<html lang=\"")
	if i < 0 {
		return ""
	}
	rest := body[i+len("<html lang=\""):]
	return rest[:strings.IndexByte(rest, '"')]
}

// TestLanguageChoice: ?lang= wins and is remembered in a cookie, the
// cookie comes next, then Accept-Language, then English; an unknown
// ?lang= is ignored, not refused.
func TestLanguageChoice(t *testing.T) {
	a := newApp(t)
	for _, c := range []struct {
		name, path, cookie, accept, want string
		setsCookie                       bool
	}{
		{"nothing asked", "/rules", "", "", "en", false},
		{"Accept-Language", "/rules", "", "de-AT,de;q=0.9,en;q=0.5", "de", false},
		{"a language the app does not speak falls through", "/rules", "", "it-IT, fr;q=0.7", "fr", false},
		{"the cookie beats Accept-Language", "/rules", "es", "de", "es", false},
		{"?lang= beats the cookie and sets it", "/rules?lang=fr", "es", "de", "fr", true},
		{"?lang= is read in any case", "/rules?lang=DE", "", "", "de", true},
		{"an unknown ?lang= is ignored", "/rules?lang=klingon", "", "es", "es", false},
		{"a cookie naming no language is ignored", "/rules", "xx", "", "en", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, c.path, nil)
			if c.cookie != "" {
				req.AddCookie(&http.Cookie{Name: "lang", Value: c.cookie})
			}
			if c.accept != "" {
				req.Header.Set("Accept-Language", c.accept)
			}
			res := a.do(t, req)
			if res.status != http.StatusOK {
				t.Fatalf("status %d", res.status)
			}
			if got := htmlLang(res.body); got != c.want {
				t.Errorf("<html lang> = %q, want %q", got, c.want)
			}
			if got := res.header.Get("Content-Language"); got != c.want {
				t.Errorf("Content-Language = %q, want %q", got, c.want)
			}
			if vary := strings.Join(res.header.Values("Vary"), ","); !strings.Contains(vary, "Accept-Language") || !strings.Contains(vary, "Cookie") {
				t.Errorf("Vary = %q: a cache would mix the languages", vary)
			}
			set := res.header.Get("Set-Cookie")
			if c.setsCookie != strings.HasPrefix(set, "lang="+c.want+";") {
				t.Errorf("Set-Cookie = %q (want a lang cookie: %v)", set, c.setsCookie)
			}
		})
	}
}

// TestLanguageSwitch: every page's foot leads to the same page in each
// language, keeping the page's own query, each language named in itself.
func TestLanguageSwitch(t *testing.T) {
	a := newApp(t)
	res := a.get(t, "/solve?cards=A1+A2&lang=de")
	sw := innerHTML(res.body, "language-switch")
	for _, want := range []string{
		`href="/solve?cards=A1+A2&amp;lang=fr"`, `>Français<`, `>Deutsch<`, `>Español<`, `>English<`,
	} {
		if !strings.Contains(sw, want) {
			t.Errorf("the language switch lacks %s:\n%s", want, sw)
		}
	}
	if !strings.Contains(sw, `lang="de" hreflang="de" aria-current="true"`) {
		t.Errorf("the switch does not mark German as the page's language:\n%s", sw)
	}
}

// TestLanguageLeavesMachinesAlone: the static files, the JSON API and the
// health check answer the same for every language, so they carry no
// Vary on the language and set no cookie even when asked ?lang=.
func TestLanguageLeavesMachinesAlone(t *testing.T) {
	a := newApp(t)
	for _, path := range []string{"/healthz?lang=de", "/api/games?lang=de"} {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("Accept-Language", "de")
		res := a.do(t, req)
		if vary := strings.Join(res.header.Values("Vary"), ","); strings.Contains(vary, "Accept-Language") {
			t.Errorf("%s: Vary = %q", path, vary)
		}
		if res.header.Get("Set-Cookie") != "" || res.header.Get("Content-Language") != "" {
			t.Errorf("%s: Set-Cookie %q, Content-Language %q", path, res.header.Get("Set-Cookie"), res.header.Get("Content-Language"))
		}
	}
}
