package scoring

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The adversarial corpus: pools built to be slow (issue 9). A hill-climb
// (TestSolveAdversarial) looks for them; the slowest it found, and those
// the issue and the README quote, are kept in a file, one pool a line, so
// that a benchmark (BenchmarkSolve/adversarial, BenchmarkSolveAdversarial)
// times them and a regression test (TestSolveAdversarialPools) checks the
// solver's answers on them. Every corpus pool is solved for 4 players.

// corpusFile holds the corpus: card codes as ParseCards reads them, and a
// comment recording the answer (strength and unused), the solver's cost
// when the line was last written, and where the pool comes from. A line
// whose comment says "pinned" is always kept; the others are the ten
// costliest pools the search found, re-ranked on every merge.
const corpusFile = "testdata/adversarial.txt"

// corpusFound is how many searched pools (not pinned) the corpus keeps.
const corpusFound = 10

// corpusPool is one pool of the corpus file.
type corpusPool struct {
	line   int // in the file, from 1: the name of its benchmark and test
	pool   []Card
	note   string // the comment, without the '#'
	pinned bool
	// the answer and the cost the line records, or -1 when it records none
	strength, unused int
	cost             int64
}

var (
	recordedAnswer = regexp.MustCompile(`\bstrength (\d+), unused (\d+)\b`)
	recordedCost   = regexp.MustCompile(`\bcost (\d+)\b`)
)

// parseCorpus reads the corpus format: a pool a line, then an optional
// comment; lines holding only a comment or nothing are skipped.
func parseCorpus(text string) ([]corpusPool, error) {
	var out []corpusPool
	for i, line := range strings.Split(text, "\n") {
		codes, note, _ := strings.Cut(line, "#")
		if strings.TrimSpace(codes) == "" {
			continue
		}
		pool, err := ParseCards(SplitCodes(codes))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", corpusFile, i+1, err)
		}
		c := corpusPool{line: i + 1, pool: pool, note: strings.TrimSpace(note), strength: -1, unused: -1, cost: -1}
		c.pinned = strings.Contains(note, "pinned")
		if m := recordedAnswer.FindStringSubmatch(note); m != nil {
			c.strength, _ = strconv.Atoi(m[1])
			c.unused, _ = strconv.Atoi(m[2])
		}
		if m := recordedCost.FindStringSubmatch(note); m != nil {
			c.cost, _ = strconv.ParseInt(m[1], 10, 64)
		}
		out = append(out, c)
	}
	return out, nil
}

func readCorpus(tb testing.TB) []corpusPool {
	tb.Helper()
	text, err := os.ReadFile(corpusFile)
	if err != nil {
		tb.Fatal(err)
	}
	corpus, err := parseCorpus(string(text))
	if err != nil {
		tb.Fatal(err)
	}
	if len(corpus) == 0 {
		tb.Fatalf("%s holds no pool", corpusFile)
	}
	return corpus
}

// corpusPools lists the corpus's pools, in file order.
func corpusPools(tb testing.TB) [][]Card {
	tb.Helper()
	var pools [][]Card
	for _, c := range readCorpus(tb) {
		pools = append(pools, c.pool)
	}
	return pools
}

// unprunedLimit is the biggest pool the regression test hands to the walk
// with no pruning: its cost grows with the pool and far faster with the
// wilds (on 2026-11 figures, 14 cards with 4 wilds take about 0.1–0.3 s,
// 20 cards with 5 wilds about 17 s and 2 GB, and 20–25 cards with 7–8
// wilds do not end within 20 s). So a corpus pool bigger than this is
// checked through a part of it, cut down to the limit.
var unprunedLimit = struct{ cards, wilds int }{14, 4}

func unprunedFits(pool []Card) bool {
	return len(pool) <= unprunedLimit.cards && wildCount(pool) <= unprunedLimit.wilds
}

// cutDown keeps a part of the pool that fits the unpruned walk: as many
// of its wilds as the limit allows (they make a pool hard), then other
// cards up to the limit, each drawn with a fixed seed (the corpus's own
// order is by suit, which would keep only two suits' worth).
func cutDown(pool []Card, seed uint64) []Card {
	if unprunedFits(pool) {
		return pool
	}
	order := rand.New(rand.NewPCG(seed, 9)).Perm(len(pool))
	var part []Card
	for _, wild := range []bool{true, false} {
		for _, i := range order {
			c := pool[i]
			if c.IsWild() == wild && len(part) < unprunedLimit.cards && (!wild || wildCount(part) < unprunedLimit.wilds) {
				part = append(part, c)
			}
		}
	}
	return part
}

