package handlers

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/store"
	"ruthless/views"
)

// Which seat a phone is. Each phone at the table says once per game which
// player holds it; the answer lives in one cookie holding a few games'
// seats ("gameid-seat.gameid-seat", newest first). It is a convenience,
// not a lock: any phone may still open any entry, as before.
const (
	seatsCookie = "ruthless_seats"
	seatsAge    = 30 * 24 * time.Hour
	// maxSeats bounds the cookie: the games a phone played lately.
	maxSeats = 12
)

// seats reads the seat cookie: game id → seat.
func seats(r *http.Request) map[string]int {
	out := map[string]int{}
	ck, err := r.Cookie(seatsCookie)
	if err != nil {
		return out
	}
	for i, part := range strings.Split(ck.Value, ".") {
		if i >= maxSeats {
			break
		}
		id, s, ok := strings.Cut(part, "-")
		n, err := strconv.Atoi(s)
		if !ok || err != nil || n < 0 || n > 9 || !validID(id) {
			continue
		}
		if _, seen := out[id]; !seen {
			out[id] = n
		}
	}
	return out
}

// seatOf is this phone's seat in game g, -1 if it has not said or the
// seat is not in the game.
func seatOf(r *http.Request, g store.Game) int {
	if s, ok := seats(r)[g.ID]; ok && s < len(g.File.Players) {
		return s
	}
	return -1
}

// validID accepts what store ids look like, so nothing else reaches the
// cookie.
func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// setSeat stores seat (or none, seat < 0) for game id, keeping the other
// games' seats, newest first.
func setSeat(w http.ResponseWriter, r *http.Request, id string, seat int) {
	parts := []string{}
	if seat >= 0 {
		parts = append(parts, id+"-"+strconv.Itoa(seat))
	}
	if ck, err := r.Cookie(seatsCookie); err == nil {
		for _, part := range strings.Split(ck.Value, ".") {
			pid, _, ok := strings.Cut(part, "-")
			if ok && pid != id && validID(pid) && len(parts) < maxSeats {
				parts = append(parts, part)
			}
		}
	}
	http.SetCookie(w, &http.Cookie{
		Name: seatsCookie, Value: strings.Join(parts, "."), Path: "/",
		MaxAge: int(seatsAge.Seconds()), Expires: time.Now().Add(seatsAge),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: secureCookie(r),
	})
}

// liveView is the live part of a game's pages for this phone. links adds
// the entry links on the game page: every player's on a shared phone, only
// its own on a phone with a seat, which is not shown the others' cards.
func liveView(r *http.Request, g store.Game, links bool) views.LiveView {
	f := g.File
	lv := views.LiveView{Events: views.EventsURL(g.ID), Version: gameVersion(g), Seat: seatOf(r, g), JoinHref: views.JoinURL(g.ID),
		Game: views.GameURL(g.ID), Final: f.Final != nil}
	if lv.Seat >= 0 {
		lv.SeatName = f.Players[lv.Seat]
	}
	cur := f.CurrentRound()
	if cur == 0 {
		if f.Final == nil {
			endOfGame(&lv, g, links)
		}
		return lv
	}
	lv.Round = cur
	for p, name := range f.Players {
		entered := f.HasEntered(cur, p)
		st := views.PlayerStatus{Name: name, Entered: entered}
		if links && (lv.Seat < 0 || p == lv.Seat) {
			st.Href = views.EntryURL(g.ID, cur, p)
		}
		if entered {
			lv.Entered++
		}
		if p == lv.Seat {
			lv.Mine = views.EntryURL(g.ID, cur, p)
			lv.MineEntered = entered
		}
		lv.Status = append(lv.Status, st)
	}
	return lv
}

// endOfGame fills the live list with who has entered the end of the
// game, once every round is in: a phone that saved its own sees whom it
// waits for.
func endOfGame(lv *views.LiveView, g store.Game, links bool) {
	lv.EndOfGame = true
	for p, name := range g.File.Players {
		entered := g.FinalEntered(p)
		st := views.PlayerStatus{Name: name, Entered: entered}
		if links && (lv.Seat < 0 || p == lv.Seat) {
			st.Href = views.FinalURL(g.ID, p)
		}
		if entered {
			lv.Entered++
		}
		lv.Status = append(lv.Status, st)
	}
}

// joinForm asks which seat this phone is.
func (a *app) joinForm(c *gin.Context) {
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	a.carrySeat(c, g)
	a.page(c, http.StatusOK, views.Join(views.JoinView{
		GameID: g.ID, Players: g.File.Players, Seat: seatOf(c.Request, g),
		Action: views.JoinURL(g.ID), Back: views.GameURL(g.ID),
	}))
}

// join remembers the seat chosen and opens this phone's own entry for the
// round being entered (or the scoreboard when it has entered already).
func (a *app) join(c *gin.Context) {
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	if err := parseForm(c); err != nil {
		a.fail(c, err)
		return
	}
	raw := c.Request.PostForm.Get("seat")
	if raw == "none" {
		setSeat(c.Writer, c.Request, g.ID, -1)
		seeOther(c, views.GameURL(g.ID))
		return
	}
	seat, err := strconv.Atoi(raw)
	if err != nil || seat < 0 || seat >= len(g.File.Players) {
		a.fail(c, &badRequest{field: "seat", message: "choose one of the players of this game"})
		return
	}
	setSeat(c.Writer, c.Request, g.ID, seat)
	seeOther(c, ownPage(g, seat))
}

// openedFromOutside reports whether a page was opened from outside the
// app (a bookmark, a QR code, a typed address) rather than by a link or
// form of its own. Browsers say so in Sec-Fetch-Site; the Referer, which
// a link of the app carries (Referrer-Policy: same-origin) and a reload
// keeps, decides when that header is missing or says "none".
func openedFromOutside(r *http.Request) bool {
	if r.Header.Get("Sec-Fetch-Site") == "same-origin" {
		return false
	}
	ref := r.Referer()
	if ref == "" {
		return true
	}
	u, err := url.Parse(ref)
	return err != nil || u.Host != r.Host
}
