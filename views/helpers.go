package views

import "ruthless/scoring"

// rankGlyph is the rank as drawn on a card: the Parrot gets a picture.
func rankGlyph(rank string) string {
	if rank == "P" {
		return "🦜"
	}
	return rank
}

func cardTitle(c GridCard) string {
	if c.Holder != "" {
		return c.Title + ": held by " + c.Holder
	}
	return c.Title
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// joinNames lists names for a sentence, as scoring words its reasons.
func joinNames(names []string) string { return scoring.JoinNames(names) }
