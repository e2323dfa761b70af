package views

import (
	"fmt"
	"strings"

	"ruthless/scoring"
)

// The words of tie-breaks: scoring.TieBreak says which step of R2.5 or
// R3.5 separated two players (its DecidedBy code); these say it for people.

// RoundTieText explains one R2.5 tie-break in one short line, naming the
// player ahead first and the step of the chain that separated the two.
// players are the seats' names; it is "" for a tie-break of fewer than two.
func RoundTieText(players []string, rr *scoring.RoundResult, tb scoring.TieBreak) string {
	if len(tb.Players) < 2 {
		return ""
	}
	x, y := tb.Players[0], tb.Players[1]
	ax, ay := rr.Results[x], rr.Results[y]
	head := fmt.Sprintf("%s ahead of %s on %d: ", players[x], players[y], ax.Strength)
	switch tb.DecidedBy {
	case scoring.ByUnused:
		return head + fmt.Sprintf("more unused pirates (%d to %d).", ax.Unused, ay.Unused)
	case scoring.ByCoins:
		return head + fmt.Sprintf("same unused pirates (%d), more coins (%d to %d).", ax.Unused, ax.Coins, ay.Coins)
	case scoring.BySeat:
		level := fmt.Sprintf("same unused pirates (%d) and coins (%d); ", ax.Unused, ax.Coins)
		if x == rr.StartPlayer {
			return head + level + players[x] + " is the start player."
		}
		return head + level + fmt.Sprintf("%s sits closer to the start player, %s, going clockwise.", players[x], players[rr.StartPlayer])
	}
	return head + "decided by " + tb.DecidedBy + "."
}

// FinalTieText explains one R3.5 tie-break in one short line, naming the
// player ahead first and the step that separated the two, if any. players
// are the seats' names; it is "" for a tie-break of fewer than two.
func FinalTieText(players []string, totals []scoring.Total, tb scoring.TieBreak) string {
	if len(tb.Players) < 2 {
		return ""
	}
	x, y := tb.Players[0], tb.Players[1]
	tx, ty := totals[x], totals[y]
	head := fmt.Sprintf("%s ahead of %s on %d NP: ", players[x], players[y], tx.NP)
	switch tb.DecidedBy {
	case scoring.ByCoins:
		return head + fmt.Sprintf("more coins (%d to %d).", tx.Coins, ty.Coins)
	case scoring.ByAchievements:
		return head + fmt.Sprintf("same coins (%d), more achievement NP (%d to %d).", tx.Coins, tx.Achievements, ty.Achievements)
	case scoring.ByCrew:
		return head + fmt.Sprintf("same coins and achievement NP, more Quartermasters and Captains (%d to %d).", tx.Officers, ty.Officers)
	case scoring.Shared:
		return fmt.Sprintf("%s and %s share the place on %d NP: coins (%d), achievement NP (%d) and Quartermasters and Captains (%d) are all level.", players[x], players[y], tx.NP, tx.Coins, tx.Achievements, tx.Officers)
	}
	return head + "decided by " + tb.DecidedBy + "."
}

// TieBreakLine says in one terse line, for the command line's tables, who
// a tie-break of either kind put first, the step that did it and its rule:
// "Lucy over Craig on unused pirates (R2.5)". names are the names of
// tb.Players, in the same order.
func TieBreakLine(names []string, tb scoring.TieBreak) string {
	if tb.DecidedBy == scoring.Shared {
		return fmt.Sprintf("%s stay level on every tie-break (%s)", strings.Join(names, " and "), tb.Rule)
	}
	why := map[string]string{
		scoring.ByUnused:       "unused pirates",
		scoring.ByCoins:        "coins",
		scoring.BySeat:         "seat order from the start player",
		scoring.ByAchievements: "Achievement NP",
		scoring.ByCrew:         "Quartermasters and Captains owned",
	}[tb.DecidedBy]
	if why == "" {
		why = tb.DecidedBy
	}
	return fmt.Sprintf("%s on %s (%s)", strings.Join(names, " over "), why, tb.Rule)
}
