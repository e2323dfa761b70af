package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// splitWordsJS lists the words of an element's text that the browser
// broke across two lines although each could have kept to one: a word
// whose characters lie on more than one line (a break after a hyphen is
// a break between words). A name written without spaces (Chinese) is left
// out: it may wrap between any two characters.
const splitWordsJS = `((el) => {
	const out = [];
	const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
	for (let n = walker.nextNode(); n; n = walker.nextNode()) {
		const re = /[^\s\u00a0·-]+-?/g;
		let m;
		while ((m = re.exec(n.data)) !== null) {
			if (!/[A-Za-z\u0400-\u04ff\u0600-\u06ff]/.test(m[0])) continue;
			const r = document.createRange();
			r.setStart(n, m.index);
			r.setEnd(n, m.index + m[0].length);
			const tops = new Set(Array.from(r.getClientRects()).filter(b => b.width > 0).map(b => Math.round(b.top)));
			if (tops.size > 1) out.push(m[0]);
		}
	}
	return out;
})`

// partyBox is where the entry's live best party lies on the first screen,
// and where Save starts.
type partyBox struct {
	Top      float64 `json:"top"`
	Bottom   float64 `json:"bottom"`
	SaveTop  float64 `json:"saveTop"`
	Screen   float64 `json:"screen"`
	Reached  bool    `json:"reached"`
	Strength string  `json:"strength"`
}

// TestEntryNarrowScreens (issue 31) opens round entries of a table whose
// players have long names (longNames) on phones 320, 360 and 390 px wide:
// the live best party of the cards tapped (R1.3) is wholly on the first
// screen and above the sticky Save bar, not under it, and the heading
// "Round 5 · name" wraps a name between its words, never inside one.
func TestEntryNarrowScreens(t *testing.T) {
	t.Parallel()
	q := newTable(t)
	open := "/games/" + createGame(t, q.base, namedNight(longNames, 5, true, false))
	cases := []struct {
		name   string
		player int
	}{
		// Bartholomew's entry is saved: it opens as it was saved.
		{"latin-saved", 0},
		// Dan's seat (Arabic) has not entered: ticked from round 4.
		{"arabic-prefilled", 3},
		{"cyrillic-saved", 1},
	}
	for _, width := range []int{320, 360, 390} {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s-%d", c.name, width), func(t *testing.T) {
				p := q.on(t)
				p.setWidth(width)
				p.open(fmt.Sprintf("%s/rounds/5/players/%d", open, c.player), fmt.Sprintf("entry-%s-%d", c.name, width))
				p.waitFor(firstPartyJS, "the live best party's first answer")
				p.screen(fmt.Sprintf("first-screen-%s-%d", c.name, width))
				box := eval[partyBox](p, `(() => { scrollTo(0, 0); const l = document.getElementById("liveparty"), r = l.getBoundingClientRect();
					const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
					return {top: r.top, bottom: r.bottom, saveTop: document.querySelector('[data-testid="save"]').getBoundingClientRect().top,
						screen: innerHeight, reached: !!hit && l.contains(hit), strength: l.querySelector(".strength").textContent}; })()`)
				if box.Top < 0 || box.Bottom > box.SaveTop+0.5 || box.Bottom > box.Screen || !box.Reached {
					p.errorf("at %d px the live best party (%s) lies at %.0f–%.0f px (drawn on top: %t), Save starts at %.0f px, the screen ends at %.0f px: want the party wholly on the first screen, over Save and under nothing",
						width, box.Strength, box.Top, box.Bottom, box.Reached, box.SaveTop, box.Screen)
				}
				split := eval[[]string](p, splitWordsJS+`(document.querySelector(".entryhead h1"))`)
				if len(split) > 0 {
					heading := strings.Join(strings.Fields(p.text("entry-player")), " ")
					p.errorf("at %d px the heading's name %q breaks inside %s, want it wrapped between words", width, heading, quoteAll(split))
				}
			})
		}
	}
}

// quoteAll writes words as a JSON list, for a failure message.
func quoteAll(words []string) string {
	b, _ := json.Marshal(words)
	return string(b)
}
