//go:build !noshareimage

package views

import (
	"slices"
	"unicode"
)

// The share image draws text one glyph after another, left to right, with
// no shaping engine. That is right for Latin, Greek, Cyrillic and Chinese;
// an Arabic name would come out with its letters unjoined and backwards.
// visualOrder fixes the two things that matter for a name: each Arabic
// letter takes its joined form (the presentation forms every Arabic font
// carries), and a right-to-left name is laid out from its right end.

// arabicForms lists the Arabic letters U+0621…U+064A that have
// presentation forms, in order, with how many forms each has in the
// Arabic Presentation Forms-B block (which lists them in the same order
// from U+FE80): 1 does not join, 2 joins only to the letter before it,
// 4 joins on both sides. Letters missing here (U+063B…U+0640) have none.
var arabicForms = []struct {
	letter rune
	forms  int
}{
	{0x0621, 1}, {0x0622, 2}, {0x0623, 2}, {0x0624, 2}, {0x0625, 2}, {0x0626, 4},
	{0x0627, 2}, {0x0628, 4}, {0x0629, 2}, {0x062A, 4}, {0x062B, 4}, {0x062C, 4},
	{0x062D, 4}, {0x062E, 4}, {0x062F, 2}, {0x0630, 2}, {0x0631, 2}, {0x0632, 2},
	{0x0633, 4}, {0x0634, 4}, {0x0635, 4}, {0x0636, 4}, {0x0637, 4}, {0x0638, 4},
	{0x0639, 4}, {0x063A, 4}, {0x0641, 4}, {0x0642, 4}, {0x0643, 4}, {0x0644, 4},
	{0x0645, 4}, {0x0646, 4}, {0x0647, 4}, {0x0648, 2}, {0x0649, 2}, {0x064A, 4},
}

// arabicLetter is a letter's first (isolated) presentation form and its
// number of forms.
type arabicLetter struct {
	isolated rune
	forms    int
}

// arabicTable maps each letter of arabicForms to its forms.
var arabicTable = func() map[rune]arabicLetter {
	m := make(map[rune]arabicLetter, len(arabicForms))
	next := rune(0xFE80)
	for _, a := range arabicForms {
		m[a.letter] = arabicLetter{next, a.forms}
		next += rune(a.forms)
	}
	return m
}()

// lamAlef are the ligatures of Lam followed by an Alef (isolated form;
// the final form follows it): a font draws the pair only as one.
var lamAlef = map[rune]rune{0x0622: 0xFEF5, 0x0623: 0xFEF7, 0x0625: 0xFEF9, 0x0627: 0xFEFB}

// isMark reports whether r is a combining mark (Arabic vowel signs), which
// joining looks through.
func isMark(r rune) bool { return unicode.Is(unicode.Mn, r) }

// shapeArabic replaces each Arabic letter of s by its joined form.
func shapeArabic(s []rune) []rune {
	// neighbour finds the letter before (step -1) or after (+1) i,
	// skipping marks.
	neighbour := func(i, step int) (arabicLetter, bool) {
		for j := i + step; j >= 0 && j < len(s); j += step {
			if isMark(s[j]) {
				continue
			}
			a, ok := arabicTable[s[j]]
			return a, ok
		}
		return arabicLetter{}, false
	}
	out := make([]rune, 0, len(s))
	for i := 0; i < len(s); i++ {
		a, ok := arabicTable[s[i]]
		if !ok {
			out = append(out, s[i])
			continue
		}
		prev, hasPrev := neighbour(i, -1)
		joinsBefore := hasPrev && prev.forms == 4 && a.forms > 1
		if s[i] == 0x0644 && i+1 < len(s) {
			if lig, ok := lamAlef[s[i+1]]; ok {
				if joinsBefore {
					lig++
				}
				out = append(out, lig)
				i++
				continue
			}
		}
		next, hasNext := neighbour(i, +1)
		joinsAfter := a.forms == 4 && hasNext && next.forms > 1
		form := 0 // isolated
		switch {
		case joinsBefore && joinsAfter:
			form = 3 // medial
		case joinsAfter:
			form = 2 // initial
		case joinsBefore:
			form = 1 // final
		}
		out = append(out, a.isolated+rune(form))
	}
	return out
}

// rtl reports whether r is written right to left.
func rtl(r rune) bool {
	return unicode.In(r, unicode.Arabic, unicode.Hebrew, unicode.Syriac, unicode.Thaana, unicode.Nko)
}

// visualOrder is s as the image draws it, left to right: Arabic letters
// joined, and a name whose first letter is right-to-left reversed, except
// for the runs of left-to-right letters and digits inside it, which keep
// their own order.
func visualOrder(s string) string {
	runes := []rune(s)
	first := -1
	for i, r := range runes {
		if unicode.IsLetter(r) {
			first = i
			break
		}
	}
	if first < 0 || !rtl(runes[first]) {
		return s
	}
	runes = shapeArabic(runes)
	// Reverse the whole name, then put each left-to-right run back in
	// its own order.
	slices.Reverse(runes)
	ltr := func(r rune) bool {
		return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !rtl(r) && !(r >= 0xFB50 && r <= 0xFEFF)
	}
	for i := 0; i < len(runes); {
		if !ltr(runes[i]) {
			i++
			continue
		}
		j := i
		for j < len(runes) && (ltr(runes[j]) || runes[j] == ' ' && j+1 < len(runes) && ltr(runes[j+1])) {
			j++
		}
		slices.Reverse(runes[i:j])
		i = j
	}
	return string(runes)
}
