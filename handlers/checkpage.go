package handlers

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/views"
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
	vm := a.checkView(s)
	vm.Errors = views.Errors{"form": views.UpperFirst(inputProblem(err)) + "."}
	a.page(c, http.StatusUnprocessableEntity, views.Check(vm))
}

func (a *app) showCheck(c *gin.Context, s checkState) {
	vm := a.checkView(s)
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
	v := &views.Verdict{Legal: res.Legal, Strength: res.Strength, Best: partyResult(res.Best)}
	for _, p := range res.Problems {
		where := "The party"
		if p.Set > 0 {
			where = "Set " + strconv.Itoa(p.Set)
		}
		v.Problems = append(v.Problems, views.ProblemView{Where: where, Message: views.ProblemPhrase(p, false), Rule: p.Rule, RuleTitle: views.RuleTitle(p.Rule)})
	}
	for i := range vm.Sets {
		if i < len(res.Sets) {
			judgeSet(&vm.Sets[i], res.Sets[i], s.sets[i], res.Problems)
		}
	}
	switch d := res.Best.Strength - res.Strength; {
	case !res.Legal:
		v.Summary = fmt.Sprintf("Not legal: %d %s, so the claim is worth nothing. The best party for this pool is %d.",
			len(res.Problems), views.Plural(len(res.Problems), "problem", "problems"), res.Best.Strength)
	case d == 0:
		v.Summary = fmt.Sprintf("Legal, strength %d: as strong as the best party for this pool.", res.Strength)
	default:
		v.Diff = d
		v.Summary = fmt.Sprintf("Legal, strength %d. A better party exists: %d, %d more.", res.Strength, res.Best.Strength, d)
	}
	vm.Verdict = v
	a.page(c, http.StatusOK, views.Check(vm))
}

// judgeSet draws claimed set cs with its verdict: set is how scoring
// scored it, claims how it was claimed, problems those of the whole claim.
//
// A legal set shows its pattern, its strength worked out and what each
// wild stands for. A set with a problem is drawn as it was claimed, each
// wild with the identity its owner stated or none: scoring still reports
// the pattern its cards could fit with the wilds chosen otherwise (the
// JSON and the command line keep that), but the claim did not earn it,
// and showing it would contradict the problem beside it.
func judgeSet(cs *views.ClaimSet, set scoring.Set, claims []scoring.Claim, problems []scoring.Problem) {
	for _, p := range problems {
		if p.Set == cs.Number {
			cs.Problems = append(cs.Problems, views.ProblemView{Where: "Set " + strconv.Itoa(p.Set),
				Message: views.ProblemPhrase(p, true).Capitalized(), Rule: p.Rule, RuleTitle: views.RuleTitle(p.Rule)})
		}
	}
	cs.Legal = len(cs.Problems) == 0 && set.Kind != scoring.NoPattern
	if !cs.Legal {
		cs.Result = &views.SetResult{Name: "Not a legal set"}
		for j := range cs.Cards {
			if j < len(set.Cards) && j < len(claims) {
				// The card as scored carries the pool's Captain-power mark.
				cs.Cards[j].Face = claimedFace(set.Cards[j].Card, claims[j].As)
			}
		}
		return
	}
	r := setResult(set)
	cs.Result = &r
	for j := range cs.Cards {
		if j < len(set.Cards) {
			cs.Cards[j].Face = placedFaces(set.Cards[j : j+1])[0]
		}
	}
}

// claimedFace draws a claimed card with the identity its owner stated for
// it, if any, whether or not it may take it.
func claimedFace(c scoring.Card, as *scoring.Card) views.CardFace {
	f := views.Face(c)
	if as != nil {
		f.As = cardWords(*as)
		f.AsRank, f.AsSuit = as.Rank.Code(), as.Suit.Letter()
		f.Title += ", stated as " + as.Rank.Name() + " of " + as.Suit.Name()
	}
	return f
}

