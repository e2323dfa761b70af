package handlers_test

import (
	"bytes"
	"context"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/skip2/go-qrcode"

	"ruthless/handlers"
	"ruthless/store"
)

// proxyAddr is the trusted proxy of these tests; clients are in
// 203.0.113.0/24 and 198.51.100.0/24, httptest's own address (192.0.2.1)
// is nobody's proxy.
const proxyAddr = "10.0.0.1"

var trustedForTest = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}

// proxiedApp is the app with opt, its log kept.
func proxiedApp(t *testing.T, opt handlers.Options) (*app, *syncBuffer) {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	log := &syncBuffer{}
	return &app{h: handlers.NewWithOptions(st, slog.New(slog.NewTextHandler(log, nil)), opt), store: st}, log
}

// newGameFrom posts a new game to the API from the connection address
// from (host:port), with the given extra headers.
func newGameFrom(t *testing.T, a *app, from string, header map[string]string) response {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/api/games", strings.NewReader(`{"version":1,"players":["Ann","Bob"]}`))
	req.Header.Set("Content-Type", "application/json")
	req.RemoteAddr = from
	for k, v := range header {
		req.Header.Set(k, v)
	}
	return a.do(t, req)
}

// TestForgedForwardedForIgnored: a client that is not a trusted proxy
// gains nothing by naming other addresses in X-Forwarded-For, whether
// the app trusts some proxy or none: its games are counted against its
// own address, and the log names that address.
func TestForgedForwardedForIgnored(t *testing.T) {
	t.Parallel()
	for _, trusted := range [][]netip.Prefix{nil, trustedForTest} {
		a, log := proxiedApp(t, handlers.Options{GamesPerMinute: 2, TrustedProxies: trusted})
		for i, forged := range []string{"198.51.100.1", "198.51.100.2", "198.51.100.3"} {
			res := newGameFrom(t, a, "203.0.113.5:4000", map[string]string{"X-Forwarded-For": forged})
			want := http.StatusCreated
			if i == 2 {
				want = http.StatusTooManyRequests
			}
			if res.status != want {
				t.Fatalf("trusted %v, game %d with X-Forwarded-For %s: status %d, want %d; %s", trusted, i+1, forged, res.status, want, res.body)
			}
		}
		if strings.Contains(log.String(), "198.51.100.") || !strings.Contains(log.String(), "client=203.0.113.5") {
			t.Errorf("trusted %v: the log names a forged address or not the connection's:\n%s", trusted, log)
		}
	}
}

// TestTrustedProxyClients: behind a trusted proxy each client (as the
// proxy names it, past any further trusted proxies) has its own
// new-game allowance, and the refusal says the configured number.
func TestTrustedProxyClients(t *testing.T) {
	t.Parallel()
	a, log := proxiedApp(t, handlers.Options{GamesPerMinute: 2, TrustedProxies: trustedForTest})
	via := func(xff string) response {
		return newGameFrom(t, a, proxyAddr+":5000", map[string]string{"X-Forwarded-For": xff})
	}
	steps := []struct {
		xff  string
		want int
	}{
		{"203.0.113.1", http.StatusCreated},
		{"203.0.113.1", http.StatusCreated},
		{"203.0.113.1", http.StatusTooManyRequests},
		// The same client through a second proxy; a forged entry left
		// of it changes nothing.
		{"198.51.100.77, 203.0.113.1, 10.0.0.2", http.StatusTooManyRequests},
		{"203.0.113.2", http.StatusCreated},
		{"198.51.100.77, 203.0.113.2, 10.0.0.2", http.StatusCreated},
		{"203.0.113.2", http.StatusTooManyRequests},
		// Garbage: the proxy itself is the client, with its own allowance.
		{"not an address", http.StatusCreated},
		{"", http.StatusCreated},
		{"203.0.113.3:70000", http.StatusTooManyRequests},
	}
	for i, s := range steps {
		res := via(s.xff)
		if res.status != s.want {
			t.Fatalf("step %d, X-Forwarded-For %q: status %d, want %d; %s", i+1, s.xff, res.status, s.want, res.body)
		}
		if res.status == http.StatusTooManyRequests && !strings.Contains(res.body, "at most 2 a minute") {
			t.Errorf("step %d: the refusal does not say the configured 2 a minute: %s", i+1, res.body)
		}
	}
	for _, who := range []string{"client=203.0.113.1", "client=203.0.113.2", "client=" + proxyAddr} {
		if !strings.Contains(log.String(), who) {
			t.Errorf("the log has no line with %s", who)
		}
	}
	if strings.Contains(log.String(), "198.51.100.77") {
		t.Error("the log names the forged address")
	}
}

