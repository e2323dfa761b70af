package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The Caddy test runs the real binary behind a real Caddy (Debian's
// caddy package), as a club hosting the app would: Caddy ends TLS with a
// certificate of its own local CA and passes requests on over loopback.

// proxyTestTimeout bounds each request of the test; only a hang reaches it.
const proxyTestTimeout = 30 * time.Second

// findCaddy returns the caddy binary. Without one the test is skipped,
// unless RUTHLESS_REQUIRE_BROWSER is set (as `make test` does, which
// installs caddy with the browser): then a missing caddy is a failure.
func findCaddy(t *testing.T) string {
	t.Helper()
	if path, err := exec.LookPath("caddy"); err == nil {
		return path
	}
	if v := os.Getenv("RUTHLESS_REQUIRE_BROWSER"); v != "" && v != "0" {
		t.Fatalf("RUTHLESS_REQUIRE_BROWSER=%s but caddy is not on PATH: install Debian's caddy package (make deps does)", v)
	}
	t.Skip("Caddy test skipped: caddy is not on PATH (install Debian's caddy package)")
	return ""
}

// lockedLog collects a process's output while the test reads it.
type lockedLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// freePort is a loopback port nothing listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// startRuthless runs `ruthless serve` with args on a free loopback port
// and returns its address (http://127.0.0.1:PORT) and its log.
func startRuthless(t *testing.T, args ...string) (string, *lockedLog) {
	t.Helper()
	cmd := exec.Command(binary(t), append([]string{"serve", "-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "club.db")}, args...)...)
	log := &lockedLog{}
	cmd.Stderr = log
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	lines := bufio.NewScanner(stdout)
	base := ""
	for base == "" && lines.Scan() {
		base, _ = strings.CutPrefix(lines.Text(), "ruthless: open ")
	}
	if base == "" {
		t.Fatalf("ruthless printed no address; its log:\n%s", log)
	}
	go io.Copy(io.Discard, stdout)
	return base, log
}

// caddyfile is the whole Caddy configuration: no admin endpoint, no
// redirect server, no touching the system's trust store, its storage in
// dir; one site on loopback with a certificate of Caddy's own CA, passed
// on to the app, and one path passed to echo instead (to see what Caddy
// forwards).
func caddyfile(dir string, httpsPort, httpPort int, app, echo string) string {
	return fmt.Sprintf(`{
	admin off
	auto_https disable_redirects
	skip_install_trust
	http_port %d
	https_port %d
	storage file_system %s
}

https://127.0.0.1:%d {
	tls internal
	handle /echo-headers {
		reverse_proxy %s
	}
	handle {
		reverse_proxy %s
	}
}
`, httpPort, httpsPort, filepath.Join(dir, "storage"), httpsPort, echo, app)
}

// startCaddy runs caddy on httpsPort in front of app (host:port) and
// echo, with its home, data and config under a temporary folder, and
// returns its https address and the certificates to trust it by (its
// local CA's root).
func startCaddy(t *testing.T, httpsPort int, app, echo string) (string, *x509.CertPool) {
	t.Helper()
	caddy := findCaddy(t)
	dir := t.TempDir()
	httpPort := freePort(t)
	conf := filepath.Join(dir, "Caddyfile")
	if err := os.WriteFile(conf, []byte(caddyfile(dir, httpsPort, httpPort, app, echo)), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(caddy, "run", "--config", conf, "--adapter", "caddyfile")
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_DATA_HOME="+filepath.Join(dir, "data"), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
	log := &lockedLog{}
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() {
		cmd.Wait()
		close(exited)
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
	})
	base := "https://127.0.0.1:" + strconv.Itoa(httpsPort)
	root := filepath.Join(dir, "storage", "pki", "authorities", "local", "root.crt")
	deadline := time.Now().Add(time.Minute)
	for {
		select {
		case <-exited:
			t.Fatalf("caddy exited; its log:\n%s", log)
		default:
		}
		if pool, ok := caddyReady(base, root); ok {
			return base, pool
		}
		if time.Now().After(deadline) {
			t.Fatalf("caddy did not answer at %s within a minute; its log:\n%s", base, log)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// caddyReady reports whether caddy answers /healthz over TLS verified by
// its root certificate, and that certificate.
func caddyReady(base, root string) (*x509.CertPool, bool) {
	pem, err := os.ReadFile(root)
	if err != nil {
		return nil, false
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		return nil, false
	}
	c := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	resp, err := c.Get(base + "/healthz")
	if err != nil {
		return nil, false
	}
	resp.Body.Close()
	return pool, resp.StatusCode == http.StatusOK
}

// clubClient is one player's machine: its connections come from its own
// loopback address, it trusts roots, and it keeps no cookies by itself
// (the test sends the session cookie, so that it can read the Secure
// flag as the server set it).
type clubClient struct {
	name    string
	http    *http.Client
	session string // Cookie header value, once logged in
}

func newClubClient(name, from string, roots *x509.CertPool) *clubClient {
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: proxyTestTimeout}
	return &clubClient{name: name, http: &http.Client{
		Timeout: proxyTestTimeout,
		Transport: &http.Transport{
			DialContext:     dialer.DialContext,
			TLSClientConfig: &tls.Config{RootCAs: roots},
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// do sends a request with the client's session and the given headers and
// returns the answer with its body read.
func (c *clubClient) do(t *testing.T, method, url, contentType, body string, header map[string]string) (*http.Response, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), proxyTestTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if c.session != "" {
		req.Header.Set("Cookie", c.session)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		t.Fatalf("%s: %s %s: %v", c.name, method, url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s: %s %s: reading the body: %v", c.name, method, url, err)
	}
	return resp, string(b)
}

// login logs in with the form and keeps the session cookie; it returns
// the cookie as set.
func (c *clubClient) login(t *testing.T, base, password string) *http.Cookie {
	t.Helper()
	resp, body := c.do(t, http.MethodPost, base+"/login", "application/x-www-form-urlencoded",
		url.Values{"password": {password}, "next": {"/"}}.Encode(), nil)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("%s: login: status %d, want 303; %.300s", c.name, resp.StatusCode, body)
	}
	for _, ck := range resp.Cookies() {
		if ck.Name == "ruthless_session" {
			c.session = ck.Name + "=" + ck.Value
			return ck
		}
	}
	t.Fatalf("%s: login set no session cookie", c.name)
	return nil
}

// createGame posts a four-player game whose names carry tag (so that no
// two are the same game) and returns the answer.
func (c *clubClient) createGame(t *testing.T, base, tag string, header map[string]string) (*http.Response, string) {
	t.Helper()
	file := fmt.Sprintf(`{"version":1,"players":["Ann %[1]s","Bob %[1]s","Cat %[1]s","Dan %[1]s"]}`, tag)
	return c.do(t, http.MethodPost, base+"/api/games", "application/json", file, header)
}

// playRound creates a game, enters every seat's round-1 pirates and coins
// through the API and checks the results: each seat's party found, the
// prize tokens given, the round's results page drawn.
func (c *clubClient) playRound(t *testing.T, base, tag string) {
	t.Helper()
	resp, body := c.createGame(t, base, tag, nil)
	var created struct{ ID string }
	if resp.StatusCode != http.StatusCreated || json.Unmarshal([]byte(body), &created) != nil || created.ID == "" {
		t.Fatalf("%s: new game: status %d, want 201 with an id; %s", c.name, resp.StatusCode, body)
	}
	pools := []string{`["A2","A3","A4"]`, `["H2","H3","H5"]`, `["K2","K4","K6"]`, `["S3","S4","S5"]`}
	for seat, pool := range pools {
		url := fmt.Sprintf("%s/api/games/%s/rounds/1/entries/%d", base, created.ID, seat)
		entry := fmt.Sprintf(`{"pool":%s,"coins":%d,"version":0}`, pool, seat)
		if resp, body := c.do(t, http.MethodPut, url, "application/json", entry, nil); resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: seat %d's entry: status %d, want 200; %s", c.name, seat, resp.StatusCode, body)
		}
	}
	resp, body = c.do(t, http.MethodGet, base+"/api/games/"+created.ID+"/score", "", "", nil)
	var score struct {
		Rounds []struct {
			Results []struct{ Strength, Prize int }
		}
	}
	if resp.StatusCode != http.StatusOK || json.Unmarshal([]byte(body), &score) != nil || len(score.Rounds) != 1 || len(score.Rounds[0].Results) != 4 {
		t.Fatalf("%s: score: status %d, want 200 with one round of four results; %.500s", c.name, resp.StatusCode, body)
	}
	prizes := 0
	for seat, r := range score.Rounds[0].Results {
		if r.Strength <= 0 {
			t.Errorf("%s: seat %d's party has strength %d, want a party found", c.name, seat, r.Strength)
		}
		prizes += r.Prize
	}
	if prizes == 0 {
		t.Errorf("%s: no prize token given in round 1: %s", c.name, body)
	}
	if resp, body := c.do(t, http.MethodGet, base+"/games/"+created.ID+"/rounds/1", "", "", nil); resp.StatusCode != http.StatusOK || !strings.Contains(body, "Ann "+tag) {
		t.Errorf("%s: round 1's results page: status %d, want 200 naming the players", c.name, resp.StatusCode)
	}
	// The invite link names the address the players open (-base-url),
	// not the app's own.
	join := base + "/games/" + created.ID + "/join?code="
	if resp, body := c.do(t, http.MethodGet, base+"/games/"+created.ID+"/invite", "", "", nil); resp.StatusCode != http.StatusOK || !strings.Contains(body, join) {
		t.Errorf("%s: invite page: status %d, want 200 with the link %s…", c.name, resp.StatusCode, join)
	}
}

// TestBehindCaddy: two players reach the app through Caddy over HTTPS
// from two addresses; each logs in (a Secure cookie), plays a round and
// has a new-game limit of its own; a third, talking to the app directly
// and naming another client in X-Forwarded-For, is held by its own
// address's limit; and Caddy replaces the X-Forwarded-* headers a client
// sends with its own, which is what makes believing it safe.
func TestBehindCaddy(t *testing.T) {
	t.Parallel()
	echo := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]string{
			"for": strings.Join(r.Header.Values("X-Forwarded-For"), "|"), "host": strings.Join(r.Header.Values("X-Forwarded-Host"), "|"),
			"proto": strings.Join(r.Header.Values("X-Forwarded-Proto"), "|"),
		})
	}))
	defer echo.Close()
	findCaddy(t) // before building anything
	// Caddy's port is chosen first: the app names it in -base-url.
	httpsPort := freePort(t)
	public := "https://127.0.0.1:" + strconv.Itoa(httpsPort)
	app, appLog := startRuthless(t, "-password", "kraken", "-trusted-proxy", "127.0.0.1", "-new-games-per-minute", "2", "-base-url", public)
	proxy, roots := startCaddy(t, httpsPort, strings.TrimPrefix(app, "http://"), strings.TrimPrefix(echo.URL, "http://"))

	ann := newClubClient("client A (127.0.0.2)", "127.0.0.2", roots)
	bob := newClubClient("client B (127.0.0.3)", "127.0.0.3", roots)
	for _, c := range []*clubClient{ann, bob} {
		if ck := c.login(t, proxy, "kraken"); !ck.Secure || !ck.HttpOnly {
			t.Errorf("%s: session cookie Secure %v, HttpOnly %v through HTTPS; want both", c.name, ck.Secure, ck.HttpOnly)
		}
		c.playRound(t, proxy, c.name[7:8])
	}

	// A's second game is its last this minute; B still has one.
	if resp, body := ann.createGame(t, proxy, "A2", nil); resp.StatusCode != http.StatusCreated {
		t.Fatalf("A's second game: status %d, want 201; %s", resp.StatusCode, body)
	}
	resp, body := ann.createGame(t, proxy, "A3", nil)
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" || !strings.Contains(body, "at most 2 a minute") {
		t.Fatalf("A's third game: status %d, Retry-After %q; want 429 with Retry-After, saying at most 2 a minute; %s",
			resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
	if resp, body := bob.createGame(t, proxy, "B2", nil); resp.StatusCode != http.StatusCreated {
		t.Errorf("B's second game after A was held: status %d, want 201 (limits kept apart); %s", resp.StatusCode, body)
	}

	// Through Caddy, naming A in X-Forwarded-For makes nobody A: Caddy
	// puts the real address there.
	cat := newClubClient("client C (127.0.0.5)", "127.0.0.5", roots)
	cat.login(t, proxy, "kraken")
	forged := map[string]string{"X-Forwarded-For": "127.0.0.2", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http"}
	if resp, body := cat.createGame(t, proxy, "C1", forged); resp.StatusCode != http.StatusCreated {
		t.Errorf("C's game with A's address forged, through Caddy: status %d, want 201 (C's own limit); %s", resp.StatusCode, body)
	}
	_, echoed := cat.do(t, http.MethodGet, proxy+"/echo-headers", "", "", forged)
	var seen map[string]string
	if err := json.Unmarshal([]byte(echoed), &seen); err != nil {
		t.Fatalf("echo: %v: %s", err, echoed)
	}
	want := map[string]string{"for": "127.0.0.5", "host": strings.TrimPrefix(proxy, "https://"), "proto": "https"}
	for k, v := range want {
		if seen[k] != v {
			t.Errorf("Caddy passed X-Forwarded-%s %q on, want its own %q in place of the forged one", k, seen[k], v)
		}
	}

	// Directly to the app (not through Caddy), from 127.0.0.4, naming
	// another client in X-Forwarded-For gains nothing: the app does not
	// trust 127.0.0.4, so the limit is that address's.
	dan := newClubClient("client D (127.0.0.4, direct)", "127.0.0.4", nil)
	dan.login(t, app, "kraken")
	for i, fake := range []string{"127.0.0.9", "127.0.0.10", "127.0.0.11"} {
		resp, body := dan.createGame(t, app, "D"+strconv.Itoa(i), map[string]string{"X-Forwarded-For": fake})
		want := http.StatusCreated
		if i == 2 {
			want = http.StatusTooManyRequests
		}
		if resp.StatusCode != want {
			t.Errorf("D's game %d, X-Forwarded-For %s, straight to the app: status %d, want %d; %s", i+1, fake, resp.StatusCode, want, body)
		}
	}

	// The app's log names each client by its own address, never a forged one.
	log := appLog.String()
	for _, who := range []string{"client=127.0.0.2", "client=127.0.0.3", "client=127.0.0.4", "client=127.0.0.5"} {
		if !strings.Contains(log, who) {
			t.Errorf("the app's log has no line with %s", who)
		}
	}
	for _, forged := range []string{"client=127.0.0.9", "client=127.0.0.10", "client=127.0.0.11"} {
		if strings.Contains(log, forged) {
			t.Errorf("the app's log names the forged %s", forged)
		}
	}
}
