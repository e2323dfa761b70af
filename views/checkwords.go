package views

import (
	"fmt"
	"strconv"

	"ruthless/scoring"
)

// The words of the check page (/check): where a problem is, the verdict,
// the buckets a tapped card goes to, and what a wild may stand as.

// Where says where a problem is: "Set 2", or "The party" for one of the
// whole claim.
func (p ProblemView) Where() string {
	if p.Set > 0 {
		return "Set " + strconv.Itoa(p.Set)
	}
	return "The party"
}

// Summary is the verdict in one line.
func (v Verdict) Summary() string {
	switch {
	case !v.Legal:
		return fmt.Sprintf("Not legal: %d %s, so the claim is worth nothing. The best party for this pool is %d.",
			len(v.Problems), Plural(len(v.Problems), "problem", "problems"), v.Best.Strength)
	case v.Diff == 0:
		return fmt.Sprintf("Legal, strength %d: as strong as the best party for this pool.", v.Strength)
	}
	return fmt.Sprintf("Legal, strength %d. A better party exists: %d, %d more.", v.Strength, v.Best.Strength, v.Diff)
}

// CheckBuckets are where tapped cards may go with sets claimed so far:
// each set, a new one, then out of the sets (a locked pool) or unused and
// out of the pool. to is the bucket checked.
func CheckBuckets(sets int, locked bool, to string) []Bucket {
	var out []Bucket
	for i := range sets {
		out = append(out, Bucket{Value: strconv.Itoa(i + 1), Label: "Set " + strconv.Itoa(i+1)})
	}
	out = append(out, Bucket{Value: "new", Label: "Set " + strconv.Itoa(sets+1) + " (new)"})
	if locked {
		out = append(out, Bucket{Value: "out", Label: "Out of the sets"})
	} else {
		out = append(out, Bucket{Value: "unused", Label: "Unused"}, Bucket{Value: "out", Label: "Out of the pool"})
	}
	for i := range out {
		out[i].Checked = out[i].Value == to
	}
	return out
}

// MarkClaimed marks a card of the check page's grid with where the claim
// puts it: set w (from 1), unused (0), or, for a card outside a locked
// pool (w < 0), out of reach.
func MarkClaimed(tc *TapCard, w int, locked bool) {
	switch {
	case w > 0:
		tc.Note, tc.Placed = "set "+strconv.Itoa(w), true
	case w == 0:
		tc.Note, tc.Placed = "unused", true
	case locked:
		tc.Outside = true
		tc.Title += ": not in this pool"
	}
}

// StandsAs is the choice of what a claimed Parrot or Captain c stands
// as: first what it may take, then, in groups saying why, what it may not
// (so a player can state a wrong claim and see the rule it breaks).
// stated is the identity chosen, if any.
func StandsAs(c scoring.Card, stated *scoring.Card, players int) []AsGroup {
	first := "the best choice"
	if !c.IsWild() {
		first = "itself, " + CardPart(c).Words()
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
				out = append(out, AsOption{Value: card.String(), Label: card.Rank.Name() + " of " + card.Suit.Name(), Selected: card.String() == chosen})
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
		groups = append(groups, AsGroup{Label: "Other suits: a Parrot keeps its own (R1.4)", Options: cells(others)})
	case c.IsWild():
		groups[0].Options = append(groups[0].Options, cells(scoring.SuitsInPlay(players))...)
		if players == 2 {
			groups = append(groups, AsGroup{Label: "Kraken: not in a 2-player game (R1.6)", Options: cells([]scoring.Suit{scoring.Kraken})})
		}
	default:
		groups = append(groups, AsGroup{Label: "Only with its Captain power used (R1.5)", Options: cells(scoring.SuitsInPlay(players))})
	}
	return groups
}
