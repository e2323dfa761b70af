package handlers_test

import (
	"bytes"
	"context"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// TestShareLinkAfterDeleteAndRestore: issue 44 item 8. HEAD /s/TOKEN
// answers as GET does (before: 405); deleting a game stops its share
// link for good, so a restore does not bring it back.
func TestShareLinkAfterDeleteAndRestore(t *testing.T) {
	a := newApp(t)
	id := a.createGame(t, `{"version": 1, "players": ["Ann", "Bob", "Cy"]}`)
	token, err := a.store.NewShareToken(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	get := a.get(t, "/s/"+token)
	head := a.do(t, httptest.NewRequest(http.MethodHead, "/s/"+token, nil))
	// (The server itself drops a HEAD answer's body; the recorder keeps it.)
	if get.status != http.StatusOK || head.status != http.StatusOK {
		t.Errorf("GET %d, HEAD %d; want 200 for both", get.status, head.status)
	}
	if head.header.Get("Content-Type") != get.header.Get("Content-Type") {
		t.Errorf("HEAD Content-Type %q, GET %q", head.header.Get("Content-Type"), get.header.Get("Content-Type"))
	}
	for _, step := range []string{"delete", "restore"} {
		if res := a.postForm(t, "/games/"+id+"/"+step, url.Values{}); res.status >= 400 {
			t.Fatalf("%s: status %d", step, res.status)
		}
	}
	if res := a.get(t, "/s/"+token); res.status != http.StatusNotFound {
		t.Errorf("the share link after delete and restore: status %d, want 404 (stopped for good)", res.status)
	}
}

// TestRefusedUploadIsAnswered: issue 44 item 8. An upload refused by the
// imports-a-minute limit while the client still sends it gets its 429,
// not a reset: what it still sends is read first.
func TestRefusedUploadIsAnswered(t *testing.T) {
	a := newApp(t)
	srv := httptest.NewServer(a.h)
	defer srv.Close()
	upload := func(size int) (*http.Response, error) {
		var b bytes.Buffer
		mw := multipart.NewWriter(&b)
		w, _ := mw.CreateFormFile("file", "h.json")
		w.Write([]byte(`[` + strings.Repeat(" ", size) + `]`))
		mw.Close()
		req, _ := http.NewRequestWithContext(context.Background(), http.MethodPost, srv.URL+"/import", &b)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		return http.DefaultClient.Do(req)
	}
	for i := range 3 { // the burst
		if res, err := upload(10); err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
		} else {
			t.Fatalf("upload %d: %v", i, err)
		}
	}
	res, err := upload(8 << 20)
	if err != nil {
		t.Fatalf("an 8 MiB upload past the limit: %v; want its 429", err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("status %d, want 429", res.StatusCode)
	}
}
