package handlers

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"ruthless/scoring"
	"ruthless/views"
)

// Pools of cards in forms and addresses: read from the codes a form or a
// shared address sends, written back as codes, and drawn as a grid of
// every card in play to tap.

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

// playersParam reads the player count of a dispute page: 2, 3 or 4,
// default 4.
func playersParam(v string) (int, string) {
	if v == "" {
		return 4, ""
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < scoring.MinPlayers || n > scoring.MaxPlayers {
		return 4, fmt.Sprintf("Players must be 2, 3 or 4, not %q.", v)
	}
	return n, ""
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

// tapGrid builds a TapGrid of every card in a game of players, a row per
// suit in play: the one builder of the card grids, for the entry and
// end-of-game forms (grid) and the solve and check pages. card sets what
// the page needs on each card.
func tapGrid(name, prefix string, players int, card func(c scoring.Card, tc *views.TapCard)) views.TapGrid {
	g := views.TapGrid{Name: name, Prefix: prefix}
	for _, s := range scoring.SuitsInPlay(players) {
		row := views.TapRow{Letter: s.Letter(), Name: s.Name()}
		for r := scoring.Rank(1); r <= scoring.Parrot; r++ {
			c := scoring.Card{Suit: s, Rank: r}
			tc := views.TapCard{CardFace: views.Face(c)}
			card(c, &tc)
			row.Cards = append(row.Cards, tc)
		}
		g.Rows = append(g.Rows, row)
	}
	return g
}

// encode is url.Values.Encode in a fixed order (cards, players, tavern,
// recruited) that keeps card lists readable: commas and the Captain's *
// stay as they are.
func encode(v url.Values) string {
	var parts []string
	for _, k := range []string{"cards", "players", "pool", "set", "unused", "tavern", "recruited", "to", "from"} {
		for _, val := range v[k] {
			e := url.QueryEscape(val)
			e = strings.NewReplacer("%2C", ",", "%2A", "*", "%3D", "=", "%2F", "/").Replace(e)
			parts = append(parts, k+"="+e)
		}
	}
	return strings.Join(parts, "&")
}
