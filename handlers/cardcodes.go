package handlers

import (
	"errors"
	"ruthless/scoring"
	"ruthless/views"
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

func sortCards(cards []scoring.Card) { slices.SortFunc(cards, scoring.CompareCards) }

// readPool reads a pool (scoring.ReadCards, the one reader): the codes,
// with Captains flagged by a * or by being listed in power (the form's
// toggles). It refuses unknown codes, repeats and, with 2 players, Kraken
// cards (R4.2), with the *scoring.FieldError of the first.
func readPool(codes, power []string, players int) ([]scoring.Card, error) {
	pool, err := scoring.ReadCards(codes, players)
	if err != nil {
		return nil, err
	}
	flagPowers(pool, power)
	sortCards(pool)
	return pool, nil
}

// readFormCards reads the cards a form's tap grid sent (scoring's one
// reader): an unknown code and a card given twice are refused, as the
// API refuses them, with the page's words for the first problem; the
// cards that could be read come back all the same, so the form sent back
// keeps them tapped. The grid flags a Captain by its toggle, never by a
// *, so a code with one is unknown here.
func readFormCards(codes []string) ([]scoring.Card, string) {
	cards, err := scoring.ReadCards(codes, 0)
	var problem string
	if fe, ok := err.(*scoring.FieldError); ok {
		problem = views.MessageText(views.FieldProblem(fe))
	}
	kept := cards[:0]
	for _, c := range cards {
		if c.Flagged {
			problem = views.MessageText(views.FieldProblem(&scoring.FieldError{Code: scoring.CodeUnknownCard, Text: c.String()}))
			continue
		}
		kept = append(kept, c)
	}
	return kept, problem
}

// inputProblem is a refusal of bad input as a page words it: scoring's
// refusals by their code (views.FieldProblem), any other by its text.
func inputProblem(err error) string {
	var fe *scoring.FieldError
	if errors.As(err, &fe) {
		return views.FieldProblem(fe)
	}
	return err.Error()
}

// flagPowers flags the Captains whose codes are listed in power (the
// form's Captain-power toggles).
func flagPowers(pool []scoring.Card, power []string) {
	for i, c := range pool {
		if c.Rank == scoring.Cpt && slices.Contains(power, c.Cell().String()) {
			pool[i].Flagged = true
		}
	}
}
