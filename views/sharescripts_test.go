//go:build !noshareimage

package views

import (
	"image"
	"testing"
	"unicode"
)

// TestShareImageDrawsEveryScript (issue 31) draws a card whose players
// write their names in Chinese, Cyrillic, Greek and Arabic and checks that
// each name is drawn as given (not replaced), that every character of it
// has a glyph in some font of the image (no .notdef boxes), and that ink
// lands in its row. The fonts for Chinese and Arabic come from the machine
// (`make deps` installs Debian's fonts-noto-cjk and fonts-noto-core).
func TestShareImageDrawsEveryScript(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		player string
	}{
		{"Chinese", "李小龍的海盜船長"},
		{"Cyrillic", "Анастасия Кузнецова-Воронцова"},
		{"Greek", "Αλέξανδρος Παπαδόπουλος"},
		{"Arabic", "عبد الرحمن بن عوف القرشي"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			card := ShareImage{Headline: tc.player + " wins", Subline: "with 30 NP · Ruthless, 2 players", Date: "27 November 2026",
				Rows: []ShareRow{{Place: "1st", Name: tc.player, NP: 30, Seat: 0, Won: true}, {Place: "2nd", Name: "Ann", NP: 20, Seat: 1}}}
			img, runs, err := DrawShareImage(card)
			if err != nil {
				t.Fatalf("DrawShareImage: %v", err)
			}
			face, err := shareFace(true, 44)
			if err != nil {
				t.Fatal(err)
			}
			defer face.Close()
			for _, purpose := range []string{"name", "headline"} {
				row := 0
				if purpose == "headline" {
					row = -1
				}
				run := runFor(t, runs, purpose, row)
				want := visualOrder(tc.player)
				if purpose == "headline" {
					want = visualOrder(tc.player + " wins")
				}
				if run.Text != want {
					t.Errorf("%s drawn as %q, want %q", purpose, run.Text, want)
				}
				var missing []string
				for _, r := range run.Text {
					if unicode.IsSpace(r) {
						continue
					}
					if _, ok := face.pick(r); !ok {
						missing = append(missing, string(r))
					}
				}
				if len(missing) > 0 {
					t.Errorf("%s: no font has a glyph for %q: they would be boxes", purpose, missing)
				}
				if ink := inkIn(img, run.Bounds, run.Bg); ink < 50 {
					t.Errorf("%s: %d pixels of ink in %v, want the name drawn", purpose, ink, run.Bounds)
				}
			}
		})
	}
}

// TestShareImageNeverDrawsBoxes checks the last resort: a name with a
// character no font has (a private-use one) is drawn as its seat, in the
// row and in the headline, never as boxes.
func TestShareImageNeverDrawsBoxes(t *testing.T) {
	t.Parallel()
	odd := "Captain \U000F0041"
	card := ShareImage{Headline: odd + " wins", Subline: "with 30 NP", Date: "today",
		Rows: []ShareRow{{Place: "1st", Name: odd, NP: 30, Seat: 2, Won: true}}}
	_, runs, err := DrawShareImage(card)
	if err != nil {
		t.Fatalf("DrawShareImage: %v", err)
	}
	if got, want := runFor(t, runs, "name", 0).Text, "Player 3"; got != want {
		t.Errorf("name drawn as %q, want %q", got, want)
	}
	if got, want := runFor(t, runs, "headline", -1).Text, "Player 3 wins"; got != want {
		t.Errorf("headline drawn as %q, want %q", got, want)
	}
}

// TestVisualOrder checks the shaping of a right-to-left name: letters take
// their joined forms and the order is reversed, Latin runs inside kept.
func TestVisualOrder(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"latin untouched", "Ann Bonny", "Ann Bonny"},
		{"chinese untouched", "李小龍", "李小龍"},
		// بن: Beh initial (FE91) then Noon final (FEE6), drawn right to left.
		{"two joined letters", "بن", "\uFEE6\uFE91"},
		// Beh joins Dal; Dal never joins the letter after it, so Reh stands alone.
		{"a right-joining letter", "بدر", "\uFEAD\uFEAA\uFE91"},
		{"lam alef", "لا", "\uFEFB"},
		{"latin run kept", "علي 2", "2 \uFEF2\uFEE0\uFECB"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := visualOrder(tc.in); got != tc.want {
				t.Errorf("visualOrder(%q) = %+q, want %+q", tc.in, got, tc.want)
			}
		})
	}
}

// inkIn counts the pixels of r that are not bg.
func inkIn(img *image.RGBA, r image.Rectangle, bg interface{ RGBA() (r, g, b, a uint32) }) int {
	br, bgg, bb, _ := bg.RGBA()
	n := 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			pr, pg, pb, _ := img.At(x, y).RGBA()
			if pr != br || pg != bgg || pb != bb {
				n++
			}
		}
	}
	return n
}
