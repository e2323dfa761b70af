package edge

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
)

// BodyError is a request body that could not be read to its end: the
// server's read timeout passed while the client was still sending it, the
// connection closed midway, or its chunked framing was broken. Nothing
// was done with such a request.
//
// It must not pass for a client that has gone: net/http cancels a
// request's context on any failed read from its connection, the body's
// included, so the context alone cannot tell a slow sender, who is still
// waiting for an answer, from a client that left.
type BodyError struct{ err error }

func (e *BodyError) Error() string { return "request body: " + e.err.Error() }
func (e *BodyError) Unwrap() error { return e.err }

// Timeout reports whether the body stopped coming before the server's
// read timeout: 408 rather than 400.
func (e *BodyError) Timeout() bool {
	var ne net.Error
	return errors.Is(e.err, os.ErrDeadlineExceeded) || errors.As(e.err, &ne) && ne.Timeout()
}

// bodyState is where a request's watched body records its first failed
// read, for the layers that decide whether to answer (fail, page, the
// access log's writer).
type bodyState struct{ err *BodyError }

type bodyStateKey struct{}

// WatchBody makes every failed read of r's body a *BodyError, recorded
// in the returned request's context (see BodyFailure).
func WatchBody(r *http.Request) *http.Request {
	st := &bodyState{}
	r = r.WithContext(context.WithValue(r.Context(), bodyStateKey{}, st))
	if r.Body != nil && r.Body != http.NoBody {
		r.Body = &watchedBody{ReadCloser: r.Body, state: st}
	}
	return r
}

// BodyFailure is the failed read of r's body, nil if there was none.
func BodyFailure(r *http.Request) *BodyError {
	if st, ok := r.Context().Value(bodyStateKey{}).(*bodyState); ok {
		return st.err
	}
	return nil
}

// watchedBody is a request body whose read errors (io.EOF aside) come
// out as *BodyError and are recorded. The handler's goroutine is the only
// one to read it and to look at the record.
type watchedBody struct {
	io.ReadCloser
	state *bodyState
}

func (b *watchedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil && err != io.EOF {
		be := &BodyError{err: err}
		if b.state.err == nil {
			b.state.err = be
		}
		return n, be
	}
	return n, err
}
