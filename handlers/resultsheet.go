package handlers

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
)

// gameResultSheet is /games/:id/card: the final table, the winner and the NP
// chart of one game on one phone screen, with Open Graph tags so a shared
// link shows the result. A game in progress gets its card too, with the
// prize tokens so far.
func (a *app) gameResultSheet(c *gin.Context) {
	g, res, ok := a.loadScored(c)
	if !ok {
		return
	}
	vm := resultSheetView(g, res)
	if views.Guest(c.Request.Context()) {
		// A phone let in by the join code may not open player pages: its
		// card names the players without links.
		for i := range vm.Rows {
			vm.Rows[i].Href = ""
		}
	}
	vm.URL = a.publicURL(c.Request, views.GameResultSheetURL(g.ID))
	// The version in the image's address makes a messenger that keeps
	// previews fetch the picture again after a correction.
	vm.ImageURL = a.publicURL(c.Request, views.GameShareImageURL(g.ID)) + "?v=" + strings.Trim(shareImageETag(shareImageKey(g)), `"`)
	vm.ImageAlt = vm.Title + ". " + vm.Summary
	a.page(c, http.StatusOK, views.ResultSheet(vm))
}

// resultSheetView builds the result card from a scored game.
func resultSheetView(g store.StoredGame, res scoring.Result) views.ResultSheetView {
	f := g.File
	n := len(f.Players)
	facts := playFacts(g)
	vm := views.ResultSheetView{GameID: g.ID, Date: facts.When, Facts: facts, Finished: res.Totals != nil}
	running := make([]views.Series, n)
	for p := range n {
		running[p] = views.Series{Name: f.Players[p], Seat: p}
	}
	for i, r := range res.Rounds {
		vm.Steps = append(vm.Steps, "R"+strconv.Itoa(r.Round))
		for p, np := range scoring.PrizesSoFar(res.Rounds[:i+1], n) {
			running[p].Values = append(running[p].Values, np)
		}
	}
	sum := scoring.PrizesSoFar(res.Rounds, n)
	order := make([]int, n)
	for p := range n {
		order[p] = p
	}
	rows := make([]views.ResultSheetRow, n)
	for p := range n {
		rows[p] = views.ResultSheetRow{Seat: p, Name: f.Players[p], Href: views.PlayerURL(f.Players[p]), NP: sum[p], Prizes: sum[p]}
	}
	var bars []views.StackRow
	if vm.Finished {
		vm.Steps = append(vm.Steps, "End")
		for p, t := range res.Totals {
			running[p].Values = append(running[p].Values, t.NP)
			rows[p].NP, rows[p].Prizes, rows[p].Achievements, rows[p].Crew, rows[p].Parley = t.NP, t.Prizes, t.Achievements, t.Crew, t.Parley
			bars = append(bars, views.StackRow{Name: f.Players[p], Parts: []int{t.Prizes, t.Achievements, t.Crew, t.Parley}})
		}
		order = res.Standings
		for p, place := range res.FinalPlaces() {
			rows[p].Place = place
			rows[p].Won = place == 1
		}
		winners := names(f.Players, res.Winners)
		best := res.Totals[res.Winners[0]].NP
		if len(winners) > 1 {
			vm.Title = fmt.Sprintf("%s share the victory with %d NP", views.JoinNames(winners), best)
		} else {
			vm.Title = fmt.Sprintf("%s wins with %d NP", winners[0], best)
		}
		vm.SourcesChart = views.StackedBars("NP by source for each player: prize tokens, achievements, crew, Parley", bars)
	} else {
		vm.Title = fmt.Sprintf("%s: round %d of %d", views.JoinNames(f.Players), len(res.Rounds), scoring.RoundsFor(n))
	}
	for _, p := range order {
		vm.Rows = append(vm.Rows, rows[p])
	}
	vm.Summary = fmt.Sprintf("Ruthless, %s, %d players.", vm.Date, n)
	for i, r := range vm.Rows {
		sep := " "
		if i > 0 {
			sep = ", "
		}
		vm.Summary += sep + fmt.Sprintf("%s %d NP", r.Name, r.NP)
	}
	vm.Running = running
	vm.Chart = views.LineChart("Notoriety Points after each round (prize tokens), then at the end of the game", vm.Steps, running)
	return vm
}

func names(all []string, seats []int) []string {
	out := make([]string, 0, len(seats))
	for _, s := range seats {
		if s >= 0 && s < len(all) {
			out = append(out, all[s])
		}
	}
	return out
}
