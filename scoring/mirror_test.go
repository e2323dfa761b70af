package scoring

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
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

// TestTurnKeepsTheParty: on every pool of the adversarial corpus (all of
// them hard enough for the walk to try the mirror), Solve and SolveContext
// show the same legal party, of the strength and unused count the corpus
// records; on the pinned pools, it is the one the pass at the best
// strength finds in one of the two directions.
func TestTurnKeepsTheParty(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("the corpus takes about a minute, twenty under the race detector")
	}
	for _, c := range readCorpus(t) {
		t.Run(fmt.Sprintf("line%d", c.line), func(t *testing.T) {
			t.Parallel()
			forward := newSolver(c.pool, 4)
			atBest := map[string]bool{}
			walks := []*solver{forward, forward.mirror()}
			if !c.pinned {
				walks = nil // the two passes cost as much as both solves
			}
			for _, s := range walks {
				s.buildRelaxed()
				p := takePass()
				if best := s.run(p, floorOf(c.strength)); strengthOf(best) != c.strength {
					t.Fatalf("mirrored: %v: the pass at %d found %d", s.mirrored, c.strength, strengthOf(best))
				}
				atBest[describe(s.party(p))] = true
				passes.Put(p)
			}
			got := Solve(c.pool, Options{Players: 4})
			verifyParty(t, c.pool, 4, got)
			if got.Strength != c.strength || got.Unused != c.unused {
				t.Errorf("Solve = %d/%d (%s), the corpus records %d/%d", got.Strength, got.Unused, describe(got), c.strength, c.unused)
			}
			if c.pinned && !atBest[describe(got)] {
				t.Errorf("Solve = %s, not a party the pass at the best strength finds", describe(got))
			}
			gotCtx, err := SolveContext(context.Background(), c.pool, Options{Players: 4})
			if err != nil || describe(gotCtx) != describe(got) {
				t.Errorf("SolveContext = %s, %v; Solve = %s", describe(gotCtx), err, describe(got))
			}
		})
	}
}

// TestMirrorStates is a measuring tool, skipped unless
// RUTHLESS_MIRROR_STATES=1: for every corpus pool it logs the states the
// pass at the best strength keeps in each direction, the figures the
// README quotes for the mirror.
func TestMirrorStates(t *testing.T) {
	if os.Getenv("RUTHLESS_MIRROR_STATES") == "" {
		t.Skip("set RUTHLESS_MIRROR_STATES=1 to measure")
	}
	for _, c := range readCorpus(t) {
		forward := newSolver(c.pool, 4)
		var states [2]int
		for i, s := range []*solver{forward, forward.mirror()} {
			s.buildRelaxed()
			p := takePass()
			s.run(p, floorOf(c.strength))
			states[i] = p.nodes.len()
			passes.Put(p)
		}
		t.Logf("line %d: forward %d states, mirror %d (%.2f times)", c.line, states[0], states[1], float64(states[1])/float64(states[0]))
	}
}
