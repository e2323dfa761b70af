package handlers

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/table"
	"ruthless/views"
	"ruthless/views/lang"
)

// entryTarget reads the game, round and seat of a round-entry URL. The
// round may be any started round or the one after the last.
func (a *app) entryTarget(c *gin.Context) (store.StoredGame, int, int, bool) {
	g, ok := a.loadGame(c)
	if !ok {
		return g, 0, 0, false
	}
	n := len(g.File.Players)
	r, err := roundParam(c, min(len(g.File.Rounds)+1, scoring.RoundsFor(n)))
	if err != nil {
		a.fail(c, err)
		return g, 0, 0, false
	}
	p, err := seatParam(c, n)
	if err != nil {
		a.fail(c, err)
		return g, 0, 0, false
	}
	return g, r, p, true
}

func storedEntry(g store.StoredGame, r, p int) (*scoring.Entry, int) {
	if r > len(g.File.Rounds) || p >= len(g.File.Rounds[r-1]) {
		return nil, 0
	}
	v := 0
	if r <= len(g.EntryVersions) && p < len(g.EntryVersions[r-1]) {
		v = g.EntryVersions[r-1][p]
	}
	return g.File.Rounds[r-1][p], v
}

// entryView builds the form for a pool; version is the stored version.
func entryView(g store.StoredGame, r, p int, pool []scoring.Card, coins string, version int) views.EntryView {
	n := len(g.File.Players)
	selected := map[scoring.Card]bool{}
	power := map[scoring.Card]bool{}
	for _, c := range pool {
		selected[c.Cell()] = true
		if c.Flagged {
			power[c.Cell()] = true
		}
	}
	u := views.EntryURL(g.ID, r, p)
	return views.EntryView{
		GameID:     g.ID,
		Round:      r,
		Rounds:     scoring.RoundsFor(n),
		Player:     p,
		PlayerName: g.File.Players[p],
		Action:     u,
		Grid:       grid(n, selected, power, holders(g, p), "power"),
		Coins:      coins,
		Version:    version,
		ClearHref:  u + "?blank=1",
		Errors:     views.Errors{},
		BackHref:   views.GameURL(g.ID),
	}
}

func (a *app) entryForm(c *gin.Context) {
	g, r, p, ok := a.entryTarget(c)
	if !ok {
		return
	}
	e, version := storedEntry(g, r, p)
	var vm views.EntryView
	switch {
	case e != nil && c.Query("blank") != "":
		// "Clear all" without JavaScript on a saved entry: the grid empty,
		// the coins and the version as stored, so Save replaces the entry.
		vm = entryView(g, r, p, nil, strconv.Itoa(e.Coins), version)
		vm.Editing = true
		vm.Cleared = true
	case e != nil:
		vm = entryView(g, r, p, e.Pool, strconv.Itoa(e.Coins), version)
		vm.Editing = true
		vm.SavedBy, vm.SavedAt = savedByOther(c.Request, g, r, p)
	case r > 1 && c.Query("blank") == "":
		// Pirates usually stay in the Ship Area, so last round's pool is the
		// best guess; Captain powers are per round and start off.
		prev, _ := storedEntry(g, r-1, p)
		if prev == nil {
			vm = entryView(g, r, p, nil, "0", 0)
			break
		}
		pool := make([]scoring.Card, len(prev.Pool))
		for i, c := range prev.Pool {
			pool[i] = c.Cell()
		}
		vm = entryView(g, r, p, pool, strconv.Itoa(prev.Coins), 0)
		vm.PrefilledFrom = r - 1
	default:
		vm = entryView(g, r, p, nil, "0", 0)
	}
	vm.Saved = c.Query("saved") != ""
	vm.OpenElsewhere, vm.OpenFor = a.openedHere(c, g, r, p, e == nil && r == g.File.CurrentRound())
	a.showEntry(c, http.StatusOK, g, vm)
}

// entryInput is a posted round-entry form.
type entryInput struct {
	pool     []scoring.Card
	codes    []string
	coinsRaw string
	coins    int
	version  int
	step     string
	token    string
	errs     views.Errors
	// clash says the entry was refused for a card another player holds
	// (R4.1).
	clash bool
	// lang is the page's language, which the refusals are worded in.
	lang lang.Lang
}

