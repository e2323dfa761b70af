package handlers

import (
	"crypto/tls"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"ruthless/static"
	"ruthless/store"
)

const authPassword = "black flag"

// authApp is the app behind the table password, the handler built by
// NewWithOptions over a real store.
type authApp struct {
	h  http.Handler
	st *store.Store
}

func newAuthApp(t testing.TB) *authApp {
	t.Helper()
	st := hostStore(t)
	return &authApp{h: NewWithOptions(st, quietLog(), Options{Password: authPassword}), st: st}
}

// authRequest sends one request from client (RemoteAddr) with the given
// cookie and Authorization header ("" for none), over TLS when tlsOn.
type authRequest struct {
	method, path string
	form         url.Values // sent as the body when not nil
	cookie       *http.Cookie
	authz        string
	client       string
	tlsOn        bool
}

func (a *authApp) do(t testing.TB, ar authRequest) *httptest.ResponseRecorder {
	t.Helper()
	var body *strings.Reader
	if ar.form != nil {
		body = strings.NewReader(ar.form.Encode())
	} else {
		body = strings.NewReader("")
	}
	req := httptest.NewRequest(ar.method, ar.path, body)
	if ar.form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if strings.HasPrefix(ar.path, "/api/") && ar.method != http.MethodGet {
		req.Header.Set("Content-Type", "application/json")
	}
	if ar.cookie != nil {
		req.AddCookie(ar.cookie)
	}
	if ar.authz != "" {
		req.Header.Set("Authorization", ar.authz)
	}
	if ar.client != "" {
		req.RemoteAddr = ar.client
	}
	if ar.tlsOn {
		req.TLS = &tls.ConnectionState{}
	}
	rec := httptest.NewRecorder()
	a.h.ServeHTTP(rec, req)
	return rec
}

// login posts the password and returns the session cookie it sets.
func (a *authApp) login(t testing.TB, client string, tlsOn bool) *http.Cookie {
	t.Helper()
	rec := a.do(t, authRequest{method: http.MethodPost, path: "/login", form: url.Values{"password": {authPassword}, "next": {"/"}}, client: client, tlsOn: tlsOn})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("POST /login: status %d, want 303; body %.500s", rec.Code, rec.Body)
	}
	for _, c := range rec.Result().Cookies() {
		if c.Name == sessionCookie {
			return c
		}
	}
	t.Fatalf("POST /login set no %s cookie: %q", sessionCookie, rec.Header().Values("Set-Cookie"))
	return nil
}

// routePath fills a route's parameters for the game id: round 1, seat 0,
// the stylesheet for a static file.
func routePath(route, id string) string {
	r := strings.NewReplacer(":id", id, ":r", "1", ":p", "0", ":name", "Craig") // not Lucy: the test looks for her name in refusals
	p := r.Replace(route)
	if i := strings.Index(p, "*file"); i >= 0 {
		p = static.Path("app.css")
	}
	return p
}

// refused says how a request was turned away for want of the password,
// or "" when it was not.
func refused(rec *httptest.ResponseRecorder) string {
	switch {
	case rec.Code == http.StatusUnauthorized:
		return "401"
	case rec.Code == http.StatusTooManyRequests:
		return "429"
	case rec.Code == http.StatusSeeOther && strings.HasPrefix(rec.Header().Get("Location"), "/login"):
		return "303 to " + rec.Header().Get("Location")
	}
	return ""
}

