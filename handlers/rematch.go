package handlers

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"

	"github.com/gin-gonic/gin"

	"ruthless/store"
	"ruthless/views"
)

// A rematch is a new game of the same players in the same seats with the
// same Legendary Achievements, the Start Player token passed clockwise to
// the next seat. One tap on the final scores makes it (POST with no
// setup: the form's defaults below); "Change first" opens the same setup
// on the new-game form, which posts back here. Either way the game is
// made by the new-game form's own code, with its checks and rate limit,
// and opens on its invitation. A phone let in by a join code alone may
// not start one: it may not make new games at all.

// errGuestNewGame refuses a new game to a phone let in by a join code.
var errGuestNewGame = errors.New("only a phone logged in with the table password can start a new game; the rematch shows on the final scores once someone does")

// rematchOf loads the game a rematch is asked of, for a phone that may
// start one; otherwise it answers and reports false.
func (a *app) rematchOf(c *gin.Context) (store.StoredGame, bool) {
	old, ok := a.loadGame(c)
	if !ok {
		return store.StoredGame{}, false
	}
	if views.Guest(c.Request.Context()) {
		a.fail(c, errGuestNewGame)
		return store.StoredGame{}, false
	}
	return old, true
}

// rematchForm is the new-game form filled with the rematch's setup.
func (a *app) rematchForm(c *gin.Context) {
	old, ok := a.rematchOf(c)
	if !ok {
		return
	}
	vm := rematchSetup(old)
	vm.Token, vm.KnownNames = newToken(), a.knownNames(c)
	a.page(c, http.StatusOK, views.NewGame(vm))
}

// rematch makes the rematch of a game: from the pre-filled form when it
// sent a setup, else with the defaults. A one-tap rematch of a game that
// has one already opens that one, so two phones tapping at once make one
// game.
func (a *app) rematch(c *gin.Context) {
	old, ok := a.rematchOf(c)
	if !ok {
		return
	}
	if err := parseForm(c); err != nil {
		a.fail(c, err)
		return
	}
	form := c.Request.PostForm
	if _, setup := form["player"]; !setup {
		if old.Rematch != "" {
			a.openRematch(c, old, old.Rematch)
			return
		}
		defaults := rematchForm(rematchSetup(old))
		defaults.Set("token", form.Get("token"))
		c.Request.PostForm = defaults
	}
	a.createFromForm(c, old)
}

// rematchSetup is the new-game form of game old's rematch: the same
// names in the same seats, the same achievements and table option, and
// the Start Player token with the next seat clockwise (after the last
// seat, the first).
func rematchSetup(old store.StoredGame) views.NewGameView {
	f := old.File
	vm := views.NewGameView{RematchOf: old.ID, Errors: views.Errors{},
		Achievements: achievementOptions(f.Achievements), ZeroCounts: f.ZeroCounts}
	copy(vm.Names[:], f.Players)
	if n := len(f.Players); n > 0 {
		vm.StartSeat = (f.StartPlayer + 1) % n
	}
	return vm
}

// rematchForm is the form a rematch setup would post.
func rematchForm(vm views.NewGameView) url.Values {
	form := url.Values{}
	for _, name := range vm.Names {
		form.Add("player", name)
	}
	form.Set("start", strconv.Itoa(vm.StartSeat))
	for _, o := range vm.Achievements {
		if o.Checked {
			form.Add("achievement", o.ID)
		}
	}
	if vm.ZeroCounts {
		form.Set("zero_counts", "on")
	}
	return form
}

// openRematch opens rematch id of game old on its invitation, this phone
// already holding the seat of the player it held in the old game.
func (a *app) openRematch(c *gin.Context, old store.StoredGame, id string) {
	if len(heldSeats(c.Request, old)) > 0 {
		if g, err := a.store.Game(c.Request.Context(), id); err == nil {
			a.carrySeats(c, old, g)
		}
	}
	seeOther(c, views.InviteURL(id))
}

// carrySeats gives this phone, in game g, the seats of every player it
// held in game old (the host who also held the seat of a player without
// a phone keeps both), each found by name; a seat another phone took
// meanwhile stays that phone's. The phone's own player comes first.
func (a *app) carrySeats(c *gin.Context, old, g store.StoredGame) {
	first := true
	for _, s := range heldSeats(c.Request, old) {
		seat := g.File.SeatNamed(old.File.Players[s])
		if seat < 0 || g.HolderOf(seat) != "" {
			continue
		}
		if first {
			a.bindSeat(c, g.ID, seat)
			first = false
			continue
		}
		if err := a.table.TakeSeat(c.Request.Context(), g.ID, seat, ensurePhone(c)); err != nil {
			a.logger(c.Request.Context()).Warn("rematch: recording a seat", "game", clip(g.ID), "err", err)
		}
	}
}

// carrySeat gives a phone that held a seat in the game g is a rematch of,
// and holds none in g, the seat of the same player in g: the phones of
// the last game are the phones of this one. The seat is found by name,
// so a rematch whose seats were changed still gives each phone its
// player. It costs a read of the old game only for such a phone.
func (a *app) carrySeat(c *gin.Context, g store.StoredGame) {
	if g.RematchOf == "" || seatOf(c.Request, g) >= 0 {
		return
	}
	if _, held := seats(c.Request)[g.RematchOf]; !held {
		return
	}
	old, err := a.store.Game(c.Request.Context(), g.RematchOf)
	if err != nil {
		return // gone since: the phone picks its seat as for any game
	}
	a.carrySeats(c, old, g)
}

// bindSeat gives this phone seat in game id (the server's record and
// setSeat) and lets the rest of this request see it, as the next request
// will. A record that cannot be written leaves the cookie alone to say
// it, as before the server kept records.
func (a *app) bindSeat(c *gin.Context, id string, seat int) {
	if err := a.table.TakeSeat(c.Request.Context(), id, seat, ensurePhone(c)); err != nil {
		a.logger(c.Request.Context()).Warn("rematch: recording the seat", "game", clip(id), "err", err)
	}
	setSeat(c.Writer, c.Request, id, seat)
	for _, ck := range readSetCookies(c.Writer.Header()) {
		if ck.Name == seatsCookie {
			replaceCookie(c.Request, ck)
		}
	}
}

// readSetCookies reads the cookies an answer sets so far.
func readSetCookies(h http.Header) []*http.Cookie {
	return (&http.Response{Header: h}).Cookies()
}

// replaceCookie puts ck in r's Cookie header in place of any of its name.
func replaceCookie(r *http.Request, ck *http.Cookie) {
	kept := r.Cookies()
	r.Header.Del("Cookie")
	for _, k := range kept {
		if k.Name != ck.Name {
			r.AddCookie(k)
		}
	}
	r.AddCookie(&http.Cookie{Name: ck.Name, Value: ck.Value})
}

// rematchView is the final scores' rematch box for this phone.
func (a *app) rematchView(c *gin.Context, g store.StoredGame) views.RematchView {
	vm := views.RematchView{GameID: g.ID, CanStart: !views.Guest(c.Request.Context()), Token: newToken()}
	if n := len(g.File.Players); n > 0 {
		vm.StartName = g.File.Players[(g.File.StartPlayer+1)%n]
	}
	if g.Rematch != "" {
		vm.Started = views.GameURL(g.Rematch)
		if !vm.CanStart && !a.auth.open() {
			// The phone's join code is worth this game alone; the rematch
			// of its game is its table's next game, so it gets that one's.
			vm.Started += "?code=" + url.QueryEscape(a.auth.joinCode(g.Rematch))
		}
	}
	return vm
}
