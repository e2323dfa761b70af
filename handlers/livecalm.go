package handlers

import (
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/edge"
	"ruthless/views"
)

// Issue 44 item 2: anyone with the invite link could loop seat changes,
// each pushed to every phone at the table, each phone then fetching its
// page again, until the phones' own request rate refused their saves.
// Three things keep a crowd of changes from reaching the phones' rate:
// seat changes are limited per client; a stream sends at most one event
// a liveWindow, the latest version, however many changes came; and the
// one fetch a phone makes after an event is not counted against its
// request rate.
const (
	// liveBurst events of one stream go at once (a table of four saving
	// together sees each save as before), then one a liveWindow: half a
	// second is not seen at a table, and bounds the pages a phone fetches
	// after events to two a second, whatever the changes.
	liveBurst  = 4
	liveWindow = 500 * time.Millisecond
	// seatChangesPerMinute is each client's allowance of seat changes
	// (POST /games/ID/join), all at once if need be: a phone says who it
	// is once a game, a table behind one address a handful of times.
	seatChangesPerMinute = 30
)

// freeRefetch reports whether r is a phone's fetch of a game page after
// its live stream told it of a change, and takes that turn: each event
// sent gives the stream's phone one such fetch, which its request rate
// does not count.
func (a *app) freeRefetch(r *http.Request) bool {
	if r.Method != http.MethodGet {
		return false
	}
	rest, ok := strings.CutPrefix(r.URL.Path, "/games/")
	if !ok {
		return false
	}
	id, _, _ := strings.Cut(rest, "/")
	phone := phoneID(r)
	if phone == "" || !validID(id) {
		return false
	}
	return a.streams.TakeRefetch(phone + " " + id)
}

// limitSeatChanges refuses a client past its seat changes with 429.
func (a *app) limitSeatChanges(c *gin.Context) bool {
	cancel, wait := a.seatChanges.Reserve(edge.ClientKey(c.Request))
	if cancel != nil {
		return true
	}
	a.fail(c, &refusal{status: http.StatusTooManyRequests,
		message: "too many seat changes from this client; try again in " + waitText(wait),
		text:    views.TooManySeatChangesText(wait), retryAfter: retrySeconds(wait)})
	return false
}
