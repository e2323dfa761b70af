package scoring

import (
	"math/rand/v2"
	"testing"
)

// TestMirrorFindsTheSameBest: the walk may go on in the mirror's direction
// (mirror.go), which is only sound if the mirrored pool's best party is
// the pool's own (R1.7) with its ranks turned back. On random pools of the
// walk's sizes, with up to 8 wilds, the mirror's party is a legal party of
// the pool itself, with the same strength and unused count as the forward
// walk's.
func TestMirrorFindsTheSameBest(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 17))
	pools := 150
	if testing.Short() || raceEnabled {
		pools = 30
	}
	for range pools {
		players := 2 + rng.IntN(3)
		pool := withWildsUpTo(rng, randomPool(rng, 12+rng.IntN(14), players, 0.5, 5), rng.IntN(9))
		forward := newSolver(pool, players)
		mirrored, _ := forward.mirror().solve()
		verifyParty(t, pool, players, mirrored)
		want := walkSolve(pool, players)
		if mirrored.Strength != want.Strength || mirrored.Unused != want.Unused {
			t.Fatalf("pool %v (%d players): mirror = %d/%d (%s), forward = %d/%d (%s)", pool, players,
				mirrored.Strength, mirrored.Unused, describe(mirrored), want.Strength, want.Unused, describe(want))
		}
	}
}
