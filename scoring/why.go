package scoring

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
)

// "Why not more?": the answers the app gives a player who thinks their
// party should be stronger or leave more pirates unused, and the recruit
// advisor. Every number here comes from exact solves, never from a guess.
//
// The best party that must use a given card is a constrained search: the
// set search (setsearch.go) run with that card never left out. The set search
// decides pool cards lowest first, so a card can be forced only where it
// is decided; forcedSearch therefore starts the search at the forced card
// instead: it tries the card in every set that can hold it (with cards
// below it too, which the plain search never needs), and hands the rest of
// the pool to the plain search. A wild is forced through the card it would
// stand for: the best party using a Parrot standing as 5⚔ is the best party
// of the pool with the Parrot swapped for a plain 5⚔ that must be used
// (or, when the pool holds 5⚔, with the Parrot out and 5⚔ forced: the
// Parrot can then take its place and leave it unused).

// ErrTooBigToExplain is the error of WhyContext for a pool outside the set
// search's reach (more than 15 pirates besides its wilds, or more than 3
// wilds): the forced solves need it. Such pools are rare at a table.
var ErrTooBigToExplain = errors.New("scoring: pool too big to explain: more than 15 pirates besides its wilds, or more than 3 wilds")

// Use is the best raiding party that puts one unused pirate to use.
type Use struct {
	Card Card `json:"card"`
	// Possible is false when no set of the pool can hold the card (a lone
	// Quartermaster with no other Q, 7 or Captain); Party then has no
	// sets, and Cost is 0.
	Possible bool `json:"possible"`
	// Party is the best party of the pool in which Card is in a set: the
	// highest strength and, among those, the most pirates unused (R1.7).
	Party Party `json:"party"`
	// Cost is how much weaker Party is than the best party: 0 when the
	// card can be used at no cost (at the price of an unused pirate).
	Cost int `json:"cost"`
}

// Why answers "why not more?" about the best party of a pool.
type Why struct {
	// Uses has one entry per unused pirate of the best party, in the order
	// of the party's unused cards.
	Uses []Use `json:"uses"`
	// MostUnused is the most pirates a party as strong as the best one can
	// leave unused. It is always the best party's own count (R1.7); it is
	// stated because it is what a tie-break on unused pirates (R2.5)
	// turns on, and Alternatives are the proof.
	MostUnused int `json:"most_unused"`
	// Alternatives are other best parties: as strong as the best party,
	// leaving as many pirates unused, but not the same ones. There is one
	// for each pirate that the best party uses and some other best party
	// leaves unused (that pirate is among its unused cards), with repeats
	// of the same unused cards dropped.
	Alternatives []Party `json:"alternatives"`
}

// WhyNotMore explains the best party of a pool: for each unused pirate the
// best party that uses it and what that costs, and the other best parties.
// The pool must be valid (ParseCards, CheckInPlay). The error is
// ErrTooBigToExplain for a pool the set search does not take.
func WhyNotMore(pool []Card, opt Options) (Why, error) {
	return WhyContext(context.Background(), pool, opt, nil)
}

// WhyContext is WhyNotMore for callers that may stop waiting: plain solves
// go through solve (nil: SolveContext) under ctx, and the forced searches
// give up soon after ctx is done. best, when not nil, is the best party of
// the pool already known (it must be what Solve answers), saving a solve.
// The error is the first solve's that gave up, wrapped, or ctx.Err(), or
// ErrTooBigToExplain.
func WhyContext(ctx context.Context, pool []Card, opt Options, solve SolverContext) (Why, error) {
	if solve == nil {
		solve = SolveContext
	}
	if !fitsSetSearch(pool) {
		return Why{}, ErrTooBigToExplain
	}
	best, err := solve(ctx, pool, opt)
	if err != nil {
		return Why{}, fmt.Errorf("scoring: best party: %w", err)
	}
	halt := new(atomic.Bool)
	stop := context.AfterFunc(ctx, func() { halt.Store(true) })
	defer stop()

	why := Why{Uses: []Use{}, MostUnused: best.Unused, Alternatives: []Party{}}
	for _, c := range best.UnusedCards {
		u, ok := bestUsing(pool, opt.players(), c, best, halt)
		if !ok {
			return Why{}, ctx.Err()
		}
		why.Uses = append(why.Uses, u)
	}

	seen := map[string]bool{unusedKey(best): true}
	for _, s := range best.Sets {
		for _, pc := range s.Cards {
			rest := slices.DeleteFunc(slices.Clone(pool), func(c Card) bool { return c == pc.Card })
			p, err := solve(ctx, rest, opt)
			if err != nil {
				return Why{}, fmt.Errorf("scoring: best party without %s: %w", pc.Card, err)
			}
			// R1.7 makes more unused than the best party impossible; the
			// tests hold the solver to that.
			if p.Strength != best.Strength || p.Unused+1 < best.Unused {
				continue
			}
			alt := withUnused(p, pc.Card)
			if k := unusedKey(alt); !seen[k] {
				seen[k] = true
				why.Alternatives = append(why.Alternatives, alt)
			}
		}
	}
	return why, nil
}

