package views

import (
	"strconv"
	"strings"
	"time"

	"ruthless/scoring"
	"ruthless/views/lang"
)

// The words of the history pages (players, a player, records) that the
// handlers put in their view models: labels of records and charts, the
// short phrases of a record's holder, and the page's figures (rates,
// averages, dates) written the language's way.

// RecordLabel is the label of the records page's record id ("games",
// "wins", "rate", "np", "prizes", "streak").
func RecordLabel(l lang.Lang, id string) string {
	switch id {
	case "games":
		return l.T("records.most_games")
	case "wins":
		return l.T("records.most_wins")
	case "rate":
		return l.T("records.best_rate", "n", scoring.MinGamesForRate)
	case "np":
		return l.T("records.highest_np")
	case "prizes":
		return l.T("records.most_prize_np")
	case "streak":
		return l.T("records.streak")
	}
	return id
}

// WinsOfGames is a win rate's holder's record: "7 of 10".
func WinsOfGames(l lang.Lang, wins, games int) string {
	return l.T("records.wins_of_games", "wins", wins, "games", games)
}

// StreakFrom is where a streak that started at played begins: "from 4
// May 2025".
func StreakFrom(l lang.Lang, played time.Time) string {
	return l.T("records.streak_from", "date", l.Date(played))
}

// RoundOn is where a party was entered: "round 3, 4 May 2025".
func RoundOn(l lang.Lang, round int, played time.Time) string {
	return l.T("records.round_on", "round", round, "date", l.Date(played))
}

// HeadToHeadTitle says a cell of the head-to-head matrix in words.
func HeadToHeadTitle(l lang.Lang, a, b string, ahead, behind, level, games int) string {
	return l.N("records.h2h_title", games, "a", a, "b", b, "ahead", ahead, "behind", behind, "level", level)
}

// TimelineTitle is the title of the records page's chart.
func TimelineTitle(l lang.Lang) string { return l.T("records.timeline_title") }

// NPSource is the name of part i of the end-of-game NP (R3.4), in
// scoring.Total's order: prize tokens, achievements, crew, Parley.
func NPSource(l lang.Lang, i int) string {
	switch i {
	case 0:
		return l.T("player.source.prizes")
	case 1:
		return l.T("player.source.achievements")
	case 2:
		return l.T("player.source.crew")
	}
	return l.T("player.source.parley")
}

// NPSources is how many parts NPSource names.
const NPSources = 4

// TableAverage labels the table's bar beside a player's.
func TableAverage(l lang.Lang) string { return l.T("player.table_average") }

// PlayerSourcesTitle is the title of a player's chart of NP by source.
func PlayerSourcesTitle(l lang.Lang, name string) string {
	return l.T("player.sources_title", "name", name)
}

// PlayerResultsTitle is the title of a player's chart of NP by game.
func PlayerResultsTitle(l lang.Lang, name string) string {
	return l.T("player.results_title", "name", name)
}

// NoSuchPlayer is the not-found page of a player nobody called name.
func NoSuchPlayer(name string) Words {
	return func(l lang.Lang) string { return l.T("player.nobody", "name", name) }
}

// Percent is n of d as a whole percentage, "–" when d is 0: "67%",
// "67 %".
func Percent(l lang.Lang, n, d int) string {
	if d == 0 {
		return "–"
	}
	return l.T("number.percent", "n", (100*n+d/2)/d)
}

// Average is n over d to one decimal, the language's way: "2.5", "2,5";
// "–" when d is 0.
func Average(l lang.Lang, n, d int) string {
	if d == 0 {
		return "–"
	}
	s := strconv.FormatFloat(float64(n)/float64(d), 'f', 1, 64)
	if mark := l.T("lang.decimal"); mark != "lang.decimal" {
		s = strings.Replace(s, ".", mark, 1)
	}
	return s
}

// ShortDate is a day on a chart's axis: "4 May", "4.5.".
func ShortDate(l lang.Lang, t time.Time) string {
	s := t.Format(l.T("lang.daymonth"))
	if months := strings.Fields(l.T("lang.months")); len(months) == 12 {
		s = strings.Replace(s, t.Format("Jan"), months[t.Month()-1], 1)
	}
	return s
}

// AchievementRecordName is the name of the Legendary Achievement id
// ("richest") on the history pages.
func AchievementRecordName(l lang.Lang, id string) string { return l.T("achievement." + id) }
