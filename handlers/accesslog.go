package handlers

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/http"
	"time"
)

// statusClientGone is the status the access log gives a request whose
// client left before its answer started (nginx's 499): nothing was sent.
const statusClientGone = 499

// errClientGone is what writing to a client that has gone gives.
var errClientGone = errors.New("handlers: the client has gone")

// statusWriter records the status the client really got: the first one
// written through it, by whichever layer inside (gin, gzip, templ, the
// body limit) wrote it. Once the request's client has gone (its context
// is done while the handler still runs), nothing more is passed on, so a
// client that leaves gets nothing written, not even the 200 gin writes by
// itself at the end of a handler that wrote nothing.
type statusWriter struct {
	http.ResponseWriter
	r      *http.Request
	status int
}

// gone reports whether nothing may be written any more. A request whose
// body could not be read has a done context too, but its client is owed
// an answer (see bodyError).
func (w *statusWriter) gone() bool {
	if w.status == 0 && w.r.Context().Err() != nil && bodyFailure(w.r) == nil {
		w.status = statusClientGone
	}
	return w.status == statusClientGone
}

func (w *statusWriter) WriteHeader(code int) {
	if w.gone() {
		return
	}
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.gone() {
		return 0, errClientGone
	}
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logged writes one structured line per request, with the status the
// client got and its address (clientAddr, so behind a trusted proxy the
// client's, not the proxy's): 499 when it left before its answer started. A panic that
// gets past the app's recover (http.ErrAbortHandler) goes on up to
// net/http, which drops the connection; its line still comes out, marked
// aborted.
//
// Every request gets an id, sent back in X-Request-ID and carried by every
// line logged for it (see logger), so a player's report ("it said 503 at
// 21:04") finds its lines. Nothing a player typed is logged: the path
// holds only ids and numbers of ours (anything else is quoted by slog),
// and the query string, the body and the form values are never logged.
func (a *app) logged(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := requestID()
		w.Header().Set("X-Request-ID", id)
		log := a.log.With("req", id)
		routed := new(bool) // set by the metrics once the router counted it
		r = watchBody(r.WithContext(context.WithValue(context.WithValue(r.Context(), loggerKey{}, log), routedKey{}, routed)))
		sw := &statusWriter{ResponseWriter: w, r: r}
		completed := false
		defer func() {
			sw.gone()
			if a.metrics != nil && !*routed {
				a.metrics.countBeforeRouting(sw.status)
			}
			if sw.status == 0 && completed {
				sw.status = http.StatusOK // what net/http sends for a handler that wrote nothing
			}
			if completed {
				answered(r.Context(), sw.status)
			}
			attrs := []any{"method", r.Method, "path", clip(r.URL.Path), "status", sw.status, "duration", time.Since(start), "client", clientAddr(r)}
			switch {
			case !completed:
				attrs = append(attrs, "note", "aborted")
			case sw.status == statusClientGone:
				attrs = append(attrs, "note", "client gone")
			}
			level := slog.LevelInfo
			if r.URL.Path == "/healthz" && sw.status < 400 {
				// A supervisor polls it every few seconds; its failures
				// are logged at WARN by the check itself.
				level = slog.LevelDebug
			}
			log.Log(r.Context(), level, "request", attrs...)
		}()
		next.ServeHTTP(sw, r)
		if be := bodyFailure(r); be != nil && sw.status == 0 {
			// A handler that read the body but did not answer its failure
			// would leave net/http to send an empty 200, as if it had done
			// what was asked.
			a.answerError(sw, r, formBefore(r), be)
		}
		completed = true
	})
}

// loggerKey is the context key of a request's logger.
type loggerKey struct{}

// logger is the logger for the request ctx belongs to: it adds the
// request's id to every line.
func (a *app) logger(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(loggerKey{}).(*slog.Logger); ok {
		return l
	}
	return a.log
}

// requestID is a short random id, unique enough to find one request's
// lines in a day's log.
func requestID() string {
	var b [6]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// clip shortens what a client sent (a path) before it is logged, so that
// a crafted request cannot fill the log.
func clip(s string) string {
	const most = 200
	if len(s) > most {
		return s[:most] + "…"
	}
	return s
}

// routedKey marks, in a request's context, whether the router's count
// saw it (a *bool).
type routedKey struct{}
