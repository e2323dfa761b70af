package scoring

import (
	"context"
	"slices"
)

// The recruit advisor: what recruiting Tavern Row cards now would add to
// this round's party. Every gain is the difference of two exact solves.

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
		return Advice{}, refusal("", "", &FieldError{Code: CodeTavernSize, Max: MaxTavern, Value: len(tavern)})
	}
	if recruited < 0 || recruited > MaxNewPirates {
		return Advice{}, refusal("", "", &FieldError{Code: CodeRecruitedRange, Max: MaxNewPirates, Value: recruited})
	}
	all := append(slices.Clone(pool), tavern...)
	// Every repeat first, then a Kraken with two players, as always.
	list := NewCardSet(0)
	for _, c := range all {
		if fe := list.Take(c); fe != nil {
			return Advice{}, fe
		}
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
