//go:build js && wasm

package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"syscall/js"
	"testing"
	"time"

	"ruthless/handlers"
	"ruthless/store/memstore"
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

// TestWarmSpeaksThePhonesLanguage: the warm-up draws in the language the
// phone's last request asked for, so that it is that catalogue the
// warm-up reads (views/lang reads each on first use).
func TestWarmSpeaksThePhonesLanguage(t *testing.T) {
	st, err := memstore.New(context.Background(), memstore.NewMemoryPersister())
	if err != nil {
		t.Fatal(err)
	}
	app := handlers.NewWithOptions(st, slog.New(slog.NewTextHandler(io.Discard, nil)), handlers.Options{Offline: true})
	for _, c := range []struct{ accept, cookie, want string }{
		{"de-DE,de;q=0.9", "", `<html lang="de"`},
		{"en-GB", "fr", `<html lang="fr"`},
		{"", "", `<html lang="en"`},
	} {
		phone, _ := http.NewRequest(http.MethodGet, "https://phone/", nil)
		if c.accept != "" {
			phone.Header.Set("Accept-Language", c.accept)
		}
		if c.cookie != "" {
			phone.AddCookie(&http.Cookie{Name: "lang", Value: c.cookie})
		}
		languageSeen(phone)
		rec, err := draw(app, http.MethodGet, "/", "")
		if err != nil || rec.status != http.StatusOK || !strings.Contains(rec.body.String(), c.want) {
			t.Errorf("after a request with Accept-Language %q and lang=%q: status %d, want a page with %s (%v)", c.accept, c.cookie, rec.status, c.want, err)
		}
	}
}

// TestWarmWaitsForTheWorkersRequests: while the worker holds a request
// for the app (sw.js's ruthlessWaiting), the warm-up draws nothing, however
// long since the app last saw one; once none waits, it goes on. On a
// quarter of a core a scoreboard that waited for the app's start came
// 13 s after the app was ready, behind the warm-up.
func TestWarmWaitsForTheWorkersRequests(t *testing.T) {
	js.Global().Set("ruthlessWaiting", 1)
	defer js.Global().Delete("ruthlessWaiting")
	lastRequest.Store(time.Now().Add(-time.Hour).UnixNano())
	done := make(chan error, 1)
	opt := handlers.Options{Offline: true, GamesPerMinute: -1, LoginsPerMinute: -1}
	go func() { done <- warm(slog.New(slog.NewTextHandler(io.Discard, nil)), opt) }()
	select {
	case err := <-done:
		t.Fatalf("the warm-up ran to its end (%v) while a request waited for the app", err)
	case <-time.After(10 * warmQuiet): // it would have drawn every page in well under this
	}
	js.Global().Set("ruthlessWaiting", 0)
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("the warm-up did not go on once no request waited")
	}
}
