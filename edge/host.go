package edge

import (
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strings"
)

// HostCheck knows the names and addresses this server answers to. A web
// page a player opens elsewhere can point a name of its own at this
// machine (DNS rebinding); the player's browser then takes the app for
// that page's own site and lets the page read and change every game. Such
// a request carries the page's name in its Host header, so refusing
// every Host the server is not known by defeats it.
type HostCheck struct {
	names map[string]bool     // lower case, no trailing dot, no port
	addrs map[netip.Addr]bool // unmapped, no zone
}

// NewHostCheck knows localhost and every loopback address, the machine's
// own addresses and name (and name.local, as mDNS gives it to phones on
// the same network) as they are now, and the extra names or addresses
// given (a port on them is ignored).
func NewHostCheck(extra []string, log *slog.Logger) *HostCheck {
	h := &HostCheck{names: map[string]bool{"localhost": true}, addrs: map[netip.Addr]bool{}}
	for _, e := range extra {
		h.add(HostOnly(e))
	}
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		log.Warn("host check: the machine's addresses are unknown; only loopback and -host names are served", "err", err)
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok {
			if ip, ok := netip.AddrFromSlice(n.IP); ok {
				h.addrs[ip.Unmap()] = true
			}
		}
	}
	if name, err := os.Hostname(); err == nil && name != "" {
		h.add(HostOnly(name))
		if !strings.Contains(name, ".") {
			h.add(HostOnly(name + ".local"))
		}
	}
	return h
}

func (h *HostCheck) add(host string) {
	if host == "" {
		return
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		h.addrs[ip.WithZone("").Unmap()] = true
		return
	}
	h.names[host] = true
}

// Allows reports whether r is addressed to this server. A request that
// came through no connection (one handed to the handler in the same
// process, as tests do) is not checked: only a browser can be turned
// against the app this way, and a browser always comes through one. The
// address a connection arrived at is known too, even one the machine got
// after the server started.
func (h *HostCheck) Allows(r *http.Request) bool {
	local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return true
	}
	host := HostOnly(r.Host)
	if host == "" {
		return false
	}
	if h.names[host] {
		return true
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	ip = ip.WithZone("").Unmap()
	if ip.IsLoopback() || h.addrs[ip] {
		return true
	}
	if ap, err := netip.ParseAddrPort(local.String()); err == nil && ap.Addr().WithZone("").Unmap() == ip {
		return true
	}
	return false
}

// HostOnly is the host of a Host header or -host value, without its port
// and brackets, in lower case and without a trailing dot.
func HostOnly(hostport string) string {
	host := strings.TrimSpace(hostport)
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	} else if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		host = host[1 : len(host)-1]
	}
	return strings.TrimSuffix(strings.ToLower(host), ".")
}