// sessionCookieOf logs in from the connection address from with the
// given headers and returns the session cookie set.
func sessionCookieOf(t *testing.T, a *app, from string, header map[string]string) *http.Cookie {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/login", strings.NewReader(url.Values{"password": {"kraken"}, "next": {"/"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.RemoteAddr = from
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res := a.do(t, req)
	if res.status != http.StatusSeeOther {
		t.Fatalf("login: status %d, want 303; %.300s", res.status, res.body)
	}
	for _, c := range (&http.Response{Header: res.header}).Cookies() {
		if c.Name == "ruthless_session" {
			return c
		}
	}
	t.Fatal("login set no session cookie")
	return nil
}

// TestSecureCookieBehindProxy: the session cookie is Secure when the
// client came over TLS to a trusted proxy (X-Forwarded-Proto), never on
// the word of anyone else, and always when the public address is https.
func TestSecureCookieBehindProxy(t *testing.T) {
	t.Parallel()
	https := map[string]string{"X-Forwarded-Proto": "https"}
	tests := []struct {
		name   string
		opt    handlers.Options
		from   string
		header map[string]string
		secure bool
	}{
		{"trusted proxy, https", handlers.Options{TrustedProxies: trustedForTest}, proxyAddr + ":1", https, true},
		{"trusted proxy, list of protos", handlers.Options{TrustedProxies: trustedForTest}, proxyAddr + ":1", map[string]string{"X-Forwarded-Proto": "http, HTTPS"}, true},
		{"trusted proxy, http", handlers.Options{TrustedProxies: trustedForTest}, proxyAddr + ":1", map[string]string{"X-Forwarded-Proto": "http"}, false},
		{"trusted proxy, no header", handlers.Options{TrustedProxies: trustedForTest}, proxyAddr + ":1", nil, false},
		{"untrusted client claiming https", handlers.Options{TrustedProxies: trustedForTest}, "203.0.113.5:1", https, false},
		{"no proxy trusted", handlers.Options{}, proxyAddr + ":1", https, false},
		{"https base URL", handlers.Options{BaseURL: "https://scores.example.org"}, "203.0.113.5:1", nil, true},
		{"http base URL", handlers.Options{BaseURL: "http://scores.example.org"}, "203.0.113.5:1", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opt.Password = "kraken"
			a, _ := proxiedApp(t, tt.opt)
			if c := sessionCookieOf(t, a, tt.from, tt.header); c.Secure != tt.secure {
				t.Errorf("Secure %v, want %v", c.Secure, tt.secure)
			}
		})
	}
}

// TestHostCheckBehindProxy: behind a trusted proxy the name the client
// asked the proxy for (X-Forwarded-Host) is what must be known; the
// -base-url's host always is. From anyone else the header is ignored.
func TestHostCheckBehindProxy(t *testing.T) {
	t.Parallel()
	opt := handlers.Options{TrustedProxies: trustedForTest, BaseURL: "https://scores.example.org"}
	a, _ := proxiedApp(t, opt)
	tests := []struct {
		name, from, host, fwdHost string
		want                      int
	}{
		{"proxy asked for the base URL's name", proxyAddr, "127.0.0.1:8080", "scores.example.org", http.StatusOK},
		{"the same with a port", proxyAddr, "127.0.0.1:8080", "Scores.Example.org:443", http.StatusOK},
		{"proxy asked for a rebound name", proxyAddr, "127.0.0.1:8080", "rebind.evil.example", http.StatusMisdirectedRequest},
		{"proxy passes the Host on, no X-Forwarded-Host", proxyAddr, "scores.example.org", "", http.StatusOK},
		{"proxy passes a rebound Host on", proxyAddr, "rebind.evil.example", "", http.StatusMisdirectedRequest},
		{"untrusted client: X-Forwarded-Host ignored", "203.0.113.5", "localhost:8080", "rebind.evil.example", http.StatusOK},
		{"untrusted client cannot vouch for its Host", "203.0.113.5", "rebind.evil.example", "scores.example.org", http.StatusMisdirectedRequest},
		{"base URL's name asked directly", "203.0.113.5", "scores.example.org", "", http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, "/rules", nil)
			req.RemoteAddr = tt.from + ":3000"
			req.Host = tt.host
			if tt.fwdHost != "" {
				req.Header.Set("X-Forwarded-Host", tt.fwdHost)
			}
			// As if it came through a connection to 127.0.0.1:8080, which
			// is what makes the app check the name at all.
			local := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}
			req = req.WithContext(context.WithValue(req.Context(), http.LocalAddrContextKey, net.Addr(local)))
			if res := a.do(t, req); res.status != tt.want {
				t.Errorf("status %d, want %d; %.200s", res.status, tt.want, res.body)
			}
		})
	}
}

