package main

import (
	"net/netip"
	"strings"
	"testing"

	"ruthless/handlers"
)

// TestServePlaceFlags: -trusted-proxy, -base-url, -new-games-per-minute
// and -logins-per-minute, from flags and from the environment, into the
// handlers' options, and what they refuse.
func TestServePlaceFlags(t *testing.T) {
	for _, env := range []string{"RUTHLESS_PASSWORD", "RUTHLESS_PASSWORD_FILE", "RUTHLESS_HOSTS",
		"RUTHLESS_TRUSTED_PROXIES", "RUTHLESS_BASE_URL", "RUTHLESS_NEW_GAMES_PER_MINUTE", "RUTHLESS_LOGINS_PER_MINUTE"} {
		t.Setenv(env, "")
	}
	tests := []struct {
		name      string
		args      []string
		env       map[string]string
		proxies   string // as the flag prints them
		baseURL   string
		games     int // as handlers.Options takes it
		logins    int
		errSubstr string
	}{
		{name: "defaults", games: 10, logins: 5},
		{name: "proxies repeated and comma-separated", args: []string{"-trusted-proxy", "127.0.0.1, 10.0.0.0/8", "-trusted-proxy", "::1"},
			proxies: "127.0.0.1/32,10.0.0.0/8,::1/128", games: 10, logins: 5},
		{name: "proxies from env", env: map[string]string{"RUTHLESS_TRUSTED_PROXIES": "192.168.1.0/24"}, proxies: "192.168.1.0/24", games: 10, logins: 5},
		{name: "proxy flag beats env", args: []string{"-trusted-proxy", "10.0.0.1"}, env: map[string]string{"RUTHLESS_TRUSTED_PROXIES": "192.168.1.0/24"}, proxies: "10.0.0.1/32", games: 10, logins: 5},
		{name: "a proxy by name", args: []string{"-trusted-proxy", "proxy.example"}, errSubstr: `trusted proxy "proxy.example"`},
		{name: "a bad proxy in env", env: map[string]string{"RUTHLESS_TRUSTED_PROXIES": "10.0.0.0/99"}, errSubstr: "RUTHLESS_TRUSTED_PROXIES"},
		{name: "base URL", args: []string{"-base-url", "https://scores.example.org/"}, baseURL: "https://scores.example.org", games: 10, logins: 5},
		{name: "base URL from env", env: map[string]string{"RUTHLESS_BASE_URL": "http://192.0.2.7:8080"}, baseURL: "http://192.0.2.7:8080", games: 10, logins: 5},
		{name: "base URL with a path", args: []string{"-base-url", "https://example.org/ruthless"}, errSubstr: "not supported"},
		{name: "base URL without a scheme", args: []string{"-base-url", "scores.example.org"}, errSubstr: "http:// or https://"},
		{name: "base URL with a query", env: map[string]string{"RUTHLESS_BASE_URL": "https://scores.example.org/?x=1"}, errSubstr: "query"},
		{name: "limits set", args: []string{"-new-games-per-minute", "100", "-logins-per-minute", "20"}, games: 100, logins: 20},
		{name: "limits off", args: []string{"-new-games-per-minute", "0", "-logins-per-minute", "0"}, games: -1, logins: -1},
		{name: "limits from env", env: map[string]string{"RUTHLESS_NEW_GAMES_PER_MINUTE": "0", "RUTHLESS_LOGINS_PER_MINUTE": " 7 "}, games: -1, logins: 7},
		{name: "limit flag beats env", args: []string{"-new-games-per-minute", "3"}, env: map[string]string{"RUTHLESS_NEW_GAMES_PER_MINUTE": "0"}, games: 3, logins: 5},
		{name: "negative limit", args: []string{"-logins-per-minute", "-1"}, errSubstr: "want 0 (no limit) or more"},
		{name: "limit in env not a number", env: map[string]string{"RUTHLESS_NEW_GAMES_PER_MINUTE": "ten"}, errSubstr: "RUTHLESS_NEW_GAMES_PER_MINUTE"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			opt, err := accessOptions(t, tc.args...)
			if tc.errSubstr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.errSubstr) {
					t.Fatalf("error %v, want one containing %q", err, tc.errSubstr)
				}
				return
			}
			if err != nil {
				t.Fatalf("error %v, want none", err)
			}
			proxies := proxyList(opt.TrustedProxies)
			if got := proxies.String(); got != tc.proxies {
				t.Errorf("trusted proxies %q, want %q", got, tc.proxies)
			}
			if opt.BaseURL != tc.baseURL {
				t.Errorf("base URL %q, want %q", opt.BaseURL, tc.baseURL)
			}
			if opt.GamesPerMinute != tc.games || opt.LoginsPerMinute != tc.logins {
				t.Errorf("new games %d, logins %d a minute; want %d, %d", opt.GamesPerMinute, opt.LoginsPerMinute, tc.games, tc.logins)
			}
		})
	}
}

// TestPlaceLine: the startup line names the public address and the
// proxies believed, and is left out when there are none.
func TestPlaceLine(t *testing.T) {
	t.Parallel()
	if got := placeLine(handlers.Options{}); got != "" {
		t.Errorf("no proxy: %q, want no line", got)
	}
	opt := handlers.Options{BaseURL: "https://scores.example.org", TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
	want := "ruthless: behind a reverse proxy: players open https://scores.example.org; X-Forwarded-* believed only from 127.0.0.1/32"
	if got := placeLine(opt); got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if limitText(-1) != "off" || limitText(10) != "10" {
		t.Errorf("limitText: %q, %q", limitText(-1), limitText(10))
	}
}
