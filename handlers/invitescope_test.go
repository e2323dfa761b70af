package handlers

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"testing"
	"time"
)

// TestInviteScopeAndExpiry: issue 44 item 5. A join code opens what a
// joining player needs (the game, its stream, a seat, entries, reveals,
// the final scores) and nothing else (not delete, restore, About edits,
// the share link, downloads or a rematch); and a code past its end opens
// nothing.
func TestInviteScopeAndExpiry(t *testing.T) {
	a := newAuthApp(t)
	id := hostGame(t, a.st)
	au := newAuth(authPassword, 0, quietLog())
	valid := au.joinCode(id)
	ended := au.joinCodeUntil(id, time.Now().Add(-time.Minute))
	// The ended code's MAC under a later end.
	endedRaw, _ := base64.RawURLEncoding.DecodeString(ended)
	validRaw, _ := base64.RawURLEncoding.DecodeString(valid)
	forged := base64.RawURLEncoding.EncodeToString(append(validRaw[:4:4], endedRaw[4:]...))
	tests := []struct {
		name, method, path, code string
		form                     url.Values
		letIn                    bool
	}{
		{"the game page", http.MethodGet, "/games/" + id, valid, nil, true},
		{"an entry", http.MethodGet, "/games/" + id + "/rounds/1/players/0", valid, nil, true},
		{"taking a seat", http.MethodPost, "/games/" + id + "/join", valid, url.Values{"seat": {"0"}}, true},
		{"the final scores", http.MethodGet, "/games/" + id + "/final", valid, nil, true},
		{"delete", http.MethodPost, "/games/" + id + "/delete", valid, url.Values{}, false},
		{"the delete form", http.MethodGet, "/games/" + id + "/delete", valid, nil, false},
		{"restore", http.MethodPost, "/games/" + id + "/restore", valid, url.Values{}, false},
		{"About edits", http.MethodPost, "/games/" + id + "/about", valid, url.Values{"location": {"Pub"}}, false},
		{"a share link", http.MethodPost, "/games/" + id + "/share", valid, url.Values{}, false},
		{"a download", http.MethodGet, "/games/" + id + "/export", valid, nil, false},
		{"a rematch", http.MethodPost, "/games/" + id + "/rematch", valid, url.Values{}, false},
		{"the big screen (the host's, behind the password)", http.MethodGet, "/games/" + id + "/screen", valid, nil, false},
		{"an ended code, the game page", http.MethodGet, "/games/" + id, ended, nil, false},
		{"a forged end", http.MethodGet, "/games/" + id, forged, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := a.do(t, authRequest{method: tt.method, path: tt.path + "?code=" + url.QueryEscape(tt.code), form: tt.form, client: "192.0.2.80:4000"})
			toLogin := rec.Code == http.StatusSeeOther && len(rec.Header().Get("Location")) >= 6 && rec.Header().Get("Location")[:6] == "/login"
			if tt.letIn && (toLogin || rec.Code == http.StatusUnauthorized) {
				t.Errorf("status %d to %q: the code should let a joining player in", rec.Code, rec.Header().Get("Location"))
			}
			if !tt.letIn && !toLogin {
				t.Errorf("status %d (Location %q): want the login form", rec.Code, rec.Header().Get("Location"))
			}
		})
	}
	if _, err := a.st.Game(t.Context(), id); err != nil {
		t.Errorf("the game after a guest's delete: %v", err)
	}
}
