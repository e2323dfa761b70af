package handlers_test

import (
	"bytes"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

// TestCardImage: a finished game's share image is a 1200×630 PNG, the
// same version answers 304 to its ETag, a change draws it again, the card
// page points at it with an absolute og:image, and an unknown game is 404.
func TestCardImage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, finishedFile)
	res := a.get(t, "/games/"+id+"/card.png")
	if res.status != 200 || res.header.Get("Content-Type") != "image/png" {
		t.Fatalf("card.png: status %d, type %q, want 200 image/png", res.status, res.header.Get("Content-Type"))
	}
	img, err := png.Decode(strings.NewReader(res.body))
	if err != nil {
		t.Fatalf("card.png does not decode: %v", err)
	}
	if got := img.Bounds().Size(); got != image.Pt(1200, 630) {
		t.Errorf("card.png is %v, want 1200×630", got)
	}
	etag := res.header.Get("ETag")
	req := httptest.NewRequest(http.MethodGet, "/games/"+id+"/card.png", nil)
	req.Header.Set("If-None-Match", etag)
	if again := a.do(t, req); again.status != http.StatusNotModified {
		t.Errorf("with its ETag: status %d, want 304", again.status)
	}

	page := a.get(t, "/games/"+id+"/card")
	want := `<meta property="og:image" content="http://example.com/games/` + id + `/card.png?v=` + strings.Trim(etag, `"`) + `&amp;lang=en">`
	if !strings.Contains(page.body, want) {
		t.Errorf("card page has no %s", want)
	}
	for _, meta := range []string{`og:image:width" content="1200"`, `og:image:height" content="630"`, `og:image:alt" content="`} {
		if !strings.Contains(page.body, meta) {
			t.Errorf("card page has no %s", meta)
		}
	}

	// A game in progress has a picture of the standings so far.
	open := a.createGame(t, `{"version":1,"players":["Ann","Bob"],"start_player":0,"rounds":[[{"pool":["H1","H2","H3"],"coins":1},{"pool":["S4","A4"],"coins":2}]]}`)
	if r := a.get(t, "/games/"+open+"/card.png"); r.status != 200 {
		t.Errorf("card.png of a game in progress: status %d, want 200", r.status)
	}
	if r := a.get(t, "/games/nosuchgame1234567/card.png"); r.status != 404 {
		t.Errorf("card.png of no game: status %d, want 404", r.status)
	}
	other := a.get(t, "/games/"+open+"/card.png")
	if bytes.Equal([]byte(other.body), []byte(res.body)) || other.header.Get("ETag") == etag {
		t.Error("two games share one picture or one ETag")
	}
}

// TestFinalShareButton: the final scores offer the result to share, as
// a form that makes the share link and then, once made, as a plain link
// to it: both work without JavaScript.
func TestFinalShareButton(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, finishedFile)
	page := a.get(t, "/games/"+id+"/final").body
	form := regexp.MustCompile(`<form method="post" action="/games/` + id + `/share"[^>]*data-share-make[^>]*data-share-title="Ruthless: `).FindString(page)
	if form == "" || inputTag(page, "share") == "" {
		t.Fatalf("no Share form making the share link: %s", inputTag(page, "share"))
	}
	link := redirect(t, a.postForm(t, "/games/"+id+"/share", nil))
	tag := inputTag(a.get(t, "/games/"+id+"/final").body, "share")
	for _, want := range []string{`href="http://example.com` + link + `"`, `data-share`, `data-share-title="Ruthless: `} {
		if !strings.Contains(tag, want) {
			t.Errorf("share button %s, want %s", tag, want)
		}
	}
	if open := a.createGame(t, `{"version":1,"players":["Ann","Bob"],"start_player":0,"rounds":[]}`); inputTag(a.get(t, "/games/"+open+"/final").body, "share") != "" {
		t.Error("a game not over offers its result to share")
	}
}

// BenchmarkCardImageCached is the share image answered from the cache.
func BenchmarkCardImageCached(b *testing.B) {
	a := newApp(b)
	id := a.createGame(b, finishedFile)
	path := "/games/" + id + "/card.png"
	if r := a.get(b, path); r.status != 200 {
		b.Fatalf("status %d", r.status)
	}
	for b.Loop() {
		if r := a.get(b, path); r.status != 200 {
			b.Fatalf("status %d", r.status)
		}
	}
}
