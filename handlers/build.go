package handlers

import (
	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
)

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

// placedFaces draws the cards of a set, saying what each wild became.
func placedFaces(cards []scoring.PlacedCard) []views.CardFace {
	out := make([]views.CardFace, len(cards))
	for i, pc := range cards {
		f := views.Face(pc.Card)
		if pc.Card.IsWild() {
			f.As = cardWords(pc.As)
			f.AsRank, f.AsSuit = pc.As.Rank.Code(), pc.As.Suit.Letter()
			f.Title += ", used as " + pc.As.Rank.Name() + " of " + pc.As.Suit.Name()
		}
		out[i] = f
	}
	return out
}

func names(all []string, seats []int) []string {
	out := make([]string, 0, len(seats))
	for _, s := range seats {
		if s >= 0 && s < len(all) {
			out = append(out, all[s])
		}
	}
	return out
}

// places are the places a validation error names: its field's, then the
// other value's in a conflict (R4.1, R4.4). A form shows the message next
// to the value it edits when either is there.
func places(fe *scoring.FieldError) []scoring.Place {
	var out []scoring.Place
	for _, at := range []*scoring.Place{fe.Place, fe.OtherPlace} {
		if at != nil {
			out = append(out, *at)
		}
	}
	return out
}
