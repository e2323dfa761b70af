package scoring

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestSharedStepsKeepTheParty: a parallel solve shares each big step of
// the descent between two goroutines and merges the second half's states
// into the first's in order, which must give the very party one goroutine
// finds, ties included. With every step shared (splitAbove 0), Solve is
// held to SolveContext's party on random wild pools (the grid walk's).
func TestSharedStepsKeepTheParty(t *testing.T) {
	full := referenceRun(t)
	t.Parallel()
	sched := defaultSchedule()
	sched.splitAbove = 0
	solveShared, _ := scheduled(sched)
	rng := rand.New(rand.NewPCG(9, 23))
	n := 80
	if !full {
		n = 6 // the race detector makes the walk twenty times slower
	}
	for range n {
		pool := withWildsUpTo(rng, randomPool(rng, 16+rng.IntN(12), 4, 0, 0), 4+rng.IntN(5))
		want, err := SolveContext(context.Background(), pool, Options{})
		if err != nil {
			t.Fatalf("SolveContext(%v): %v", pool, err)
		}
		if got := solveShared(pool, Options{}); !reflect.DeepEqual(got, want) {
			t.Errorf("%v: every step shared, Solve = %s; one goroutine, SolveContext = %s", pool, describe(got), describe(want))
		}
	}
}
