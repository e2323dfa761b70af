package e2e

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"ruthless/handlers"
	"ruthless/scoring"
	"ruthless/store"
)

// inviteServer runs the real app on addr, told the address it listens
// on as serve tells it, and returns the base URL on loopback and the
// store.
func inviteServer(t *testing.T, addr string, opt handlers.Options) (string, *store.Store) {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "invite.db"))
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	logs := &lockedBuffer{}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	opt.ListenAddr = ln.Addr().String()
	closing := endStreamsFirst(&opt)
	srv := httptest.NewUnstartedServer(handlers.NewWithOptions(st, slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelWarn})), opt))
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(func() {
		if s := logs.String(); s != "" {
			t.Errorf("the server logged problems:\n%s", s)
		}
	})
	t.Cleanup(func() { st.Close() })
	t.Cleanup(func() { closeServer(srv, closing) })
	return fmt.Sprintf("http://127.0.0.1:%d", ln.Addr().(*net.TCPAddr).Port), st
}

// storeGame stores the table's game directly (the API may need the
// password) and returns its page.
func storeGame(t *testing.T, st *store.Store) string {
	t.Helper()
	g, err := scoring.DecodeGame(strings.NewReader(tableFile))
	if err != nil {
		t.Fatal(err)
	}
	id, err := st.CreateGame(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	return "/games/" + id
}

// TestInviteReach: the invite page of a server on loopback only shows no
// link or QR code (no other phone could open them) but says so and how
// to start the server; one on every address shows the link, and a phone
// that opens it (a table password set) joins, and opens the recruit
// advisor and a rule chip without the password.
func TestInviteReach(t *testing.T) {
	t.Parallel()
	findBrowser(t)
	browser, _ := startBrowser(t)
	dir := shotDir(t)

	t.Run("loopback only", func(t *testing.T) {
		base, st := inviteServer(t, "127.0.0.1:0", handlers.Options{})
		game := storeGame(t, st)
		p := newPhone(t, browser, base, dir, "loopback-")
		p.open(game+"/invite", "invite")
		p.checkSizes("invite")
		if n := p.count(byTestID("join-link")) + p.count(byTestID("qr")); n != 0 {
			p.errorf("%d join links or QR codes shown, want none", n)
		}
		_, port, _ := strings.Cut(strings.TrimPrefix(base, "http://"), ":")
		if got, want := p.text("serve-command"), "ruthless serve -addr :"+port; got != want {
			p.errorf("command %q, want %q", got, want)
		}
		if got := p.text("local-only"); !strings.Contains(got, "Other phones cannot reach this server.") {
			p.errorf("notice %q, want it to say other phones cannot reach the server", got)
		}
	})

	t.Run("every address", func(t *testing.T) {
		if _, ok := handlers.LANAddress(); !ok {
			t.Skip("this machine has no network address")
		}
		base, st := inviteServer(t, ":0", handlers.Options{Password: "black flag"})
		game := storeGame(t, st)
		host := newPhone(t, browser, base, dir, "host-")
		host.open("/login?next="+url.QueryEscape(game+"/invite"), "login")
		if err := host.do(chromedp.SendKeys(chromedp.CSS(byTestID("login-password")), "black flag")); err != nil {
			host.fatalf("typing the password: %v", err)
		}
		host.follow(byTestID("login-submit"), "invite", http.StatusOK)
		host.checkSizes("invite")
		link := eval[string](host, `document.querySelector('[data-testid="join-link"]').href`)
		u, err := url.Parse(link)
		if err != nil || u.Hostname() == "127.0.0.1" || u.Path != game+"/join" || u.Query().Get("code") == "" {
			t.Fatalf("join link %q, want the network address, %s/join and a code", link, game)
		}

		p := seatPhone(t, browser, base, dir, "guest-", true)
		ctx, cancel := context.WithTimeout(p.ctx, stepTimeout())
		defer cancel()
		resp, err := chromedp.Run(ctx, chromedp.NavigateResponse(link))
		if err != nil || resp.Status != http.StatusOK {
			t.Fatalf("opening the join link %s: %v (%+v)", link, err, resp)
		}
		p.landed("join")
		p.follow(byTestID("join-0"), "entry", http.StatusOK)
		if got := p.count(`header.top a[href="/players"]`); got != 0 {
			p.errorf("%d links to /players in the header of a phone without the password", got)
		}
		p.follow(byTestID("advisor-link"), "advisor", http.StatusOK)
		if got := p.path(); !strings.HasPrefix(got, "/solve?") {
			p.errorf("the advisor link led to %s, want /solve?…", got)
		}
		// The first rule chip in sight: a folded part of the page (the
		// pool, once answered) may hold others that cannot be tapped.
		p.follow(`main a.rule:not(details:not([open]) *)`, "rule", http.StatusOK)
		if got := eval[string](p, `location.pathname`); got != "/rules" {
			p.errorf("the rule chip led to %s, want /rules", got)
		}
	})
}
