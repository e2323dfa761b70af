package views

import (
	"time"

	"ruthless/views/lang"
)

// The words of the new-game and import forms: what a form says beside a
// value it refuses. Handlers hand the values over; these word them.

// TooManyNamesText refuses a new-game form that sent n names.
func TooManyNamesText(l lang.Lang, n, least, most int) string {
	return l.T("newgame.too_many_names", "n", n, "least", least, "most", most)
}

// StartSeatText refuses a start player that is not a seat of the form.
func StartSeatText(l lang.Lang, raw string) string {
	return l.T("newgame.start_seat", "value", raw)
}

// StartPlayerMissingText asks for a start player among the named seats.
func StartPlayerMissingText(l lang.Lang) string { return l.T("newgame.start_missing") }

// NameTooLongText refuses a name of n characters.
func NameTooLongText(l lang.Lang, n, most int) string {
	return l.T("newgame.name_too_long", "n", n, "most", most)
}

// NewGamesLimitedIn is NewGamesLimitedText for the new-game form, in l.
func NewGamesLimitedIn(l lang.Lang, perMinute, perHour int, wait time.Duration) string {
	if perHour > 0 {
		return l.N("newgame.limited_hour", waitSeconds(wait), "most", perHour)
	}
	return l.N("newgame.limited_device", waitSeconds(wait), "most", perMinute)
}

// ImportsLimitedText refuses an import over the per-device rate.
func ImportsLimitedText(l lang.Lang, perMinute int, wait time.Duration) string {
	return l.N("import.limited", waitSeconds(wait), "most", perMinute)
}

// ImportVolumeText refuses n imported games over the server's hourly cap.
func ImportVolumeText(l lang.Lang, perHour, n int, wait time.Duration) string {
	return l.N("import.volume", waitSeconds(wait), "most", perHour, "games", n)
}

// UploadTooLargeText refuses an upload over mib MiB.
func UploadTooLargeText(l lang.Lang, mib int) string {
	return l.T("import.too_large", "mib", mib)
}

// UploadUnreadableText refuses an upload that is not a form of files.
func UploadUnreadableText(l lang.Lang) string { return l.T("import.unreadable") }

// NoFileText asks for a file.
func NoFileText(l lang.Lang) string { return l.T("import.no_file") }

// TooManyFilesText refuses n files over most.
func TooManyFilesText(l lang.Lang, most, n int) string {
	return l.T("import.too_many_files", "most", most, "n", n)
}

// FileUnreadableText names an uploaded file that could not be read.
func FileUnreadableText(l lang.Lang, name string) string {
	return l.T("import.file_unreadable", "file", name)
}
