package edge

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
)

// StatusClientGone is the status the access log gives a request whose
// client left before its answer started (nginx's 499): nothing was sent.
const StatusClientGone = 499

// errClientGone is what writing to a client that has gone gives.
var errClientGone = errors.New("edge: the client has gone")

// StatusWriter records the status the client really got: the first one
// written through it, by whichever layer inside (gin, gzip, templ, the
// body limit) wrote it. Once the request's client has gone (its context
// is done while the handler still runs), nothing more is passed on, so a
// client that leaves gets nothing written, not even the 200 gin writes by
// itself at the end of a handler that wrote nothing.
type StatusWriter struct {
	http.ResponseWriter
	r      *http.Request
	status int
}

// NewStatusWriter records what is written to w in answer to r.
func NewStatusWriter(w http.ResponseWriter, r *http.Request) *StatusWriter {
	return &StatusWriter{ResponseWriter: w, r: r}
}

// Gone reports whether nothing may be written any more: the client left
// before its answer started, and its status is then StatusClientGone. A
// request whose body could not be read has a done context too, but its
// client is owed an answer (see BodyError).
func (w *StatusWriter) Gone() bool {
	if w.status == 0 && w.r.Context().Err() != nil && BodyFailure(w.r) == nil {
		w.status = StatusClientGone
	}
	return w.status == StatusClientGone
}

// Status is the status the client got: 0 while nothing was written.
func (w *StatusWriter) Status() int { return w.status }

func (w *StatusWriter) WriteHeader(code int) {
	if w.Gone() {
		return
	}
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *StatusWriter) Write(b []byte) (int, error) {
	if w.Gone() {
		return 0, errClientGone
	}
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *StatusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// RequestID is a short random id, unique enough to find one request's
// lines in a day's log.
func RequestID() string {
	var b [6]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
