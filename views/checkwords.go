package views

import (
	"strconv"

	"ruthless/scoring"
	"ruthless/views/lang"
)

// The words of the check page (/check): where a problem is, the verdict,
// the buckets a tapped card goes to, and what a wild may stand as.

// Where says in language l where a problem is: "Set 2", or "The party"
// for one of the whole claim.
func (p ProblemView) Where(l lang.Lang) string {
	if p.Set > 0 {
		return l.T("check.where_set", "number", p.Set)
	}
	return l.T("check.where_party")
}

// Summary is the verdict in one line of language l.
func (v Verdict) Summary(l lang.Lang) string {
	switch {
	case !v.Legal:
		return l.N("check.summary_illegal", len(v.Problems), "best", v.Best.Strength)
	case v.Diff == 0:
		return l.T("check.summary_best", "strength", v.Strength)
	}
	return l.T("check.summary_weaker", "strength", v.Strength, "best", v.Best.Strength, "diff", v.Diff)
}

// CheckBuckets are where tapped cards may go with sets claimed so far,
// named in language l: each set, a new one, then out of the sets (a
// locked pool) or unused and out of the pool. to is the bucket checked.
func CheckBuckets(l lang.Lang, sets int, locked bool, to string) []Bucket {
	var out []Bucket
	for i := range sets {
		out = append(out, Bucket{Value: strconv.Itoa(i + 1), Label: l.T("check.set", "number", i+1)})
	}
	out = append(out, Bucket{Value: "new", Label: l.T("check.set_new", "number", sets+1)})
	if locked {
		out = append(out, Bucket{Value: "out", Label: l.T("check.out_of_sets")})
	} else {
		out = append(out, Bucket{Value: "unused", Label: l.T("check.unused")}, Bucket{Value: "out", Label: l.T("check.out_of_pool")})
	}
	for i := range out {
		out[i].Checked = out[i].Value == to
	}
	return out
}

// MarkClaimed marks a card of the check page's grid, in language l, with
// where the claim puts it: set w (from 1), unused (0), or, for a card
// outside a locked pool (w < 0), out of reach.
func MarkClaimed(l lang.Lang, tc *TapCard, w int, locked bool) {
	switch {
	case w > 0:
		tc.Note, tc.Placed = l.T("check.note_set", "number", w), true
	case w == 0:
		tc.Note, tc.Placed = l.T("check.note_unused"), true
	case locked:
		tc.Outside = true
		tc.Title = l.T("check.not_in_pool", "card", tc.Title)
	}
}

// StandsAs is the choice of what a claimed Parrot or Captain c stands
// as: first what it may take, then, in groups saying why, what it may not
// (so a player can state a wrong claim and see the rule it breaks).
// stated is the identity chosen, if any. The choices are named in
// language l.
func StandsAs(l lang.Lang, c scoring.Card, stated *scoring.Card, players int) []AsGroup {
	first := l.T("check.as_best")
	if !c.IsWild() {
		first = l.T("check.as_itself", "card", CardPart(c).In(l))
	}
	chosen := ""
	if stated != nil {
		chosen = stated.String()
	}
	cells := func(suits []scoring.Suit) []AsOption {
		var out []AsOption
		for _, u := range suits {
			for r := scoring.Rank(1); r <= scoring.Cpt; r++ {
				card := scoring.Card{Suit: u, Rank: r}
				out = append(out, AsOption{Value: card.String(), Label: CardName(l, card), Selected: card.String() == chosen})
			}
		}
		return out
	}
	groups := []AsGroup{{Options: []AsOption{{Value: "", Label: first, Selected: chosen == ""}}}}
	var others []scoring.Suit
	for _, u := range scoring.SuitsInPlay(players) {
		if u != c.Suit {
			others = append(others, u)
		}
	}
	switch {
	case c.Rank == scoring.Parrot:
		groups[0].Options = append(groups[0].Options, cells([]scoring.Suit{c.Suit})...)
		groups = append(groups, AsGroup{Label: l.T("check.as_other_suits"), Options: cells(others)})
	case c.IsWild():
		groups[0].Options = append(groups[0].Options, cells(scoring.SuitsInPlay(players))...)
		if players == 2 {
			groups = append(groups, AsGroup{Label: l.T("check.as_no_kraken"), Options: cells([]scoring.Suit{scoring.Kraken})})
		}
	default:
		groups = append(groups, AsGroup{Label: l.T("check.as_power_only"), Options: cells(scoring.SuitsInPlay(players))})
	}
	return groups
}