// checkView builds the claim builder for a claim, without the verdict.
func (a *app) checkView(s checkState) views.CheckView {
	vm := views.CheckView{Players: s.players, Locked: s.locked, Pool: joinCodes(s.pool), From: s.from, UnusedCodes: joinCodes(s.unused)}
	for i, set := range s.sets {
		codes := make([]string, len(set))
		cs := views.ClaimSet{Number: i + 1}
		for j, cl := range set {
			codes[j] = cl.String()
			cs.Cards = append(cs.Cards, s.claimCard(cl))
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
	for i := range s.sets {
		vm.Buckets = append(vm.Buckets, views.Bucket{Value: strconv.Itoa(i + 1), Label: "Set " + strconv.Itoa(i+1)})
	}
	vm.Buckets = append(vm.Buckets, views.Bucket{Value: "new", Label: "Set " + strconv.Itoa(len(s.sets)+1) + " (new)"})
	if s.locked {
		vm.Buckets = append(vm.Buckets, views.Bucket{Value: "out", Label: "Out of the sets"})
	} else {
		vm.Buckets = append(vm.Buckets, views.Bucket{Value: "unused", Label: "Unused"}, views.Bucket{Value: "out", Label: "Out of the pool"})
	}
	for i := range vm.Buckets {
		vm.Buckets[i].Checked = vm.Buckets[i].Value == to
	}
	vm.Grid = tapGrid("card", "card", s.players, func(card scoring.Card, tc *views.TapCard) {
		switch w := s.where(card); {
		case w > 0:
			tc.Note, tc.Placed = "set "+strconv.Itoa(w), true
		case w == 0:
			tc.Note, tc.Placed = "unused", true
		case s.locked:
			tc.Outside = true
			tc.Title += ": not in this pool"
		}
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
// of what it stands for: first what it may take, then, in groups saying
// why, what it may not (so a player can state a wrong claim and see the
// rule it breaks).
func (s *checkState) claimCard(cl scoring.Claim) views.ClaimCard {
	c := cl.Card
	cc := views.ClaimCard{Face: claimedFace(c, cl.As), TestID: "claim-card-" + c.Cell().String()}
	if !s.locked && c.Rank == scoring.Cpt {
		cc.Power, cc.PowerChecked = true, c.Flagged
	}
	if c.Rank != scoring.Parrot && c.Rank != scoring.Cpt {
		return cc
	}
	cc.Select = "as-" + c.Cell().String()
	first := "the best choice"
	if !c.IsWild() {
		first = "itself, " + cardWords(c)
	}
	stated := ""
	if cl.As != nil {
		stated = cl.As.String()
	}
	opt := func(card scoring.Card) views.AsOption {
		return views.AsOption{Value: card.String(), Label: card.Rank.Name() + " of " + card.Suit.Name(), Selected: card.String() == stated}
	}
	cells := func(suits []scoring.Suit) []views.AsOption {
		var out []views.AsOption
		for _, u := range suits {
			for r := scoring.Rank(1); r <= scoring.Cpt; r++ {
				out = append(out, opt(scoring.Card{Suit: u, Rank: r}))
			}
		}
		return out
	}
	cc.Groups = []views.AsGroup{{Options: []views.AsOption{{Value: "", Label: first, Selected: stated == ""}}}}
	var others []scoring.Suit
	for _, u := range scoring.SuitsInPlay(s.players) {
		if u != c.Suit {
			others = append(others, u)
		}
	}
	switch {
	case c.Rank == scoring.Parrot:
		cc.Groups[0].Options = append(cc.Groups[0].Options, cells([]scoring.Suit{c.Suit})...)
		cc.Groups = append(cc.Groups, views.AsGroup{Label: "Other suits: a Parrot keeps its own (R1.4)", Options: cells(others)})
	case c.IsWild():
		cc.Groups[0].Options = append(cc.Groups[0].Options, cells(scoring.SuitsInPlay(s.players))...)
		if s.players == 2 {
			cc.Groups = append(cc.Groups, views.AsGroup{Label: "Kraken: not in a 2-player game (R1.6)", Options: cells([]scoring.Suit{scoring.Kraken})})
		}
	default:
		cc.Groups = append(cc.Groups, views.AsGroup{Label: "Only with its Captain power used (R1.5)", Options: cells(scoring.SuitsInPlay(s.players))})
	}
	return cc
}
