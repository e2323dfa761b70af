//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"syscall/js"
	"time"

	"ruthless/handlers"
	"ruthless/store/memstore"
)

// The browser compiles each WebAssembly function on its first call (V8's
// lazy compilation), so the first page the app drew after a start spent
// a quarter to half a second compiling before it drew anything
// (docs/measurements.md, "The worker's answer, and warming the app").
// warm draws the pages a player taps most, once each, for a made-up game
// in an app of its own that lives only in memory: the same code is
// compiled while the player looks at the home page, and the phone's
// games, cookies and counters are never touched.

// warmGame is four players in the middle of round 5, the last seat still
// to enter, with names in the scripts the pages lay out differently.
const warmGame = `{"version":1,"players":["Zoë","Анастасия","李小龍","عبد الرحمن"],"start_player":1,"achievements":["richest","merciless"],"rounds":[
[{"pool":["H1","H2","A3"],"coins":0},{"pool":["S1","S2","K3"],"coins":1},{"pool":["A1","A2","X3"],"coins":0},{"pool":["K1","K2","S3"],"coins":2}],
[{"pool":["H1","H2","A3","H4"],"coins":1},{"pool":["S1","S2","K3","S4"],"coins":1},{"pool":["A1","A2","X3","A4"],"coins":1},{"pool":["K1","K2","S3","K4"],"coins":1}],
[{"pool":["H1","H2","A3","H4","X5"],"coins":2},{"pool":["S1","S2","K3","S4","H5"],"coins":2},{"pool":["A1","A2","X3","A4","K5"],"coins":2},{"pool":["K1","K2","S3","K4","A5"],"coins":2}],
[{"pool":["H1","H2","A3","H4","X5","H6"],"coins":3},{"pool":["S1","S2","K3","S4","H5","S6"],"coins":3},{"pool":["A1","A2","X3","A4","K5","A6"],"coins":3},{"pool":["K1","K2","S3","K4","A5","K6"],"coins":3}],
[{"pool":["H1","H2","A3","H4","X5","H6","HQ"],"coins":1},{"pool":["S1","S2","K3","S4","H5","S6","SQ","S7"],"coins":1},{"pool":["A1","A2","X3","A4","K5","A6","AQ","A7"],"coins":1},null]]}`

// warmPages are the pages warm draws, {id} standing for the game's id:
// the home page, the scoreboard, an entry page with its live party, a
// round's results and the end of the game.
var warmPages = []string{
	"/",
	"/games/{id}",
	"/games/{id}/rounds/5/players/3",
	"/games/{id}/solve?cards=K1,K2,S3,K4,A5,K6,KP",
	"/games/{id}/rounds/4",
	"/games/{id}/final",
}

// phoneLanguage is the language the phone's last request asked for (its
// Accept-Language header and lang cookie, as sw.js sends them), so that
// the warm-up draws in the phone's language: the catalogues are read on
// first use (views/lang), and the phone's own is the one worth reading.
var phoneLanguage struct {
	sync.Mutex
	accept, cookie string
}

func languageSeen(r *http.Request) {
	phoneLanguage.Lock()
	defer phoneLanguage.Unlock()
	phoneLanguage.accept = r.Header.Get("Accept-Language")
	phoneLanguage.cookie = ""
	if c, err := r.Cookie("lang"); err == nil {
		phoneLanguage.cookie = c.Value
	}
}

// lastRequest is when the app last began or finished a phone's request
// (Unix nanoseconds): warm waits while the phone is being answered.
var lastRequest atomic.Int64

func requestSeen() { lastRequest.Store(time.Now().UnixNano()) }

// requestsWaiting is how many of the phone's requests the worker holds
// for the app or has handed to it (sw.js counts them in ruthlessWaiting;
// 0 where there is no worker, as in the tests run in Node). A request
// that waited for the app's start reaches it only after a few more of
// the worker's steps, which a slow phone takes longer over than
// warmQuiet.
func requestsWaiting() int {
	if n := js.Global().Get("ruthlessWaiting"); n.Type() == js.TypeNumber {
		return n.Int()
	}
	return 0
}

// warmQuiet is how long the app must have had no request before warm
// draws its next page: a page drawn in the background holds the worker's
// one thread for as long as it takes, and a tap must not wait behind it.
const warmQuiet = 300 * time.Millisecond

// warm draws warmPages once each in an app over a store in memory, with
// the options the phone's app has, and says which page, if any, did not
// draw (the phone then merely compiles it on its first tap).
func warm(log *slog.Logger, opt handlers.Options) error {
	ctx := context.Background()
	st, err := memstore.New(ctx, memstore.NewMemoryPersister())
	if err != nil {
		return err
	}
	app := handlers.NewWithOptions(st, log, opt)
	quiet := func() {
		for {
			if requestsWaiting() > 0 {
				time.Sleep(warmQuiet)
				continue
			}
			since := time.Since(time.Unix(0, lastRequest.Load()))
			if since >= warmQuiet {
				return
			}
			time.Sleep(warmQuiet - since)
		}
	}
	quiet()
	rec, err := draw(app, http.MethodPost, "/api/games", warmGame)
	if err != nil {
		return err
	}
	var made struct{ ID string }
	if err := json.Unmarshal(rec.body.Bytes(), &made); rec.status != http.StatusCreated || err != nil || made.ID == "" {
		return fmt.Errorf("the made-up game: status %d, %.200s", rec.status, rec.body.Bytes())
	}
	for _, path := range warmPages {
		quiet()
		rec, err := draw(app, http.MethodGet, strings.ReplaceAll(path, "{id}", made.ID), "")
		if err != nil {
			return err
		}
		if rec.status != http.StatusOK {
			return fmt.Errorf("%s: status %d, %.200s", path, rec.status, rec.body.Bytes())
		}
	}
	return nil
}

// draw asks app for one page as the phone would, in the phone's language.
func draw(app http.Handler, method, path, body string) (*recorder, error) {
	r, err := http.NewRequest(method, "https://phone"+path, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	r.Header.Set("Accept", "text/html")
	phoneLanguage.Lock()
	if phoneLanguage.accept != "" {
		r.Header.Set("Accept-Language", phoneLanguage.accept)
	}
	if phoneLanguage.cookie != "" {
		r.AddCookie(&http.Cookie{Name: "lang", Value: phoneLanguage.cookie})
	}
	phoneLanguage.Unlock()
	return record(app, r), nil
}
