package scoring

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
)

// "Why not more?": the answers the app gives a player who thinks their
// party should be stronger or leave more pirates unused. Every number here
// comes from exact solves, never from a guess: the best party that must use
// a card is the forced search's (forced.go). A wild is forced through the
// card it would stand for: the best party using a Parrot standing as 5⚔ is
// the best party of the pool with the Parrot swapped for a plain 5⚔ that
// must be used (or, when the pool holds 5⚔, with the Parrot out and 5⚔
// forced: the Parrot can then take its place and leave it unused).

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
