package scoring

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// benchPools draws n pools with a fixed seed, so every run measures the
// same work.
func benchPools(n int, draw func(rng *rand.Rand) []Card) [][]Card {
	rng := rand.New(rand.NewPCG(2026, 11))
	pools := make([][]Card, n)
	for i := range pools {
		pools[i] = draw(rng)
	}
	return pools
}

// withWildsUpTo swaps cards of the pool for Parrots and flagged Captains
// until it holds want wilds (fewer if the pool is too small).
func withWildsUpTo(rng *rand.Rand, pool []Card, want int) []Card {
	out := append([]Card(nil), pool...)
	for _, s := range rng.Perm(NumSuits) {
		for _, w := range []Card{{Suit: Suit(s), Rank: Parrot}, {Suit: Suit(s), Rank: Cpt, Flagged: true}} {
			if wildCount(out) >= min(want, len(out)) {
				return out // enough, or nothing left to swap
			}
			at := -1
			for i, c := range out {
				if c.Cell() == w.Cell() {
					at = i
				}
			}
			if at >= 0 {
				out[at] = w
				continue
			}
			for {
				i := rng.IntN(len(out))
				if !out[i].IsWild() {
					out[i] = w
					break
				}
			}
		}
	}
	return out
}

func BenchmarkSolve(b *testing.B) {
	deck := Deck(4)
	for i := range deck {
		deck[i].Flagged = deck[i].Rank == Cpt
	}
	cases := []struct {
		name  string
		pools [][]Card
	}{
		{"typical", benchPools(64, func(rng *rand.Rand) []Card {
			return withWildsUpTo(rng, randomPool(rng, 6+rng.IntN(5), 4, 0, 0), rng.IntN(3))
		})},
		{"fifteen", benchPools(16, func(rng *rand.Rand) []Card {
			return withWildsUpTo(rng, randomPool(rng, 15, 4, 0, 0), 3)
		})},
		{"deck", [][]Card{deck}},
		{"wild", benchPools(4, func(rng *rand.Rand) []Card {
			return withWildsUpTo(rng, randomPool(rng, 20+rng.IntN(6), 4, 0, 0), 10)
		})},
		// each iteration solves the next pool of the adversarial corpus
		{"adversarial", corpusPools(b)},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				Solve(c.pools[i%len(c.pools)], Options{Players: 4})
			}
		})
	}
}

// BenchmarkSolveAdversarial times each pool of the adversarial corpus
// (testdata/adversarial.txt) on its own, named by its line in the file.
func BenchmarkSolveAdversarial(b *testing.B) {
	for _, c := range readCorpus(b) {
		b.Run(fmt.Sprintf("line%d", c.line), func(b *testing.B) {
			for b.Loop() {
				Solve(c.pool, Options{Players: 4})
			}
		})
	}
}

// BenchmarkSolveContextAdversarial is BenchmarkSolveAdversarial for
// SolveContext, the one-goroutine solve the web server runs.
func BenchmarkSolveContextAdversarial(b *testing.B) {
	for _, c := range readCorpus(b) {
		b.Run(fmt.Sprintf("line%d", c.line), func(b *testing.B) {
			for b.Loop() {
				if _, err := SolveContext(context.Background(), c.pool, Options{Players: 4}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkTen measures the solver and the brute-force reference on the
// same 10-card pools (up to 2 wilds): the ratio is the speed-up.
func BenchmarkTen(b *testing.B) {
	pools := benchPools(64, func(rng *rand.Rand) []Card {
		return withWildsUpTo(rng, randomPool(rng, 10, 4, 0, 0), rng.IntN(3))
	})
	b.Run("solve", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			Solve(pools[i%len(pools)], Options{Players: 4})
		}
	})
	b.Run("reference", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			refSolve(pools[i%len(pools)], 4)
		}
	})
}

// BenchmarkSolveCancel measures how long SolveContext takes to give up
// after its context is cancelled in the middle of the slowest known pool
// (the issue asks for at most 50 ms): each iteration starts a solve,
// cancels it after 2 ms and times the wait from cancel to return.
func BenchmarkSolveCancel(b *testing.B) {
	pool, err := ParseCards(SplitCodes(slowPool))
	if err != nil {
		b.Fatal(err)
	}
	var worst time.Duration
	for b.Loop() {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() {
			SolveContext(ctx, pool, Options{})
			close(done)
		}()
		time.Sleep(2 * time.Millisecond)
		start := time.Now()
		cancel()
		<-done
		worst = max(worst, time.Since(start))
	}
	b.ReportMetric(float64(worst.Microseconds()), "worst-µs-to-stop")
}
