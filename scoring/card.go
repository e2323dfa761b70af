package scoring

import (
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
		return Card{}, refusal("", "", &FieldError{Code: CodeUnknownCard, Text: code})
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
		return Card{}, refusal("", "", &FieldError{Code: CodeUnknownCard, Text: code})
	}
	if flagged && rank != Cpt {
		return Card{}, refusal("", "", &FieldError{Code: CodeMarkNotCaptain, Text: code})
	}
	return Card{Suit: Suit(suit), Rank: rank, Flagged: flagged}, nil
}

// ParseCards reads several codes, refusing a physical card given twice (a
// Captain with and without * is the same card): ReadCards for a game of
// any number of players.
func ParseCards(codes []string) ([]Card, error) { return ReadCards(codes, 0) }

// ReadCards is the one reader of a list of card codes, for every way in
// (the command line, the API, the forms, addresses, game files). Code by
// code, it refuses an unknown code (R0), a card not in a game of this many
// players (R4.2; players 0 is any game) and a physical card given twice
// (R0: a Captain with and without * is one card). The error is a
// *FieldError for the first offending code, whose Item is that code's
// index and whose Field is empty: the caller knows the list's path. With
// the error come the cards that could be read (every offending code left
// out), so a form that refuses the list can still show the rest.
func ReadCards(codes []string, players int) ([]Card, error) {
	cards := make([]Card, 0, len(codes))
	set := NewCardSet(players)
	var first *FieldError
	for i, code := range codes {
		c, err := ParseCard(code)
		fe, _ := err.(*FieldError)
		if fe == nil {
			fe = set.Take(c)
		}
		if fe == nil {
			cards = append(cards, c)
			continue
		}
		if first == nil {
			fe.Item = i
			first = fe
		}
	}
	if first != nil {
		return cards, first
	}
	return cards, nil
}

// CardSet holds the cards of one list as it is read, applying the rules
// every list of cards keeps: each card is in the game (R4.2) and no
// physical card comes twice (R0). ReadCards, Validate, Check and Advise
// all take their cards through it, so the rule has one home.
type CardSet struct {
	players int
	seen    map[Card]bool
}

// NewCardSet starts an empty list for a game of this many players (0:
// any game).
func NewCardSet(players int) *CardSet {
	return &CardSet{players: players, seen: map[Card]bool{}}
}

// Take adds c, or returns why it cannot be in the list; Field is empty.
func (s *CardSet) Take(c Card) *FieldError {
	if s.players == 2 && c.Suit == Kraken {
		return refusal("", "", &FieldError{Code: CodeKrakenTwoPlayers, Card: c})
	}
	if s.seen[c.Cell()] {
		return refusal("", "", &FieldError{Code: CodeCardTwice, Card: c.Cell()})
	}
	s.seen[c.Cell()] = true
	return nil
}

// Has reports whether the list holds c (with or without the mark *).
func (s *CardSet) Has(c Card) bool { return s.seen[c.Cell()] }

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
// with this many players (R4.2: no Kraken in a two-player game): a
// *FieldError with an empty Field.
func CheckInPlay(cards []Card, players int) error {
	if players != 2 {
		return nil
	}
	for _, c := range cards {
		if c.Suit == Kraken {
			return refusal("", "", &FieldError{Code: CodeKrakenTwoPlayers, Card: c})
		}
	}
	return nil
}
