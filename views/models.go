// Package views renders the app's pages with templ. Every page component
// takes one typed view model built by the handlers, so views never see the
// store or HTTP, and tests can render any page from plain values.
package views

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"ruthless/scoring"
	"ruthless/views/lang"
)

// Link is a URL and what it leads to, which the page words (Step, in
// linkwords.go).
type Link struct {
	Href string
	Step Step
	// Round is the round the step is about, if any.
	Round int
	// Name is the player the step is about, if any, isolated from the
	// words around it (<bdi>): "Enter round 5 for " + "سارة" + " (no
	// phone)". NoPhone says the seat is an open one no phone holds.
	Name    string
	NoPhone bool
	// Busy is the other phone entering the seat now, when one is (issue
	// 41: three phones offered one open seat at once): the link says so.
	Busy Phone
}

// Errors maps a form field name to the message shown next to it. The key
// "form" holds messages that concern no single field.
type Errors map[string]string

// GameListItem is one line of the home page's game lists.
type GameListItem struct {
	ID           string
	Players      []string
	Played       time.Time
	RoundsPlayed int
	RoundsTotal  int
	// Winners is empty for a game in progress.
	Winners []string
}

// HomeView is the home page: a button for a new game and the games so far,
// a page of the most recently played at a time.
type HomeView struct {
	InProgress []GameListItem
	Finished   []GameListItem
	// Later is set on every page but the first (the newest games).
	Later bool
	// More is the address of the next page of older games, "" if none.
	More string
	// Filter is what the list is narrowed to (players.templ).
	Filter HomeFilter
	// Trash is the games deleted lately, restorable (trash.templ).
	Trash []TrashedGame
	// TrashDays is how many days a deleted game stays restorable (the
	// store's TrashKeep).
	TrashDays int
	// Offline is set in the browser build (offline.templ).
	Offline *OfflineHome
}

// AchievementOption is one Legendary Achievement on the new-game form.
type AchievementOption struct {
	ID      string
	Name    string
	Summary string
	Checked bool
}

// NewGameView is the new-game form, with the values the user typed and the
// errors found in them.
type NewGameView struct {
	// Names holds the four seat inputs, blank where unused.
	Names        [4]string
	StartSeat    int
	Achievements []AchievementOption
	ZeroCounts   bool
	KnownNames   []string
	Errors       Errors
	// Token is the form's one-time token (see handlers/token.go).
	Token string
	// RematchOf is the game this form sets up a rematch of ("" for a new
	// game): the form then posts to that game's rematch address.
	RematchOf string
}

// Action is where the new-game form posts.
func (vm NewGameView) Action() string {
	if vm.RematchOf != "" {
		return RematchURL(vm.RematchOf)
	}
	return "/games"
}

// CardFace is a card as drawn on a page.
type CardFace struct {
	Code   string // H2, SC*
	Suit   string // suit letter, for the colour class
	Rank   string // 1…7, Q, C, P
	Symbol string
	Title  string // "2 of Hearts"
	// As is what a wild card became, e.g. "5⚔", empty for other cards.
	As string
	// AsRank and AsSuit are As in parts (rank code, suit letter), so the
	// page can draw the suit's symbol; empty when only As is known.
	AsRank, AsSuit string
	// card, as and stated are the facts Title says, for the page to say
	// them in its language (TitleIn): the card, what a wild stands as
	// (rank 0 for none) and whether that is stated or used.
	card   scoring.Card
	as     scoring.Card
	stated bool
}

// TitleIn is the face's tooltip in language l: "Captain of Swords
// (Captain power used), used as 5 of Kraken".
func (f CardFace) TitleIn(l lang.Lang) string {
	if f.card.Rank == 0 {
		return f.Title
	}
	t := CardName(l, f.card)
	if f.card.Flagged {
		t = l.T("card.title.power", "card", t)
	}
	switch {
	case f.as.Rank == 0:
		return t
	case f.stated:
		return l.T("card.title.stated_as", "card", t, "as", CardName(l, f.as))
	}
	return l.T("card.title.used_as", "card", t, "as", CardName(l, f.as))
}

// faceTitle is the face's tooltip in the language of the page drawn.
func faceTitle(ctx context.Context, f CardFace) string { return f.TitleIn(lang.From(ctx)) }