func readEntryForm(l lang.Lang, form url.Values) entryInput {
	in := entryInput{errs: views.Errors{}, coinsRaw: strings.TrimSpace(form.Get("coins")), step: form.Get("step"), lang: l}
	in.version, _ = strconv.Atoi(form.Get("version"))
	cards, problem := readFormCards(form["card"])
	if problem != "" {
		in.errs["pool"] = problem
	}
	for _, c := range cards {
		in.pool = append(in.pool, c)
		in.codes = append(in.codes, c.String())
	}
	flagPowers(in.pool, form["power"])
	sortCards(in.pool)
	n, err := strconv.Atoi(in.coinsRaw)
	switch {
	case in.coinsRaw == "":
		in.coins = 0
		in.coinsRaw = "0"
	case err != nil || n < 0 || n > scoring.MaxCount:
		in.errs["coins"] = views.CoinsRangeText(in.lang, scoring.MaxCount)
	default:
		in.coins = n
	}
	return in
}

// stepped applies a − / + button pressed without JavaScript to the named
// number; it reports whether a button was pressed.
func stepped(step, name string, raw *string, maxValue int) bool {
	var delta int
	switch step {
	case name + "-":
		delta = -1
	case name + "+":
		delta = 1
	default:
		return false
	}
	n, err := strconv.Atoi(strings.TrimSpace(*raw))
	if err != nil {
		n = 0
	}
	*raw = strconv.Itoa(max(0, min(maxValue, n+delta)))
	return true
}

// entryAddress reads the round and seat of a round entry's address (the
// form's or the API's), answering the request when they are not numbers
// any game could have (the most rounds are a two-player game's): whether
// this game has them is the store's to check, inside the write (404 as
// for a page).
func (a *app) entryAddress(c *gin.Context) (round, seat int, ok bool) {
	r, err := roundParam(c, scoring.RoundsFor(scoring.MinPlayers))
	if err != nil {
		a.fail(c, err)
		return 0, 0, false
	}
	p, err := seatParam(c, scoring.MaxPlayers)
	if err != nil {
		a.fail(c, err)
		return 0, 0, false
	}
	return r, p, true
}

// saveEntry saves a posted round entry. A form that can be saved is
// handed to the store without reading the game first: the store reads
// and checks it inside the write and hands back the game before and after
// it. Only a form that goes back to the phone (a − / + step, a refusal, a
// conflict) reads the game to draw it.
func (a *app) saveEntry(c *gin.Context) {
	id := c.Param("id")
	r, p, ok := a.entryAddress(c)
	if !ok {
		return
	}
	if err := parseForm(c); err != nil {
		a.fail(c, err)
		return
	}
	in := readEntryForm(lang.From(c.Request.Context()), c.Request.PostForm)
	token, err := formToken(c.Request.PostForm)
	if err != nil {
		a.fail(c, err)
		return
	}
	in.token = token
	if in.step != "" || len(in.errs) > 0 {
		g, r, p, ok := a.entryTarget(c)
		if !ok {
			return
		}
		if in.step != "" {
			if stepped(in.step, "coins", &in.coinsRaw, scoring.MaxCount) {
				delete(in.errs, "coins")
			}
			a.showEntry(c, http.StatusOK, g, in.view(g, r, p, in.version))
			return
		}
		a.refuseEntry(c, g, r, p, in)
		return
	}
	entry := scoring.Entry{Pool: in.pool, Coins: in.coins}
	if in.pool == nil {
		entry.Pool = []scoring.Card{}
	}
	// The game is checked once, by the store inside the write's
	// transaction (R4.1 against every other entry as it stands then); a
	// refusal comes back below as a field error.
	by := func(g store.StoredGame) int { return seatOf(c.Request, g) } // -1 for a shared phone
	saved, err := a.table.SaveEntry(c.Request.Context(), table.Entry{Game: id, Round: r, Seat: p, Entry: entry, Version: in.version, Token: in.token, By: by})
	var conflict *store.EntryConflict
	switch {
	case errors.As(err, &conflict):
		g, ok := a.loadGame(c)
		if !ok {
			return
		}
		vm := in.view(g, r, p, conflict.Version)
		vm.Conflict = entryConflict(g, in, conflict, seatOf(c.Request, g))
		a.showEntry(c, http.StatusConflict, g, vm)
		return
	case in.refusedBy(err, r, p):
		// Another phone saved a clashing entry (the same card, R4.1)
		// after this form was opened: the store's own check, inside the
		// write, refused this one. The page shows the game as it is now,
		// so the clashing card is marked with its holder.
		g, ok := a.loadGame(c)
		if !ok {
			return
		}
		a.refuseEntry(c, g, r, p, in)
		return
	case err != nil:
		a.fail(c, err)
		return
	}
	a.entrySaved(c, saved, r, p)
}

