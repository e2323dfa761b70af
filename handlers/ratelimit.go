package handlers

import (
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/edge"
	"ruthless/views"
)

// Game creation is limited per client: a table starts a game every hour or
// so, while a script creating games by the thousand would bury the home
// page and the database. Ten a minute, ten at once, is far above the one
// and far below the other.
const (
	gamesPerMinute = 10
	gamesBurst     = 10
)

// errTooManyGames is a client over its game-creation rate of perMinute,
// or, when perHour is set, every client together over the hourly cap on
// new history (edge.Volume).
type errTooManyGames struct {
	wait      time.Duration
	perMinute int
	perHour   int
}

func (e *errTooManyGames) Error() string { return "too many new games from this client" }

// message is what the client is told, form or API (views words it).
func (e *errTooManyGames) message() string {
	return views.NewGamesLimitedText(e.perMinute, e.perHour, e.wait)
}

// retryAfter is the Retry-After header value: whole seconds, rounded up.
func (e *errTooManyGames) retryAfter() string {
	return strconv.Itoa(max(1, int(math.Ceil(e.wait.Seconds()))))
}

// reserveGame takes one game from the client's allowance and from the
// hourly cap on new history that imports share (issue 44: 1,600
// addresses at 10 a minute each once stored 16,000 games in 42 s), or
// returns the error to answer with (its Retry-After comes with it). A request that
// sends the table password itself (a script importing a club's history)
// is not held by the client's allowance: whoever knows the password could
// lift it anyway; the hourly cap, like an import's, counts it.
func (a *app) reserveGame(c *gin.Context) (cancel func(), err *errTooManyGames) {
	mine := func() {}
	if !a.sentPassword(c.Request) {
		var wait time.Duration
		if mine, wait = a.games.Reserve(edge.ClientKey(c.Request)); mine == nil {
			limited := &errTooManyGames{wait: wait, perMinute: a.games.PerMinute()}
			a.logger(c.Request.Context()).Warn("game creation limited", "client", edge.ClientAddr(c.Request), "retry", wait)
			return nil, limited
		}
	}
	all, wait := a.importVolume.Reserve(1)
	if all == nil {
		mine()
		limited := &errTooManyGames{wait: wait, perHour: a.importVolume.PerHour()}
		a.logger(c.Request.Context()).Warn("new history limited", "client", edge.ClientAddr(c.Request), "retry", wait)
		return nil, limited
	}
	return func() { mine(); all() }, nil
}

// sentPassword reports whether r carries the table password as a bearer
// token. An open app has no password, so nothing proves a script's.
func (a *app) sentPassword(r *http.Request) bool {
	if a.auth.open() {
		return false
	}
	token, ok := bearer(r.Header.Get("Authorization"))
	return ok && a.auth.matches(token)
}
