package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// holds records the answers a loginLimiter holds instead of holding them:
// each returns at once.
type holds struct {
	mu sync.Mutex
	d  []time.Duration
}

func (h *holds) hold(_ context.Context, d time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.d = append(h.d, d)
}

func (h *holds) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.d)
}

// newHeldAuthApp is newAuthApp whose login limiter records its holds.
func newHeldAuthApp(t testing.TB) (*authApp, *holds) {
	t.Helper()
	st := hostStore(t)
	a := newApp(st, quietLog(), Limits{})
	a.auth = newAuth(authPassword, 0, quietLog())
	h := &holds{}
	a.auth.tries.holdFunc = h.hold
	return &authApp{h: a.handler(), st: st}, h
}

// TestLoginRateLimit: five wrong passwords from one client are told at
// once (422); the next is held, then told with 429 and Retry-After; the
// right password still gets in; other clients are not held up; IPv6
// clients of one /64 share a limit; the API's bearer tokens count the
// same way.
func TestLoginRateLimit(t *testing.T) {
	t.Parallel()
	a, held := newHeldAuthApp(t)
	wrong := url.Values{"password": {"guess"}}
	const client = "192.0.2.7:5555"
	for i := 1; i <= loginBurst; i++ {
		if rec := a.do(t, authRequest{method: http.MethodPost, path: "/login", form: wrong, client: client}); rec.Code != http.StatusUnprocessableEntity {
			t.Fatalf("wrong try %d: status %d, want 422", i, rec.Code)
		}
	}
	if n := held.count(); n != 0 {
		t.Fatalf("%d answers held within the limit, want none", n)
	}
	t.Run("a wrong password after the burst", func(t *testing.T) {
		rec := a.do(t, authRequest{method: http.MethodPost, path: "/login", form: wrong, client: "192.0.2.7:6666"})
		if rec.Code != http.StatusTooManyRequests {
			t.Fatalf("status %d, want 429", rec.Code)
		}
		if held.count() != 1 || held.d[0] <= 0 || held.d[0] > 12*time.Second {
			t.Errorf("holds %v, want one of at most 12 s", held.d)
		}
		if n, err := strconv.Atoi(rec.Header().Get("Retry-After")); err != nil || n < 1 || n > 12 {
			t.Errorf("Retry-After %q, want 1 to 12 seconds", rec.Header().Get("Retry-After"))
		}
		if msg, want := rec.Body.String(), "Too many wrong passwords from this phone: wait "; !strings.Contains(msg, want) {
			t.Errorf("the page does not say %q", want)
		}
		if len(rec.Result().Cookies()) != 0 {
			t.Errorf("a cookie was set")
		}
	})
	t.Run("the right password after the burst", func(t *testing.T) {
		a.login(t, "192.0.2.7:7777", false)
	})
	t.Run("another client", func(t *testing.T) {
		a.login(t, "192.0.2.8:5555", false)
	})
	t.Run("IPv6 clients of one /64 share a limit", func(t *testing.T) {
		for i := 1; i <= loginBurst; i++ {
			a.do(t, authRequest{method: http.MethodPost, path: "/login", form: wrong, client: "[2001:db8:1:2::" + strconv.Itoa(i) + "]:443"})
		}
		rec := a.do(t, authRequest{method: http.MethodPost, path: "/login", form: wrong, client: "[2001:db8:1:2:ffff::1]:443"})
		if rec.Code != http.StatusTooManyRequests {
			t.Errorf("status %d, want 429", rec.Code)
		}
	})
	t.Run("bearer tokens", func(t *testing.T) {
		const api = "192.0.2.9:1"
		get := func(token string) *httptest.ResponseRecorder {
			return a.do(t, authRequest{method: http.MethodGet, path: "/api/games/none", authz: "Bearer " + token, client: api})
		}
		for i := 0; i < 3; i++ {
			if rec := get(authPassword); rec.Code != http.StatusNotFound {
				t.Fatalf("right token %d: status %d, want 404 (no such game)", i+1, rec.Code)
			}
		}
		for i := 1; i <= loginBurst; i++ {
			rec := get("guess")
			if rec.Code != http.StatusUnauthorized || !strings.Contains(rec.Header().Get("WWW-Authenticate"), `error="invalid_token"`) {
				t.Fatalf("wrong token %d: status %d, WWW-Authenticate %q; want 401 invalid_token", i, rec.Code, rec.Header().Get("WWW-Authenticate"))
			}
		}
		rec := get("guess")
		if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" {
			t.Errorf("wrong token after the burst: status %d, Retry-After %q; want 429 with Retry-After", rec.Code, rec.Header().Get("Retry-After"))
		}
		var e struct{ Error, Field string }
		if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || !strings.Contains(e.Error, "too many wrong passwords") {
			t.Errorf("body %s, want JSON saying too many wrong passwords (%v)", rec.Body, err)
		}
		if rec := get(authPassword); rec.Code != http.StatusNotFound {
			t.Errorf("right token after the burst: status %d, want 404 (no such game)", rec.Code)
		}
	})
}

