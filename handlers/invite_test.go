package handlers

import (
	"html"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"ruthless/static"
	"ruthless/views"
)

// jarPhone is a phone behind the table password that keeps its cookies
// as a browser does, each sent only to the paths it was set for: the
// join cookie's path decides where the join code reaches.
type jarPhone struct {
	a   *authApp
	jar *cookiejar.Jar
}

func newJarPhone(t testing.TB, a *authApp) *jarPhone {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &jarPhone{a: a, jar: jar}
}

// do sends one request with the cookies the jar holds for its path and
// keeps those the answer sets. accept, when not "", is the Accept header.
func (p *jarPhone) do(t testing.TB, method, path string, form url.Values, accept string) *httptest.ResponseRecorder {
	t.Helper()
	var req *http.Request
	if form != nil {
		req = httptest.NewRequest(method, path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	} else {
		req = httptest.NewRequest(method, path, nil)
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	req.RemoteAddr = "192.0.2.2:1000"
	u := &url.URL{Scheme: "http", Host: req.Host, Path: req.URL.Path}
	for _, ck := range p.jar.Cookies(u) {
		req.AddCookie(ck)
	}
	rec := httptest.NewRecorder()
	p.a.h.ServeHTTP(rec, req)
	p.jar.SetCookies(u, rec.Result().Cookies())
	return rec
}

func (p *jarPhone) get(t testing.TB, path string) *httptest.ResponseRecorder {
	t.Helper()
	return p.do(t, http.MethodGet, path, nil, "")
}

// joinedPhone is a phone that opened game id's invite link and holds
// nothing else.
func joinedPhone(t testing.TB, a *authApp, id string) *jarPhone {
	t.Helper()
	p := newJarPhone(t, a)
	rec := p.get(t, "/games/"+id+"/join?code="+url.QueryEscape(a.codeFor(t, id)))
	if rec.Code != http.StatusOK {
		t.Fatalf("opening the invite link: status %d (%s), want 200", rec.Code, refused(rec))
	}
	return p
}

// TestJoinCodeHelpers: a phone that joined with the invite link (table
// password set) also opens the helpers a player needs during the game:
// the rules a chip links to, the recruit advisor the entry page links
// to, the best-party page and "check a party", read and sent. Nothing
// else outside its game opens without the password.
func TestJoinCodeHelpers(t *testing.T) {
	t.Parallel()
	a := newAuthApp(t)
	id := hostGame(t, a.st)
	other := hostGame(t, a.st)
	p := joinedPhone(t, a, id)

	entry := p.get(t, "/games/"+id+"/rounds/1/players/0")
	m := regexp.MustCompile(`href="([^"]*)" data-testid="advisor-link"`).FindStringSubmatch(entry.Body.String())
	if entry.Code != http.StatusOK || m == nil {
		t.Fatalf("entry page: status %d, advisor link found %t; want 200 and the link", entry.Code, m != nil)
	}
	advisor, _, _ := strings.Cut(html.UnescapeString(m[1]), "#")
	if !strings.HasPrefix(advisor, "/solve?") {
		t.Fatalf("advisor link %q, want /solve?…", advisor)
	}
	check := "/check?" + url.Values{"players": {"3"}, "set": {"H2,H3,A4"}, "from": {"/games/" + id + "/rounds/1"}}.Encode()
	login := func(path string) string { return "303 to /login?next=" + url.QueryEscape(path) }

	tests := []struct {
		name   string
		method string
		path   string
		form   url.Values // the body, when not nil
		status int        // when let in
		want   string     // "" let in, else how refused
	}{
		{"rule chip", http.MethodGet, "/rules", nil, http.StatusOK, ""},
		{"recruit advisor of the entry page", http.MethodGet, advisor, nil, http.StatusOK, ""},
		{"best party", http.MethodGet, "/solve?cards=H2,H3,A4&players=3", nil, http.StatusOK, ""},
		{"check a party", http.MethodGet, check, nil, http.StatusOK, ""},
		{"check a party sent", http.MethodPost, "/check", url.Values{"players": {"3"}, "set": {"H2,H3,A4"}}, http.StatusSeeOther, ""},
		{"stylesheet", http.MethodGet, static.Path("app.css"), nil, http.StatusOK, ""},
		{"its game", http.MethodGet, "/games/" + id, nil, http.StatusOK, ""},
		{"home", http.MethodGet, "/", nil, 0, "303 to /login"},
		{"players", http.MethodGet, "/players", nil, 0, login("/players")},
		{"a player", http.MethodGet, "/players/Lucy", nil, 0, login("/players/Lucy")},
		{"another game", http.MethodGet, "/games/" + other, nil, 0, login("/games/" + other)},
		{"new game", http.MethodGet, "/games/new", nil, 0, login("/games/new")},
		{"export", http.MethodGet, "/export", nil, 0, login("/export")},
		{"export every game", http.MethodGet, "/export/games.json", nil, 0, login("/export/games.json")},
		{"import", http.MethodGet, "/import", nil, 0, login("/import")},
		{"rules under another name", http.MethodGet, "/rulesx", nil, 0, login("/rulesx")},
		{"API game", http.MethodGet, "/api/games/" + id, nil, 0, "401"},
		{"API solve", http.MethodPost, "/api/solve", nil, 0, "401"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := p.do(t, tc.method, tc.path, tc.form, "")
			if got := refused(rec); got != tc.want {
				t.Errorf("%s %s: refused %q (status %d), want %q", tc.method, tc.path, got, rec.Code, tc.want)
			}
			if tc.want == "" && rec.Code != tc.status {
				t.Errorf("%s %s: status %d, want %d", tc.method, tc.path, rec.Code, tc.status)
			}
		})
	}
	// Without the invite the helpers still need the password.
	for _, path := range []string{"/rules", "/solve", "/check"} {
		stranger := newJarPhone(t, a)
		if got, want := refused(stranger.get(t, path)), login(path); got != want {
			t.Errorf("GET %s with no cookie: refused %q, want %q", path, got, want)
		}
	}
}

// TestJoinCodeNav: a phone that holds only a join code is not shown
// header links that would send it to the login form (the games, the
// players); its logo leads back to its game. A logged-in phone keeps them.
func TestJoinCodeNav(t *testing.T) {
	t.Parallel()
	a := newAuthApp(t)
	id := hostGame(t, a.st)
	joined := joinedPhone(t, a, id)
	session := newJarPhone(t, a)
	session.jar.SetCookies(&url.URL{Scheme: "http", Host: "example.com", Path: "/"}, []*http.Cookie{a.login(t, "192.0.2.1:1000", false)})
	header := regexp.MustCompile(`(?s)<header class="top">.*?</header>`)
	tests := []struct {
		name  string
		phone *jarPhone
		path  string
		want  []string // hrefs in the header, in order
	}{
		{"join code, game page", joined, "/games/" + id, []string{"/games/" + id, "/solve", "/rules"}},
		{"join code, rules", joined, "/rules", []string{"/games/" + id, "/solve", "/rules"}},
		{"join code, best party", joined, "/solve", []string{"/games/" + id, "/solve", "/rules"}},
		{"session, game page", session, "/games/" + id, []string{"/", "/players", "/solve", "/rules"}},
		{"session, rules", session, "/rules", []string{"/", "/players", "/solve", "/rules"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := tc.phone.get(t, tc.path)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET %s: status %d (%s), want 200", tc.path, rec.Code, refused(rec))
			}
			h := header.FindString(rec.Body.String())
			var got []string
			for _, m := range regexp.MustCompile(`href="([^"]*)"`).FindAllStringSubmatch(h, -1) {
				got = append(got, html.UnescapeString(m[1]))
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("header links %q, want %q", got, tc.want)
			}
		})
	}
	// The game page's copy kept by a phone that joined is not reused once
	// it has logged in: its header differs.
	t.Run("logged in after joining", func(t *testing.T) {
		first := joined.get(t, "/games/"+id)
		joined.jar.SetCookies(&url.URL{Scheme: "http", Host: "example.com", Path: "/"}, []*http.Cookie{a.login(t, "192.0.2.1:1000", false)})
		req := httptest.NewRequest(http.MethodGet, "/games/"+id, nil)
		req.Header.Set("If-None-Match", first.Header().Get("ETag"))
		for _, ck := range joined.jar.Cookies(&url.URL{Scheme: "http", Host: "example.com", Path: "/games/" + id}) {
			req.AddCookie(ck)
		}
		rec := httptest.NewRecorder()
		a.h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || !strings.Contains(header.FindString(rec.Body.String()), `href="/players"`) {
			t.Errorf("status %d, header %.300s; want 200 with the link to /players", rec.Code, header.FindString(rec.Body.String()))
		}
	})
}