// unusedKey names a party's unused cards.
func unusedKey(p Party) string {
	var b []byte
	for _, c := range p.UnusedCards {
		b = append(b, c.String()...)
		b = append(b, ' ')
	}
	return string(b)
}

// withUnused is party p (of a pool without c) with c added to its unused
// cards, in card order.
func withUnused(p Party, c Card) Party {
	p.UnusedCards = append(slices.Clone(p.UnusedCards), c)
	slices.SortFunc(p.UnusedCards, func(a, b Card) int { return a.index() - b.index() })
	p.Unused = len(p.UnusedCards)
	return p
}

// bestUsing is the best party of the pool with card c in a set; best is
// the pool's best party. ok is false when halt was set before the answer.
func bestUsing(pool []Card, players int, c Card, best Party, halt *atomic.Bool) (Use, bool) {
	if !c.IsWild() {
		p, found, ok := forcedSearch(pool, players, c, -1, halt)
		if !ok {
			return Use{}, false
		}
		if !found {
			return Use{Card: c, Party: emptyParty(pool)}, true
		}
		return Use{Card: c, Possible: true, Party: p, Cost: best.Strength - p.Strength}, true
	}

	// A wild can take the place of any card of the best party that stands
	// for something the wild may stand for: the same party, with that
	// card unused instead. Nothing beats the best party.
	for _, s := range best.Sets {
		for _, pc := range s.Cards {
			if mayStandFor(c, pc.As, players) {
				return Use{Card: c, Possible: true, Party: swapIn(best, pc.Card, c)}, true
			}
		}
	}

	// Otherwise try every identity the wild may take. Pool cards print
	// identities; a wild standing for one leaves that card out, so the
	// card itself is forced and the wild takes its place afterwards.
	printed := map[Card]Card{}
	for _, p := range pool {
		if !p.IsWild() {
			printed[p.Cell()] = p
		}
	}
	rest := slices.DeleteFunc(slices.Clone(pool), func(x Card) bool { return x == c })
	var (
		use   Use
		bar   int32 = -1
		found bool
	)
	for _, suit := range SuitsInPlay(players) {
		for r := Rank(1); r <= Cpt; r++ {
			as := Card{Suit: suit, Rank: r}
			if !mayStandFor(c, as, players) {
				continue
			}
			var p Party
			var got, ok bool
			if card, ok2 := printed[as]; ok2 {
				p, got, ok = forcedSearch(rest, players, card, bar, halt)
				if got {
					p = swapIn(p, card, c)
				}
			} else {
				p, got, ok = forcedSearch(append(slices.Clone(rest), as), players, as, bar, halt)
				if got {
					p = standIn(p, as, c)
				}
			}
			if !ok {
				return Use{}, false
			}
			if got {
				found = true
				bar = partyValue(p)
				use = Use{Card: c, Possible: true, Party: p, Cost: best.Strength - p.Strength}
			}
		}
	}
	if !found {
		return Use{Card: c, Party: emptyParty(pool)}, true
	}
	return use, true
}

// partyValue is a party's value as the set search counts it: strength
// first, then fewer cards used.
func partyValue(p Party) int32 {
	used := 0
	for _, s := range p.Sets {
		used += len(s.Cards)
	}
	return int32(p.Strength*perCard - used)
}

