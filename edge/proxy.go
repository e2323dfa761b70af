package edge

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
)

// Behind a reverse proxy every connection comes from the proxy, and the
// proxy says in X-Forwarded-* headers who the client is, whether it came
// over TLS and which name it asked for. Anyone can send those headers, so
// they are believed only on a connection from an address the operator
// named as a proxy (-trusted-proxy); on any other connection they are
// ignored, as if they were not there.

// maxForwardHops bounds the X-Forwarded-For entries looked at: no real
// chain of proxies is longer, and a client's header must not cost more.
const maxForwardHops = 32

// Proxies are the address ranges of the trusted reverse proxies.
type Proxies []netip.Prefix

// Trusts reports whether ip is one of the proxies.
func (ps Proxies) Trusts(ip netip.Addr) bool {
	ip = ip.WithZone("").Unmap()
	for _, p := range ps {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// ParseTrustedProxy reads one -trusted-proxy value: a CIDR range, or a
// bare address, which means that address alone.
func ParseTrustedProxy(s string) (netip.Prefix, error) {
	s = strings.TrimSpace(s)
	if p, err := netip.ParsePrefix(s); err == nil {
		if p.Addr().Is4In6() {
			return netip.Prefix{}, errors.New("give an IPv4 range as such (10.0.0.0/8), not inside IPv6")
		}
		return p.Masked(), nil
	}
	ip, err := netip.ParseAddr(s)
	if err != nil || ip.Zone() != "" {
		return netip.Prefix{}, errors.New("want an address (10.0.0.5) or a range (10.0.0.0/8, fd00::/8)")
	}
	ip = ip.Unmap()
	return netip.PrefixFrom(ip, ip.BitLen()), nil
}

// ParseBaseURL reads -base-url: the absolute http or https address the
// players open, with no path, query or fragment (the app serves from
// its root only). The answer has no trailing slash.
func ParseBaseURL(s string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	switch {
	case err != nil:
		return nil, errors.New("not a URL; give one like https://scores.example.org")
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, errors.New("give an http:// or https:// address, such as https://scores.example.org")
	case u.Host == "" || u.Hostname() == "":
		return nil, errors.New("the address has no host; give one like https://scores.example.org")
	case u.User != nil:
		return nil, errors.New("the address must not hold a user name or password")
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "":
		return nil, errors.New("the address must not have a ?query or #fragment")
	case u.Path != "" && u.Path != "/":
		return nil, errors.New("the app must be served at the root of its address: serving it under a path such as " +
			u.Path + " is not supported; give the proxy a name of its own (scores.example.org) instead")
	}
	return &url.URL{Scheme: u.Scheme, Host: u.Host}, nil
}

// origin is where a request really came from, once a trusted proxy's
// word is taken.
type origin struct {
	// client is the client's address, without port: the key of its
	// limits and what the log names.
	client string
	// https: the client reached us over TLS, here or at the proxy.
	https bool
	// proxied: the connection came from a trusted proxy, whose headers
	// were believed.
	proxied bool
	// secureCookies: cookies set on the answer go over TLS only.
	secureCookies bool
}

type originKey struct{}

// FromProxy works out each request's origin before anything else sees
// it, so that the log, the limits, the cookies and the Host check all
// use the same one: its connection's, or on a connection from one of
// trusted, the client the proxy names. Behind a trusted proxy it also
// puts the name the client asked for (X-Forwarded-Host) into the
// request's Host, so that everything comparing against Host (the Host
// check, the cross-origin check of forms, the links made from it) sees
// what the browser saw. publicHTTPS says the players' address is https
// (-base-url), so they only ever come over TLS, at the proxy.
func FromProxy(trusted Proxies, publicHTTPS bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		o := originOf(r, trusted, publicHTTPS)
		r = r.WithContext(context.WithValue(r.Context(), originKey{}, o))
		if o.proxied {
			if host, ok := lastForwarded(r.Header, "X-Forwarded-Host"); ok {
				r.Host = host
			}
		}
		next.ServeHTTP(w, r)
	})
}

