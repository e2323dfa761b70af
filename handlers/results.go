package handlers

import (
	"errors"
	"net/http"
	"slices"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
)

func (a *app) roundTarget(c *gin.Context) (store.StoredGame, int, bool) {
	g, ok := a.loadGame(c)
	if !ok {
		return g, 0, false
	}
	r, err := roundParam(c, len(g.File.Rounds))
	if err != nil {
		a.fail(c, err)
		return g, 0, false
	}
	return g, r, true
}

func (a *app) roundResults(c *gin.Context) {
	g, r, ok := a.roundTarget(c)
	if !ok {
		return
	}
	res, err := a.scoreGame(c.Request.Context(), g)
	if err != nil {
		a.failScoring(c, g, err)
		return
	}
	vm := roundView(g, res, r, a.tableAt(c.Request, g))
	if vm.Complete {
		markSeen(c, g, r)
	}
	vm.Live = liveView(c.Request, g, false)
	vm.Live.Compact = true
	// Nothing is typed on the results: a correction or the next step
	// brings the whole page up to date (places, tokens, tie reasons).
	vm.Live.SwapMain = true
	if err := a.explainRound(c, g, r, &vm); err != nil {
		a.fail(c, err)
		return
	}
	a.page(c, http.StatusOK, views.RoundResults(vm))
}

// explainRound adds to each party of a scored round "why not more?" and
// the link that checks a claimed party against the player's pool (R1.1).
func (a *app) explainRound(c *gin.Context, g store.StoredGame, r int, vm *views.RoundResultsView) error {
	opt := scoring.Options{Players: len(g.File.Players)}
	// The explanations take the solve slots (explain.go). The round's
	// scores are what the table came for, so a server too busy to explain
	// still shows them, with a sentence in place of each explanation; and
	// after one refusal the others are not waited for.
	var refused error
	for i := range vm.Parties {
		p := &vm.Parties[i]
		e := g.File.Rounds[r-1][p.Seat]
		if e == nil {
			continue
		}
		best, err := a.solves.solve(c.Request.Context(), e.Pool, opt)
		if err != nil {
			return err
		}
		if refused == nil {
			p.Why, err = a.why(c, e.Pool, opt, best)
			if errors.Is(err, errBusy) || errors.Is(err, errTooSlow) {
				refused = err
			} else if err != nil {
				return err
			}
		}
		if refused != nil {
			p.Why = views.WhyView{Strength: best.Strength, Unused: best.Unused, Unworked: unworked(refused)}
		}
		pool := slices.Clone(e.Pool)
		sortCards(pool)
		p.CheckHref = checkURL(checkState{players: opt.Players, pool: pool, locked: true, from: views.RoundURL(g.ID, r)})
	}
	return nil
}

// unworked says why the server could not work an explanation out
// (errBusy or errTooSlow).
func unworked(err error) views.Unworked {
	if errors.Is(err, errTooSlow) {
		return views.TooSlowToExplain
	}
	return views.BusyToExplain
}

// roundView is round r's results as the phone holding seat (-1: a shared
// phone) sees them.
func roundView(g store.StoredGame, res scoring.Result, r int, t atTable) views.RoundResultsView {
	f := g.File
	n := len(f.Players)
	start := scoring.StartPlayerOf(f, r)
	vm := views.RoundResultsView{
		GameID:      g.ID,
		Round:       r,
		Rounds:      scoring.RoundsFor(n),
		StartPlayer: f.Players[start],
		Players:     n,
	}
	var rr *scoring.RoundResult
	for i := range res.Rounds {
		if res.Rounds[i].Round == r {
			rr = &res.Rounds[i]
		}
	}
	if rr == nil {
		for p, name := range f.Players {
			if !f.HasEntered(r, p) {
				st := views.PlayerStatus{Name: name}
				if t.mayLead(p) {
					// A phone with a seat enters its own entry only.
					st.Href = views.EntryURL(g.ID, r, p)
				}
				vm.Missing = append(vm.Missing, st)
			}
		}
		vm.Next = nextStep(t, r)
		return vm
	}
	vm.Complete = true
	vm.Port = rr.Token == scoring.TokenPort
	for _, w := range res.Warnings {
		if w.Round == r {
			vm.Warned = append(vm.Warned, views.WarnedPlayer{Seat: w.Player, Name: f.Players[w.Player], Cards: views.Faces(w.Cards)})
		}
	}
	for p, pr := range rr.Results {
		pv := views.PartyView{
			PartyResult: views.PartyResult{Strength: pr.Strength, Unused: pr.Unused, Leftover: views.Faces(pr.UnusedCards)},
			Seat:        p,
			Name:        f.Players[p],
			Coins:       pr.Coins,
			Prize:       pr.Prize,
			Token:       rr.Token,
			EditHref:    views.EntryURL(g.ID, r, p),
		}
		// Port rounds have no places to show: everyone who reaches 4 takes
		// the same token (R2.4), although scoring keeps a stable order.
		if pr.Place != nil && !vm.Port {
			pv.Place = *pr.Place
		}
		for _, s := range pr.Sets {
			pv.Sets = append(pv.Sets, views.RoundSet(s))
		}
		vm.Parties = append(vm.Parties, pv)
	}
	for _, tb := range rr.TieBreaks {
		if behind, ok := placedBehind(tb, len(vm.Parties)); ok {
			tie := views.RoundTie(f.Players, rr, tb)
			vm.Parties[behind].Tie = &tie
		}
	}
	vm.ReturnedNP = rr.Returned
	vm.Next = nextStep(t, r)
	return vm
}

// placedBehind is the seat a tie-break's line goes under: the player
// placed behind (or level), the one it explains to; ok is false for a
// tie-break that does not name two of the seats.
func placedBehind(tb scoring.TieBreak, seats int) (int, bool) {
	if len(tb.Players) != 2 || tb.Players[1] < 0 || tb.Players[1] >= seats {
		return 0, false
	}
	return tb.Players[1], true
}

func (a *app) revealForm(c *gin.Context) {
	g, r, ok := a.roundTarget(c)
	if !ok {
		return
	}
	var missing []string
	for p, name := range g.File.Players {
		if !g.File.HasEntered(r, p) {
			missing = append(missing, name)
		}
	}
	if len(missing) == 0 {
		seeOther(c, views.RoundURL(g.ID, r))
		return
	}
	a.page(c, http.StatusOK, views.Reveal(views.RevealView{GameID: g.ID, Round: r, Missing: missing}))
}

func (a *app) reveal(c *gin.Context) {
	g, r, ok := a.roundTarget(c)
	if !ok {
		return
	}
	if err := a.table.RevealRound(c.Request.Context(), g.ID, r); err != nil {
		a.fail(c, err)
		return
	}
	seeOther(c, views.RoundURL(g.ID, r))
}
