package scoring

import (
	"context"
	"runtime"
	"sync/atomic"
)

// Solve returns the best raiding party for a pool (R1.7): the maximum
// strength, and among parties of that strength one that leaves the most
// pirates unused. The pool must be valid (ParseCards, CheckInPlay); the
// answer does not depend on the order of the cards.
//
// Two exact solvers share the work. Pools of up to 15 pirates besides at
// most 3 wilds (nearly every pool at the table) go to the set search
// (setsearch.go), which is quick where there are few cards; bigger or wilder
// pools go to the grid walk below, whose cost grows far more slowly with
// the pool. The tests hold both to the brute-force reference and to each
// other.
//
// How the grid walk works. A party never holds two cards with the same
// suit and rank (R1.6), so a party is a set of cells of the suit × rank
// grid, each filled by the pool's card printed there or by a wild (a Parrot
// in its own suit's row, a flagged Captain anywhere). Every set pattern is
// a shape on that grid: a group lies in one rank column, a flush or
// straight flush in one suit row, a straight or full ship takes one cell in
// each of consecutive columns. The solver walks the grid cell by cell, rank
// 1 to Captain and suit by suit within a rank, deciding each cell's role;
// what the rest of the walk needs to know about the past fits in a small
// state (per suit: the length of the straight-flush run and of the flush so
// far, capped at 3; how many straights are open and how long; how many full
// ships; which wilds are spent; the current column's group). Equal states
// merge, keeping the better past, which makes the walk exact dynamic
// programming. States whose optimistic bound cannot reach a level are
// dropped, which keeps large pools fast without giving up exactness; the
// tightest bounds come from tables solved backwards once per pool
// (relaxed.go, priced.go).
//
// Tie order: when parties tie on strength and unused pirates, each solver
// keeps the first in its own fixed order, so the same pool always gives
// the same party. The walk's order: cells rank by rank from 1, suits in
// card order; at each cell: leave it, group, straight flush, straight, full
// ship, flush; where two pasts merge into one state with the same value,
// the one the descent reached first (its order is in descent.go). The set
// search's order is in setsearch.go.
func Solve(pool []Card, opt Options) Party {
	p, _ := solve(nil, true, pool, opt)
	return p
}

// SolveContext is Solve for callers that may stop waiting: it gives up
// soon after ctx is done (within milliseconds on every pool, since both
// solvers look at a flag between small steps: BenchmarkSolveCancel) and
// then returns ctx.Err() with no party.
//
// Unlike Solve it works on one goroutine: it is meant for a server, where
// other requests need the other cores more than one big pool does.
func SolveContext(ctx context.Context, pool []Card, opt Options) (Party, error) {
	if err := ctx.Err(); err != nil {
		return Party{}, err
	}
	halt := new(atomic.Bool)
	stop := context.AfterFunc(ctx, func() { halt.Store(true) })
	defer stop()
	p, ok := solve(halt, false, pool, opt)
	if !ok {
		return Party{}, ctx.Err()
	}
	return p, nil
}

// solve picks the solver for the pool. halt (nil: never) asks it to give
// up; ok is false when it did. parallel lets the grid walk use two
// goroutines; the party is the same either way.
func solve(halt *atomic.Bool, parallel bool, pool []Card, opt Options) (Party, bool) {
	if halt == nil {
		halt = new(atomic.Bool)
	}
	if fitsSetSearch(pool) {
		return solveSmall(pool, opt.players(), halt)
	}
	s := newSolver(pool, opt.players())
	s.halt, s.parallel = halt, parallel
	return s.solve()
}

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
	// more than 15 pirates the priced bound pays from the start (tuned
	// beside the relaxed walks' tables when two goroutines may work); on a
	// smaller one only once the descent has walked pricedAfter states. The
	// tuning aims at the dive's party.
	low := strengthOf(s.dive(diveBudget))
	if tuneNow := withPrices && len(s.pool) > smallMaxFixed; tuneNow && s.parallel {
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
		if withPrices && s.priced == nil && d.expanded > pricedAfter {
			s.usePrices(low)
			top = max(low, min(lv-1, s.rootBound()))
			s.start(d, top, low)
			lv = top + 1
		}
	}
}

// withPrices says whether the walk tunes the priced bound (always, but for
// a test that checks the walk without it). pricedAfter is how many states
// the descent walks, with no party found, before it tunes the bound on a
// pool of at most 15 pirates: there tuning, about 5 ms, would mostly cost
// more than it saves (the reference check's 200,000 pools took 3.5 times
// as long with it from the start). On bigger pools tuning from the start
// pays even on middling ones: in one run, 64 pools of 16–22 cards with
// 2–6 wilds took 6.2 ms each against 8.3 ms when the tuning waited for
// 5,000 states. Variables so that tests can move them.
var (
	withPrices  = true
	pricedAfter = 5_000
)

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
