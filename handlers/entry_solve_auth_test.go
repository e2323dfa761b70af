package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestEntrySolveBehindPassword: with a table password the entry page's
// live solve answers whatever lets the phone open the game's pages (the
// session cookie, or the game's join code, whose cookie reaches only
// /games/ID…), and nothing else.
func TestEntrySolveBehindPassword(t *testing.T) {
	t.Parallel()
	a := newAuthApp(t)
	id := hostGame(t, a.st)
	other := hostGame(t, a.st)
	session := a.login(t, "192.0.2.1:1000", false)
	join := &http.Cookie{Name: joinCookie, Value: a.codeFor(t, id)}
	tests := []struct {
		name   string
		game   string
		cookie *http.Cookie
		want   string // "" answered, else how refused
	}{
		{"session cookie", id, session, ""},
		{"join code of the game", id, join, ""},
		{"join code of another game", other, join, "303 to /login"},
		{"nothing", id, nil, "303 to /login"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := "/games/" + tc.game + "/solve?cards=H2,H3,H4"
			rec := a.do(t, authRequest{method: http.MethodGet, path: path, cookie: tc.cookie, client: "192.0.2.2:1000"})
			// (the login's ?next= is not compared: it varies with the path)
			if got := refused(rec); (tc.want == "") != (got == "") || !strings.HasPrefix(got, tc.want) {
				t.Errorf("refused %q (status %d), want %q", got, rec.Code, tc.want)
			}
			if tc.want == "" && (rec.Code != http.StatusOK || rec.Body.String()[:14] != `{"strength":12`) {
				t.Errorf("status %d body %.100s, want 200 with strength 12", rec.Code, rec.Body)
			}
		})
	}
}

// TestEntrySolveBusy: a pool the server cannot solve now (every solve
// slot taken) gets the API's 503 JSON with Retry-After, which the page's
// script shows by keeping its last answer, marked as not up to date.
func TestEntrySolveBusy(t *testing.T) {
	t.Parallel()
	a, h, _ := testApp(t, Limits{Solves: 1, Wait: 20 * time.Millisecond})
	id := createGame(t, h, gameWith(`["H1"]`))
	if err := a.solves.slots.Acquire(context.Background(), int64(a.solves.limits.Solves)); err != nil {
		t.Fatal(err)
	}
	rec := get(h, "/games/"+id+"/solve?cards="+url.QueryEscape("H1,SP,AP,HC*,XC*"))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != retryAfter {
		t.Fatalf("status %d, Retry-After %q; want 503 and %q", rec.Code, rec.Header().Get("Retry-After"), retryAfter)
	}
	var e struct{ Error, Field string }
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || !strings.Contains(e.Error, "busy") {
		t.Errorf("body %s, want the API's JSON error saying busy (%v)", rec.Body, err)
	}
	// A cheap pool waits for no slot.
	if rec := get(h, "/games/"+id+"/solve?cards=H1,H2,H3"); rec.Code != http.StatusOK {
		t.Errorf("cheap pool: status %d, want 200", rec.Code)
	}
}
