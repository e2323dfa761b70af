package scoring

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
)

// refUse is the brute force's answer for one card: the best party that
// has it in a set, if any.
type refUse struct {
	found bool
	refResult
}

func (r *refUse) offer(x refResult) {
	if !r.found || x.strength > r.strength || (x.strength == r.strength && x.used < r.used) {
		r.found, r.refResult = true, x
	}
}

// refUses finds, by brute force, for every card of the pool the best party
// in which that card is in a set. Like refSolve it tries every identity
// of every wild (or sitting out) and fills the reference tables for every
// subset; then every subset S that makes a set is tried as the set holding
// its cards, with the best party of what S and the cards standing for the
// same cards as S's leave.
func refUses(pool []Card, players int) map[Card]*refUse {
	var fixed, wilds []Card
	for _, c := range pool {
		if c.IsWild() {
			wilds = append(wilds, c)
		} else {
			fixed = append(fixed, c)
		}
	}
	out := map[Card]*refUse{}
	for _, c := range pool {
		out[c] = &refUse{}
	}
	t := newRefTables(len(pool))
	for _, c := range fixed {
		t.add(refItem{card: c, as: c}, false)
	}
	var try func(i int)
	try = func(i int) {
		if i == len(wilds) {
			n := len(t.items)
			all := 1<<n - 1
			for mask := 1; mask <= all; mask++ {
				v := t.shape[mask].strength()
				if v < 0 {
					continue
				}
				blocked := 0
				for k, it := range t.items {
					if mask&(1<<k) == 0 && t.shape[mask].has(it.as) {
						blocked |= 1 << k
					}
				}
				rest := t.best[all&^mask&^blocked]
				r := refResult{strength: v + rest.strength, used: bits.OnesCount(uint(mask)) + rest.used}
				for k := range n {
					if mask&(1<<k) != 0 {
						out[t.items[k].card].offer(r)
					}
				}
			}
			return
		}
		try(i + 1)
		for _, as := range refIdentities(wilds[i], players) {
			t.add(refItem{card: wilds[i], as: as}, false)
			try(i + 1)
			t.drop()
		}
	}
	try(0)
	return out
}

func without(pool []Card, c Card) []Card {
	return slices.DeleteFunc(slices.Clone(pool), func(x Card) bool { return x == c })
}

func inSet(p Party, c Card) bool {
	for _, s := range p.Sets {
		for _, pc := range s.Cards {
			if pc.Card == c {
				return true
			}
		}
	}
	return false
}

// TestWhyNotMoreMatchesBruteForce is the promise: on 1,000 random
// pools of up to 10 pirates (wilds included), every cost WhyNotMore states
// is the brute force's, its parties are legal and use the card, and the
// other best parties it lists leave unused exactly the pirates some best
// party can leave unused, never more of them than the best party (R1.7).
func TestWhyNotMoreMatchesBruteForce(t *testing.T) {
	pools := 1000
	if testing.Short() {
		pools = 200
	}
	shards := runtime.GOMAXPROCS(0)
	for shard := range shards {
		t.Run(fmt.Sprintf("shard %d of %d", shard+1, shards), func(t *testing.T) {
			t.Parallel()
			for i := shard; i < pools; i += shards {
				pool, players := whyPool(i)
				checkWhy(t, i, pool, players)
			}
		})
	}
}

// whyPool draws pool number i: like the solver's reference pools, up to
// 10 pirates and at most 2 wilds, and often cards that leave some unused.
func whyPool(i int) ([]Card, int) {
	rng := rand.New(rand.NewPCG(uint64(i), 13))
	players := 2 + rng.IntN(3)
	pool := randomPool(rng, rng.IntN(11), players, 0.5, 1)
	for wildCount(pool) > 2 {
		pool = randomPool(rng, len(pool), players, 0.5, 1)
	}
	if i%4 == 0 && wildCount(pool) < 2 {
		pool = withParrot(rng, pool, players)
	}
	return pool, players
}

