package views

import "ruthless/scoring"

// The rules page's table of contents (every rule ID the app can cite,
// with its title) and the rules text drawn with cards.

// RuleRef is a rule ID with its short title, as the rules page heads it.
type RuleRef struct {
	ID    string
	Title string
}

// RuleSection is a section of the rules page.
type RuleSection struct {
	RuleRef
	Rules []RuleRef
}

// RuleSections are the sections of the rules page and the rules in each,
// in order: the page's index, and every rule ID the app can cite.
var RuleSections = []RuleSection{
	{RuleRef{"R0", "The cards"}, nil},
	{RuleRef{"R1", "The raiding party"}, []RuleRef{
		{"R1.1", "What counts"}, {"R1.2", "Sets"}, {"R1.3", "Strength"}, {"R1.4", "Parrot"},
		{"R1.5", "Captain's power"}, {"R1.6", "No twins"}, {"R1.7", "The best party"}, {"R1.8", "Worked examples"},
	}},
	{RuleRef{"R2", "Prize tokens"}, []RuleRef{
		{"R2.1", "Rounds"}, {"R2.2", "Stacks"}, {"R2.3", "Threshold"}, {"R2.4", "Port rounds"}, {"R2.5", "Piracy rounds and ties"},
	}},
	{RuleRef{"R3", "End of the game"}, []RuleRef{
		{"R3.1", "Your collection"}, {"R3.2", "Legendary Achievements"}, {"R3.3", "Awards"}, {"R3.4", "Final points"}, {"R3.5", "Winner"},
	}},
	{RuleRef{"R4", "What the app checks"}, []RuleRef{
		{"R4.1", "One owner per pirate"}, {"R4.2", "No Kraken for two"}, {"R4.3", "Three recruits a round"},
		{"R4.4", "Entered pirates stay yours"}, {"R4.5", "Sensible numbers"},
	}},
}

// RuleTitle is the short title of a rule or section ID ("No twins" for
// R1.6), or "" for an ID the rules page does not have.
func RuleTitle(id string) string {
	for _, s := range RuleSections {
		if s.ID == id {
			return s.Title
		}
		for _, r := range s.Rules {
			if r.ID == id {
				return r.Title
			}
		}
	}
	return ""
}

// cardsOfTheGame is R0's first sentence: each suit's name with its
// symbol, as the card grids head them.
var cardsOfTheGame = Phrase{
	{Text: "Fifty pirates in five suits: Anchor "}, {Icon: "anchor", Suit: "A"},
	{Text: ", Heart "}, {Icon: "heart", Suit: "H"},
	{Text: ", Kraken "}, {Icon: "kraken", Suit: "K"},
	{Text: ", Skull "}, {Icon: "skull", Suit: "X"},
	{Text: " and Swords "}, {Icon: "swords", Suit: "S"},
	{Text: ". Each suit runs 1 to 7, then Quartermaster (Q) and Captain (C), plus one Parrot "}, {Icon: "parrot"},
	{Text: ". With two players the Kraken suit is left in the box."},
}

// workedExamples is R1.8, its cards drawn as on the card grids.
var workedExamples = func() Phrase {
	card := func(s scoring.Suit, r scoring.Rank) scoring.Card { return scoring.Card{Suit: s, Rank: r} }
	return Phrasef("%s: the straight 2-3-4 (6) and the pair of 6s (4) make 10. "+
		"%s with the Swords Parrot: a flush of three, 8. %s with %s: no set at all, so 0 and no prize.",
		[]scoring.Card{card(scoring.Heart, 2), card(scoring.Heart, 3), card(scoring.Anchor, 4), card(scoring.Swords, 6), card(scoring.Kraken, 6)},
		[]scoring.Card{card(scoring.Swords, 1), card(scoring.Swords, 7)},
		card(scoring.Heart, scoring.Qtr), card(scoring.Swords, 5))
}()