// joinLinkOf is the invite page's join link and whether the QR image
// encodes exactly it, asked with the given Host and headers.
func joinLinkOf(t *testing.T, a *app, id, from, host string, header map[string]string) (string, bool) {
	t.Helper()
	get := func(path string) response {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.RemoteAddr, req.Host = from, host
		for k, v := range header {
			req.Header.Set(k, v)
		}
		return a.do(t, req)
	}
	page := get("/games/" + id + "/invite")
	link, _ := testid(page.body, "join-link")
	img := get("/games/" + id + "/invite.png")
	want, err := qrcode.Encode(link, qrcode.Medium, 320)
	return link, err == nil && img.status == http.StatusOK && bytes.Equal([]byte(img.body), want)
}

// cardURLOf is the result card's og:url.
func cardURLOf(t *testing.T, a *app, id, from, host string, header map[string]string) string {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/games/"+id+"/card", nil)
	req.RemoteAddr, req.Host = from, host
	for k, v := range header {
		req.Header.Set(k, v)
	}
	m := regexp.MustCompile(`<meta property="og:url" content="([^"]*)"`).FindStringSubmatch(a.do(t, req).body)
	if m == nil {
		t.Fatal("the card has no og:url")
	}
	return m[1]
}

// TestPublicAddressInLinks: the invite link, its QR code and the result
// card name -base-url when it is given, whatever the request's Host;
// without it, behind a trusted proxy, the scheme and name the proxy was
// asked for; and a forger's headers never.
func TestPublicAddressInLinks(t *testing.T) {
	t.Parallel()
	fwd := map[string]string{"X-Forwarded-Proto": "https", "X-Forwarded-Host": "club.example.net"}
	tests := []struct {
		name       string
		opt        handlers.Options
		from, host string
		header     map[string]string
		want       string // the scheme and host of every link
	}{
		{"base URL", handlers.Options{BaseURL: "https://scores.example.org/", ListenAddr: "127.0.0.1:8080"}, proxyAddr + ":1", "127.0.0.1:8080", nil, "https://scores.example.org"},
		{"base URL beats the proxy's headers", handlers.Options{BaseURL: "https://scores.example.org", TrustedProxies: trustedForTest}, proxyAddr + ":1", "127.0.0.1:8080", fwd, "https://scores.example.org"},
		{"trusted proxy's name and scheme", handlers.Options{TrustedProxies: trustedForTest, Hosts: []string{"club.example.net"}}, proxyAddr + ":1", "127.0.0.1:8080", fwd, "https://club.example.net"},
		{"untrusted client's headers ignored", handlers.Options{TrustedProxies: trustedForTest}, "203.0.113.5:1", "192.0.2.80:8080", fwd, "http://192.0.2.80:8080"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, _ := proxiedApp(t, tt.opt)
			id := a.createGame(t, tableGame)
			link, qrMatches := joinLinkOf(t, a, id, tt.from, tt.host, tt.header)
			if want := tt.want + "/games/" + id + "/join"; link != want {
				t.Errorf("join link %q, want %q", link, want)
			}
			if !qrMatches {
				t.Error("the QR image is not the code of the join link")
			}
			if got, want := cardURLOf(t, a, id, tt.from, tt.host, tt.header), tt.want+"/games/"+id+"/card"; got != want {
				t.Errorf("card og:url %q, want %q", got, want)
			}
		})
	}
}

