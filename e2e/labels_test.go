package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// labelsOverflowJS lists the table cells whose label, drawn by the
// stylesheet from data-label beside or above the figure on a phone (a
// round's ranking, the final scores' standings), is wider than the cell: the label then runs into
// the next cell's ("PremiosLogros" in Spanish at 320 px). cutLabelsJS
// reads the page's text and cannot see a label the stylesheet draws.
const labelsOverflowJS = `(() => {
	const ctx = document.createElement("canvas").getContext("2d");
	const seen = new Set();
	return Array.from(document.querySelectorAll("td[data-label]")).filter(td => {
		if (seen.has(td.dataset.label)) return false;
		const b = getComputedStyle(td, "::before");
		if (b.content === "none" || b.content === "normal" || b.display === "none" || getComputedStyle(td).display === "none") return false;
		ctx.font = [b.fontStyle, b.fontWeight, b.fontSize, b.fontFamily].join(" ");
		const s = getComputedStyle(td);
		const room = td.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
		if (ctx.measureText(td.dataset.label).width <= room + 1) return false;
		seen.add(td.dataset.label);
		return true;
	}).map(td => td.dataset.label + " (" + Math.round(ctx.measureText(td.dataset.label).width) + " px in a column of " +
		Math.round(td.clientWidth) + ")");
})()`

// TestScoreLabelsFitTheNarrowestPhone opens the final scores of a table
// of long names in every language at 320 px, the narrowest phone, where
// each player's figures are four columns under their labels: every label
// fits its column. Seen in Spanish before the labels were made to fit:
// "Premios" ran into "Logros". A round's results, whose ranking draws
// "Strength" before each player's figure, are opened the same way.
func TestScoreLabelsFitTheNarrowestPhone(t *testing.T) {
	t.Parallel()
	p := newTable(t)
	id := createGame(t, p.base, namedNight(longNames, 5, false, true))
	p.setWidth(320)
	pages := []struct{ name, path string }{{"final scores", "/final"}, {"round 5's results", "/rounds/5"}}
	for _, lang := range []string{"en", "de", "fr", "es"} {
		for _, pg := range pages {
			p.open(fmt.Sprintf("/games/%s%s?lang=%s", id, pg.path, lang), strings.ReplaceAll(pg.name, " ", "-")+"-"+lang)
			if over := eval[[]string](p, labelsOverflowJS); len(over) > 0 {
				p.errorf("%s in %s at 320 px: labels wider than their column: %s", pg.name, lang, strings.Join(over, "; "))
			}
		}
	}
	p.open("/games/"+id+"/final?lang=en", "final-en-again") // the phone's language back
}

// TestAchievementNamesStayWhole opens the final scores in every language
// with every achievement, two and three at a time, at the widths of
// phones and small tablets: no word of an achievement's name is broken
// across two lines, and nothing sticks out sideways. In columns of a
// fixed 4.4–5.6rem, "Merciless", "Vergrabener" and "Impitoyable" broke
// inside the word ("Mercile / ss") from 390 px up.
func TestAchievementNamesStayWhole(t *testing.T) {
	t.Parallel()
	p := newTable(t)
	sets := [][]string{{"richest", "merciless", "buried_treasure"}, {"mutineer", "recruiter", "commander"},
		{"shipshape", "merciless", "mutineer"}, {"buried_treasure", "commander"}}
	const played = `"achievements":["richest","merciless"]`
	var id string
	for _, set := range sets {
		game := namedNight(longNames, 5, false, true)
		if !strings.Contains(game, played) {
			t.Fatalf("the game night no longer plays %s", played)
		}
		game = strings.Replace(game, played, `"achievements":["`+strings.Join(set, `","`)+`"]`, 1)
		id = createGame(t, p.base, game)
		for _, lang := range []string{"en", "de", "fr", "es"} {
			p.setWidth(screenWidth)
			p.open(fmt.Sprintf("/games/%s/final?lang=%s", id, lang), fmt.Sprintf("final-%d-%s", len(set), lang))
			for _, width := range []int{320, 360, 390, 430, 480, 540, 672} {
				p.setWidth(width)
				split := eval[[]string](p, `Array.from(document.querySelectorAll("table.ach thead th")).flatMap(th => `+splitWordsJS+`(th))`)
				if len(split) > 0 {
					p.errorf("%s in %s at %d px: broken inside the word: %s", strings.Join(set, ", "), lang, width, strings.Join(split, ", "))
				}
				if wide := eval[float64](p, `document.documentElement.scrollWidth - innerWidth`); wide > 0 {
					p.errorf("%s in %s at %d px: the page is %.0f px wider than the screen", strings.Join(set, ", "), lang, width, wide)
				}
			}
		}
	}
	p.setWidth(screenWidth)
	p.open("/games/"+id+"/final?lang=en", "final-en-again") // the phone's language back
}
