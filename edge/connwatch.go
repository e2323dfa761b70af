package edge

import "context"

// ConnWatch is told what a request's connection is doing, for the serve
// command's connection limits (cmd/ruthless/connlimit.go). At its total
// the server closes a connection to make room for a new one; it must
// never be a phone's. A connection waiting on its client (a held wrong
// password; a body that does not arrive, which the listener sees
// itself) costs a place while doing nothing for anyone, so it may be
// closed first; a client answered recently is a phone in use, closed
// last.
type ConnWatch interface {
	// WaitingOnClient marks the connection as waiting on its client
	// until resume is called.
	WaitingOnClient() (resume func())
	// Answered says that the connection's client was just answered
	// (below 400).
	Answered()
}

type connWatchKey struct{}

// WithConnWatch is ctx telling w what its requests' connection does.
func WithConnWatch(ctx context.Context, w ConnWatch) context.Context {
	return context.WithValue(ctx, connWatchKey{}, w)
}

// connWatchOf is the request's ConnWatch, nil when no listener asked.
func connWatchOf(ctx context.Context) ConnWatch {
	w, _ := ctx.Value(connWatchKey{}).(ConnWatch)
	return w
}

// WaitingOnClient marks ctx's connection as waiting on its client until
// the returned func is called.
func WaitingOnClient(ctx context.Context) (resume func()) {
	if w := connWatchOf(ctx); w != nil {
		return w.WaitingOnClient()
	}
	return func() {}
}

// Answered tells ctx's connection that its client got an answer with
// status; only a good one (below 400) marks it as a phone in use.
func Answered(ctx context.Context, status int) {
	if w := connWatchOf(ctx); w != nil && status < 400 {
		w.Answered()
	}
}
