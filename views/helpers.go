package views

import "ruthless/scoring"

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
