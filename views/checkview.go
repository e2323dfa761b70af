package views

// The check-my-party page's model (/check): where tapped cards go, the
// claimed sets and the verdict.

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
	// Set is the claimed set it is about, from 1; 0 for the whole party.
	Set       int
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
	Diff int
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
