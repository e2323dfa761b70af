package scoring

import (
	"context"
	"testing"
)

// TestBeamKeepsTheParty: where the beam and the choice of direction decide
// which bars the walk tries, Solve and SolveContext still show the party
// that the pass at the best party's strength finds, in one of the two
// directions, and the same one. Settling from below the best strength, as
// after a beam that fell short, shows that party too: the settling pass
// finds a stronger party and is run again at its strength. The pools are
// from the adversarial corpus: the issue's, and line 16, where the forward
// beam is one point short.
func TestBeamKeepsTheParty(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("each pool takes about a second, twenty under the race detector")
	}
	corpus := readCorpus(t)
	for _, line := range []int{11, 16} {
		var c corpusPool
		for _, c = range corpus {
			if c.line == line {
				break
			}
		}
		if c.line != line {
			t.Fatalf("the corpus has no line %d", line)
		}
		forward := newSolver(c.pool, 4)
		atBest := map[string]bool{}
		for _, s := range []*solver{forward, forward.mirror()} {
			s.buildRelaxed()
			if got := s.beam(0); got > c.strength {
				t.Errorf("line %d: the beam found strength %d, above the best party's %d", line, got, c.strength)
			}
			direct := takePass()
			best := s.run(direct, floorOf(c.strength))
			if strengthOf(best) != c.strength {
				t.Fatalf("line %d (mirrored: %v): the pass at %d found %d", line, s.mirrored, c.strength, strengthOf(best))
			}
			party := s.party(direct)
			verifyParty(t, c.pool, 4, party)
			atBest[describe(party)] = true
			// settling from a point or two below the best strength, as after
			// a beam that fell short, shows that same party
			other := takePass()
			if got, _ := s.settle(direct, c.strength-1); describe(got) != describe(party) {
				t.Errorf("line %d (mirrored: %v): settle = %s, the pass at the best strength = %s", line, s.mirrored, describe(got), describe(party))
			}
			if got, _ := s.settlePair(direct, other, c.strength-2); describe(got) != describe(party) {
				t.Errorf("line %d (mirrored: %v): settlePair = %s, the pass at the best strength = %s", line, s.mirrored, describe(got), describe(party))
			}
			passes.Put(direct)
			passes.Put(other)
		}
		got := Solve(c.pool, Options{Players: 4})
		if !atBest[describe(got)] {
			t.Errorf("line %d: Solve = %s, not a party the pass at the best strength finds", line, describe(got))
		}
		gotCtx, err := SolveContext(context.Background(), c.pool, Options{Players: 4})
		if err != nil || describe(gotCtx) != describe(got) {
			t.Errorf("line %d: SolveContext = %s, %v; Solve = %s", line, describe(gotCtx), err, describe(got))
		}
	}
}
