package views

import "ruthless/views/lang"

// The best-party page's model (/solve): "why not more?", other best
// parties and the recruit advisor.

// UseView is one line of "why not more?": the best party that puts an
// unused pirate to use, and what it costs.
type UseView struct {
	Card CardFace
	// Words is the line; Text is the same in words.
	Text  string
	Words Phrase
	// Party is nil when no set can hold the card.
	Party *PartyResult
}

// WhyView is "why not more?" for one party.
type WhyView struct {
	Strength int
	Unused   int
	Uses     []UseView
	// MostUnused is the most pirates a party this strong can leave unused.
	MostUnused   int
	Alternatives []AlternativeView
	// Unworked says why the answer is missing when it could not be
	// worked out (a pool too big for it, a busy server); the page words it.
	Unworked Unworked
}

// AlternativeView is another best party, named by the pirates it leaves
// unused.
type AlternativeView struct {
	// LeavesCards are the pirates left unused; Leaves says them in words.
	Leaves      string
	LeavesCards Phrase
	Party       PartyResult
}

// RecruitView is one answer of the recruit advisor.
type RecruitView struct {
	Cards    []CardFace
	Label    string // the cards in words: "5 of Kraken Q of Skull"
	Gain     int
	Strength int
	Party    PartyResult
}

// AdvisorView is the recruit advisor: Tavern Row cards to weigh and what
// each would add.
type AdvisorView struct {
	Grid      TapGrid
	Recruited string // recruits already this round, as typed
	// Asked is true once Tavern cards are chosen.
	Asked   bool
	Left    int
	Base    int
	Singles []RecruitView
	Pair    *RecruitView
	Note    string
}

// SolveView is the best-party page.
type SolveView struct {
	Players int
	Grid    TapGrid
	Errors  Errors
	// Solved is true when a pool was given; Best is its best party.
	Solved    bool
	Best      PartyResult
	Why       WhyView
	Advisor   AdvisorView
	CheckHref string
	// Advise keeps the advisor open (opened from a round-entry form).
	Advise bool
}

// MarkInPool marks a card of the recruit advisor's Tavern Row grid that
// is in the pool already, so it cannot be a recruit: the note under it
// says so in language l.
func MarkInPool(l lang.Lang, tc *TapCard) { tc.Note = l.T("solve.in_pool") }