// TestPasswordGuardsEveryRoute walks every route the router has: without
// the password no page or API answer comes out (pages go to the login
// form, the API answers 401 JSON), and with the cookie or the bearer token
// each one works. Only /static, /login, /logout, /join (a short join
// code's form) and share links stay open.
func TestPasswordGuardsEveryRoute(t *testing.T) {
	t.Parallel()
	a := newAuthApp(t)
	routes := newApp(a.st, quietLog(), Limits{}).router().Routes()
	cookie := a.login(t, "192.0.2.1:1000", false)
	public := map[string]int{
		"GET /static/*file":  http.StatusOK,
		"HEAD /static/*file": http.StatusOK,
		"GET /login":         http.StatusOK,
		"POST /login":        http.StatusUnprocessableEntity, // no password typed
		"GET /logout":        http.StatusOK,
		"POST /logout":       http.StatusSeeOther,
		// The short join code's form: a code is its key, guessed under
		// the password's limits (joincode.go).
		"GET /join":  http.StatusOK,
		"POST /join": http.StatusUnprocessableEntity, // no code typed
		// A supervisor's health check: no game data (TestHealthz).
		"GET /healthz":  http.StatusOK,
		"HEAD /healthz": http.StatusOK,
		// A share link: its token is its key, and this one opens nothing
		// (TestShareLink).
		"GET /s/:token":           http.StatusNotFound,
		"HEAD /s/:token":          http.StatusNotFound,
		"GET /s/:token/card.png":  http.StatusNotFound,
		"HEAD /s/:token/card.png": http.StatusNotFound,
	}
	guarded := 0
	for _, rt := range routes {
		key := rt.Method + " " + rt.Path
		t.Run(key, func(t *testing.T) {
			id := hostGame(t, a.st)
			path := routePath(rt.Path, id)
			api := strings.HasPrefix(path, "/api/")
			if want, ok := public[key]; ok {
				rec := a.do(t, authRequest{method: rt.Method, path: path, client: "192.0.2.2:1000"})
				if rec.Code != want {
					t.Errorf("without the password: status %d, want %d", rec.Code, want)
				}
				return
			}
			guarded++
			// Without the password: refused, and nothing of the game shown.
			rec := a.do(t, authRequest{method: rt.Method, path: path, client: "192.0.2.2:1000"})
			if strings.Contains(rec.Body.String(), "Lucy") {
				t.Errorf("without the password the answer shows the game: %.300s", rec.Body)
			}
			if api {
				var e struct {
					Error string  `json:"error"`
					Field *string `json:"field"`
				}
				if rec.Code != http.StatusUnauthorized {
					t.Errorf("without the password: status %d, want 401", rec.Code)
				}
				if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Error == "" || e.Field == nil || *e.Field != "" {
					t.Errorf("body %s, want {\"error\": \"…\", \"field\": \"\"} (%v)", rec.Body, err)
				}
				if got := rec.Header().Get("WWW-Authenticate"); !strings.HasPrefix(got, "Bearer ") {
					t.Errorf("WWW-Authenticate %q, want Bearer …", got)
				}
			} else {
				want := "/login?next=" + url.QueryEscape(path)
				if (rt.Method != http.MethodGet && rt.Method != http.MethodHead) || path == "/" {
					want = "/login" // home, or a form sent from nowhere: back to the home page
				}
				if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != want {
					t.Errorf("without the password: status %d to %q, want 303 to %q", rec.Code, rec.Header().Get("Location"), want)
				}
			}
			// With the cookie, and for the API with the bearer token.
			proofs := map[string]authRequest{"cookie": {cookie: cookie}}
			if api {
				proofs["bearer"] = authRequest{authz: "Bearer " + authPassword}
			}
			for name, proof := range proofs {
				proof.method, proof.path, proof.client = rt.Method, path, "192.0.2.3:1000"
				rec := a.do(t, proof)
				if how := refused(rec); how != "" || rec.Code >= 500 {
					t.Errorf("with the %s: status %d (%s), want it answered", name, rec.Code, how)
				}
				// (A reveal needs a round being entered, and the BG Stats
				// hand-off a finished game: their own tests cover them.)
				notHere := strings.HasPrefix(rt.Path, "/games/:id/rounds/:r/reveal") || rt.Path == "/games/:id/bgstats"
				if rt.Method == http.MethodGet && !notHere && rec.Code != http.StatusOK {
					t.Errorf("with the %s: GET status %d, want 200", name, rec.Code)
				}
			}
		})
	}
	t.Logf("%d routes walked: %d guarded, %d open", len(routes), guarded, len(routes)-guarded)
	if guarded < 20 {
		t.Errorf("only %d guarded routes walked; the walk lost its routes", guarded)
	}
	t.Run("no such page", func(t *testing.T) {
		rec := a.do(t, authRequest{method: http.MethodGet, path: "/nowhere"})
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/login?next=%2Fnowhere" {
			t.Errorf("GET /nowhere: status %d to %q, want 303 to the login", rec.Code, rec.Header().Get("Location"))
		}
		rec = a.do(t, authRequest{method: http.MethodGet, path: "/api/nowhere"})
		if rec.Code != http.StatusUnauthorized {
			t.Errorf("GET /api/nowhere: status %d, want 401", rec.Code)
		}
	})
	t.Run("bearer token on a page", func(t *testing.T) {
		rec := a.do(t, authRequest{method: http.MethodGet, path: "/", authz: "Bearer " + authPassword})
		if refused(rec) == "" {
			t.Errorf("GET / with a bearer token: status %d; pages take the cookie only", rec.Code)
		}
	})
}

