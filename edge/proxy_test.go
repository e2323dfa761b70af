package edge

import (
	"net/netip"
	"strings"
	"testing"
)

// TestForwardedClient walks X-Forwarded-For chains as they come from one
// or several proxies, and as a client may forge or garble them.
func TestForwardedClient(t *testing.T) {
	t.Parallel()
	trusted := Proxies{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("fd00::/8")}
	peer := netip.MustParseAddr("10.0.0.1")
	tests := []struct {
		name    string
		headers []string
		want    string
	}{
		{"no header: the proxy itself", nil, "10.0.0.1"},
		{"one client", []string{"203.0.113.7"}, "203.0.113.7"},
		{"client behind two more proxies", []string{"203.0.113.7, 10.0.0.3, 10.0.0.2"}, "203.0.113.7"},
		{"chain over several header lines", []string{"203.0.113.7", "10.0.0.3", "10.0.0.2"}, "203.0.113.7"},
		{"a forged entry left of the client is not believed", []string{"198.51.100.1, 203.0.113.7"}, "203.0.113.7"},
		{"forged entry that names a proxy, left of the client", []string{"10.9.9.9, 203.0.113.7, 10.0.0.2"}, "203.0.113.7"},
		{"every entry a proxy: the leftmost", []string{"10.0.0.5, 10.0.0.2"}, "10.0.0.5"},
		{"garbage at the right: the proxy itself", []string{"203.0.113.7, not-an-address"}, "10.0.0.1"},
		{"garbage behind a trusted hop: that hop", []string{"garbage, 10.0.0.2"}, "10.0.0.2"},
		{"an empty entry stops the walk", []string{"203.0.113.7, , 10.0.0.2"}, "10.0.0.2"},
		{"empty header", []string{""}, "10.0.0.1"},
		{"with a port", []string{"203.0.113.7:5124"}, "203.0.113.7"},
		{"IPv6 with a port", []string{"[2001:db8::1]:80"}, "2001:db8::1"},
		{"IPv6 client behind an IPv6 proxy", []string{"2001:db8::1, fd00::2"}, "2001:db8::1"},
		{"IPv4 inside IPv6 is the IPv4 address", []string{"::ffff:203.0.113.7"}, "203.0.113.7"},
		{"a zone is dropped", []string{"fe80::1%eth0"}, "fe80::1"},
		{"a range is not an address", []string{"203.0.113.0/24"}, "10.0.0.1"},
		{"control bytes", []string{"203.0.113.7\x00"}, "10.0.0.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := forwardedClient(trusted, peer, tt.headers).String(); got != tt.want {
				t.Errorf("client %q, want %q", got, tt.want)
			}
		})
	}
	// A header of thousands of proxies is walked only so far: the
	// client named beyond that is not reached, and nothing breaks.
	long := "203.0.113.7," + strings.Repeat("10.0.0.9,", 10_000) + "10.0.0.2"
	if got := forwardedClient(trusted, peer, []string{long}).String(); got != "10.0.0.9" {
		t.Errorf("a 10,000-hop chain: client %q, want the last proxy walked, 10.0.0.9", got)
	}
}

// TestParseTrustedProxy: a range, or an address meaning itself alone.
func TestParseTrustedProxy(t *testing.T) {
	t.Parallel()
	good := map[string]string{
		"127.0.0.1":      "127.0.0.1/32",
		" 10.0.0.0/8 ":   "10.0.0.0/8",
		"10.1.2.3/8":     "10.0.0.0/8",
		"::1":            "::1/128",
		"fd00::/8":       "fd00::/8",
		"::ffff:1.2.3.4": "1.2.3.4/32",
	}
	for in, want := range good {
		p, err := ParseTrustedProxy(in)
		if err != nil || p.String() != want {
			t.Errorf("ParseTrustedProxy(%q) = %v, %v; want %s", in, p, err, want)
		}
	}
	for _, in := range []string{"", "proxy.example", "10.0.0.0/33", "1.2.3.4:80", "fe80::1%eth0", "::ffff:1.2.3.4/120"} {
		if p, err := ParseTrustedProxy(in); err == nil {
			t.Errorf("ParseTrustedProxy(%q) = %v, want an error", in, p)
		}
	}
}

// TestParseBaseURL: an absolute http(s) address of the site's root.
func TestParseBaseURL(t *testing.T) {
	t.Parallel()
	good := map[string]string{
		"https://scores.example.org":       "https://scores.example.org",
		"https://scores.example.org/":      "https://scores.example.org",
		"http://192.0.2.7:8080":            "http://192.0.2.7:8080",
		" https://[2001:db8::1]:8443/ ":    "https://[2001:db8::1]:8443",
		"HTTPS://Scores.Example.org":       "https://Scores.Example.org",
		"https://scores.example.org:443/":  "https://scores.example.org:443",
		"http://localhost:8080":            "http://localhost:8080",
		"https://xn--scores-example.org/":  "https://xn--scores-example.org",
		"https://scores.example.org#":      "https://scores.example.org",
		"ftp://scores.example.org":         "",
		"scores.example.org":               "",
		"/games":                           "",
		"https://":                         "",
		"https://:8080":                    "",
		"https://user:pw@scores.example":   "",
		"https://scores.example.org/ruth":  "",
		"https://scores.example.org/?a=1":  "",
		"https://scores.example.org/#top":  "",
		"https://scores.example.org?":      "",
		"https://scores.example.org/a b":   "",
		"https://scores.example.org\n/":    "",
		"":                                 "",
		"https://scores.example.org/games": "",
	}
	for in, want := range good {
		u, err := ParseBaseURL(in)
		switch {
		case want == "" && err == nil:
			t.Errorf("ParseBaseURL(%q) = %v, want an error", in, u)
		case want != "" && err != nil:
			t.Errorf("ParseBaseURL(%q): %v, want %s", in, err, want)
		case want != "" && u.String() != want:
			t.Errorf("ParseBaseURL(%q) = %s, want %s", in, u, want)
		}
	}
	if _, err := ParseBaseURL("https://scores.example.org/ruthless"); err == nil || !strings.Contains(err.Error(), "not supported") {
		t.Errorf("a path prefix: error %v, want one saying it is not supported", err)
	}
}
