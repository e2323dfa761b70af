package views

import "strings"

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

// joinNames lists names for a sentence: "A", "A and B", "A, B and C".
func joinNames(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
