package handlers

import (
	"errors"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/views"
)

// why works out "why not more?" for a pool, in the server's solve slots
// and through its cache (explain.go). A pool too big for it gets
// views.TooBigToExplain instead; a solve that gave up is the error.
func (a *app) why(c *gin.Context, pool []scoring.Card, opt scoring.Options, best scoring.Party) (views.WhyView, error) {
	why, err := a.whyNotMore(c.Request.Context(), pool, opt)
	if errors.Is(err, scoring.ErrTooBigToExplain) {
		return views.WhyView{Strength: best.Strength, Unused: best.Unused, Unworked: views.TooBigToExplain}, nil
	}
	if err != nil {
		return views.WhyView{}, err
	}
	return views.WhyOf(best, why), nil
}
