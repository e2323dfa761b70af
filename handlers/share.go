package handlers

import (
	"errors"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"ruthless/store"
	"ruthless/views"
	"ruthless/views/lang"
)

// The share link. A password table's result card is behind the password,
// so a link to it shows friends (and link previews) the login form. Each
// game may have one share link, /s/TOKEN: an unguessable token (store
// seats.go) that opens the game's result card and its picture, and
// nothing else, without the password. The card keeps following the game
// (a correction changes its numbers and its picture's version). The
// game's More menu stops the link, which then answers 404; sharing again
// makes a new one.

// shareTokenOK accepts only what a share token looks like, so nothing
// else reaches the database.
func shareTokenOK(t string) bool {
	return len(t) == 32 && strings.Trim(t, "abcdefghijklmnopqrstuvwxyz234567") == ""
}

// sharedGame is the game a share link's token opens; on failure it has
// answered (404 for a token that opens nothing).
func (a *app) sharedGame(c *gin.Context) (store.StoredGame, string, bool) {
	token := c.Param("token")
	if !shareTokenOK(token) {
		a.notFound(c, views.ShareLinkDeadText)
		return store.StoredGame{}, "", false
	}
	g, err := a.store.GameByShareToken(c.Request.Context(), token)
	if errors.Is(err, store.ErrNotFound) {
		a.notFound(c, views.ShareLinkDeadText)
		return g, "", false
	}
	if err != nil {
		a.fail(c, err)
		return g, "", false
	}
	// Opened without the password: not for search engines, and no page
	// of it is kept by a shared cache.
	c.Header("X-Robots-Tag", "noindex")
	return g, token, true
}

// sharedResultSheet is /s/:token: the game's result card for anyone with the
// link. It links to nothing of the app, which would ask the password.
func (a *app) sharedResultSheet(c *gin.Context) {
	g, token, ok := a.sharedGame(c)
	if !ok {
		return
	}
	res, err := a.scoreGame(c.Request.Context(), g)
	if err != nil {
		a.notFound(c, views.UnscorableSheetText)
		return
	}
	l := lang.From(c.Request.Context())
	vm := resultSheetView(l, g, res)
	for i := range vm.Rows {
		vm.Rows[i].Href = ""
	}
	vm.Visitor = true
	vm.URL = a.publicURL(c.Request, views.ShareURL(token))
	vm.ImageURL = a.publicURL(c.Request, views.ShareImageURL(token)) + shareImageQuery(l, g)
	c.Header("Cache-Control", "private, no-cache")
	a.page(c, http.StatusOK, views.ResultSheet(vm))
}

// sharedShareImage is /s/:token/card.png: the share link's picture, the
// same as the game's own (og:image of the shared card).
func (a *app) sharedShareImage(c *gin.Context) {
	g, _, ok := a.sharedGame(c)
	if !ok {
		return
	}
	a.shareImage(c, g)
}

// shareLink is the absolute share link of game g while it works, for the
// final scores' Share button; "" when there is none (never shared, or
// stopped): the button then makes one. Opening a page never makes one.
func (a *app) shareLink(c *gin.Context, g store.StoredGame) string {
	if g.Share == "" {
		return ""
	}
	return a.publicURL(c.Request, views.ShareURL(g.Share))
}

// newShare (POST /games/:id/share) is "Share the result" before the game
// has a working share link: it makes one (a new token when the last was
// stopped) and opens it, the result card. Sent again, it opens the same
// link rather than a new one, so links already handed out keep working.
// With JavaScript the button posts it in the background and hands the
// address it lands on to the phone's share sheet (static/app.js).
func (a *app) newShare(c *gin.Context) {
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	ctx := c.Request.Context()
	token, err := a.store.ShareToken(ctx, g.ID)
	if err == nil && token == "" {
		token, err = a.table.NewShareToken(ctx, g.ID)
	}
	if err != nil {
		a.fail(c, err)
		return
	}
	seeOther(c, views.ShareURL(token))
}

// revokeShare (POST /games/:id/share/revoke) stops the game's share
// link: it answers 404 from now on.
func (a *app) revokeShare(c *gin.Context) {
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	if err := a.table.RevokeShare(c.Request.Context(), g.ID); err != nil {
		a.fail(c, err)
		return
	}
	seeOther(c, views.GameURL(g.ID)+"?shared=stopped")
}
