package handlers_test

import (
	"strconv"
	"strings"
	"testing"

	"ruthless/handlers"
)

// TestRecordsPage: /records is linked from /players, says when nothing is
// finished, shows a finished game's records, and is worked out again once
// the history changes (its cache is keyed by the history's state).
func TestRecordsPage(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, handlers.Options{GamesPerMinute: -1})
	players := a.get(t, "/players")
	if tag := inputTag(players.body, "records-link"); !strings.Contains(tag, `href="/records"`) {
		t.Errorf("players page: records link %q, want one to /records", tag)
	}
	empty := a.get(t, "/records")
	if empty.status != 200 || inputTag(empty.body, "no-records") == "" {
		t.Fatalf("records of no game: status %d, want 200 and the no-records notice", empty.status)
	}

	a.createGame(t, finishedFile)
	res := scoreFile(t, finishedFile)
	winner := []string{"Ann", "Bob"}[res.Winners[0]]
	best := max(res.Totals[0].NP, res.Totals[1].NP)
	page := a.get(t, "/records")
	if page.status != 200 {
		t.Fatalf("records: status %d, want 200", page.status)
	}
	if got := textOf(page.body, "record-wins"); !strings.Contains(got, winner) || !strings.HasSuffix(got, "1") {
		t.Errorf("most wins %q, want %s with 1", got, winner)
	}
	if got := textOf(page.body, "record-np"); !strings.Contains(got, winner) || !strings.HasSuffix(got, strconv.Itoa(best)) {
		t.Errorf("highest NP %q, want %s with %d", got, winner, best)
	}
	if got := textOf(page.body, "record-games"); !strings.Contains(got, "Ann") || !strings.Contains(got, "Bob") {
		t.Errorf("most games %q, want Ann and Bob listed together", got)
	}
	if got := textOf(page.body, "record-rate"); !strings.HasSuffix(got, "–") {
		t.Errorf("win rate %q, want none: nobody has 3 games", got)
	}
	for _, id := range []string{"record-party", "record-h2h", "timeline-chart", "records-timeline", "record-achievements"} {
		if inputTag(page.body, id) == "" {
			t.Errorf("records page has no %s", id)
		}
	}

	// Two more games of Cid and Dan: Cid and Dan now lead on games.
	again := strings.ReplaceAll(strings.ReplaceAll(finishedFile, `"Ann"`, `"Cid"`), `"Bob"`, `"Dan"`)
	a.createGame(t, again)
	// Another coin count makes it another game (the same file twice is one).
	a.createGame(t, strings.Replace(again, `"coins":4}]]`, `"coins":5}]]`, 1))
	if got := textOf(a.get(t, "/records").body, "record-games"); !strings.Contains(got, "Cid") || !strings.Contains(got, "Dan") || strings.Contains(got, "Ann") || !strings.HasSuffix(got, "2") {
		t.Errorf("most games after two more games %q, want Cid and Dan with 2", got)
	}
}
