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

// TooManyNamesText refuses a new-game form that sent n names.
func TooManyNamesText(n, least, most int) string {
	return fmt.Sprintf("The form sent %d player names, but a game has %d to %d players.", n, least, most)
}

// StartSeatText refuses a start player that is not a seat of the form.
func StartSeatText(raw string) string {
	return fmt.Sprintf("The start player must be one of the four seats, not %q.", raw)
}

// StartPlayerMissingText asks for a start player among the named seats.
const StartPlayerMissingText = "Tick the seat of a player who is playing as the start player."

// NameTooLongText refuses a name of n characters.
func NameTooLongText(n, most int) string {
	return fmt.Sprintf("This name has %d characters; a name has at most %d.", n, most)
}

// ImportsLimitedText refuses an import over the per-device rate.
func ImportsLimitedText(perMinute int, wait time.Duration) string {
	return fmt.Sprintf("Too many imports from this device: at most %d a minute. Try again in %s.", perMinute, WaitText(wait))
}

// ImportVolumeText refuses n imported games over the server's hourly cap.
func ImportVolumeText(perHour, n int, wait time.Duration) string {
	return fmt.Sprintf("The server takes at most %d imported games an hour, from everyone together; these %d would pass it. Try again in %s, or import fewer at once.", perHour, n, WaitText(wait))
}

// UploadTooLargeText refuses an upload over mib MiB.
func UploadTooLargeText(mib int) string {
	return fmt.Sprintf("The upload is larger than %d MiB; import the games in several parts.", mib)
}

// UploadUnreadableText refuses an upload that is not a form of files.
const UploadUnreadableText = "The upload could not be read: choose one or more game files (.json) and send the form again."

// NoFileText asks for a file.
const NoFileText = "Choose at least one game file."

// TooManyFilesText refuses n files over most.
func TooManyFilesText(most, n int) string {
	return fmt.Sprintf("At most %d files at once, not %d.", most, n)
}

// FileUnreadableText names an uploaded file that could not be read.
func FileUnreadableText(name string) string { return name + ": could not be read" }

// NewGamesLimitedText refuses a new game over the device's rate (perMinute)
// or, when perHour is set, over the server's hourly cap on new history.
func NewGamesLimitedText(perMinute, perHour int, wait time.Duration) string {
	if perHour > 0 {
		return fmt.Sprintf("The server takes at most %d new games an hour, from everyone together. Try again in %s.", perHour, WaitText(wait))
	}
	return fmt.Sprintf("Too many new games from this device: at most %d a minute. Try again in %s.", perMinute, WaitText(wait))
}

// liveWords are the words entry.js writes the live best party with, in
// the page's language, as the JSON object it reads from data-words.
func liveWords(ctx context.Context) string {
	l := lang.From(ctx)
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
}
