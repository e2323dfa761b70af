package views

import (
	"ruthless/scoring"
	"ruthless/views/lang"
)

// The rules page's table of contents (every rule ID the app can cite)
// and the rules text drawn with cards. Titles and texts are in the
// catalogues under "rule.<ID>.title" and "rule.<ID>.body"; the IDs and
// their anchors are the same in every language, so a dispute can be
// settled across languages by the ID (/rules#R1.6).

// RuleSection is a section of the rules page: its ID and the IDs of its
// rules, in order.
type RuleSection struct {
	ID    string
	Rules []string
}

// RuleSections are the sections of the rules page and the rules in each,
// in order: the page's index, and every rule ID the app can cite.
var RuleSections = []RuleSection{
	{"R0", nil},
	{"R1", []string{"R1.1", "R1.2", "R1.3", "R1.4", "R1.5", "R1.6", "R1.7", "R1.8"}},
	{"R2", []string{"R2.1", "R2.2", "R2.3", "R2.4", "R2.5"}},
	{"R3", []string{"R3.1", "R3.2", "R3.3", "R3.4", "R3.5"}},
	{"R4", []string{"R4.1", "R4.2", "R4.3", "R4.4", "R4.5"}},
}

// knownRule reports whether id is a rule or section of the rules page.
func knownRule(id string) bool {
	for _, s := range RuleSections {
		if s.ID == id {
			return true
		}
		for _, r := range s.Rules {
			if r == id {
				return true
			}
		}
	}
	return false
}

// RuleTitle is the short title of a rule or section ID in language l
// ("No twins" for R1.6), or "" for an ID the rules page does not have.
func RuleTitle(l lang.Lang, id string) string {
	if !knownRule(id) {
		return ""
	}
	return l.T("rule." + id + ".title")
}

// ruleBody is the text of rule id in language l, its cards and suit
// symbols drawn.
func ruleBody(l lang.Lang, id string) Phrase {
	return PhraseT(l, "rule."+id+".body", ruleCards[id]...)
}

// ruleCards are the drawn values of the rules whose text shows cards or
// suit symbols: R0 names each suit with its symbol, R1.8 works examples.
var ruleCards = map[string][]any{
	"R0": {
		"anchor", PhrasePart{Icon: "anchor", Suit: "A"}, "heart", PhrasePart{Icon: "heart", Suit: "H"},
		"kraken", PhrasePart{Icon: "kraken", Suit: "K"}, "skull", PhrasePart{Icon: "skull", Suit: "X"},
		"swords", PhrasePart{Icon: "swords", Suit: "S"}, "parrot", PhrasePart{Icon: "parrot"},
	},
	"R1.8": func() []any {
		card := func(s scoring.Suit, r scoring.Rank) scoring.Card { return scoring.Card{Suit: s, Rank: r} }
		return []any{
			"first", []scoring.Card{card(scoring.Heart, 2), card(scoring.Heart, 3), card(scoring.Anchor, 4), card(scoring.Swords, 6), card(scoring.Kraken, 6)},
			"second", []scoring.Card{card(scoring.Swords, 1), card(scoring.Swords, 7)},
			"third", card(scoring.Heart, scoring.Qtr),
			"fourth", card(scoring.Swords, 5),
		}
	}(),
}
