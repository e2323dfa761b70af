package views

import (
	"context"
	"fmt"
	"strings"

	"ruthless/scoring"
	"ruthless/views/lang"
)

// The words of tie-breaks: scoring.TieBreak says which step of R2.5 or
// R3.5 separated two players (its DecidedBy code); these say it for people.

// RoundTieText explains one R2.5 tie-break in one short line, naming the
// player ahead first and the step of the chain that separated the two.
// players are the seats' names; it is "" for a tie-break of fewer than two.
func RoundTieText(l lang.Lang, players []string, rr *scoring.RoundResult, tb scoring.TieBreak) string {
	if len(tb.Players) < 2 {
		return ""
	}
	x, y := tb.Players[0], tb.Players[1]
	ax, ay := rr.Results[x], rr.Results[y]
	args := []any{"ahead", players[x], "behind", players[y], "strength", ax.Strength,
		"unused", ax.Unused, "unused2", ay.Unused, "coins", ax.Coins, "coins2", ay.Coins}
	switch tb.DecidedBy {
	case scoring.ByUnused:
		return l.T("tie.round.unused", args...)
	case scoring.ByCoins:
		return l.T("tie.round.coins", args...)
	case scoring.BySeat:
		if x == rr.StartPlayer {
			return l.T("tie.round.start_player", args...)
		}
		return l.T("tie.round.seat", append(args, "start", players[rr.StartPlayer])...)
	}
	return l.T("tie.round.other", append(args, "step", tb.DecidedBy)...)
}

// FinalTieText explains one R3.5 tie-break in one short line, naming the
// player ahead first and the step that separated the two, if any. players
// are the seats' names; it is "" for a tie-break of fewer than two.
func FinalTieText(l lang.Lang, players []string, totals []scoring.Total, tb scoring.TieBreak) string {
	if len(tb.Players) < 2 {
		return ""
	}
	x, y := tb.Players[0], tb.Players[1]
	tx, ty := totals[x], totals[y]
	args := []any{"ahead", players[x], "behind", players[y], "np", tx.NP, "coins", tx.Coins, "coins2", ty.Coins,
		"ach", tx.Achievements, "ach2", ty.Achievements, "officers", tx.Officers, "officers2", ty.Officers}
	switch tb.DecidedBy {
	case scoring.ByCoins:
		return l.T("tie.final.coins", args...)
	case scoring.ByAchievements:
		return l.T("tie.final.achievements", args...)
	case scoring.ByCrew:
		return l.T("tie.final.officers", args...)
	case scoring.Shared:
		return l.T("tie.final.shared", args...)
	}
	return l.T("tie.final.other", append(args, "step", tb.DecidedBy)...)
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

// RoundTie is the R2.5 tie-break tb of round rr, to show under the
// player behind.
func RoundTie(players []string, rr *scoring.RoundResult, tb scoring.TieBreak) TieView {
	return TieView{Text: RoundTieText(lang.English, players, rr, tb), Rule: tb.Rule, Names: players, round: rr, tb: tb}
}

// FinalTie is the R3.5 tie-break tb of the final totals.
func FinalTie(players []string, totals []scoring.Total, tb scoring.TieBreak) TieView {
	return TieView{Text: FinalTieText(lang.English, players, totals, tb), Rule: tb.Rule, Names: players, totals: totals, tb: tb}
}

// TextIn is the tie-break's line in language l.
func (t TieView) TextIn(l lang.Lang) string {
	switch {
	case t.round != nil:
		return RoundTieText(l, t.Names, t.round, t.tb)
	case t.totals != nil:
		return FinalTieText(l, t.Names, t.totals, t.tb)
	}
	return t.Text
}

// tieText is the tie-break's line in the language of the page drawn.
func tieText(ctx context.Context, t TieView) string { return t.TextIn(lang.From(ctx)) }
