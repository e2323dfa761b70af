package main

import (
	"net"
	"net/netip"
	"testing"
	"time"
)

// TestTrustedProxyConnsUncapped: issue 38 item 8. Behind a reverse proxy
// every connection is the proxy's; a club's 65th phone must not be
// turned away by the per-client cap. A trusted proxy's connections are
// each their own client; any other address keeps its cap.
func TestTrustedProxyConnsUncapped(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := newLimitListener(inner, 3, 100, []netip.Prefix{netip.MustParsePrefix("127.0.0.22/32")})
	defer ln.Close()
	go func() {
		for {
			if _, err := ln.Accept(); err != nil {
				return
			}
		}
	}()
	dial := func(from string) net.Conn {
		t.Helper()
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
		c, err := d.Dial("tcp", inner.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	closedSoon := func(c net.Conn) bool {
		c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
		_, err := c.Read(make([]byte, 1))
		ne, ok := err.(net.Error)
		return !ok || !ne.Timeout()
	}
	for i := range 10 {
		if closedSoon(dial("127.0.0.22")) {
			t.Fatalf("the trusted proxy's connection %d was closed: it carries many clients", i+1)
		}
	}
	for i := range 4 {
		if got, want := closedSoon(dial("127.0.0.23")), i == 3; got != want {
			t.Errorf("untrusted address, connection %d: closed %v, want %v", i+1, got, want)
		}
	}
}
