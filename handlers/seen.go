package handlers

import (
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/edge"
	"ruthless/store"
	"ruthless/views"
)

// Which round's results a phone has seen. The scoreboard leads a phone to
// a round's results before the next round's entries; once the phone has
// opened those results, the scoreboard's main button is the step after
// them (issue 41, item 6). The server keeps no record of it: the phone
// carries it, in a cookie scoped to the game's pages, so every game has
// its own and none outlives the evening by much.

const (
	seenCookie = "ruthless_seen"
	seenAge    = 24 * time.Hour
)

// seenRound is the last round whose results this phone opened in game g,
// 0 for none (or a cookie this app could not have made).
func seenRound(r *http.Request, g store.StoredGame) int {
	ck, err := r.Cookie(seenCookie)
	if err != nil {
		return 0
	}
	n, err := strconv.Atoi(ck.Value)
	if err != nil || n < 0 || n > len(g.File.Rounds) {
		return 0
	}
	return n
}

// markSeen records that this phone opened round r's complete results,
// unless it had seen a later round's already.
func markSeen(c *gin.Context, g store.StoredGame, r int) {
	if r <= seenRound(c.Request, g) {
		return
	}
	http.SetCookie(c.Writer, &http.Cookie{
		Name: seenCookie, Value: strconv.Itoa(r), Path: views.GameURL(g.ID),
		MaxAge: int(seenAge.Seconds()), Expires: time.Now().Add(seenAge),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: edge.SecureCookie(c.Request),
	})
}
