package scoring

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// NoPattern is the kind Check gives a claimed set that fits none of the
// patterns of R1.2; such a set has strength 0 and makes the claim illegal.
const NoPattern SetKind = "none"

// Claim is one card of a claimed raiding party as a player states it: the
// card, and for a wild the identity its owner says it takes (R1.4, R1.5).
// As is nil when nothing was stated, and Check then finds the best legal
// choice itself.
type Claim struct {
	Card Card
	As   *Card
}

// String is the claim in the form ParseClaim reads: H2, SP=S5, HC*=A7.
func (c Claim) String() string {
	if c.As == nil {
		return c.Card.String()
	}
	return c.Card.String() + "=" + c.As.String()
}

// ParseClaim reads one card of a claimed set: a card code, optionally
// followed by "=" and the identity the card stands for ("SP=S5",
// "hc*=a7"), case-insensitively. A "*" on the stated identity means nothing
// and is dropped. Whether the identity is allowed is not judged here: Check
// reports it as a problem with its rule.
func ParseClaim(code string) (Claim, error) {
	left, right, stated := strings.Cut(code, "=")
	card, err := ParseCard(left)
	if err != nil {
		return Claim{}, err
	}
	if !stated {
		return Claim{Card: card}, nil
	}
	if strings.TrimSpace(right) == "" {
		return Claim{}, refusal("", "", &FieldError{Code: CodeNoIdentity, Text: code})
	}
	as, err := ParseCard(right)
	if err != nil {
		return Claim{}, err
	}
	as = as.Cell()
	return Claim{Card: card, As: &as}, nil
}

// Problem is one reason a claimed party is not legal. Set is the 1-based
// number of the set at fault, 0 for the party as a whole; Rule is the
// docs/rules.md ID that the claim breaks. Code says which reason it is
// and Cards, OtherSet and Wilds hold its facts; views words them (a
// sentence for Message, a phrase with drawn cards for the /check page).
type Problem struct {
	Set int `json:"set"`
	// Message is the problem in one sentence for people. scoring leaves
	// it empty; views.ExplainCheck words it for the JSON and the command
	// line.
	Message string      `json:"message"`
	Rule    string      `json:"rule"`
	Code    ProblemCode `json:"-"`
	// Cards are the cards the problem names, in the order its Code
	// documents.
	Cards []Card `json:"-"`
	// OtherSet is the set of the first card of a ProblemTwins.
	OtherSet int `json:"-"`
	// Wilds is true for a ProblemNoPattern set that holds wilds: it fits
	// nothing whatever they become.
	Wilds bool `json:"-"`
}

// ProblemCode names the reason of a Problem. The Cards of each are given
// beside it.
type ProblemCode string

// The reasons a claimed party is not legal.
const (
	// ProblemNotInPool (R1.1): Cards[0] is not in the locked pool.
	ProblemNotInPool ProblemCode = "not_in_pool"
	// ProblemParrotRank (R1.4): Parrot Cards[0] is stated as Cards[1], a
	// Parrot.
	ProblemParrotRank ProblemCode = "parrot_rank"
	// ProblemParrotSuit (R1.4): Parrot Cards[0] is stated as Cards[1], of
	// another suit.
	ProblemParrotSuit ProblemCode = "parrot_suit"
	// ProblemCaptainParrot (R1.5): Captain Cards[0], power used, is stated
	// as Cards[1], a Parrot.
	ProblemCaptainParrot ProblemCode = "captain_parrot"
	// ProblemCaptainKraken (R1.6): Captain Cards[0], power used, is stated
	// as Cards[1], a Kraken, in a 2-player game.
	ProblemCaptainKraken ProblemCode = "captain_kraken"
	// ProblemNoPower (R1.5): Captain Cards[0], power not used, is stated
	// as another card, Cards[1].
	ProblemNoPower ProblemCode = "no_power"
	// ProblemNotWild (R1.5): Cards[0], no wild, is stated as another card,
	// Cards[1].
	ProblemNotWild ProblemCode = "not_wild"
	// ProblemTwinNeeded (R1.6): the set, Cards, would fit a pattern only
	// with a wild standing for a card already used in the party.
	ProblemTwinNeeded ProblemCode = "twin_needed"
	// ProblemNoPattern (R1.2): the set, Cards, fits no pattern.
	ProblemNoPattern ProblemCode = "no_pattern"
	// ProblemTwins (R1.6): Cards[0] (of set OtherSet) and Cards[1] (of
	// Set) both stand for Cards[2].
	ProblemTwins ProblemCode = "twins"
)

// CheckResult is the verdict on a claimed raiding party: whether it is
// legal, what it is worth, each set as scored (with what every wild
// became), and the best party for the same pool to compare with.
type CheckResult struct {
	Legal bool `json:"legal"`
	// Strength is the claimed party's strength when it is legal, else 0.
	Strength int       `json:"strength"`
	Problems []Problem `json:"problems"`
	// Sets are the claimed sets in the order given, each with its own
	// strength even when the party as a whole is not legal.
	Sets []Set `json:"sets"`
	Best Party `json:"best"`
}

// Check judges a claimed raiding party: sets are the claimed sets, unused
// the pool's other pirates. Wilds without a stated identity take the legal
// choices that give the claim its highest strength, searched jointly over
// all sets because no two cards may stand for the same card (R1.6).
//
// The error is for input that cannot describe a table at all: an empty
// set, a physical card given twice, a card not in a game with this many
// players (R4.2), or a player count outside 2–4. Everything a player could
// claim by mistake is a Problem in the result instead.
func Check(sets [][]Claim, unused []Card, opt Options) (CheckResult, error) {
	return check(sets, unused, opt, func(pool []Card, opt Options) (Party, error) { return Solve(pool, opt), nil })
}

