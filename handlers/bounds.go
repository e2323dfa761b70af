package handlers

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"ruthless/edge"
	"ruthless/views"
)

// Bounds on what many clients at once can make the server do, beside the
// solving slots (solving.go) and the stream caps (live.go).
const (
	// DefaultRequestsPerMinute is each client's request rate (pages, API,
	// assets): a phone on a busy table asks for a page, its assets and a
	// few live solves a second at most, far below 20 a second with 240 at
	// once; a client flooding the server is refused past it.
	DefaultRequestsPerMinute = 1200
	// drawSlots share images are drawn at once (each takes tens of ms of
	// CPU); a request beyond them waits at most drawWait, then gets 503.
	// Pages never wait for them: drawing has its own slots.
	drawSlots = 2
	drawWait  = 3 * time.Second
	// exportSlots whole-history downloads run at once; exportWait as for
	// drawing. A download that makes progress is not cut by the server's
	// write timeout: each write gives it exportWriteWait more.
	exportSlots     = 2
	exportWait      = 3 * time.Second
	exportWriteWait = 30 * time.Second
)

// limitRequests refuses a client over its request rate with 429 and
// Retry-After, before any work is done for it. /healthz is left out: a
// monitor polling it is not a phone; so is a phone's fetch of its page
// after its live stream told it of a change (freeRefetch).
func (a *app) limitRequests(next http.Handler) http.Handler {
	if a.requests == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/healthz" || a.freeRefetch(r) {
			next.ServeHTTP(w, r)
			return
		}
		if wait := a.requests.Allow(edge.ClientKey(r)); wait > 0 {
			a.answerError(w, r, formBefore(r), &refusal{status: http.StatusTooManyRequests,
				message:    "too many requests from this client; try again in " + waitText(wait),
				text:       views.TooManyRequestsText(wait),
				retryAfter: retrySeconds(wait)})
			return
		}
		next.ServeHTTP(w, r)
	})
}

// busy is the refusal of a request that found no free slot: 503, try
// again soon.
func busy(what, task string) *refusal {
	return &refusal{status: http.StatusServiceUnavailable,
		message: "the server is busy " + what + "; try again in a few seconds",
		title:   views.BusyTitle, text: views.ServerBusyText(task),
		retryAfter: retryAfter, header: noStore}
}

// noStore keeps an answer that will soon be different out of caches.
var noStore = map[string]string{"Cache-Control": "no-store"}

// exportGate runs a whole-history download in one of the export slots,
// and keeps its connection from being cut by the server's write timeout
// while it makes progress.
func (a *app) exportGate(c *gin.Context) {
	release, ok := a.exports.Take(c.Request.Context(), exportWait)
	if !ok {
		a.fail(c, busy("with other downloads of the whole history", "downloads"))
		return
	}
	defer release()
	rc := http.NewResponseController(c.Writer)
	// Working out every game's results may take the page budget before
	// the first byte is written.
	_ = rc.SetWriteDeadline(time.Now().Add(a.pageBudget + exportWriteWait))
	c.Writer = &progressWriter{ResponseWriter: c.Writer, rc: rc}
	c.Next()
}

// progressWriter gives its response exportWriteWait more to be written
// at every write, so that a long download that keeps going finishes,
// while one whose client stopped reading is still cut.
type progressWriter struct {
	gin.ResponseWriter
	rc *http.ResponseController
}

func (w *progressWriter) Write(b []byte) (int, error) {
	_ = w.rc.SetWriteDeadline(time.Now().Add(exportWriteWait))
	return w.ResponseWriter.Write(b)
}

func (w *progressWriter) WriteString(s string) (int, error) {
	_ = w.rc.SetWriteDeadline(time.Now().Add(exportWriteWait))
	return w.ResponseWriter.WriteString(s)
}

func (w *progressWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// DefaultImportedGamesPerHour is the serve flag's default bound on the
// games all clients together may import or make an hour (edge.Volume).
const DefaultImportedGamesPerHour = 5000
