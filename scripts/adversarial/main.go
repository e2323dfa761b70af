// Command adversarial hunts for pools that are slow for scoring.Solve and
// prints what it finds. It is a tool, not a test: what it finds is never
// wrong, only more or less slow; the finds worth keeping go into the
// adversarial corpus (scoring/testdata/adversarial.txt), which the scoring
// tests replay and the benchmarks time.
//
//	adversarial climb [-budget 90s] [-seed 1] [-merge] [-corpus FILE]
//	adversarial random [-pools 1000]
//
// `climb` hill-climbs pools on the solver's work (scoring.SolveCost:
// nearly deterministic, unlike time): two climbers share the budget on two
// goroutines, each with its own seed. A climb starts from a random pool of
// 20–30 cards with 5–9 wilds and tries one change at a time (swap a card
// for one not in the pool, flip a Captain's flag, add a card, drop one),
// keeping a change when the solve costs more; after 30 tries in a row
// without gain it restarts from a fresh pool. The peak of each climb is a
// find; the ten costliest are solved 3 more times each and printed, with
// their corpus lines. -merge rewrites the corpus with its pinned pools and
// the ten costliest of its other pools and the finds, every cost measured
// again with the current solver.
//
// `random` solves pools of every size, drawn at random, and prints the
// slowest by time.
//
// Run it from the module's root (go run ./scripts/adversarial climb), so
// that the corpus's default path holds. It exits non-zero when a pool it
// made does not read back from its codes, when a party the solver gave is
// not legal (scoring.Check judges it), or when a merge finds the solver
// giving a corpus line another answer than the line records.
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"ruthless/scoring"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: adversarial climb|random [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "climb":
		err = climb(os.Args[2:])
	case "random":
		err = random(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q (want climb or random)", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "adversarial:", err)
		os.Exit(1)
	}
}

// Bounds of the climb: where the climbs start, and how far pools may
// drift from there. Every pool is solved for 4 players, as the corpus's.
const (
	players            = 4
	startMin, startMax = 20, 30 // cards of a starting pool
	startWildsMin      = 5      // wilds of a starting pool: 5–9
	startWildsMax      = 9
	climbMin, climbMax = 16, 34 // cards of any pool the climb tries
	climbStall         = 30     // tries without a costlier pool before a climb restarts
	repeat             = 3      // solves per reported pool: see measure
	corpusFound        = 10     // searched pools (not pinned) the corpus keeps
)

// find is a pool the search found and what solving it costs.
type find struct {
	pool  []scoring.Card
	cost  int64
	party scoring.Party
	from  string // where it was found, or where the corpus line came from
	took  time.Duration
}

// climb runs the climbers for the budget and reports their finds.
func climb(args []string) error {
	fs := flag.NewFlagSet("climb", flag.ContinueOnError)
	budget := fs.Duration("budget", 90*time.Second, "time the climbs may take")
	seed := fs.Uint64("seed", 1, "seed of the climbs (climber c uses seed and c)")
	merge := fs.Bool("merge", false, "merge the finds into the corpus file")
	corpus := fs.String("corpus", "scoring/testdata/adversarial.txt", "the corpus file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *budget <= 0 {
		return fmt.Errorf("-budget %v: want a positive duration such as 90s", *budget)
	}
	deadline := time.Now().Add(*budget)
	climbers := min(2, runtime.GOMAXPROCS(0))
	peaks := make([][]find, climbers)
	errs := make([]error, climbers)
	var wg sync.WaitGroup
	for c := range climbers {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(*seed, uint64(c)))
			peaks[c], errs[c] = climbUntil(rng, fmt.Sprintf("seed %d, climber %d", *seed, c), deadline)
		})
	}
	wg.Wait()
	all := slices.Concat(peaks...)
	fmt.Printf("%d climbs in %v (seed %d)\n", len(all), *budget, *seed)
	slices.SortStableFunc(all, func(a, b find) int { return compareCost(b, a) })
	all = distinct(all)
	top := all[:min(corpusFound, len(all))]
	for i := range top {
		top[i] = measure(top[i].pool, top[i].from)
	}
	slices.SortStableFunc(top, func(a, b find) int { return compareCost(b, a) })
	fmt.Printf("the slowest pools found (cost: the states the walk expanded, or the set search's nodes, the least of %d solves; time: their median):\n", repeat)
	for i, f := range top {
		if err := legal(f.pool, f.party); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", codesOf(f.pool), err))
		}
		fmt.Printf("%2d. cost %d, %v, strength %d, unused %d, %d cards with %d wilds: %s\n",
			i+1, f.cost, f.took.Round(time.Millisecond), f.party.Strength, f.party.Unused, len(f.pool), wildCount(f.pool), codesOf(f.pool))
	}
	fmt.Printf("corpus lines for %s:\n", *corpus)
	for _, f := range top {
		fmt.Println(corpusLine(f))
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	if *merge {
		return mergeInto(*corpus, top)
	}
	return nil
}

