package views

import (
	"context"
	"io"
	"strings"

	"github.com/a-h/templ"

	"ruthless/scoring"
)

// View models of the pages that settle arguments: the best party (/solve),
// check my party (/check), "why not more?" and the recruit advisor.

// TapGrid is a card grid of checkboxes, one block per suit, each card a
// styled checkbox, so it works without JavaScript. It names its inputs
// (Name) and their ids and test ids (Prefix), so a page can hold two
// grids, and each card can carry a note.
type TapGrid struct {
	Name   string // the form field of the checkboxes: card, tavern
	Prefix string // ids and data-testids are Prefix-CODE
	// EntryForm marks the grid of the round and end-of-game forms, which
	// keeps the names its tests and scripts know: no wrapper, suits
	// suit-LETTER, inputs c-CODE, notes holder-CODE.
	EntryForm bool
	// Deck lays the whole deck out on one phone screen: a column per suit,
	// a row per rank, each card a small card face (the round entry).
	Deck bool
	Rows []TapRow
}

// TapRow is one suit of a TapGrid.
type TapRow struct {
	Letter string
	Name   string
	Cards  []TapCard
}

// TapCard is one card of a TapGrid.
type TapCard struct {
	CardFace
	Checked  bool
	Disabled bool
	// Note is a word under the card: which set it is in on /check, "pool"
	// on the advisor's grid.
	Note string
	// Placed marks a card that is in the claimed party or pool (/check).
	Placed bool
	// Outside marks a card outside a fixed pool (/check from a round).
	Outside bool
	// Holder names the player who already holds the card this game; the
	// card is then disabled (R4.1), unless this entry has it too.
	Holder string
	// Clash says this entry has the card although Holder holds it: it
	// stays ticked, marked, so the player sees what to untap.
	Clash bool
	// Sub is the optional toggle under the card: "power" for a Captain,
	// "buried" on the end-of-game form; empty for none.
	Sub        string
	SubChecked bool
}

// SetResult is one set of a party as the dispute pages draw it: its
// pattern and size, its strength worked out (R1.2), and what each wild
// became (R1.4, R1.5).
type SetResult struct {
	Name     string // "Flush of 4"
	Sum      string // "8 + 3 = 11"
	Strength int
	Cards    []CardFace
	Wilds    []WildNote
}

// Phrase is a sentence with cards in it ("Putting K5 to use"). A page
// draws each card with the suit sprite (Sentence), so no emoji font is
// needed; String writes the same sentence in words, as a screen reader
// reads the page ("Putting 5 of Kraken to use").
type Phrase []PhrasePart

// PhrasePart is a piece of a Phrase: text, a card when Rank is set, or a
// symbol of the sprite alone when Icon is.
type PhrasePart struct {
	Text string
	// Rank (1…7, Q, C, P) and Suit (a suit letter) name a card.
	Rank, Suit string
	// Power marks a Captain using its power, written SC* in codes.
	Power bool
	// Icon is a symbol of static/suits.svg (anchor, parrot) drawn after
	// the word that names it, in the colour of Suit; screen readers skip
	// it, since the word says it.
	Icon string
}

// Words is the part in words: its text, or the card as CardMark reads it
// out ("5 of Kraken", "Parrot of Swords", "C of Swords*").
func (p PhrasePart) Words() string {
	if p.Rank == "" {
		return p.Text
	}
	rank := p.Rank
	if rank == "P" {
		rank = "Parrot"
	}
	s := rank + " of " + suitName(p.Suit)
	if p.Power {
		s += "*"
	}
	return s
}

// String is the whole phrase in words.
func (p Phrase) String() string {
	var b strings.Builder
	for _, part := range p {
		b.WriteString(part.Words())
	}
	return b.String()
}

// CardPart is a card as a piece of a Phrase.
func CardPart(c scoring.Card) PhrasePart {
	return PhrasePart{Rank: c.Rank.Code(), Suit: c.Suit.Letter(), Power: c.Flagged}
}

// Sentence draws a Phrase: its text, each card as a CardRef, each symbol
// as its icon. It is written in Go rather than templ, which would put
// spaces between the pieces.
func Sentence(p Phrase) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		for _, part := range p {
			var err error
			switch {
			case part.Rank != "":
				err = CardRef(part.Rank, part.Suit).Render(ctx, w)
				if err == nil && part.Power {
					_, err = io.WriteString(w, "*")
				}
			case part.Icon != "":
				err = suitSymbol(part.Icon, part.Suit).Render(ctx, w)
			default:
				_, err = io.WriteString(w, templ.EscapeString(part.Text))
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// WildNote says what a wild card stood for, and by which rule. Text is
// Words in words, for places that show plain text.
type WildNote struct {
	Text  string
	Words Phrase
	Rule  string
}

// PartyResult is a whole party: its sets, strength and unused pirates.
type PartyResult struct {
	Strength int
	Unused   int
	Sets     []SetResult
	Leftover []CardFace
}

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
	// Problem is set instead when the answer could not be worked out
	// (a pool too big for it).
	Problem string
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

// Bucket is one choice of where tapped cards go on /check.
type Bucket struct {
	Value   string // 1, 2, … for a set; new; unused; out
	Label   string
	Checked bool
}

// ClaimCard is one card of a claimed set, with the choice of what it
// stands for when it may be stated (a Parrot or a Captain).
type ClaimCard struct {
	Face CardFace
	// TestID marks the card's face (claim-card-H2): each claimed card is
	// drawn once on the page.
	TestID string
	// Select is the name of its "stands as" choice; empty when none.
	Select string
	Groups []AsGroup
	// Power offers the Captain-power toggle (/check without a fixed pool).
	Power        bool
	PowerChecked bool
}

// AsGroup is a group of "stands as" choices; Label, when not empty,
// heads it (an optgroup), saying why they are not allowed.
type AsGroup struct {
	Label   string
	Options []AsOption
}

// AsOption is one "stands as" choice.
type AsOption struct {
	Value    string
	Label    string
	Selected bool
}

// ClaimSet is one claimed set as entered.
type ClaimSet struct {
	Number int
	Cards  []ClaimCard
	// Result is the set as judged, once there is a verdict. For an illegal
	// set it names no pattern and no strength sum: the claim earned none.
	Result *SetResult
	// Legal is false when the set breaks a rule (Problems says which).
	Legal bool
	// Problems are the claim's problems that belong to this set, shown
	// beside it as well as in the verdict's list.
	Problems []ProblemView
}

// ProblemView is one broken rule of a claim.
type ProblemView struct {
	Where     string // "Set 2" or "The party"
	Message   Phrase
	Rule      string
	RuleTitle string
}

// Verdict is the answer of /check.
type Verdict struct {
	Legal    bool
	Strength int
	Problems []ProblemView
	Best     PartyResult
	// Diff is the best party's strength less the claim's, when legal.
	Diff    int
	Summary string
}

// CheckView is the check-my-party page.
type CheckView struct {
	Players int
	// Locked is true when the pool is a round entry's: cards outside it
	// break R1.1.
	Locked bool
	Pool   string // the pool's codes, comma-separated, when Locked
	From   string // the round results page it came from, if any
	// State are the hidden fields carrying the claim between posts.
	SetCodes    []string
	UnusedCodes string
	Buckets     []Bucket
	Grid        TapGrid
	Sets        []ClaimSet
	Unused      []ClaimCard
	Errors      Errors
	Verdict     *Verdict
	// SolveHref opens the same pool on /solve.
	SolveHref string
}

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
