package scoring

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"
)

// slowPool is the costliest pool of the adversarial corpus (line 15 of
// testdata/adversarial.txt since 2026-11-23): a hill-climb built it to
// keep the grid walk busy.
const slowPool = "A2 A3 A6 A7 AP H2 H5 H6 H7 HP K1 K7 KC* KP X1 X4 X5 XQ XC XP S4 SQ SC* SP"

func TestSolveContextStops(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		pool string
	}{
		{"grid walk", slowPool},
		{"set search", "H1 H2 H3 H4 H5 H6 H7 A1 A2 A3 A4 A5 A6 X1 X2 SP KP HC*"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pool := poolOf(t, c.pool)
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if _, err := SolveContext(ctx, pool, Options{}); !errors.Is(err, context.Canceled) {
				t.Fatalf("SolveContext with a done context: err = %v, want context.Canceled", err)
			}
			// Cancelled while it works: it must come back, with the error.
			// (How soon is measured by BenchmarkSolveCancel, not here.)
			ctx, cancel = context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() {
				_, err := SolveContext(ctx, pool, Options{})
				done <- err
			}()
			time.Sleep(time.Millisecond)
			cancel()
			select {
			case err := <-done:
				if err != nil && !errors.Is(err, context.Canceled) {
					t.Fatalf("err = %v, want nil (finished first) or context.Canceled", err)
				}
			case <-time.After(time.Minute):
				t.Fatal("SolveContext did not return within a minute of its cancellation")
			}
		})
	}
}

// TestSolveContextAnswersLikeSolve: SolveContext walks on one goroutine,
// Solve on two; the party must be the very same, ties included (R1.7).
func TestSolveContextAnswersLikeSolve(t *testing.T) {
	full := referenceRun(t)
	t.Parallel()
	pools := [][]Card{poolOf(t, "H2 H3 A4 S6 K6")}
	rng := rand.New(rand.NewPCG(4, 4))
	n := 40
	if !full {
		n = 8 // the race detector makes the walk twenty times slower
	} else {
		pools = append(pools, poolOf(t, slowPool))
	}
	for range n {
		pools = append(pools, withWildsUpTo(rng, randomPool(rng, 16+rng.IntN(10), 4, 0, 0), 4+rng.IntN(5)))
	}
	for _, pool := range pools {
		got, err := SolveContext(context.Background(), pool, Options{})
		if err != nil {
			t.Fatalf("SolveContext(%v): %v", pool, err)
		}
		if want := Solve(pool, Options{}); !reflect.DeepEqual(got, want) {
			t.Errorf("%v: SolveContext = %s, Solve = %s", pool, describe(got), describe(want))
		}
	}
}
