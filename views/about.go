package views

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"ruthless/views/lang"
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
	// FirstEntry and DefaultMinutes say what an empty field stands for:
	// the first entry's time (zero when none), and the minutes from it to
	// the last end-of-game save (0 when not known yet).
	FirstEntry                time.Time
	DefaultMinutes            int
	Duration, Location, Notes string
	Errors                    Errors
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
// show it: when (in the zone it was written with), how long in minutes
// (0 for unknown), where, and the notes ("" for unknown).
type PlayFacts struct {
	When            time.Time
	Minutes         int
	Location, Notes string
}

// Line is the facts but the notes, in language l, joined by " · ".
func (f PlayFacts) Line(l lang.Lang) string {
	var parts []string
	when := ""
	if !f.When.IsZero() {
		when = l.DateTime(f.When)
	}
	for _, s := range []string{when, Minutes(l, f.Minutes), f.Location} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " · ")
}

// Minutes writes a duration for people in language l: "45 min", "1 h",
// "2 h 05 min"; "" for none.
func Minutes(l lang.Lang, n int) string {
	switch {
	case n <= 0:
		return ""
	case n < 60:
		return l.T("about.minutes", "n", n)
	case n%60 == 0:
		return l.T("about.hours", "h", n/60)
	}
	return l.T("about.hours_minutes", "h", n/60, "min", fmt.Sprintf("%02d", n%60))
}
