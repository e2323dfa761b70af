package handlers

import (
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
	"ruthless/views/lang"
)

// The pages that settle an argument at the table: /solve (the best party
// of any pool, why it is not stronger, the recruit advisor: this file)
// and /check (is a claimed party legal, and how far is it from the best:
// checkpage.go, claim.go). Both are plain forms; their answers come from
// the same capped, cached solves as the API's (a.solves), so they inherit
// its limits (503 + Retry-After).

// solveInput is what /solve was asked.
type solveInput struct {
	players   int
	pool      []scoring.Card
	tavern    []scoring.Card
	recruited int
	// raw values, kept to re-show a form with an error
	poolCodes, tavernCodes, power []string
	recruitedRaw                  string
	errs                          views.Errors
}

func readSolve(q url.Values) solveInput {
	in := solveInput{errs: views.Errors{}, poolCodes: codeList(q["cards"]), tavernCodes: codeList(q["tavern"]), power: q["power"]}
	var msg string
	if in.players, msg = playersParam(q.Get("players")); msg != "" {
		in.errs["form"] = msg
	}
	var err error
	if in.pool, err = readPool(in.poolCodes, in.power, in.players); err != nil {
		in.errs["pool"] = views.MessageText(inputProblem(err))
	}
	if in.tavern, err = readPool(in.tavernCodes, nil, in.players); err != nil {
		in.errs["tavern"] = views.MessageText(inputProblem(err))
	}
	for _, c := range in.tavern {
		if slices.ContainsFunc(in.pool, func(p scoring.Card) bool { return p.Cell() == c.Cell() }) {
			in.errs["tavern"] = views.TavernHoldsPoolCard(c)
		}
	}
	if len(in.tavern) > scoring.MaxTavern {
		in.errs["tavern"] = views.TavernTooMany(len(in.tavern))
	}
	in.recruitedRaw = strings.TrimSpace(q.Get("recruited"))
	stepped(q.Get("step"), "recruited", &in.recruitedRaw, scoring.MaxNewPirates)
	if in.recruitedRaw != "" {
		n, err := strconv.Atoi(in.recruitedRaw)
		if err != nil || n < 0 || n > scoring.MaxNewPirates {
			in.errs["recruited"] = views.RecruitsRange()
		} else {
			in.recruited = n
		}
	}
	return in
}

// solveURL is the address of a /solve answer: the pool, the players and
// the advisor's cards, as /solve?cards=H2,H3,A4&players=3.
func solveURL(players int, pool, tavern []scoring.Card, recruited int) string {
	v := url.Values{}
	if len(pool) > 0 {
		v.Set("cards", joinCodes(pool))
	}
	v.Set("players", strconv.Itoa(players))
	if len(tavern) > 0 {
		v.Set("tavern", joinCodes(tavern))
	}
	if recruited > 0 {
		v.Set("recruited", strconv.Itoa(recruited))
	}
	return "/solve?" + encode(v)
}

