package handlers_test

import (
	"bytes"
	"encoding/json"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"ruthless/handlers"
	"ruthless/scoring"
	"ruthless/store"
)

// app is the real router over a real store in a temporary directory.
type app struct {
	h     http.Handler
	store *store.Store
}

func newApp(t testing.TB) *app {
	t.Helper()
	return newAppWith(t, handlers.Options{})
}

// newAppWith is newApp with the app's options given.
func newAppWith(t testing.TB, opt handlers.Options) *app {
	t.Helper()
	return newAppOn(t, store.Options{}, opt)
}

// newAppOn is newAppWith with the store's options given too.
func newAppOn(t testing.TB, so store.Options, opt handlers.Options) *app {
	t.Helper()
	st, err := store.OpenWith(filepath.Join(t.TempDir(), "test.db"), so)
	if err != nil {
		t.Fatalf("store.OpenWith: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	return &app{h: handlers.NewWithOptions(st, log, opt), store: st}
}

type response struct {
	status int
	header http.Header
	body   string
}

func (a *app) do(t testing.TB, req *http.Request) response {
	t.Helper()
	rec := httptest.NewRecorder()
	a.h.ServeHTTP(rec, req)
	return response{status: rec.Code, header: rec.Header(), body: rec.Body.String()}
}

func (a *app) get(t testing.TB, path string) response {
	t.Helper()
	return a.do(t, httptest.NewRequest(http.MethodGet, path, nil))
}

func (a *app) postForm(t testing.TB, path string, form url.Values) response {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return a.do(t, req)
}

func (a *app) sendJSON(t testing.TB, method, path, body string) response {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	return a.do(t, req)
}

// createGame stores a game file through the API and returns its id.
func (a *app) createGame(t testing.TB, file string) string {
	t.Helper()
	res := a.sendJSON(t, http.MethodPost, "/api/games", file)
	if res.status != http.StatusCreated {
		t.Fatalf("POST /api/games: status %d, want 201; body %s", res.status, res.body)
	}
	var out struct{ ID string }
	if err := json.Unmarshal([]byte(res.body), &out); err != nil || out.ID == "" {
		t.Fatalf("POST /api/games: body %s: id missing (%v)", res.body, err)
	}
	return out.ID
}

// redirect checks a 303 and returns where it points.
func redirect(t testing.TB, res response) string {
	t.Helper()
	if res.status != http.StatusSeeOther {
		t.Fatalf("status %d, want 303; body %.2000s", res.status, res.body)
	}
	return res.header.Get("Location")
}

// testid returns the text inside the element carrying data-testid="id"
// (up to the next tag but a name's <bdi> or a link's <span> of words),
// and whether it is there.
func testid(body, id string) (string, bool) {
	marker := `data-testid="` + id + `"`
	i := strings.Index(body, marker)
	if i < 0 {
		return "", false
	}
	rest := body[i+len(marker):]
	j := strings.Index(rest, ">")
	if j < 0 {
		return "", true
	}
	// A link's words come in one <span> (views.LinkText): read inside it.
	rest = strings.TrimPrefix(withoutIsolates(rest[j+1:]), "<span>")
	k := strings.Index(rest, "<")
	if k < 0 {
		return html.UnescapeString(rest), true
	}
	return html.UnescapeString(rest[:k]), true
}

// innerHTML returns the markup inside the element carrying
// data-testid="id", following nested tags of its name; "" when there is
// none.
func innerHTML(body, id string) string {
	marker := `data-testid="` + id + `"`
	i := strings.Index(body, marker)
	if i < 0 {
		return ""
	}
	open := strings.LastIndex(body[:i], "<")
	name := strings.Fields(body[open+1 : i])[0]
	depth := 0
	pos := open
	end := -1
	for pos < len(body) {
		next := strings.Index(body[pos:], "<")
		if next < 0 {
			break
		}
		pos += next
		switch {
		case strings.HasPrefix(body[pos:], "</"+name+">"):
			depth--
		case strings.HasPrefix(body[pos:], "<"+name+">"), strings.HasPrefix(body[pos:], "<"+name+" "):
			depth++
		}
		if depth == 0 {
			end = pos
			break
		}
		pos++
	}
	if end < 0 {
		return ""
	}
	inner := body[open:end]
	return inner[strings.Index(inner, ">")+1:]
}

// textOf returns the text inside the element carrying data-testid="id",
// tags stripped and entities decoded, following nested tags of its name.
func textOf(body, id string) string { return plain(innerHTML(body, id)) }

// plain is markup as text: tags stripped, entities decoded, spaces
// collapsed.
func plain(inner string) string {
	var b strings.Builder
	in := false
	for _, r := range withoutIsolates(inner) {
		switch {
		case r == '<':
			in = true
			b.WriteRune(' ')
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	text := strings.Join(strings.Fields(html.UnescapeString(b.String())), " ")
	// A tag ends a word here, but a stop right after an inline element
	// (a drawn card) has no space before it on the page.
	return spaceBeforeStop.ReplaceAllString(text, "$1")
}

var spaceBeforeStop = regexp.MustCompile(` ([.,;:!?)])`)

// withoutIsolates drops the <bdi> tags around players' names: they set a
// name's direction apart and end no word ("<bdi>Ben</bdi>'s phone" reads
// "Ben's phone").
func withoutIsolates(markup string) string {
	return strings.NewReplacer("<bdi>", "", "</bdi>", "").Replace(markup)
}

func scoreFile(t testing.TB, file string) scoring.Result {
	t.Helper()
	g, err := scoring.DecodeGame(strings.NewReader(file))
	if err != nil {
		t.Fatalf("DecodeGame: %v", err)
	}
	res, err := scoring.Score(g)
	if err != nil {
		t.Fatalf("Score: %v", err)
	}
	return res
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
