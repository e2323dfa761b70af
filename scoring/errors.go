package scoring

import (
	"strconv"
	"strings"
)

// FieldError is invalid input, named by the path of the offending field in
// the game file (players[3], rounds[1][0].pool[2], final[0].coins …) so the
// API can answer {"error", "field"} and pages can put the message next to
// the field.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"error"`
	// Rule is the docs/rules.md ID the input breaks, when one does.
	Rule string `json:"rule,omitempty"`
	// Players are the seats involved, e.g. both holders of one card (R4.1).
	Players []int `json:"players,omitempty"`
	// OtherField is the path of the other value in a conflict (the first
	// holder of a card for R4.1, the round entry behind an R4.4 error), so a
	// form editing either value can show the message next to it.
	OtherField string `json:"other_field,omitempty"`
	// Place is where Field is, when it is in a round entry, a final
	// collection or the players' names; nil for any other field. A form
	// reads it, not the path, to tell whether the error is about the value
	// it edits.
	Place *Place `json:"-"`
	// OtherPlace is where OtherField is, likewise.
	OtherPlace *Place `json:"-"`

	// Code says which problem this is, so a page can word it in its own
	// language (views.FieldProblem); Message is the machine interfaces'
	// English (the command line's line, the API's "error", the logs). The
	// fields below are the values a wording needs; each code's comment
	// says which it sets. Message is made from the code and these values
	// only (machineWords), so they are enough for any wording.
	Code Code `json:"-"`
	// Card is the card concerned.
	Card Card `json:"-"`
	// Names are the names of the players concerned (Players' seats, or the
	// one player an R4.4 error is about).
	Names []string `json:"-"`
	// Text is the text concerned as it was given: a card code, a name, an
	// achievement id, a raw value, the JSON parser's own words, a field's
	// name.
	Text string `json:"-"`
	// Value is the number given (a count, a version, a seat, an offset).
	Value int `json:"-"`
	// Min and Max are the range a number must be in.
	Min, Max int `json:"-"`
	// Seats is how many players the game has.
	Seats int `json:"-"`
	// Round is the round concerned, 1-based.
	Round int `json:"-"`
	// Char is the unwanted character of a text, At its position (1-based,
	// in characters).
	Char rune `json:"-"`
	At   int  `json:"-"`
	// Item is the index of the offending code in a list ReadCards read,
	// for its caller to name the field; -1 when the error is not from a
	// list.
	Item int `json:"-"`
}

func (e *FieldError) Error() string {
	var b strings.Builder
	if e.Field != "" {
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	b.WriteString(e.Message)
	return b.String()
}

// Place is a value's place in a game file, read into its parts: within a
// round entry (Round > 0), within a final collection (Final), or else
// within the players' names. Its String is the path FieldError.Field
// writes.
type Place struct {
	// Round is the round (1-based) of a round entry, rounds[Round-1]; 0
	// when the place is not in a round.
	Round int
	// Final is true for a place in the end-of-game collections, final.
	Final bool
	// Seat is the player: of the round entry, of the final collection, or
	// whose name it is (players[Seat]); -1 for the whole round, the whole
	// final list or the whole players list.
	Seat int
	// Name is the value within the entry or collection: "pool", "coins",
	// "pirates", "buried_pirates", "buried_powder_monkeys",
	// "loot_banner_kept", "loot_banner_buried", "parley_used"; "" for the
	// entry, the collection or the name itself.
	Name string
	// Index is the position in the list Name (a card of a pool), -1 for
	// none.
	Index int
}

// String is the place as a JSON path: rounds[1][0].pool[2], final[3].coins,
// players[0].
func (p Place) String() string {
	var b strings.Builder
	index := func(i int) {
		b.WriteByte('[')
		b.WriteString(strconv.Itoa(i))
		b.WriteByte(']')
	}
	switch {
	case p.Round > 0:
		b.WriteString("rounds")
		index(p.Round - 1)
	case p.Final:
		b.WriteString("final")
	default:
		b.WriteString("players")
	}
	if p.Seat >= 0 {
		index(p.Seat)
	}
	if p.Name != "" {
		b.WriteByte('.')
		b.WriteString(p.Name)
	}
	if p.Index >= 0 {
		index(p.Index)
	}
	return b.String()
}

// roundPlace is seat's entry for a round (1-based); seat -1 is the whole
// round.
func roundPlace(round, seat int) Place { return Place{Round: round, Seat: seat, Index: -1} }

// finalPlace is seat's final collection; seat -1 is the whole list.
func finalPlace(seat int) Place { return Place{Final: true, Seat: seat, Index: -1} }

// namePlace is seat's name; seat -1 is the whole players list.
func namePlace(seat int) Place { return Place{Seat: seat, Index: -1} }

// in is the place of the value name within p.
func (p Place) in(name string) Place {
	p.Name = name
	return p
}

// at is the place of item i of the list at p: a seat of a whole list, a
// card of a pool.
func (p Place) at(i int) Place {
	if p.Seat < 0 {
		p.Seat = i
	} else {
		p.Index = i
	}
	return p
}

// refuse is e, worded, at a place under a rule ("" for none).
func (p Place) refuse(rule string, e *FieldError) *FieldError {
	e.Field, e.Rule, e.Place = p.String(), rule, &p
	return e.worded()
}

// worded sets e's Message from its code and values and returns e.
func (e *FieldError) worded() *FieldError {
	e.Message = machineWords(e)
	return e
}

// refusal is a worded FieldError of a code at a field given by its path
// ("" for the input as a whole), under a rule ("" for none).
func refusal(field, rule string, e *FieldError) *FieldError {
	e.Field, e.Rule = field, rule
	return e.worded()
}
