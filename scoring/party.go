package scoring

import "encoding/json"

// SetKind names the pattern a set of the raiding party scores as (R1.2).
type SetKind string

// The five set patterns of R1.2, as written in JSON.
const (
	Group         SetKind = "group"
	Straight      SetKind = "straight"
	Flush         SetKind = "flush"
	StraightFlush SetKind = "straight_flush"
	FullShip      SetKind = "full_ship"
)

// Name is the pattern's name for people.
func (k SetKind) Name() string {
	switch k {
	case Group:
		return "group"
	case Straight:
		return "straight"
	case Flush:
		return "flush"
	case StraightFlush:
		return "straight flush"
	case FullShip:
		return "full ship"
	}
	return string(k)
}

// Options are the table facts the solver needs.
type Options struct {
	// Players is the number of players, 2–4; 0 means 4. With 2 the Kraken
	// suit is out of the game and a flagged Captain cannot become a Kraken
	// (R1.6 ruling).
	Players int
}

func (o Options) players() int {
	if o.Players == 0 {
		return 4
	}
	return o.Players
}

// PlacedCard is a card as used in a set. As is the identity it stands for:
// the card's own cell for an ordinary card, the chosen rank (and suit, for a
// flagged Captain) for a wild.
type PlacedCard struct {
	Card Card `json:"card"`
	As   Card `json:"-"`
}

// Set is one set of a raiding party with its pattern and strength.
type Set struct {
	Kind     SetKind      `json:"kind"`
	Strength int          `json:"strength"`
	Cards    []PlacedCard `json:"cards"`
}

// Party is a raiding party: the sets chosen from a pool, their total
// strength (R1.3) and the pirates left unused (R1.7).
type Party struct {
	Strength    int    `json:"strength"`
	Unused      int    `json:"unused"`
	Sets        []Set  `json:"sets"`
	UnusedCards []Card `json:"unused_cards"`
}

// SetStrength is the strength of n cards in a set of this kind (R1.2). It
// does not check that n is allowed for the kind.
func SetStrength(kind SetKind, n int) int {
	switch kind {
	case Group:
		return 4 + 6*(n-2)
	case Straight:
		return 6 + 2*(n-3)
	case Flush:
		return 8 + 3*(n-3)
	case StraightFlush:
		return 12 + 4*(n-3)
	case FullShip:
		return 25
	}
	return 0
}

type placedJSON struct {
	Card string `json:"card"`
	As   string `json:"as,omitempty"`
}

// MarshalJSON writes {"card": "H2"}, adding "as" for a wild: {"card": "SP",
// "as": "S5"}.
func (p PlacedCard) MarshalJSON() ([]byte, error) {
	v := placedJSON{Card: p.Card.String()}
	if p.Card.IsWild() {
		v.As = p.As.String()
	}
	return json.Marshal(v)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (p *PlacedCard) UnmarshalJSON(b []byte) error {
	var v placedJSON
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	c, err := ParseCard(v.Card)
	if err != nil {
		return err
	}
	p.Card, p.As = c, c.Cell()
	if v.As != "" {
		if p.As, err = ParseCard(v.As); err != nil {
			return err
		}
	}
	return nil
}
