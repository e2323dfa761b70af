package handlers

import (
	"errors"
	"net/http"
	"slices"
	"strconv"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
	"ruthless/views/lang"
)

func (a *app) game(c *gin.Context) {
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	a.carrySeat(c, g)
	// A phone that said which player it is, opening the game from a QR
	// code or a bookmark, goes straight to its own entry (join.go).
	t := a.tableAt(c.Request, g)
	seat := seatOf(c.Request, g)
	if to := ownPage(t); to != views.GameURL(g.ID) && openedFromOutside(c.Request) {
		seeOther(c, to)
		return
	}
	tag := strconv.Itoa(seat)
	for _, s := range t.held[min(1, len(t.held)):] {
		tag += "+" + strconv.Itoa(s)
	}
	if views.Guest(c.Request.Context()) {
		tag += "-guest" // its header has other links
	}
	// Its main button follows the results the phone has opened.
	tag += "s" + strconv.Itoa(t.seen)
	// The same game reads otherwise in another language: a phone that
	// switches must not be told its English copy is still good.
	tag += "-" + lang.From(c.Request.Context()).Code()
	// The share link its More menu shows (or not) is part of the game's
	// version (gameVersion), so the ETag follows it.
	share := g.Share
	if notModified(c, etag(g, tag)) {
		return
	}
	res, err := a.scoreGame(c.Request.Context(), g)
	var fe *scoring.FieldError
	if errors.As(err, &fe) {
		// The stored game breaks a rule (an old database, an import): it
		// opens all the same, with the problem and the way to fix it.
		vm := gameView(g, scoring.Result{}, t)
		vm.Problem = problemOf(lang.From(c.Request.Context()), g, fe)
		vm.Finished, vm.Winners, vm.FinalNP = false, nil, nil
		vm.Live, vm.InviteHref = liveView(c.Request, g, true), views.InviteURL(g.ID)
		vm.Live.SwapMain = true
		a.page(c, http.StatusOK, views.Scoreboard(vm))
		return
	}
	if err != nil {
		a.fail(c, err)
		return
	}
	vm := gameView(g, res, t)
	vm.Live, vm.InviteHref = liveView(c.Request, g, true), views.InviteURL(g.ID)
	vm.Live.SwapMain = true
	if share != "" {
		vm.ShareLink, vm.ShareRevoke = a.publicURL(c.Request, views.ShareURL(share)), views.ShareRevokeURL(g.ID)
	}
	vm.ShareStopped = c.Query("shared") == "stopped" && share == ""
	a.page(c, http.StatusOK, views.Scoreboard(vm))
}

// problemOf describes a rule the stored game breaks, with a link to each
// entry the problem names (for R4.1, both players' entries).
func problemOf(l lang.Lang, g store.StoredGame, fe *scoring.FieldError) *views.Problem {
	p := &views.Problem{Message: views.FieldProblemIn(l, fe), Rule: fe.Rule}
	players := g.File.Players
	for _, at := range places(fe) {
		if at.Seat < 0 || at.Seat >= len(players) {
			continue
		}
		switch {
		case at.Round > 0:
			p.Fixes = append(p.Fixes, views.Link{Href: views.EntryURL(g.ID, at.Round, at.Seat), Step: views.StepChangeEntry, Round: at.Round, Name: players[at.Seat]})
		case at.Final:
			p.Fixes = append(p.Fixes, views.Link{Href: views.FinalURL(g.ID, at.Seat), Step: views.StepChangeFinal, Name: players[at.Seat]})
		}
	}
	return p
}