// EntryView is one player's round-entry form.
type EntryView struct {
	GameID     string
	Round      int
	Rounds     int
	Player     int
	PlayerName string
	Action     string
	Grid       TapGrid
	Coins      string
	Version    int
	// PrefilledFrom is the round the selection was copied from, 0 if none.
	PrefilledFrom int
	ClearHref     string
	Editing       bool
	Saved         bool
	Errors        Errors
	// Warnings are the R4.3 warnings of the stored entry, worded by the
	// page.
	Warnings []scoring.Warning
	Conflict *EntryConflictView
	BackHref string
	// Token is the form's one-time token.
	Token string
	// Live is who has entered this round, kept up to date by live.js.
	Live LiveView
	// AdvisorHref opens the recruit advisor on the pool shown.
	AdvisorHref string
	// AdvisorKnown lists the pirates this player entered in earlier
	// rounds (codes, comma-separated): entry.js opens the advisor on the
	// cards tapped, counting the others as this round's recruits.
	AdvisorKnown string
	// NextName names the next seat still to enter this round, for "Save &
	// next"; "" offers no such button (every other seat has entered, or
	// the phone joined as a seat and enters its own entry only).
	NextName string
	// NextNoPhone says the next seat is an open seat: "(no phone)".
	NextNoPhone bool
	// Own marks the phone's own player's entry (the first seat it took):
	// there plain Save is the big button and "Save & next" the second
	// one, so a player tapping the big button never lands in someone
	// else's entry.
	Own bool
	// SolveHref is where the page's script asks for the best party of the
	// cards tapped (GET, ?cards=…), to show it live in the bar.
	SolveHref string
	// SavedBy is the other phone that saved the stored entry, and SavedAt
	// when (SavedAt); not Known when this phone did, or nobody knows.
	SavedBy Phone
	SavedAt SaveTime
	// Cleared says the grid was emptied by "Clear all" without JavaScript
	// and nothing is saved yet.
	Cleared bool
	// Clashes are the tapped cards another player already holds this
	// game, when the save was refused for them (R4.1).
	Clashes []Clash
	// OpenElsewhere is another phone that opened this open seat's form
	// lately, OpenFor how long ago (unknown Phone: none): the form says
	// so, since two phones entering one seat waste a turn.
	OpenElsewhere Phone
	OpenFor       time.Duration
}

// Clash is a tapped card that another player holds (R4.1).
type Clash struct {
	Card   CardFace
	Holder string
}

// EntryConflictView shows a stored entry that changed under the player
// next to the one they submitted, so they can choose.
type EntryConflictView struct {
	Stored         []CardFace
	StoredCoins    int
	Submitted      []CardFace
	SubmittedCodes []string
	SubmittedCoins int
	Version        int
	// SavedAt says when the other phone saved ("at 21:04"), "" if unknown.
	SavedAt SaveTime
	// SavedBy is the other phone by its player, not Known for a phone
	// with no seat or the API.
	SavedBy Phone
}

// PlayerStatus says whether a player has entered the current round.
type PlayerStatus struct {
	Name    string
	Entered bool
	Href    string
	// NoPhone says no phone holds the seat (an open seat): any phone at
	// the table may enter for it.
	NoPhone bool
}

// ScoreCell is one player's line in one round of the scoreboard.
type ScoreCell struct {
	Entered  bool
	Scored   bool
	Strength int
	Prize    int
	Running  int
}

// ScoreRow is one round of the scoreboard.
type ScoreRow struct {
	Round       int
	Href        string
	StartPlayer string
	Token       string
	Cells       []ScoreCell
}

