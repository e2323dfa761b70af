package edge

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestAcceptsGzip: gzip named in Accept-Encoding, in any case and with
// parameters, unless its q is 0 (the client refuses it).
func TestAcceptsGzip(t *testing.T) {
	t.Parallel()
	for header, want := range map[string]bool{
		"":                    false,
		"gzip":                true,
		"GZIP":                true,
		"deflate, gzip;q=1.0": true,
		"br, gzip ; q=0.5":    true,
		"gzip;q=0":            false,
		"gzip; q=0.0":         false,
		"identity":            false,
		"xgzip":               false,
	} {
		if got := acceptsGzip(header); got != want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", header, got, want)
		}
	}
}

// TestGzip: a page asked for with gzip comes compressed, with its type
// sniffed from the plain bytes and Vary set; HEAD and a bodiless answer
// pass through untouched.
func TestGzip(t *testing.T) {
	t.Parallel()
	page := "<!doctype html><title>x</title>" + strings.Repeat("<p>Ahoy</p>", 200)
	h := Gzip(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/empty" {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		io.WriteString(w, page)
	}))
	get := func(method, path string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	rec := get(http.MethodGet, "/")
	if got := rec.Header().Get("Content-Encoding"); got != "gzip" {
		t.Fatalf("Content-Encoding %q, want gzip", got)
	}
	if got := rec.Header().Get("Content-Type"); !strings.HasPrefix(got, "text/html") {
		t.Errorf("Content-Type %q, want text/html sniffed from the plain page", got)
	}
	if got := rec.Header().Get("Vary"); got != "Accept-Encoding" {
		t.Errorf("Vary %q, want Accept-Encoding", got)
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	if plain, err := io.ReadAll(zr); err != nil || string(plain) != page {
		t.Errorf("decompressed %d bytes (err %v), want the %d-byte page", len(plain), err, len(page))
	}
	for _, tc := range []struct{ method, path string }{{http.MethodHead, "/"}, {http.MethodGet, "/empty"}} {
		if got := get(tc.method, tc.path).Header().Get("Content-Encoding"); got != "" {
			t.Errorf("%s %s: Content-Encoding %q, want none", tc.method, tc.path, got)
		}
	}
}
