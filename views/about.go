package views

import (
	"fmt"
	"strconv"
	"strings"
)

// AboutURL is a game's "About this game" form: the play's record.
func AboutURL(id string) string { return GameURL(id) + "/about" }

// RematchURL is where a rematch of a game is started (POST) or set up on
// a pre-filled new-game form (GET).
func RematchURL(id string) string { return GameURL(id) + "/rematch" }

// AboutView is the "About this game" form: when the game was played, how
// long it took, where, and notes. Every value is the text of its input,
// as shown or as the user typed it.
type AboutView struct {
	GameID  string
	Players []string
	// Played is the datetime-local value ("2024-05-01T20:00"), in the
	// zone of Offset (minutes east of UTC), which the hidden tz field
	// carries; PlayedUTC is the same instant in RFC 3339, from which the
	// page's script shows the phone's own local time instead.
	Played, PlayedUTC string
	Offset            int
	// PlayedDefault and DurationDefault say what an empty field stands
	// for (the first entry's time; the minutes from it to the last
	// end-of-game save), "" when nothing is known.
	PlayedDefault, DurationDefault string
	Duration, Location, Notes      string
	Errors                         Errors
	// Saved says the form was just saved: the page says so.
	Saved bool
}

// TZ is the hidden tz field's value.
func (vm AboutView) TZ() string { return strconv.Itoa(vm.Offset) }

// RematchView is the final scores' rematch box.
type RematchView struct {
	GameID string
	// Started is the address of the rematch already made from this game
	// ("" for none): every phone on this page is offered it.
	Started string
	// CanStart is false for a phone let in by a join code alone, which
	// may play and correct this game but not make new ones.
	CanStart bool
	// StartName is who gets the Start Player token next: the seat after
	// this game's start player, clockwise.
	StartName string
	Token     string
}

// PlayFacts is the play's record as the final scores and the result card
// show it: when, how long, where, and the notes; "" for what is unknown.
type PlayFacts struct {
	When, Duration, Location, Notes string
}

// Line is the facts but the notes, joined by " · ".
func (f PlayFacts) Line() string {
	var parts []string
	for _, s := range []string{f.When, f.Duration, f.Location} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " · ")
}

// Minutes writes a duration for people: "45 min", "1 h", "2 h 05 min".
func Minutes(n int) string {
	switch {
	case n <= 0:
		return ""
	case n < 60:
		return strconv.Itoa(n) + " min"
	case n%60 == 0:
		return strconv.Itoa(n/60) + " h"
	}
	return fmt.Sprintf("%d h %02d min", n/60, n%60)
}
