package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// labelsOverflowJS lists the table cells whose label, drawn by the
// stylesheet from data-label above the figure on a phone (the final
// scores' standings), is wider than the cell: the label then runs into
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
// "Premios" ran into "Logros".
func TestScoreLabelsFitTheNarrowestPhone(t *testing.T) {
	t.Parallel()
	p := newTable(t)
	id := createGame(t, p.base, namedNight(longNames, 5, false, true))
	p.setWidth(320)
	for _, lang := range []string{"en", "de", "fr", "es"} {
		p.open(fmt.Sprintf("/games/%s/final?lang=%s", id, lang), "final-"+lang)
		if over := eval[[]string](p, labelsOverflowJS); len(over) > 0 {
			p.errorf("final scores in %s at 320 px: labels wider than their column: %s", lang, strings.Join(over, "; "))
		}
	}
	p.open("/games/"+id+"/final?lang=en", "final-en-again") // the phone's language back
}