// The costliest corpus pool (by the cost its line records) that
// TestSolveAdversarialPools solves whole: on 2026-11's solver, a pool of
// cost 2.5M takes about 1 s (0.4 s for 1.2M, and 9 times as long under
// -race), and the ten costliest found cost up to 5M. A corpus merged with a
// faster solver records lower costs, so every run then checks more pools;
// RUTHLESS_ADVERSARIAL_ALL=1 checks them all now.
const (
	wholeMaxCost = 2_500_000
	quickMaxCost = 1_200_000 // under -short or -race
)

// TestSolveAdversarialPools holds the solver to its answers on the
// corpus. Each pool, when its recorded cost is within wholeMaxCost, is
// solved whole: the party must be legal and score what it claims
// (verifyParty) and match the strength and unused count the line records.
// Then, since the walk with no pruning cannot finish on any corpus pool
// (20+ cards with 5+ wilds run past 20 s and 2 GB; see unprunedLimit), a
// part of the pool cut down to fit is solved and held to that walk.
// -short and -race solve whole only the pools within quickMaxCost, and
// skip the unpruned walks.
func TestSolveAdversarialPools(t *testing.T) {
	quick := testing.Short() || raceEnabled
	maxCost := int64(wholeMaxCost)
	if quick {
		maxCost = quickMaxCost
	}
	if os.Getenv("RUTHLESS_ADVERSARIAL_ALL") != "" {
		maxCost = math.MaxInt64
	}
	corpus := readCorpus(t)
	pinned := 0
	for _, c := range corpus {
		if c.pinned {
			pinned++
		}
	}
	if pinned < 3 {
		t.Errorf("%s pins %d pools, want the 3 of issue 9 and the README", corpusFile, pinned)
	}
	for _, c := range corpus {
		t.Run(fmt.Sprintf("line%d", c.line), func(t *testing.T) {
			whole := c.cost <= maxCost // a line with no cost (-1) is solved too
			if quick && !whole {
				t.Skipf("-short or -race: the line records cost %d, more than %d", c.cost, maxCost)
			}
			t.Parallel()
			if whole {
				got := Solve(c.pool, Options{Players: 4})
				verifyParty(t, c.pool, 4, got)
				if c.strength < 0 {
					t.Errorf("line %d records no answer (want a comment with \"strength S, unused U\")", c.line)
				} else if got.Strength != c.strength || got.Unused != c.unused {
					t.Errorf("line %d: Solve = %d/%d (%s), the corpus records %d/%d",
						c.line, got.Strength, got.Unused, describe(got), c.strength, c.unused)
				}
			} else {
				t.Logf("not solved whole: the line records cost %d, more than %d (RUTHLESS_ADVERSARIAL_ALL=1 solves it)", c.cost, maxCost)
			}
			if quick {
				return
			}
			part := cutDown(c.pool, uint64(c.line))
			t.Logf("unpruned walk on %d of the %d cards, %d wilds: %s", len(part), len(c.pool), wildCount(part), codesOf(part))
			slow := unprunedWalk(part, 4)
			got := Solve(part, Options{Players: 4})
			verifyParty(t, part, 4, got)
			if got.Strength != slow.Strength || got.Unused != slow.Unused {
				t.Errorf("pool %v: Solve = %d/%d (%s), unpruned walk = %d/%d (%s)", part,
					got.Strength, got.Unused, describe(got), slow.Strength, slow.Unused, describe(slow))
			}
		})
	}
}

// Bounds of the search: where the climbs start, and how far pools may
// drift from there.
const (
	climbPlayers       = 4
	startMin, startMax = 20, 30 // cards of a starting pool
	startWildsMin      = 5      // wilds of a starting pool: 5–9
	startWildsMax      = 9
	climbMin, climbMax = 16, 34 // cards of any pool the climb tries
	climbStall         = 30     // tries without a costlier pool before a climb restarts
	adversarialRepeat  = 3      // solves per reported pool: see measure
)

// slowFind is a pool the search found and what solving it costs.
type slowFind struct {
	pool  []Card
	cost  int64
	party Party
	from  string // where it was found, or where the corpus line came from
	took  time.Duration
}