// TestAuthEventsRefused: a game's event stream refused for want of the
// password answers 401, which a page's script can tell from a stream
// (an EventSource follows a redirect to the login form and then stops
// without a word). A page asked for in a tab still goes to the login form.
func TestAuthEventsRefused(t *testing.T) {
	t.Parallel()
	a := newAuthApp(t)
	id := hostGame(t, a.st)
	other := hostGame(t, a.st)
	events := "/games/" + id + "/events"
	stranger := newJarPhone(t, a)
	otherGame := joinedPhone(t, a, other)
	tests := []struct {
		name   string
		phone  *jarPhone
		accept string
		status int
		where  string // Location of a redirect
	}{
		{"no cookie, EventSource", stranger, "text/event-stream", http.StatusUnauthorized, ""},
		{"another game's join code, EventSource", otherGame, "text/event-stream", http.StatusUnauthorized, ""},
		{"no cookie, opened in a tab", stranger, "text/html,application/xhtml+xml,*/*;q=0.8", http.StatusSeeOther, "/login?next=" + url.QueryEscape(events)},
		{"its game's join code, EventSource", joinedPhone(t, a, id), "text/event-stream", http.StatusOK, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := tc.phone.do(t, http.MethodGet, events, nil, tc.accept)
			if rec.Code != tc.status || rec.Header().Get("Location") != tc.where {
				t.Errorf("status %d to %q, want %d to %q", rec.Code, rec.Header().Get("Location"), tc.status, tc.where)
			}
			if ct := rec.Header().Get("Content-Type"); tc.status == http.StatusOK && !strings.HasPrefix(ct, "text/event-stream") {
				t.Errorf("Content-Type %q, want text/event-stream", ct)
			}
			if tc.status == http.StatusUnauthorized && strings.Contains(rec.Body.String(), "Lucy") {
				t.Errorf("the refusal shows the game: %.200s", rec.Body)
			}
		})
	}
}

