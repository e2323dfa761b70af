package handlers

import (
	"errors"
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"ruthless/edge"
	"ruthless/scoring"
	"ruthless/views"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
)

// Reading a request: the numbers in its path and its posted form.

// pathInt reads a small non-negative number from the URL.
func pathInt(c *gin.Context, name string) (int, bool) {
	s := c.Param(name)
	if s == "" || len(s) > 3 {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, false
	}
	return n, true
}

// roundParam reads a round number (1-based) that may be at most max.
func roundParam(c *gin.Context, maxRound int) (int, error) {
	r, ok := pathInt(c, "r")
	if !ok || r < 1 || r > maxRound {
		return 0, errNoRound
	}
	return r, nil
}

// seatParam reads a seat (0-based) of a game with n players.
func seatParam(c *gin.Context, n int) (int, error) {
	p, ok := pathInt(c, "p")
	if !ok || p >= n {
		return 0, errNoSeat
	}
	return p, nil
}

// parseForm reads a posted form, reporting a body over the limit, a body
// of another kind (which ParseForm would silently skip) and a body that
// is not a form, naming the problem.
func parseForm(c *gin.Context) error {
	if ct := c.Request.Header.Get("Content-Type"); ct != "" || c.Request.ContentLength != 0 {
		if mt, _, _ := mime.ParseMediaType(ct); mt != "application/x-www-form-urlencoded" {
			return &badRequest{field: "form", message: fmt.Sprintf("the form could not be read: it must be sent as application/x-www-form-urlencoded, not %q", clip(ct)),
				text: views.FormNotAFormText(clip(ct))}
		}
	}
	if err := c.Request.ParseForm(); err != nil {
		var tooBig *http.MaxBytesError
		var body *edge.BodyError
		if errors.As(err, &tooBig) || errors.As(err, &body) {
			return err
		}
		return &badRequest{field: "form", message: "the form could not be read: " + clip(err.Error()), text: views.FormUnreadableText(clip(err.Error()))}
	}
	return nil
}

// playersParam reads the player count of a dispute page: 2, 3 or 4,
// default 4.
func playersParam(v string) (int, string) {
	if v == "" {
		return 4, ""
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < scoring.MinPlayers || n > scoring.MaxPlayers {
		return 4, views.PlayersRange(v)
	}
	return n, ""
}

// encode is url.Values.Encode in a fixed order (cards, players, tavern,
// recruited) that keeps card lists readable: commas and the Captain's *
// stay as they are.
func encode(v url.Values) string {
	var parts []string
	for _, k := range []string{"cards", "players", "pool", "set", "unused", "tavern", "recruited", "to", "from"} {
		for _, val := range v[k] {
			e := url.QueryEscape(val)
			e = readableQuery.Replace(e)
			parts = append(parts, k+"="+e)
		}
	}
	return strings.Join(parts, "&")
}

// readableQuery puts back what encode keeps as it is. It is made once: a
// Replacer builds its tables on first use, and the entry page encodes the
// recruit advisor's link on every view (issue 42).
var readableQuery = strings.NewReplacer("%2C", ",", "%2A", "*", "%3D", "=", "%2F", "/")
