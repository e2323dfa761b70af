package edge

import (
	"context"
	"log/slog"
	"net/http"
	"time"
)

// AccessLog writes one structured line per request, with the status the
// client got and its address (ClientAddr, so behind a trusted proxy the
// client's, not the proxy's): StatusClientGone when it left before its
// answer started. A panic that gets past the app's own recovery
// (http.ErrAbortHandler) goes on up to net/http, which drops the
// connection; its line still comes out, marked aborted.
//
// Every request gets an id, sent back in X-Request-ID and carried by every
// line logged for it (see Logger), so a player's report ("it said 503 at
// 21:04") finds its lines. Nothing a player typed is logged: the path
// holds only ids and numbers of the app's (anything else is quoted by
// slog), and the query string, the body and the form values are never
// logged.
type AccessLog struct {
	// Log is where the lines go.
	Log *slog.Logger
	// Quiet, when set, picks the requests whose line is logged at DEBUG
	// rather than INFO, such as a monitor's poll that went well.
	Quiet func(r *http.Request, status int) bool
	// Unanswered answers a request whose body broke off (BodyFailure)
	// when the handler wrote nothing: net/http would otherwise send an
	// empty 200, as if what was asked had been done.
	Unanswered func(w http.ResponseWriter, r *http.Request, err *BodyError)
	// Ended, when set, is told each request's status as written (0 when
	// nothing was), for counting.
	Ended func(r *http.Request, status int)
}

// Wrap is next with every request logged, its body watched (WatchBody)
// and its connection told how it was answered (Answered).
func (al AccessLog) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := RequestID()
		w.Header().Set("X-Request-ID", id)
		log := al.Log.With("req", id)
		r = WatchBody(r.WithContext(context.WithValue(r.Context(), loggerKey{}, log)))
		sw := NewStatusWriter(w, r)
		completed := false
		defer func() { al.line(log, r, sw, start, completed) }()
		next.ServeHTTP(sw, r)
		if be := BodyFailure(r); be != nil && sw.Status() == 0 && al.Unanswered != nil {
			al.Unanswered(sw, r, be)
		}
		completed = true
	})
}

// line is the request's line, once it ended (completed) or was aborted.
func (al AccessLog) line(log *slog.Logger, r *http.Request, sw *StatusWriter, start time.Time, completed bool) {
	sw.Gone()
	status := sw.Status()
	if al.Ended != nil {
		al.Ended(r, status)
	}
	if status == 0 && completed {
		status = http.StatusOK // what net/http sends for a handler that wrote nothing
	}
	if completed {
		Answered(r.Context(), status)
	}
	attrs := []any{"method", r.Method, "path", Clip(r.URL.Path), "status", status, "duration", time.Since(start), "client", ClientAddr(r)}
	switch {
	case !completed:
		attrs = append(attrs, "note", "aborted")
	case status == StatusClientGone:
		attrs = append(attrs, "note", "client gone")
	}
	level := slog.LevelInfo
	if al.Quiet != nil && al.Quiet(r, status) {
		level = slog.LevelDebug
	}
	log.Log(r.Context(), level, "request", attrs...)
}

// loggerKey is the context key of a request's logger.
type loggerKey struct{}

// Logger is the logger of the request ctx belongs to, which adds the
// request's id to every line; fallback outside a request AccessLog saw.
func Logger(ctx context.Context, fallback *slog.Logger) *slog.Logger {
	if l, ok := ctx.Value(loggerKey{}).(*slog.Logger); ok {
		return l
	}
	return fallback
}

// Clip shortens what a client sent (a path, a value quoted back) before
// it is logged or shown, so that a crafted request cannot fill the log
// or the page.
func Clip(s string) string {
	const most = 200
	if len(s) > most {
		return s[:most] + "…"
	}
	return s
}
