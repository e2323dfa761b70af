package handlers_test

import (
	"html"
	"net/http"
	"strings"
	"testing"

	"ruthless/views/lang"
)

// The pages that settle disputes (rules, best party, check a party) and
// the play's record (about), asked for in German: their own words come
// from the German catalogue, and no catalogue key shows as itself.

// inGerman gets path with ?lang=de and fails unless the page answers 200
// holding every one of want, and no English words of notWant.
func inGerman(t *testing.T, a *app, path string, want, notWant []string) string {
	t.Helper()
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	res := a.get(t, path+sep+"lang=de")
	if res.status != http.StatusOK {
		t.Fatalf("%s: status %d", path, res.status)
	}
	if !strings.Contains(res.body, `<html lang="de"`) {
		t.Errorf("%s: the page does not say it is German", path)
	}
	for _, w := range want {
		if !strings.Contains(res.body, w) {
			t.Errorf("%s: the page lacks %q", path, w)
		}
	}
	for _, w := range notWant {
		if strings.Contains(res.body, w) {
			t.Errorf("%s: English %q left on the German page", path, w)
		}
	}
	for _, k := range lang.English.Keys() {
		if !strings.HasPrefix(k, "lang.") && strings.Contains(res.body, k) {
			t.Errorf("%s: the page shows the key %q", path, k)
		}
	}
	return res.body
}

func TestRulesPageInGerman(t *testing.T) {
	t.Parallel()
	inGerman(t, newApp(t), "/rules", []string{"<title>Regeln", "So wird gewertet", `id="R1.6"`, "Keine Zwillinge"},
		[]string{"How scoring works", "No twins", "Back to the index"})
}

func TestSolvePageInGerman(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	inGerman(t, a, "/solve", []string{"Bestes Enterkommando", "Tippe Karten an", "Spieler", "Anwerbe-Ratgeber"},
		[]string{"Find the best party", "Recruit advisor", "With 2 the Kraken"})
	inGerman(t, a, "/solve?cards=H2,H3,H4,K5,S6,X6,AC&players=3&tavern=H5,K6&recruited=1",
		[]string{"Bestes Enterkommando: Stärke", "2 ungenutzt", "Jetzt anwerben", "Bestes Paar", "gewählt"},
		[]string{"Recruiting now", "see the party", "Weigh these recruits"})
}

func TestCheckPageInGerman(t *testing.T) {
	t.Parallel()
	inGerman(t, newApp(t), "/check?players=3&set=H2,H3,H4&set=SP%3DH5,S6", []string{"Enterkommando prüfen", "Ungültig", "Die Behauptung", "Set 3 (neu)"},
		[]string{"Not legal", "The claim", "Check again"})
}

// TestAboutFormInGerman: the About form and the play's record under the
// final scores speak German, dates and numbers written the German way.
func TestAboutFormInGerman(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id := a.createGame(t, withRecord(t))
	inGerman(t, a, "/games/"+id+"/about", []string{"<title>Über diese Partie", "Gespielt am", "Dauer in Minuten", "Bis zu 1.000 Zeichen.", "Punktetafel"},
		[]string{"Played on", "Duration in minutes", "Left empty", "Scoreboard"})
	res := a.get(t, "/games/"+id+"/final?lang=de")
	if facts, _ := testid(res.body, "play-facts"); html.UnescapeString(facts) != "01.05.2024, 20:00 · 47 Min. · =Kitchen" {
		t.Errorf("the final scores' record in German: %q", facts)
	}
}
