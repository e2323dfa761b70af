package handlers

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"ruthless/edge"
)

// logged writes one structured line per request, with the status the
// client got and its address (edge.ClientAddr, so behind a trusted proxy the
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
		id := edge.RequestID()
		w.Header().Set("X-Request-ID", id)
		log := a.log.With("req", id)
		routed := new(bool) // set by the metrics once the router counted it
		r = edge.WatchBody(r.WithContext(context.WithValue(context.WithValue(r.Context(), loggerKey{}, log), routedKey{}, routed)))
		sw := edge.NewStatusWriter(w, r)
		completed := false
		defer func() {
			sw.Gone()
			status := sw.Status()
			if a.metrics != nil && !*routed {
				a.metrics.countBeforeRouting(status)
			}
			if status == 0 && completed {
				status = http.StatusOK // what net/http sends for a handler that wrote nothing
			}
			if completed {
				edge.Answered(r.Context(), status)
			}
			attrs := []any{"method", r.Method, "path", clip(r.URL.Path), "status", status, "duration", time.Since(start), "client", edge.ClientAddr(r)}
			switch {
			case !completed:
				attrs = append(attrs, "note", "aborted")
			case status == edge.StatusClientGone:
				attrs = append(attrs, "note", "client gone")
			}
			level := slog.LevelInfo
			if r.URL.Path == "/healthz" && status < 400 {
				// A supervisor polls it every few seconds; its failures
				// are logged at WARN by the check itself.
				level = slog.LevelDebug
			}
			log.Log(r.Context(), level, "request", attrs...)
		}()
		next.ServeHTTP(sw, r)
		if be := edge.BodyFailure(r); be != nil && sw.Status() == 0 {
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