func checkWhy(t *testing.T, i int, pool []Card, players int) {
	t.Helper()
	opt := Options{Players: players}
	best := Solve(pool, opt)
	why, err := WhyNotMore(pool, opt)
	if err != nil {
		t.Fatalf("pool %d %v: WhyNotMore: %v", i, pool, err)
	}
	ref := refUses(pool, players)
	if got, want := len(why.Uses), best.Unused; got != want {
		t.Fatalf("pool %d %v: %d uses, want one per unused pirate (%d)", i, pool, got, want)
	}
	for k, u := range why.Uses {
		if u.Card != best.UnusedCards[k] {
			t.Fatalf("pool %d %v: use %d is for %s, want %s", i, pool, k, u.Card, best.UnusedCards[k])
		}
		want := ref[u.Card]
		if u.Possible != want.found {
			t.Fatalf("pool %d %v: %s possible = %t, brute force %t", i, pool, u.Card, u.Possible, want.found)
		}
		if !want.found {
			if u.Cost != 0 || len(u.Party.Sets) != 0 {
				t.Fatalf("pool %d %v: %s cannot be used, but the answer has cost %d and %s", i, pool, u.Card, u.Cost, describe(u.Party))
			}
			continue
		}
		wantUnused := len(pool) - want.used
		if u.Party.Strength != want.strength || u.Party.Unused != wantUnused || u.Cost != best.Strength-want.strength {
			t.Fatalf("pool %d %v (%d players): using %s: %d strength, %d unused, cost %d (%s); brute force %d, %d unused, cost %d",
				i, pool, players, u.Card, u.Party.Strength, u.Party.Unused, u.Cost, describe(u.Party), want.strength, wantUnused, best.Strength-want.strength)
		}
		verifyParty(t, pool, players, u.Party)
		if !inSet(u.Party, u.Card) {
			t.Fatalf("pool %d %v: the party for %s does not use it: %s", i, pool, u.Card, describe(u.Party))
		}
	}

	// Which pirates can some best party leave unused? Exactly those d for
	// which the best party of the pool without d is as strong, with one
	// fewer unused.
	canLeave := map[Card]bool{}
	for _, d := range pool {
		s, u := refSolve(without(pool, d), players)
		if s == best.Strength && u+1 > best.Unused {
			t.Fatalf("pool %d %v: R1.7: without %s the brute force finds %d with %d unused, more than the best party's %d", i, pool, d, s, u+1, best.Unused)
		}
		if s == best.Strength && u+1 == best.Unused {
			canLeave[d] = true
		}
	}
	if why.MostUnused != best.Unused {
		t.Fatalf("pool %d %v: MostUnused %d, want %d", i, pool, why.MostUnused, best.Unused)
	}
	listed := map[Card]bool{}
	for _, c := range best.UnusedCards {
		listed[c] = true
	}
	seen := map[string]bool{unusedKey(best): true}
	for _, alt := range why.Alternatives {
		verifyParty(t, pool, players, alt)
		if alt.Strength != best.Strength || alt.Unused != best.Unused {
			t.Fatalf("pool %d %v: alternative %s has %d/%d, best %d/%d", i, pool, describe(alt), alt.Strength, alt.Unused, best.Strength, best.Unused)
		}
		if k := unusedKey(alt); seen[k] {
			t.Fatalf("pool %d %v: alternative %s leaves the same pirates unused as another party", i, pool, describe(alt))
		} else {
			seen[k] = true
		}
		for _, c := range alt.UnusedCards {
			listed[c] = true
		}
	}
	for _, d := range pool {
		if listed[d] != canLeave[d] {
			t.Fatalf("pool %d %v: %s left unused by a listed best party: %t; by some best party (brute force): %t", i, pool, d, listed[d], canLeave[d])
		}
	}
}