// TestLoginLimiter walks a limiter through its limits, one try at a time
// at one instant: what each try comes to, that every password was
// checked first, and how long a wrong one's answer was held.
func TestLoginLimiter(t *testing.T) {
	t.Parallel()
	l := newLoginLimiter(limitsForTest)
	t0 := time.Unix(1_700_000_000, 0)
	l.now = func() time.Time { return t0 }
	held := &holds{}
	l.holdFunc = held.hold
	steps := []struct {
		name   string
		client string
		right  bool
		want   loginOutcome
		hold   time.Duration // of this try's answer; 0: none
	}{
		{"a wrong password within the limits", "a", false, loginWrong, 0},
		{"a wrong password over the client's limit is held until its next turn", "a", false, loginLimited, 12 * time.Second},
		{"the right one from that client gets in", "a", true, loginRight, 0},
		{"a parallel wrong one waits behind the first", "a", false, loginLimited, 24 * time.Second},
		{"a third, behind both", "a", false, loginLimited, 36 * time.Second},
		{"a fourth, at the longest hold", "a", false, loginLimited, 40 * time.Second},
		{"the right one still gets in at once", "a", true, loginRight, 0},
		{"another client is not held up", "b", true, loginRight, 0},
		{"past the total (five), another client's first wrong one waits the shared turn", "b", false, loginLimited, 1 * time.Second},
		{"and a third client's after it", "c", false, loginLimited, 2 * time.Second},
		{"over the total, the right one gets in", "e", true, loginRight, 0},
	}
	for _, st := range steps {
		before := held.count()
		checked := false
		lifted := time.Duration(0)
		v := l.try(context.Background(), st.client, func() bool { checked = true; return st.right }, func(d time.Duration) { lifted = d })
		got := time.Duration(0)
		if held.count() > before {
			got = held.d[len(held.d)-1]
		}
		if v.outcome != st.want || !checked || got != st.hold || lifted != st.hold {
			t.Fatalf("%s: outcome %d, checked %v, held %v, deadline lifted by %v; want %d, true, %v, %v", st.name, v.outcome, checked, got, lifted, st.want, st.hold, st.hold)
		}
		if v.outcome == loginLimited && (v.retry <= 0 || v.retry > time.Minute) {
			t.Errorf("%s: retry in %v, want a wait of at most a minute", st.name, v.retry)
		}
	}
}

// TestLoginLimiterForgets: the limiter's memory stays bounded, forgetting
// first the clients whose bucket is full again, then the oldest.
func TestLoginLimiterForgets(t *testing.T) {
	t.Parallel()
	lim := limitsForTest
	lim.burst, lim.clients, lim.totalBurst = 5, 3, 1000
	l := newLoginLimiter(lim)
	l.holdFunc = (&holds{}).hold
	t0 := time.Unix(1_700_000_000, 0)
	try := func(client string, at time.Duration) loginOutcome {
		t.Helper()
		l.now = func() time.Time { return t0.Add(at) }
		return l.try(context.Background(), client, func() bool { return false }, nil).outcome
	}
	fail := func(client string, at time.Duration) {
		t.Helper()
		if got := try(client, at); got != loginWrong {
			t.Fatalf("%s at %v: outcome %d, want a wrong try told at once", client, at, got)
		}
	}
	keys := func() string {
		var k []string
		for _, c := range []string{"a", "b", "c", "d", "e", "f", "g"} {
			if l.fails.Knows(c) {
				k = append(k, c)
			}
		}
		return strings.Join(k, " ")
	}
	fail("a", 0)
	fail("b", 0)
	fail("c", 0)
	if got := keys(); got != "a b c" {
		t.Fatalf("clients %q, want a b c", got)
	}
	fail("d", 61*time.Second) // a, b and c have all their tries back
	if got := keys(); got != "d" {
		t.Errorf("after a minute: clients %q, want d", got)
	}
	fail("e", 62*time.Second)
	fail("f", 63*time.Second)
	fail("g", 64*time.Second) // nobody is idle long enough: the oldest goes
	if got := keys(); got != "e f g" {
		t.Errorf("when full: clients %q, want e f g", got)
	}
	for i := 0; i < 4; i++ {
		fail("e", 64*time.Second)
	}
	if got := try("e", 64*time.Second); got != loginLimited {
		t.Errorf("sixth wrong try: outcome %d, want held (%d)", got, loginLimited)
	}
}

// TestRightPasswordAfterWrongOnes: wrong passwords from an address (a
// phone that mistyped, or a guesser behind the same router, or the same
// IPv6 /64, as every phone of a home network is) never keep the right
// password out, typed or sent as a token.
func TestRightPasswordAfterWrongOnes(t *testing.T) {
	t.Parallel()
	a := newAuthApp(t)
	cookie := a.login(t, "[2001:db8:1:2::3]:443", false)
	wrong := url.Values{"password": {"guess"}}
	for i := 1; i <= loginBurst; i++ {
		if rec := a.do(t, authRequest{method: http.MethodPost, path: "/login", form: wrong, client: "[2001:db8:1:2::1]:443"}); rec.Code != http.StatusUnprocessableEntity {
			t.Fatalf("wrong try %d: status %d, want 422", i, rec.Code)
		}
	}
	t.Run("another phone of the network logs in", func(t *testing.T) {
		a.login(t, "[2001:db8:1:2::2]:443", false)
	})
	t.Run("a phone logged in before never sees the limit", func(t *testing.T) {
		if rec := a.do(t, authRequest{method: http.MethodGet, path: "/", cookie: cookie, client: "[2001:db8:1:2::3]:443"}); rec.Code != http.StatusOK {
			t.Errorf("GET / with its cookie: status %d, want 200", rec.Code)
		}
	})
	t.Run("the phone that mistyped logs in", func(t *testing.T) {
		a.login(t, "[2001:db8:1:2::1]:443", false)
	})
	t.Run("a script with the right token", func(t *testing.T) {
		for i := 1; i <= loginBurst; i++ {
			a.do(t, authRequest{method: http.MethodGet, path: "/api/games/none", authz: "Bearer guess", client: "192.0.2.50:1"})
		}
		if rec := a.do(t, authRequest{method: http.MethodGet, path: "/api/games/none", authz: "Bearer " + authPassword, client: "192.0.2.50:2"}); rec.Code != http.StatusNotFound {
			t.Errorf("status %d, want 404 (no such game)", rec.Code)
		}
	})
}
