package handlers

import (
	"context"
	"log/slog"
	"net/http"

	"ruthless/edge"
)

// logged logs every request (edge.AccessLog). A request whose body broke
// off and that no handler answered gets its 408 or 400 through the one
// error path; /healthz, which a supervisor polls every few seconds, is
// logged at DEBUG while it answers well; and with metrics, a request
// answered before the router (a 429, a 421) is counted by its status.
func (a *app) logged(next http.Handler) http.Handler {
	al := edge.AccessLog{
		Log: a.log,
		Quiet: func(r *http.Request, status int) bool {
			return r.URL.Path == "/healthz" && status < 400
		},
		Unanswered: func(w http.ResponseWriter, r *http.Request, be *edge.BodyError) {
			a.answerError(w, r, formBefore(r), be)
		},
	}
	if a.metrics == nil {
		return al.Wrap(next)
	}
	al.Ended = func(r *http.Request, status int) {
		if routed, ok := r.Context().Value(routedKey{}).(*bool); ok && !*routed {
			a.metrics.countBeforeRouting(status)
		}
	}
	h := al.Wrap(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		routed := new(bool) // set by the metrics once the router counted it
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), routedKey{}, routed)))
	})
}

// logger is the logger for the request ctx belongs to: it adds the
// request's id to every line.
func (a *app) logger(ctx context.Context) *slog.Logger { return edge.Logger(ctx, a.log) }

// clip shortens what a client sent before it is logged or quoted back
// (edge.Clip, under the short name the handlers use everywhere).
func clip(s string) string { return edge.Clip(s) }

// routedKey marks, in a request's context, whether the router's count
// saw it (a *bool).
type routedKey struct{}
