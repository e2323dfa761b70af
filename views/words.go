package views

import (
	"context"
	"strings"
	"unicode"

	"ruthless/scoring"
	"ruthless/views/lang"
)

// The words of scoring's facts. scoring decides who placed where, which
// step broke a tie and which input looks doubtful, and hands those over as
// numbers and codes; this file says them in English, for the pages, the
// command line and the JSON API's text fields (so that another language
// needs another file here, not a change to the rules).

// JoinNames lists names the way people of language l write them: "A",
// "A and B", "A, B and C"; "A, B und C" in German. The command line
// passes lang.English.
func JoinNames(l lang.Lang, names []string) string {
	var b strings.Builder
	for i, n := range names {
		b.WriteString(n)
		b.WriteString(listSeparator(l, i, len(names)))
	}
	return b.String()
}

// Plural is one when n is 1 and many otherwise: "1 coin", "2 coins",
// "Ann wins", "Ann and Bo share the victory".
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Explain words the facts of a scored game into the result's text fields,
// each achievement's Why and each warning's Message, which the JSON API
// and `ruthless score --json` carry: in English, the machines' language.
// players are the seats' names.
func Explain(res *scoring.Result, players []string) {
	for i := range res.Achievements {
		res.Achievements[i].Why = AchievementWhy(lang.English, res.Achievements[i], players)
	}
	ExplainWarnings(res.Warnings, players)
}

// ExplainWarnings words each R4.3 warning into its Message, in English.
func ExplainWarnings(ws []scoring.Warning, players []string) {
	for i := range ws {
		ws[i].Message = WarningText(lang.English, ws[i], players)
	}
}

// WarningText says an R4.3 warning in one sentence: who entered how many
// pirates never seen before in which round, and where to look. A warning
// of round 1 points at the starting deck, which holds no pirates.
func WarningText(l lang.Lang, w scoring.Warning, players []string) string {
	codes := make([]string, len(w.Cards))
	for i, c := range w.Cards {
		codes[i] = c.String()
	}
	key := "warning.new_pirates.later"
	if w.Round == 1 {
		key = "warning.new_pirates.first"
	}
	return l.T(key, "name", seatName(l, players, w.Player), "n", len(w.Cards), "round", w.Round,
		"cards", strings.Join(codes, ", "), "most", scoring.MaxNewPirates)
}

// seatName is the name of seat p, or "Player N" for a seat past the list.
func seatName(l lang.Lang, players []string, p int) string {
	if p >= 0 && p < len(players) {
		return players[p]
	}
	return l.T("player.numbered", "n", p+1)
}

// achievementMost is how AchievementWhy names the highest count of each
// achievement ("has the most buried crew"); Shipshape has no count to
// name.
func achievementMost(l lang.Lang, id string) string {
	switch id {
	case scoring.Richest:
		return l.T("achievement.most.richest")
	case scoring.Merciless:
		return l.T("achievement.most.merciless")
	case scoring.BuriedTreasure:
		return l.T("achievement.most.buried_treasure")
	case scoring.Mutineer:
		return l.T("achievement.most.mutineer")
	case scoring.Recruiter:
		return l.T("achievement.most.recruiter")
	case scoring.Commander:
		return l.T("achievement.most.commander")
	}
	return l.T("achievement.most.other", "name", AchievementName(l, id))
}

// AchievementWhy says in one sentence why an achievement's NP went where
// they went (R3.3): the facts are its counts and the place each seat
// took (scoring's AchievementResult.Place) and what a place is worth.
func AchievementWhy(l lang.Lang, a scoring.AchievementResult, players []string) string {
	var firsts, seconds []string
	top, second := 0, 0
	for p := range a.NP {
		switch a.Place(p) {
		case 1:
			firsts = append(firsts, seatName(l, players, p))
			top = a.Counts[p]
		case 2:
			seconds = append(seconds, seatName(l, players, p))
			second = a.Counts[p]
		}
	}
	first := scoring.FirstPlaceNP
	if a.ID == scoring.Shipshape {
		if len(firsts) == 0 {
			return l.T("achievement.why.shipshape_nobody")
		}
		return l.N("achievement.why.shipshape", len(firsts), "names", JoinNames(l, firsts), "np", first)
	}
	if len(firsts) == 0 {
		return l.T("achievement.why.nobody", "name", AchievementName(l, a.ID))
	}
	args := []any{"names", JoinNames(l, firsts), "what", achievementMost(l, a.ID), "count", top, "np", first}
	switch seconded := scoring.HasSecondPlace(len(a.Counts)); {
	case len(firsts) > 1 && seconded:
		return l.T("achievement.why.tie", args...)
	case len(firsts) > 1:
		return l.T("achievement.why.tie_alone", args...)
	case !seconded:
		return l.T("achievement.why.no_second", append(args, "players", len(a.Counts))...)
	case len(seconds) == 0:
		return l.T("achievement.why.nobody_second", args...)
	}
	return l.N("achievement.why.second", len(seconds), append(args, "seconds", JoinNames(l, seconds),
		"second", second, "np2", scoring.SecondPlaceNP)...)
}

// MaxNameLength is the most characters a player's name has (R4.5): the
// new-game and rename forms say so and hold typing to it.
const MaxNameLength = scoring.MaxNameLength

// listSeparator is what follows name i of n in a list worded as
// JoinNames words it: ", " between, " and " before the last. The words
// are what the catalogue's list messages put between their two values.
func listSeparator(l lang.Lang, i, n int) string {
	switch {
	case i == n-2:
		return l.T("list.and", "a", "", "b", "")
	case i < n-2:
		return l.T("list.comma", "a", "", "b", "")
	}
	return ""
}

// UpperFirst starts s with a capital letter: the app's one capitaliser,
// for messages that begin a sentence on a page.
func UpperFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// joinNames is JoinNames in the language of the page a template draws.
func joinNames(ctx context.Context, names []string) string {
	return JoinNames(lang.From(ctx), names)
}

// listSep is listSeparator in the language of the page a template draws.
func listSep(ctx context.Context, i, n int) string {
	return listSeparator(lang.From(ctx), i, n)
}

// sepInside is the part of listSep that stays with the name before it
// (", " gives ",", " and " gives " and"); sepAfter is the spaces left,
// where the line may break before the next name.
func sepInside(ctx context.Context, i, n int) string {
	return strings.TrimRight(listSep(ctx, i, n), " ")
}

func sepAfter(ctx context.Context, i, n int) string {
	sep := listSep(ctx, i, n)
	return sep[len(strings.TrimRight(sep, " ")):]
}
