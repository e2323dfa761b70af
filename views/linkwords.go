package views

import (
	"strconv"
	"strings"
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

// Text is the link's words before its player's name (all of them when
// it names none).
func (l Link) Text() string {
	r := strconv.Itoa(l.Round)
	switch l.Step {
	case StepFinalScores:
		return "See the final scores"
	case StepOwnFinal:
		return "End of game: enter your cards"
	case StepFinalFor:
		return "End of game: enter "
	case StepSeeResults:
		return "See round " + r + " results"
	case StepOwnRound:
		return "Enter your round " + r + " cards"
	case StepRoundFor:
		return "Enter round " + r + " for "
	case StepRound:
		return "Round " + r
	case StepChangeEntry, StepChangeFinal:
		return "Change "
	case StepEndOfGame:
		return "End of game"
	case StepResults:
		return "Round " + r + " results"
	}
	return ""
}

// After is the link's words after its player's name.
func (l Link) After() string {
	mark := ""
	if l.NoPhone && !l.Busy.Known {
		mark = " (no phone)"
	}
	switch l.Step {
	case StepFinalFor:
		return mark + "'s cards"
	case StepRoundFor:
		return mark
	case StepFinalOf:
		return mark + "'s end of game"
	case StepChangeEntry:
		return "'s round " + strconv.Itoa(l.Round) + " entry"
	case StepChangeFinal:
		return "'s end-of-game entry"
	}
	return mark
}

// runs are the link's words in order, names marked to be isolated: the
// step, its player, the rest, and for a seat another phone is entering
// now, which phone ("… · on Ann's phone now").
func (l Link) runs() []textRun {
	runs := []textRun{{Text: l.Text()}, {Text: l.Name, Name: true}, {Text: l.After()}}
	switch {
	case !l.Busy.Known:
	case l.Busy.Owner != "" && !l.Busy.OwnSeat:
		runs = append(runs, textRun{Text: " · on "}, textRun{Text: l.Busy.Owner, Name: true}, textRun{Text: "'s phone now"})
	default:
		runs = append(runs, textRun{Text: " · on another phone now"})
	}
	return runs
}

// Label is the link's whole text, as a screen reader or a test reads it.
func (l Link) Label() string {
	var b strings.Builder
	for _, r := range l.runs() {
		b.WriteString(r.Text)
	}
	return b.String()
}
