package views_test

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"ruthless/views"
)

// TestPhraseOf checks which codes in a sentence become cards: codes of
// real cards, with the quotes of scoring's messages dropped, and the
// Captain's power mark kept; nothing else (rule IDs, unknown codes,
// longer words).
func TestPhraseOf(t *testing.T) {
	cases := []struct {
		name, msg string
		words     string // the phrase in words
		cards     int
	}{
		{"a quoted code", `card "H2" given twice`, "card 2 of Heart given twice", 1},
		{"bare codes", "set H2 A7 is no group", "set 2 of Heart 7 of Anchor is no group", 2},
		{"a Parrot and a Captain with its power", "SP stands as S5. SC* stands as A7.", "Parrot of Swords stands as 5 of Swords. C of Swords* stands as 7 of Anchor.", 4},
		{"no cards", `unknown card "Z9" in R1.2, see A10 and HAT`, `unknown card "Z9" in R1.2, see A10 and HAT`, 0},
		{"a code at each end", "K5 beats X1", "5 of Kraken beats 1 of Skull", 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := views.PhraseOf(c.msg)
			if got := p.String(); got != c.words {
				t.Errorf("PhraseOf(%q).String() = %q, want %q", c.msg, got, c.words)
			}
			n := 0
			for _, part := range p {
				if part.Rank != "" {
					n++
				}
			}
			if n != c.cards {
				t.Errorf("PhraseOf(%q) has %d cards, want %d", c.msg, n, c.cards)
			}
		})
	}
}

// TestSentenceDrawsCards checks a Phrase on the page: each card drawn from
// the sprite in its suit's colour with its name for screen readers, its
// text escaped, no space put between the pieces, and the text a screen
// reader hears the same as the phrase in words.
func TestSentenceDrawsCards(t *testing.T) {
	p := views.PhraseOf(`Putting SC* to use <b>now</b>: "KP".`)
	got := render(t, views.Sentence(p))
	for _, want := range []string{
		`Putting <span class="cardref sS">C<svg class="sym" aria-hidden="true" focusable="false"><use href="`,
		`#swords"></use></svg><span class="vh"> of Swords</span></span>* to use &lt;b&gt;now&lt;/b&gt;: <span class="cardref sK">`,
		`#parrot"></use></svg><span class="vh">Parrot</span>`,
		`<span class="vh"> of Kraken</span></span>.`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Sentence = %s\nwant it to hold %s", got, want)
		}
	}
	if strings.ContainsAny(got, "⚓♥🐙☠⚔🦜") {
		t.Errorf("Sentence = %s, want no emoji", got)
	}
	heard := html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(got, ""))
	if want := "Putting C of Swords* to use <b>now</b>: Parrot of Kraken."; heard != want || p.String() != want {
		t.Errorf("a screen reader hears %q and the phrase in words is %q, want both %q", heard, p.String(), want)
	}
}

// TestSuitSymbolBesideItsName checks a symbol drawn after the word naming
// it (the rules page's "Kraken 🐙") is hidden from screen readers, which
// hear the word once, and takes its suit's colour.
func TestSuitSymbolBesideItsName(t *testing.T) {
	got := render(t, views.Sentence(views.Phrase{{Text: "Kraken "}, {Icon: "kraken", Suit: "K"}, {Text: " and the Parrot "}, {Icon: "parrot"}}))
	for _, want := range []string{
		`Kraken <span class="cardref sK"><svg class="sym" aria-hidden="true"`,
		` and the Parrot <span class="cardref"><svg class="sym" aria-hidden="true"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Sentence = %s\nwant it to hold %s", got, want)
		}
	}
	if strings.Contains(got, `class="vh"`) {
		t.Errorf("Sentence = %s: a symbol beside its name says it again to screen readers", got)
	}
}