// TestSessionCookie checks the flags of the cookie, that a tampered or
// foreign one is refused, and that logging out clears it.
func TestSessionCookie(t *testing.T) {
	t.Parallel()
	a := newAuthApp(t)
	for _, tc := range []struct {
		name   string
		tlsOn  bool
		secure bool
	}{
		{name: "plain HTTP", tlsOn: false, secure: false},
		{name: "over TLS", tlsOn: true, secure: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := a.login(t, "192.0.2.1:1000", tc.tlsOn)
			if !c.HttpOnly {
				t.Errorf("HttpOnly false, want true")
			}
			if c.SameSite != http.SameSiteLaxMode {
				t.Errorf("SameSite %v, want Lax", c.SameSite)
			}
			if c.Secure != tc.secure {
				t.Errorf("Secure %v, want %v", c.Secure, tc.secure)
			}
			if c.Path != "/" {
				t.Errorf("Path %q, want /", c.Path)
			}
			if want := int(sessionAge.Seconds()); c.MaxAge != want {
				t.Errorf("Max-Age %d, want %d (30 days)", c.MaxAge, want)
			}
			if rec := a.do(t, authRequest{method: http.MethodGet, path: "/", cookie: c}); rec.Code != http.StatusOK {
				t.Errorf("GET / with the cookie: status %d, want 200", rec.Code)
			}
		})
	}
	good := a.login(t, "192.0.2.1:1000", false)
	other := newAuthApp(t)
	other.h = NewWithOptions(other.st, quietLog(), Options{Password: "another table"})
	foreignRec := other.do(t, authRequest{method: http.MethodPost, path: "/login", form: url.Values{"password": {"another table"}}})
	var foreign *http.Cookie
	for _, c := range foreignRec.Result().Cookies() {
		foreign = c
	}
	if foreign == nil {
		t.Fatalf("the other server set no cookie")
	}
	flip := func(s string, i int) string {
		b := []byte(s)
		if b[i] == 'A' {
			b[i] = 'B'
		} else {
			b[i] = 'A'
		}
		return string(b)
	}
	for _, tc := range []struct {
		name  string
		value string
	}{
		{"one character changed in the middle", flip(good.Value, len(good.Value)/2)},
		{"last character changed", flip(good.Value, len(good.Value)-1)},
		{"cut short", good.Value[:len(good.Value)-4]},
		{"empty", ""},
		{"made up", "MTcwMDAwMDAwMHx7InYiOjF9fGFiYw=="},
		{"signed by a server with another password", foreign.Value},
	} {
		t.Run("refused: "+tc.name, func(t *testing.T) {
			rec := a.do(t, authRequest{method: http.MethodGet, path: "/games/new", cookie: &http.Cookie{Name: sessionCookie, Value: tc.value}})
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/login?next=%2Fgames%2Fnew" {
				t.Errorf("status %d to %q, want 303 to the login", rec.Code, rec.Header().Get("Location"))
			}
		})
	}
	t.Run("a restart with the same password keeps the session", func(t *testing.T) {
		again := NewWithOptions(a.st, quietLog(), Options{Password: authPassword})
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.AddCookie(good)
		rec := httptest.NewRecorder()
		again.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Errorf("status %d, want 200", rec.Code)
		}
	})
	t.Run("logout", func(t *testing.T) {
		if rec := a.do(t, authRequest{method: http.MethodGet, path: "/logout", cookie: good}); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `data-testid="logout-submit"`) {
			t.Errorf("GET /logout: status %d, want 200 with the button", rec.Code)
		}
		rec := a.do(t, authRequest{method: http.MethodPost, path: "/logout", cookie: good})
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/login" {
			t.Errorf("POST /logout: status %d to %q, want 303 to /login", rec.Code, rec.Header().Get("Location"))
		}
		cleared := false
		for _, c := range rec.Result().Cookies() {
			cleared = cleared || (c.Name == sessionCookie && c.MaxAge < 0 && c.Value == "")
		}
		if !cleared {
			t.Errorf("POST /logout: Set-Cookie %q, want the session cookie cleared", rec.Header().Values("Set-Cookie"))
		}
	})
}

