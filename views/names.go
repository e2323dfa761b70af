package views

import (
	"ruthless/scoring"
	"ruthless/views/lang"
)

// The names of the game's things in the page's language: suits, ranks,
// cards, set patterns and Legendary Achievements. scoring names them in
// English (for the command line and the JSON API); pages word them here,
// by ID, so every page says them the same way (docs/languages.md's
// glossary). Each key is written whole, so the catalogue test sees it used.

// SuitName is a suit's name: "Anchor", "Anker".
func SuitName(l lang.Lang, s scoring.Suit) string {
	switch s {
	case scoring.Anchor:
		return l.T("suit.anchor")
	case scoring.Heart:
		return l.T("suit.heart")
	case scoring.Kraken:
		return l.T("suit.kraken")
	case scoring.Skull:
		return l.T("suit.skull")
	case scoring.Swords:
		return l.T("suit.swords")
	}
	return s.Name()
}

// RankName is a rank as people say it: "6", "Captain", "Kapitän".
func RankName(l lang.Lang, r scoring.Rank) string {
	switch r {
	case scoring.Qtr:
		return l.T("card.quartermaster")
	case scoring.Cpt:
		return l.T("card.captain")
	case scoring.Parrot:
		return l.T("card.parrot")
	}
	return r.Code()
}

// CardName is a card's whole name: "6 of Kraken", "Säbel-Kapitän". The
// names of the deck are worded once per language (cardNamesIn): a card
// grid names every card of it, on every page.
func CardName(l lang.Lang, c scoring.Card) string {
	if c.Suit < scoring.NumSuits && c.Rank >= 1 && c.Rank <= scoring.Parrot {
		return cardNamesIn.of(l)[c.Suit][c.Rank]
	}
	return wordCardName(l, c)
}

// wordCardName words a card's name from the catalogue.
func wordCardName(l lang.Lang, c scoring.Card) string {
	return l.T("card.name", "rank", RankName(l, c.Rank), "suit", SuitName(l, c.Suit))
}

// cardNamesIn is every card's CardName, by suit and rank, by language.
var cardNamesIn = perLanguage[*[scoring.NumSuits][scoring.Parrot + 1]string]{make: func(l lang.Lang) *[scoring.NumSuits][scoring.Parrot + 1]string {
	var names [scoring.NumSuits][scoring.Parrot + 1]string
	for s := range scoring.Suit(scoring.NumSuits) {
		for r := scoring.Rank(1); r <= scoring.Parrot; r++ {
			names[s][r] = wordCardName(l, scoring.Card{Suit: s, Rank: r})
		}
	}
	return &names
}}

// KindName is a set pattern's name as a label: "Straight flush".
func KindName(l lang.Lang, k scoring.SetKind) string {
	switch k {
	case scoring.Group:
		return l.T("set.group")
	case scoring.Straight:
		return l.T("set.straight")
	case scoring.Flush:
		return l.T("set.flush")
	case scoring.StraightFlush:
		return l.T("set.straight_flush")
	case scoring.FullShip:
		return l.T("set.full_ship")
	}
	return UpperFirst(k.Name())
}

// AchievementName is a Legendary Achievement's name by its ID: "Richest",
// "Reichster Pirat".
func AchievementName(l lang.Lang, id string) string {
	switch id {
	case scoring.Richest:
		return l.T("achievement.richest")
	case scoring.Merciless:
		return l.T("achievement.merciless")
	case scoring.BuriedTreasure:
		return l.T("achievement.buried_treasure")
	case scoring.Mutineer:
		return l.T("achievement.mutineer")
	case scoring.Recruiter:
		return l.T("achievement.recruiter")
	case scoring.Shipshape:
		return l.T("achievement.shipshape")
	case scoring.Commander:
		return l.T("achievement.commander")
	}
	return id
}

// AchievementSummary says in one line what an achievement counts.
func AchievementSummary(l lang.Lang, id string) string {
	switch id {
	case scoring.Richest:
		return l.T("achievement.richest.summary")
	case scoring.Merciless:
		return l.T("achievement.merciless.summary")
	case scoring.BuriedTreasure:
		return l.T("achievement.buried_treasure.summary")
	case scoring.Mutineer:
		return l.T("achievement.mutineer.summary")
	case scoring.Recruiter:
		return l.T("achievement.recruiter.summary")
	case scoring.Shipshape:
		return l.T("achievement.shipshape.summary")
	case scoring.Commander:
		return l.T("achievement.commander.summary")
	}
	return ""
}
