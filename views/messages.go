package views

import (
	"fmt"

	"ruthless/scoring"
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
