package e2e

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"ruthless/handlers"
	"ruthless/scoring"
	"ruthless/store"
)

// restartable is one address served by one app after another, as a
// server restarted with other settings: each app's live streams end when
// the next takes over (its Options.Done closes), as they do at a
// shutdown, and the phones' streams connect again to the new app.
type restartable struct {
	st      *store.Store
	log     *slog.Logger
	app     atomic.Pointer[http.Handler]
	stop    chan struct{} // closed when the app serving now is replaced
	streams chan string   // the path of every event stream asked for
}

func newRestartable(t *testing.T) (*restartable, *httptest.Server) {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "signedout.db"))
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	logs := &lockedBuffer{}
	rs := &restartable{st: st, log: slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelWarn})),
		streams: make(chan string, 100)}
	srv := httptest.NewServer(rs)
	t.Cleanup(func() {
		if s := logs.String(); s != "" {
			t.Errorf("the server logged problems:\n%s", s)
		}
	})
	t.Cleanup(func() { st.Close() })
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(rs.stop) })
	return rs, srv
}

// start serves with a new app of opt's settings from now on.
func (rs *restartable) start(opt handlers.Options) {
	if rs.stop != nil {
		defer close(rs.stop)
	}
	stop := make(chan struct{})
	opt.Done = stop
	h := handlers.NewWithOptions(rs.st, rs.log, opt)
	rs.app.Store(&h)
	rs.stop = stop
}

func (rs *restartable) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasSuffix(r.URL.Path, "/events") {
		select {
		case rs.streams <- r.URL.Path:
		default:
		}
	}
	(*rs.app.Load()).ServeHTTP(w, r)
}

// waitStream waits until a phone asks for an event stream.
func (rs *restartable) waitStream(t *testing.T) {
	t.Helper()
	select {
	case <-rs.streams:
	case <-time.After(stepTimeout()):
		t.Fatal("the page opened no event stream")
	}
}

// drainStreams forgets the streams asked for so far.
func (rs *restartable) drainStreams() {
	for {
		select {
		case <-rs.streams:
		default:
			return
		}
	}
}

// TestSignedOut: a page open on a phone when the table password is set
// (the server restarted with -password), or changed under a phone that
// joined with the invite's code, says so at once, "Signed out — log in
// again", with a link to the login form that leads back to the page,
// instead of silently no longer following the game. Setting a password
// needs a restart, so the test swaps the app behind the same address.
func TestSignedOut(t *testing.T) {
	t.Parallel()
	findBrowser(t)
	rs, srv := newRestartable(t)
	browser, _ := startBrowser(t)
	dir := shotDir(t)
	g, err := scoring.DecodeGame(strings.NewReader(tableFile))
	if err != nil {
		t.Fatal(err)
	}
	id, err := rs.st.CreateGame(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	game := "/games/" + id

	// signedOut waits for the notice and checks its words and link, then
	// logs in through it with password and checks the phone is back.
	signedOut := func(p phone, page, password string) {
		p.t.Helper()
		p.waitFor(`document.querySelector('[data-testid="signed-out"]') !== null`, "the signed-out notice")
		p.landed("signed-out")
		p.checkSizes("signed-out")
		if got := p.text("signed-out"); got != "Signed out — log in again" {
			p.errorf("notice %q, want %q", got, "Signed out — log in again")
		}
		href := eval[string](p, `document.querySelector('[data-testid="signed-out-login"]').getAttribute("href")`)
		if want := "/login?next=" + url.QueryEscape(page); href != want {
			p.errorf("login link %q, want %q", href, want)
		}
		if !eval[bool](p, `(() => { const r = document.querySelector('[data-testid="signed-out"]').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })()`) {
			p.errorf("the notice is not on the screen")
		}
		p.follow(byTestID("signed-out-login"), "login", http.StatusOK)
		if err := p.do(chromedp.SendKeys(chromedp.CSS(byTestID("login-password")), password)); err != nil {
			p.fatalf("typing the password: %v", err)
		}
		p.follow(byTestID("login-submit"), "back", http.StatusOK)
		if got := p.path(); got != page {
			p.errorf("after logging in at %s, want %s", got, page)
		}
	}

	t.Run("password set", func(t *testing.T) {
		rs.start(handlers.Options{})
		p := newPhone(t, browser, srv.URL, dir, "open-")
		rs.drainStreams()
		p.open(game, "game")
		rs.waitStream(t)
		rs.start(handlers.Options{Password: "black flag"})
		signedOut(p, game, "black flag")
	})

	t.Run("password changed under a join code", func(t *testing.T) {
		rs.start(handlers.Options{Password: "black flag"})
		p := seatPhone(t, browser, srv.URL, dir, "joined-", true)
		code := invitedCode(t, srv.URL, id, "black flag")
		rs.drainStreams()
		p.open(game+"/join?code="+url.QueryEscape(code), "join")
		p.follow(byTestID("join-1"), "entry", http.StatusOK)
		entry := game + "/rounds/1/players/1"
		if got := p.path(); got != entry {
			p.fatalf("joined at %s, want %s", got, entry)
		}
		rs.waitStream(t)
		rs.start(handlers.Options{Password: "new flag"})
		signedOut(p, entry, "new flag")
	})
}

// invitedCode is the join code of game id on the invite page, read as
// the host's phone logged in with password sees it.
func invitedCode(t *testing.T, base, id, password string) string {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.PostForm(base+"/login", url.Values{"password": {password}, "next": {"/"}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	req, _ := http.NewRequest(http.MethodGet, base+"/games/"+id+"/invite", nil)
	for _, ck := range res.Cookies() {
		req.AddCookie(ck)
	}
	res, err = client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body strings.Builder
	if _, err := io.Copy(&body, res.Body); err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(body.String(), "?code=")
	code, _, _ := strings.Cut(rest, `"`)
	if res.StatusCode != http.StatusOK || !ok || code == "" {
		t.Fatalf("invite page: status %d, no join code in it", res.StatusCode)
	}
	return code
}
