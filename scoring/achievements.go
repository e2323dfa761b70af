package scoring

import (
	"slices"
)

// The ids of the six Legendary Achievements (R3.2), as written in the game
// file.
const (
	Richest        = "richest"
	Merciless      = "merciless"
	BuriedTreasure = "buried_treasure"
	Mutineer       = "mutineer"
	Recruiter      = "recruiter"
	Shipshape      = "shipshape"
	Commander      = "commander"
)

// AchievementInfo describes one Legendary Achievement for pages and the
// command line.
type AchievementInfo struct {
	ID      string
	Name    string
	Summary string
}

// achievementInfos is the table of R3.2, in its order.
var achievementInfos = []AchievementInfo{
	{Richest, "Richest", "Highest black-banner total of loot kept (everything not buried)."},
	{Merciless, "Merciless", "Most crew buried: pirates plus powder monkeys."},
	{BuriedTreasure, "Buried Treasure", "Highest black-banner total of loot buried."},
	{Mutineer, "Mutineer", "Most Quartermasters and Captains buried."},
	{Recruiter, "Recruiter", "Most pirates owned at the end, buried or not."},
	{Shipshape, "Shipshape", "Own a pirate of every rank from 1 to Captain (Parrots don't count); 4 NP to each who does."},
	{Commander, "Commander", "Longest straight flush among all pirates owned; a Parrot may fill one gap in its own suit."},
}

// AchievementList returns the six Legendary Achievements in the order of
// R3.2.
func AchievementList() []AchievementInfo {
	return slices.Clone(achievementInfos)
}

// AchievementByID looks up an achievement by its id; ok is false for an id
// not in R3.2.
func AchievementByID(id string) (info AchievementInfo, ok bool) {
	for _, a := range achievementInfos {
		if a.ID == id {
			return a, true
		}
	}
	return AchievementInfo{}, false
}

// DefaultAchievements is the setup default of R3.2: Richest and Merciless.
func DefaultAchievements() []string { return []string{Richest, Merciless} }

// AchievementCount is one player's count for an achievement (R3.2): a
// number, or 1/0 for Shipshape. An unknown id counts 0.
func AchievementCount(id string, f FinalEntry) int {
	switch id {
	case Richest:
		return f.LootBannerKept
	case Merciless:
		return len(f.BuriedPirates) + f.BuriedPowderMonkeys
	case BuriedTreasure:
		return f.LootBannerBuried
	case Mutineer:
		return officers(f.BuriedPirates)
	case Recruiter:
		return len(f.Pirates) + len(f.BuriedPirates)
	case Shipshape:
		return shipshape(owned(f))
	case Commander:
		return commander(owned(f))
	}
	return 0
}

// owned is every pirate a player owns at the end, buried or not (R3.1).
func owned(f FinalEntry) []Card {
	return append(slices.Clone(f.Pirates), f.BuriedPirates...)
}

// officers counts Quartermasters and Captains; a Parrot never counts
// whatever rank it stood for (R1.4).
func officers(cards []Card) int {
	n := 0
	for _, c := range cards {
		if c.Rank == Qtr || c.Rank == Cpt {
			n++
		}
	}
	return n
}

// shipshape is 1 when the cards cover every rank 1…Cpt. Parrots do not fill
// a missing rank (R3.2 ruling).
func shipshape(cards []Card) int {
	var has [NumRanks + 1]bool
	for _, c := range cards {
		if c.Rank != Parrot {
			has[c.Rank] = true
		}
	}
	for r := 1; r <= NumRanks; r++ {
		if !has[r] {
			return 0
		}
	}
	return 1
}

// commander is the length of the longest straight flush (3+ cards) the
// cards can form, else 0. Per the R3.2 ruling a suit's Parrot may stand for
// one missing rank of its own suit, and a Captain is never wild here, so
// the * mark is ignored.
func commander(cards []Card) int {
	var has [NumSuits][NumRanks + 1]bool
	var parrot [NumSuits]bool
	for _, c := range cards {
		if c.Rank == Parrot {
			parrot[c.Suit] = true
		} else {
			has[c.Suit][c.Rank] = true
		}
	}
	best := 0
	for s := range NumSuits {
		// Every window of ranks lo…hi is a straight flush when at most one
		// rank is missing and the suit's Parrot can take it.
		for lo := 1; lo <= NumRanks; lo++ {
			missing := 0
			for hi := lo; hi <= NumRanks; hi++ {
				if !has[s][hi] {
					missing++
				}
				allowed := 0
				if parrot[s] {
					allowed = 1
				}
				if missing > allowed {
					break
				}
				best = max(best, hi-lo+1)
			}
		}
	}
	if best < 3 {
		return 0
	}
	return best
}

// The NP of an achievement's places (R3.3): first (and every Shipshape),
// then second.
const (
	FirstPlaceNP  = 4
	SecondPlaceNP = 2
)

// HasSecondPlace reports whether a game of this many players awards an
// achievement's second place (R3.3: with 3 or 4 players, not 2).
func HasSecondPlace(players int) bool { return players >= 3 }

// Place is the place seat p took in the achievement: 1, 2, or 0 for none
// (R3.3).
func (a AchievementResult) Place(p int) int {
	if p < 0 || p >= len(a.NP) {
		return 0
	}
	switch a.NP[p] {
	case FirstPlaceNP:
		return 1
	case SecondPlaceNP:
		return 2
	}
	return 0
}

// AwardAchievement turns one achievement's counts (in seat order) into NP
// per R3.3: 4 to first place, 2 to a lone first's runners-up with 3 or 4
// players, and for Shipshape 4 to everyone who has it. A count of 0 never
// places unless zeroCounts (the R3.3 table option). The result's Why is
// left for views to word.
func AwardAchievement(id string, counts []int, zeroCounts bool) AchievementResult {
	info, _ := AchievementByID(id)
	res := AchievementResult{
		ID:     id,
		Name:   info.Name,
		Counts: slices.Clone(counts),
		NP:     make([]int, len(counts)),
		Rule:   "R3.3",
	}
	if res.Counts == nil {
		res.Counts = []int{}
	}

	if id == Shipshape {
		for p, c := range counts {
			if c > 0 {
				res.NP[p] = FirstPlaceNP
			}
		}
		return res
	}

	places := func(c int) bool { return c > 0 || zeroCounts }
	top, found := 0, false
	for _, c := range counts {
		if places(c) && (!found || c > top) {
			top, found = c, true
		}
	}
	if !found {
		return res
	}
	firsts := 0
	for p, c := range counts {
		if places(c) && c == top {
			res.NP[p] = FirstPlaceNP
			firsts++
		}
	}
	if firsts > 1 || !HasSecondPlace(len(counts)) {
		return res
	}
	second, ok := 0, false
	for _, c := range counts {
		if places(c) && c < top && (!ok || c > second) {
			second, ok = c, true
		}
	}
	if !ok {
		return res
	}
	for p, c := range counts {
		if places(c) && c == second {
			res.NP[p] = SecondPlaceNP
		}
	}
	return res
}

// ScoreAchievements awards every achievement in play from the game's final
// collections (R3.2, R3.3). The game must be valid and have Final.
func ScoreAchievements(g Game) []AchievementResult {
	results := make([]AchievementResult, 0, len(g.Achievements))
	for _, id := range g.Achievements {
		counts := make([]int, len(g.Final))
		for p, f := range g.Final {
			counts[p] = AchievementCount(id, f)
		}
		results = append(results, AwardAchievement(id, counts, g.ZeroCounts))
	}
	return results
}
