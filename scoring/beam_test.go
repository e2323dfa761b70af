package scoring

import (
	"context"
	"reflect"
	"testing"
)

// TestBeamKeepsTheParty: where the beam decides which bars the walk tries,
// Solve and SolveContext still show the party the pass at the best party's
// strength finds, as the plain descent does. The pools are from the
// adversarial corpus: the (the beam finds the best strength) and
// line 16, where the beam is one point short, so that the settling pass
// finds a stronger party and is run again at its strength.
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
		s := newSolver(c.pool, 4)
		s.buildRelaxed()
		if got := s.beam(0); got > c.strength {
			t.Errorf("line %d: the beam found strength %d, above the best party's %d", line, got, c.strength)
		}
		direct := takePass()
		best := s.run(direct, floorOf(c.strength))
		if strengthOf(best) != c.strength {
			t.Fatalf("line %d: the pass at %d found %d", line, c.strength, strengthOf(best))
		}
		want := s.party(direct)
		passes.Put(direct)
		if got := Solve(c.pool, Options{Players: 4}); !reflect.DeepEqual(got, want) {
			t.Errorf("line %d: Solve = %s, the pass at the best strength = %s", line, describe(got), describe(want))
		}
		got, err := SolveContext(context.Background(), c.pool, Options{Players: 4})
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("line %d: SolveContext = %s, %v; the pass at the best strength = %s", line, describe(got), err, describe(want))
		}
	}
}