// CheckContext is Check for callers that may stop waiting: the best party
// for the pool is found by solve (nil: SolveContext) under ctx. When solve
// gives up, CheckContext answers its error, wrapped (errors.Is and
// errors.As see through), and no result; telling it from Check's errors
// for bad input is the caller's part (errors.Is(err, ctx.Err()), or the
// caller's own sentinel). Otherwise it answers exactly what Check answers.
func CheckContext(ctx context.Context, sets [][]Claim, unused []Card, opt Options, solve SolverContext) (CheckResult, error) {
	if solve == nil {
		solve = SolveContext
	}
	return check(sets, unused, opt, func(pool []Card, opt Options) (Party, error) { return solve(ctx, pool, opt) })
}

// CheckInPool is CheckContext for a claim about a known pool, such as a
// round's entry: the pool's other pirates are its unused ones, and a
// claimed card that is not in the pool breaks R1.1 (only the pirates in
// the Ship and New Recruits Areas take part). Each claimed card takes its
// Captain-power mark from the pool, which records it. The best party is
// the pool's.
func CheckInPool(ctx context.Context, sets [][]Claim, pool []Card, opt Options, solve SolverContext) (CheckResult, error) {
	if solve == nil {
		solve = SolveContext
	}
	inPool := map[Card]Card{}
	for _, c := range pool {
		inPool[c.Cell()] = c
	}
	var outside []Problem
	claimed := map[Card]bool{}
	fixed := make([][]Claim, len(sets))
	for i, set := range sets {
		fixed[i] = slices.Clone(set)
		for j, cl := range set {
			claimed[cl.Card.Cell()] = true
			if c, ok := inPool[cl.Card.Cell()]; ok {
				fixed[i][j].Card = c
				continue
			}
			outside = append(outside, Problem{Set: i + 1, Rule: "R1.1", Code: ProblemNotInPool, Cards: []Card{cl.Card.Cell()}})
		}
	}
	var unused []Card
	for _, c := range pool {
		if !claimed[c.Cell()] {
			unused = append(unused, c)
		}
	}
	res, err := check(fixed, unused, opt, func(_ []Card, opt Options) (Party, error) { return solve(ctx, pool, opt) })
	if err != nil || len(outside) == 0 {
		return res, err
	}
	res.Problems = append(outside, res.Problems...)
	slices.SortStableFunc(res.Problems, func(a, b Problem) int { return a.Set - b.Set })
	res.Legal, res.Strength = false, 0
	return res, nil
}

// check is Check over a solver that may fail.
func check(sets [][]Claim, unused []Card, opt Options, solve func([]Card, Options) (Party, error)) (CheckResult, error) {
	players := opt.players()
	if players < 2 || players > 4 {
		return CheckResult{}, refusal("", "", &FieldError{Code: CodePlayersOption, Value: opt.Players})
	}
	var all []Card
	// Any game: a Kraken with two players is refused below, after every
	// repeat, as it always was.
	list := NewCardSet(0)
	add := func(c Card) error {
		if fe := list.Take(c); fe != nil {
			return fe
		}
		all = append(all, c)
		return nil
	}
	for i, set := range sets {
		if len(set) == 0 {
			return CheckResult{}, refusal("", "", &FieldError{Code: CodeEmptySet, Value: i + 1})
		}
		for _, cl := range set {
			if err := add(cl.Card); err != nil {
				return CheckResult{}, err
			}
		}
	}
	for _, c := range unused {
		if err := add(c); err != nil {
			return CheckResult{}, err
		}
	}
	if err := CheckInPlay(all, players); err != nil {
		return CheckResult{}, err
	}

	ch := newChecker(sets, players)
	ch.search()

	res := CheckResult{Problems: []Problem{}, Sets: make([]Set, len(sets))}
	res.Problems = append(res.Problems, ch.problems...)
	for i := range ch.sets {
		cs := &ch.sets[i]
		pick := ch.best[i]
		set := Set{Kind: NoPattern, Cards: make([]PlacedCard, len(cs.cards))}
		if pick.fit {
			set.Kind, set.Strength = pick.kind, pick.strength
		}
		for j, c := range cs.cards {
			as := c.Cell()
			if cs.known[j] || pick.fit {
				as = pick.ids[j]
			}
			set.Cards[j] = PlacedCard{Card: c, As: as}
		}
		res.Sets[i] = set
		if !pick.fit {
			res.Problems = append(res.Problems, ch.unfitProblem(i))
		}
	}
	res.Problems = append(res.Problems, twinProblems(res.Sets, ch)...)
	// Keep each set's problems together, in set order, and the order in
	// which they were found within a set.
	slices.SortStableFunc(res.Problems, func(a, b Problem) int { return a.Set - b.Set })

	res.Legal = len(res.Problems) == 0
	if res.Legal {
		for _, s := range res.Sets {
			res.Strength += s.Strength
		}
	}
	best, err := solve(all, opt)
	if err != nil {
		return CheckResult{}, fmt.Errorf("scoring: best party for the pool: %w", err)
	}
	res.Best = best
	if res.Best.Sets == nil {
		res.Best.Sets = []Set{}
	}
	if res.Best.UnusedCards == nil {
		res.Best.UnusedCards = []Card{}
	}
	return res, nil
}
