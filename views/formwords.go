package views

import (
	"fmt"
	"time"
)

// The words of the writes' forms (the round entry, the end of the game,
// the new game, the import): what a form says beside a value it refuses.
// Handlers hand the values over; these word them.

// CoinsRangeText refuses a round entry's coins.
func CoinsRangeText(most int) string {
	return fmt.Sprintf("Coins are a whole number from 0 to %d.", most)
}

// FinalCount is one number of the end-of-game form.
type FinalCount int

// The end-of-game form's numbers.
const (
	CountMonkeys FinalCount = iota
	CountLootKept
	CountLootBuried
	CountCoins
)

// FinalCountRangeText refuses one of the end-of-game form's numbers.
func FinalCountRangeText(c FinalCount, most int) string {
	what := map[FinalCount]string{CountMonkeys: "Powder Monkeys buried", CountLootKept: "The banner total",
		CountLootBuried: "The banner total", CountCoins: "Coins"}[c]
	return fmt.Sprintf("%s must be a whole number from 0 to %d.", what, most)
}

// NewGamesLimitedText refuses a new game over the device's rate (perMinute)
// or, when perHour is set, over the server's hourly cap on new history:
// the API's words (the form's are NewGamesLimitedIn).
func NewGamesLimitedText(perMinute, perHour int, wait time.Duration) string {
	if perHour > 0 {
		return fmt.Sprintf("The server takes at most %d new games an hour, from everyone together. Try again in %s.", perHour, WaitText(wait))
	}
	return fmt.Sprintf("Too many new games from this device: at most %d a minute. Try again in %s.", perMinute, WaitText(wait))
}
