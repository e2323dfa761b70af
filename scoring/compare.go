package scoring

import "slices"

// SameCards reports whether two lists hold the same cards, Captain powers
// included, in any order: a pool or collection saved twice is the same
// whatever order it was tapped in.
func SameCards(x, y []Card) bool {
	if len(x) != len(y) {
		return false
	}
	xs, ys := slices.Clone(x), slices.Clone(y)
	slices.SortFunc(xs, CompareCards)
	slices.SortFunc(ys, CompareCards)
	return slices.Equal(xs, ys)
}

// CompareCards orders cards as Card.Less does, as slices.SortFunc wants.
func CompareCards(x, y Card) int {
	switch {
	case x.Less(y):
		return -1
	case y.Less(x):
		return 1
	}
	return 0
}

// EntryWarnings are the R4.3 warnings of game g about one player's entry
// in one round (1-based).
func EntryWarnings(g Game, round, player int) []Warning {
	var out []Warning
	for _, w := range newPirateWarnings(g) {
		if w.Round == round && w.Player == player {
			out = append(out, w)
		}
	}
	return out
}

// Same reports whether two warnings say the same thing: the same rule
// about the same player, round and cards. Their wording (Message) is not
// compared; words are the views' to choose.
func (w Warning) Same(o Warning) bool {
	return w.Rule == o.Rule && w.Player == o.Player && w.Round == o.Round && slices.Equal(w.Cards, o.Cards)
}
