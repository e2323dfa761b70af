package handlers

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
	"ruthless/views/lang"
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
	l := lang.From(c.Request.Context())
	vm := resultSheetView(l, g, res)
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
	vm.ImageURL = a.publicURL(c.Request, views.GameShareImageURL(g.ID)) + shareImageQuery(l, g)
	a.page(c, http.StatusOK, views.ResultSheet(vm))
}

// resultSheetView builds the result card from a scored game.
func resultSheetView(l lang.Lang, g store.StoredGame, res scoring.Result) views.ResultSheetView {
	return views.NewResultSheet(l, g.ID, g.File, res, playFacts(g))
}

// names are the players of seats, skipping a seat out of range.
func names(all []string, seats []int) []string {
	out := make([]string, 0, len(seats))
	for _, s := range seats {
		if s >= 0 && s < len(all) {
			out = append(out, all[s])
		}
	}
	return out
}
