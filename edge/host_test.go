package edge

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestHostCheckOwnAddresses: the machine's own addresses, found at start,
// are served whatever the port, and so is the address a connection came
// in on.
func TestHostCheckOwnAddresses(t *testing.T) {
	t.Parallel()
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Skipf("no interface addresses here: %v", err)
	}
	var own []string
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && !n.IP.IsLinkLocalUnicast() {
			own = append(own, net.JoinHostPort(n.IP.String(), "8080"))
		}
	}
	if len(own) == 0 {
		t.Skip("this machine has no address but loopback")
	}
	h := NewHostCheck(nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	for _, host := range own {
		t.Run(host, func(t *testing.T) {
			if !h.Allows(hostRequest(host, "127.0.0.1:1234")) {
				t.Errorf("own address %s refused", host)
			}
		})
	}
	t.Run("the connection's own address", func(t *testing.T) {
		if !h.Allows(hostRequest("198.51.100.9:8080", "198.51.100.9:8080")) {
			t.Errorf("refused the address the connection came in on")
		}
		if h.Allows(hostRequest("198.51.100.10:8080", "198.51.100.9:8080")) {
			t.Errorf("allowed an address that is neither the machine's nor the connection's")
		}
	})
}

// hostRequest is a request for host that came in on a connection to local.
func hostRequest(host, local string) *http.Request {
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.Host = host
	addr, _ := net.ResolveTCPAddr("tcp", local)
	return r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, addr))
}

// TestHostCheckWithoutConnection pins down what the app's callers in
// the same process (handlers' tests, whose requests say example.com) rely on: a request
// handed to the handler directly is not checked, one that came through a
// connection is.
func TestHostCheckWithoutConnection(t *testing.T) {
	t.Parallel()
	h := NewHostCheck(nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	direct := httptest.NewRequest(http.MethodGet, "/", nil)
	if !h.Allows(direct) {
		t.Errorf("a request with no connection (Host %q) was refused", direct.Host)
	}
	if h.Allows(hostRequest(direct.Host, "127.0.0.1:8080")) {
		t.Errorf("a request for %q through a connection was allowed", direct.Host)
	}
	if h.Allows(hostRequest("", "127.0.0.1:8080")) {
		t.Errorf("a request with no Host through a connection was allowed")
	}
}

func TestHostOnly(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"localhost:8080", "localhost"},
		{"LocalHost.", "localhost"},
		{"[::1]:8080", "::1"},
		{"[::1]", "::1"},
		{"192.168.1.20", "192.168.1.20"},
		{"ship.example:", "ship.example"},
		{" laptop.local ", "laptop.local"},
		{"", ""},
	}
	for _, tc := range tests {
		if got := HostOnly(tc.in); got != tc.want {
			t.Errorf("HostOnly(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
