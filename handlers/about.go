package handlers

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
)

// The "About this game" form edits the play's record: when the game was
// played, how long it took, where, and notes. A phone let in by a join
// code may use it, as it may correct the game's entries.
//
// Time zones. The form's datetime-local input holds a wall-clock time
// without a zone, and the server cannot know the phone's. A hidden field
// tz carries the offset (minutes east of UTC) the time is read in: the
// page fills it with the offset the stored time was written with (UTC for
// a game whose time is its first entry's), and with JavaScript the page
// shows the time in the phone's zone and puts the phone's offset for the
// chosen date there instead. The saved time keeps that offset
// ("2024-05-01T20:00:00+02:00"), so exports show the table's local time.

// Limits of the tz field: the furthest offsets in use are -12:00 and
// +14:00.
const (
	minOffset = -12 * 60
	maxOffset = 14 * 60
)

// offsetOf reads the tz field: minutes east of UTC, 0 when it is missing
// or cannot be an offset (a page without JavaScript sends what the server
// wrote, so only a forged form gets here).
func offsetOf(tz string) int {
	n, err := strconv.Atoi(strings.TrimSpace(tz))
	if err != nil || n < minOffset || n > maxOffset {
		return 0
	}
	return n
}

// localLayout is the datetime-local input's value.
const localLayout = "2006-01-02T15:04"

// aboutForm shows the play's record of a game.
func (a *app) aboutForm(c *gin.Context) {
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	vm := aboutView(g)
	vm.Saved = c.Query("saved") == "1"
	a.page(c, http.StatusOK, views.About(vm))
}

// aboutView is the form filled from the stored game.
func aboutView(g store.StoredGame) views.AboutView {
	vm := views.AboutView{GameID: g.ID, Players: g.File.Players, Errors: views.Errors{},
		Location: g.Record.Location, Notes: g.Record.Notes}
	played, err := time.Parse(time.RFC3339, g.File.Played)
	if err != nil {
		played = g.Created
	}
	_, offset := played.Zone()
	vm.Played, vm.PlayedUTC, vm.Offset = played.Format(localLayout), played.UTC().Format(time.RFC3339), offset/60
	vm.FirstEntry = g.FirstEntry
	if g.Record.DurationMin > 0 {
		vm.Duration = strconv.Itoa(g.Record.DurationMin)
	}
	if g.Record.DurationMin = 0; g.Duration() > 0 {
		vm.DefaultMinutes = g.Duration()
	}
	return vm
}

// saveAbout saves the play's record and opens the scoreboard; bad input
// shows the form again with every value as typed and a message next to
// each bad field (422).
func (a *app) saveAbout(c *gin.Context) {
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	if err := parseForm(c); err != nil {
		a.fail(c, err)
		return
	}
	form := c.Request.PostForm
	vm := aboutView(g)
	vm.Played, vm.Duration = strings.TrimSpace(form.Get("played")), strings.TrimSpace(form.Get("duration_min"))
	vm.Location, vm.Notes = form.Get("location"), form.Get("notes")
	rec, errs := readRecord(g, vm.Played, form.Get("tz"), vm.Duration, vm.Location, vm.Notes)
	if len(errs) > 0 {
		vm.Errors = errs
		vm.Offset = offsetOf(form.Get("tz"))
		a.page(c, http.StatusUnprocessableEntity, views.About(vm))
		return
	}
	if err := a.table.SetRecord(c.Request.Context(), g.ID, rec); err != nil {
		a.fail(c, err)
		return
	}
	// Back to the form, which says it was saved: a save that only opened
	// another page looked as if nothing had happened (issue 31).
	seeOther(c, views.AboutURL(g.ID)+"?saved=1")
}

// readRecord reads the form's fields into a record, with a message per
// bad field.
func readRecord(g store.StoredGame, played, tz, duration, location, notes string) (store.Record, views.Errors) {
	errs := views.Errors{}
	var rec store.Record
	var msg string
	if rec.Played, msg = readPlayed(g, played, tz); msg != "" {
		errs["played"] = msg
	}
	if duration != "" {
		n, err := strconv.Atoi(duration)
		if err != nil || n < 1 || n > scoring.MaxDurationMin {
			errs["duration_min"] = views.DurationRange()
		}
		rec.DurationMin = n
	}
	rec.Location = scoring.CleanRecordText(location, false)
	rec.Notes = scoring.CleanRecordText(notes, true)
	checks := []struct {
		field string
		game  scoring.Game
	}{
		{"location", scoring.Game{Location: rec.Location}},
		{"notes", scoring.Game{Notes: rec.Notes}},
	}
	for _, ch := range checks {
		if err := scoring.CheckPlayRecord(ch.game); err != nil {
			errs[ch.field] = views.MessageText(views.FieldProblem(err.(*scoring.FieldError)))
		}
	}
	return rec, errs
}

// readPlayed is the played time typed (a datetime-local value read at
// offset tz) as RFC 3339 text: "" for an empty field (back to the
// default), and the stored text itself when the time shown was not
// changed, so a time written to the second or nanosecond, or with another
// spelling of its offset, is kept as it was. The second result is the
// message for a bad value, "" for a good one.
func readPlayed(g store.StoredGame, value, tz string) (string, string) {
	if value == "" {
		return "", ""
	}
	zone := time.FixedZone("", offsetOf(tz)*60)
	t, err := time.ParseInLocation(localLayout, value, zone)
	if err != nil {
		t, err = time.ParseInLocation("2006-01-02T15:04:05", value, zone)
	}
	if err != nil {
		return "", views.PlayedNotATime(clip(value))
	}
	if stored, err := time.Parse(time.RFC3339, g.File.Played); err == nil && stored.Truncate(time.Minute).Equal(t.Truncate(time.Minute)) {
		return g.Record.Played, ""
	}
	text := t.Format(time.RFC3339)
	if err := scoring.CheckPlayed(text); err != nil {
		return "", views.PlayedYearRange()
	}
	return text, ""
}

// playFacts is the play's record of g as the results show it: when it
// was played (in the offset it was written with), how long it took (set,
// or from the entries), where, and the notes.
func playFacts(g store.StoredGame) views.PlayFacts {
	f := views.PlayFacts{Minutes: g.Duration(), Location: strings.TrimSpace(g.Record.Location), Notes: strings.TrimSpace(g.Record.Notes)}
	if played, err := time.Parse(time.RFC3339, g.File.Played); err == nil {
		f.When = played
	} else {
		f.When = g.Created.Local()
	}
	return f
}
