package scoring

import (
	"context"
	"runtime"
	"sync/atomic"
)

// Solve returns the best raiding party for a pool (R1.7): the maximum
// strength, and among parties of that strength one that leaves the most
// pirates unused; among those, the first in the solving method's own fixed
// order, so the same pool always gives the same party whatever the order
// of its cards. The pool must be valid (ParseCards, CheckInPlay). The
// package doc is the map of how it finds the party: which pools go to
// which exact method, and which file holds each idea.
func Solve(pool []Card, opt Options) Party {
	p, _ := solve(nil, true, defaultSchedule(), pool, opt)
	return p
}

// SolveContext is Solve for callers that may stop waiting: it gives up
// soon after ctx is done (within milliseconds on every pool, since both
// methods look at a flag between small steps: BenchmarkSolveCancel) and
// then returns ctx.Err() with no party.
//
// Unlike Solve it works on one goroutine: it is meant for a server, where
// other requests need the other cores more than one big pool does.
func SolveContext(ctx context.Context, pool []Card, opt Options) (Party, error) {
	return solveContext(ctx, defaultSchedule(), pool, opt)
}

// solveContext is SolveContext with the walk's schedule given.
func solveContext(ctx context.Context, sched schedule, pool []Card, opt Options) (Party, error) {
	if err := ctx.Err(); err != nil {
		return Party{}, err
	}
	halt := new(atomic.Bool)
	stop := context.AfterFunc(ctx, func() { halt.Store(true) })
	defer stop()
	p, ok := solve(halt, false, sched, pool, opt)
	if !ok {
		return Party{}, ctx.Err()
	}
	return p, nil
}

// The routing rule, the one place that says which pools go where: the set
// search takes a pool of at most setSearchMaxPirates pirates besides at
// most setSearchMaxWilds wilds (Parrots and flagged Captains), where it
// takes well under a couple of milliseconds at worst (BenchmarkSolve/
// fifteen) and nearly every pool at the table is; the grid walk takes
// every other pool. Expensive (cost.go) and the "why not more?" answers
// (why.go), which need the set search, read the same rule.
const (
	setSearchMaxPirates = 15
	setSearchMaxWilds   = 3
)

// fitsSetSearch reports whether the set search takes the pool (see the
// routing rule above).
func fitsSetSearch(pool []Card) bool {
	wilds := 0
	for _, c := range pool {
		if c.IsWild() {
			wilds++
		}
	}
	return wilds <= setSearchMaxWilds && len(pool)-wilds <= setSearchMaxPirates
}

// solve routes the pool to its method. halt (nil: never) asks it to give
// up; ok is false when it did. parallel lets the grid walk share its big
// steps with a second goroutine; the party is the same either way. sched
// is the walk's schedule: Solve and SolveContext use defaultSchedule.
func solve(halt *atomic.Bool, parallel bool, sched schedule, pool []Card, opt Options) (Party, bool) {
	if halt == nil {
		halt = new(atomic.Bool)
	}
	if fitsSetSearch(pool) {
		p, _, ok := solveSmall(pool, opt.players(), halt)
		return p, ok
	}
	s := newSolver(pool, opt.players())
	s.halt, s.parallel, s.sched = halt, parallel, sched
	return s.solve()
}

// schedule is when the grid walk does its costlier work. Solve and
// SolveContext always use defaultSchedule; tests hand solve another one
// to reach, on every pool, paths the default takes only on some.
type schedule struct {
	// prices says whether the walk tunes the priced bound at all (a test
	// holds the walk without it to the walk with it).
	prices bool
	// pricedAfter is how many states the descent walks, with no party
	// found, before it tunes the priced bound on a pool of at most
	// pricedAtOnceAbove cards.
	pricedAfter int
	// splitAbove is how many states a step must expand before a parallel
	// walk shares it with its helper (helpergoroutine.go).
	splitAbove int
}

// defaultSchedule is the schedule of Solve and SolveContext.
//
// The priced bound waits for 5,000 states on pools of at most
// pricedAtOnceAbove cards: there tuning it, about 5 ms, would mostly cost
// more than it saves (the reference check's 200,000 pools took 3.5 times
// as long with it from the start). Sharing a step of fewer than 256 states
// costs more in the hand-over than it saves.
func defaultSchedule() schedule {
	return schedule{prices: true, pricedAfter: 5_000, splitAbove: 256}
}

// pricedAtOnceAbove is the pool size (wilds included) above which the walk
// tunes the priced bound as soon as its probe fails, beside the relaxed
// walks' tables: on bigger pools tuning from the start pays even on
// middling ones (in one run, 64 pools of 16–22 cards with 2–6 wilds took
// 6.2 ms each against 8.3 ms when the tuning waited for 5,000 states).
const pricedAtOnceAbove = 15

