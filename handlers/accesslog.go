package handlers

import (
	"errors"
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

// gone reports whether nothing may be written any more.
func (w *statusWriter) gone() bool {
	if w.status == 0 && w.r.Context().Err() != nil {
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
// client got: 499 when it left before its answer started. A panic that
// gets past the app's recover (http.ErrAbortHandler) goes on up to
// net/http, which drops the connection; its line still comes out, marked
// aborted.
func (a *app) logged(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, r: r}
		completed := false
		defer func() {
			sw.gone()
			if sw.status == 0 && completed {
				sw.status = http.StatusOK // what net/http sends for a handler that wrote nothing
			}
			attrs := []any{"method", r.Method, "path", r.URL.Path, "status", sw.status, "duration", time.Since(start)}
			switch {
			case !completed:
				attrs = append(attrs, "note", "aborted")
			case sw.status == statusClientGone:
				attrs = append(attrs, "note", "client gone")
			}
			a.log.Info("request", attrs...)
		}()
		next.ServeHTTP(sw, r)
		completed = true
	})
}
