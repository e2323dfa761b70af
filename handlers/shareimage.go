package handlers

import (
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/scoring"
	"ruthless/store"
	"ruthless/views"
	"ruthless/views/lang"
)

// maxCachedShareImages bounds the share images kept: one is some 40 KB,
// and the games shared are those of the last evening or two.
const maxCachedShareImages = 64

// shareImageKey names a game's share image in language l: its id and
// version (gameVersion changes with every write), so a corrected game is
// drawn again and never served as it was, and the language the picture
// is worded in.
func shareImageKey(l lang.Lang, g store.StoredGame) string {
	return g.ID + "@" + gameVersion(g) + "/" + l.Code()
}

// shareImageQuery is the query of a result sheet's picture address: the
// version, so that a messenger that keeps previews fetches the picture
// again after a correction, and the sheet's language, so that a preview
// fetched without the reader's cookie or Accept-Language still speaks it.
func shareImageQuery(l lang.Lang, g store.StoredGame) string {
	return "?v=" + strings.Trim(shareImageETag(shareImageKey(l, g)), `"`) + "&lang=" + l.Code()
}

// shareImageETag is the entity tag of the image under key.
func shareImageETag(key string) string {
	sum := sha256.Sum256([]byte("ruthless card image v1\x00" + key))
	return `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
}

// gameShareImage is /games/:id/card.png: the result card as a picture for
// a shared link's preview (og:image). A finished game shows its winners
// and every seat's NP and place; a game in progress shows the prize NP so
// far. It is cached by the game's version; a client that has this version
// gets 304.
func (a *app) gameShareImage(c *gin.Context) {
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	a.shareImage(c, g)
}

// shareImage answers with game g's share image.
func (a *app) shareImage(c *gin.Context, g store.StoredGame) {
	l := lang.From(c.Request.Context())
	key := shareImageKey(l, g)
	if notModified(c, shareImageETag(key)) {
		return
	}
	png, ok := a.shareImages.Get(key)
	if !ok {
		res, err := a.scoreGame(c.Request.Context(), g)
		var fe *scoring.FieldError
		if errors.As(err, &fe) {
			// A game that breaks a rule has no result to draw; its page
			// says what to fix.
			a.notFound(c, views.UnscorableImageText)
			return
		}
		if err != nil {
			a.fail(c, err)
			return
		}
		// Drawn in its own few slots, so that a crowd fetching images
		// waits for them (or gets 503) while pages go on.
		release, ok := a.draws.Take(c.Request.Context(), drawWait)
		if !ok {
			a.fail(c, busy("drawing other pictures", "pictures"))
			return
		}
		png, err = views.ShareImagePNG(shareImageOf(l, g, res))
		release()
		if errors.Is(err, views.ErrShareImageLeftOut) {
			// The offline site draws no picture: no messenger asks a
			// phone for a link's preview.
			a.notFound(c, views.Fixed(views.NoShareImageText))
			return
		}
		if err != nil {
			a.fail(c, err)
			return
		}
		a.shareImages.Add(key, png)
	}
	c.Data(http.StatusOK, "image/png", png)
}

// shareImageOf is what the share image of a scored game shows.
func shareImageOf(l lang.Lang, g store.StoredGame, res scoring.Result) views.ShareImage {
	facts := playFacts(g)
	return views.NewShareImage(l, g.File, res, playedTime(g), views.Minutes(l, facts.Minutes), facts.Location)
}

// playedTime is when g was played: as its record says, else when it was
// stored.
func playedTime(g store.StoredGame) time.Time {
	if played, err := time.Parse(time.RFC3339, g.File.Played); err == nil {
		return played
	}
	return g.Created.Local()
}

// shareView is what the final scores' Share button hands on: the result
// card, whose preview tags and picture tell the result.
func shareView(l lang.Lang, g store.StoredGame, res scoring.Result) views.ShareView {
	return views.NewShareView(l, views.GameResultSheetURL(g.ID), shareImageOf(l, g, res))
}
