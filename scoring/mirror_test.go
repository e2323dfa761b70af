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
				party, _ := passAtBest(s, c.strength)
				if party.Strength != c.strength {
					t.Fatalf("mirrored: %v: the pass at %d found %d", s.mirrored, c.strength, party.Strength)
				}
				atBest[describe(party)] = true
			}
			got := solveBothWays(t, c.pool, c.strength, c.unused, "")
			if c.pinned && !atBest[describe(got)] {
				t.Errorf("Solve = %s, not a party the pass at the best strength finds", describe(got))
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
			_, states[i] = passAtBest(s, c.strength)
		}
		t.Logf("line %d: forward %d states, mirror %d (%.2f times)", c.line, states[0], states[1], float64(states[1])/float64(states[0]))
	}
}

// TestTurnAtAnyPass moves the point where the walk turns, so that it turns
// after the higher pass of a pair as well as after the lower one, with the
// best party found in the same pair or not: Solve and SolveContext still
// agree, on a legal party of the best strength. The pinned pools of the
// corpus reach most branches; turnedPool reaches the last one (turning
// after the pair's higher pass, to the mirror, with the best party found
// by the lower pass).
func TestTurnAtAnyPass(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("a few seconds a threshold, far more under the race detector")
	}
	defer func(was int) { turnAfter = was }(turnAfter)
	type turnCase struct {
		pool             []Card
		strength, unused int
		after            []int
	}
	var cases []turnCase
	for _, c := range readCorpus(t)[:4] { // the pinned pools: the cheapest
		cases = append(cases, turnCase{c.pool, c.strength, c.unused, []int{8_000, 30_000}})
	}
	// Its passes at 104 and 103 keep 0.65 M and 1.14 M states, the
	// mirror's at 103 1.01 M: turning after 0.8 M states, the walk turns
	// to the mirror after the pass at 103, the higher of the pair (103,
	// 102), whose lower pass has found the best party, 102.
	cases = append(cases, turnCase{poolOf(t, turnedPool), 102, 2, []int{800_000}})
	for _, c := range cases {
		for _, after := range c.after {
			turnAfter = after
			solveBothWays(t, c.pool, c.strength, c.unused, fmt.Sprintf("turning after %d states, %v: ", after, c.pool))
		}
	}
}

// turnedPool is a pool of the adversarial corpus (seed 6) whose numbers
// TestTurnAtAnyPass relies on.
const turnedPool = "A1 A3 A4 A6 A7 H2 H5 H6 H7 HQ HC* HP K2 K3 K4 K5 KC KP X5 XQ XC XP S1 S3 S4 S7 SC* SP"

// passAtBest runs s's pass at the given strength (building its relaxed
// tables) and returns the party it finds and the states it kept.
func passAtBest(s *solver, strength int) (Party, int) {
	s.buildRelaxed()
	p := takePass()
	defer passes.Put(p)
	if s.run(p, floorOf(strength)) < floorOf(strength) {
		return Party{}, p.nodes.len()
	}
	return s.party(p), p.nodes.len()
}

// solveBothWays solves pool with Solve and SolveContext and fails t (each
// message starting with label) unless both give the same legal party of
// the given strength and unused count. It returns Solve's party.
func solveBothWays(t *testing.T, pool []Card, strength, unused int, label string) Party {
	t.Helper()
	got := Solve(pool, Options{Players: 4})
	verifyParty(t, pool, 4, got)
	if got.Strength != strength || got.Unused != unused {
		t.Errorf("%sSolve = %d/%d (%s), want %d/%d", label, got.Strength, got.Unused, describe(got), strength, unused)
	}
	gotCtx, err := SolveContext(context.Background(), pool, Options{Players: 4})
	if err != nil || describe(gotCtx) != describe(got) {
		t.Errorf("%sSolveContext = %s, %v; Solve = %s", label, describe(gotCtx), err, describe(got))
	}
	return got
}
