package views

import (
	"context"
	"strings"
	"unicode"

	"ruthless/views/lang"
)

// The ids, titles and marks of a card grid's cells.

// cardTitle is a grid card's tooltip: its name, and who holds it.
func cardTitle(l lang.Lang, c TapCard) string {
	if c.Clash {
		return l.T("grid.title.clash", "card", c.TitleIn(l), "name", c.Holder)
	}
	if c.Holder != "" {
		return l.T("grid.title.held", "card", c.TitleIn(l), "name", c.Holder)
	}
	return c.TitleIn(l)
}

// faceTestID is the data-testid of face c in a FaceRow marked prefix:
// prefix-CODE, or none when prefix is empty.
func faceTestID(prefix string, c CardFace) string {
	if prefix == "" {
		return ""
	}
	return prefix + "-" + c.Code
}

// suitID is the data-testid of the block of suit letter.
func (g TapGrid) suitID(letter string) string {
	if g.EntryForm {
		return "suit-" + letter
	}
	return g.Prefix + "-suit-" + letter
}

// inputID is the id of card code's checkbox.
func (g TapGrid) inputID(code string) string {
	if g.EntryForm {
		return "c-" + code
	}
	return g.Prefix + "-" + code
}

// noteID is the data-testid of the note under card code.
func (g TapGrid) noteID(code string) string {
	if g.EntryForm {
		return "holder-" + code
	}
	return g.Prefix + "-note-" + code
}

// holderMark is how a card of the grid names its holder in the little
// room it has: a short name whole, else the initials of its first two
// words, or the first two characters of a name written without spaces.
// A cut name ("Bartho…") would look like someone else's; the card's
// title and the hidden text beside the mark keep the whole name.
func holderMark(name string) string {
	r := []rune(strings.TrimSpace(name))
	if displayWidth(r) <= 5 {
		return string(r)
	}
	words := strings.FieldsFunc(string(r), func(c rune) bool { return unicode.IsSpace(c) || c == '-' })
	if len(words) >= 2 {
		a, b := []rune(words[0]), []rune(words[1])
		return string(a[:1]) + string(b[:1])
	}
	return string(r[:2])
}

// displayWidth is how many narrow letters' room a name takes: a Chinese,
// Japanese or Korean character is as wide as two, so "欧阳晓明" needs the
// room of eight and is marked by its first two characters where a column
// is narrow (issue 41: it broke in the scoreboard's round header).
func displayWidth(r []rune) int {
	w := 0
	for _, c := range r {
		if unicode.In(c, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) {
			w += 2
		} else {
			w++
		}
	}
	return w
}

// subLabel is the words of a grid card's second tick ("buried") in the
// page's language; the tick's form name is its code.
func subLabel(ctx context.Context, sub string) string {
	if sub == "buried" {
		return tr(ctx, "grid.buried")
	}
	return sub
}
