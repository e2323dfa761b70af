package handlers

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/views"
	"ruthless/views/lang"
)

// /check judges a claimed party (claim.go holds the claim): is it legal,
// and how far is it from the best party of its pool.

// checkPage is GET /check: the claim in the address, judged.
func (a *app) checkPage(c *gin.Context) {
	s, err := readCheck(c.Request.URL.Query())
	if err != nil {
		a.checkInvalid(c, s, err)
		return
	}
	a.showCheck(c, s)
}

// checkPost is POST /check: the form applied to the claim, then 303 to
// the claim's address.
func (a *app) checkPost(c *gin.Context) {
	if err := parseForm(c); err != nil {
		a.fail(c, err)
		return
	}
	form := c.Request.PostForm
	s, err := readCheck(form)
	if err == nil {
		err = s.apply(form)
	}
	if err != nil {
		a.checkInvalid(c, s, err)
		return
	}
	seeOther(c, checkURL(s))
}

// checkInvalid re-shows the claim builder with the message, as a form
// with a bad value is (422).
func (a *app) checkInvalid(c *gin.Context, s checkState, err error) {
	if s.players == 0 {
		s.players = 4
	}
	vm := a.checkView(lang.From(c.Request.Context()), s)
	vm.Errors = views.Errors{"form": views.MessageText(inputProblem(err))}
	a.page(c, http.StatusUnprocessableEntity, views.Check(vm))
}

func (a *app) showCheck(c *gin.Context, s checkState) {
	l := lang.From(c.Request.Context())
	vm := a.checkView(l, s)
	if len(s.sets) == 0 && len(s.unused) == 0 {
		a.page(c, http.StatusOK, views.Check(vm))
		return
	}
	opt := scoring.Options{Players: s.players}
	var res scoring.CheckResult
	var err error
	if s.locked {
		res, err = scoring.CheckInPool(c.Request.Context(), s.sets, s.pool, opt, a.solves.solve)
	} else {
		res, err = scoring.CheckContext(c.Request.Context(), s.sets, s.unused, opt, a.solves.solve)
	}
	if err != nil {
		if solveFailed(err) {
			a.fail(c, err)
			return
		}
		a.checkInvalid(c, s, err)
		return
	}
	v := &views.Verdict{Legal: res.Legal, Strength: res.Strength, Best: views.DisputeParty(res.Best)}
	for _, p := range res.Problems {
		v.Problems = append(v.Problems, views.ProblemView{Set: p.Set, Message: views.ProblemPhrase(l, p, false), Rule: p.Rule, RuleTitle: views.RuleTitle(l, p.Rule)})
	}
	for i := range vm.Sets {
		if i < len(res.Sets) {
			judgeSet(l, &vm.Sets[i], res.Sets[i], s.sets[i], res.Problems)
		}
	}
	if res.Legal {
		v.Diff = res.Best.Strength - res.Strength
	}
	vm.Verdict = v
	a.page(c, http.StatusOK, views.Check(vm))
}

// judgeSet draws claimed set cs with its verdict, in language l: set is how scoring
// scored it, claims how it was claimed, problems those of the whole claim.
//
// A legal set shows its pattern, its strength worked out and what each
// wild stands for. A set with a problem is drawn as it was claimed, each
// wild with the identity its owner stated or none: scoring still reports
// the pattern its cards could fit with the wilds chosen otherwise (the
// JSON and the command line keep that), but the claim did not earn it,
// and showing it would contradict the problem beside it.
func judgeSet(l lang.Lang, cs *views.ClaimSet, set scoring.Set, claims []scoring.Claim, problems []scoring.Problem) {
	for _, p := range problems {
		if p.Set == cs.Number {
			cs.Problems = append(cs.Problems, views.ProblemView{Set: p.Set,
				Message: views.ProblemPhrase(l, p, true).Capitalized(), Rule: p.Rule, RuleTitle: views.RuleTitle(l, p.Rule)})
		}
	}
	cs.Legal = len(cs.Problems) == 0 && set.Kind != scoring.NoPattern
	if !cs.Legal {
		illegal := views.IllegalSet()
		cs.Result = &illegal
		for j := range cs.Cards {
			if j < len(set.Cards) && j < len(claims) {
				// The card as scored carries the pool's Captain-power mark.
				cs.Cards[j].Face = views.ClaimedFace(set.Cards[j].Card, claims[j].As)
			}
		}
		return
	}
	r := views.DisputeSet(set)
	cs.Result = &r
	for j := range cs.Cards {
		if j < len(set.Cards) {
			cs.Cards[j].Face = views.PlacedFaces(set.Cards[j : j+1])[0]
		}
	}
}

// checkView builds the claim builder for a claim, without the verdict,
// in language l.
func (a *app) checkView(l lang.Lang, s checkState) views.CheckView {
	vm := views.CheckView{Players: s.players, Locked: s.locked, Pool: joinCodes(s.pool), From: s.from, UnusedCodes: joinCodes(s.unused)}
	for i, set := range s.sets {
		codes := make([]string, len(set))
		cs := views.ClaimSet{Number: i + 1}
		for j, cl := range set {
			codes[j] = cl.String()
			cs.Cards = append(cs.Cards, s.claimCard(l, cl))
		}
		vm.SetCodes = append(vm.SetCodes, strings.Join(codes, ","))
		vm.Sets = append(vm.Sets, cs)
	}
	for _, c := range s.unused {
		cc := views.ClaimCard{Face: views.Face(c), TestID: "claim-card-" + c.Cell().String()}
		if !s.locked && c.Rank == scoring.Cpt {
			cc.Power, cc.PowerChecked = true, c.Flagged
		}
		vm.Unused = append(vm.Unused, cc)
	}
	// Where tapped cards go: the chosen bucket, else the last set.
	to := s.to
	valid := to == "new" || to == "out" || (to == "unused" && !s.locked)
	if n, err := strconv.Atoi(to); err == nil && n >= 1 && n <= len(s.sets) {
		valid = true
	}
	if !valid {
		to = "new"
		if len(s.sets) > 0 {
			to = strconv.Itoa(len(s.sets))
		}
	}
	vm.Buckets = views.CheckBuckets(l, len(s.sets), s.locked, to)
	vm.Grid = tapGrid("card", "card", s.players, func(card scoring.Card, tc *views.TapCard) {
		views.MarkClaimed(l, tc, s.where(card), s.locked)
	})
	var pool []scoring.Card
	if s.locked {
		pool = s.pool
	} else {
		for _, set := range s.sets {
			for _, cl := range set {
				pool = append(pool, cl.Card)
			}
		}
		pool = append(pool, s.unused...)
	}
	if len(pool) > 0 {
		sortCards(pool)
		vm.SolveHref = solveURL(s.players, pool, nil, 0)
	}
	return vm
}

// claimCard is a claimed card with, for a Parrot or a Captain, the choice
// of what it stands for (views.StandsAs).
func (s *checkState) claimCard(l lang.Lang, cl scoring.Claim) views.ClaimCard {
	c := cl.Card
	cc := views.ClaimCard{Face: views.ClaimedFace(c, cl.As), TestID: "claim-card-" + c.Cell().String()}
	if !s.locked && c.Rank == scoring.Cpt {
		cc.Power, cc.PowerChecked = true, c.Flagged
	}
	if c.Rank != scoring.Parrot && c.Rank != scoring.Cpt {
		return cc
	}
	cc.Select = "as-" + c.Cell().String()
	cc.Groups = views.StandsAs(l, c, cl.As, s.players)
	return cc
}
