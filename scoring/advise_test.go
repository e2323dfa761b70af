package scoring

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestAdviseMatchesBruteForce: every gain is the difference of two exact
// solves (the brute force's here), the pair is the best of all pairs, and
// R4.3's limit decides what is weighed.
func TestAdviseMatchesBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(4, 3))
	pools := 120
	if testing.Short() || raceEnabled {
		pools = 20
	}
	for i := range pools {
		players := 2 + rng.IntN(3)
		n := rng.IntN(6)
		cards := randomPool(rng, n+1+rng.IntN(MaxTavern), players, 0.3, 1)
		for wildCount(cards) > 1 {
			cards = randomPool(rng, len(cards), players, 0.3, 1)
		}
		pool, tavern := cards[:n], cards[n:]
		recruited := rng.IntN(4)
		adv, err := Advise(context.Background(), pool, tavern, recruited, Options{Players: players}, nil)
		if err != nil {
			t.Fatalf("pool %d %v + %v: %v", i, pool, tavern, err)
		}
		base, _ := refSolve(pool, players)
		if adv.Base.Strength != base || adv.Left != 3-recruited {
			t.Fatalf("pool %d: base %d, left %d; want %d, %d", i, adv.Base.Strength, adv.Left, base, 3-recruited)
		}
		wantSingles := len(tavern)
		if recruited == 3 {
			wantSingles = 0
		}
		if len(adv.Singles) != wantSingles {
			t.Fatalf("pool %d: %d singles, want %d", i, len(adv.Singles), wantSingles)
		}
		for k, r := range adv.Singles {
			s, _ := refSolve(append(slices.Clone(pool), tavern[k]), players)
			if !slices.Equal(r.Cards, []Card{tavern[k]}) || r.Gain != s-base || r.Party.Strength != s {
				t.Fatalf("pool %d %v: recruiting %v gains %d (party %d), brute force %d", i, pool, r.Cards, r.Gain, r.Party.Strength, s-base)
			}
		}
		bestPair, bestGain := []Card(nil), -1
		if recruited <= 1 {
			for a := range tavern {
				for b := a + 1; b < len(tavern); b++ {
					s, _ := refSolve(append(slices.Clone(pool), tavern[a], tavern[b]), players)
					if s-base > bestGain {
						bestPair, bestGain = []Card{tavern[a], tavern[b]}, s-base
					}
				}
			}
		}
		switch {
		case bestPair == nil && adv.Pair != nil:
			t.Fatalf("pool %d: pair %v offered with %d recruited and %d cards", i, adv.Pair.Cards, recruited, len(tavern))
		case bestPair != nil && (adv.Pair == nil || adv.Pair.Gain != bestGain || !slices.Equal(adv.Pair.Cards, bestPair)):
			t.Fatalf("pool %d %v + %v: pair %+v, want %v gaining %d", i, pool, tavern, adv.Pair, bestPair, bestGain)
		}
	}
}

func TestAdviseBadInput(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, pool, tavern string
		recruited, players int
		want               string
	}{
		{"card in both", "H2 H3", "H3", 0, 4, `card "H3" given twice`},
		{"six cards", "", "A1 A2 A3 A4 A5 A6", 0, 4, "Tavern Row has 5"},
		{"Kraken for two", "H2", "K3", 0, 2, "Kraken"},
		{"four recruited", "H2", "H3", 4, 4, "0 to 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Advise(context.Background(), poolOf(t, tt.pool), poolOf(t, tt.tavern), tt.recruited, Options{Players: tt.players}, nil)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err %v, want it to say %q", err, tt.want)
			}
		})
	}
}