// TestLimitsOff: a limit of 0 (Options below 0) is no limit: new games
// and wrong passwords are never refused for coming too often.
func TestLimitsOff(t *testing.T) {
	t.Parallel()
	a, _ := proxiedApp(t, handlers.Options{GamesPerMinute: -1, LoginsPerMinute: -1, Password: "kraken"})
	for i := range 25 {
		req := httptest.NewRequest(http.MethodPost, "/login", strings.NewReader("password=guess"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if res := a.do(t, req); res.status != http.StatusUnprocessableEntity {
			t.Fatalf("wrong password %d: status %d, want 422 (no limit)", i+1, res.status)
		}
	}
	cookie := sessionCookieOf(t, a, "192.0.2.1:1234", nil)
	for i := range 25 {
		req := httptest.NewRequest(http.MethodPost, "/api/games", strings.NewReader(`{"version":1,"players":["Ann","Bob"]}`))
		req.Header.Set("Content-Type", "application/json")
		req.AddCookie(cookie)
		if res := a.do(t, req); res.status != http.StatusCreated {
			t.Fatalf("game %d: status %d, want 201 (no limit); %s", i+1, res.status, res.body)
		}
	}
}

// TestBearerNotHeldByGameLimit: a script sending the table password as a
// bearer token creates as many games as it likes; a phone with a session
// is held as before, and a wrong bearer is still 401.
func TestBearerNotHeldByGameLimit(t *testing.T) {
	t.Parallel()
	a, _ := proxiedApp(t, handlers.Options{GamesPerMinute: 1, Password: "kraken"})
	for i := range 5 {
		res := newGameFrom(t, a, "192.0.2.1:1234", map[string]string{"Authorization": "Bearer kraken"})
		if res.status != http.StatusCreated {
			t.Fatalf("game %d with the bearer: status %d, want 201; %s", i+1, res.status, res.body)
		}
	}
	if res := newGameFrom(t, a, "192.0.2.1:1234", map[string]string{"Authorization": "Bearer parrot"}); res.status != http.StatusUnauthorized {
		t.Errorf("wrong bearer: status %d, want 401", res.status)
	}
	cookie := sessionCookieOf(t, a, "192.0.2.1:1234", nil)
	post := func(authorization string) response {
		req := httptest.NewRequest(http.MethodPost, "/api/games", strings.NewReader(`{"version":1,"players":["Ann","Bob"]}`))
		req.Header.Set("Content-Type", "application/json")
		req.AddCookie(cookie)
		if authorization != "" {
			req.Header.Set("Authorization", authorization)
		}
		return a.do(t, req)
	}
	if res := post(""); res.status != http.StatusCreated {
		t.Fatalf("first game with a session: status %d, want 201", res.status)
	}
	if res := post(""); res.status != http.StatusTooManyRequests || !strings.Contains(res.body, "at most 1 a minute") {
		t.Errorf("second game with a session: status %d, want 429 saying at most 1 a minute; %s", res.status, res.body)
	}
	// The session lets it in; a wrong password beside it lifts nothing.
	if res := post("Bearer parrot"); res.status != http.StatusTooManyRequests {
		t.Errorf("a session with a wrong bearer: status %d, want 429", res.status)
	}
	if res := post("Bearer kraken"); res.status != http.StatusCreated {
		t.Errorf("a session with the right bearer: status %d, want 201", res.status)
	}
}

// TestOpenAppBearerHeld: with no password there is no bearer to prove
// anything, so the limit holds every client.
func TestOpenAppBearerHeld(t *testing.T) {
	t.Parallel()
	a, _ := proxiedApp(t, handlers.Options{GamesPerMinute: 1})
	bearer := map[string]string{"Authorization": "Bearer anything"}
	if res := newGameFrom(t, a, "192.0.2.1:1234", bearer); res.status != http.StatusCreated {
		t.Fatalf("first game: status %d, want 201", res.status)
	}
	if res := newGameFrom(t, a, "192.0.2.1:1234", bearer); res.status != http.StatusTooManyRequests {
		t.Errorf("second game: status %d, want 429", res.status)
	}
}