func emptyParty(pool []Card) Party {
	p := Party{Sets: []Set{}, UnusedCards: slices.Clone(pool)}
	slices.SortFunc(p.UnusedCards, func(a, b Card) int { return a.index() - b.index() })
	p.Unused = len(p.UnusedCards)
	return p
}

// mayStandFor reports whether wild w may stand for identity as (R1.4,
// R1.5 and the two-player ruling of R1.6).
func mayStandFor(w Card, as Card, players int) bool {
	if as.Rank < 1 || as.Rank > Cpt {
		return false
	}
	switch {
	case w.Rank == Parrot:
		return as.Suit == w.Suit
	case w.IsWild():
		return players != 2 || as.Suit != Kraken
	}
	return false
}

// swapIn is party p with wild w standing where card was, and card unused.
func swapIn(p Party, card, w Card) Party {
	out := standIn(p, card, w)
	out.UnusedCards = slices.DeleteFunc(slices.Clone(out.UnusedCards), func(x Card) bool { return x == w })
	out.UnusedCards = append(out.UnusedCards, card)
	slices.SortFunc(out.UnusedCards, func(a, b Card) int { return a.index() - b.index() })
	out.Unused = len(out.UnusedCards)
	return out
}

// standIn is party p with wild w in place of card (keeping card's
// identity); the sets are re-sorted as assemble sorts them.
func standIn(p Party, card, w Card) Party {
	var picked [][]cellPick
	for _, s := range p.Sets {
		var set []cellPick
		for _, pc := range s.Cards {
			if pc.Card == card {
				pc.Card = w
			}
			set = append(set, cellPick{card: pc.Card, as: pc.As})
		}
		picked = append(picked, set)
	}
	return assemble(picked, slices.Clone(p.UnusedCards))
}

// forcedSearch is the best party of pool with card c (a card that is not
// wild, in the pool) in a set, found by the set search started at c.
// Only parties worth more than bar (a value as partyValue counts it; -1
// for none) are looked for. found is false when there is none; ok is false
// when halt stopped the search.
func forcedSearch(pool []Card, players int, c Card, bar int32, halt *atomic.Bool) (p Party, found, ok bool) {
	q := newSetSearch(pool, players)
	q.halt = halt
	q.best = bar
	i := slices.Index(q.fixed, c)
	if i < 0 {
		return Party{}, false, true
	}
	all := uint16(1)<<len(q.fixed) - 1
	rest := all &^ (1 << i)
	// Every set that can hold card i, with any other cards of the pool.
	q.straightFlushesThrough(i, rest)
	q.groups(i, rest)
	q.flushes(i, rest)
	q.straightsThrough(i, rest)
	q.fullShips(i, rest)
	if q.halted {
		return Party{}, false, false
	}
	if q.best <= bar {
		return Party{}, false, true
	}
	return q.party(), true, true
}

// straightFlushesThrough tries card c in each run of its suit that holds
// it, the cells below it too taking pool cards of rem (straightFlushes
// leaves them to wilds, as the plain search has decided them already).
func (q *setSearch) straightFlushesThrough(c int, rem uint16) {
	suit, rank := q.fixed[c].Suit, int(q.fixed[c].Rank)-1
	for lo := 0; lo <= rank; lo++ {
		f := foundSet{kind: StraightFlush, fixed: 1 << c}
		ok := true
		for x := lo; x < rank && ok; x++ {
			ok = q.cellInto(&f, cellOf(suit, x), rem)
		}
		for x := rank + 1; ok; x++ {
			if x-lo >= 3 {
				q.try(f, rem&^f.fixed)
			}
			if x == NumRanks {
				break
			}
			ok = q.cellInto(&f, cellOf(suit, x), rem)
		}
		q.unplace(&f)
	}
}

// cellInto fills a cell of set f with the pool card printed there, when it
// is among rem, or else with a wild; false when neither can.
func (q *setSearch) cellInto(f *foundSet, cell int, rem uint16) bool {
	if i := q.at[cell]; i >= 0 {
		if rem>>i&1 == 0 {
			return false
		}
		f.fixed |= 1 << i
		return true
	}
	return q.pin(f, cell)
}