// TestWhyNotMoreExamples are hand-made cases, each saying in its name what
// the answer shows.
func TestWhyNotMoreExamples(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		pool    string
		players int
		// uses is "CARD strength cost" per unused pirate, or "CARD -" when
		// no set can hold it.
		uses         []string
		alternatives []string // describe() of each other best party
	}{
		{"a lone pirate cannot be in a set", "H7", 4, []string{"H7 -"}, nil},
		{"a Quartermaster with no other Q, 7 or C cannot be in a set",
			"H2 H3 H4 S6 K6 XQ", 4, []string{"XQ -"}, nil},
		{"a Quartermaster next to a straight flush joins it as a straight, 4 less",
			"A5 A6 A7 HQ", 4, []string{"HQ 8 4"}, nil},
		{"the 1 in a flush with the Parrot, 1 less than the straight flush",
			"S1 S7 SP S5", 4, []string{"S1 11 1"}, nil},
		{"a 5 extends the straight flush as a straight and costs 4",
			"H2 H3 H4 K5 S6 X6 AC", 4, []string{"AC -", "K5 12 4"}, nil},
		{"a sixth card of a five of a kind cannot join",
			"H6 S6 K6 A6 X6 H2", 4, []string{"H2 -"}, nil},
		{"a Parrot and a plain Captain of its suit cannot pair",
			"SP SC", 4, []string{"SC -", "SP -"}, nil},
		{"nothing unused", "A3 H3 KP", 4, nil, nil},
		{"an unused Parrot put to use on an empty cell beats its place on the unused 1",
			"A2 A3 A4 H1 HP", 4, []string{"H1 10 2", "HP 10 2"}, nil},
		{"either 2 can be left out of the straight",
			"A1 H2 S2 K3", 4, []string{"S2 6 0"}, []string{"straight[A1 S2 K3] | unused H2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pool := poolOf(t, tt.pool)
			why, err := WhyNotMore(pool, Options{Players: tt.players})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, u := range why.Uses {
				if !u.Possible {
					got = append(got, u.Card.String()+" -")
					continue
				}
				got = append(got, fmt.Sprintf("%s %d %d", u.Card, u.Party.Strength, u.Cost))
			}
			if !slices.Equal(got, tt.uses) {
				t.Errorf("uses = %q, want %q", got, tt.uses)
			}
			var alts []string
			for _, a := range why.Alternatives {
				alts = append(alts, describe(a))
			}
			if !slices.Equal(alts, tt.alternatives) {
				t.Errorf("alternatives = %q, want %q", alts, tt.alternatives)
			}
			checkWhy(t, 0, pool, tt.players)
		})
	}
}

func TestWhyTooBig(t *testing.T) {
	t.Parallel()
	pool := poolOf(t, "A1 A2 A3 A4 A5 A6 A7 AQ H1 H2 H3 H4 H5 H6 H7 HQ")
	if _, err := WhyNotMore(pool, Options{}); !errors.Is(err, ErrTooBigToExplain) {
		t.Fatalf("16 pirates: err %v, want ErrTooBigToExplain", err)
	}
}

func TestWhyGivesUp(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := WhyContext(ctx, poolOf(t, "H2 H3 H4 XQ"), Options{}, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: err %v, want context.Canceled", err)
	}
}

// BenchmarkWhyNotMore is "why not more?" on a 15-card pool whose best
// party leaves 5 pirates unused (the figure docs/measurements.md quotes).
func BenchmarkWhyNotMore(b *testing.B) {
	pool := whyBenchPool(b)
	for b.Loop() {
		if _, err := WhyNotMore(pool, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// whyBenchPool is a 15-card pool whose best party (strength 38: four 1s,
// a straight flush, three Captains) leaves 5 unused.
func whyBenchPool(tb testing.TB) []Card {
	pool := poolOf(tb, "A1 H1 K1 X1 A2 S3 K5 H5 H6 S6 H7 XQ AC HC XC")
	if p := Solve(pool, Options{}); p.Unused != 5 {
		tb.Fatalf("the benchmark pool leaves %d unused, want 5: %s", p.Unused, describe(p))
	}
	return pool
}