// GameView is a game's scoreboard page.
type GameView struct {
	ID      string
	Players []string
	// AskSeat are the seats this phone is asked to choose from, on a
	// game that has not started and a phone holding none: the phone that
	// set the game up is asked at once which player it is, so its next
	// step is its own entry (issue 41). Empty asks nothing.
	AskSeat []int
	// Played is when the game was set up; the page writes it the
	// language's way (Date is a written date, for a page built without it).
	Played       time.Time
	Date         string
	Rounds       int
	Achievements []string
	ZeroCounts   bool
	Rows         []ScoreRow
	// Current is the round being entered, 0 when all rounds are done.
	Current      int
	CurrentStart string
	Status       []PlayerStatus
	Next         Link
	Others       []Link
	Finished     bool
	// Winners are the seats of the winner(s).
	Winners []int
	FinalNP []int
	// Problem is set when the stored game breaks a rule and cannot be
	// scored: the page then shows it with links to fix it, and no scores.
	Problem *Problem
	// Live is the live part of the page: who has entered, this phone's seat.
	Live LiveView
	// InviteHref is the page with the join link and its QR code.
	InviteHref string
	// Totals is each player's NP so far, in seat order: the tokens won,
	// or the final NP once the game is over (TotalsFinal).
	Totals      []PlayerTotal
	TotalsFinal bool
	// InviteFirst makes "Invite the table" the page's main button: the
	// game has begun and nobody has entered anything yet. Next then
	// follows it as a plain button.
	InviteFirst bool
	// InviteInMore puts "Invite the table" in the More menu: every seat
	// is on a phone. A finished game offers no invitation.
	InviteInMore bool
	// ShareLink is the game's share link while it works, ShareRevoke
	// where the More menu stops it; ShareStopped says it was just stopped.
	ShareLink, ShareRevoke string
	ShareStopped           bool
}

// PlayerTotal is one player's running total on the scoreboard.
type PlayerTotal struct {
	Name string
	NP   int
	// Place is 1 for the lead (shared on equal NP), 0 before any round
	// is scored.
	Place int
}

// PartyView is one player's scored party in a round: the party, as every
// page draws one, and the player's place and prize.
type PartyView struct {
	PartyResult
	Seat  int
	Name  string
	Coins int
	// Place is the party's place in a Piracy round (R2.5), 0 for none:
	// below the threshold (R2.3), or a Port round, where order does not
	// matter (R2.4).
	Place    int
	Prize    int
	Token    string
	EditHref string
	// Tie says how this party came to be placed behind the one just above
	// it on equal strength (R2.5); nil when there was no tie.
	Tie *TieView
	// Why is "why not more?" for this party.
	Why WhyView
	// CheckHref opens /check on this player's pool.
	CheckHref string
}

// TieView is one tie-break line, shown under the two tied players.
type TieView struct {
	Text string
	Rule string
	// Names are the game's players, isolated where Text names them.
	Names []string
	// round or totals, and tb, are the facts Text says, for the page to
	// say them in its language (TextIn).
	round  *scoring.RoundResult
	totals []scoring.Total
	tb     scoring.TieBreak
}

// RoundResultsView is a round's results page, or the waiting page for a
// round that is not complete.
type RoundResultsView struct {
	GameID string
	Round  int
	Rounds int
	// Players is how many play: with Round, it says the round's tokens.
	Players     int
	StartPlayer string
	Complete    bool
	// Port is set for rounds 1–2, where every party of strength 4 or more
	// takes a Port token and there are no places (R2.4).
	Port    bool
	Missing []PlayerStatus
	// Parties are in seat order; the page orders them by place.
	Parties []PartyView
	// ReturnedNP are the tokens nobody took (R2.3), by their NP.
	ReturnedNP []int
	Next       Link
	// Warned are the players whose entry of this round holds more new
	// pirates than a round can recruit (R4.3), in seat order: the page
	// says it once for them all.
	Warned []WarnedPlayer
	// Live is who has entered the round being entered; it also moves the
	// page on when the game's final scores are in.
	Live LiveView
}

// WarnedPlayer is one player named in a round's three-recruits warning,
// with the pirates this round first shows in their pool.
type WarnedPlayer struct {
	Seat  int
	Name  string
	Cards []CardFace
}

// RevealView asks for confirmation before a round is revealed early.
type RevealView struct {
	GameID  string
	Round   int
	Missing []string
}

// FinalFormView is one player's end-of-game form.
type FinalFormView struct {
	GameID     string
	Player     int
	PlayerName string
	Action     string
	Grid       TapGrid
	Monkeys    string
	MaxMonkeys int
	LootKept   string
	LootBuried string
	Coins      string
	ParleyUsed bool
	Version    int
	Prefilled  bool
	Errors     Errors
	Conflict   bool
	BackHref   string
	// Token is the form's one-time token.
	Token string
	// ConflictSavedAt says when the other phone saved ("at 21:04"), ""
	// if unknown.
	ConflictSavedAt SaveTime
	// NextName names the next seat this phone enters whose end of game is
	// missing, for "Save & next"; "" offers no such button.
	NextName string
	// NextNoPhone says the next seat is an open seat: "(no phone)".
	NextNoPhone bool
	// Own marks the phone's own player's form: there plain Save is the
	// big button, and "Save & next" the second one.
	Own bool
	// OpenElsewhere and OpenFor are as in EntryView.
	OpenElsewhere Phone
	OpenFor       time.Duration
}

