package handlers

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/edge"
	"ruthless/views"
)

// Inviting the table: a page with the game's join link and its QR code.
// The link names an address the other phones can reach, and with a table
// password it carries a join code that lets a phone into this game only.
const (
	joinCookie = "ruthless_join"
	// guestCookie is the guest pass of a phone let in by a join code
	// (see joined).
	guestCookie = "ruthless_guest"
	// qrSize is the QR image's side in pixels: sharp on a 3× phone
	// screen at 280 CSS pixels would need more, but a camera reads it
	// easily at this size.
	qrSize = 320
)

// LANAddress is the machine's first non-loopback IPv4 address, the one
// the other phones at the table can usually reach; false when there is
// none.
func LANAddress() (netip.Addr, bool) {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return netip.Addr{}, false
	}
	for _, a := range addrs {
		pfx, err := netip.ParsePrefix(a.String())
		if err != nil {
			continue
		}
		ip := pfx.Addr().Unmap()
		if ip.Is4() && !ip.IsLoopback() && !ip.IsLinkLocalUnicast() && !ip.IsUnspecified() {
			return ip, true
		}
	}
	return netip.Addr{}, false
}

// isLoopbackHost reports whether a Host header names this machine only.
func isLoopbackHost(host string) bool {
	h := host
	if hh, _, err := net.SplitHostPort(host); err == nil {
		h = hh
	}
	h = strings.Trim(h, "[]")
	if strings.EqualFold(h, "localhost") || strings.HasSuffix(strings.ToLower(h), ".localhost") {
		return true
	}
	ip, err := netip.ParseAddr(h)
	return err == nil && ip.Unmap().IsLoopback()
}

// TableHost is the host:port the other phones at the table open to reach
// a server listening on listen (a listener's address, "0.0.0.0:8080"):
// the machine's network address when it listens on every address, else
// the address it listens on. local reports a server that only this
// machine can reach, one listening on loopback; host is "" then, and
// when the machine has no network address.
func TableHost(listen string) (host string, local bool) {
	h, port, err := net.SplitHostPort(listen)
	if err != nil {
		return "", false
	}
	if h != "" && isLoopbackHost(h) {
		return "", true
	}
	ip, err := netip.ParseAddr(h)
	switch {
	case h == "" || err == nil && ip.IsUnspecified():
		lan, ok := LANAddress()
		if !ok {
			return "", false
		}
		return net.JoinHostPort(lan.String(), port), false
	case err != nil:
		return net.JoinHostPort(h, port), false // a name: whoever resolves it reaches the server
	}
	// A zone names an interface of this machine; a phone has its own.
	return net.JoinHostPort(ip.WithZone("").Unmap().String(), port), false
}

// ServeCommand is how to start the server again so that the other phones
// can reach it: on every address, at listen's port.
func ServeCommand(listen string) string {
	_, port, err := net.SplitHostPort(listen)
	if err != nil || port == "" || port == "0" {
		port = "8080"
	}
	return "ruthless serve -addr :" + port
}

// reach is where the other phones join a game.
type reach struct {
	link string
	// loopback: the link works on this machine only, as no network
	// address was found.
	loopback bool
	// localOnly: there is no link, as the server listens on loopback only.
	localOnly bool
}

// joinLink is the address other phones open to join game id: under the
// public address (-base-url) when there is one. Otherwise a page asked
// for by a network name or address gets a link by that same name, which
// the other phones reach as this one did (through a trusted proxy, the
// name and scheme the proxy was asked for); a page asked for on this
// machine directly gets the address the server listens on.
func (a *app) joinLink(r *http.Request, id string) reach {
	rc := reach{link: a.publicURL(r, views.JoinURL(id))}
	switch {
	case a.base != nil:
	case edge.Proxied(r):
		// The proxy is what the phones reach, whatever this server
		// listens on.
		rc.loopback = isLoopbackHost(r.Host)
	case isLoopbackHost(r.Host):
		th, local := a.tableHost(r.Host)
		switch {
		case local:
			return reach{localOnly: true}
		case th != "":
			rc.link = edge.Scheme(r) + "://" + th + views.JoinURL(id)
		default:
			rc.loopback = true
		}
	}
	if !a.auth.open() {
		rc.link += "?code=" + a.auth.joinCode(id)
	}
	return rc
}

