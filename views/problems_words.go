package views

import (
	"ruthless/scoring"
	"ruthless/views/lang"
)

// ProblemPhrase words a problem of a claimed party (scoring.Problem) in
// language l, as a phrase with its cards drawn. inSet is for the problem
// shown beside its own set, whose cards are drawn just above: "this set"
// stands for them.
func ProblemPhrase(l lang.Lang, p scoring.Problem, inSet bool) Phrase {
	card := func(i int) scoring.Card {
		if i < len(p.Cards) {
			return p.Cards[i]
		}
		return scoring.Card{}
	}
	// set words a problem of a whole set: "this set …" beside it, "set
	// H2 H3 …" in the verdict's list.
	set := func(here, there string) Phrase {
		if inSet {
			return PhraseT(l, here)
		}
		return PhraseT(l, there, "cards", p.Cards)
	}
	c, as := card(0), card(1)
	stated := []any{"card", c, "as", as}
	switch p.Code {
	case scoring.ProblemNotInPool:
		return PhraseT(l, "problem.not_in_pool", "card", c)
	case scoring.ProblemParrotRank:
		return PhraseT(l, "problem.parrot_rank", stated...)
	case scoring.ProblemParrotSuit:
		return PhraseT(l, "problem.parrot_suit", append(stated, "suit", SuitName(l, c.Suit))...)
	case scoring.ProblemCaptainParrot:
		return PhraseT(l, "problem.captain_parrot", stated...)
	case scoring.ProblemCaptainKraken:
		return PhraseT(l, "problem.captain_kraken", stated...)
	case scoring.ProblemNoPower:
		return PhraseT(l, "problem.no_power", append(stated, "suit", SuitName(l, c.Suit))...)
	case scoring.ProblemNotWild:
		return PhraseT(l, "problem.not_wild", stated...)
	case scoring.ProblemTwinNeeded:
		return set("problem.twin_needed_here", "problem.twin_needed_set")
	case scoring.ProblemNoPattern:
		if p.Wilds {
			return set("problem.no_pattern_wilds_here", "problem.no_pattern_wilds_set")
		}
		return set("problem.no_pattern_here", "problem.no_pattern_set")
	case scoring.ProblemTwins:
		return PhraseT(l, "problem.twins", "card", c, "card_set", p.OtherSet, "as", as, "as_set", p.Set, "target", card(2))
	}
	return PhraseT(l, "problem.other", "rule", p.Rule)
}

// ProblemText is a problem in one English sentence with its cards as
// codes, as the JSON API and the command line write it.
func ProblemText(p scoring.Problem) string { return ProblemPhrase(lang.English, p, false).Codes() }

// ExplainCheck words every problem of a verdict into its Message.
func ExplainCheck(res *scoring.CheckResult) {
	for i := range res.Problems {
		res.Problems[i].Message = ProblemText(res.Problems[i])
	}
}
