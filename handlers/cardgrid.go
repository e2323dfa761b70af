package handlers

import (
	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
)

// The card grids of the forms and the dispute pages: every card in play,
// to tap, with those already held by another seat marked.

// holders names, for each pirate another seat than p entered this game,
// the player who holds it (scoring.OwnersBesides, R4.1), as the forms
// mark it.
func holders(g store.StoredGame, p int) map[scoring.Card]string {
	m := map[scoring.Card]string{}
	for c, q := range scoring.OwnersBesides(g.File, g.Finals, p) {
		m[c] = g.File.Players[q]
	}
	return m
}

// grid builds the card grid of the round and end-of-game forms for a game
// with n players: selected cards checked, other players' cards disabled
// with their holder's name. sub is the toggle offered under cards ("power"
// goes only under Captains).
func grid(n int, selected map[scoring.Card]bool, subOn map[scoring.Card]bool, held map[scoring.Card]string, sub string) views.TapGrid {
	g := tapGrid("card", "card", n, func(c scoring.Card, tc *views.TapCard) {
		tc.Checked, tc.Holder = selected[c], held[c]
		tc.Clash = tc.Holder != "" && tc.Checked
		if sub == "buried" || (sub == "power" && c.Rank == scoring.Cpt) {
			tc.Sub = sub
			tc.SubChecked = subOn[c] && tc.Checked
		}
	})
	// The round entry shows the deck on one screen; the end-of-game form,
	// with a "buried" toggle under every card, keeps a block per suit.
	g.EntryForm, g.Deck = true, sub == "power"
	return g
}

// tapGrid builds a TapGrid of every card in a game of players, a row per
// suit in play: the one builder of the card grids, for the entry and
// end-of-game forms (grid) and the solve and check pages. card sets what
// the page needs on each card.
func tapGrid(name, prefix string, players int, card func(c scoring.Card, tc *views.TapCard)) views.TapGrid {
	suits := scoring.SuitsInPlay(players)
	g := views.TapGrid{Name: name, Prefix: prefix, Rows: make([]views.TapRow, 0, len(suits))}
	for _, s := range suits {
		row := views.TapRow{Letter: s.Letter(), Name: s.Name(), Cards: make([]views.TapCard, 0, scoring.Parrot)}
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
