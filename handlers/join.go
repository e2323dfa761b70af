package handlers

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/edge"
	"ruthless/store"
	"ruthless/views"
	"ruthless/views/lang"
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
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: edge.SecureCookie(r),
	})
}

// liveView is the live part of a game's pages for this phone. links adds
// the entry links on the game page: on each seat this phone may enter for
// (its own seats and the open ones, never a seat another phone holds,
// whose cards it is not shown).
func liveView(r *http.Request, g store.StoredGame, links bool) views.LiveView {
	f := g.File
	t := tableOf(r, g)
	lv := views.LiveView{Events: views.EventsURL(g.ID), Version: gameVersion(g), Seat: -1, JoinHref: views.JoinURL(g.ID),
		Game: views.GameURL(g.ID), Final: f.Over(), Names: f.Players}
	if len(t.held) > 0 {
		lv.Seat = t.held[0]
		names := make([]string, len(t.held))
		for i, s := range t.held {
			names[i] = f.Players[s]
		}
		lv.SeatName = views.JoinNames(lang.From(r.Context()), names)
	}
	cur := f.CurrentRound()
	if cur == 0 {
		if !f.Over() {
			endOfGame(&lv, t, links)
		}
		return lv
	}
	lv.Round = cur
	for p, name := range f.Players {
		entered := f.HasEntered(cur, p)
		st := views.PlayerStatus{Name: name, Entered: entered, NoPhone: len(g.Holders) > 0 && g.HolderOf(p) == ""}
		if links && t.mayLead(p) {
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
	lv.WaitingFor = waitingFor(t, func(p int) bool { return f.HasEntered(cur, p) })
	return lv
}

// waitingFor names the players this phone waits for when all that is
// missing is on other phones ("Ben and Carla"); "" while it has something
// of its own (or an open seat) to enter, or nothing is missing.
func waitingFor(t atTable, entered func(int) bool) []string {
	var names []string
	for p, name := range t.g.File.Players {
		if entered(p) {
			continue
		}
		if t.mayLead(p) {
			return nil
		}
		names = append(names, name)
	}
	return names
}

// endOfGame fills the live list with who has entered the end of the
// game, once every round is in: a phone that saved its own sees whom it
// waits for.
func endOfGame(lv *views.LiveView, t atTable, links bool) {
	g := t.g
	lv.EndOfGame = true
	for p, name := range g.File.Players {
		entered := g.FinalEntered(p)
		st := views.PlayerStatus{Name: name, Entered: entered, NoPhone: len(g.Holders) > 0 && g.HolderOf(p) == ""}
		if links && t.mayLead(p) {
			st.Href = views.FinalURL(g.ID, p)
		}
		if entered {
			lv.Entered++
		}
		lv.Status = append(lv.Status, st)
	}
	lv.WaitingFor = waitingFor(t, g.FinalEntered)
}

// joinView is the join page for this phone: each seat, who holds it.
func joinView(r *http.Request, g store.StoredGame) views.JoinView {
	t := tableOf(r, g)
	vm := views.JoinView{GameID: g.ID, Players: g.File.Players, Seat: -1,
		Action: views.JoinURL(g.ID), Back: views.GameURL(g.ID)}
	if len(t.held) > 0 {
		vm.Seat = t.held[0]
	}
	phone := phoneID(r)
	for p := range g.File.Players {
		js := views.JoinSeat{Mine: t.holds(p)}
		if h := g.HolderOf(p); h != "" && h != phone && !js.Mine {
			js.HeldBy = holderName(g, p, h)
		}
		vm.Seats = append(vm.Seats, js)
	}
	return vm
}

// holderName names the phone holding seat p by its owner's seat (views
// words it: "Ben's phone", "their own phone", "another phone").
func holderName(g store.StoredGame, p int, phone string) views.Phone {
	s := g.PhoneOwner(phone)
	held := views.PhoneOf(g.File.Players, s)
	held.Known, held.OwnSeat = true, s == p
	return held
}

// joinForm asks which seat this phone is.
func (a *app) joinForm(c *gin.Context) {
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	a.carrySeat(c, g)
	a.page(c, http.StatusOK, views.Join(joinView(c.Request, g)))
}

// join records the seats this phone holds: seat=N makes it seat N's phone
// (letting go of any other), also=N adds seat N to those it holds,
// release=N lets seat N go, seat=none makes it a shared phone. A seat
// another phone holds is taken over only with confirm=1: the page asks
// first. It then opens this phone's own entry for the round being entered
// (or the scoreboard when it has nothing to enter).
func (a *app) join(c *gin.Context) {
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	if err := parseForm(c); err != nil {
		a.fail(c, err)
		return
	}
	if !a.limitSeatChanges(c) {
		return
	}
	form := c.Request.PostForm
	ctx := c.Request.Context()
	phone := ensurePhone(c)
	held := heldSeats(c.Request, g)
	if form.Get("seat") == "none" {
		if err := a.table.ReleaseSeats(ctx, g.ID, phone); err != nil {
			a.fail(c, err)
			return
		}
		setSeat(c.Writer, c.Request, g.ID, -1)
		seeOther(c, views.GameURL(g.ID))
		return
	}
	if raw := form.Get("release"); raw != "" {
		seat, err := strconv.Atoi(raw)
		if err != nil || seat < 0 || seat >= len(g.File.Players) {
			a.fail(c, &badRequest{field: "release", message: "choose one of the players of this game", text: views.ChooseAPlayerText})
			return
		}
		if err := a.table.ReleaseSeats(ctx, g.ID, phone, seat); err != nil {
			a.fail(c, err)
			return
		}
		rest := slices.DeleteFunc(slices.Clone(held), func(s int) bool { return s == seat })
		first := -1
		if len(rest) > 0 {
			first = rest[0]
		}
		setSeat(c.Writer, c.Request, g.ID, first)
		seeOther(c, views.JoinURL(g.ID))
		return
	}
	also := form.Get("also") != ""
	raw := form.Get("seat")
	if also {
		raw = form.Get("also")
	}
	seat, err := strconv.Atoi(raw)
	if err != nil || seat < 0 || seat >= len(g.File.Players) {
		a.fail(c, &badRequest{field: "seat", message: "choose one of the players of this game", text: views.ChooseAPlayerText})
		return
	}
	tookOver := g.HolderOf(seat) != "" && g.HolderOf(seat) != phone
	if tookOver && form.Get("confirm") != "1" {
		// The seat is on another phone: perhaps lost or flat, perhaps a
		// mistap. Ask before taking it over.
		vm := joinView(c.Request, g)
		vm.Confirm = &views.JoinConfirm{Seat: seat, Name: g.File.Players[seat], HeldBy: holderName(g, seat, g.HolderOf(seat)), Also: also}
		a.page(c, http.StatusOK, views.Join(vm))
		return
	}
	// "This phone is Ben": whatever else it held, it holds Ben now;
	// "also", it holds Ben beside its seats.
	after, err := a.table.Sit(ctx, g.ID, phone, seat, !also)
	if err != nil {
		a.fail(c, err)
		return
	}
	if !also || len(held) == 0 {
		setSeat(c.Writer, c.Request, g.ID, seat)
	}
	if also && !tookOver {
		seeOther(c, views.JoinURL(g.ID))
		return
	}
	g = after
	if form.Get("then") == "game" {
		// Asked on the scoreboard of a new game: back there, where
		// inviting the table and its own entry are the next steps.
		seeOther(c, views.GameURL(g.ID))
		return
	}
	// A seat taken over from another phone (lost, flat) is taken to be
	// entered: the phone goes to that seat's entry when one is due.
	seeOther(c, ownPage(atTable{g: g, held: []int{seat}}))
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
