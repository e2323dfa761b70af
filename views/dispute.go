package views

import (
	"context"
	"io"
	"strings"

	"github.com/a-h/templ"

	"ruthless/scoring"
	"ruthless/views/lang"
)

// What the pages that settle arguments share: the card grid tapped, a
// party's sets, sentences with cards in them (Phrase), wild notes. Each
// page's own model is in solveview.go (the best party, "why not more?",
// the recruit advisor) and checkview.go (check my party).

// TapGrid is a card grid of checkboxes, one block per suit, each card a
// styled checkbox, so it works without JavaScript. It names its inputs
// (Name) and their ids and test ids (Prefix), so a page can hold two
// grids, and each card can carry a note.
type TapGrid struct {
	Name   string // the form field of the checkboxes: card, tavern
	Prefix string // ids and data-testids are Prefix-CODE
	// EntryForm marks the grid of the round and end-of-game forms, which
	// keeps the names its tests and scripts know: no wrapper, suits
	// suit-LETTER, inputs c-CODE, notes holder-CODE.
	EntryForm bool
	// Deck lays the whole deck out on one phone screen: a column per suit,
	// a row per rank, each card a small card face (the round entry).
	Deck bool
	Rows []TapRow
}

// TapRow is one suit of a TapGrid.
type TapRow struct {
	Letter string
	Name   string
	Cards  []TapCard
}

// TapCard is one card of a TapGrid.
type TapCard struct {
	CardFace
	Checked  bool
	Disabled bool
	// Note is a word under the card: which set it is in on /check, "pool"
	// on the advisor's grid.
	Note string
	// Placed marks a card that is in the claimed party or pool (/check).
	Placed bool
	// Outside marks a card outside a fixed pool (/check from a round).
	Outside bool
	// Holder names the player who already holds the card this game; the
	// card is then disabled (R4.1), unless this entry has it too.
	Holder string
	// Clash says this entry has the card although Holder holds it: it
	// stays ticked, marked, so the player sees what to untap.
	Clash bool
	// Sub is the optional toggle under the card: "power" for a Captain,
	// "buried" on the end-of-game form; empty for none.
	Sub        string
	SubChecked bool
}

// SetResult is one set of a party as the dispute pages draw it: its
// pattern and size, its strength worked out (R1.2), and what each wild
// became (R1.4, R1.5).
type SetResult struct {
	Name     string // "Flush of 4"
	Sum      string // "8 + 3 = 11"
	Strength int
	Cards    []CardFace
	Wilds    []WildNote
	// naming, kind and size let the page name the set in its language
	// (setName); with no naming, Name is shown as it is.
	naming setNaming
	kind   scoring.SetKind
	size   int
}

// Phrase is a sentence with cards in it ("Putting K5 to use"). A page
// draws each card with the suit sprite (Sentence), so no emoji font is
// needed; String writes the same sentence in words, as a screen reader
// reads the page ("Putting 5 of Kraken to use").
type Phrase []PhrasePart

// PhrasePart is a piece of a Phrase: text, a card when Rank is set, or a
// symbol of the sprite alone when Icon is.
type PhrasePart struct {
	Text string
	// Rank (1…7, Q, C, P) and Suit (a suit letter) name a card.
	Rank, Suit string
	// Power marks a Captain using its power, written SC* in codes.
	Power bool
	// Icon is a symbol of the page's SuitSprite (anchor, parrot) drawn after
	// the word that names it, in the colour of Suit; screen readers skip
	// it, since the word says it.
	Icon string
}

// Words is the part in English words: see In.
func (p PhrasePart) Words() string { return p.In(lang.English) }

// In is the part in words of language l: its text, or the card as
// CardMark reads it out ("5 of Kraken", "Parrot of Swords", "C of
// Swords*").
func (p PhrasePart) In(l lang.Lang) string {
	if p.Rank == "" {
		return p.Text
	}
	rank := p.Rank
	if rank == "P" {
		rank = l.T("card.parrot")
	}
	s := l.T("card.name", "rank", rank, "suit", suitIn(l, p.Suit))
	if p.Power {
		s += "*"
	}
	return s
}

// String is the whole phrase in English words: see In.
func (p Phrase) String() string { return p.In(lang.English) }

// In is the whole phrase in words of language l, as a screen reader
// reads it and as plain text (a label, a title) shows it.
func (p Phrase) In(l lang.Lang) string {
	var b strings.Builder
	for _, part := range p {
		b.WriteString(part.In(l))
	}
	return b.String()
}

// suitIn is the name in language l of the suit of a letter (A, H, K, X,
// S); "" for no suit.
func suitIn(l lang.Lang, letter string) string {
	name := suitName(letter)
	if name == "" {
		return ""
	}
	return l.T("suit." + strings.ToLower(name))
}

// CardPart is a card as a piece of a Phrase.
func CardPart(c scoring.Card) PhrasePart {
	return PhrasePart{Rank: c.Rank.Code(), Suit: c.Suit.Letter(), Power: c.Flagged}
}

// Sentence draws a Phrase: its text, each card as a CardRef, each symbol
// as its icon. It is written in Go rather than templ, which would put
// spaces between the pieces.
func Sentence(p Phrase) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		for _, part := range p {
			var err error
			switch {
			case part.Rank != "":
				err = CardRef(part.Rank, part.Suit).Render(ctx, w)
				if err == nil && part.Power {
					_, err = io.WriteString(w, "*")
				}
			case part.Icon != "":
				err = suitSymbol(part.Icon, part.Suit).Render(ctx, w)
			default:
				_, err = io.WriteString(w, templ.EscapeString(part.Text))
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// WildNote says what a wild card stood for, and by which rule. Text is
// Words in words, for places that show plain text.
type WildNote struct {
	Text  string
	Words Phrase
	Rule  string
	// card and as are the wild and what it stands as, for the page to
	// word in its language.
	card, as scoring.Card
}

// PartyResult is a whole party: its sets, strength and unused pirates.
type PartyResult struct {
	Strength int
	Unused   int
	Sets     []SetResult
	Leftover []CardFace
}
