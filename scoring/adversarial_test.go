package scoring

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The adversarial corpus: pools built to be slow (issue 9). A hill-climb
// (go run ./scripts/adversarial climb) looks for them; the slowest it
// found, and those the issue and docs/solver.md quote, are kept in a file, one
// pool a line, so that a benchmark (BenchmarkSolve/adversarial,
// BenchmarkSolveAdversarial) times them and a regression test
// (TestSolveAdversarialPools) checks the solver's answers on them. Every
// corpus pool is solved for 4 players.

// corpusFile holds the corpus: card codes as ParseCards reads them, and a
// comment recording the answer (strength and unused), the solver's cost
// (SolveCost) when the line was last written, and where the pool comes
// from. A line whose comment says "pinned" is always kept; the others are
// the ten costliest pools the search found, re-ranked on every merge.
const corpusFile = "testdata/adversarial.txt"

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
	quickMaxCost = 1_200_000 // in a sample run: see referenceRun
)

// TestSolveAdversarialPools holds the solver to its answers on the
// corpus. Each pool, when its recorded cost is within wholeMaxCost, is
// solved whole: the party must be legal and score what it claims
// (verifyParty) and match the strength and unused count the line records.
// Then, since the walk with no pruning cannot finish on any corpus pool
// (20+ cards with 5+ wilds run past 20 s and 2 GB; see unprunedLimit), a
// part of the pool cut down to fit is solved and held to that walk.
// A sample run (any run but the reference run, see referenceRun) solves
// whole only the pools within quickMaxCost, and skips the unpruned walks.
func TestSolveAdversarialPools(t *testing.T) {
	quick := !referenceRun(t)
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
				t.Skipf("a sample run: the line records cost %d, more than %d", c.cost, maxCost)
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

// codesOf writes a pool as card codes, as ParseCards reads them.
func codesOf(pool []Card) string {
	codes := make([]string, len(pool))
	for i, c := range pool {
		codes[i] = c.String()
	}
	return strings.Join(codes, " ")
}

// TestAdversarialCorpusFormat checks the corpus reader on a made-up file.
func TestAdversarialCorpusFormat(t *testing.T) {
	t.Parallel()
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
	if !referenceRun(t) {
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
