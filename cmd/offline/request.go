//go:build js && wasm

package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"syscall/js"
	"time"
)

// requestTimeout bounds one request's work, as the server's write timeout
// does: a stuck answer must not hold the worker forever.
const requestTimeout = 2 * time.Minute

// answer turns the JavaScript request into an *http.Request, runs the app
// and turns its answer into a JavaScript object.
func answer(app http.Handler, req js.Value) (res js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	var body []byte
	if b := req.Get("body"); b.Truthy() {
		body = make([]byte, b.Get("length").Int())
		js.CopyBytesToGo(body, b)
	}
	ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
	defer cancel()
	r, err := http.NewRequestWithContext(ctx, req.Get("method").String(), req.Get("url").String(), bytes.NewReader(body))
	if err != nil {
		return js.Undefined(), err
	}
	hs := req.Get("headers")
	for i := range hs.Length() {
		kv := hs.Index(i)
		r.Header.Add(kv.Index(0).String(), kv.Index(1).String())
	}
	// A Response made in the worker is not decoded by the browser, so
	// the app must not compress.
	r.Header.Del("Accept-Encoding")
	r.Host = r.URL.Host
	languageSeen(r)
	jar.into(r)
	began := time.Now()
	w := record(app, r)
	// The Go side's share of the answer, for the page's navigation timing
	// (sw.js adds the worker's whole share beside it; docs/offline.md).
	w.header.Add("Server-Timing", fmt.Sprintf("app;dur=%.1f", float64(time.Since(began).Microseconds())/1000))
	jar.from(w.header)
	allowServers(w.header)
	out := js.Global().Get("Object").New()
	out.Set("status", w.status)
	headers := js.Global().Get("Array").New()
	for k, vs := range w.header {
		for _, v := range vs {
			headers.Call("push", js.ValueOf([]any{k, v}))
		}
	}
	out.Set("headers", headers)
	b := js.Global().Get("Uint8Array").New(w.body.Len())
	js.CopyBytesToJS(b, w.body.Bytes())
	out.Set("body", b)
	return out, nil
}

// record runs app on r, a request of this phone, and keeps its whole
// answer.
func record(app http.Handler, r *http.Request) *recorder {
	r.RequestURI = r.URL.RequestURI()
	// Every request comes from this phone; the rate limits and the logs
	// see one loopback client.
	r.RemoteAddr = "127.0.0.1:1"
	w := &recorder{header: http.Header{}}
	app.ServeHTTP(w, r)
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w
}

// recorder keeps a whole answer in memory: the service worker can only
// give the page a Response once the body is known. (The live event
// streams, which never end, are not served offline.)
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *recorder) Header() http.Header { return w.header }

func (w *recorder) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *recorder) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.body.Write(p)
}

// Flush is a no-op: the answer goes out whole (gzip and gin ask for it).
func (w *recorder) Flush() {}

// cookieJar stands in for the browser's cookies: a Response made in a
// service worker cannot set one, nor does the worker see the page's. The
// app's cookies (the phone's id, the seats it holds) all have Path "/",
// and one phone is one client, so one jar of names and values is all it
// takes. It lives as long as the worker does, like a session.
type cookieJar struct {
	mu     sync.Mutex
	values map[string]string
}

var jar = &cookieJar{values: map[string]string{}}

func (j *cookieJar) into(r *http.Request) {
	j.mu.Lock()
	defer j.mu.Unlock()
	for name, value := range j.values {
		r.AddCookie(&http.Cookie{Name: name, Value: value})
	}
}

func (j *cookieJar) from(h http.Header) {
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, line := range h.Values("Set-Cookie") {
		ck, err := http.ParseSetCookie(line)
		if err != nil {
			continue
		}
		if ck.MaxAge < 0 {
			delete(j.values, ck.Name)
		} else {
			j.values[ck.Name] = ck.Value
		}
	}
	h.Del("Set-Cookie")
}

// allowServers widens the pages' Content-Security-Policy for one thing:
// the home page's "Send this game to a table server" fetches from the
// address the player types (static/offline.js).
func allowServers(h http.Header) {
	csp := h.Get("Content-Security-Policy")
	if csp == "" {
		return
	}
	h.Set("Content-Security-Policy", strings.Replace(csp, "default-src 'self';", "default-src 'self'; connect-src 'self' http: https:;", 1))
}