// solvePage is GET /solve. A form (form=1, or a − / + of the recruits
// stepper) redirects to the plain address of its answer, so the address
// always holds the pool.
func (a *app) solvePage(c *gin.Context) {
	q := c.Request.URL.Query()
	in := readSolve(q)
	if len(in.errs) == 0 && (q.Has("form") || q.Has("step")) {
		to := solveURL(in.players, in.pool, in.tavern, in.recruited)
		if q.Has("advise") {
			to += "&advise=1"
		}
		seeOther(c, to)
		return
	}
	l := lang.From(c.Request.Context())
	vm := views.SolveView{Players: in.players, Errors: in.errs, Advise: q.Has("advise")}
	vm.Advisor.Recruited = in.recruitedRaw
	if vm.Advisor.Recruited == "" {
		vm.Advisor.Recruited = "0"
	}
	checked := map[scoring.Card]bool{}
	flagged := map[scoring.Card]bool{}
	for _, code := range in.poolCodes {
		if card, err := scoring.ParseCard(code); err == nil {
			checked[card.Cell()] = true
			flagged[card.Cell()] = card.Flagged || slices.Contains(in.power, card.Cell().String())
		}
	}
	tavern := map[scoring.Card]bool{}
	for _, code := range in.tavernCodes {
		if card, err := scoring.ParseCard(code); err == nil {
			tavern[card.Cell()] = true
		}
	}
	vm.Grid = tapGrid("cards", "card", in.players, func(card scoring.Card, tc *views.TapCard) {
		tc.Checked = checked[card]
		if card.Rank == scoring.Cpt {
			tc.Sub, tc.SubChecked = "power", flagged[card] && checked[card]
		}
	})
	vm.Advisor.Grid = tapGrid("tavern", "tavern", in.players, func(card scoring.Card, tc *views.TapCard) {
		tc.Checked = tavern[card] && !checked[card]
		if checked[card] {
			tc.Disabled = true
			views.MarkInPool(l, tc)
		}
	})
	if len(in.errs) > 0 {
		a.page(c, http.StatusUnprocessableEntity, views.Solve(vm))
		return
	}
	opt := scoring.Options{Players: in.players}
	ctx := c.Request.Context()
	if q.Has("cards") || q.Has("players") {
		best, err := a.solves.solve(ctx, in.pool, opt)
		if err != nil {
			a.fail(c, err)
			return
		}
		vm.Solved, vm.Best = true, views.DisputeParty(best)
		if vm.Why, err = a.why(c, in.pool, opt, best); err != nil {
			a.fail(c, err)
			return
		}
		vm.CheckHref = checkURL(checkState{players: in.players, unused: in.pool})
	}
	if len(in.tavern) > 0 {
		adv, err := a.advise(ctx, in.pool, in.tavern, in.recruited, opt)
		if err != nil {
			a.fail(c, err)
			return
		}
		vm.Advisor.Asked, vm.Advisor.Left, vm.Advisor.Base = true, adv.Left, adv.Base.Strength
		for _, r := range adv.Singles {
			vm.Advisor.Singles = append(vm.Advisor.Singles, recruitView(l, r))
		}
		// The recruit that adds most first; equal gains keep the Tavern
		// Row's order.
		slices.SortStableFunc(vm.Advisor.Singles, func(x, y views.RecruitView) int { return y.Gain - x.Gain })
		if adv.Pair != nil {
			p := recruitView(l, *adv.Pair)
			vm.Advisor.Pair = &p
		}
		vm.Advisor.Note = views.RecruitLimitNote(adv.Left, len(in.tavern))
	}
	a.page(c, http.StatusOK, views.Solve(vm))
}

// recruitView is an answer of the recruit advisor, its cards named in
// language l.
func recruitView(l lang.Lang, r scoring.Recruit) views.RecruitView {
	return views.RecruitView{Cards: views.Faces(r.Cards), Label: views.Phrasef("%s", r.Cards).In(l), Gain: r.Gain, Strength: r.Party.Strength, Party: views.DisputeParty(r.Party)}
}

// advisorHref opens the recruit advisor (/solve) from a round-entry form
// on the pool the form shows, with the new pirates of that pool (those
// the player entered in no earlier round) counted as this round's recruits
// already made (R4.3).
func advisorHref(g store.StoredGame, r, p int, grid views.TapGrid) string {
	before := enteredBefore(g, r, p)
	var pool []scoring.Card
	recruited := 0
	for _, row := range grid.Rows {
		for _, gc := range row.Cards {
			if !gc.Checked {
				continue
			}
			c, err := scoring.ParseCard(gc.Code)
			if err != nil {
				continue
			}
			c.Flagged = gc.Sub == "power" && gc.SubChecked
			pool = append(pool, c)
			if !before[c.Cell()] {
				recruited++
			}
		}
	}
	sortCards(pool)
	return solveURL(len(g.File.Players), pool, nil, min(recruited, scoring.MaxNewPirates)) + "&advise=1#advisor"
}

// enteredBefore is every pirate player p entered in a round before r.
func enteredBefore(g store.StoredGame, r, p int) map[scoring.Card]bool {
	before := map[scoring.Card]bool{}
	for i := 0; i < r-1 && i < len(g.File.Rounds); i++ {
		if g.File.HasEntered(i+1, p) {
			for _, c := range g.File.Rounds[i][p].Pool {
				before[c.Cell()] = true
			}
		}
	}
	return before
}

// knownCodes are the codes of enteredBefore, in the app's card order: the
// entry page's script counts the pirates tapped that are not among them
// as this round's recruits when it opens the advisor on the taps.
func knownCodes(g store.StoredGame, r, p int) string {
	cards := slices.Collect(maps.Keys(enteredBefore(g, r, p)))
	sortCards(cards)
	return joinCodes(cards)
}