// TestInviteListenAddr: the invite link names an address the server
// listens on (Options.ListenAddr). Asked for on this machine, the page
// gets the machine's network address when the server listens on every
// address, the address itself when it listens on one, and when it
// listens on loopback, no link or QR code but what to do. Asked for by a
// network name (a proxy, a -host name), the link keeps that name.
func TestInviteListenAddr(t *testing.T) {
	t.Parallel()
	st := hostStore(t)
	id := hostGame(t, st)
	lan := "" // "" when the machine has no network address: then the page warns
	if ip, ok := LANAddress(); ok {
		lan = "http://" + net.JoinHostPort(ip.String(), "18100") + views.JoinURL(id)
	}
	tests := []struct {
		name   string
		listen string
		host   string // of the request
		link   string // "" for none
		local  bool   // the page says no other phone can reach the server
	}{
		{"loopback", "127.0.0.1:18100", "127.0.0.1:18100", "", true},
		{"loopback asked by localhost", "127.0.0.1:18100", "localhost:18100", "", true},
		{"IPv6 loopback", "[::1]:18100", "[::1]:18100", "", true},
		{"loopback behind a proxy", "127.0.0.1:18100", "ruthless.example", "http://ruthless.example" + views.JoinURL(id), false},
		{"one address", "192.0.2.7:18100", "192.0.2.7:18100", "http://192.0.2.7:18100" + views.JoinURL(id), false},
		{"one address through a tunnel", "192.0.2.7:18100", "localhost:9000", "http://192.0.2.7:18100" + views.JoinURL(id), false},
		{"every IPv4 address", "0.0.0.0:18100", "localhost:18100", lan, false},
		{"every address, asked on another port", "[::]:18100", "127.0.0.1:9000", lan, false},
		{"every address, asked by its network name", "[::]:18100", "192.0.2.7:18100", "http://192.0.2.7:18100" + views.JoinURL(id), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := NewWithOptions(st, quietLog(), Options{ListenAddr: tc.listen})
			get := func(path string) *httptest.ResponseRecorder {
				req := httptest.NewRequest(http.MethodGet, path, nil)
				req.Host = tc.host
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				return rec
			}
			page := get(views.InviteURL(id))
			if page.Code != http.StatusOK {
				t.Fatalf("invite: status %d, want 200", page.Code)
			}
			body := page.Body.String()
			link := ""
			if m := regexp.MustCompile(`href="([^"]*)" data-testid="join-link"`).FindStringSubmatch(body); m != nil {
				link = html.UnescapeString(m[1])
			}
			if link != tc.link {
				t.Errorf("join link %q, want %q", link, tc.link)
			}
			if got := strings.Contains(body, `data-testid="qr"`); got != (tc.link != "") {
				t.Errorf("QR code shown %t, want %t", got, tc.link != "")
			}
			_, port, _ := net.SplitHostPort(tc.listen)
			told := strings.Contains(body, `data-testid="local-only"`) && strings.Contains(body, "ruthless serve -addr :"+port)
			if told != tc.local {
				t.Errorf("page says other phones cannot reach it and to start it with -addr :%s: %t, want %t", port, told, tc.local)
			}
			if warned := strings.Contains(body, `data-testid="loopback"`); warned != (!tc.local && tc.link == "") {
				t.Errorf("warning that no network address was found: %t, want %t", warned, !tc.local && tc.link == "")
			}
			wantQR := http.StatusOK
			if tc.local {
				wantQR = http.StatusNotFound
			}
			if qr := get(views.InviteQRURL(id)); qr.Code != wantQR {
				t.Errorf("QR code image: status %d, want %d", qr.Code, wantQR)
			}
		})
	}
}

// TestInviteTableHost covers the listener addresses TestInviteListenAddr does
// not: names, zones, and no port.
func TestInviteTableHost(t *testing.T) {
	t.Parallel()
	lan := ""
	if ip, ok := LANAddress(); ok {
		lan = net.JoinHostPort(ip.String(), "8080")
	}
	tests := []struct {
		listen string
		host   string
		local  bool
	}{
		{"127.0.0.1:8080", "", true},
		{"127.1.2.3:8080", "", true},
		{"localhost:8080", "", true},
		{"[::ffff:127.0.0.1]:8080", "", true},
		{":8080", lan, false},
		{"0.0.0.0:8080", lan, false},
		{"192.0.2.7:8080", "192.0.2.7:8080", false},
		{"[fe80::1%eth0]:8080", "[fe80::1]:8080", false},
		{"laptop.local:8080", "laptop.local:8080", false},
		{"no port", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.listen, func(t *testing.T) {
			host, local := TableHost(tc.listen)
			if host != tc.host || local != tc.local {
				t.Errorf("TableHost(%q) = %q, %t; want %q, %t", tc.listen, host, local, tc.host, tc.local)
			}
		})
	}
}
