package handlers_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// uploadFrom posts one file to /import as the form does, from client.
func uploadFrom(t *testing.T, a *app, client, name, body string) response {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	w, err := mw.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte(body))
	mw.Close()
	req := httptest.NewRequest(http.MethodPost, "/import", &b)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.RemoteAddr = client + ":40000"
	return a.do(t, req)
}

// TestImportCaps: an import holds the server for little, whatever it
// sends: more games than an upload may hold, or one "game" of a million
// rounds, is refused (413) by name before it is decoded, and stores
// nothing; a client's imports a minute are counted apart from its new
// games, and past them it waits (429 with Retry-After) while another
// client does not.
func TestImportCaps(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	good := `{"version":1,"players":["Ann","Bob"],"start_player":0,"rounds":[]}`
	many := "[" + strings.Repeat(good+",", 1000) + good + "]"
	huge := `{"version":1,"players":["Ann","Bob"],"rounds":[` + strings.Repeat(`[null,null],`, 1<<20) + `[null,null]]}`
	start := time.Now()
	for _, tt := range []struct {
		name, body, want string
	}{
		{"1,001 games", many, "more than 1000 games"},
		{"a million rounds", huge, "larger than any real game file"},
	} {
		res := uploadFrom(t, a, "192.0.2.10", "history.json", tt.body)
		if res.status != http.StatusRequestEntityTooLarge {
			t.Errorf("%s: status %d, want 413", tt.name, res.status)
		}
		if !strings.Contains(res.body, tt.want) {
			t.Errorf("%s: the page does not say %q", tt.name, tt.want)
		}
	}
	if r := a.get(t, "/players"); strings.Contains(r.body, "Ann") {
		t.Error("a refused import stored games")
	}
	// The client has used two of its three; the third passes, and then
	// one waits. A token comes back every 10 s (6 a minute), which the
	// uploads above can take on a busy machine, so the imports that
	// pass are held to what the client may have had by then: 3, plus
	// one per 10 s since the first.
	if res := uploadFrom(t, a, "192.0.2.10", "one.json", good); res.status != http.StatusSeeOther {
		t.Fatalf("third import: status %d, want 303", res.status)
	}
	used := 3
	res := uploadFrom(t, a, "192.0.2.10", "one.json", good)
	for ; res.status == http.StatusSeeOther && used < 50; used++ {
		if allowed := 3 + int(time.Since(start)/(10*time.Second)); used+1 > allowed {
			t.Fatalf("%d imports from one client in %v, want at most %d", used+1, time.Since(start).Round(time.Second), allowed)
		}
		res = uploadFrom(t, a, "192.0.2.10", "one.json", good)
	}
	if res.status != http.StatusTooManyRequests || res.header.Get("Retry-After") == "" {
		t.Errorf("import %d in %v: status %d, Retry-After %q; want 429 with Retry-After", used+1, time.Since(start).Round(time.Second), res.status, res.header.Get("Retry-After"))
	}
	if res := uploadFrom(t, a, "192.0.2.11", "one.json", good); res.status != http.StatusSeeOther {
		t.Errorf("another client's import: status %d, want 303", res.status)
	}
	if r := a.sendJSON(t, http.MethodPost, "/api/games", good); r.status != http.StatusCreated {
		t.Errorf("a new game after the imports: status %d, want 201 (imports are counted apart)", r.status)
	}
}
