package views

import (
	"fmt"

	"ruthless/scoring"
	"ruthless/views/lang"
)

// The messages of forms and pages that handlers hand on: each is a
// function of the values it names, so that no handler words a sentence.
// A form's messages go into its Errors under the field they concern.

// TavernHoldsPoolCard refuses a Tavern Row card that is also in the pool.
func TavernHoldsPoolCard(c scoring.Card) string {
	return fmt.Sprintf("%s is already in the pool: the Tavern Row holds other cards.", CardPart(c).Words())
}

// TavernTooMany refuses a Tavern Row of n cards.
func TavernTooMany(n int) string {
	return fmt.Sprintf("The Tavern Row has %d cards: tap at most %d, not %d.", scoring.MaxTavern, scoring.MaxTavern, n)
}

// RecruitsRange refuses a count of recruits out of range.
func RecruitsRange() string {
	return fmt.Sprintf("Recruits this round are 0 to %d.", scoring.MaxNewPirates)
}

// RecruitLimitNote says why the recruit advisor offers no more, for
// left recruits this round and tavern cards in the row; "" when it does.
func RecruitLimitNote(left, tavern int) string {
	switch {
	case left == 0:
		return fmt.Sprintf("You have recruited %d pirates this round: no more until the next.", scoring.MaxNewPirates)
	case left == 1 && tavern > 1:
		return "One recruit left this round, so no pair."
	}
	return ""
}

// PlayersRange refuses a number of players that is not 2, 3 or 4; v is
// the value sent.
func PlayersRange(v string) string { return fmt.Sprintf("Players must be 2, 3 or 4, not %q.", v) }

// DurationRange refuses a game's duration out of range.
func DurationRange() string {
	return fmt.Sprintf("Type whole minutes from 1 to %d, or leave it empty.", scoring.MaxDurationMin)
}

// PlayedNotATime refuses a game's date and time that cannot be read; v
// is the value sent.
func PlayedNotATime(v string) string {
	return fmt.Sprintf("Give a date and a time, such as 2024-05-01 20:00, not %q.", v)
}

// PlayedYearRange refuses a game's date out of the years it may have.
func PlayedYearRange() string {
	return fmt.Sprintf("A game's date is in a year from %d to %d.", scoring.MinPlayedYear, scoring.MaxPlayedYear)
}

// WholeMinutes is a duration in minutes alone: "95 min".
func WholeMinutes(n int) string { return fmt.Sprintf("%d min", n) }

// RenameClash refuses a rename that would seat one name twice in game id
// (played by players), which has a player called other already.
func RenameClash(id string, players []string, other string) string {
	return fmt.Sprintf("Game %s (%s) already has a player called %q: one game cannot seat the same name twice, so nothing was renamed.",
		id, JoinNames(lang.English, players), other)
}

// RenameNobody refuses to rename a player no game has.
func RenameNobody(name string) string {
	return fmt.Sprintf("No game has a player called %q: nothing to rename.", name)
}