// climbUntil runs climbs until the deadline and returns each climb's peak.
// The error is for a pool that does not read back from its codes or a
// party that is not legal.
func climbUntil(rng *rand.Rand, who string, deadline time.Time) ([]find, error) {
	var out []find
	for n := 1; time.Now().Before(deadline); n++ {
		size := startMin + rng.IntN(startMax-startMin+1)
		wilds := startWildsMin + rng.IntN(startWildsMax-startWildsMin+1)
		pool := withWildsUpTo(rng, randomPool(rng, size), wilds)
		party, cost := scoring.SolveCost(pool, scoring.Options{Players: players})
		steps, stall := 0, 0
		for stall < climbStall && time.Now().Before(deadline) {
			next := changeOneCard(rng, pool)
			if back, err := scoring.ParseCards(scoring.SplitCodes(codesOf(next))); err != nil || !slices.Equal(back, next) {
				return out, fmt.Errorf("the climb made a pool that does not read back from its codes %q: %v", codesOf(next), err)
			}
			p, c := scoring.SolveCost(next, scoring.Options{Players: players})
			if c > cost {
				// Look again before keeping it: see measure.
				_, again := scoring.SolveCost(next, scoring.Options{Players: players})
				c = min(c, again)
			}
			if c > cost {
				pool, party, cost = next, p, c
				steps++
				stall = 0
			} else {
				stall++
			}
		}
		slices.SortFunc(pool, scoring.CompareCards)
		if err := legal(pool, party); err != nil {
			return out, fmt.Errorf("%s: %w", codesOf(pool), err)
		}
		from := fmt.Sprintf("%s, climb %d", who, n)
		out = append(out, find{pool: pool, cost: cost, party: party, from: from})
		fmt.Fprintf(os.Stderr, "%s: cost %d after %d gains, %d cards with %d wilds\n", from, cost, steps, len(pool), wildCount(pool))
	}
	return out, nil
}

// random solves random pools of every size, timing each, and prints the
// slowest. Timing is all it reports: nothing it finds can be wrong.
func random(args []string) error {
	fs := flag.NewFlagSet("random", flag.ContinueOnError)
	n := fs.Int("pools", 1000, "how many random pools to solve")
	if err := fs.Parse(args); err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(99, 1))
	var worst time.Duration
	var worstPool []scoring.Card
	for range *n {
		pool := withWildsUpTo(rng, randomPool(rng, rng.IntN(51)), rng.IntN(11))
		start := time.Now()
		scoring.Solve(pool, scoring.Options{Players: players})
		if d := time.Since(start); d > worst {
			worst, worstPool = d, pool
		}
	}
	fmt.Printf("slowest of %d pools: %v for %d cards: %s\n", *n, worst, len(worstPool), codesOf(worstPool))
	return nil
}

// randomPool draws n distinct pirates of the 4-player deck, no Captain
// flagged.
func randomPool(rng *rand.Rand, n int) []scoring.Card {
	deck := scoring.Deck(players)
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return deck[:min(n, len(deck))]
}