// originOf reads r's origin: its connection's, unless that is a
// trusted proxy's.
func originOf(r *http.Request, trusted Proxies, publicHTTPS bool) origin {
	o := origin{client: remoteHost(r), https: r.TLS != nil}
	if peer, ok := remoteIP(r); ok && trusted.Trusts(peer) {
		o.proxied = true
		o.client = forwardedClient(trusted, peer, r.Header.Values("X-Forwarded-For")).String()
		if proto, ok := lastForwarded(r.Header, "X-Forwarded-Proto"); ok {
			o.https = strings.EqualFold(proto, "https")
		}
	}
	o.secureCookies = o.https || publicHTTPS
	return o
}

// forwardedClient walks X-Forwarded-For from the right (the entry the
// nearest proxy added) past every trusted proxy: the first address that
// is not one is the client. Entries further left were written by whoever
// sent them and prove nothing. An entry that is not an address ends the
// walk at the last proxy seen, which is then the best known client.
func forwardedClient(ps Proxies, peer netip.Addr, headers []string) netip.Addr {
	client := peer.WithZone("").Unmap()
	entries := strings.Split(strings.Join(headers, ","), ",")
	for i := len(entries) - 1; i >= 0 && len(entries)-i <= maxForwardHops; i-- {
		ip, ok := parseForwardedAddr(entries[i])
		if !ok {
			return client
		}
		client = ip
		if !ps.Trusts(ip) {
			return client
		}
	}
	return client
}

// parseForwardedAddr reads one X-Forwarded-For entry: an address, which
// some proxies write with a port ("203.0.113.7:5124", "[2001:db8::1]:80").
func parseForwardedAddr(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	ip, err := netip.ParseAddr(s)
	if err != nil {
		ap, perr := netip.ParseAddrPort(s)
		if perr != nil {
			return netip.Addr{}, false
		}
		ip = ap.Addr()
	}
	return ip.WithZone("").Unmap(), true
}

// lastForwarded is the last value of a forwarding header that may list
// several (each proxy adding its own): the one the nearest proxy, the
// trusted one, wrote.
func lastForwarded(h http.Header, name string) (string, bool) {
	values := h.Values(name)
	if len(values) == 0 {
		return "", false
	}
	all := values[len(values)-1]
	last := strings.TrimSpace(all[strings.LastIndexByte(all, ',')+1:])
	return last, last != ""
}

// remoteIP is the address of r's connection.
func remoteIP(r *http.Request) (netip.Addr, bool) {
	ip, err := netip.ParseAddr(remoteHost(r))
	if err != nil {
		return netip.Addr{}, false
	}
	return ip.WithZone("").Unmap(), true
}

// remoteHost is r's connection's address without its port.
func remoteHost(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// originFor is r's origin as FromProxy worked it out; a request that
// did not pass through it (none does in the app) gets its connection's.
func originFor(r *http.Request) origin {
	if o, ok := r.Context().Value(originKey{}).(origin); ok {
		return o
	}
	return origin{client: remoteHost(r), https: r.TLS != nil, secureCookies: r.TLS != nil}
}

// ClientAddr is the address a request came from, without its port: the
// connection's own, or behind a trusted proxy the client's it names.
// Limits and logs key on it; nothing else is trusted for that.
func ClientAddr(r *http.Request) string { return originFor(r).client }

// SecureCookie reports whether cookies set on r's answer are sent over
// TLS only: when the client came over TLS (here or at a trusted proxy)
// or the app's public address (-base-url) is https.
func SecureCookie(r *http.Request) bool { return originFor(r).secureCookies }

// Proxied reports whether r came through a trusted proxy, whose headers
// were believed.
func Proxied(r *http.Request) bool { return originFor(r).proxied }

// Scheme is "https" for a client that came over TLS, here or at a
// trusted proxy, else "http".
func Scheme(r *http.Request) string {
	if originFor(r).https {
		return "https"
	}
	return "http"
}
