package scoring

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Bounds of the play's record beyond the played time. A day is the
// longest a game of Ruthless can plausibly last (a game left on the table
// overnight is still one play); the text bounds follow the names' (R4.5):
// short enough to show on a phone without wrapping for the location, a
// few paragraphs for the notes.
const (
	MaxDurationMin    = 24 * 60
	MaxLocationLength = 80   // characters
	MaxNotesLength    = 1000 // characters
)

// decodePlayRecord reads duration_min, location and notes into g; each is
// optional, and null reads as absent.
func decodePlayRecord(top map[string]json.RawMessage, g *Game) error {
	if raw, ok := top["duration_min"]; ok && !isNull(raw) {
		n, err := decodeInt(raw, loc{path: "duration_min"})
		if err != nil {
			return err
		}
		// 0 would be written back as nothing: a file saying 0 would not
		// round-trip, and "not known" is said by leaving the field out.
		if n == 0 {
			return durationError(n)
		}
		g.DurationMin = n
	}
	texts := []struct {
		name string
		dst  *string
	}{{"location", &g.Location}, {"notes", &g.Notes}}
	for _, t := range texts {
		raw, ok := top[t.name]
		if !ok || isNull(raw) {
			continue
		}
		if err := json.Unmarshal(raw, t.dst); err != nil {
			return &FieldError{Field: t.name, Message: t.name + " must be text"}
		}
		// encoding/json turns bytes that are not UTF-8 into U+FFFD
		// without a word; the raw text is what says whether they were.
		if !utf8.Valid(raw) {
			return &FieldError{Field: t.name, Message: t.name + " must be UTF-8 text"}
		}
	}
	return CheckPlayRecord(*g)
}

// CheckPlayRecord checks the play's record of a game beyond its played
// time: DurationMin is 0 (not known) or 1 to MaxDurationMin minutes; the
// location is one line of at most MaxLocationLength characters and the
// notes at most MaxNotesLength, both UTF-8 without control characters
// (the notes may hold line breaks and tabs). The error is a *FieldError
// naming the field. Refusing rather than cleaning keeps a file that loads
// the same file when written back; the forms clean what people type.
func CheckPlayRecord(g Game) error {
	if g.DurationMin < 0 || g.DurationMin > MaxDurationMin {
		return durationError(g.DurationMin)
	}
	if msg := checkRecordText("location", g.Location, MaxLocationLength, false); msg != "" {
		return &FieldError{Field: "location", Message: msg}
	}
	if msg := checkRecordText("notes", g.Notes, MaxNotesLength, true); msg != "" {
		return &FieldError{Field: "notes", Message: msg}
	}
	return nil
}

func durationError(n int) *FieldError {
	return &FieldError{Field: "duration_min",
		Message: fmt.Sprintf("duration_min must be a whole number of minutes from 1 to %d, not %d", MaxDurationMin, n)}
}

// checkRecordText is the message for a bad location or notes text, ""
// for a good one. A text that is only spaces says nothing, so it would
// come back as "" from a form: it is refused here too, keeping the file
// and the form in agreement.
func checkRecordText(field, s string, maxLen int, lines bool) string {
	if !utf8.ValidString(s) {
		return field + " must be UTF-8 text"
	}
	if n := utf8.RuneCountInString(s); n > maxLen {
		return fmt.Sprintf("%s has at most %d characters, not %d", field, maxLen, n)
	}
	if s != "" && strings.TrimSpace(s) == "" {
		return field + " cannot be only spaces: leave it out instead"
	}
	for i, r := range []rune(s) {
		if lines && (r == '\n' || r == '\t') {
			continue
		}
		if unicode.IsControl(r) {
			return fmt.Sprintf("%s cannot hold a control character (U+%04X, character %d)", field, r, i+1)
		}
		// As in names: a direction control turns the text after it
		// around on every page, and in the CSV and BG Stats files;
		// a line separator breaks a line where only "\n" may.
		if unicode.In(r, unicode.Bidi_Control) {
			return fmt.Sprintf("%s cannot hold a text direction control (U+%04X, character %d)", field, r, i+1)
		}
		if unicode.In(r, unicode.Zl, unicode.Zp) {
			if lines {
				return fmt.Sprintf("%s cannot hold a line or paragraph separator (U+%04X, character %d): use a plain line break", field, r, i+1)
			}
			return fmt.Sprintf("%s is one line: it cannot hold a line or paragraph separator (U+%04X, character %d)", field, r, i+1)
		}
	}
	return ""
}

// NeutralRecordText is a location or notes text (notes when lines) as
// the exports write it: text direction controls dropped, and line and
// paragraph separators made a line break in notes, a space in a
// location. Checked texts have none; games stored before they were
// refused may.
func NeutralRecordText(s string, lines bool) string {
	return strings.Map(func(r rune) rune {
		switch {
		case unicode.In(r, unicode.Bidi_Control):
			return -1
		case unicode.In(r, unicode.Zl, unicode.Zp) && lines:
			return '\n'
		case unicode.In(r, unicode.Zl, unicode.Zp):
			return ' '
		}
		return r
	}, s)
}

// CleanRecordText is what a form makes of a location or notes typed by a
// person: Windows line ends made "\n", control characters dropped (line
// breaks and tabs kept in notes, lines true), spaces at both ends
// trimmed. The result may still be too long: CheckPlayRecord says so.
// Text that is not UTF-8 is left as it is, for CheckPlayRecord to refuse:
// a browser never sends it, so it is not a slip to tidy away. Direction
// controls and line separators are kept too: CheckPlayRecord refuses them
// with a message next to the field, as the name fields do, where
// dropping them unseen would save a text other than the one typed.
func CleanRecordText(s string, lines bool) string {
	if !utf8.ValidString(s) {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.Map(func(r rune) rune {
		if lines && (r == '\n' || r == '\t') {
			return r
		}
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}
