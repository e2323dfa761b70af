package handlers_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
)

// catalogueKeys are the keys of the English catalogue: a page that shows
// one of them as text lost a word on the way (a key no catalogue has, or
// a key passed where a word was meant).
func catalogueKeys(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("../views/lang/catalogues/en.json")
	if err != nil {
		t.Fatal(err)
	}
	var cat map[string]json.RawMessage
	if err := json.Unmarshal(b, &cat); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range cat {
		keys = append(keys, k)
	}
	return keys
}

// visibleText is the page's text as a reader meets it: the text between
// tags and the attributes a reader or a screen reader sees.
func visibleText(body string) string {
	body = regexp.MustCompile(`(?s)<(script|style)[^>]*>.*?</(script|style)>`).ReplaceAllString(body, " ")
	var parts []string
	for _, m := range regexp.MustCompile(`(?:aria-label|title|alt|placeholder)="([^"]*)"`).FindAllStringSubmatch(body, -1) {
		parts = append(parts, m[1])
	}
	parts = append(parts, regexp.MustCompile(`<[^>]*>`).ReplaceAllString(body, " "))
	return strings.Join(parts, " ")
}

// TestGroupCPagesInGerman: the history, joining, frame and error pages
// drawn for a German phone speak German, and no catalogue key shows
// instead of a word.
func TestGroupCPagesInGerman(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	done := a.createGame(t, finishedFile)
	open := a.createGame(t, `{"version":1,"players":["Ann","Bob"],"start_player":0,"rounds":[[{"pool":["H1","H2","H3"],"coins":1},{"pool":["S4","A4"],"coins":2}]]}`)
	keys := catalogueKeys(t)
	for _, c := range []struct {
		path   string
		status int
		words  []string // German words the page must hold
	}{
		{"/", 200, []string{"Neue Partie beginnen", "Laufende Partien", "Beendet", "gewonnen von", "Runden"}},
		{"/games/new", 200, []string{"Spieler, im Uhrzeigersinn", "Legendäre Errungenschaften", "Gnadenlos", "Platz 1"}},
		{"/players", 200, []string{"Rekorde der Runde", "Partie", "Sieg"}},
		{"/players/Ann", 200, []string{"Siegquote", "RP im Schnitt", "Ergebnisse im Verlauf", "Beuteplättchen"}},
		{"/players/Ann/rename", 200, []string{"Neuer Name", "In jeder Partie umbenennen"}},
		{"/players/Nobody", 404, []string{"Nicht gefunden", "Niemand namens"}},
		{"/records", 200, []string{"Meiste Partien", "Beste Siegquote", "Direkter Vergleich"}},
		{"/import", 200, []string{"Partien importieren", "Prüfen und importieren"}},
		{"/export", 200, []string{"Herunterladen", "Alle Partien"}},
		{"/games/" + open + "/join", 200, []string{"Wer bist du?", "Tippe auf deinen Namen", "Zurück zur Punktetafel"}},
		{"/games/" + open + "/invite", 200, []string{"Den Tisch einladen", "Zurück zur Punktetafel"}},
		{"/games/" + done + "/card", 200, []string{"gewinnt mit", "RP", "Partiedatei"}},
		{"/no/such/page", 404, []string{"Nicht gefunden", "Diese Seite gibt es nicht", "Zurück zu den Partien"}},
		{"/games/aaaaaaaaaaaaaaaa/restore", 404, []string{"nicht im Papierkorb"}},
	} {
		t.Run(c.path, func(t *testing.T) {
			method := http.MethodGet
			if strings.HasSuffix(c.path, "/restore") {
				method = http.MethodPost
			}
			req := httptest.NewRequest(method, c.path, nil)
			req.Header.Set("Accept-Language", "de-DE,de;q=0.9")
			res := a.do(t, req)
			if res.status != c.status {
				t.Fatalf("status %d, want %d; body %.500s", res.status, c.status, res.body)
			}
			text := visibleText(res.body)
			for _, w := range c.words {
				if !strings.Contains(text, w) {
					t.Errorf("no %q on the German page", w)
				}
			}
			for _, k := range keys {
				if strings.Contains(text, k) {
					t.Errorf("the catalogue key %q shows on the page", k)
				}
			}
			if !strings.Contains(res.body, `<html lang="de"`) {
				t.Error(`the page is not marked <html lang="de">`)
			}
		})
	}
}

// TestShareImageByLanguage: the share picture is worded in the page's
// language, so a German picture is another picture, under another ETag,
// and the German card's og:image asks for the German one.
func TestShareImageByLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, finishedFile)
	en := a.get(t, "/games/"+id+"/card.png?lang=en")
	de := a.get(t, "/games/"+id+"/card.png?lang=de")
	if en.status != 200 || de.status != 200 {
		t.Fatalf("status %d and %d, want 200", en.status, de.status)
	}
	if en.header.Get("ETag") == de.header.Get("ETag") || en.body == de.body {
		t.Error("the English and German pictures are one picture")
	}
	card := a.get(t, "/games/"+id+"/card?lang=de")
	if want := "&amp;lang=de\">"; !strings.Contains(card.body, want) {
		t.Errorf("the German card's og:image does not ask for the German picture (%s)", want)
	}
}
