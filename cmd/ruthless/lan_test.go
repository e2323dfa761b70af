package main

import (
	"net"
	"testing"

	"ruthless/handlers"
)

// TestLanURL: serve names the address for the other phones only when it
// listens on every address, and then names the machine's network address.
func TestLanURL(t *testing.T) {
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
		{"one address", &net.TCPAddr{IP: net.IPv4(192, 0, 2, 7), Port: 8080}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := lanURL(tc.addr); got != tc.want {
				t.Errorf("lanURL(%v) = %q, want %q", tc.addr, got, tc.want)
			}
		})
	}
}
