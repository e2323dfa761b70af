package views

import (
	"strings"
	"time"

	"ruthless/views/lang"
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

// Words names the phone in English: "Ben's phone", "their own phone",
// "another phone"; "" when it is not known.
func (p Phone) Words() string { return p.WordsIn(lang.English) }

// WordsIn names the phone in language l; "" when it is not known.
func (p Phone) WordsIn(l lang.Lang) string {
	switch {
	case !p.Known:
		return ""
	case p.OwnSeat:
		return l.T("phone.own")
	case p.Owner != "":
		return l.T("phone.of", "name", p.Owner)
	}
	return l.T("phone.other")
}

// SaveTime is when a save was made, and when the page is drawn: the page
// words it in its language (In).
type SaveTime struct {
	At, Now time.Time
}

// SavedAt is the time of a save seen at now; a zero t is an unknown
// time (a save from before the app kept save times).
func SavedAt(t, now time.Time) SaveTime { return SaveTime{At: t, Now: now} }

// Known says the time of the save is known.
func (s SaveTime) Known() bool { return !s.At.IsZero() }

// In says when the save was made: "at 21:04" today, "on 4 May at 21:04"
// this year, else with the year; "" for an unknown time.
func (s SaveTime) In(l lang.Lang) string {
	if !s.Known() {
		return ""
	}
	t, now := s.At.Local(), s.Now.Local()
	if y, m, d := t.Date(); y == now.Year() && m == now.Month() && d == now.Day() {
		return l.T("saved.today", "time", l.Time(t))
	}
	day := l.Date(t)
	if t.Year() == now.Year() {
		day = dayMonth(l, t)
	}
	return l.T("saved.on", "day", day, "time", l.Time(t))
}

// dayMonth writes a day of this year without the year, the language's
// way ("4 May", "4.5."), its month named by the catalogue.
func dayMonth(l lang.Lang, t time.Time) string {
	s := t.Format(l.T("lang.daymonth"))
	if months := strings.Fields(l.T("lang.months")); len(months) == 12 {
		s = strings.Replace(s, t.Format("Jan"), months[t.Month()-1], 1)
	}
	return s
}

// savedByText is who saved an entry and when: "Ben's phone at 21:04".
func savedByText(l lang.Lang, by Phone, at SaveTime) string {
	return strings.TrimSpace(by.WordsIn(l) + " " + at.In(l))
}

// OpenElsewhereText says that phone p opened this seat's form ago: "Ann's
// phone opened this entry 2 min ago: enter it on one phone only."
func OpenElsewhereText(l lang.Lang, p Phone, ago time.Duration) string {
	if m := int(ago / time.Minute); m >= 1 {
		return UpperFirst(l.T("phone.opened_ago", "phone", p.WordsIn(l), "n", m))
	}
	return UpperFirst(l.T("phone.opened_now", "phone", p.WordsIn(l)))
}