// TestSolveAdversarial hunts for slow pools by hill-climbing on the
// solver's work (solveCost: nearly deterministic, unlike time; see
// measure). It is a tool, skipped unless RUTHLESS_ADVERSARIAL gives a time
// budget for the climbs (e.g. 90s; the report then solves each of the ten
// pools it shows 3 more times); RUTHLESS_SEED picks the seed (default 1);
// RUTHLESS_ADVERSARIAL_MERGE=1 merges its finds into the corpus file
// (measuring every corpus pool again, 3 solves each). It fails only when a
// pool it made does not read back from its codes or a party it found is
// not legal. Two climbers share the budget on two goroutines, each
// with its own seed. A climb starts from a random pool and tries one
// change at a time (swap a card for one not in the pool, flip a Captain's
// flag, add a card, drop one), keeping a change when the solve costs
// more; after climbStall tries in a row without gain, it restarts from a
// fresh pool. The peak of each climb is a find; the costliest are printed,
// ready to paste into the corpus.
func TestSolveAdversarial(t *testing.T) {
	env := os.Getenv("RUTHLESS_ADVERSARIAL")
	if env == "" {
		t.Skip("set RUTHLESS_ADVERSARIAL=90s (a time budget) to hunt for slow pools")
	}
	budget, err := time.ParseDuration(env)
	if err != nil || budget <= 0 {
		t.Fatalf("RUTHLESS_ADVERSARIAL=%q: want a duration such as 90s", env)
	}
	seed := uint64(1)
	if v := os.Getenv("RUTHLESS_SEED"); v != "" {
		if seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			t.Fatalf("RUTHLESS_SEED=%q: %v", v, err)
		}
	}
	deadline := time.Now().Add(budget)
	climbers := min(2, runtime.GOMAXPROCS(0))
	finds := make([][]slowFind, climbers)
	var wg sync.WaitGroup
	for c := range climbers {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(seed, uint64(c)))
			finds[c] = climbForSlowness(t, rng, fmt.Sprintf("seed %d, climber %d", seed, c), deadline)
		})
	}
	wg.Wait()
	all := slices.Concat(finds...)
	t.Logf("%d climbs in %v (seed %d)", len(all), budget, seed)
	slices.SortStableFunc(all, func(a, b slowFind) int { return compareCost(b, a) })
	all = distinctPools(all)
	top := all[:min(corpusFound, len(all))]
	for i := range top {
		top[i] = measure(top[i].pool, top[i].from)
	}
	slices.SortStableFunc(top, func(a, b slowFind) int { return compareCost(b, a) })
	t.Logf("the slowest pools found (cost: the states the walk expanded, or the set search's nodes, the least of %d solves; time: their median):", adversarialRepeat)
	for i, f := range top {
		verifyParty(t, f.pool, climbPlayers, f.party)
		t.Logf("%2d. cost %d, %v, strength %d, unused %d, %d cards with %d wilds: %s",
			i+1, f.cost, f.took.Round(time.Millisecond), f.party.Strength, f.party.Unused, len(f.pool), wildCount(f.pool), codesOf(f.pool))
	}
	var lines strings.Builder
	for _, f := range top {
		lines.WriteString(corpusLine(f) + "\n")
	}
	t.Logf("corpus lines for %s:\n%s", corpusFile, lines.String())
	if os.Getenv("RUTHLESS_ADVERSARIAL_MERGE") != "" {
		mergeIntoCorpus(t, top)
	}
}

