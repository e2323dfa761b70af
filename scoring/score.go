package scoring

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
		if !complete(round) {
			continue
		}
		parties := make([]Party, n)
		coins := make([]int, n)
		for p, e := range round {
			parties[p] = solve(e.Pool, Options{Players: n})
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

// complete reports whether every player has entered the round.
func complete(round []*Entry) bool {
	for _, e := range round {
		if e == nil {
			return false
		}
	}
	return true
}
