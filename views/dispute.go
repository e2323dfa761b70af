package views

// View models of the pages that settle arguments: the best party (/solve),
// check my party (/check), "why not more?" and the recruit advisor.

// TapGrid is a card grid of checkboxes, one block per suit. Unlike Grid
// it names its inputs (Name) and their ids and test ids (Prefix), so a
// page can hold two grids, and each card can carry a note.
type TapGrid struct {
	Name   string // the form field of the checkboxes: card, tavern
	Prefix string // ids and data-testids are Prefix-CODE
	Rows   []TapRow
}

// TapRow is one suit of a TapGrid.
type TapRow struct {
	Letter string
	Name   string
	Symbol string
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
	// Power offers the Captain-power toggle under a Captain (only shown
	// while the card is selected, as on the round form).
	Power        bool
	PowerChecked bool
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

// WildNote says what a wild card stood for, and by which rule.
type WildNote struct {
	Text string
	Rule string
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
	Text string
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
	Leaves string
	Party  PartyResult
}

// RecruitView is one answer of the recruit advisor.
type RecruitView struct {
	Cards    []CardFace
	Label    string // "5🐙" or "5🐙 + Q☠"
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
	// Result is the set as judged, once there is a verdict.
	Result *SetResult
	// Fits is false when the set fits no pattern (R1.2).
	Fits bool
}

// ProblemView is one broken rule of a claim.
type ProblemView struct {
	Where     string // "Set 2" or "The party"
	Message   string
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
