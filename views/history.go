package views

import (
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
