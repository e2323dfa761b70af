package handlers

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestEventsWithoutServer: a request no server made (its context never
// ends, as in the route walkers) gets the version and returns, rather
// than holding the test forever.
func TestEventsWithoutServer(t *testing.T) {
	t.Parallel()
	st := hostStore(t)
	id := hostGame(t, st)
	h := NewWithOptions(st, quietLog(), Options{})
	done := make(chan *httptest.ResponseRecorder, 1)
	go func() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/games/"+id+"/events", nil))
		done <- rec
	}()
	select {
	case rec := <-done:
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "event:version") {
			t.Errorf("status %d body %q, want 200 with a version event", rec.Code, rec.Body)
		}
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
			t.Errorf("Content-Type %q, want text/event-stream", ct)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("events did not return for a request without a server")
	}
}

// TestJoinCode: with a table password, the invite link's code lets a
// phone into that game only, leaves a cookie scoped to the game's paths,
// and a wrong code or another game gets the login form.
func TestJoinCode(t *testing.T) {
	t.Parallel()
	a := newAuthApp(t)
	id := hostGame(t, a.st)
	other := hostGame(t, a.st)
	session := a.login(t, "192.0.2.1:1000", false)
	inv := a.do(t, authRequest{method: http.MethodGet, path: "/games/" + id + "/invite", cookie: session, client: "192.0.2.1:1000"})
	if inv.Code != http.StatusOK {
		t.Fatalf("invite: status %d, want 200", inv.Code)
	}
	code := a.codeFor(t, id)
	if !strings.Contains(inv.Body.String(), "code="+code) {
		t.Fatalf("invite page does not carry the join code %q", code)
	}

	join := a.do(t, authRequest{method: http.MethodGet, path: "/games/" + id + "/join?code=" + url.QueryEscape(code), client: "192.0.2.2:1000"})
	if join.Code != http.StatusOK {
		t.Fatalf("join with the code: status %d, want 200 (%s)", join.Code, refused(join))
	}
	var ck *http.Cookie
	for _, c := range join.Result().Cookies() {
		if c.Name == joinCookie {
			ck = c
		}
	}
	if ck == nil {
		t.Fatalf("join set no %s cookie: %q", joinCookie, join.Header().Values("Set-Cookie"))
	}
	if got, want := ck.Path, "/games/"+id; got != want {
		t.Errorf("cookie path %q, want %q", got, want)
	}
	if !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode {
		t.Errorf("cookie HttpOnly=%v SameSite=%v, want true and Lax", ck.HttpOnly, ck.SameSite)
	}
	tests := []struct {
		name   string
		path   string
		cookie *http.Cookie
		want   string // "" let in, else how refused
	}{
		{"game page with the cookie", "/games/" + id, ck, ""},
		{"entry with the cookie", "/games/" + id + "/rounds/1/players/0", ck, ""},
		{"events with the cookie", "/games/" + id + "/events", ck, ""},
		{"home with the cookie", "/", ck, "303 to /login"},
		{"another game with the cookie", "/games/" + other, ck, "303 to /login?next=%2Fgames%2F" + other},
		{"another game with the code", "/games/" + other + "/join?code=" + url.QueryEscape(code), nil, "303 to /login?next=%2Fgames%2F" + other + "%2Fjoin%3Fcode%3D" + url.QueryEscape(url.QueryEscape(code))},
		{"wrong code", "/games/" + id + "/join?code=AAAAAAAAAAAAAAAAAAAAAA", nil, "303 to /login?next=%2Fgames%2F" + id + "%2Fjoin%3Fcode%3DAAAAAAAAAAAAAAAAAAAAAA"},
		{"API with the cookie", "/api/games/" + id, ck, "401"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := a.do(t, authRequest{method: http.MethodGet, path: tc.path, cookie: tc.cookie, client: "192.0.2.2:1000"})
			if got := refused(rec); got != tc.want {
				t.Errorf("GET %s: refused %q (status %d), want %q", tc.path, got, rec.Code, tc.want)
			}
		})
	}
}

// codeFor is the join code the app behind a would give game id.
func (a *authApp) codeFor(t testing.TB, id string) string {
	t.Helper()
	return newAuth(authPassword, 0, quietLog()).joinCode(id)
}
