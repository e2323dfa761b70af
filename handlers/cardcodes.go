package handlers

import (
	"fmt"
	"ruthless/scoring"
	"slices"
	"strings"
)

// Pools of cards in forms and addresses: read from the codes a form or a
// shared address sends, written back as codes, and drawn as faces.

// codeList reads card codes from query or form values, each value a code
// or a list of them separated by commas or spaces: the form sends one
// value per tapped card, a shared address one list.
func codeList(values []string) []string {
	var out []string
	for _, v := range values {
		out = append(out, scoring.SplitCodes(v)...)
	}
	return out
}

// joinCodes writes cards as a comma-separated list of codes.
func joinCodes(cards []scoring.Card) string {
	codes := make([]string, len(cards))
	for i, c := range cards {
		codes[i] = c.String()
	}
	return strings.Join(codes, ",")
}

func sortCards(cards []scoring.Card) { slices.SortFunc(cards, cardOrder) }

// cardOrder is the app's card order (scoring.Card.Less) as a comparison.
func cardOrder(x, y scoring.Card) int {
	switch {
	case x.Less(y):
		return -1
	case y.Less(x):
		return 1
	}
	return 0
}

// readPool reads a pool: the codes, with Captains flagged by a * or by
// being listed in power (the form's toggles). It refuses unknown codes,
// repeats and, with 2 players, Kraken cards (R4.2).
func readPool(codes, power []string, players int) ([]scoring.Card, error) {
	seen := map[scoring.Card]bool{}
	var pool []scoring.Card
	for _, code := range codes {
		c, err := scoring.ParseCard(code)
		if err != nil {
			return nil, err
		}
		if seen[c.Cell()] {
			return nil, fmt.Errorf("card %q given twice", c.Cell().String())
		}
		seen[c.Cell()] = true
		if c.Rank == scoring.Cpt && slices.Contains(power, c.Cell().String()) {
			c.Flagged = true
		}
		pool = append(pool, c)
	}
	if err := scoring.CheckInPlay(pool, players); err != nil {
		return nil, err
	}
	sortCards(pool)
	return pool, nil
}