// climbForSlowness runs climbs until the deadline and returns each
// climb's peak.
func climbForSlowness(t *testing.T, rng *rand.Rand, who string, deadline time.Time) []slowFind {
	var peaks []slowFind
	for n := 1; time.Now().Before(deadline); n++ {
		size := startMin + rng.IntN(startMax-startMin+1)
		wilds := startWildsMin + rng.IntN(startWildsMax-startWildsMin+1)
		pool := withWildsUpTo(rng, randomPool(rng, size, climbPlayers, 0, 0), wilds)
		party, cost := solveCost(pool, climbPlayers)
		steps, stall := 0, 0
		for stall < climbStall && time.Now().Before(deadline) {
			next := changeOneCard(rng, pool)
			if back, err := ParseCards(SplitCodes(codesOf(next))); err != nil || !slices.Equal(back, next) {
				t.Errorf("the climb made a pool that does not read back from its codes %q: %v", codesOf(next), err)
				return peaks
			}
			p, c := solveCost(next, climbPlayers)
			if c > cost {
				// Look again before keeping it: see measure.
				_, again := solveCost(next, climbPlayers)
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
		slices.SortFunc(pool, func(a, b Card) int { return a.index() - b.index() })
		from := fmt.Sprintf("%s, climb %d", who, n)
		peaks = append(peaks, slowFind{pool: pool, cost: cost, party: party, from: from})
		t.Logf("%s: cost %d after %d gains, %d cards with %d wilds", from, cost, steps, len(pool), wildCount(pool))
	}
	return peaks
}

// changeOneCard returns a copy of the pool with one change: a card swapped
// for one not in the pool, a Captain's flag flipped, a card added or one
// dropped (within climbMin–climbMax cards). A Captain that comes in is
// flagged half the time.
func changeOneCard(rng *rand.Rand, pool []Card) []Card {
	in := map[Card]bool{}
	for _, c := range pool {
		in[c.Cell()] = true
	}
	var outside []Card
	for _, c := range Deck(climbPlayers) {
		if !in[c] {
			c.Flagged = c.Rank == Cpt && rng.IntN(2) == 0
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
				if c.Rank == Cpt {
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

// compareCost orders by cost, then by fewer cards (a smaller pool as slow
// is the better find), then by the codes, so ties are settled the same
// way on every run.
func compareCost(a, b slowFind) int {
	if a.cost != b.cost {
		return cmp.Compare(a.cost, b.cost)
	}
	if len(a.pool) != len(b.pool) {
		return len(b.pool) - len(a.pool)
	}
	return strings.Compare(codesOf(b.pool), codesOf(a.pool))
}

// distinctPools drops every pool that an earlier one holds the same cards
// as (the same cards in another order are the same pool).
func distinctPools(pools []slowFind) []slowFind {
	seen := map[string]bool{}
	var out []slowFind
	for _, p := range pools {
		if k := poolKey(p.pool); !seen[k] {
			seen[k] = true
			out = append(out, p)
		}
	}
	return out
}

func poolKey(pool []Card) string {
	sorted := slices.Clone(pool)
	slices.SortFunc(sorted, func(a, b Card) int { return a.index() - b.index() })
	return codesOf(sorted)
}

func codesOf(pool []Card) string {
	codes := make([]string, len(pool))
	for i, c := range pool {
		codes[i] = c.String()
	}
	return strings.Join(codes, " ")
}

// measure solves the pool a few times, one solve at a time, as Solve does
// (solveCost), and keeps the least cost and the median time. The least:
// the walk counts the states of its lower pass only when that pass ends
// before the higher one stops it, which on a busy machine it now and then
// does, so a solve's cost is now and then higher than its usual.
func measure(pool []Card, from string) slowFind {
	f := slowFind{pool: pool, cost: -1, from: from}
	times := make([]time.Duration, adversarialRepeat)
	for i := range times {
		start := time.Now()
		party, cost := solveCost(pool, climbPlayers)
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

// corpusLine writes a pool as a line of the corpus file.
func corpusLine(p slowFind) string {
	return fmt.Sprintf("%s  # strength %d, unused %d, cost %d; %s",
		codesOf(p.pool), p.party.Strength, p.party.Unused, p.cost, p.from)
}

const corpusHeader = `# Pools built to be slow for the solver (issue 9), one a line, solved for 4
# players: card codes as ParseCards reads them, then the answer (strength,
# unused), the solver's cost when the line was last written (the states
# the walk took, or the set search's nodes: see solveCost) and where the pool
# comes from. "pinned" lines are always kept; the others are the ten
# costliest pools the search found (TestSolveAdversarial in
# adversarial_test.go), re-ranked by the current solver's cost whenever a
# search merges its finds (RUTHLESS_ADVERSARIAL_MERGE=1).
# Used by BenchmarkSolve/adversarial, BenchmarkSolveAdversarial/lineN (N is
# the line number here) and TestSolveAdversarialPools.
`

// mergeIntoCorpus rewrites the corpus file with its pinned pools and the
// ten costliest of its other pools and the finds, every cost measured
// again with the current solver. A line whose recorded answer the solver
// no longer gives stops the merge: that is a bug to look at, not a line
// to overwrite.
func mergeIntoCorpus(t *testing.T, finds []slowFind) {
	t.Helper()
	var pinned, found []slowFind
	for _, c := range readCorpus(t) {
		// the line's origin: its comment after the figures
		from := c.note
		if _, rest, ok := strings.Cut(from, "; "); ok {
			from = rest
		}
		p := measure(c.pool, from)
		if c.strength >= 0 && (p.party.Strength != c.strength || p.party.Unused != c.unused) {
			t.Fatalf("line %d: the solver now gives %d/%d, the corpus records %d/%d: not merging",
				c.line, p.party.Strength, p.party.Unused, c.strength, c.unused)
		}
		if c.pinned {
			pinned = append(pinned, p)
		} else {
			found = append(found, p)
		}
	}
	found = append(found, finds...)
	slices.SortStableFunc(found, func(a, b slowFind) int { return compareCost(b, a) })
	var b strings.Builder
	b.WriteString(corpusHeader)
	kept := distinctPools(slices.Concat(pinned, found))
	n := 0
	for i, p := range kept {
		if i >= len(pinned) {
			if n == corpusFound {
				break
			}
			n++
		}
		b.WriteString(corpusLine(p) + "\n")
	}
	if err := os.WriteFile(corpusFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("merged into %s: %d pinned pools and the %d costliest others", corpusFile, len(pinned), n)
}

// TestAdversarialCorpusFormat checks the corpus reader on a made-up file.
func TestAdversarialCorpusFormat(t *testing.T) {
	text := "# a comment\n\nH1 H2 HC*  # strength 12, unused 0, cost 5; pinned: here\n  XP S3 # found\nA1 A1\n"
	_, err := parseCorpus(text)
	if err == nil || !strings.Contains(err.Error(), ":5:") {
		t.Fatalf("parseCorpus with a card given twice on line 5: err = %v, want one naming line 5", err)
	}
	got, err := parseCorpus(strings.TrimSuffix(text, "A1 A1\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []corpusPool{
		{line: 3, pool: poolOf(t, "H1 H2 HC*"), note: "strength 12, unused 0, cost 5; pinned: here", pinned: true, strength: 12, unused: 0, cost: 5},
		{line: 4, pool: poolOf(t, "XP S3"), note: "found", strength: -1, unused: -1, cost: -1},
	}
	if len(got) != len(want) {
		t.Fatalf("parseCorpus gave %d pools, want %d", len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.line != w.line || !slices.Equal(g.pool, w.pool) || g.note != w.note || g.pinned != w.pinned ||
			g.strength != w.strength || g.unused != w.unused || g.cost != w.cost {
			t.Errorf("pool %d: got %+v, want %+v", i, g, w)
		}
	}
}

// TestCorpusSolveBothWays: on every pool of the adversarial corpus (all
// of them hard enough for the walk to tune the priced bound), Solve and
// SolveContext show the same legal party, of the strength and unused count
// the corpus records.
func TestCorpusSolveBothWays(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("the corpus takes seconds, minutes under the race detector")
	}
	for _, c := range readCorpus(t) {
		t.Run(fmt.Sprintf("line%d", c.line), func(t *testing.T) {
			t.Parallel()
			solveBothWays(t, c.pool, c.strength, c.unused, "")
		})
	}
}

// solveBothWays solves pool with Solve and SolveContext and fails t (each
// message starting with label) unless both give the same legal party of
// the given strength and unused count. It returns Solve's party.
func solveBothWays(t *testing.T, pool []Card, strength, unused int, label string) Party {
	t.Helper()
	return solveBothWaysWith(t, Solve, SolveContext, pool, strength, unused, label)
}

// solveBothWaysWith is solveBothWays with a Solve and a SolveContext of the
// test's own (see scheduled).
func solveBothWaysWith(t *testing.T, solve Solver, solveContext SolverContext, pool []Card, strength, unused int, label string) Party {
	t.Helper()
	got := solve(pool, Options{Players: 4})
	verifyParty(t, pool, 4, got)
	if got.Strength != strength || got.Unused != unused {
		t.Errorf("%sSolve = %d/%d (%s), want %d/%d", label, got.Strength, got.Unused, describe(got), strength, unused)
	}
	gotCtx, err := solveContext(context.Background(), pool, Options{Players: 4})
	if err != nil || describe(gotCtx) != describe(got) {
		t.Errorf("%sSolveContext = %s, %v; Solve = %s", label, describe(gotCtx), err, describe(got))
	}
	return got
}
