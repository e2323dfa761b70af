package scoring

import (
	"math/rand/v2"
	"sync/atomic"
	"testing"
)

// TestForcedSearchSixteenCards runs the forced search where forcing a
// wild makes it a sixteenth pool card (a pool of 15 pirates and a wild):
// forcing a card the best party uses must give the best party's strength
// and unused count, and forcing any card a legal party that uses it and is
// no stronger than the best.
func TestForcedSearchSixteenCards(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(16, 16))
	pools := 30
	if testing.Short() || raceEnabled {
		pools = 5
	}
	for range pools {
		players := 3 + rng.IntN(2)
		pool := randomPool(rng, 16, players, 0, 0)
		if rng.IntN(2) == 0 {
			pool = withParrot(rng, pool, players)
		}
		best := walkSolve(pool, players)
		for _, c := range pool {
			if c.IsWild() {
				continue
			}
			p, found, ok := forcedSearch(pool, players, c, -1, new(atomic.Bool))
			if !ok || !found {
				t.Fatalf("pool %v: forcing %s found nothing (ok %t)", pool, c, ok)
			}
			verifyParty(t, pool, players, p)
			if !inSet(p, c) {
				t.Fatalf("pool %v: forcing %s: not used in %s", pool, c, describe(p))
			}
			if p.Strength > best.Strength || (p.Strength == best.Strength && p.Unused > best.Unused) {
				t.Fatalf("pool %v: forcing %s gives %d/%d, better than the best %d/%d", pool, c, p.Strength, p.Unused, best.Strength, best.Unused)
			}
			if inSet(best, c) && (p.Strength != best.Strength || p.Unused != best.Unused) {
				t.Fatalf("pool %v: %s is in the best party (%d/%d) but forcing it gives %d/%d: %s", pool, c, best.Strength, best.Unused, p.Strength, p.Unused, describe(p))
			}
		}
	}
}