// straightsThrough tries card c in each straight that holds it, lower
// columns taking pool cards too (see straightFlushesThrough).
func (q *setSearch) straightsThrough(c int, rem uint16) {
	rank := int(q.fixed[c].Rank) - 1
	for lo := 0; lo <= rank; lo++ {
		f := foundSet{kind: Straight, fixed: 1 << c}
		q.stretch(&f, lo, lo, rank, rem)
	}
}

// Recruit is what one more pirate would add to a pool.
type Recruit struct {
	Cards []Card `json:"cards"`
	// Party is the best party of the pool with Cards added.
	Party Party `json:"party"`
	// Gain is Party's strength less the pool's best strength.
	Gain int `json:"gain"`
}

// Advice is the recruit advisor's answer: what recruiting each of some
// Tavern Row cards now would add to this round's party, and the best pair
// when two recruits are still allowed (R4.3).
type Advice struct {
	Base Party `json:"base"`
	// Left is how many recruits the player still has this round (R4.3:
	// 3 a round, less the new pirates already entered).
	Left    int       `json:"left"`
	Singles []Recruit `json:"singles"`
	// Pair is the pair of cards with the highest gain (the first in the
	// cards' order among equals); nil with fewer than 2 cards or 2
	// recruits left.
	Pair *Recruit `json:"pair,omitempty"`
}

// MaxTavern is how many Tavern Row cards the advisor weighs at once: the
// row has five.
const MaxTavern = 5

// Advise weighs recruiting each of the cards of tavern (at most MaxTavern,
// none in pool) into pool now, with recruited new pirates already entered
// this round: gains are differences of exact solves (through solve, nil:
// SolveContext). The error is for input that cannot be (a card in both,
// given twice, not in the game, too many) or a solve that gave up.
func Advise(ctx context.Context, pool, tavern []Card, recruited int, opt Options, solve SolverContext) (Advice, error) {
	if solve == nil {
		solve = SolveContext
	}
	if len(tavern) > MaxTavern {
		return Advice{}, fmt.Errorf("the Tavern Row has %d cards, not %d", MaxTavern, len(tavern))
	}
	if recruited < 0 || recruited > MaxNewPirates {
		return Advice{}, fmt.Errorf("recruits already this round must be 0 to %d, not %d", MaxNewPirates, recruited)
	}
	all := append(slices.Clone(pool), tavern...)
	seen := map[Card]bool{}
	for _, c := range all {
		if seen[c.Cell()] {
			return Advice{}, fmt.Errorf("card %q given twice", c.Cell().String())
		}
		seen[c.Cell()] = true
	}
	if err := CheckInPlay(all, opt.players()); err != nil {
		return Advice{}, err
	}
	base, err := solve(ctx, pool, opt)
	if err != nil {
		return Advice{}, err
	}
	adv := Advice{Base: base, Left: MaxNewPirates - recruited, Singles: []Recruit{}}
	if adv.Left < 1 {
		return adv, nil
	}
	weigh := func(cards ...Card) (Recruit, error) {
		p, err := solve(ctx, append(slices.Clone(pool), cards...), opt)
		if err != nil {
			return Recruit{}, err
		}
		return Recruit{Cards: cards, Party: p, Gain: p.Strength - base.Strength}, nil
	}
	for _, c := range tavern {
		r, err := weigh(c)
		if err != nil {
			return Advice{}, err
		}
		adv.Singles = append(adv.Singles, r)
	}
	if adv.Left < 2 {
		return adv, nil
	}
	for i := range tavern {
		for j := i + 1; j < len(tavern); j++ {
			r, err := weigh(tavern[i], tavern[j])
			if err != nil {
				return Advice{}, err
			}
			if adv.Pair == nil || r.Gain > adv.Pair.Gain {
				adv.Pair = &r
			}
		}
	}
	return adv, nil
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
			outside = append(outside, Problem{Set: i + 1, Rule: "R1.1",
				Message: fmt.Sprintf("%s is not in this pool: only the pirates in the Ship and New Recruits Areas take part", cl.Card.Cell())})
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
