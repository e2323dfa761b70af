package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"ruthless/handlers"
)

// TestLanURL: serve names the address for the other phones: the
// machine's network address when it listens on every address, the one it
// listens on when that is one network address, none on loopback.
func TestLanURL(t *testing.T) {
	t.Parallel()
	ip, ok := handlers.LANAddress()
	every := ""
	if ok {
		every = "http://" + net.JoinHostPort(ip.String(), "8080")
	}
	tests := []struct {
		name string
		addr net.Addr
		want string
	}{
		{"every IPv4 address", &net.TCPAddr{IP: net.IPv4zero, Port: 8080}, every},
		{"every address", &net.TCPAddr{IP: net.IPv6unspecified, Port: 8080}, every},
		{"loopback only", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, ""},
		{"one address", &net.TCPAddr{IP: net.IPv4(192, 0, 2, 7), Port: 8080}, "http://192.0.2.7:8080"},
		{"one IPv6 address", &net.TCPAddr{IP: net.ParseIP("2001:db8::7"), Port: 8080}, "http://[2001:db8::7]:8080"},
		{"IPv6 loopback", &net.TCPAddr{IP: net.IPv6loopback, Port: 8080}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := lanURL(tc.addr); got != tc.want {
				t.Errorf("lanURL(%v) = %q, want %q", tc.addr, got, tc.want)
			}
		})
	}
}

// printed collects what serve prints, from its goroutine.
type printed struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (p *printed) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.buf.Write(b)
}

func (p *printed) String() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.buf.String()
}

// startServe runs the real server on addr until the test ends and
// returns its base URL (from the line it prints first) and its printed
// output, whole: the server answers only after it has printed it all.
func startServe(t *testing.T, addr string) (base, out string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stdout := &printed{}
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, addr, filepath.Join(t.TempDir(), "t.db"), handlers.Options{}, stdout, slog.New(slog.NewTextHandler(io.Discard, nil)))
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	// The first line comes before the server answers; wait for it (the
	// limit only keeps a broken serve from hanging the test).
	for limit := time.Now().Add(15 * time.Second); !strings.Contains(stdout.String(), "\n"); {
		select {
		case err := <-done:
			t.Fatalf("serve %s ended: %v", addr, err)
		default:
		}
		if time.Now().After(limit) {
			t.Fatalf("serve %s printed nothing", addr)
		}
		time.Sleep(10 * time.Millisecond)
	}
	first, _, _ := strings.Cut(stdout.String(), "\n")
	base, ok := strings.CutPrefix(first, "ruthless: open ")
	if !ok {
		t.Fatalf("first line %q, want ruthless: open URL", first)
	}
	res, err := http.Get(base + "/static/app.css")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return base, stdout.String()
}

// newServedGame creates a game on the server at base.
func newServedGame(t *testing.T, base string) string {
	t.Helper()
	res, err := http.Post(base+"/api/games", "application/json", strings.NewReader(`{"version":1,"players":["Ann","Bob"],"start_player":0,"achievements":["richest","merciless"],"zero_counts":false,"rounds":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var g struct{ ID string }
	if err := json.NewDecoder(res.Body).Decode(&g); err != nil || res.StatusCode != http.StatusCreated {
		t.Fatalf("POST /api/games: status %d, id %q (%v)", res.StatusCode, g.ID, err)
	}
	return g.ID
}

// getBody fetches url (with Host host when not "") and returns its status
// and body.
func getBody(t *testing.T, url, host string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

var joinLinkRE = regexp.MustCompile(`href="([^"]*)" data-testid="join-link"`)

// TestServeInviteLink: the invite link names an address the server
// really listens on. On loopback only, there is none: the startup lines
// and the invite page say that the other phones cannot reach it and how
// to start it so they can, and show no link or QR code. On one network
// address, the link names it, and it answers.
func TestServeInviteLink(t *testing.T) {
	t.Parallel()
	t.Run("loopback", func(t *testing.T) {
		base, out := startServe(t, "127.0.0.1:0")
		_, port, _ := net.SplitHostPort(strings.TrimPrefix(base, "http://"))
		cmd := "ruthless serve -addr :" + port
		if !strings.Contains(out, "other phones cannot reach") || !strings.Contains(out, cmd) {
			t.Errorf("printed %q, want a line saying other phones cannot reach it and %q", out, cmd)
		}
		if strings.Contains(out, "other phones at the table open") {
			t.Errorf("printed %q: a link nobody else can open", out)
		}
		id := newServedGame(t, base)
		status, body := getBody(t, base+"/games/"+id+"/invite", "")
		if status != http.StatusOK {
			t.Fatalf("invite: status %d", status)
		}
		if m := joinLinkRE.FindStringSubmatch(body); m != nil {
			t.Errorf("invite page shows the join link %q, which no other phone can open", m[1])
		}
		if strings.Contains(body, `data-testid="qr"`) {
			t.Error("invite page shows a QR code no other phone can open")
		}
		if !strings.Contains(body, `data-testid="local-only"`) || !strings.Contains(body, cmd) {
			t.Errorf("invite page does not say the phones cannot reach the server and to start it with %q", cmd)
		}
		if status, _ := getBody(t, base+"/games/"+id+"/invite.png", ""); status != http.StatusNotFound {
			t.Errorf("QR code: status %d, want 404", status)
		}
	})
	t.Run("one network address", func(t *testing.T) {
		ip, ok := handlers.LANAddress()
		if !ok {
			t.Skip("this machine has no network address")
		}
		base, out := startServe(t, net.JoinHostPort(ip.String(), "0"))
		if strings.Contains(out, "cannot reach") {
			t.Errorf("printed %q, want no warning", out)
		}
		id := newServedGame(t, base)
		want := base + "/games/" + id + "/join"
		if !strings.Contains(out, "other phones at the table open "+base+"\n") {
			t.Errorf("printed %q, want the line naming %s for the other phones", out, base)
		}
		// Asked by its address, and by a loopback name (an SSH tunnel).
		_, port, _ := net.SplitHostPort(strings.TrimPrefix(base, "http://"))
		for _, host := range []string{"", "localhost:" + port} {
			_, body := getBody(t, base+"/games/"+id+"/invite", host)
			m := joinLinkRE.FindStringSubmatch(body)
			if m == nil || m[1] != want {
				t.Errorf("Host %q: join link %q, want %q", host, m, want)
			}
		}
		if status, _ := getBody(t, want, ""); status != http.StatusOK {
			t.Errorf("GET %s: status %d, want 200", want, status)
		}
	})
}
