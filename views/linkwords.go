package views

import (
	"strings"

	"ruthless/views/lang"
)

// Step is what a Link leads to: the next step of a game, or another of
// its pages. The page words it (Link.Text, Link.After).
type Step int

// The steps, each with its words in Link.Text and Link.After.
const (
	// StepNone is no link.
	StepNone Step = iota
	// StepFinalScores: "See the final scores".
	StepFinalScores
	// StepOwnFinal: "End of game: enter your cards".
	StepOwnFinal
	// StepFinalFor: "End of game: enter Name's cards".
	StepFinalFor
	// StepSeeResults: "See round N results".
	StepSeeResults
	// StepOwnRound: "Enter your round N cards".
	StepOwnRound
	// StepRoundFor: "Enter round N for Name".
	StepRoundFor
	// StepFinalOf: "Name's end of game", a final entry to correct.
	StepFinalOf
	// StepRound: "Round N", a round's results to correct.
	StepRound
	// StepChangeEntry: "Change Name's round N entry".
	StepChangeEntry
	// StepChangeFinal: "Change Name's end-of-game entry".
	StepChangeFinal
	// StepEndOfGame: "End of game", the final scores among other pages.
	StepEndOfGame
	// StepResults: "Round N results".
	StepResults
)

// message is the link's words in l, its player's name left as
// "{name}" to be isolated: "Enter round 3 for {name} (no phone)".
func (k Link) message(l lang.Lang) string {
	mark := ""
	if k.NoPhone && !k.Busy.Known {
		mark = l.T("link.no_phone")
	}
	keep := func(key string) string { return l.T(key, "round", k.Round, "mark", mark) }
	switch k.Step {
	case StepFinalFor:
		return keep("link.final_for")
	case StepRoundFor:
		return keep("link.round_for")
	case StepFinalOf:
		return keep("link.final_of")
	case StepChangeEntry:
		return keep("link.change_entry")
	case StepChangeFinal:
		return keep("link.change_final")
	}
	// The other steps name no player; a mark still follows them.
	return k.stepWords(l) + mark
}

// stepWords are the words of a step that names no player.
func (k Link) stepWords(l lang.Lang) string {
	switch k.Step {
	case StepFinalScores:
		return l.T("link.final_scores")
	case StepOwnFinal:
		return l.T("link.own_final")
	case StepSeeResults:
		return l.T("link.see_results", "round", k.Round)
	case StepOwnRound:
		return l.T("link.own_round", "round", k.Round)
	case StepRound:
		return l.T("link.round", "round", k.Round)
	case StepEndOfGame:
		return l.T("link.end_of_game")
	case StepResults:
		return l.T("link.results", "round", k.Round)
	}
	return ""
}

// runs are the link's words in l in order, names marked to be isolated:
// the step with its player, and for a seat another phone is entering
// now, which phone ("… · on Ann's phone now").
func (k Link) runs(l lang.Lang) []textRun {
	runs := withName(k.message(l), k.Name)
	switch {
	case !k.Busy.Known:
	case k.Busy.Owner != "" && !k.Busy.OwnSeat:
		runs = append(runs, withName(l.T("link.on_phone_of"), k.Busy.Owner)...)
	default:
		runs = append(runs, textRun{Text: l.T("link.on_other_phone")})
	}
	return runs
}

// withName cuts message at its "{name}" into runs, name in its place
// marked to be isolated.
func withName(message, name string) []textRun {
	before, after, found := strings.Cut(message, "{name}")
	if !found {
		return []textRun{{Text: message}}
	}
	return []textRun{{Text: before}, {Text: name, Name: true}, {Text: after}}
}

// Label is the link's whole text in English, as a test reads it.
func (k Link) Label() string { return k.LabelIn(lang.English) }

// LabelIn is the link's whole text in l, as a screen reader reads it.
func (k Link) LabelIn(l lang.Lang) string {
	var b strings.Builder
	for _, r := range k.runs(l) {
		b.WriteString(r.Text)
	}
	return b.String()
}