// solve is the grid walk's schedule: a probe at the cheapest bound, then
// the sharper bounds, then the descent from the best bound down to the
// best party.
func (s *solver) solve() (Party, bool) {
	// A short dive finds a good party; the descent (descent.go) then
	// looks for parties at least as strong as a level, starting at the
	// bound for the whole pool (where nearly everything is pruned, so the
	// search is cheap) and lowering it until it finds a party that
	// reaches it, never below the dive's. Every party at or above the
	// level survives the pruning, so that party is the best.
	d := descents.Get().(*descent)
	defer descents.Put(d)
	// The relaxed walks' tables cost milliseconds on big pools. Where the
	// column bound is tight (a whole deck: a group in every column) a
	// short search at it finds the party without them.
	top := s.rootBound()
	s.start(d, top, top)
	d.limit = probeLimit
	if found, _ := s.sweep(d, top); found {
		return s.partyOf(d), true
	}
	// The probe failed: the pool needs the sharper bounds. On a pool of
	// more than pricedAtOnceAbove cards the priced bound pays from the
	// start (tuned beside the relaxed walks' tables when two goroutines
	// may work); on a smaller one only once the descent has walked
	// sched.pricedAfter states. The tuning aims at the dive's party.
	low := strengthOf(s.dive(diveBudget))
	if tuneNow := s.sched.prices && len(s.pool) > pricedAtOnceAbove; tuneNow && s.parallel {
		done := make(chan struct{})
		go func() {
			defer close(done)
			s.usePrices(low)
		}()
		s.buildRelaxed()
		<-done
	} else {
		s.buildRelaxed()
		if tuneNow {
			s.usePrices(low)
		}
	}
	low = max(low, strengthOf(s.dive(diveBudget)))
	if s.parallel && runtime.GOMAXPROCS(0) > 1 {
		s.helper = startHelper()
		defer s.helper.stop()
	}
	top = max(s.rootBound(), low)
	s.start(d, top, low)
	for lv := top; ; lv-- {
		found, ok := s.sweep(d, lv)
		if !ok {
			return Party{}, false
		}
		if found || lv == low {
			return s.partyOf(d), true
		}
		if s.sched.prices && s.priced == nil && d.expanded > s.sched.pricedAfter {
			s.usePrices(low)
			top = max(low, min(lv-1, s.rootBound()))
			s.start(d, top, low)
			lv = top + 1
		}
	}
}

// floorOf is the least node value of a party of the given strength.
func floorOf(strength int) int32 { return int32(strength*perCard - perCard + 1) }

// strengthOf reads the strength back out of a node value.
func strengthOf(v int32) int {
	if v < 0 {
		return 0
	}
	return int((v + perCard - 1) / perCard)
}

// rootBound is the optimistic strength of the whole pool. (A full ship is
// worth less a card than the 4 the column bounds allow, so it needs no
// room of its own.)
func (s *solver) rootBound() int {
	b := s.laterColumns[0][min(maxWilds, s.usableWilds)]
	if s.relaxedRuns != nil {
		b = min(b, s.relaxedRoot())
	}
	if s.priced != nil {
		b = min(b, int(s.pricedRoot(s.priced)/perCard))
	}
	return b
}

// dive finds a good party fast: a depth-first walk that tries each cell's
// roles most promising first (by bound), skips what cannot beat the best
// party found so far, and stops after budget steps. Its value is a real
// party's, so the descent need not look below it.
func (s *solver) dive(budget int) int32 {
	steps := s.steps
	best := minKey
	var walk func(i int, k uint64, v int32)
	walk = func(i int, k uint64, v int32) {
		if budget--; budget < 0 {
			return
		}
		if i == len(steps) {
			if f, ok := s.finish(k, v); ok && f > best {
				best = f
			}
			return
		}
		type move struct {
			k        uint64
			v, bound int32
		}
		var moves [roleFlushWild + 1]move
		n := 0
		for role := roleNone; role <= roleFlushWild; role++ {
			k2, v2, ok := s.advance(k, v, i, role)
			if !ok {
				continue
			}
			m := move{k2, v2, s.bound(k2, v2, i)}
			j := n
			for ; j > 0 && moves[j-1].bound < m.bound; j-- {
				moves[j] = moves[j-1]
			}
			moves[j] = m
			n++
		}
		for _, m := range moves[:n] {
			if m.bound > best {
				walk(i+1, m.k, m.v)
			}
		}
	}
	walk(0, 0, 0)
	return best
}

// diveBudget is how many steps the dive may take.
const diveBudget = 300