// tableHost is TableHost of the address the server listens on. An app
// that was not told it assumes every address, at the port of the
// request's Host.
func (a *app) tableHost(reqHost string) (string, bool) {
	if a.listen != "" {
		return TableHost(a.listen)
	}
	ip, ok := LANAddress()
	if !ok {
		return "", false
	}
	if _, port, err := net.SplitHostPort(reqHost); err == nil && port != "" {
		return net.JoinHostPort(ip.String(), port), false
	}
	return ip.String(), false
}

// invite shows the join link and its QR code, or, when the other phones
// cannot reach the server at all, how to start it so that they can.
func (a *app) invite(c *gin.Context) {
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	vm := views.InviteView{GameID: g.ID, Players: g.File.Players, Code: !a.auth.open(), Back: views.GameURL(g.ID)}
	if rc := a.joinLink(c.Request, g.ID); rc.localOnly {
		vm.LocalOnly, vm.Listen, vm.Serve = true, a.listen, ServeCommand(a.listen)
	} else {
		vm.Link, vm.QR, vm.Loopback = rc.link, views.InviteQRURL(g.ID), rc.loopback
		vm.ShortCode, vm.CodeAt = a.shortCodeFor(g.ID, rc.link)
	}
	a.page(c, http.StatusOK, views.Invite(vm))
}

// shortCodeFor is game id's short join code, leading where link does,
// and the address a phone types it at (link's scheme and host, /join).
func (a *app) shortCodeFor(id, link string) (code, at string) {
	u, err := url.Parse(link)
	if err != nil {
		return "", ""
	}
	until := time.Now().Truncate(time.Hour).Add(inviteLife + time.Hour)
	code = a.shortCodes.issue(id, u.RequestURI(), until)
	return code, u.Scheme + "://" + u.Host + "/join"
}

// inviteQR draws the join link as a QR code (PNG). It is not cached: the
// link depends on the address the page was asked for.
func (a *app) inviteQR(c *gin.Context) {
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	rc := a.joinLink(c.Request, g.ID)
	if rc.localOnly {
		a.notFound(c, views.NoJoinLinkText)
		return
	}
	png, err := qrPNG(rc.link)
	if err != nil {
		a.fail(c, err)
		return
	}
	c.Header("Cache-Control", "private, no-cache")
	c.Data(http.StatusOK, "image/png", png)
}

// inviteLife is how long a join code shown now lets phones in: an
// evening's game (issue 44: an old game's code once let anyone in for as
// long as the password stayed). Showing the invite again (the host, who
// is logged in) gives a code good for as long again from then.
const inviteLife = 12 * time.Hour

// joinCode is game id's join code as shown now: its end, then an HMAC of
// the id and that end under the session key, so it cannot be made
// without the password, is worth one game, and ends. The end is on a
// whole hour, so the link shown stays the same for an hour.
func (au *auth) joinCode(id string) string {
	return au.joinCodeUntil(id, time.Now().Truncate(time.Hour).Add(inviteLife+time.Hour))
}

func (au *auth) joinCodeUntil(id string, until time.Time) string {
	var end [4]byte
	binary.BigEndian.PutUint32(end[:], uint32(until.Unix()/3600))
	m := hmac.New(sha256.New, au.key)
	m.Write([]byte("ruthless join code v2\x00" + id + "\x00"))
	m.Write(end[:])
	return base64.RawURLEncoding.EncodeToString(append(end[:], m.Sum(nil)[:16]...))
}

// validJoin checks a join code for game id in constant time, and that it
// has not ended.
func (au *auth) validJoin(id, code string) bool {
	raw, err := base64.RawURLEncoding.DecodeString(code)
	if err != nil || len(raw) != 20 {
		return false
	}
	until := time.Unix(int64(binary.BigEndian.Uint32(raw[:4]))*3600, 0)
	return subtle.ConstantTimeCompare([]byte(code), []byte(au.joinCodeUntil(id, until))) == 1 && time.Now().Before(until)
}

