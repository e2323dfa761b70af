package main

import (
	"net"
	"testing"
	"time"
)

// TestConnsPerClient: past its cap, a client's new connections are
// closed at once, while another address still gets in; a closed
// connection gives its place back.
func TestConnsPerClient(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := newLimitListener(inner, 3, 100)
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			_ = c // held open, as a stalled client's would be
		}
	}()
	dial := func(from string) net.Conn {
		t.Helper()
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
		c, err := d.Dial("tcp", inner.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	// closedSoon reports whether the server closed c.
	closedSoon := func(c net.Conn) bool {
		c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
		_, err := c.Read(make([]byte, 1))
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			return false
		}
		return true
	}
	tests := []struct {
		name, from string
		wantClosed bool
	}{
		{"first", "127.0.0.20", false},
		{"second", "127.0.0.20", false},
		{"third", "127.0.0.20", false},
		{"fourth of one client", "127.0.0.20", true},
		{"another client", "127.0.0.21", false},
	}
	var conns []net.Conn
	for _, tt := range tests {
		c := dial(tt.from)
		conns = append(conns, c)
		if got := closedSoon(c); got != tt.wantClosed {
			t.Errorf("%s: closed %v, want %v", tt.name, got, tt.wantClosed)
		}
	}
	if total := ln.total(); total != 4 {
		t.Errorf("open connections counted: %d, want 4", total)
	}
	for _, c := range conns {
		c.Close()
	}
}

// total is the connections open now.
func (l *limitListener) total() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, k := range l.open {
		n += k
	}
	return n
}
