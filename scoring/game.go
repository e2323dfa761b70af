package scoring

// Game is the game file of docs/api.md, version 1: the one document shape
// for a game. It holds only inputs; Score derives everything else.
type Game struct {
	Version      int      `json:"version"`
	Players      []string `json:"players"`
	StartPlayer  int      `json:"start_player"`
	Achievements []string `json:"achievements"`
	ZeroCounts   bool     `json:"zero_counts"`
	// Played is when the game was played (it started), RFC 3339 text such
	// as "2024-05-01T20:00:00+02:00"; "" when the file does not say. It is
	// text, kept as written, so a file round-trips byte for byte and an
	// offset survives (and scoring needs no clock type); CheckPlayed checks
	// it. Scoring ignores it.
	Played string `json:"played,omitempty"`
	// DurationMin, Location and Notes are the rest of the play's record
	// (CheckPlayRecord): how long the game took in whole minutes (0: not
	// known), where it was played and free notes, plain text ("": none).
	// Like Played they describe the play, not the scores: scoring ignores
	// them.
	DurationMin int    `json:"duration_min,omitempty"`
	Location    string `json:"location,omitempty"`
	Notes       string `json:"notes,omitempty"`
	// Rounds[r][p] is seat p's entry for round r+1; nil while that player
	// has not entered yet (such a round is not scored).
	Rounds [][]*Entry `json:"rounds"`
	// Final is absent (nil) until the game is over.
	Final []FinalEntry `json:"final,omitempty"`
}

// Over reports whether the game is over: its final collections are in
// (R3). It is the one answer to "is the game over?" in Go: a scored
// game's Result has Totals exactly when it is, and the store's SQL for
// the finished filter is held to it by the store's tests.
func (g Game) Over() bool { return g.Final != nil }

// Entry is one player's input for one round: the pirates in their Ship and
// New Recruits Areas and the coins they hold at the end of the turns.
type Entry struct {
	Pool  []Card `json:"pool"`
	Coins int    `json:"coins"`
}

// FinalEntry is one player's collection at the end of the game (R3.1).
type FinalEntry struct {
	Pirates             []Card `json:"pirates"`
	BuriedPirates       []Card `json:"buried_pirates"`
	BuriedPowderMonkeys int    `json:"buried_powder_monkeys"`
	LootBannerKept      int    `json:"loot_banner_kept"`
	LootBannerBuried    int    `json:"loot_banner_buried"`
	Coins               int    `json:"coins"`
	ParleyUsed          bool   `json:"parley_used"`
}

// Result is a scored game, exactly what `ruthless score --json` prints.
type Result struct {
	Rounds []RoundResult `json:"rounds"`
	// Achievements, Totals and Winners are present only once Final is given.
	Achievements []AchievementResult `json:"achievements,omitempty"`
	Totals       []Total             `json:"totals,omitempty"`
	Winners      []int               `json:"winners,omitempty"`
	// WinnerTieBreaks says which step of R3.5 separated players level on NP.
	WinnerTieBreaks []TieBreak `json:"winner_tie_breaks,omitempty"`
	// Standings are all seats in final order (R3.5), winners first; players
	// who share the victory come in seat order.
	Standings []int `json:"standings,omitempty"`
	// Warnings are R4.3 notices: the game is still scored.
	Warnings []Warning `json:"warnings,omitempty"`
}

// RoundResult is one scored round (R2).
type RoundResult struct {
	Round       int            `json:"round"`
	StartPlayer int            `json:"start_player"`
	Token       string         `json:"token"` // "port" or "piracy"
	Results     []PlayerResult `json:"results"`
	TieBreaks   []TieBreak     `json:"tie_breaks"`
	// Returned lists the tokens nobody took (R2.5), by NP value.
	Returned []int `json:"returned,omitempty"`
}

// PlayerResult is one player's best party and prize in a round.
type PlayerResult struct {
	Player      int    `json:"player"`
	Strength    int    `json:"strength"`
	Unused      int    `json:"unused"`
	Coins       int    `json:"coins"`
	Prize       int    `json:"prize"`
	Place       *int   `json:"place"`
	Sets        []Set  `json:"sets"`
	UnusedCards []Card `json:"unused_cards"`
}

// TieBreak records how players level on the first criterion were ordered:
// DecidedBy is "unused", "coins" or "seat" for rounds (R2.5), "coins",
// "achievements" or "crew" for the winner (R3.5), or "shared" when nothing
// separated them.
type TieBreak struct {
	Players   []int  `json:"players"`
	DecidedBy string `json:"decided_by"`
	Rule      string `json:"rule"`
}

// AchievementResult is one Legendary Achievement's counts and awards (R3.3).
type AchievementResult struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Counts []int  `json:"counts"`
	NP     []int  `json:"np"`
	Rule   string `json:"rule"`
	// Why explains the award in one sentence for people. scoring leaves
	// it empty: the award is in NP and Counts, and views.Explain words it
	// for the JSON answers that carry the sentence.
	Why string `json:"why"`
}

// Total is one player's final Notoriety Points broken down (R3.4).
type Total struct {
	Player       int `json:"player"`
	Prizes       int `json:"prizes"`
	Achievements int `json:"achievements"`
	Crew         int `json:"crew"`
	Parley       int `json:"parley"`
	NP           int `json:"np"`
	Coins        int `json:"coins"`
	// Officers is the number of Qtr and Cpt cards owned, buried or not: the
	// last tie-break of R3.5 (Crew is their NP, which weighs Cpt double).
	Officers int `json:"officers"`
}

// Warning is a doubtful but allowed input (R4.3).
type Warning struct {
	Player int `json:"player"`
	Round  int `json:"round"`
	// Cards are the pirates first entered that round, more than
	// MaxNewPirates of them.
	Cards []Card `json:"cards"`
	// Message is the warning in one sentence for people. scoring leaves
	// it empty; views.Explain and views.WarningText word it.
	Message string `json:"message"`
	Rule    string `json:"rule"`
}
