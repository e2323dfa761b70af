package scoring

import (
	"math/rand/v2"
	"testing"
)

// TestPricedBoundHoldsAtAnyPrices: the priced bound (priced.go) must
// hold whatever the prices, tuned or not, or the walk would prune the best
// party away. On random pools of the walk's sizes, with random prices, the
// bound on the whole pool is never below the best party (R1.7), and a search
// at the best strength pruned by it still finds a party as strong,
// leaving as many pirates unused. The families' cross part is solved two
// ways (cell by cell for the walk, column by column for the tuning), and
// both must give the same bound.
func TestPricedBoundHoldsAtAnyPrices(t *testing.T) {
	full := referenceRun(t)
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 3))
	n := 200
	if !full {
		n = 15
		if raceEnabled {
			// One goroutine, so nothing for the race detector to find,
			// and under it these 15 pools' brute-force walks were half
			// of scoring's time in make test-race (51 of 91 s); the
			// reference run takes all 200 without it.
			n = 4
		}
	}
	for range n {
		players := 2 + rng.IntN(3)
		pool, ok := randomWildPool(rng, 8+rng.IntN(14), players)
		if !ok {
			continue
		}
		want := walkSolve(pool, players)
		s := newSolver(pool, players)
		pb := randomPrices(rng, s)
		root, _, _, _ := s.evaluatePrices(pb)
		s.buildPriced(pb)
		if got := s.pricedRoot(pb); got != root {
			t.Fatalf("%v: the cross family column by column gives %d, cell by cell %d", pool, root, got)
		}
		if root/perCard < int32(want.Strength) {
			t.Fatalf("%v (%d players): best %d, priced bound %.2f", pool, players, want.Strength, float64(root)/perCard)
		}
		s.priced = pb
		d := new(descent)
		s.start(d, want.Strength, want.Strength)
		if found, _ := s.sweep(d, want.Strength); !found {
			t.Fatalf("%v (%d players): the search at %d pruned by the priced bound found nothing", pool, players, want.Strength)
		}
		got := s.partyOf(d)
		verifyParty(t, pool, players, got)
		if got.Strength != want.Strength || got.Unused != want.Unused {
			t.Fatalf("%v (%d players): with the priced bound %d/%d, without %d/%d", pool, players, got.Strength, got.Unused, want.Strength, want.Unused)
		}
	}
}

// randomPrices draws prices up to 8 points a cell or wild, some zero.
func randomPrices(rng *rand.Rand, s *solver) *pricedBound {
	draw := func() price {
		if rng.IntN(4) == 0 {
			return 0
		}
		return price(rng.IntN(8 * perCard))
	}
	pb := &pricedBound{captain: draw()}
	for _, suit := range s.rows {
		pb.parrot[suit] = draw()
		for r := range NumRanks {
			pb.cell[suit][r] = draw()
		}
	}
	return pb
}

// TestPricedSolveMatchesTheWalk: with the priced bound tuned from the
// start (pricedAfter 0), the walk gives the same strength and unused count
// as without it, on random pools with many wilds, Solve and SolveContext
// alike (4 players, as solveBothWays).
func TestPricedSolveMatchesTheWalk(t *testing.T) {
	full := referenceRun(t)
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 23))
	n := 150
	if !full {
		n = 10
		if raceEnabled {
			// The walk each pool is checked against is one goroutine, ten
			// times slower under the race detector, and these ten took
			// the most of scoring's time in make test-race; the reference
			// run takes all 150 without it.
			n = 3
		}
	}
	unpriced := defaultSchedule()
	unpriced.prices = false
	pools := make([][]Card, n)
	wants := make([]Party, n)
	for i := range pools {
		pools[i] = withWildsUpTo(rng, randomPool(rng, 12+rng.IntN(14), 4, 0, 0), 4+rng.IntN(5))
		wants[i] = walkSolveWith(unpriced, pools[i], 4)
	}
	priced := defaultSchedule()
	priced.pricedAfter = 0
	solve, solveContext := scheduled(priced)
	for i, pool := range pools {
		solveBothWaysWith(t, solve, solveContext, pool, wants[i].Strength, wants[i].Unused, "priced: ")
	}
}
