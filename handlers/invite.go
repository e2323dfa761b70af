package handlers

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"net"
	"net/http"
	"net/netip"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/skip2/go-qrcode"

	"ruthless/views"
)

// Inviting the table: a page with the game's join link and its QR code.
// The link names an address the other phones can reach, and with a table
// password it carries a join code that lets a phone into this game only.
const (
	joinCookie = "ruthless_join"
	// qrSize is the QR image's side in pixels: sharp on a 3× phone
	// screen at 280 CSS pixels would need more, but a camera reads it
	// easily at this size.
	qrSize = 320
)

func inviteURL(id string) string { return "/games/" + id + "/invite" }

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

// joinLink is the address other phones open to join game id, and whether
// it only works on this machine.
func (a *app) joinLink(r *http.Request, id string) (string, bool) {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	host, loopback := r.Host, isLoopbackHost(r.Host)
	if loopback {
		if ip, ok := LANAddress(); ok {
			_, port, err := net.SplitHostPort(r.Host)
			if err != nil || port == "" {
				host = ip.String()
			} else {
				host = net.JoinHostPort(ip.String(), port)
			}
			loopback = false
		}
	}
	link := scheme + "://" + host + joinURL(id)
	if !a.auth.open() {
		link += "?code=" + a.auth.joinCode(id)
	}
	return link, loopback
}

// invite shows the join link and its QR code.
func (a *app) invite(c *gin.Context) {
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	link, loopback := a.joinLink(c.Request, g.ID)
	a.page(c, http.StatusOK, views.Invite(views.InviteView{
		GameID: g.ID, Players: g.File.Players, Link: link,
		QR: inviteURL(g.ID) + ".png", Loopback: loopback, Code: !a.auth.open(),
		Back: gameURL(g.ID),
	}))
}

// inviteQR draws the join link as a QR code (PNG). It is not cached: the
// link depends on the address the page was asked for.
func (a *app) inviteQR(c *gin.Context) {
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	link, _ := a.joinLink(c.Request, g.ID)
	png, err := qrcode.Encode(link, qrcode.Medium, qrSize)
	if err != nil {
		a.fail(c, err)
		return
	}
	c.Header("Cache-Control", "private, no-cache")
	c.Data(http.StatusOK, "image/png", png)
}

// joinCode is game id's join code: an HMAC of the id under the session
// key, so it cannot be made without the password and is worth one game.
func (au *auth) joinCode(id string) string {
	m := hmac.New(sha256.New, au.key)
	m.Write([]byte("ruthless join code v1\x00" + id))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:16])
}

// validJoin compares a join code with game id's in constant time.
func (au *auth) validJoin(id, code string) bool {
	return code != "" && subtle.ConstantTimeCompare([]byte(code), []byte(au.joinCode(id))) == 1
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

// joined lets a phone without the password into one game's pages: with
// the game's join code in the address (the invite link), which leaves a
// cookie scoped to that game's paths, or with that cookie.
func (au *auth) joined(w http.ResponseWriter, r *http.Request) bool {
	id := gameOfPath(r.URL.Path)
	if id == "" {
		return false
	}
	for _, ck := range r.Cookies() {
		if ck.Name == joinCookie && au.validJoin(id, ck.Value) {
			return true
		}
	}
	code := r.URL.Query().Get("code")
	if !au.validJoin(id, code) {
		return false
	}
	http.SetCookie(w, &http.Cookie{
		Name: joinCookie, Value: code, Path: "/games/" + id,
		MaxAge: int(sessionAge.Seconds()), HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil,
	})
	return true
}
