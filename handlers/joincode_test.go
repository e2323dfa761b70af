package handlers

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"ruthless/scoring"
)

// TestShortJoinCode (issue 41, item 2): the invite page of a table with a
// password shows a six-character code beside the QR code and the link; a
// phone without the password types it at /join (in any case, with a
// space) and is sent to the game's join link, which lets it in; the same
// invite shown again keeps its code; a wrong code is refused next to the
// box with the code kept, and counts as a wrong password does.
func TestShortJoinCode(t *testing.T) {
	t.Parallel()
	a := newAuthApp(t)
	id, _, err := a.st.CreateGameOnce(context.Background(), scoring.Game{Version: 1, Players: []string{"Ann", "Бори́с"}, Rounds: [][]*scoring.Entry{}}, "")
	if err != nil {
		t.Fatal(err)
	}
	host := a.login(t, "192.0.2.1:1000", false)
	invite := func() string {
		rec := a.do(t, authRequest{method: http.MethodGet, path: "/games/" + id + "/invite", cookie: host, client: "192.0.2.1:1000"})
		if rec.Code != http.StatusOK {
			t.Fatalf("invite: %d", rec.Code)
		}
		m := regexp.MustCompile(`data-testid="short-code-value">([A-Z0-9]{3})<span class="gap"></span>([A-Z0-9]{3})<`).FindStringSubmatch(rec.Body.String())
		if m == nil {
			t.Fatalf("the invite page shows no short code: %.2000s", rec.Body)
		}
		return m[1] + m[2]
	}
	code := invite()
	if strings.ContainsAny(code, "01ILO") {
		t.Errorf("code %q holds a character read for another", code)
	}
	if again := invite(); again != code {
		t.Errorf("the invite shown again: code %q, want %q kept", again, code)
	}

	guest := "198.51.100.7:2000"
	if rec := a.do(t, authRequest{method: http.MethodGet, path: "/join", client: guest}); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `data-testid="join-code-input"`) {
		t.Fatalf("GET /join without the password: %d, want the code form", rec.Code)
	}
	typed := strings.ToLower(code[:3]) + " " + code[3:]
	rec := a.do(t, authRequest{method: http.MethodPost, path: "/join", form: url.Values{"code": {typed}}, client: guest})
	to := rec.Header().Get("Location")
	if rec.Code != http.StatusSeeOther || !strings.HasPrefix(to, "/games/"+id+"/join?code=") {
		t.Fatalf("POST /join %q: %d to %q, want 303 to the game's join link", typed, rec.Code, to)
	}
	in := a.do(t, authRequest{method: http.MethodGet, path: to, client: guest})
	if refused(in) != "" && in.Code != http.StatusSeeOther {
		t.Errorf("the join link the code led to: refused (%s)", refused(in))
	}
	if in.Code == http.StatusSeeOther && strings.HasPrefix(in.Header().Get("Location"), "/login") {
		t.Errorf("the join link the code led to sends to the login")
	}

	wrong := a.do(t, authRequest{method: http.MethodPost, path: "/join", form: url.Values{"code": {"ZZZ 999"}}, client: guest})
	if wrong.Code != http.StatusUnprocessableEntity || !strings.Contains(wrong.Body.String(), "No game has this code now") || !strings.Contains(wrong.Body.String(), `value="ZZZ 999"`) {
		t.Errorf("a wrong code: %d %.300s, want 422 saying so, the code kept", wrong.Code, wrong.Body)
	}
}

// TestShortCodesEnd: a code ends with its invite; one asked for again
// after that is a new one; the oldest go first past maxShortCodes.
func TestShortCodesEnd(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC)
	s := newShortCodes()
	s.now = func() time.Time { return now }
	code := s.issue("g1", "/games/g1/join", now.Add(time.Hour))
	if got, ok := s.redeem(strings.ToLower(code)); !ok || got.target != "/games/g1/join" {
		t.Fatalf("redeem(%q) = %+v, %v", code, got, ok)
	}
	now = now.Add(2 * time.Hour)
	if _, ok := s.redeem(code); ok {
		t.Error("a code past its end still leads somewhere")
	}
	if again := s.issue("g1", "/games/g1/join", now.Add(time.Hour)); again == "" {
		t.Error("no new code after the old one ended")
	}
	for i := range maxShortCodes + 5 {
		s.issue("game"+strconv.Itoa(i), "/x", now.Add(time.Duration(i+1)*time.Second))
	}
	if n := len(s.byCode); n > maxShortCodes {
		t.Errorf("%d codes kept, want at most %d", n, maxShortCodes)
	}
}

// TestJoinCodesShareThePasswordLimits: wrong join codes count with wrong
// passwords against one client's allowance, so guessing codes is no
// easier than guessing the password: past the burst a wrong code is held
// and answered 429 with Retry-After, the code kept in the box.
func TestJoinCodesShareThePasswordLimits(t *testing.T) {
	t.Parallel()
	a, held := newHeldAuthApp(t)
	const client = "192.0.2.9:5555"
	for i := 1; i <= loginBurst; i++ {
		form := url.Values{"password": {"guess"}}
		path := "/login"
		if i%2 == 0 {
			form, path = url.Values{"code": {"ABCDEF"}}, "/join"
		}
		if rec := a.do(t, authRequest{method: http.MethodPost, path: path, form: form, client: client}); rec.Code != http.StatusUnprocessableEntity {
			t.Fatalf("wrong try %d (%s): status %d, want 422", i, path, rec.Code)
		}
	}
	rec := a.do(t, authRequest{method: http.MethodPost, path: "/join", form: url.Values{"code": {"GHJKMN"}}, client: client})
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" || held.count() != 1 {
		t.Fatalf("a wrong code past the burst: %d, Retry-After %q, %d holds; want 429, a wait, one hold", rec.Code, rec.Header().Get("Retry-After"), held.count())
	}
	if body := rec.Body.String(); !strings.Contains(body, "Too many wrong codes from this phone") || !strings.Contains(body, `value="GHJKMN"`) {
		t.Errorf("the 429 page: %.400s", body)
	}
}
