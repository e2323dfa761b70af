package scoring

import "slices"

// The tie-break steps of R3.5, as written in TieBreak.DecidedBy. Coins use
// ByCoins, shared by R2.5.
const (
	ByAchievements = "achievements"
	ByCrew         = "crew"
	Shared         = "shared"
)

// ParleyNP is what an unused Parley token is worth at the end (R3.4).
const ParleyNP = 1

// FinalTotals adds up every player's Notoriety Points (R3.4): the prize
// tokens of the scored rounds, the achievement NP, 1 per Quartermaster and
// 2 per Captain owned (buried or not), and 1 for an unused Parley token.
// Coins add nothing but are reported for the tie-break of R3.5.
func FinalTotals(final []FinalEntry, rounds []RoundResult, achievements []AchievementResult) []Total {
	totals := make([]Total, len(final))
	for p, f := range final {
		t := Total{Player: p, Coins: f.Coins}
		for _, r := range rounds {
			if p < len(r.Results) {
				t.Prizes += r.Results[p].Prize
			}
		}
		for _, a := range achievements {
			if p < len(a.NP) {
				t.Achievements += a.NP[p]
			}
		}
		for _, c := range owned(f) {
			switch c.Rank {
			case Qtr:
				t.Crew++
				t.Officers++
			case Cpt:
				t.Crew += 2
				t.Officers++
			}
		}
		if !f.ParleyUsed {
			t.Parley = ParleyNP
		}
		t.NP = t.Prizes + t.Achievements + t.Crew + t.Parley
		totals[p] = t
	}
	return totals
}

// RankFinal orders the players for the victory (R3.5): most NP, then more
// coins, more achievement NP, more Qtr + Cpt owned. Standings hold every
// seat, best first, players still level in seat order; winners are all who
// are level with the first on every step. A TieBreak is recorded for each
// pair adjacent in the standings with equal NP, naming the step that
// separated them, or "shared".
func RankFinal(totals []Total) (standings, winners []int, tieBreaks []TieBreak) {
	standings = make([]int, len(totals))
	for i := range standings {
		standings[i] = i
	}
	slices.SortStableFunc(standings, func(a, b int) int {
		c, _ := compareFinal(totals[a], totals[b])
		return c
	})
	tieBreaks = []TieBreak{}
	winners = []int{}
	for i, p := range standings {
		if i == 0 {
			winners = append(winners, p)
			continue
		}
		prev := standings[i-1]
		if totals[prev].NP != totals[p].NP {
			continue
		}
		_, by := compareFinal(totals[prev], totals[p])
		tieBreaks = append(tieBreaks, TieBreak{Players: []int{prev, p}, DecidedBy: by, Rule: "R3.5"})
		if by == Shared && len(winners) == i {
			winners = append(winners, p)
		}
	}
	return standings, winners, tieBreaks
}

// compareFinal orders two totals by R3.5, the better first (negative), and
// names the step that separated them: "np", a tie-break step, or "shared".
func compareFinal(a, b Total) (int, string) {
	switch {
	case a.NP != b.NP:
		return b.NP - a.NP, "np"
	case a.Coins != b.Coins:
		return b.Coins - a.Coins, ByCoins
	case a.Achievements != b.Achievements:
		return b.Achievements - a.Achievements, ByAchievements
	case a.Officers != b.Officers:
		return b.Officers - a.Officers, ByCrew
	}
	return 0, Shared
}
