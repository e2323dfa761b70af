package views

import "strconv"

// The captions of the history pages.

// latestGames counts the latest games as a phrase: "the latest game",
// "the latest 5 games".
func latestGames(n int) string {
	if n == 1 {
		return "the latest game"
	}
	return "the latest " + strconv.Itoa(n) + " games"
}

// playersWithMost is "the player with the most" or "the 4 players with
// the most".
func playersWithMost(n int) string {
	if n == 1 {
		return "the player with the most"
	}
	return "the " + strconv.Itoa(n) + " players with the most"
}
