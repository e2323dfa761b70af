package main

import (
	"flag"
	"fmt"
	"net/netip"
	"os"
	"strconv"
	"strings"

	"ruthless/edge"
	"ruthless/handlers"
)

// place holds the flags that fit the server to where it runs: behind a
// reverse proxy (the proxies to believe, the address the players open)
// and the limits on new games and wrong passwords.
type place struct {
	proxies        proxyList
	baseURL        *string
	gamesPerMinute *int
	loginsPerMin   *int
}

// Defaults of the limits, as the flags show them; handlers has the same.
const (
	defaultGamesPerMinute  = 10
	defaultLoginsPerMinute = 5
)

func placeFlags(fs *flag.FlagSet) *place {
	pl := &place{
		baseURL: fs.String("base-url", "", "the address the players open when a reverse proxy serves the app, such as https://scores.example.org: invite links, QR codes and result cards name it, and when it is https every cookie is Secure (env RUTHLESS_BASE_URL)"),
		gamesPerMinute: fs.Int("new-games-per-minute", defaultGamesPerMinute,
			"new games one client may create a minute (and at once); 0: no limit; a script sending the table password as a bearer token is never held (env RUTHLESS_NEW_GAMES_PER_MINUTE)"),
		loginsPerMin: fs.Int("logins-per-minute", defaultLoginsPerMinute,
			"wrong passwords one client may try a minute (and at once) before its answers are slowed; 0: no limit (env RUTHLESS_LOGINS_PER_MINUTE)"),
	}
	fs.Var(&pl.proxies, "trusted-proxy", "address or range (10.0.0.0/8) of a reverse proxy whose X-Forwarded-For, -Proto and -Host headers are believed; repeat or separate with commas; from any other address they are ignored (env RUTHLESS_TRUSTED_PROXIES)")
	return pl
}

// apply reads the parsed flags, then the environment for those not set,
// into opt.
func (pl *place) apply(set map[string]bool, opt *handlers.Options) error {
	if !set["trusted-proxy"] {
		if err := pl.proxies.Set(os.Getenv("RUTHLESS_TRUSTED_PROXIES")); err != nil {
			return fmt.Errorf("RUTHLESS_TRUSTED_PROXIES: %w", err)
		}
	}
	opt.TrustedProxies = pl.proxies
	base := *pl.baseURL
	if !set["base-url"] {
		base = os.Getenv("RUTHLESS_BASE_URL")
	}
	if strings.TrimSpace(base) != "" {
		u, err := edge.ParseBaseURL(base)
		if err != nil {
			return fmt.Errorf("-base-url %q: %w", base, err)
		}
		opt.BaseURL = u.String()
	}
	games, err := perMinute(set, "new-games-per-minute", "RUTHLESS_NEW_GAMES_PER_MINUTE", *pl.gamesPerMinute)
	if err != nil {
		return err
	}
	logins, err := perMinute(set, "logins-per-minute", "RUTHLESS_LOGINS_PER_MINUTE", *pl.loginsPerMin)
	if err != nil {
		return err
	}
	opt.GamesPerMinute, opt.LoginsPerMinute = games, logins
	return nil
}

// perMinute is a limit flag's value (from env when the flag was not
// given) as handlers.Options takes it: 0 there is the default and below
// 0 no limit, so the flag's 0 (off) becomes -1.
func perMinute(set map[string]bool, name, env string, n int) (int, error) {
	if v := os.Getenv(env); !set[name] && v != "" {
		parsed, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return 0, fmt.Errorf("%s=%q: want a whole number (0: no limit)", env, v)
		}
		n = parsed
	}
	switch {
	case n < 0:
		return 0, fmt.Errorf("-%s %d: want 0 (no limit) or more", name, n)
	case n == 0:
		return -1, nil
	}
	return n, nil
}

// proxyList is the repeatable -trusted-proxy flag; one value may hold
// several, separated by commas.
type proxyList []netip.Prefix

func (p *proxyList) String() string {
	parts := make([]string, len(*p))
	for i, pfx := range *p {
		parts[i] = pfx.String()
	}
	return strings.Join(parts, ",")
}

func (p *proxyList) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if strings.TrimSpace(s) == "" {
			continue
		}
		pfx, err := edge.ParseTrustedProxy(s)
		if err != nil {
			return fmt.Errorf("trusted proxy %q: %w", strings.TrimSpace(s), err)
		}
		*p = append(*p, pfx)
	}
	return nil
}

// placeLine is the startup line about the proxy in front, "" when none
// was named.
func placeLine(opt handlers.Options) string {
	var parts []string
	if opt.BaseURL != "" {
		parts = append(parts, "players open "+opt.BaseURL)
	}
	if len(opt.TrustedProxies) > 0 {
		parts = append(parts, "X-Forwarded-* believed only from "+(*proxyList)(&opt.TrustedProxies).String())
	}
	if len(parts) == 0 {
		return ""
	}
	return "ruthless: behind a reverse proxy: " + strings.Join(parts, "; ")
}

// limitText is a per-minute limit of handlers.Options for the log.
func limitText(n int) string {
	switch {
	case n < 0:
		return "off"
	case n == 0:
		return "default"
	}
	return strconv.Itoa(n)
}