// AchievementRow is one Legendary Achievement on the final page.
type AchievementRow struct {
	// ID names the achievement for the page, in its language; Name is
	// its English name, for a row built without it.
	ID   string
	Name string
	// Result is the award the page words Why from, in its language.
	Result *scoring.AchievementResult
	Counts []string
	NP     []int
	Why    string
	Rule   string
}

// TotalRow is one player's final NP broken down (R3.4), with their place.
type TotalRow struct {
	Seat int
	Name string
	// Place is 1 for the winner(s); players level on every step of R3.5
	// share a place.
	Place        int
	Prizes       int
	Achievements int
	Crew         int
	Parley       int
	NP           int
	Coins        int
	Winner       bool
	// Tie says how this player came to be placed behind, or level with,
	// the one just above on equal NP (R3.5); nil when there was no tie.
	Tie *TieView
}

// FinalView is the end-of-game page: achievements, totals, winners.
type FinalView struct {
	GameID       string
	Players      []string
	Complete     bool
	Missing      []PlayerStatus
	Achievements []AchievementRow
	// Totals are in seat order; the page orders them by place.
	Totals []TotalRow
	Edit   []Link
	// Next is the phone's next step while end-of-game entries are missing.
	Next Link
	// Live moves the page on to the scores once the last entry is saved.
	Live LiveView
	// Rematch is the box that starts the next game (about.templ).
	Rematch RematchView
	// Share offers the result card once the scores are final.
	Share ShareView
	// Facts is the play's record (About this game), shown under the result.
	Facts PlayFacts
}

// DeleteView asks for confirmation before a game is deleted.
type DeleteView struct {
	GameID  string
	Players []string
	Played  time.Time
	Date    string
	// KeepDays is how many days the game stays restorable (the store's
	// TrashKeep).
	KeepDays int
}

// ErrorView is a page for a failed request.
type ErrorView struct {
	Status  int
	Title   string
	Message string
}

// Face converts a card to how pages draw it.
func Face(c scoring.Card) CardFace {
	if !c.Flagged && c.Suit < scoring.NumSuits && c.Rank >= 1 && c.Rank <= scoring.Parrot {
		return plainFaces[c.Suit][c.Rank]
	}
	return newFace(c)
}

// plainFaces are the faces of the deck's cards, made once: a card grid
// draws every card of the deck on every page (issue 42).
var plainFaces = func() (faces [scoring.NumSuits][scoring.Parrot + 1]CardFace) {
	for s := range scoring.Suit(scoring.NumSuits) {
		for r := scoring.Rank(1); r <= scoring.Parrot; r++ {
			faces[s][r] = newFace(scoring.Card{Suit: s, Rank: r})
		}
	}
	return faces
}()

// newFace makes card c's face.
func newFace(c scoring.Card) CardFace {
	f := CardFace{
		Code:   c.String(),
		Suit:   c.Suit.Letter(),
		Rank:   c.Rank.Code(),
		Symbol: c.Suit.Symbol(),
		Title:  c.Rank.Name() + " of " + c.Suit.Name(),
		card:   c,
	}
	if c.Flagged {
		f.Title += " (Captain power used)"
	}
	return f
}

// Faces converts several cards.
func Faces(cs []scoring.Card) []CardFace {
	out := make([]CardFace, len(cs))
	for i, c := range cs {
		out[i] = Face(c)
	}
	return out
}

// LongNames says whether a name of the game is too long for a quarter of
// a narrow phone's width (more than 8 characters): the scoreboard then
// puts two tiles in a row and marks the round table's columns short.
func (vm GameView) LongNames() bool {
	for _, p := range vm.Players {
		if utf8.RuneCountInString(strings.TrimSpace(p)) > 8 {
			return true
		}
	}
	return false
}
