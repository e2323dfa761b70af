package scoring

import (
	"encoding/json"
	"slices"
	"sort"
)

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

// MinSetSize is the fewest cards a set of this kind holds (R1.2): 2 for
// a group, 3 for a straight, flush or straight flush, 9 for a full ship;
// 0 for anything else.
func MinSetSize(kind SetKind) int {
	switch kind {
	case Group:
		return 2
	case Straight, Flush, StraightFlush:
		return 3
	case FullShip:
		return 9
	}
	return 0
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

// preferParrots hands a cell held by a flagged Captain to the unused
// Parrot of that cell's suit: the same party, with the plainer wild used.
func preferParrots(sets [][]cellPick, unused []Card) ([][]cellPick, []Card) {
	for i := 0; i < len(unused); i++ {
		p := unused[i]
		if p.Rank != Parrot {
			continue
		}
		swapped := false
		for _, set := range sets {
			for j := range set {
				if set[j].card.Flagged && set[j].as.Suit == p.Suit {
					unused[i] = set[j].card
					set[j].card = p
					swapped = true
					break
				}
			}
			if swapped {
				break
			}
		}
	}
	return sets, unused
}

// assemble scores each set by the best pattern it fits and orders
// everything for display: sets by strength, highest first; cards by rank
// then suit; unused cards in card order.
func assemble(picked [][]cellPick, unused []Card) Party {
	p := Party{Sets: []Set{}, UnusedCards: []Card{}}
	for _, cards := range picked {
		set := Set{Cards: make([]PlacedCard, len(cards))}
		for i, c := range cards {
			set.Cards[i] = PlacedCard{Card: c.card, As: c.as}
		}
		sortPlaced(set.Cards)
		set.Kind, set.Strength = classify(set.Cards)
		p.Sets = append(p.Sets, set)
		p.Strength += set.Strength
	}
	sort.SliceStable(p.Sets, func(a, b int) bool {
		sa, sb := p.Sets[a], p.Sets[b]
		if sa.Strength != sb.Strength {
			return sa.Strength > sb.Strength
		}
		return sa.Cards[0].As.index() < sb.Cards[0].As.index()
	})
	p.UnusedCards = append(p.UnusedCards, unused...)
	slices.SortFunc(p.UnusedCards, func(a, b Card) int { return a.index() - b.index() })
	p.Unused = len(p.UnusedCards)
	return p
}

func sortPlaced(cards []PlacedCard) {
	sort.SliceStable(cards, func(a, b int) bool {
		x, y := cards[a].As, cards[b].As
		if x.Rank != y.Rank {
			return x.Rank < y.Rank
		}
		return x.Suit < y.Suit
	})
}

// classify names the best pattern of R1.2 that cards (with their chosen
// identities, sorted by rank) fit, and its strength; ok-less: a set that
// fits nothing gets kind "" and strength 0.
func classify(cards []PlacedCard) (SetKind, int) {
	n := len(cards)
	sameRank, sameSuit, consecutive := n >= 2, n >= 3, n >= 3
	for i := 1; i < n; i++ {
		a, b := cards[i-1].As, cards[i].As
		sameRank = sameRank && a.Rank == b.Rank
		sameSuit = sameSuit && a.Suit == b.Suit
		consecutive = consecutive && b.Rank == a.Rank+1
	}
	best, kind := 0, SetKind("")
	try := func(ok bool, k SetKind) {
		if ok && SetStrength(k, n) > best {
			best, kind = SetStrength(k, n), k
		}
	}
	try(sameRank && n <= NumSuits, Group)
	try(consecutive, Straight)
	try(sameSuit, Flush)
	try(sameSuit && consecutive, StraightFlush)
	try(n == NumRanks && consecutive, FullShip)
	return kind, best
}
