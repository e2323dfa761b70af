package views

import "ruthless/scoring"

// cardTitle is a grid card's tooltip: its name, and who holds it.
func cardTitle(c TapCard) string {
	if c.Clash {
		return c.Title + ": also in " + c.Holder + "'s entry"
	}
	if c.Holder != "" {
		return c.Title + ": held by " + c.Holder
	}
	return c.Title
}

// joinNames lists names for a sentence, as scoring words its reasons.
func joinNames(names []string) string { return scoring.JoinNames(names) }

// MaxNameLength is the most characters a player's name has (R4.5): the
// new-game and rename forms say so and hold typing to it.
const MaxNameLength = scoring.MaxNameLength

// listSeparator is what follows name i of n in a list worded as
// scoring.JoinNames words it: ", " between, " and " before the last.
func listSeparator(i, n int) string {
	switch {
	case i == n-2:
		return " and "
	case i < n-2:
		return ", "
	}
	return ""
}

// faceTestID is the data-testid of face c in a FaceRow marked prefix:
// prefix-CODE, or none when prefix is empty.
func faceTestID(prefix string, c CardFace) string {
	if prefix == "" {
		return ""
	}
	return prefix + "-" + c.Code
}

// suitID is the data-testid of the block of suit letter.
func (g TapGrid) suitID(letter string) string {
	if g.EntryForm {
		return "suit-" + letter
	}
	return g.Prefix + "-suit-" + letter
}

// inputID is the id of card code's checkbox.
func (g TapGrid) inputID(code string) string {
	if g.EntryForm {
		return "c-" + code
	}
	return g.Prefix + "-" + code
}

// noteID is the data-testid of the note under card code.
func (g TapGrid) noteID(code string) string {
	if g.EntryForm {
		return "holder-" + code
	}
	return g.Prefix + "-note-" + code
}
