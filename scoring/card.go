package scoring

import (
	"fmt"
	"strings"
)

// Suit is one of the five pirate suits, in the fixed order the app uses
// everywhere (grids, sorting, documentation): Anchor, Heart, Kraken, Skull,
// Swords.
type Suit uint8

// The suits, in display order.
const (
	Anchor Suit = iota
	Heart
	Kraken
	Skull
	Swords
	NumSuits = 5
)

var suitLetters = [NumSuits]byte{'A', 'H', 'K', 'X', 'S'}
var suitNames = [NumSuits]string{"Anchor", "Heart", "Kraken", "Skull", "Swords"}
var suitSymbols = [NumSuits]string{"⚓", "♥", "🐙", "☠", "⚔"}

// Letter is the suit's letter in card codes (R0): A, H, K, X or S.
func (s Suit) Letter() string { return string(suitLetters[s]) }

// Name is the suit's name for people.
func (s Suit) Name() string { return suitNames[s] }

// Symbol is a one-glyph picture of the suit for terminals and pages.
func (s Suit) Symbol() string { return suitSymbols[s] }

// Rank is a pirate's rank. Ranks 1…7 are themselves, then Quartermaster and
// Captain; Parrot is not a rank in the straight order but marks the wild
// card of a suit (R1.4).
type Rank uint8

// The ranks in straight order (R0), then the Parrot.
const (
	Qtr    Rank = 8
	Cpt    Rank = 9
	Parrot Rank = 10
	// NumRanks is the number of ranks a card can stand on: 1…7, Qtr, Cpt.
	NumRanks = 9
)

// Code is the rank's character in card codes: 1…7, Q, C or P.
func (r Rank) Code() string {
	switch r {
	case Qtr:
		return "Q"
	case Cpt:
		return "C"
	case Parrot:
		return "P"
	}
	return string(rune('0' + r))
}

// Name is the rank as people say it.
func (r Rank) Name() string {
	switch r {
	case Qtr:
		return "Quartermaster"
	case Cpt:
		return "Captain"
	case Parrot:
		return "Parrot"
	}
	return r.Code()
}

// Card is one pirate card. Flagged is true for a Captain whose Captain power
// was used this round (R1.5, written SC* in codes); it is meaningless on
// other ranks and ParseCard refuses it there.
type Card struct {
	Suit    Suit
	Rank    Rank
	Flagged bool
}

// Cell is the card's printed place in the suit × rank grid, with the
// Captain flag dropped: two cards with the same cell are the same physical
// card.
func (c Card) Cell() Card { return Card{Suit: c.Suit, Rank: c.Rank} }

// IsWild reports whether the solver may choose the card's rank (a Parrot,
// R1.4) or its rank and suit (a flagged Captain, R1.5).
func (c Card) IsWild() bool { return c.Rank == Parrot || (c.Rank == Cpt && c.Flagged) }

// String is the card code: H2, XQ, SP, SC*.
func (c Card) String() string {
	s := c.Suit.Letter() + c.Rank.Code()
	if c.Flagged {
		s += "*"
	}
	return s
}

// Label is a short picture of the card for people: 2♥, Q☠, P⚔, C⚔*.
func (c Card) Label() string {
	s := c.Rank.Code() + c.Suit.Symbol()
	if c.Flagged {
		s += "*"
	}
	return s
}

// index orders cards in the one documented order: by suit (Anchor, Heart,
// Kraken, Skull, Swords), then rank 1…Cpt, Parrot; a flagged Captain sorts
// just after the plain one.
func (c Card) index() int {
	i := int(c.Suit)*32 + int(c.Rank)*2
	if c.Flagged {
		i++
	}
	return i
}

// Less reports whether c comes before d in the app's card order (suit, then
// rank, Parrot last).
func (c Card) Less(d Card) bool { return c.index() < d.index() }

// MarshalText writes the card code, so cards are plain strings in JSON.
func (c Card) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a card code (see ParseCard).
func (c *Card) UnmarshalText(b []byte) error {
	card, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = card
	return nil
}

// ParseCard reads one card code, case-insensitively and ignoring surrounding
// space. The error names the code as given.
func ParseCard(code string) (Card, error) {
	s := strings.ToUpper(strings.TrimSpace(code))
	flagged := strings.HasSuffix(s, "*")
	s = strings.TrimSuffix(s, "*")
	if len(s) != 2 {
		return Card{}, fmt.Errorf("unknown card %q", code)
	}
	suit := strings.IndexByte(string(suitLetters[:]), s[0])
	var rank Rank
	switch r := s[1]; {
	case r >= '1' && r <= '7':
		rank = Rank(r - '0')
	case r == 'Q':
		rank = Qtr
	case r == 'C':
		rank = Cpt
	case r == 'P':
		rank = Parrot
	}
	if suit < 0 || rank == 0 {
		return Card{}, fmt.Errorf("unknown card %q", code)
	}
	if flagged && rank != Cpt {
		return Card{}, fmt.Errorf("only a Captain can carry the Captain-power mark *: %q", code)
	}
	return Card{Suit: Suit(suit), Rank: rank, Flagged: flagged}, nil
}

// ParseCards reads several codes, refusing a physical card given twice (a
// Captain with and without * is the same card).
func ParseCards(codes []string) ([]Card, error) {
	cards := make([]Card, 0, len(codes))
	seen := make(map[Card]bool, len(codes))
	for _, code := range codes {
		c, err := ParseCard(code)
		if err != nil {
			return nil, err
		}
		if seen[c.Cell()] {
			return nil, fmt.Errorf("card %q given twice", c.Cell().String())
		}
		seen[c.Cell()] = true
		cards = append(cards, c)
	}
	return cards, nil
}

// SplitCodes splits a line of card codes on spaces and commas.
func SplitCodes(line string) []string {
	return strings.FieldsFunc(line, func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
	})
}

// SuitsInPlay lists the suits used with this many players: the Kraken suit
// is out of a two-player game (R0).
func SuitsInPlay(players int) []Suit {
	if players == 2 {
		return []Suit{Anchor, Heart, Skull, Swords}
	}
	return []Suit{Anchor, Heart, Kraken, Skull, Swords}
}

// Deck lists every pirate in a game with this many players, in card order:
// 50 pirates, or 40 without the Kraken suit for two players (R0).
func Deck(players int) []Card {
	var deck []Card
	for _, s := range SuitsInPlay(players) {
		for r := Rank(1); r <= Parrot; r++ {
			deck = append(deck, Card{Suit: s, Rank: r})
		}
	}
	return deck
}

// CheckInPlay returns an error naming the first card that is not in a game
// with this many players (R4.2: no Kraken in a two-player game).
func CheckInPlay(cards []Card, players int) error {
	if players != 2 {
		return nil
	}
	for _, c := range cards {
		if c.Suit == Kraken {
			//lint:ignore ST1005 Kraken is the suit's name, and players read this message as it is.
			return fmt.Errorf("Kraken cards are not in a 2-player game: %q", c.String())
		}
	}
	return nil
}
