package scoring

import (
	"encoding/json"
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
			return refusal(t.name, "", &FieldError{Code: CodeRecordNotText, Text: t.name})
		}
		// encoding/json turns bytes that are not UTF-8 into U+FFFD
		// without a word; the raw text is what says whether they were.
		if !utf8.Valid(raw) {
			return refusal(t.name, "", &FieldError{Code: CodeRecordNotUTF8, Text: t.name})
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
	if fe := checkRecordText("location", g.Location, MaxLocationLength, false); fe != nil {
		return fe
	}
	if fe := checkRecordText("notes", g.Notes, MaxNotesLength, true); fe != nil {
		return fe
	}
	return nil
}

func durationError(n int) *FieldError {
	return refusal("duration_min", "", &FieldError{Code: CodeDuration, Value: n, Max: MaxDurationMin})
}

// checkRecordText is the error of a bad location or notes text, nil for
// a good one. A text that is only spaces says nothing, so it would
// come back as "" from a form: it is refused here too, keeping the file
// and the form in agreement.
func checkRecordText(field, s string, maxLen int, lines bool) *FieldError {
	refuse := func(e *FieldError) *FieldError {
		e.Text = field
		return refusal(field, "", e)
	}
	if !utf8.ValidString(s) {
		return refuse(&FieldError{Code: CodeRecordNotUTF8})
	}
	if n := utf8.RuneCountInString(s); n > maxLen {
		return refuse(&FieldError{Code: CodeRecordTooLong, Value: n, Max: maxLen})
	}
	if s != "" && strings.TrimSpace(s) == "" {
		return refuse(&FieldError{Code: CodeRecordOnlySpaces})
	}
	for i, r := range []rune(s) {
		if lines && (r == '\n' || r == '\t') {
			continue
		}
		if unicode.IsControl(r) {
			return refuse(&FieldError{Code: CodeRecordControl, Char: r, At: i + 1})
		}
		// As in names: a direction control turns the text after it
		// around on every page, and in the CSV and BG Stats files;
		// a line separator breaks a line where only "\n" may.
		if unicode.In(r, unicode.Bidi_Control) {
			return refuse(&FieldError{Code: CodeRecordDirection, Char: r, At: i + 1})
		}
		if unicode.In(r, unicode.Zl, unicode.Zp) {
			if lines {
				return refuse(&FieldError{Code: CodeNotesSeparator, Char: r, At: i + 1})
			}
			return refuse(&FieldError{Code: CodeLineSeparator, Char: r, At: i + 1})
		}
	}
	return nil
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