// TestLoginForm: the page, a wrong and a missing password, and that the
// page to come back to stays on this server.
func TestLoginForm(t *testing.T) {
	t.Parallel()
	a := newAuthApp(t)
	t.Run("page", func(t *testing.T) {
		rec := a.do(t, authRequest{method: http.MethodGet, path: "/login?next=%2Fgames%2Fnew"})
		body := rec.Body.String()
		if rec.Code != http.StatusOK {
			t.Fatalf("status %d, want 200", rec.Code)
		}
		for _, want := range []string{`data-testid="login-password"`, `data-testid="login-submit"`, `type="password"`, `name="next" value="/games/new"`} {
			if !strings.Contains(body, want) {
				t.Errorf("the page lacks %s", want)
			}
		}
	})
	for _, tc := range []struct {
		name     string
		password string
		status   int
		testid   string
		message  string
	}{
		{"wrong", "black flags", http.StatusUnprocessableEntity, "field-error-password", "That is not the table password."},
		{"missing", "  ", http.StatusUnprocessableEntity, "field-error-password", "Type the table password."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := a.do(t, authRequest{method: http.MethodPost, path: "/login", form: url.Values{"password": {tc.password}, "next": {"/games/new"}}, client: "192.0.2.50:1"})
			body := rec.Body.String()
			if rec.Code != tc.status {
				t.Errorf("status %d, want %d", rec.Code, tc.status)
			}
			if !strings.Contains(body, `data-testid="`+tc.testid+`">`+tc.message+`<`) {
				t.Errorf("no %s saying %q in %.2000s", tc.testid, tc.message, body)
			}
			if !strings.Contains(body, `name="next" value="/games/new"`) {
				t.Errorf("the form forgot where to go next")
			}
			if len(rec.Result().Cookies()) != 0 {
				t.Errorf("a cookie was set: %q", rec.Header().Values("Set-Cookie"))
			}
		})
	}
	for _, tc := range []struct{ next, want string }{
		{"/games/new", "/games/new"},
		{"/games/abc?x=1#y", "/games/abc?x=1#y"},
		{"/%2F%2Fevil.example", "/%2F%2Fevil.example"},
		{"", "/"},
		{"//evil.example/x", "/"},
		{"///evil.example", "/"},
		{"https://evil.example/", "/"},
		{"http:evil.example", "/"},
		{"/\\evil.example", "/"},
		{"\\\\evil.example", "/"},
		{"/\t/evil.example", "/"},
		{"/\n/evil.example", "/"},
		{"javascript:alert(1)", "/"},
		{"evil.example", "/"},
		{"/login?next=//evil.example", "/"},
		{"/logout", "/"},
	} {
		t.Run("next "+strconv.Quote(tc.next), func(t *testing.T) {
			rec := a.do(t, authRequest{method: http.MethodPost, path: "/login", form: url.Values{"password": {authPassword}, "next": {tc.next}}, client: "192.0.2.60:1"})
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != tc.want {
				t.Errorf("after login: status %d to %q, want 303 to %q", rec.Code, rec.Header().Get("Location"), tc.want)
			}
			c := rec.Result().Cookies()
			if len(c) != 1 {
				t.Fatalf("cookies %q, want the session", rec.Header().Values("Set-Cookie"))
			}
			rec = a.do(t, authRequest{method: http.MethodGet, path: "/login?next=" + url.QueryEscape(tc.next), cookie: c[0]})
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != tc.want {
				t.Errorf("login page when logged in: status %d to %q, want 303 to %q", rec.Code, rec.Header().Get("Location"), tc.want)
			}
		})
	}
	t.Run("a form sent while logged out comes back to its page", func(t *testing.T) {
		req := httptest.NewRequest(http.MethodPost, "/games", strings.NewReader("player=Ann&player=Bob"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Referer", "http://example.com/games/new")
		rec := httptest.NewRecorder()
		a.h.ServeHTTP(rec, req)
		if got, want := rec.Header().Get("Location"), "/login?next=%2Fgames%2Fnew"; rec.Code != http.StatusSeeOther || got != want {
			t.Errorf("status %d to %q, want 303 to %q", rec.Code, got, want)
		}
		req.Header.Set("Referer", "http://evil.example/games/new")
		rec = httptest.NewRecorder()
		a.h.ServeHTTP(rec, req)
		if got, want := rec.Header().Get("Location"), "/login"; rec.Code != http.StatusSeeOther || got != want {
			t.Errorf("from another site's page: status %d to %q, want 303 to %q", rec.Code, got, want)
		}
	})
}

// limitsForTest are small limits, so that the tests below reach each of
// them in a few tries.
var limitsForTest = loginLimits{
	perMinute: 5, burst: 1, clients: 100,
	totalPerMinute: 60, totalBurst: 5,
	totalHold: 30 * time.Second, maxHold: 40 * time.Second,
}

// TestOpenApp: without a password nothing asks for one, and /login and
// /logout just go on.
func TestOpenApp(t *testing.T) {
	t.Parallel()
	st := hostStore(t)
	h := NewWithOptions(st, quietLog(), Options{})
	id := hostGame(t, st)
	for _, tc := range []struct {
		method, path string
		status       int
		location     string
	}{
		{http.MethodGet, "/", http.StatusOK, ""},
		{http.MethodGet, "/games/" + id, http.StatusOK, ""},
		{http.MethodGet, "/api/games/" + id, http.StatusOK, ""},
		{http.MethodGet, "/login?next=%2Fgames%2F" + id, http.StatusSeeOther, "/games/" + id},
		{http.MethodGet, "/logout", http.StatusSeeOther, "/"},
		{http.MethodPost, "/logout", http.StatusSeeOther, "/"},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, nil))
			if rec.Code != tc.status || rec.Header().Get("Location") != tc.location {
				t.Errorf("status %d to %q, want %d to %q", rec.Code, rec.Header().Get("Location"), tc.status, tc.location)
			}
		})
	}
}
