package views

import (
	"fmt"
	"strconv"

	"ruthless/scoring"
)

// The words of the history pages (players, a player, records) that the
// handlers put in their view models: labels of records and charts, and
// the short phrases of a record's holder.

// RecordLabel is the label of the records page's record id ("games",
// "wins", "rate", "np", "prizes", "streak").
func RecordLabel(id string) string {
	switch id {
	case "games":
		return "Most games"
	case "wins":
		return "Most wins"
	case "rate":
		return "Best win rate (" + strconv.Itoa(scoring.MinGamesForRate) + "+ games)"
	case "np":
		return "Highest NP in a game"
	case "prizes":
		return "Most prize NP in a game"
	case "streak":
		return "Most wins in a row"
	}
	return id
}

// WinsOfGames is a win rate's holder's record: "7 of 10".
func WinsOfGames(wins, games int) string { return strconv.Itoa(wins) + " of " + strconv.Itoa(games) }

// StreakFrom is where a streak starts: "from 4 May 25".
func StreakFrom(date string) string { return "from " + date }

// RoundOn is where a party was entered: "round 3, 4 May 25".
func RoundOn(round int, date string) string { return "round " + strconv.Itoa(round) + ", " + date }

// HeadToHeadTitle says a cell of the head-to-head matrix in words.
func HeadToHeadTitle(a, b string, ahead, behind, level, games int) string {
	return fmt.Sprintf("%s against %s: ahead %d, behind %d, level %d in %d %s", a, b, ahead, behind, level, games, Plural(games, "game", "games"))
}

// TimelineTitle is the title of the records page's chart.
const TimelineTitle = "NP game by game over the latest games, oldest first, one line per player"

// NPSource is the name of part i of the end-of-game NP (R3.4), in
// scoring.Total's order: prize tokens, achievements, crew, Parley.
func NPSource(i int) string {
	return [...]string{"Prize tokens", "Achievements", "Crew", "Parley"}[i]
}

// NPSources is how many parts NPSource names.
const NPSources = 4

// TableAverage labels the table's bar beside a player's.
const TableAverage = "Table average"

// PlayerSourcesTitle is the title of a player's chart of NP by source.
func PlayerSourcesTitle(name string) string {
	return "Average NP per game by source: " + name + " against the table average"
}

// PlayerResultsTitle is the title of a player's chart of NP by game.
func PlayerResultsTitle(name string) string {
	return "NP game by game, oldest first: " + name + " (filled dot: a win)"
}

// NoSuchPlayer is the not-found page of a player nobody called name.
func NoSuchPlayer(name string) string { return fmt.Sprintf("Nobody called %q has played here.", name) }
