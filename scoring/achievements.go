package scoring

import (
	"fmt"
	"slices"
	"strings"
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

// achievementInfos is the table of R3.2, in its order. most is how Why
// describes the highest count ("has the most buried crew").
var achievementInfos = []struct {
	AchievementInfo
	most string
}{
	{AchievementInfo{Richest, "Richest", "Highest black-banner total of loot kept (everything not buried)."}, "the richest loot kept"},
	{AchievementInfo{Merciless, "Merciless", "Most crew buried: pirates plus powder monkeys."}, "the most buried crew"},
	{AchievementInfo{BuriedTreasure, "Buried Treasure", "Highest black-banner total of loot buried."}, "the richest buried loot"},
	{AchievementInfo{Mutineer, "Mutineer", "Most Quartermasters and Captains buried."}, "the most buried officers"},
	{AchievementInfo{Recruiter, "Recruiter", "Most pirates owned at the end, buried or not."}, "the most pirates"},
	{AchievementInfo{Shipshape, "Shipshape", "Own a pirate of every rank from 1 to Captain (Parrots don't count); 4 NP to each who does."}, ""},
	{AchievementInfo{Commander, "Commander", "Longest straight flush among all pirates owned; a Parrot may fill one gap in its own suit."}, "the longest straight flush"},
}

// AchievementList returns the six Legendary Achievements in the order of
// R3.2.
func AchievementList() []AchievementInfo {
	list := make([]AchievementInfo, len(achievementInfos))
	for i, a := range achievementInfos {
		list[i] = a.AchievementInfo
	}
	return list
}

// AchievementByID looks up an achievement by its id; ok is false for an id
// not in R3.2.
func AchievementByID(id string) (info AchievementInfo, ok bool) {
	for _, a := range achievementInfos {
		if a.ID == id {
			return a.AchievementInfo, true
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

// AwardAchievement turns one achievement's counts (in seat order) into NP
// per R3.3, with a sentence saying why. names are the players' names for
// that sentence. A count of 0 never places unless zeroCounts (the R3.3 table
// option).
func AwardAchievement(id string, counts []int, names []string, zeroCounts bool) AchievementResult {
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
	name := func(p int) string {
		if p < len(names) {
			return names[p]
		}
		return fmt.Sprintf("Player %d", p+1)
	}

	if id == Shipshape {
		var have []string
		for p, c := range counts {
			if c > 0 {
				res.NP[p] = 4
				have = append(have, name(p))
			}
		}
		if len(have) == 0 {
			res.Why = "Nobody owns a pirate of every rank from 1 to Captain."
		} else {
			res.Why = fmt.Sprintf("%s %s a pirate of every rank from 1 to Captain: 4 NP each.",
				JoinNames(have), Plural(len(have), "owns", "own"))
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
	what := info.Name + " count"
	for _, a := range achievementInfos {
		if a.ID == id {
			what = a.most
		}
	}
	if !found {
		res.Why = fmt.Sprintf("Nobody scores %s: a count of 0 never places.", info.Name)
		return res
	}
	var firsts []string
	for p, c := range counts {
		if places(c) && c == top {
			res.NP[p] = 4
			firsts = append(firsts, name(p))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s (%d)", JoinNames(firsts), Plural(len(firsts), "has", "have"), what, top)
	switch {
	case len(firsts) > 1:
		fmt.Fprintf(&b, ", 4 NP each")
		if len(counts) >= 3 {
			b.WriteString("; a tie for first leaves no second place")
		}
	case len(counts) < 3:
		b.WriteString(", 4 NP; there is no second place with 2 players")
	default:
		b.WriteString(", 4 NP")
		second, ok := 0, false
		for _, c := range counts {
			if places(c) && c < top && (!ok || c > second) {
				second, ok = c, true
			}
		}
		if !ok {
			b.WriteString("; nobody else places")
			break
		}
		var seconds []string
		for p, c := range counts {
			if places(c) && c == second {
				res.NP[p] = 2
				seconds = append(seconds, name(p))
			}
		}
		fmt.Fprintf(&b, "; %s %s second (%d), 2 NP", JoinNames(seconds), Plural(len(seconds), "is", "are"), second)
		if len(seconds) > 1 {
			b.WriteString(" each")
		}
	}
	b.WriteString(".")
	res.Why = b.String()
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
		results = append(results, AwardAchievement(id, counts, g.Players, g.ZeroCounts))
	}
	return results
}

// JoinNames lists names the way people write them: "A", "A and B",
// "A, B and C".
func JoinNames(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// Plural is one when n is 1 and many otherwise: "1 coin", "2 coins",
// "Ann wins", "Ann and Bo share the victory".
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