// entrySaved sends the phone on from a saved round entry. A new R4.3
// warning holds the phone on the entry's "Saved." page, which shows it;
// one the form already showed (saved again from that page) is not new,
// and none holds back the save that completes the round.
//
// A page of scores the phone is sent to (the round's results, the
// scoreboard) finds the game scored in the score cache, under the version
// the save left: the save scores it here, from the game it holds, so the
// page after the redirect reads the game once and scores nothing.
func (a *app) entrySaved(c *gin.Context, saved table.EntrySaved, r, p int) {
	g := saved.After
	a.entering.done(seatKey{game: g.ID, round: r, seat: p})
	if !saved.RoundComplete && len(saved.NewWarnings) > 0 {
		seeOther(c, views.EntryURL(g.ID, r, p)+"?saved=1")
		return
	}
	next := c.Request.PostForm.Get("then") == "next"
	to := afterSave(saved, r, p, a.tableAt(c.Request, saved.Before), next)
	if to == views.RoundURL(g.ID, r) || to == views.GameURL(g.ID) {
		// Only an answer is kept; a game that cannot be scored now is
		// the page's to explain.
		_, _ = a.scoreGame(c.Request.Context(), g)
	}
	seeOther(c, to)
}

// view is the entry form again with what the player sent: their taps,
// their coins as typed, the problems found and the form's token; version
// is the stored version a save from it is based on.
func (in entryInput) view(g store.StoredGame, r, p, version int) views.EntryView {
	vm := entryView(g, r, p, in.pool, in.coinsRaw, version)
	vm.Errors = in.errs
	vm.Token = orNewToken(in.token)
	return vm
}

// refusedBy records the rule the entry breaks next to the field it
// concerns, when err is a *scoring.FieldError; it reports whether it was.
func (in *entryInput) refusedBy(err error, r, p int) bool {
	var fe *scoring.FieldError
	if !errors.As(err, &fe) {
		return false
	}
	in.errs[entryField(fe, r, p)] = views.FieldProblemIn(in.lang, fe)
	in.clash = fe.Rule == "R4.1"
	return true
}

// entryConflict shows, next to the form, the entry another phone saved
// since this form was opened and the one this form sent; by is this
// phone's seat (-1: not known).
func entryConflict(g store.StoredGame, in entryInput, conflict *store.EntryConflict, by int) *views.EntryConflictView {
	savedBy := conflict.SavedBy
	if savedBy == by {
		// Another phone that says it is this phone's player (one
		// handed over, "Not you? change"): "Bob's phone saved this
		// entry" would read, on Bob's phone, as this phone.
		savedBy = -1
	}
	cv := &views.EntryConflictView{
		Submitted:      views.Faces(in.pool),
		SubmittedCodes: in.codes,
		SubmittedCoins: in.coins,
		Version:        conflict.Version,
		SavedAt:        views.SavedAt(conflict.Saved, time.Now()),
		SavedBy:        views.PhoneOf(g.File.Players, savedBy),
	}
	if conflict.Current != nil {
		cv.Stored = views.Faces(conflict.Current.Pool)
		cv.StoredCoins = conflict.Current.Coins
	}
	return cv
}

