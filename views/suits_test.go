package views_test

import (
	"strings"
	"testing"

	"ruthless/views"
)

// TestCardMarkDrawsSprite checks a card face draws its suit (and the
// Parrot) from the sprite, never as an emoji, and says it in words for
// screen readers.
func TestCardMarkDrawsSprite(t *testing.T) {
	t.Parallel()
	sprite := render(t, views.SuitSprite())
	cases := []struct {
		name, code string
		symbols    []string
		words      string
	}{
		{"a number", "K6", []string{"kraken"}, `<span class="vh"> of Kraken</span>`},
		{"a Captain", "AC", []string{"anchor"}, `<span class="vh"> of Anchor</span>`},
		{"the Parrot", "KP", []string{"parrot", "kraken"}, `<span class="vh">Parrot</span>`},
		{"a heart", "H2", []string{"heart"}, `<span class="vh"> of Heart</span>`},
		{"a skull", "X6", []string{"skull"}, `<span class="vh"> of Skull</span>`},
		{"swords", "S1", []string{"swords"}, `<span class="vh"> of Swords</span>`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := render(t, views.FaceBox(views.Face(card(c.code)), "card-"+c.code))
			for _, id := range c.symbols {
				if want := `<svg class="sym" aria-hidden="true" focusable="false"><use href="#sym-` + id + `"></use></svg>`; !strings.Contains(got, want) {
					t.Errorf("FaceBox(%s) = %s, want it to hold %s", c.code, got, want)
				}
				if want := `<symbol id="sym-` + id + `" viewBox="0 0 24 24">`; strings.Count(sprite, want) != 1 {
					t.Errorf("SuitSprite() = %s, want it to hold %s once", sprite, want)
				}
			}
			if !strings.Contains(got, c.words) {
				t.Errorf("FaceBox(%s) = %s, want it to say %s", c.code, got, c.words)
			}
			if strings.ContainsAny(got, "⚓♥🐙☠⚔🦜") {
				t.Errorf("FaceBox(%s) = %s, want no emoji", c.code, got)
			}
		})
	}
}
