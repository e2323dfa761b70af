package views

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"ruthless/scoring"
)

// cardTitle is a grid card's tooltip: its name, and who holds it.
func cardTitle(c TapCard) string {
	if c.Clash {
		return c.Title + ": also in " + c.Holder + "'s entry"
	}
	if c.Holder != "" {
		return c.Title + ": held by " + c.Holder
	}
	return c.Title
}

// MaxNameLength is the most characters a player's name has (R4.5): the
// new-game and rename forms say so and hold typing to it.
const MaxNameLength = scoring.MaxNameLength

// listSeparator is what follows name i of n in a list worded as
// JoinNames words it: ", " between, " and " before the last.
func listSeparator(i, n int) string {
	switch {
	case i == n-2:
		return " and "
	case i < n-2:
		return ", "
	}
	return ""
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
	if len(r) <= 5 {
		return string(r)
	}
	words := strings.FieldsFunc(string(r), func(c rune) bool { return unicode.IsSpace(c) || c == '-' })
	if len(words) >= 2 {
		a, b := []rune(words[0]), []rune(words[1])
		return string(a[:1]) + string(b[:1])
	}
	return string(r[:2])
}

// achCell is seat i's count in an achievement's row, or "" where the row
// has none for it.
func achCell(counts []string, i int) string {
	if i < len(counts) {
		return counts[i]
	}
	return ""
}

// achNP is seat i's NP from an achievement, as text.
func achNP(np []int, i int) string {
	if i < len(np) {
		return strconv.Itoa(np[i])
	}
	return ""
}

// latestGames counts the latest games as a phrase: "the latest game",
// "the latest 5 games".
func latestGames(n int) string {
	if n == 1 {
		return "the latest game"
	}
	return "the latest " + strconv.Itoa(n) + " games"
}

// playersWithMost is "the player with the most" or "the 4 players with
// the most".
func playersWithMost(n int) string {
	if n == 1 {
		return "the player with the most"
	}
	return "the " + strconv.Itoa(n) + " players with the most"
}

// UpperFirst starts s with a capital letter: the app's one capitaliser,
// for messages that begin a sentence on a page.
func UpperFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// LongNames says whether a name of the game is too long for a quarter of
// a narrow phone's width (more than 8 characters): the scoreboard then
// puts two tiles in a row and marks the round table's columns short.
func (vm GameView) LongNames() bool {
	for _, p := range vm.Players {
		if utf8.RuneCountInString(strings.TrimSpace(p)) > 8 {
			return true
		}
	}
	return false
}
