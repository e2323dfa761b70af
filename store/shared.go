package store

import (
	"slices"
	"strings"
	"time"

	"ruthless/scoring"
)

// The pure parts of what a store promises, exported for the other store
// behind the table's Store interface (store/memstore, the browser's),
// so that both refuse, date, spell and recognise games by one rule rather
// than by two copies that drift apart.

// NewID returns a new random game id, as the store spells them.
func NewID() string { return newID() }

// NewToken returns a new random share link token.
func NewToken() string { return newToken() }

// CheckShape refuses a game file whose rounds, seats or played time a
// store cannot hold (ErrBadRound, ErrBadPlayer, a bad played time).
func CheckShape(g scoring.Game) error { return checkShape(g) }

// Fingerprint is the hash of a game's content without the play's record,
// by which an import recognises a game the store holds already.
func Fingerprint(g scoring.Game) (string, error) { return fingerprint(g) }

// PlayedTime is the instant a game file's played time names.
func PlayedTime(played string) (time.Time, error) { return playedTime(played) }

// PlayedText is what a stored game's file says for played: the text it
// was given, else its creation time.
func PlayedText(played string, created time.Time) string { return playedText(played, created) }

// CompleteFinal is a game file's final list: every seat's, or nil while
// any seat has not entered one.
func CompleteFinal(finals []*scoring.FinalEntry) []scoring.FinalEntry { return completeFinal(finals) }

// CheckNewName applies R4.5 to the new name of a rename (ErrBadName).
func CheckNewName(name string) error { return checkNewName(name) }

// CheckRecord checks a play's record as SetRecord does.
func CheckRecord(rec Record) error { return checkRecord(rec) }

// Match reports whether the filter selects game g, as GamesPageFiltered's
// SQL does: a player's name and a search text compared by
// scoring.NameKey (trimmed, any case in any alphabet), a game finished
// when it is over (scoring.Game.Over).
func (f GameFilter) Match(g StoredGame) bool {
	if name := strings.TrimSpace(f.Player); name != "" {
		if !slices.ContainsFunc(g.File.Players, func(p string) bool { return scoring.NameKey(p) == scoring.NameKey(name) }) {
			return false
		}
	}
	if s := strings.TrimSpace(f.Search); s != "" {
		if !slices.ContainsFunc(g.File.Players, func(p string) bool { return strings.Contains(scoring.NameKey(p), scoring.NameKey(s)) }) {
			return false
		}
	}
	switch f.State {
	case "finished":
		return g.File.Over()
	case "in_progress":
		return !g.File.Over()
	}
	return true
}

// Precedes reports whether cursor c comes before game g in the list of
// games (most recently updated first, ties by the greater id first):
// whether it belongs on the page that starts at c.
func (c Cursor) Precedes(g StoredGame) bool {
	if c.IsZero() {
		return true
	}
	gu, cu := g.Updated.UnixNano(), c.Updated.UnixNano()
	return gu < cu || gu == cu && g.ID < c.ID
}