// gameView is the scoreboard as the phone holding seat (-1: a shared
// phone) sees it.
func gameView(g store.StoredGame, res scoring.Result, t atTable) views.GameView {
	f := g.File
	n := len(f.Players)
	vm := views.GameView{
		ID:           g.ID,
		Players:      f.Players,
		Played:       g.Created.Local(),
		Rounds:       scoring.RoundsFor(n),
		Achievements: f.Achievements,
		ZeroCounts:   f.ZeroCounts,
		Next:         nextStep(t, 0),
	}
	scored := map[int]scoring.RoundResult{}
	for _, rr := range res.Rounds {
		scored[rr.Round] = rr
	}
	for r := range f.Rounds {
		running := scoring.PrizesAfter(res.Rounds, n, r+1)
		row := views.ScoreRow{
			Round:       r + 1,
			Href:        views.RoundURL(g.ID, r+1),
			StartPlayer: f.Players[scoring.StartPlayerOf(f, r+1)],
			Token:       scoring.TokenFor(r + 1),
			Cells:       make([]views.ScoreCell, n),
		}
		rr, ok := scored[r+1]
		for p := range n {
			cell := views.ScoreCell{Entered: f.HasEntered(r+1, p)}
			if ok && p < len(rr.Results) {
				cell.Scored = true
				cell.Strength = rr.Results[p].Strength
				cell.Prize = rr.Results[p].Prize
			}
			cell.Running = running[p]
			row.Cells[p] = cell
		}
		vm.Rows = append(vm.Rows, row)
	}
	if cur := f.CurrentRound(); cur > 0 {
		vm.Current = cur
		vm.CurrentStart = f.Players[scoring.StartPlayerOf(f, cur)]
		for p, name := range f.Players {
			entered := f.HasEntered(cur, p)
			vm.Status = append(vm.Status, views.PlayerStatus{Name: name, Entered: entered, Href: views.EntryURL(g.ID, cur, p)})
		}
	} else {
		vm.Others = append(vm.Others, views.Link{Href: views.FinalScoresURL(g.ID), Step: views.StepEndOfGame})
	}
	if f.Over() {
		vm.Finished = true
		vm.Winners = slices.Clone(res.Winners)
		for _, t := range res.Totals {
			vm.FinalNP = append(vm.FinalNP, t.NP)
		}
	}
	vm.Totals, vm.TotalsFinal = totals(f, res), vm.Finished
	// Inviting is the main thing until every seat is on a phone; then it
	// waits in More (a phone lost or flat joins again), and once the game
	// is over it goes.
	everyHeld := len(g.Holders) >= n
	vm.InviteFirst = vm.Current == 1 && !f.Started(1) && vm.Next.Href != "" && !everyHeld
	vm.InviteInMore = everyHeld && !f.Over()
	if len(t.held) == 0 && vm.Current == 1 && !f.Started(1) {
		for p := range f.Players {
			if g.HolderOf(p) == "" {
				vm.AskSeat = append(vm.AskSeat, p)
			}
		}
	}
	if len(f.Rounds) > 0 && vm.Current > 1 {
		vm.Others = append(vm.Others, views.Link{Href: views.RoundURL(g.ID, vm.Current-1), Step: views.StepResults, Round: vm.Current - 1})
	}
	return vm
}

func (a *app) deleteForm(c *gin.Context) {
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	a.page(c, http.StatusOK, views.DeleteGame(views.DeleteView{GameID: g.ID, Players: g.File.Players, Played: g.Created.Local(), KeepDays: trashDays()}))
}

func (a *app) deleteGame(c *gin.Context) {
	if err := a.table.Delete(c.Request.Context(), c.Param("id")); err != nil {
		a.fail(c, err)
		return
	}
	seeOther(c, "/")
}

// totals is each player's NP so far for the scoreboard's head: the tokens
// won, or the final NP once there is one, with the place scoring gives it
// (the final places of R3.5 at the end, the running places before). Before
// any round is scored nobody has a place.
func totals(f scoring.Game, res scoring.Result) []views.PlayerTotal {
	players := f.Players
	np := scoring.PrizesSoFar(res.Rounds, len(players))
	places := scoring.RunningPlaces(np)
	if final := res.FinalPlaces(); len(final) == len(players) {
		places = final
		for p, t := range res.Totals {
			np[p] = t.NP
		}
	}
	out := make([]views.PlayerTotal, len(players))
	for p, name := range players {
		out[p] = views.PlayerTotal{Name: name, NP: np[p]}
		if len(res.Rounds) > 0 || f.Over() {
			out[p].Place = places[p]
		}
	}
	return out
}
