package scoring

import "slices"

// Places: the one home of "who is where" in the standings. Every page,
// export and image that shows a place takes it from here, so that the
// scoreboard, the final scores, the result card and the CSV cannot
// disagree about a tie.

// FinalPlaces is each seat's place at the end of the game (R3.5), by seat,
// from what RankFinal decided: the winners take place 1; after them the
// standings run in order (NP, then coins, achievement NP and Qtr + Cpt
// owned), players level on every one of those steps share a place, and
// the player after them takes the place after all of them (competition
// ranking: 1, 2, 2, 4). It is nil for a game not over (no totals).
func (r Result) FinalPlaces() []int {
	if len(r.Totals) == 0 || len(r.Standings) != len(r.Totals) {
		return nil
	}
	places := make([]int, len(r.Totals))
	for i, p := range r.Standings {
		places[p] = i + 1
		if slices.Contains(r.Winners, p) {
			places[p] = 1
			continue
		}
		if i == 0 {
			continue
		}
		// A player level on every step with the one before shares their
		// place, unless that one won: a winner is never level with a
		// player who did not win.
		prev := r.Standings[i-1]
		if c, _ := compareFinal(r.Totals[prev], r.Totals[p]); c == 0 && !slices.Contains(r.Winners, prev) {
			places[p] = places[prev]
		}
	}
	return places
}

// FinishingPlace is seat's place at the end of the game, as FinalPlaces
// gives it; 0 for a seat not in the standings, as in a game not over.
func (r Result) FinishingPlace(seat int) int {
	places := r.FinalPlaces()
	if seat < 0 || seat >= len(places) {
		return 0
	}
	return places[seat]
}

// PrizesSoFar is each seat's prize-token NP over the scored rounds, by
// seat: the NP a game in progress stands on (R2, R3.4's first term).
func PrizesSoFar(rounds []RoundResult, players int) []int {
	sum := make([]int, players)
	for _, r := range rounds {
		for _, pr := range r.Results {
			if pr.Player >= 0 && pr.Player < players {
				sum[pr.Player] += pr.Prize
			}
		}
	}
	return sum
}

// PrizesAfter is PrizesSoFar over the scored rounds up to round
// (1-based): the running total a scoreboard shows after that round.
func PrizesAfter(rounds []RoundResult, players, round int) []int {
	var upTo []RoundResult
	for _, r := range rounds {
		if r.Round <= round {
			upTo = append(upTo, r)
		}
	}
	return PrizesSoFar(upTo, players)
}

// RunningPlaces is each seat's place in a game still in progress, by
// seat, from the NP each holds so far: more NP is ahead, and equal NP
// share a place (competition ranking, as FinalPlaces), since R3.5's
// tie-breaks are only applied at the end of the game.
func RunningPlaces(np []int) []int {
	places := make([]int, len(np))
	for p := range np {
		places[p] = 1
		for q := range np {
			if np[q] > np[p] {
				places[p]++
			}
		}
	}
	return places
}
