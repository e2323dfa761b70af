package handlers

import (
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/edge"
	"ruthless/store"
	"ruthless/views"
)

// Who holds which seat. A phone is known by a random id in its own cookie
// (ruthless_phone, the one its live streams use); the server records, per
// game, which phone holds which seat (store.Holder). A phone may hold
// several seats (a couple sharing one, the host and a player without a
// phone); a seat no phone holds is an open seat, which any phone at the
// table may enter for. The seat cookie (join.go) still names the phone's
// first seat, so that a phone that joined before the server kept records
// keeps its seat while no other phone takes it.

// phoneID is the phone's id from its cookie, "" when it has none (or one
// this app could not have made).
func phoneID(r *http.Request) string {
	ck, err := r.Cookie(phoneCookie)
	if err != nil || len(ck.Value) != 26 || strings.Trim(ck.Value, "abcdefghijklmnopqrstuvwxyz234567") != "" {
		return ""
	}
	return ck.Value
}

// ensurePhone returns the phone's id, giving it one (its cookie) when it
// has none; the rest of this request sees the cookie as the next will.
func ensurePhone(c *gin.Context) string {
	if id := phoneID(c.Request); id != "" {
		return id
	}
	id := newToken()
	ck := &http.Cookie{
		Name: phoneCookie, Value: id, Path: "/",
		MaxAge: int(phoneAge.Seconds()), Expires: time.Now().Add(phoneAge),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: edge.SecureCookie(c.Request),
	}
	http.SetCookie(c.Writer, ck)
	replaceCookie(c.Request, ck)
	return id
}

// heldSeats are the seats this phone holds in g, its own first. The
// server's records decide; a phone it has none for keeps the seat its
// cookie names, unless another phone holds that seat now.
func heldSeats(r *http.Request, g store.StoredGame) []int {
	if held := g.Held(phoneID(r)); len(held) > 0 {
		return held
	}
	if s, ok := seats(r)[g.ID]; ok && s < len(g.File.Players) && g.HolderOf(s) == "" {
		return []int{s}
	}
	return nil
}

// seatOf is this phone's own seat in game g (the first it took), -1 for
// a shared phone.
func seatOf(r *http.Request, g store.StoredGame) int {
	if held := heldSeats(r, g); len(held) > 0 {
		return held[0]
	}
	return -1
}

// atTable is one phone at g's table: the seats it holds, and through g
// which seats other phones hold.
type atTable struct {
	g    store.StoredGame
	held []int
	// busy are the open seats another phone is entering now (entering.go),
	// with that phone: the next step passes them by while another seat is
	// left, and names the phone when none is.
	busy map[int]views.Phone
	// seen is the last round whose results the phone opened (seen.go).
	seen int
}

func tableOf(r *http.Request, g store.StoredGame) atTable {
	return atTable{g: g, held: heldSeats(r, g), seen: seenRound(r, g)}
}

// holds reports whether this phone holds seat p.
func (t atTable) holds(p int) bool { return slices.Contains(t.held, p) }

// open reports whether seat p is an open seat: no phone holds it. While
// the server has no record for the game, a phone with a seat (from its
// cookie alone) sees no open seat, since it cannot tell who holds the
// others; a shared phone then sees every seat as open, as before seats
// were recorded.
func (t atTable) open(p int) bool {
	if len(t.g.Holders) == 0 {
		return len(t.held) == 0
	}
	return t.g.HolderOf(p) == ""
}

// mayLead reports whether this phone may be led to seat p's entry: one of
// its own seats or an open seat.
func (t atTable) mayLead(p int) bool { return t.holds(p) || t.open(p) }

// nextSeat is the seat this phone enters after seat after (-1: from the
// start) for which missing is true: its own seats first, in the order it
// took them, then the open seats clockwise from start. -1 when none is
// left.
func (t atTable) nextSeat(start, after int, missing func(int) bool) int {
	for _, p := range t.held {
		if p != after && missing(p) {
			return p
		}
	}
	n := len(t.g.File.Players)
	// An open seat another phone is entering comes last.
	for _, busyToo := range []bool{false, true} {
		for i := range n {
			p := (start + i) % n
			_, busy := t.busy[p]
			if p != after && !t.holds(p) && t.open(p) && missing(p) && busy == busyToo {
				return p
			}
		}
	}
	return -1
}
