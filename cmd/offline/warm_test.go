//go:build js && wasm

package main

import (
	"io"
	"log/slog"
	"testing"

	"ruthless/handlers"
)

// TestWarmDrawsEveryPage: the made-up game is accepted and every page
// warm draws comes out whole (a 404 would leave that page's code cold,
// and nothing else would notice). make test-wasm runs it in Node.
func TestWarmDrawsEveryPage(t *testing.T) {
	opt := handlers.Options{Offline: true, GamesPerMinute: -1, LoginsPerMinute: -1}
	if err := warm(slog.New(slog.NewTextHandler(io.Discard, nil)), opt); err != nil {
		t.Fatal(err)
	}
}
