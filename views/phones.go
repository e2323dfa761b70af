package views

import (
	"strconv"
	"strings"
	"time"
)

// Phone names a phone by the player who holds it, for "Saved by …" and
// "… is on …": the page words it (Words).
type Phone struct {
	// Known says which phone it is, is known at all.
	Known bool
	// Owner is the player whose phone it is; "" for a phone of no seat.
	Owner string
	// OwnSeat says the phone is the seat's own player's.
	OwnSeat bool
}

// PhoneOf is the phone of the player in seat of players, unknown when
// the seat is not one of them.
func PhoneOf(players []string, seat int) Phone {
	if seat < 0 || seat >= len(players) {
		return Phone{}
	}
	return Phone{Known: true, Owner: players[seat]}
}

// Words names the phone: "Ben's phone", "their own phone", "another
// phone"; "" when it is not known.
func (p Phone) Words() string {
	switch {
	case !p.Known:
		return ""
	case p.OwnSeat:
		return "their own phone"
	case p.Owner != "":
		return p.Owner + "'s phone"
	}
	return "another phone"
}

// SavedAt says when a save was made, seen at now: "at 21:04" today, "on
// 4 May at 21:04" this year, else with the year; "" for an unknown time
// (a save from before the app kept save times).
func SavedAt(t, now time.Time) string {
	if t.IsZero() {
		return ""
	}
	t, now = t.Local(), now.Local()
	if y, m, d := t.Date(); y == now.Year() && m == now.Month() && d == now.Day() {
		return "at " + t.Format("15:04")
	}
	if t.Year() == now.Year() {
		return "on " + t.Format("2 Jan") + " at " + t.Format("15:04")
	}
	return "on " + t.Format("2 Jan 2006") + " at " + t.Format("15:04")
}

// savedByText is who saved an entry and when: "Ben's phone at 21:04".
func savedByText(by Phone, at string) string {
	return strings.TrimSpace(by.Words() + " " + at)
}

// OpenElsewhereText says that phone p opened this seat's form ago: "Ann's
// phone opened this entry 2 min ago: enter it on one phone only."
func OpenElsewhereText(p Phone, ago time.Duration) string {
	when := "just now"
	if m := int(ago / time.Minute); m >= 1 {
		when = strconv.Itoa(m) + " min ago"
	}
	return UpperFirst(p.Words()) + " opened this entry " + when + ": enter it on one phone only."
}
