package scoring

// Pools within these bounds are cheap to solve: up to 15 pirates besides
// at most 3 wilds take the set search well under a couple of milliseconds
// at worst (BenchmarkSolve/fifteen, docs/measurements.md), and nearly
// every pool a player has at the table is one of them.
const (
	cheapMaxWilds = 3
	cheapMaxFixed = 15
)

// Expensive reports whether solving the pool may take more than a couple
// of milliseconds: a pool of more than 15 pirates besides its wilds, or of
// more than 3 wilds (Parrots and flagged Captains). Such pools take
// milliseconds and, when built to be slow, up to about a second of both
// cores, so a server solving pools for strangers caps how many of them it
// solves at once; the others it can simply solve.
func Expensive(pool []Card) bool {
	wilds := 0
	for _, c := range pool {
		if c.IsWild() {
			wilds++
		}
	}
	return wilds > cheapMaxWilds || len(pool)-wilds > cheapMaxFixed
}
