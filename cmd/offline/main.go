//go:build js && wasm

// Command offline is the whole web app built for the browser: the service
// worker (site/sw.js) runs this WebAssembly program and hands it every
// request for a page or the API, so a phone answers the same routes as a
// server with the same handlers, views and scoring code, keeping its games
// in IndexedDB (store/memstore/idb). See docs/offline.md.
package main

import (
	"context"
	"log/slog"
	"net/http"
	"os"
	"syscall/js"
	"time"

	"ruthless/handlers"
	"ruthless/store/memstore"
	"ruthless/store/memstore/idb"
)

// version is set by make offline (-X main.version=…); the start page and
// the "Updated" notice name it.
var version = "dev"

func main() {
	// The console is the only log a phone has; warnings and worse only,
	// since every request passes through here.
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	global := js.Global()
	ready := global.Get("ruthlessReady") // set by sw.js: resolve(), reject(message)
	// When each step of the start ended, by the worker's clock, for the
	// measurements (sw.js hands them on in its "stats" message).
	marks := global.Get("Object").New()
	global.Set("ruthlessStartMarks", marks)
	mark := func(name string) { marks.Set(name, global.Get("performance").Call("now")) }
	mark("main")
	ctx := context.Background()
	p, err := idb.Open(ctx, "ruthless")
	if err != nil {
		ready.Call("reject", "opening the phone's storage: "+err.Error())
		select {}
	}
	st, err := memstore.New(ctx, p)
	if err != nil {
		ready.Call("reject", "reading the phone's games: "+err.Error())
		select {}
	}
	mark("store")
	opt := handlers.Options{
		Offline: true,
		Version: version,
		// One phone is one client: nothing to hold back.
		GamesPerMinute:  -1,
		LoginsPerMinute: -1,
		PageBudget:      time.Minute,
	}
	app := handlers.NewWithOptions(st, log, opt)
	mark("app")
	global.Set("ruthlessServe", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return serve(app, args[0])
	}))
	global.Set("ruthlessVersion", version)
	// The request that started the app is answered before the warm-up
	// (warm waits for a quiet moment, counted from now).
	requestSeen()
	ready.Call("resolve")
	go func() {
		if err := warm(log, opt); err != nil {
			log.Warn("warming the app", "err", err)
		}
	}()
	// The handlers run in goroutines started by ruthlessServe; main only
	// has to stay alive.
	select {}
}

// serve answers one request, described by sw.js as {method, url, headers:
// [[name, value]…], body: Uint8Array|null}, with a promise of {status,
// headers, body}. The handler runs in its own goroutine: a js.FuncOf
// callback must return before JavaScript can run again, and the store
// awaits IndexedDB's promises.
func serve(app http.Handler, req js.Value) js.Value {
	var resolve, reject js.Value
	executor := js.FuncOf(func(_ js.Value, args []js.Value) any {
		resolve, reject = args[0], args[1]
		return nil
	})
	promise := js.Global().Get("Promise").New(executor)
	executor.Release()
	requestSeen()
	go func() {
		defer requestSeen()
		res, err := answer(app, req)
		if err != nil {
			reject.Invoke(err.Error())
			return
		}
		resolve.Invoke(res)
	}()
	return promise
}
