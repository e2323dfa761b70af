package scoring

import (
	"math/rand/v2"
	"testing"
)

// TestRelaxedNeverBelowBest checks that the relaxed table is a bound: its
// value for the whole pool is never below the best party's strength. A
// table that undercut the best party would let the walk prune it away.
func TestRelaxedNeverBelowBest(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	n := 400
	if testing.Short() || raceEnabled {
		n = 60
	}
	for range n {
		players := 2 + rng.IntN(3)
		pool := withWildsUpTo(rng, randomPool(rng, 4+rng.IntN(22), players, 0, 0), rng.IntN(8))
		if players == 2 && hasKraken(pool) {
			continue // the wilds drawn include a Kraken one (R4.2)
		}
		best := Solve(pool, Options{Players: players}).Strength
		s := newSolver(pool, players)
		s.buildRelaxed()
		if bound := s.relaxedRoot(); bound < best {
			t.Fatalf("%v (%d players): best %d, relaxed table %d", pool, players, best, bound)
		}
	}
}

func hasKraken(pool []Card) bool {
	for _, c := range pool {
		if c.Suit == Kraken {
			return true
		}
	}
	return false
}
