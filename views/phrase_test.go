package views_test

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"ruthless/scoring"
	"ruthless/views"
)

// TestPhrasef checks a phrase built from its parts: cards given as
// arguments become drawn cards (a list of cards, each one, spaced), every
// other argument is formatted as fmt would, and Codes writes the cards
// back as their codes.
func TestPhrasef(t *testing.T) {
	t.Parallel()
	card := func(code string) scoring.Card {
		c, err := scoring.ParseCard(code)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	cases := []struct {
		name   string
		phrase views.Phrase
		words  string // the phrase in words
		codes  string // the phrase with codes
		cards  int
	}{
		{"one card", views.Phrasef("card %s given twice", card("H2")), "card 2 of Heart given twice", "card H2 given twice", 1},
		{"a list of cards", views.Phrasef("set %s is no group", []scoring.Card{card("H2"), card("A7")}),
			"set 2 of Heart 7 of Anchor is no group", "set H2 A7 is no group", 2},
		{"R1.4 R1.5 a Parrot and a Captain with its power", views.Phrasef("%s stands as %s. %s stands as %s.", card("SP"), card("S5"), card("SC*"), card("A7")),
			"Parrot of Swords stands as 5 of Swords. C of Swords* stands as 7 of Anchor.", "SP stands as S5. SC* stands as A7.", 4},
		{"numbers and text stay text", views.Phrasef("best is %d, %d less, see %s", 12, 4, "R1.2"), "best is 12, 4 less, see R1.2", "best is 12, 4 less, see R1.2", 0},
		{"a code in the text stays text", views.Phrasef("A10 and %s", card("K5")), "A10 and 5 of Kraken", "A10 and K5", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.phrase.String(); got != c.words {
				t.Errorf("String() = %q, want %q", got, c.words)
			}
			if got := c.phrase.Codes(); got != c.codes {
				t.Errorf("Codes() = %q, want %q", got, c.codes)
			}
			n := 0
			for _, part := range c.phrase {
				if part.Rank != "" {
					n++
				}
			}
			if n != c.cards {
				t.Errorf("%d cards, want %d", n, c.cards)
			}
		})
	}
}

// TestSentenceDrawsCards checks a Phrase on the page: each card drawn from
// the sprite in its suit's colour with its name for screen readers, its
// text escaped, no space put between the pieces, and the text a screen
// reader hears the same as the phrase in words.
func TestSentenceDrawsCards(t *testing.T) {
	t.Parallel()
	sc, _ := scoring.ParseCard("SC*")
	kp, _ := scoring.ParseCard("KP")
	p := views.Phrasef("Putting %s to use <b>now</b>: %s.", sc, kp)
	got := render(t, views.Sentence(p))
	for _, want := range []string{
		`Putting <span class="cardref sS">C<svg class="sym" aria-hidden="true" focusable="false"><use href="`,
		`#sym-swords"></use></svg><span class="vh"> of Swords</span></span>* to use &lt;b&gt;now&lt;/b&gt;: <span class="cardref sK">`,
		`#sym-parrot"></use></svg><span class="vh">Parrot</span>`,
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
	t.Parallel()
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
