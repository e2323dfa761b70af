package handlers

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
)

// screen is the big screen (/games/{id}/screen), for a laptop or TV in
// the middle of the table. It reads only, behind the password like every
// page, and follows the game through the game's event stream (live.js).
func (a *app) screen(c *gin.Context) {
	g, res, ok := a.loadScored(c)
	if !ok {
		return
	}
	vm := screenView(g, res)
	if a.screenInvites(g) {
		if rc := a.joinLink(c.Request, g.ID); !rc.localOnly {
			vm.QR, vm.Link = views.InviteQRURL(g.ID), rc.link
		}
	}
	vm.Live = liveView(c.Request, g, false)
	vm.Live.SwapMain = true
	a.page(c, http.StatusOK, views.Screen(vm))
}

// screenInvites reports whether the big screen shows the join QR code:
// while a seat is held by no phone and the game is not over, on a server
// the phones can reach (a phone with no server has no join link).
func (a *app) screenInvites(g store.StoredGame) bool {
	return !a.offline && !g.File.Over() && len(g.Holders) < len(g.File.Players)
}

// screenView is the game as the big screen shows it. The screen holds no
// seat: it is the whole table's, so it is built as a shared phone sees
// the game, from the same views as the scoreboard, the round results and
// the final scores.
func screenView(g store.StoredGame, res scoring.Result) views.ScreenView {
	t := atTable{g: g}
	board := gameView(g, res, t)
	vm := views.ScreenView{
		GameID:       g.ID,
		Players:      g.File.Players,
		Rounds:       board.Rounds,
		Standings:    board.Totals,
		Rows:         board.Rows,
		Current:      board.Current,
		CurrentStart: board.CurrentStart,
	}
	for _, s := range board.Status {
		vm.Entered = append(vm.Entered, s.Entered)
	}
	if n := len(res.Rounds); n > 0 {
		latest := roundView(g, res, res.Rounds[n-1].Round, t)
		vm.Latest = &latest
	}
	if board.Current > 0 {
		return vm
	}
	if fv := finalView(g, res, t); fv.Complete {
		vm.Over, vm.Final = true, fv
		return vm
	}
	vm.EndOfGame = true
	for p := range g.File.Players {
		vm.Entered = append(vm.Entered, g.FinalEntered(p))
	}
	return vm
}
