package views

import (
	"strings"

	"ruthless/views/lang"
)

// The captions of the history pages.

// timelineCaption says what the records page's table of NP over time
// holds: games of the latest games, for players of the players with the
// most games. One sentence per count of each, since languages inflect
// both.
func timelineCaption(l lang.Lang, games, players int) string {
	if players == 1 {
		return l.N("records.timeline_one_player", games)
	}
	return l.N("records.timeline_caption", games, "players", players)
}

// nameSeparator is what follows name i of n in a list of names: ", ",
// the language's " and " before the last, nothing after it.
func nameSeparator(l lang.Lang, i, n int) string {
	switch {
	case i == n-2:
		return l.T("history.list_and")
	case i < n-2:
		return ", "
	}
	return ""
}

// joinNames lists names in one string for a title or a sentence
// ("Ann, Bo and Cy"), with the language's "and".
func joinNames(l lang.Lang, names []string) string {
	var b strings.Builder
	for i, n := range names {
		b.WriteString(n)
		b.WriteString(nameSeparator(l, i, len(names)))
	}
	return b.String()
}

// finishPlace is a finishing place as the language writes it: "1st", "1.",
// "1er", "1.º".
func finishPlace(l lang.Lang, n int) string {
	if l.Code() == lang.English.Code() {
		return Ordinal(n)
	}
	if n == 1 {
		return l.T("history.place_first")
	}
	return l.T("history.place", "n", n)
}