// withWildsUpTo swaps cards of the pool for Parrots and flagged Captains
// until it holds want wilds (fewer if the pool is too small).
func withWildsUpTo(rng *rand.Rand, pool []scoring.Card, want int) []scoring.Card {
	out := slices.Clone(pool)
	for _, s := range rng.Perm(scoring.NumSuits) {
		suit := scoring.Suit(s)
		for _, w := range []scoring.Card{{Suit: suit, Rank: scoring.Parrot}, {Suit: suit, Rank: scoring.Cpt, Flagged: true}} {
			if wildCount(out) >= min(want, len(out)) {
				return out // enough, or nothing left to swap
			}
			if at := slices.IndexFunc(out, func(c scoring.Card) bool { return c.Cell() == w.Cell() }); at >= 0 {
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

// changeOneCard returns a copy of the pool with one change: a card swapped
// for one not in the pool, a Captain's flag flipped, a card added or one
// dropped (within climbMin–climbMax cards). A Captain that comes in is
// flagged half the time.
func changeOneCard(rng *rand.Rand, pool []scoring.Card) []scoring.Card {
	in := map[scoring.Card]bool{}
	for _, c := range pool {
		in[c.Cell()] = true
	}
	var outside []scoring.Card
	for _, c := range scoring.Deck(players) {
		if !in[c] {
			c.Flagged = c.Rank == scoring.Cpt && rng.IntN(2) == 0
			outside = append(outside, c)
		}
	}
	out := slices.Clone(pool)
	for {
		switch move := rng.IntN(10); {
		case move < 5 && len(outside) > 0: // swap
			out[rng.IntN(len(out))] = outside[rng.IntN(len(outside))]
			return out
		case move == 5: // flip a Captain's flag
			var captains []int
			for i, c := range out {
				if c.Rank == scoring.Cpt {
					captains = append(captains, i)
				}
			}
			if len(captains) > 0 {
				i := captains[rng.IntN(len(captains))]
				out[i].Flagged = !out[i].Flagged
				return out
			}
		case move < 8 && len(out) < climbMax && len(outside) > 0: // add
			return append(out, outside[rng.IntN(len(outside))])
		case move >= 8 && len(out) > climbMin: // drop
			i := rng.IntN(len(out))
			return slices.Delete(out, i, i+1)
		}
	}
}

// measure solves the pool a few times, one solve at a time, and keeps the
// least cost and the median time. The least: the walk's cost now and then
// comes out above its usual on a busy machine, never below it.
func measure(pool []scoring.Card, from string) find {
	f := find{pool: pool, cost: -1, from: from}
	times := make([]time.Duration, repeat)
	for i := range times {
		start := time.Now()
		party, cost := scoring.SolveCost(pool, scoring.Options{Players: players})
		times[i] = time.Since(start)
		if f.cost < 0 || cost < f.cost {
			f.cost = cost
		}
		f.party = party
	}
	slices.Sort(times)
	f.took = times[len(times)/2]
	return f
}

// legal asks scoring.Check, which judges a claimed party on its own code
// path, whether the party is a legal one of the pool, scoring what it
// says. Check is handed the party itself as the pool's best, so that it
// does not solve the pool again.
func legal(pool []scoring.Card, p scoring.Party) error {
	sets := make([][]scoring.Claim, len(p.Sets))
	n := len(p.UnusedCards)
	for i, s := range p.Sets {
		for _, pc := range s.Cards {
			as := pc.As
			sets[i] = append(sets[i], scoring.Claim{Card: pc.Card, As: &as})
		}
		n += len(s.Cards)
	}
	if n != len(pool) || p.Unused != len(p.UnusedCards) {
		return fmt.Errorf("the party holds %d cards and says %d unused of %d listed; the pool has %d", n, p.Unused, len(p.UnusedCards), len(pool))
	}
	known := func(context.Context, []scoring.Card, scoring.Options) (scoring.Party, error) { return p, nil }
	res, err := scoring.CheckContext(context.Background(), sets, p.UnusedCards, scoring.Options{Players: players}, known)
	if err != nil {
		return fmt.Errorf("the party is not one of the pool: %w", err)
	}
	if !res.Legal || res.Strength != p.Strength {
		return fmt.Errorf("the party of strength %d is not legal (Check: legal %t, strength %d, problems %+v)", p.Strength, res.Legal, res.Strength, res.Problems)
	}
	for _, c := range append(slices.Clone(p.UnusedCards), claimedCards(sets)...) {
		if !slices.Contains(pool, c) {
			return fmt.Errorf("the party holds %s, which is not in the pool", c)
		}
	}
	return nil
}

// claimedCards lists the cards of claimed sets.
func claimedCards(sets [][]scoring.Claim) []scoring.Card {
	var out []scoring.Card
	for _, set := range sets {
		for _, cl := range set {
			out = append(out, cl.Card)
		}
	}
	return out
}

// The corpus file's format (the scoring tests read it the same way): a
// pool a line as card codes, then a comment with the answer, the cost and
// where the pool comes from; "pinned" in the comment keeps a line for good.
const corpusHeader = `# Pools built to be slow for the solver (issue 9), one a line, solved for 4
# players: card codes as ParseCards reads them, then the answer (strength,
# unused), the solver's cost when the line was last written (the states
# the walk took, or the set search's nodes: see SolveCost) and where the
# pool comes from. "pinned" lines are always kept; the others are the ten
# costliest pools the search found (go run ./scripts/adversarial climb),
# re-ranked by the current solver's cost whenever a search merges its
# finds (its -merge flag).
# Used by BenchmarkSolve/adversarial, BenchmarkSolveAdversarial/lineN (N is
# the line number here) and TestSolveAdversarialPools.
`

var recordedAnswer = regexp.MustCompile(`\bstrength (\d+), unused (\d+)\b`)

// corpusEntry is one pool of the corpus file.
type corpusEntry struct {
	line             int
	pool             []scoring.Card
	note             string // the comment, without the '#'
	pinned           bool
	strength, unused int // the answer the line records, or -1
}

// readCorpus reads the corpus file; lines holding only a comment or
// nothing are skipped.
func readCorpus(path string) ([]corpusEntry, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []corpusEntry
	for i, line := range strings.Split(string(text), "\n") {
		codes, note, _ := strings.Cut(line, "#")
		if strings.TrimSpace(codes) == "" {
			continue
		}
		pool, err := scoring.ParseCards(scoring.SplitCodes(codes))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, i+1, err)
		}
		e := corpusEntry{line: i + 1, pool: pool, note: strings.TrimSpace(note), pinned: strings.Contains(note, "pinned"), strength: -1, unused: -1}
		if m := recordedAnswer.FindStringSubmatch(note); m != nil {
			e.strength, _ = strconv.Atoi(m[1])
			e.unused, _ = strconv.Atoi(m[2])
		}
		out = append(out, e)
	}
	return out, nil
}

// mergeInto rewrites the corpus file with its pinned pools and the ten
// costliest of its other pools and the finds, every cost measured again
// with the current solver. A line whose recorded answer the solver no
// longer gives stops the merge: that is a bug to look at, not a line to
// overwrite.
func mergeInto(path string, finds []find) error {
	corpus, err := readCorpus(path)
	if err != nil {
		return err
	}
	var pinned, found []find
	for _, c := range corpus {
		from := c.note // the line's origin: its comment after the figures
		if _, rest, ok := strings.Cut(from, "; "); ok {
			from = rest
		}
		p := measure(c.pool, from)
		if c.strength >= 0 && (p.party.Strength != c.strength || p.party.Unused != c.unused) {
			return fmt.Errorf("%s:%d: the solver now gives %d/%d, the corpus records %d/%d: not merging",
				path, c.line, p.party.Strength, p.party.Unused, c.strength, c.unused)
		}
		if c.pinned {
			pinned = append(pinned, p)
		} else {
			found = append(found, p)
		}
	}
	found = append(found, finds...)
	slices.SortStableFunc(found, func(a, b find) int { return compareCost(b, a) })
	var b strings.Builder
	b.WriteString(corpusHeader)
	n := 0
	for i, p := range distinct(slices.Concat(pinned, found)) {
		if i >= len(pinned) {
			if n == corpusFound {
				break
			}
			n++
		}
		b.WriteString(corpusLine(p) + "\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return err
	}
	fmt.Printf("merged into %s: %d pinned pools and the %d costliest others\n", path, len(pinned), n)
	return nil
}

// corpusLine writes a find as a line of the corpus file.
func corpusLine(f find) string {
	return fmt.Sprintf("%s  # strength %d, unused %d, cost %d; %s",
		codesOf(f.pool), f.party.Strength, f.party.Unused, f.cost, f.from)
}

// compareCost orders by cost, then by fewer cards (a smaller pool as slow
// is the better find), then by the codes, so ties are settled the same
// way on every run.
func compareCost(a, b find) int {
	if a.cost != b.cost {
		return cmp.Compare(a.cost, b.cost)
	}
	if len(a.pool) != len(b.pool) {
		return len(b.pool) - len(a.pool)
	}
	return strings.Compare(codesOf(b.pool), codesOf(a.pool))
}

// distinct drops every find that an earlier one holds the same cards as
// (the same cards in another order are the same pool).
func distinct(finds []find) []find {
	seen := map[string]bool{}
	var out []find
	for _, f := range finds {
		sorted := slices.Clone(f.pool)
		slices.SortFunc(sorted, scoring.CompareCards)
		if k := codesOf(sorted); !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	return out
}

// codesOf writes a pool as card codes, as ParseCards reads them.
func codesOf(pool []scoring.Card) string {
	codes := make([]string, len(pool))
	for i, c := range pool {
		codes[i] = c.String()
	}
	return strings.Join(codes, " ")
}

func wildCount(pool []scoring.Card) int {
	n := 0
	for _, c := range pool {
		if c.IsWild() {
			n++
		}
	}
	return n
}
