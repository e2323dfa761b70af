package scoring

import "sync/atomic"

// Expensive reports whether solving the pool may take more than a couple
// of milliseconds: whether it falls outside the set search's reach (see
// fitsSetSearch: more than 15 pirates besides its wilds, or more than 3
// wilds, Parrots and flagged Captains). Such pools take milliseconds and,
// when built to be slow, up to about a second of both cores, so a server
// solving pools for strangers caps how many of them it solves at once; the
// others it can simply solve.
func Expensive(pool []Card) bool { return !fitsSetSearch(pool) }

// SolveCost solves the pool as SolveContext does (on one goroutine, to the
// same party) and reports the work it took: the set search's nodes, or the
// states the grid walk's descents expanded. Unlike time, the work hardly
// depends on what else the machine is doing, so it is what a hunt for slow
// pools climbs on (scripts/adversarial) and what the adversarial corpus
// (testdata/adversarial.txt) records as each pool's cost. The two methods
// count different steps, so costs compare best between pools one method
// takes.
func SolveCost(pool []Card, opt Options) (Party, int64) {
	if fitsSetSearch(pool) {
		p, nodes, _ := solveSmall(pool, opt.players(), new(atomic.Bool))
		return p, nodes
	}
	s := newSolver(pool, opt.players())
	p, _ := s.solve()
	return p, s.work.Load()
}
