package views

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"ruthless/views/lang"
)

// The words of the writes' forms (the round entry, the end of the game,
// the new game, the import): what a form says beside a value it refuses.
// Handlers hand the values over; these word them.

// CoinsRangeText refuses a round entry's coins.
func CoinsRangeText(l lang.Lang, most int) string {
	return l.T("form.coins_range", "most", most)
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
func FinalCountRangeText(l lang.Lang, c FinalCount, most int) string {
	switch c {
	case CountMonkeys:
		return l.T("form.range.monkeys", "most", most)
	case CountCoins:
		return l.T("form.range.coins", "most", most)
	}
	return l.T("form.range.banner", "most", most)
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

// liveWords are the words entry.js writes the live best party with, in
// the page's language, as the JSON object it reads from data-words.
func liveWords(ctx context.Context) string { return liveWordsIn.in(ctx) }

var liveWordsIn = perLanguage[string]{make: func(l lang.Lang) string {
	words := map[string]string{
		"pair": l.T("live.pair"), "three": l.T("live.three"), "four": l.T("live.four"), "five": l.T("live.five"),
		"many": l.T("live.many"), "straight": l.T("live.straight"), "straight_flush": l.T("live.straight_flush"),
		"flush": l.T("live.flush"), "full_ship": l.T("live.full_ship"), "none": l.T("live.none"),
		"in_suit": " " + l.T("live.in_suit"),
		"suit_A":  l.T("live.suit.anchor"), "suit_H": l.T("live.suit.heart"), "suit_K": l.T("live.suit.kraken"),
		"suit_X": l.T("live.suit.skull"), "suit_S": l.T("live.suit.swords"),
	}
	b, err := json.Marshal(words)
	if err != nil {
		return "{}"
	}
	return string(b)
}}
