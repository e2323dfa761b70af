// Package scoring holds the rules of Ruthless: Legends of the Black Flag as
// pure functions: card codes, the raiding-party solver, prize tokens, the
// Legendary Achievements and the final score. It imports only the standard
// library and does no I/O, so every other layer can trust and test it alone.
//
// # The solver: a map
//
// Solve finds a best raiding party exactly (R1.7). Two exact methods share
// the work, because the pools players really have and the pools that are
// hard are different pools. One rule routes them (fitsSetSearch, solve.go):
//
//   - a pool of at most 15 pirates besides at most 3 wilds
//     (setSearchMaxPirates, setSearchMaxWilds) goes to the set search:
//     nearly every pool at the table. It has no fixed price, so it is done
//     in microseconds there, but its cost grows steeply with the cards and
//     the wilds;
//   - every bigger or wilder pool goes to the grid walk, which pays a fixed
//     price per pool (its bound tables, its 45 cells) but whose cost grows
//     slowly with the pool.
//
// Expensive (cost.go) is the same rule seen from a server: the pools that
// may take milliseconds. "Why not more?" needs the set search, so it reads
// the rule too (ErrTooBigToExplain).
//
// The set search builds sets card by card, lowest card first, and cuts a
// branch that cannot beat the best party found:
//
//	setsearch.go   the search, its memory of searched states, its tie order
//	setbound.go    the bound that cuts: each card at its richest set's share
//	setshapes.go   the sets a card is tried in
//	setwilds.go    where wilds stand: pinned cells, lines settled at the end
//
// The grid walk sees a party as cells of the suit × rank grid and walks
// them as dynamic programming over a small state, keeping only the states
// whose bound reaches a level (a strength); the descent lowers the level
// until it finds a party there:
//
//	walk.go        the model: cells, roles, the state, the moves; tie order
//	frontier.go    the states kept after a step, and their index
//	descent.go     the exact search, level by level, walking at each level
//	               only what it adds to the levels above
//	helpergoroutine.go the second goroutine Solve shares big steps with
//	walkparty.go   the roles turned back into a party
//	solve.go       the schedule: a probe, a dive, the bounds, the descent
//
// The walk's bounds, cheapest first. What a hard pool costs is how far
// above the best party the bound from each state lies (each level down
// keeps about twice the states of the one above), so the sharper bounds
// pay on hard pools, and only there:
//
//	bounds.go      the column bound (each column's cards at their richest)
//	               and the roles a cell could ever take; the walk first
//	               tries one capped search at this bound alone, which finds
//	               the party where it is tight (a whole deck)
//	relaxed.go     the relaxed walks: two tables solved backwards once per
//	               pool, exact for groups and one row shape each
//	priced.go      the priced bound: the party cut into three families
//	               (rows, groups, crosses), each exact alone, with prices on
//	               the cells and wilds they share; pricedcross.go holds the
//	               crosses, pricedtune.go the subgradient steps that tune
//	               the prices
//
// The relaxed walks lose sight of some shapes (a lone card of a row is paid
// as if its flush were complete), and on pools built to be slow they start
// 5–10 points too high; there the priced bound keeps 5 to 30 times fewer
// states. Tuning it costs about 5 ms, so the walk tunes it as soon as the
// probe fails on pools of more than 15 cards, wilds included, and on
// smaller ones only once the descent has walked a few thousand states with
// no party found (schedule, solve.go).
//
// SolveContext is Solve for callers that may stop waiting (the web server),
// on one goroutine: both methods look at a flag between small steps and
// give up with ctx.Err().
//
// Around the solver: why.go answers "why not more?" with forced.go (the
// best party that must use a card), advise.go weighs recruits, check.go
// judges a claimed party with claimsearch.go (the identities of its wilds).
//
// The tests hold both methods to a brute-force reference
// (reference_test.go), to each other and to the unpruned walk
// (solve_test.go), and to the pools built to be slow in
// testdata/adversarial.txt (adversarial_test.go). Those come from a hunt
// that climbs on a solve's work (SolveCost, cost.go): scripts/adversarial.
package scoring
