// Package scoring holds the rules of Ruthless: Legends of the Black Flag as
// pure functions: card codes, the raiding-party solver, prize tokens, the
// Legendary Achievements and the final score. It imports only the standard
// library and does no I/O, so every other layer can trust and test it alone.
//
// # The solver, in one story
//
// Solve finds a best raiding party exactly (R1.7). Two exact methods share
// the work, because the pools players really have and the pools that are
// hard are different pools:
//
//   - The set search (setsearch.go) takes pools of at most 15 pirates besides
//     at most 3 wilds: nearly every pool at the table. It builds sets card
//     by card with a per-card bound and is done in microseconds there, but
//     its cost grows steeply with the cards and wilds.
//   - The grid walk (solve.go) takes every bigger or wilder pool. It sees a
//     party as cells of the suit × rank grid and walks them as dynamic
//     programming over a small state, keeping only states whose bound
//     reaches a level (a strength); the descent (descent.go) lowers the
//     level until it finds a party there. Its cost grows slowly with the
//     pool, but it pays a fixed price per pool.
//
// The walk's bounds, cheapest first: the column bound (each column's cards
// at their richest, solve.go) and the relaxed walks (relaxed.go), two
// tables solved backwards once per pool that keep groups and one row shape
// exact. Building the tables costs milliseconds on wild pools, so the walk
// first tries one capped search at the column bound alone: where that
// bound is tight (a whole deck) it finds the party without them.
//
// Each level down keeps about twice the states of the one above, so what
// a hard pool costs is how far above the best party the bound from each
// state lies. The descent keeps the states of every level it has walked
// and walks only what a lower level adds, so a pool costs about what its
// last level costs, not the sum of all of them. The relaxed walks lose
// sight of some shapes (a lone card of a row is paid as if its flush were
// complete, or as part of a full ship), and on pools built to be slow
// they start 5–10 points too high. So the walk tunes a third bound
// (priced.go): the party cut into three families (rows, groups,
// crosses) each solved exactly on its own, with prices on the cells and
// wilds they share, found by sixty subgradient steps. It costs about 5 ms
// to tune and keeps 5 to 30 times fewer states. On pools of more than 15
// pirates it is tuned as soon as the probe fails (beside the relaxed
// tables, on a second goroutine when there is one); on smaller ones only
// once the descent has walked a few thousand states with no party found,
// and the descent then starts again under it. (A beam that guessed the best strength, a mirror that
// walked hard pools from the Captain down, two bars tried at once on two
// goroutines, and one pass a level were tried and replaced: the beam
// guessed low on pools found against it, the mirror saves nothing once the
// priced bound is in, sharing each big step between two goroutines beats
// two bars at once, and the descent walks a quarter to a third fewer
// states than one pass a level on the hardest pools.)
//
// SolveContext is Solve for callers that may stop waiting (the web server):
// both methods look at a flag between small steps and give up with
// ctx.Err().
//
// Both methods are held to a brute-force reference, to each other, and to
// the unpruned walk by the tests; solve_test.go says how.
package scoring