// refuseEntry shows the entry form again with the player's taps and the
// problem (422). A card that another player holds (R4.1) stays ticked
// and is marked with its holder, and the problem draws it, so the player
// sees what to untap.
func (a *app) refuseEntry(c *gin.Context, g store.StoredGame, r, p int, in entryInput) {
	vm := in.view(g, r, p, in.version)
	if in.clash {
		held := holders(g, p)
		for _, card := range in.pool {
			if h := held[card.Cell()]; h != "" {
				vm.Clashes = append(vm.Clashes, views.Clash{Card: views.Face(card.Cell()), Holder: h})
			}
		}
		if len(vm.Clashes) > 0 {
			// The drawn clash says it better than the checker's words.
			delete(vm.Errors, "pool")
			delete(vm.Errors, "form")
		}
	}
	a.showEntry(c, http.StatusUnprocessableEntity, g, vm)
}

// showEntry renders the entry form with what depends on the phone and
// the table rather than the form: the seat line and who has entered, the
// stored entry's warnings, the advisor, "Save & next" and the live
// solver's address. Every answer with the form (the first view, a 422, a
// 409) goes through here, so none loses the page around the form.
func (a *app) showEntry(c *gin.Context, status int, g store.StoredGame, vm views.EntryView) {
	// "Save & next" goes on to the seats this phone enters (its own, then
	// the open ones), never to a seat another phone holds: it is not
	// shown the others' cards.
	t := a.tableAt(c.Request, g)
	if s := t.saveNext(vm.Round, vm.Player); s >= 0 {
		vm.NextName, vm.NextNoPhone = t.seatName(s)
	}
	vm.Own = len(t.held) > 0 && t.held[0] == vm.Player
	vm.SolveHref = views.SolveURL(g.ID)
	vm.Live = liveView(c.Request, g, false)
	vm.Live.EntryRound = vm.Round
	vm.Warnings = scoring.EntryWarnings(g.File, vm.Round, vm.Player)
	vm.AdvisorHref = advisorHref(g, vm.Round, vm.Player, vm.Grid)
	vm.AdvisorKnown = knownCodes(g, vm.Round, vm.Player)
	if vm.Token == "" {
		vm.Token = newToken()
	}
	a.page(c, status, views.Entry(vm))
}

// entrySolve answers GET /games/ID/solve?cards=H2,H3,SC* as POST
// /api/solve does (the JSON of solve --json), for the game's number of
// players. The entry page's script asks it as cards are tapped, to show
// the best party live. It lives under the game's path, not /api/, so that
// whatever lets a phone open the game's pages lets it ask: the session
// cookie, or a join code, whose cookie reaches /games/ID… only. It is a
// GET because it changes nothing (and so wakes no live stream).
func (a *app) entrySolve(c *gin.Context) {
	c.Set(answersJSON, true)
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	a.answerSolve(c, codeList(c.QueryArray("cards")), len(g.File.Players))
}

// entryField is where a validation error shows on the round form: next to
// the cards or the coins when it is about this entry, else at the top.
func entryField(fe *scoring.FieldError, r, p int) string {
	for _, at := range places(fe) {
		if at.Round == r && at.Seat == p {
			if at.Name == "coins" {
				return "coins"
			}
			return "pool"
		}
	}
	return "form"
}

// savedByOther says which other phone saved seat p's round r entry, and
// when ("Ben's phone at 21:04"), for a phone opening it to correct it; ""
// when this phone saved it (or one of its seats' phones) or nobody knows.
func savedByOther(r *http.Request, g store.StoredGame, round, p int) (views.Phone, views.SaveTime) {
	if round > len(g.EntryMarks) || p >= len(g.EntryMarks[round-1]) {
		return views.Phone{}, views.SaveTime{}
	}
	m := g.EntryMarks[round-1][p]
	t := tableOf(r, g)
	if m.By < 0 || m.By >= len(g.File.Players) || t.holds(m.By) {
		return views.Phone{}, views.SaveTime{}
	}
	return views.PhoneOf(g.File.Players, m.By), views.SavedAt(m.Saved, time.Now())
}
