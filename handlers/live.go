package handlers

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"golang.org/x/time/rate"

	"ruthless/edge"
	"ruthless/static"
	"ruthless/store"
)

// Live updates for the phones round a table. Every successful write to a
// game publishes the game's new version to an in-process broker
// (edge.Broker); each phone waiting on the game holds one Server-Sent
// Events stream, which is one goroutine and a one-slot channel here. The
// stream only says that the game changed; the phone then fetches the page
// again, so what it shows is always what a reload would show.
const (
	// heartbeat keeps idle streams open through proxies and lets a
	// vanished phone be noticed at the next write.
	heartbeat = 25 * time.Second
	// eventWriteWait bounds one write to a stream; the server's own
	// WriteTimeout would otherwise end every stream after 30 s.
	eventWriteWait = 10 * time.Second
	// goneVersion is what a deleted game's stream says last.
	goneVersion = "gone"
)

// gameVersion names the state of a stored game: it changes with every
// entry saved, round revealed or final entry saved, seat taken and share
// link made or stopped, so it is both what the live streams send and the
// game page's ETag.
func gameVersion(g store.StoredGame) string {
	h := sha256.New()
	var buf [8]byte
	put := func(n int64) {
		binary.LittleEndian.PutUint64(buf[:], uint64(n))
		h.Write(buf[:])
	}
	put(g.Updated.UnixNano())
	put(int64(len(g.File.Rounds)))
	for r, vs := range g.EntryVersions {
		put(int64(r))
		for _, v := range vs {
			put(int64(v))
		}
	}
	put(-1)
	for _, v := range g.FinalVersions {
		put(int64(v))
	}
	if g.File.Over() {
		put(1)
	}
	// A rematch made from this game changes its final scores' page,
	// which then leads every phone to it.
	h.Write([]byte(g.Rematch))
	// Who holds which seat changes every phone's next step and the join
	// page (a seat taken: no longer open).
	for _, s := range g.Holders {
		put(int64(s.Seat))
		h.Write([]byte(s.Phone))
	}
	// The share link, stopped or made anew, changes the scoreboard's
	// More menu (the link it shows, or none).
	put(-2)
	h.Write([]byte(g.Share))
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// publishWrites runs after every request: a write to a game (any method
// but GET and HEAD on a path naming a game) that succeeded (below 400)
// publishes the game's version. Re-rendered forms that saved nothing
// publish an unchanged version, which no stream passes on.
func (a *app) publishWrites(c *gin.Context) {
	c.Next()
	m := c.Request.Method
	id := c.Param("id")
	if m == http.MethodGet || m == http.MethodHead || id == "" || c.Writer.Status() >= 400 {
		return
	}
	if !a.live.Watched(id) {
		return
	}
	// The request's own context may already be over (the client left);
	// the write happened all the same.
	g, err := a.store.Game(context.WithoutCancel(c.Request.Context()), id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		a.live.Publish(id, goneVersion)
	case err == nil:
		a.live.Publish(id, gameVersion(g))
	default:
		a.logger(c.Request.Context()).Warn("live: reading the game after a write", "game", clip(id), "err", err)
	}
}

// events is a game's Server-Sent Events stream: an event "version" with
// the game's version at once and whenever it changes, a comment every
// heartbeat, until the phone goes away or opens another stream for the
// game (event "replaced"). Streams are capped (streams.go).
func (a *app) events(c *gin.Context) {
	ls := a.enterStream(c, c.Param("id"))
	if ls == nil {
		return
	}
	defer a.streams.Leave(ls)
	g, ok := a.loadGame(c)
	if !ok {
		return
	}
	if phone := phoneID(c.Request); len(g.Held(phone)) > 0 {
		// A phone holding seats is at the table: its seats' "last seen"
		// (at most one write a minute; a failure costs nothing else).
		if err := a.table.SeenAt(c.Request.Context(), g.ID, phone); err != nil {
			a.logger(c.Request.Context()).Info("live: marking a phone seen", "game", clip(g.ID), "err", err)
		}
	}
	s, cancel := a.live.Subscribe(g.ID)
	defer cancel()
	// Read again once subscribed, so a write between the first read and
	// the subscription is not missed.
	if g2, err := a.store.Game(c.Request.Context(), g.ID); err == nil {
		g = g2
	}
	sent := gameVersion(g)

	h := c.Writer.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	rc := below(c)
	_ = rc.SetWriteDeadline(time.Now().Add(eventWriteWait))
	// A phone that lost its stream tries again after 2 s.
	_, _ = io.WriteString(c.Writer, "retry: 2000\n\n")
	c.SSEvent("version", sent)
	if rc.Flush() != nil {
		return
	}

	done := c.Request.Context().Done()
	if done == nil {
		// A request no server made (its context never ends) could never
		// be noticed gone: it gets the version, not a stream.
		return
	}
	a.streams.GaveEvent(ls)
	a.streamLoop(c, rc, ls, s, sent)
}

// streamLoop sends the stream's events after the first: a heartbeat, and
// the game's latest version when it changes, liveBurst at once and then
// one a liveWindow (livecalm.go), until the phone goes, the server stops or the phone's
// stream is replaced.
func (a *app) streamLoop(c *gin.Context, rc *http.ResponseController, ls *edge.Stream, s *edge.Subscriber, sent string) {
	deadline := func() { _ = rc.SetWriteDeadline(time.Now().Add(eventWriteWait)) }
	done := c.Request.Context().Done()
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	events := rate.NewLimiter(rate.Every(liveWindow), liveBurst)
	var calm <-chan time.Time // when the next event may go, while one waits
	for {
		select {
		case <-done:
			return
		case <-a.done:
			return
		case <-ls.Replaced():
			// The phone opened another stream for this game: this page
			// polls from now on rather than reconnect (live.js).
			deadline()
			c.SSEvent("replaced", "")
			_ = rc.Flush()
			return
		case <-tick.C:
			deadline()
			if _, err := io.WriteString(c.Writer, ": ping\n\n"); err != nil {
				return
			}
		case <-s.Wake():
			if v := a.live.Version(s); calm != nil || v == "" || v == sent {
				continue // nothing new, or the latest goes when the wait ends
			}
			if wait := events.Reserve().Delay(); wait > 0 {
				calm = time.After(wait)
				continue
			}
			if !a.sendVersion(c, ls, s, &sent, deadline) {
				continue
			}
		case <-calm:
			calm = nil
			if !a.sendVersion(c, ls, s, &sent, deadline) {
				continue
			}
		}
		if sent == goneVersion {
			_ = rc.Flush()
			return
		}
		if rc.Flush() != nil {
			return
		}
	}
}

// sendVersion writes the game's latest version as an event when it is
// not the one last sent, and gives the phone its refetch; false when
// there was nothing new.
func (a *app) sendVersion(c *gin.Context, ls *edge.Stream, s *edge.Subscriber, sent *string, deadline func()) bool {
	v := a.live.Version(s)
	if v == "" || v == *sent {
		return false
	}
	*sent = v
	deadline()
	a.streams.GaveEvent(ls)
	c.SSEvent("version", v)
	return true
}

// below is the response controller of the writer under gin's: gin's own
// Flush insists that every wrapper below it flushes, which the access
// log's does not; the controller finds the flusher through Unwrap.
func below(c *gin.Context) *http.ResponseController {
	c.Writer.WriteHeaderNow()
	var w http.ResponseWriter = c.Writer
	if u, ok := w.(interface{ Unwrap() http.ResponseWriter }); ok {
		w = u.Unwrap()
	}
	return http.NewResponseController(w)
}

// noGzipForEvents keeps event streams out of the gzip wrapper: a
// compressor per waiting phone would cost hundreds of KB each, and the
// events are a few bytes.
func noGzipForEvents(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/events") {
			r.Header.Del("Accept-Encoding")
		}
		next.ServeHTTP(w, r)
	})
}

// etag is the game page's entity tag: the game's version, the assets the
// page links (a new build changes them) and the seat this phone holds.
func etag(g store.StoredGame, seat string) string {
	return `"` + gameVersion(g) + "-" + assetsVersion() + "-" + seat + `"`
}

var assetsVersion = sync.OnceValue(func() string {
	sum := sha256.Sum256([]byte(static.Path("app.css") + static.Path("app.js") + static.Path("live.js")))
	return hex.EncodeToString(sum[:4])
})

// notModified answers 304 when the request already holds tag; otherwise
// it sets the ETag and asks the phone to check back each time. What it
// guards depends on who asks (the seat a phone holds, the password), so
// only the phone may keep it, never a shared cache.
func notModified(c *gin.Context, tag string) bool {
	c.Header("ETag", tag)
	c.Header("Cache-Control", "private, no-cache")
	for _, t := range strings.Split(c.GetHeader("If-None-Match"), ",") {
		if t = strings.TrimSpace(t); t == tag || t == "W/"+tag || t == "*" {
			c.Status(http.StatusNotModified)
			c.Writer.WriteHeaderNow()
			c.Abort()
			return true
		}
	}
	return false
}
