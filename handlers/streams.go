package handlers

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/edge"
)

// Live event streams (live.go) are capped per client address and in
// all (edge.StreamGate, Options.StreamsPerClient and Streams): a refused
// stream gets 429 (the address's cap) or 503 (the server's), with
// Retry-After, and the page (static/live.js) then checks the game page
// for changes every few seconds instead, through its ETag (a 304 costs
// one small read of the database).
//
// A phone (its cookie ruthless_phone) holds one stream per game: a second
// one for the same game ends the first, which is told so (event
// "replaced") and polls instead of reconnecting.
const (
	// streamRetryAfter is the Retry-After of a refused stream: the page
	// polls meanwhile, so it need not ask again soon.
	streamRetryAfter = "60"
	phoneCookie      = "ruthless_phone"
	phoneAge         = 365 * 24 * time.Hour
)

// enterStream lets the request's stream for game in; when it is refused,
// it has answered (429 or 503, with Retry-After) and returns nil. A phone
// without its cookie gets one (set only on a stream let in), so that its
// next stream for the game replaces this one.
func (a *app) enterStream(c *gin.Context, game string) *edge.Stream {
	phone, fresh := "", false
	if phone = phoneID(c.Request); phone == "" {
		phone, fresh = newToken(), true
	}
	s, status := a.streams.Enter(edge.ClientKey(c.Request), phone+" "+game)
	if s == nil {
		msg := "too many live streams from this address: this page checks for changes every few seconds instead"
		if status == http.StatusServiceUnavailable {
			msg = "the server holds as many live streams as it allows: this page checks for changes every few seconds instead"
		}
		c.Set(answersText, true) // an EventSource shows no page
		a.fail(c, &refusal{status: status, message: msg, retryAfter: streamRetryAfter})
		return nil
	}
	if fresh {
		http.SetCookie(c.Writer, &http.Cookie{
			Name: phoneCookie, Value: phone, Path: "/",
			MaxAge: int(phoneAge.Seconds()), Expires: time.Now().Add(phoneAge),
			HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: edge.SecureCookie(c.Request),
		})
	}
	return s
}
