package handlers_test

import (
	"encoding/json"
	"html"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"

	"ruthless/handlers"
	"ruthless/views/lang"
	"ruthless/views/lang/langtest"
)

// The pages only the offline build draws (handlers.Options{Offline:
// true}): the home page's part about the phone's own storage and its send
// form, and the notice that stands for the invite and join pages. The
// browser walk in every language (e2e/languages_test.go) runs against the
// server build, where these pages never show; drawing them here in German,
// French and Spanish checks them without a browser of their own.

// englishLeftWords are the words of the English catalogue that code's
// catalogue never uses, and a few words any English sentence carries:
// found on a page of that language, they are English left behind (the
// e2e walk's test, here on markup). The languages' own names are not.
func englishLeftWords(t *testing.T, code string) map[string]bool {
	t.Helper()
	own := langtest.Words(t, code)
	out := map[string]bool{}
	for w := range langtest.Words(t, "en") {
		out[w] = true
	}
	for _, w := range strings.Fields("the and you your this that with for from are was has have not all any " +
		"each who what when which will can one two game games player players round rounds new back save more") {
		out[w] = true
	}
	for w := range own {
		delete(out, w)
	}
	delete(out, "english")
	return out
}

// readableOffline is what a player of the page reads: its visible text
// and the attributes a reader meets (visibleText), and the words the page
// hands its scripts (data-words), which offline.js writes into it.
func readableOffline(t *testing.T, body string) string {
	t.Helper()
	text := visibleText(body)
	m := regexp.MustCompile(`data-words="([^"]*)"`).FindStringSubmatch(body)
	if m == nil {
		return text
	}
	var words map[string]string
	if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &words); err != nil {
		t.Fatalf("data-words: %v", err)
	}
	for _, w := range words {
		text += " " + w
	}
	return html.UnescapeString(text)
}

// TestOfflinePagesInEveryLanguage draws the offline home (with a game, so
// the send form is there) and the invite and join pages' notice, in
// German, French and Spanish, and fails on a page that lacks its
// language's words for it, shows a catalogue key, or keeps an English
// word.
func TestOfflinePagesInEveryLanguage(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, handlers.Options{Offline: true})
	id := a.createGame(t, `{"version":1,"players":["Ana","Bea"],"start_player":0,"rounds":[[{"pool":["H1","H2","H3"],"coins":1},{"pool":["S4","A4"],"coins":2}]]}`)
	keys := catalogueKeys(t)
	pages := []struct {
		name, path string
		status     int
		own        []string // keys whose words, in the language, the page shows
	}{
		{"home", "/", http.StatusOK, []string{"offline.heading", "offline.differs", "offline.send_summary", "offline.send_mixed", "offline.send_download"}},
		{"invite", "/games/" + id + "/invite", http.StatusOK, []string{"offline.notice_title", "offline.notice_heading", "offline.notice_text", "common.back_to_game"}},
		{"join", "/games/" + id + "/join", http.StatusOK, []string{"offline.notice_heading", "offline.notice_text"}},
		{"no join picture", "/games/" + id + "/invite.png", http.StatusNotFound, []string{"error.no_join_link_offline"}},
	}
	for _, code := range []string{"de", "fr", "es"} {
		l, _ := lang.Find(code)
		english := englishLeftWords(t, code)
		for _, pg := range pages {
			t.Run(code+"/"+pg.name, func(t *testing.T) {
				res := a.get(t, pg.path+"?lang="+code)
				if res.status != pg.status {
					t.Fatalf("status %d, want %d; body %.300s", res.status, pg.status, res.body)
				}
				if want := `<html lang="` + code + `"`; !strings.Contains(res.body, want) {
					t.Errorf("the page is not marked %s", want)
				}
				text := readableOffline(t, res.body)
				for _, k := range pg.own {
					if w := l.T(k); !strings.Contains(text, w) {
						t.Errorf("no %s words %q (%s) on the page", code, w, k)
					}
				}
				for _, k := range keys {
					if !strings.HasPrefix(k, "lang.") && strings.Contains(text, k) {
						t.Errorf("the catalogue key %q shows instead of its words", k)
					}
				}
				if left := englishIn(text, english); len(left) > 0 {
					t.Errorf("English words left on the %s page: %s", code, strings.Join(left, ", "))
				}
			})
		}
	}
}

// englishIn are the words of text that are in english, sorted, once each.
func englishIn(text string, english map[string]bool) []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range regexp.MustCompile(`\p{L}{3,}`).FindAllString(text, -1) {
		w = strings.ToLower(w)
		if english[w] && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return out
}
