package scoring

import (
	"context"
	"fmt"
)

// Score validates a game and scores it: every complete round (R1, R2), then,
// once Final holds a collection per player, the achievements (R3.3), the
// totals (R3.4) and the winners (R3.5). The error is Validate's *FieldError.
//
// A round with an entry still missing (nil) is not scored and is left out
// of Result.Rounds, so Result.Rounds[i].Round is not always i+1; its prizes
// count for nobody until every entry is there. R4.3 warnings come back in
// Result.Warnings.
func Score(g Game) (Result, error) { return ScoreWith(g, Solve) }

// Solver finds the best party for a pool. Solve is the one the rules
// define; a caller may hand ScoreWith a wrapper of it (a cache of parties
// already solved) as long as it answers exactly what Solve answers.
type Solver func(pool []Card, opt Options) Party

// ScoreWith is Score with the solver given.
func ScoreWith(g Game, solve Solver) (Result, error) {
	return score(g, func(pool []Card, opt Options) (Party, error) { return solve(pool, opt), nil })
}

// SolverContext finds the best party for a pool as SolveContext does: the
// party Solve answers, or no party and an error saying why it gave up
// (ctx.Err(), or a reason of the caller's own, such as a server that is
// too busy). A caller may hand ScoreContext or CheckContext a wrapper of
// SolveContext (a cache, a cap on solves at once) as long as every party
// it does answer is exactly what Solve answers.
type SolverContext func(ctx context.Context, pool []Card, opt Options) (Party, error)

// ScoreContext is ScoreWith for callers that may stop waiting: each pool
// is solved by solve (nil: SolveContext) under ctx, and the first solve
// that gives up ends the scoring with its error, wrapped with the round
// and seat (errors.Is and errors.As see through). Otherwise it answers
// exactly what Score answers, with Validate's *FieldError for a bad game.
func ScoreContext(ctx context.Context, g Game, solve SolverContext) (Result, error) {
	if solve == nil {
		solve = SolveContext
	}
	return score(g, func(pool []Card, opt Options) (Party, error) { return solve(ctx, pool, opt) })
}

// score is Score over a solver that may fail.
func score(g Game, solve func([]Card, Options) (Party, error)) (Result, error) {
	warnings, err := Validate(g)
	if err != nil {
		return Result{}, err
	}
	n := len(g.Players)
	res := Result{Rounds: []RoundResult{}}
	if len(warnings) > 0 {
		res.Warnings = warnings
	}
	for r, round := range g.Rounds {
		if !g.Complete(r + 1) {
			continue
		}
		parties := make([]Party, n)
		coins := make([]int, n)
		for p, e := range round {
			party, err := solve(e.Pool, Options{Players: n})
			if err != nil {
				return Result{}, fmt.Errorf("scoring: round %d, seat %d: %w", r+1, p, err)
			}
			parties[p] = party
			coins[p] = e.Coins
		}
		res.Rounds = append(res.Rounds, RankRound(r+1, StartPlayerOf(g, r+1), parties, coins))
	}
	if len(g.Final) == n {
		res.Achievements = ScoreAchievements(g)
		res.Totals = FinalTotals(g.Final, res.Rounds, res.Achievements)
		res.Standings, res.Winners, res.WinnerTieBreaks = RankFinal(res.Totals)
	}
	return res, nil
}
