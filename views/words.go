package views

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"ruthless/scoring"
)

// The words of scoring's facts. scoring decides who placed where, which
// step broke a tie and which input looks doubtful, and hands those over as
// numbers and codes; this file says them in English, for the pages, the
// command line and the JSON API's text fields (so that another language
// needs another file here, not a change to the rules).

// JoinNames lists names the way people write them: "A", "A and B",
// "A, B and C".
func JoinNames(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
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
// and `ruthless score --json` carry. players are the seats' names.
func Explain(res *scoring.Result, players []string) {
	for i := range res.Achievements {
		res.Achievements[i].Why = AchievementWhy(res.Achievements[i], players)
	}
	ExplainWarnings(res.Warnings, players)
}

// ExplainWarnings words each R4.3 warning into its Message.
func ExplainWarnings(ws []scoring.Warning, players []string) {
	for i := range ws {
		ws[i].Message = WarningText(ws[i], players)
	}
}

// WarningText says an R4.3 warning in one sentence: who entered how many
// pirates never seen before in which round, and where to look. A warning
// of round 1 points at the starting deck, which holds no pirates.
func WarningText(w scoring.Warning, players []string) string {
	codes := make([]string, len(w.Cards))
	for i, c := range w.Cards {
		codes[i] = c.String()
	}
	msg := fmt.Sprintf("%s has %d pirates in round %d never entered before (%s), more than the %d a player can recruit in a round; ",
		seatName(players, w.Player), len(w.Cards), w.Round, strings.Join(codes, ", "), scoring.MaxNewPirates)
	if w.Round == 1 {
		return msg + "the starting deck has no pirates, so check whether earlier rounds were played without being entered"
	}
	return msg + "check earlier rounds"
}

// seatName is the name of seat p, or "Player N" for a seat past the list.
func seatName(players []string, p int) string {
	if p >= 0 && p < len(players) {
		return players[p]
	}
	return "Player " + strconv.Itoa(p+1)
}

// achievementMost is how AchievementWhy names the highest count of each
// achievement ("has the most buried crew"); Shipshape has no count to
// name.
var achievementMost = map[string]string{
	scoring.Richest:        "the richest loot kept",
	scoring.Merciless:      "the most buried crew",
	scoring.BuriedTreasure: "the richest buried loot",
	scoring.Mutineer:       "the most buried officers",
	scoring.Recruiter:      "the most pirates",
	scoring.Commander:      "the longest straight flush",
}

// AchievementWhy says in one sentence why an achievement's NP went where
// they went (R3.3): the facts are its counts and the place each seat
// took (scoring's AchievementResult.Place) and what a place is worth.
func AchievementWhy(a scoring.AchievementResult, players []string) string {
	var firsts, seconds []string
	top, second := 0, 0
	for p := range a.NP {
		switch a.Place(p) {
		case 1:
			firsts = append(firsts, seatName(players, p))
			top = a.Counts[p]
		case 2:
			seconds = append(seconds, seatName(players, p))
			second = a.Counts[p]
		}
	}
	if a.ID == scoring.Shipshape {
		if len(firsts) == 0 {
			return "Nobody owns a pirate of every rank from 1 to Captain."
		}
		return fmt.Sprintf("%s %s a pirate of every rank from 1 to Captain: %d NP each.",
			JoinNames(firsts), Plural(len(firsts), "owns", "own"), scoring.FirstPlaceNP)
	}
	if len(firsts) == 0 {
		return fmt.Sprintf("Nobody scores %s: a count of 0 never places.", a.Name)
	}
	what, ok := achievementMost[a.ID]
	if !ok {
		what = a.Name + " count"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s (%d)", JoinNames(firsts), Plural(len(firsts), "has", "have"), what, top)
	first := scoring.FirstPlaceNP
	switch seconded := scoring.HasSecondPlace(len(a.Counts)); {
	case len(firsts) > 1:
		fmt.Fprintf(&b, ", %d NP each", first)
		if seconded {
			b.WriteString("; a tie for first leaves no second place")
		}
	case !seconded:
		fmt.Fprintf(&b, ", %d NP; there is no second place with %d players", first, len(a.Counts))
	case len(seconds) == 0:
		fmt.Fprintf(&b, ", %d NP; nobody else places", first)
	default:
		fmt.Fprintf(&b, ", %d NP; %s %s second (%d), %d NP", first, JoinNames(seconds), Plural(len(seconds), "is", "are"), second, scoring.SecondPlaceNP)
		if len(seconds) > 1 {
			b.WriteString(" each")
		}
	}
	b.WriteString(".")
	return b.String()
}

// MaxNameLength is the most characters a player's name has (R4.5): the
// new-game and rename forms say so and hold typing to it.
const MaxNameLength = scoring.MaxNameLength

// listSeparator is what follows name i of n in a list worded as
// JoinNames words it: ", " between, " and " before the last.
func listSeparator(i, n int) string {
	switch {
	case i == n-2:
		return " and "
	case i < n-2:
		return ", "
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