// guestMay reports whether a phone let in by a join code may make a
// request of method on p (a path under /games/ID/): what a joining player
// needs (the game, its live stream, taking a seat, the invite to pass on,
// entries, reveals, the final scores, the result card), not deleting or
// restoring the game, its About details, its share link, its downloads or
// a rematch.
func guestMay(method, p string) bool {
	rest := strings.TrimPrefix(p, "/games/")
	_, sub, _ := strings.Cut(rest, "/")
	parts := strings.Split(sub, "/")
	read := method == http.MethodGet || method == http.MethodHead
	switch {
	case sub == "", sub == "events", sub == "invite", sub == "invite.png", sub == "card", sub == "card.png", sub == "solve":
		return read
	case sub == "join", sub == "final":
		return read || sub == "join" && method == http.MethodPost
	case parts[0] == "final" && len(parts) == 2:
		return read || method == http.MethodPost
	case parts[0] == "rounds" && (len(parts) == 2 || len(parts) == 3 && parts[2] == "reveal" || len(parts) == 4 && parts[2] == "players"):
		return read || len(parts) > 2 && method == http.MethodPost
	}
	return false
}

// gameOfPath is the game id a page path is under ("/games/ID" or
// "/games/ID/..."), "" for any other path.
func gameOfPath(p string) string {
	rest, ok := strings.CutPrefix(p, "/games/")
	if !ok {
		return ""
	}
	id, _, _ := strings.Cut(rest, "/")
	if !validID(id) || id == "new" {
		return ""
	}
	return id
}

// helperPath reports whether p is one of the pages a player needs during
// a game besides the game's own: the rules (a rule chip), the best party
// (and the recruit advisor on it) and "check a party". They show nothing
// stored, only what their address or form gives them, so a phone let
// into a game may open them too.
func helperPath(p string) bool {
	return p == "/rules" || p == "/solve" || p == "/check"
}

// joined lets a phone without the password into one game's pages: with
// the game's join code in the address (the invite link), which leaves a
// cookie scoped to that game's paths, or with that cookie. It returns
// the game, "" when the phone is not let in.
//
// The helpers (helperPath) are not under the game's path, so the join
// cookie never reaches them; a second cookie, the guest pass, holds one
// game's id and join code for every path and lets the phone into the
// helpers only. It is given with the join cookie, and to a phone that
// joined before there was a pass, on its next visit to the game.
func (au *auth) joined(w http.ResponseWriter, r *http.Request) string {
	if helperPath(r.URL.Path) {
		return au.guestGame(r)
	}
	id := gameOfPath(r.URL.Path)
	if id == "" || !guestMay(r.Method, r.URL.Path) {
		return ""
	}
	fromLink := true
	for _, ck := range r.Cookies() {
		if ck.Name == joinCookie && au.validJoin(id, ck.Value) {
			fromLink = false
			break
		}
	}
	if fromLink {
		if !au.validJoin(id, r.URL.Query().Get("code")) {
			return ""
		}
		au.setJoinCookie(w, r, joinCookie, views.GameURL(id), au.joinCode(id))
	}
	// A new invite link moves the pass to its game; a pass for another
	// game the phone joined stays, so two games do not trade it back and
	// forth on every page.
	if g := au.guestGame(r); g == "" || fromLink && g != id {
		au.setJoinCookie(w, r, guestCookie, "/", id+"."+au.joinCode(id))
	}
	return id
}

// guestGame is the game whose valid guest pass r carries, "" if none.
func (au *auth) guestGame(r *http.Request) string {
	for _, ck := range r.Cookies() {
		if ck.Name != guestCookie {
			continue
		}
		if id, code, ok := strings.Cut(ck.Value, "."); ok && validID(id) && au.validJoin(id, code) {
			return id
		}
	}
	return ""
}

// setJoinCookie sets the join cookie or the guest pass: as long-lived as
// a session, and as guarded.
func (au *auth) setJoinCookie(w http.ResponseWriter, r *http.Request, name, path, value string) {
	http.SetCookie(w, &http.Cookie{
		Name: name, Value: value, Path: path,
		MaxAge: int(sessionAge.Seconds()), HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: edge.SecureCookie(r),
	})
}

// inviteAfterEnd is how long a finished game's join code still opens it:
// long enough for the table to look at the final scores and the result
// card, then the game is the host's alone again.
const inviteAfterEnd = time.Hour

// inviteOver reports whether game's invite has ended with the game: its
// final scores are in and it has not changed for inviteAfterEnd. A game
// that cannot be read is left to its handler to answer (404, 503).
func (a *app) inviteOver(ctx context.Context, game string) bool {
	g, err := a.store.Game(ctx, game)
	return err == nil && g.File.Over() && time.Since(g.Updated) > inviteAfterEnd
}
