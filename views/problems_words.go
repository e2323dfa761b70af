package views

import "ruthless/scoring"

// ProblemPhrase words a problem of a claimed party (scoring.Problem) as
// a phrase with its cards drawn. inSet is for the problem shown beside its
// own set, whose cards are drawn just above: "this set" stands for them.
func ProblemPhrase(p scoring.Problem, inSet bool) Phrase {
	card := func(i int) scoring.Card {
		if i < len(p.Cards) {
			return p.Cards[i]
		}
		return scoring.Card{}
	}
	set := func(rest string) Phrase {
		if inSet {
			return Phrasef("this set " + rest)
		}
		return Phrasef("set %s "+rest, p.Cards)
	}
	c, as := card(0), card(1)
	switch p.Code {
	case scoring.ProblemNotInPool:
		return Phrasef("%s is not in this pool: only the pirates in the Ship and New Recruits Areas take part", c)
	case scoring.ProblemParrotRank:
		return Phrasef("%s is stated as %s, but a Parrot takes a rank from 1 to Captain", c, as)
	case scoring.ProblemParrotSuit:
		return Phrasef("%s is stated as %s, but a Parrot keeps its own suit, %s", c, as, c.Suit.Name())
	case scoring.ProblemCaptainParrot:
		return Phrasef("%s is stated as %s, but a Captain using its power takes a rank from 1 to Captain, not a Parrot", c, as)
	case scoring.ProblemCaptainKraken:
		return Phrasef("%s is stated as %s, but in a 2-player game a Captain cannot become a Kraken", c, as)
	case scoring.ProblemNoPower:
		return Phrasef("%s is stated as %s, but without the Captain-power mark (*) it is only the %s Captain", c, as, c.Suit.Name())
	case scoring.ProblemNotWild:
		return Phrasef("%s is stated as %s, but only a Parrot or a Captain using its power can stand for another card", c, as)
	case scoring.ProblemTwinNeeded:
		return set("would fit a pattern only if a wild stood for a card already used in the party")
	case scoring.ProblemNoPattern:
		if p.Wilds {
			return set("is no group, straight, flush, straight flush or full ship, whatever its wilds become")
		}
		return set("is no group, straight, flush, straight flush or full ship")
	case scoring.ProblemTwins:
		return Phrasef("%s (set %d) and %s (set %d) both stand for %s", c, p.OtherSet, as, p.Set, card(2))
	}
	return Phrasef("the claim breaks %s", p.Rule)
}

// ProblemText is a problem in one sentence with its cards as codes, as
// the JSON API and the command line write it.
func ProblemText(p scoring.Problem) string { return ProblemPhrase(p, false).Codes() }

// ExplainCheck words every problem of a verdict into its Message.
func ExplainCheck(res *scoring.CheckResult) {
	for i := range res.Problems {
		res.Problems[i].Message = ProblemText(res.Problems[i])
	}
}
