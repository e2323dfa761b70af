package views_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/a-h/templ"

	"ruthless/scoring"
	"ruthless/views"
	"ruthless/views/lang"
)

// renderIn draws c in the language of code, as a page asked for with
// ?lang=code is drawn.
func renderIn(t testing.TB, code string, c templ.Component) string {
	t.Helper()
	l, ok := lang.Find(code)
	if !ok {
		t.Fatalf("no language %q", code)
	}
	var b bytes.Buffer
	if err := c.Render(lang.With(context.Background(), l), &b); err != nil {
		t.Fatalf("render: %v", err)
	}
	return b.String()
}

// noKeyLeaked fails when a catalogue key shows on a page as itself: a
// key the code asks for that no catalogue has.
func noKeyLeaked(t *testing.T, page string) {
	t.Helper()
	for _, k := range lang.English.Keys() {
		if strings.Contains(page, k) && !strings.HasPrefix(k, "lang.") {
			t.Errorf("the page shows the key %q", k)
		}
	}
}

// pageSays fails unless page holds every one of want.
func pageSays(t *testing.T, page string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(page, w) {
			t.Errorf("the page lacks %q", w)
		}
	}
}

// TestRulesInEveryLanguage: the rules page is written in each language,
// with every rule's anchor and ID the same in all of them, so /rules#R1.6
// settles a dispute across languages.
func TestRulesInEveryLanguage(t *testing.T) {
	say := map[string][]string{
		"en": {"How scoring works", "No twins", "Fifty pirates"},
		"de": {"So wird gewertet", "Keine Zwillinge", "Enterkommando", "Pulveraffen", "Zurück zum Inhalt"},
		"fr": {"Comment on compte les points", "Pas de jumeaux", "équipage d&#39;abordage", "mousses"},
		"es": {"Cómo se puntúa", "Sin gemelos", "grupo de abordaje", "monos de pólvora"},
	}
	for code, words := range say {
		t.Run(code, func(t *testing.T) {
			page := renderIn(t, code, views.Rules())
			pageSays(t, page, words...)
			noKeyLeaked(t, page)
			for _, s := range views.RuleSections {
				for _, id := range append([]string{s.ID}, s.Rules...) {
					pageSays(t, page, `id="`+id+`"`, `href="/rules#`+id+`"`)
				}
			}
			// R1.8's cards are drawn, not written as codes.
			pageSays(t, page, `class="cardref`)
			if code != "en" && strings.Contains(page, "Worked examples") {
				t.Error("an English rule title is left on the page")
			}
		})
	}
}

// TestRuleTitleByLanguage: other pages name a rule by its title in their
// language; an ID the rules page lacks has none.
func TestRuleTitleByLanguage(t *testing.T) {
	de, _ := lang.Find("de")
	for _, tt := range []struct {
		l    lang.Lang
		id   string
		want string
	}{
		{lang.English, "R1.6", "No twins"},
		{de, "R1.6", "Keine Zwillinge"},
		{de, "R2", "Beuteplättchen"},
		{de, "R9.9", ""},
	} {
		if got := views.RuleTitle(tt.l, tt.id); got != tt.want {
			t.Errorf("RuleTitle(%s, %s) = %q, want %q", tt.l.Code(), tt.id, got, tt.want)
		}
	}
}

// TestCheckPageInGerman: the check page's labels, buckets, verdict and
// problems speak German, cards named in German, and no key leaks.
func TestCheckPageInGerman(t *testing.T) {
	de, _ := lang.Find("de")
	prob := scoring.Problem{Code: scoring.ProblemParrotSuit, Set: 1, Rule: "R1.4", Cards: []scoring.Card{card("SP"), card("H5")}}
	pv := views.ProblemView{Set: 1, Message: views.ProblemPhrase(de, prob, false), Rule: "R1.4", RuleTitle: views.RuleTitle(de, "R1.4")}
	grid := views.TapGrid{Name: "card", Prefix: "card", Rows: []views.TapRow{{Letter: "H", Name: "Heart", Cards: []views.TapCard{{CardFace: views.Face(card("H5"))}}}}}
	views.MarkClaimed(de, &grid.Rows[0].Cards[0], 1, false)
	vm := views.CheckView{
		Players: 3, Buckets: views.CheckBuckets(de, 1, false, "1"), Grid: grid,
		Sets: []views.ClaimSet{{Number: 1, Cards: []views.ClaimCard{{Face: views.Face(card("SP")), Select: "as-SP",
			Groups: views.StandsAs(de, card("SP"), nil, 3)}}, Problems: []views.ProblemView{pv}}},
		Verdict: &views.Verdict{Problems: []views.ProblemView{pv}, Best: views.PartyResult{Strength: 8}},
	}
	page := renderIn(t, "de", views.Check(vm))
	pageSays(t, page, "Enterkommando prüfen", "Ungültig", "1 Problem", "Set 2 (neu)", "Aus den Karten",
		"die beste Wahl", "Andere Farben", "Säbel-Quartiermeister", "behält seine eigene Farbe, Säbel", "steht für",
		"Das beste Enterkommando aus diesen Karten hat 8.")
	noKeyLeaked(t, page)
	for _, english := range []string{"Not legal", "stands as", "Change the claim", "Unused"} {
		if strings.Contains(page, english) {
			t.Errorf("English %q left on the German page", english)
		}
	}
}

// TestMinutesByLanguage: a duration is written the language's way.
func TestMinutesByLanguage(t *testing.T) {
	de, _ := lang.Find("de")
	for _, tt := range []struct {
		l    lang.Lang
		n    int
		want string
	}{
		{lang.English, 0, ""}, {lang.English, 45, "45 min"}, {lang.English, 60, "1 h"}, {lang.English, 125, "2 h 05 min"},
		{de, 45, "45 Min."}, {de, 120, "2 Std."}, {de, 125, "2 Std. 05 Min."},
	} {
		if got := views.Minutes(tt.l, tt.n); got != tt.want {
			t.Errorf("Minutes(%s, %d) = %q, want %q", tt.l.Code(), tt.n, got, tt.want)
		}
	}
}

// TestProblemSummaryInGerman: a refused save's summary names its fields
// in German and counts the problems in German.
func TestProblemSummaryInGerman(t *testing.T) {
	page := renderIn(t, "de", views.ProblemSummary(views.Errors{"coins": "zu viele", "pool": "doppelt"}))
	pageSays(t, page, "Nicht gespeichert: Folgendes ist zu korrigieren", "<b>Dublonen:</b>", "<b>Deine Piraten:</b>")
	noKeyLeaked(t, page)
	one := renderIn(t, "de", views.ProblemSummary(views.Errors{"form": "kaputt"}))
	pageSays(t, one, "Nicht gespeichert: eine Sache ist zu korrigieren")
}
