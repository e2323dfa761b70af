package handlers

import (
	"context"
	"strconv"

	"ruthless/scoring"
)

// The explanations of /solve and of the round results ("why not more?",
// the recruit advisor) are pure answers about a pool, like a party, and
// as costly as an expensive solve: a cheap pool of 15 pirates and 3 wilds
// can take most of a second of one core to explain, though it solves in
// a millisecond. So each is worked out in one of the solve slots, under
// the same wait and deadline (503 + Retry-After past them), shared by the
// identical requests in flight, and remembered under its pool: a repeat
// costs a map lookup, and a flood of new pools takes at most the cores
// the slots take, leaving the others to the pages.

// maxCachedExplanations bounds the cache of explanations (app's
// explanations, keyed by what was worked out, "why:" or "advise:", and
// the question); it forgets the one used longest ago first. It bounds the
// memory: an explanation holds a party
// per unused pirate and per other best party, a few kilobytes, and a
// table asks about a few dozen pools an evening.
const maxCachedExplanations = 512

// whyNotMore is scoring.WhyContext for the server: from the cache, or
// worked out in a slot. A pool outside the set search's reach is
// scoring.ErrTooBigToExplain at once, without waiting for a slot.
func (a *app) whyNotMore(ctx context.Context, pool []scoring.Card, opt scoring.Options) (scoring.Why, error) {
	if scoring.Expensive(pool) { // the very pools WhyContext does not take
		return scoring.Why{}, scoring.ErrTooBigToExplain
	}
	v, err := a.explained(ctx, "why:"+partyKey(pool, opt), len(pool), opt.Players, func(ctx context.Context) (any, error) {
		return scoring.WhyContext(ctx, pool, opt, a.solves.direct)
	})
	if err != nil {
		return scoring.Why{}, err
	}
	return v.(scoring.Why), nil
}

// advise is scoring.Advise for the server: from the cache, or worked out
// in a slot. The Tavern Row's order is part of the key, since the answer
// lists its cards in that order.
func (a *app) advise(ctx context.Context, pool, tavern []scoring.Card, recruited int, opt scoring.Options) (scoring.Advice, error) {
	key := "advise:" + partyKey(pool, opt) + "|" + joinCodes(tavern) + "|" + strconv.Itoa(recruited)
	v, err := a.explained(ctx, key, len(pool)+len(tavern), opt.Players, func(ctx context.Context) (any, error) {
		return scoring.Advise(ctx, pool, tavern, recruited, opt, a.solves.direct)
	})
	if err != nil {
		return scoring.Advice{}, err
	}
	return v.(scoring.Advice), nil
}

// explained answers key from the cache, or runs work in a slot and
// remembers its answer. Inside the slot work solves directly
// (solveSlots.direct): it already holds a core, and asking for another slot
// could wait on itself.
func (a *app) explained(ctx context.Context, key string, cards, players int, work func(ctx context.Context) (any, error)) (any, error) {
	if v, ok := a.explanations.Get(key); ok {
		return v, nil
	}
	return a.solves.slotted(ctx, key, "explanation", cards, players, func(ctx context.Context) (any, error) {
		// A request that waited for the slot behind the same question,
		// asked in a flight already over, finds its answer here.
		if v, ok := a.explanations.Get(key); ok {
			return v, nil
		}
		if a.onExplain != nil {
			a.onExplain()
		}
		v, err := work(ctx)
		if err == nil {
			a.explanations.Add(key, v)
		}
		return v, err
	})
}
