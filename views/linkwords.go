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

// key is the catalogue message of the link's step: its words, with
// {name} where its player goes, {mark} where "(no phone)" goes and
// {round} for its round.
func (l Link) key() string {
	switch l.Step {
	case StepFinalScores:
		return "link.final_scores"
	case StepOwnFinal:
		return "link.own_final"
	case StepFinalFor:
		return "link.final_for"
	case StepSeeResults:
		return "link.see_results"
	case StepOwnRound:
		return "link.own_round"
	case StepRoundFor:
		return "link.round_for"
	case StepRound:
		return "link.round"
	case StepFinalOf:
		return "link.final_of"
	case StepChangeEntry:
		return "link.change_entry"
	case StepChangeFinal:
		return "link.change_final"
	case StepEndOfGame:
		return "link.end_of_game"
	case StepResults:
		return "link.results"
	}
	return "link.name_only"
}

// runs are the link's words in language lg, names marked to be isolated:
// the step with its player, and for a seat another phone is entering
// now, which phone ("… · on Ann's phone now").
func (l Link) runs(lg lang.Lang) []textRun {
	mark := ""
	if l.NoPhone && !l.Busy.Known {
		mark = lg.T("link.no_phone")
	}
	text := lg.T(l.key())
	if l.Name != "" && !strings.Contains(text, "{name}") {
		text += "{name}"
	}
	runs := messageRuns(text, map[string]textRun{
		"{name}": {Text: l.Name, Name: true}, "{mark}": {Text: mark}, "{round}": {Text: lg.Number(l.Round)}})
	switch {
	case !l.Busy.Known:
	case l.Busy.Owner != "" && !l.Busy.OwnSeat:
		runs = append(runs, messageRuns(lg.T("link.busy_on"), map[string]textRun{"{name}": {Text: l.Busy.Owner, Name: true}})...)
	default:
		runs = append(runs, textRun{Text: lg.T("link.busy_other")})
	}
	return runs
}

// messageRuns cuts a catalogue message at its {names} into runs, each
// name filled with its run.
func messageRuns(text string, fill map[string]textRun) []textRun {
	var runs []textRun
	for text != "" {
		open := strings.IndexByte(text, '{')
		end := strings.IndexByte(text[max(open, 0):], '}')
		if open < 0 || end < 0 {
			runs = append(runs, textRun{Text: text})
			break
		}
		end += open
		if open > 0 {
			runs = append(runs, textRun{Text: text[:open]})
		}
		if r, ok := fill[text[open:end+1]]; ok {
			runs = append(runs, r)
		} else {
			runs = append(runs, textRun{Text: text[open : end+1]})
		}
		text = text[end+1:]
	}
	return runs
}

// Label is the link's whole text, as a screen reader or a test reads it.
func (l Link) Label() string {
	var b strings.Builder
	for _, r := range l.runs(lang.English) {
		b.WriteString(r.Text)
	}
	return b.String()
}
